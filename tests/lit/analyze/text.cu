// kperf analyze's text summary: per kernel its place, parameters, where its
// formulas were evaluated and its shared memory; then the launches.  Clang
// arguments after '--' reach clang; an arch given there replaces sm_90.
// REQUIRES: cuda
// RUN: kperf analyze %s --arg n=4096 -- -DTILE=32 --cuda-gpu-arch=sm_75 2>&1 | FileCheck %s
// CHECK: {{.*}}text.cu: analysed for GPU t4
// CHECK-NEXT: assumptions: n=4096
// CHECK-EMPTY:
// CHECK-NEXT: kernel transpose at {{.*}}text.cu:[[# @LINE + 20]]:17
// CHECK-NEXT: parameters: float *out, const float *in, int n
// CHECK-NEXT: evaluated at the launch at {{.*}}text.cu:[[# @LINE + 33]]:3 with
// CHECK-SAME: blockDim.x=32
// CHECK-SAME: gridDim.x=128
// CHECK-SAME: n=4096
// CHECK: shared memory per block: {{[0-9]+}} B static, 0 B dynamic
// CHECK: kernel unlaunched at {{.*}}text.cu:[[# @LINE + 25]]:17
// CHECK-NEXT: parameters: int *flag
// CHECK-NEXT: evaluated for thread 0 of block 0 (no launch with known sizes) with n=4096
// CHECK: launches:
// CHECK-NEXT: text.cu:[[# @LINE + 24]]:3: transpose<<<(128, 128, 1), (32, 8, 1)>>>
// CHECK-NEXT: text.cu:[[# @LINE + 24]]:3: transpose<<<(n / TILE, n / TILE, 1), (32, 8, 1), 0, s>>>
// CHECK-NOT: <<<
#include <cuda_runtime.h>

#ifndef TILE
#error TILE is given after '--'
#endif

__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void unlaunched(int *flag) { *flag = 1; }

void run(float *out, const float *in, int n, cudaStream_t s) {
  transpose<<<dim3(4096 / TILE, 4096 / TILE), dim3(TILE, 8)>>>(out, in, 4096);
  transpose<<<dim3(n / TILE, n / TILE), dim3(TILE, 8), 0, s>>>(out, in, n);
}
