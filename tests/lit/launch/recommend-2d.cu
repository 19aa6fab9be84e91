// A 2-D kernel bounds-checked in x and y, launched with a grid that covers
// w x h, gets 2-D candidates: each shape's coalescing is judged for that
// shape.  Here y is the contiguous dimension (a[x * h + y]), so a 32x32
// block makes every warp touch 32 rows; a narrower block (8 wide) touches 8
// and is recommended, with its grid in the source's terms.  A launch that
// folds to constants is recommended alike.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: recommend-2d.cu:[[# @LINE + 20]]:3: remark: predicted {{.*}}: 16384 blocks of 1024 (32x32) threads
// CHECK: recommend-2d.cu:[[# @LINE + 19]]:3: note: recommended <<<dim3(ceil(w/8), ceil(h/{{[0-9]+}})), dim3(8, {{[0-9]+}})>>> (predicted {{.*}} vs {{.*}})
// CHECK: recommend-2d.cu:[[# @LINE + 19]]:3: note: recommended <<<dim3(ceil(W/8), ceil(H/{{[0-9]+}})), dim3(8, {{[0-9]+}})>>>
#include <cuda_runtime.h>

#define W 4096
#define H 4096

__global__ void col2d(float *a, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    a[x * h + y] *= 2.0f;
}

#pragma kperf assume(w = 4096, h = 4096)

void run(float *a, int w, int h) {
  dim3 block(32, 32);
  dim3 grid((w + 31) / 32, (h + 31) / 32);
  col2d<<<grid, block>>>(a, w, h);                                        // @symbolic
  col2d<<<dim3((W + 31) / 32, (H + 31) / 32), dim3(32, 32)>>>(a, W, H);   // @folded
}
