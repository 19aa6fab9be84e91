// A thread-dependent loop condition is evaluated while the frames of the
// enclosing loops are referenced: nested loops whose counters start at
// thread and block ids, bounded by parameters (the shape of a Monte Carlo
// path loop).  The plugin once read a freed frame here and corrupted the
// heap; the compile must succeed, and the kernels' findings still come.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: frames-realloc.cu:[[# @LINE + 18]]:{{[0-9]+}}: warning: {{.*}}[kperf-uncoalesced]
// CHECK-NOT: error
#include <cuda_runtime.h>

__global__ void paths(const float *opt, float *out, float *sums, int pathN, int optionN) {
  __shared__ float acc[256];
  for (int o = blockIdx.x; o < optionN; o += gridDim.x) {
    float s0 = opt[o];
    for (int k = threadIdx.x; k < 256; k += blockDim.x) {
      float s = 0;
#pragma unroll 8
      for (int i = k; i < pathN - threadIdx.x; i += 256)
        for (int j = threadIdx.y; j < pathN - i; j += 4)
          s += s0 * i + j;
      acc[k] = s;
    }
    __syncthreads();
    out[o] = acc[0];
    sums[threadIdx.x * 64 + o] = acc[threadIdx.x];
  }
}

void run(const float *opt, float *out, float *sums, int pathN, int optionN) {
  paths<<<64, 256>>>(opt, out, sums, pathN, optionN);
}
