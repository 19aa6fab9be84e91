// No other block size is recommended for a __syncthreads-based reduction
// over blockDim, launched with a poor block size.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: no-recommend-reduction.cu:[[# @LINE + 33]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads
// CHECK-NOT: recommended
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY: no-recommend-reduction.cu:[[# @LINE + 28]]:3: note: no other block size considered: the kernel uses __shared__ arrays
// WHY: no-recommend-reduction.cu:[[# @LINE + 28]]:3: note: no other block size considered: the kernel synchronises its block (__syncthreads)
#include <cuda_runtime.h>

__global__ void block_sum(const float *in, float *out, int n) {
  extern __shared__ float s[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

__global__ void sync_only(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n)
    x[i] = v * 2.0f;
}

void run(const float *in, float *out, float *x) {
  const int n = 1 << 20;
  block_sum<<<(n + 31) / 32, 32, 32 * sizeof(float)>>>(in, out, n); // @red
  sync_only<<<(n + 31) / 32, 32>>>(x, n); // @sync
}
