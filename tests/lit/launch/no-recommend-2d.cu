// No other (1-D) block size is recommended for a kernel that uses
// threadIdx.y with a 2-D block, however small the block.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: no-recommend-2d.cu:[[# @LINE + 19]]:3: remark: predicted {{.*}}: 16384 blocks of 64 (8x8) threads
// CHECK-NOT: recommended
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY: no-recommend-2d.cu:[[# @LINE + 14]]:3: note: no other block size considered: the block is not 1-D
#include <cuda_runtime.h>

__global__ void add2d(float *a, const float *b, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    a[y * w + x] += b[y * w + x];
}

void run(float *a, const float *b) {
  const int w = 1024, h = 1024;
  dim3 block(8, 8);
  dim3 grid(w / 8, h / 8);
  add2d<<<grid, block>>>(a, b, w, h); // @twod
}
