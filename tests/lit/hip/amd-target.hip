// A HIP file analysed for an AMD GPU: the launch is predicted with the GPU's
// wavefronts (64 on CDNA 2) and compute units, the checks judge wavefronts
// by the GPU's rules (amd-checks.hip), and no other launch is searched.
// REQUIRES: hip
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
#include <hip/hip_runtime.h>

__global__ void columns(float *a, int n) {
  __shared__ float s[64][32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x % 64][0] = a[i]; // expected-warning {{32-way shared-memory bank conflict on 's': lanes 0-31 all hit bank 0 at 32 different addresses}}
  __syncthreads();
  if (i < n)
    a[i * 2] = s[0][threadIdx.x % 32]; // expected-warning {{each wavefront request touches 8 64-byte cache lines where 4 would do}}
}

int main() {
  float *a;
  hipLaunchKernelGGL(columns, dim3(1024), dim3(64), 0, 0, a, 1 << 16);
  // CHECK: amd-target.hip:[[@LINE-1]]:3: remark: predicted {{.*}} on mi250x (bn model): 1024 blocks of 64 threads
  // CHECK: note: uncoalesced requests add 50% to the global traffic per thread
  // CHECK: note: bank conflicts replay 31 shared-memory accesses per thread
  // CHECK: note: no other block size considered: kperf does not search launches for AMD GPUs (mi250x)
  // CHECK: note: model notes: AMD gfx90a: wavefronts of 64 threads, an SM is a CU; coalescing by 64-byte vector L1 lines, LDS bank conflicts per half-wavefront
}
