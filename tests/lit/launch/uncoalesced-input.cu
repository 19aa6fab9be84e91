// Uncoalesced traffic feeds the model: a strided copy is predicted slower
// than a coalesced one of the same launch, and the remark says how much
// traffic the uncoalesced requests add.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: uncoalesced-input.cu:[[# @LINE + 24]]:3: remark: predicted
// CHECK-NOT: uncoalesced requests add
// CHECK: uncoalesced-input.cu:[[# @LINE + 23]]:3: remark: predicted {{.*}} bound by uncoalesced
// CHECK: uncoalesced-input.cu:[[# @LINE + 22]]:3: note: uncoalesced requests add {{[1-9][0-9]*}}% to the global traffic per thread beyond what coalesced ones would move (1 access); the model counts it
//
// RUN: kperf predict %s --kernel strided --grid 4096 --block 256 --gpu h100 --db %kperf_db --json \
// RUN:   | FileCheck --check-prefix=JSON %s
// JSON: "uncoalesced_bytes_per_thread": {{[1-9]}}
// RUN: kperf predict %s --kernel coalesced --grid 4096 --block 256 --gpu h100 --db %kperf_db --json \
// RUN:   | FileCheck --check-prefix=JSONC %s
// JSONC: "uncoalesced_bytes_per_thread": 0,
#include <cuda_runtime.h>

__global__ void coalesced(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i];
}

__global__ void strided(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[32 * i];
}

void run(const float *a, float *b) {
  coalesced<<<4096, 256>>>(a, b); // @coal
  strided<<<4096, 256>>>(a, b); // @strided
}
