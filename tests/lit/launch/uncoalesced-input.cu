// Uncoalesced traffic feeds the model: a strided copy is predicted slower
// than a coalesced one of the same launch, and the remark says how much
// traffic the uncoalesced requests add.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: uncoalesced-input.cu:[[# @LINE + 31]]:3: remark: predicted
// CHECK-NOT: uncoalesced requests add
// CHECK: uncoalesced-input.cu:[[# @LINE + 30]]:3: remark: predicted {{.*}} bound by {{dram|l2}}
// CHECK: uncoalesced-input.cu:[[# @LINE + 29]]:3: note: uncoalesced requests add {{[1-9][0-9]*}}% to the global traffic per thread beyond what coalesced ones would move (1 access); the model counts it
//
// Model 000 names uncoalesced traffic as its own limit.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-model=kp 2>&1 | FileCheck --check-prefix=KP %s
// KP: uncoalesced-input.cu:[[# @LINE + 24]]:3: remark: predicted {{.*}} (kp model){{.*}} bound by uncoalesced
//
// RUN: kperf predict %s --kernel strided --grid 4096 --block 256 --gpu h100 --db %kperf_db --json > %t.s.json
// RUN: kperf predict %s --kernel coalesced --grid 4096 --block 256 --gpu h100 --db %kperf_db --json > %t.c.json
// RUN: python3 -c "import json,sys; s=json.load(open(sys.argv[1])); c=json.load(open(sys.argv[2])); \
// RUN:   assert s['predicted_us'] > 1.5 * c['predicted_us'], (s['predicted_us'], c['predicted_us']); \
// RUN:   print('slower', s['breakdown']['uncoalesced_bytes_per_thread'] > 0, \
// RUN:         c['breakdown']['uncoalesced_bytes_per_thread'])" %t.s.json %t.c.json \
// RUN:   | FileCheck --check-prefix=JSON %s
// JSON: slower True 0
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
