// A HIP file analysed for an AMD GPU: the launch is predicted with the GPU's
// wavefronts (64 on CDNA 2) and compute units; the checks, whose rules are
// NVIDIA's, say nothing, and no other launch is searched.
// REQUIRES: hip
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// expected-no-diagnostics
#include <hip/hip_runtime.h>

// Strided and conflicting: warnings on an NVIDIA GPU (checks.hip), none here.
__global__ void columns(float *a, int n) {
  __shared__ float s[64][32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x % 64][0] = a[i];
  __syncthreads();
  if (i < n)
    a[i * 2] = s[0][threadIdx.x % 32];
}

int main() {
  float *a;
  hipLaunchKernelGGL(columns, dim3(1024), dim3(64), 0, 0, a, 1 << 16);
  // CHECK-NOT: warning:
  // CHECK: amd-target.hip:[[@LINE-2]]:3: remark: predicted {{.*}} on mi250x (bn model): 1024 blocks of 64 threads
  // CHECK: note: no other block size considered: kperf does not search launches for AMD GPUs (mi250x)
  // CHECK: note: model notes: AMD gfx90a: wavefronts of 64 threads, an SM is a CU; coalescing and LDS bank conflicts are not modelled
}
