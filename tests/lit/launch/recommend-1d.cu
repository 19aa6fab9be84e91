// A 1-D kernel with a bounds check launched with a poor block size (32
// threads: an H100 SM holds at most 32 blocks, so half its warps stay idle):
// kperf-launch recommends a better one and recomputes the grid from the
// problem size of (n + b - 1) / b.  A grid-stride kernel keeps its grid.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: recommend-1d.cu:[[# @LINE + 23]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads, occupancy 50% (limited by blocks)
// CHECK: recommend-1d.cu:[[# @LINE + 22]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{(64|128|256|512|1024)}}>>> (predicted {{[0-9.]+}} {{us|ms}} vs {{[0-9.]+}} {{us|ms}})
// CHECK: recommend-1d.cu:[[# @LINE + 22]]:3: remark: predicted {{.*}}: 4096 blocks of 256 threads
// CHECK-NOT: recommend-1d.cu:[[# @LINE + 21]]:3: note: recommended
// CHECK: recommend-1d.cu:[[# @LINE + 21]]:3: remark: predicted {{.*}}: 66 blocks of 32 threads
// CHECK: recommend-1d.cu:[[# @LINE + 20]]:3: note: recommended <<<66, {{[0-9]+}}>>>
#include <cuda_runtime.h>

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

__global__ void scale_gs(float *x, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = x[i] * s;
}

#pragma kperf assume(n = 1 << 20)

void run(float *x, int n) {
  int b = 32;
  scale<<<(n + b - 1) / b, b>>>(x, 2.0f, n); // @a
  scale<<<(n + 255) / 256, 256>>>(x, 2.0f, 1 << 23); // @b
  scale_gs<<<66, 32>>>(x, 2.0f, n); // @c
}
