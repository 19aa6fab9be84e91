// A parameter defined in a header of the file's directory is searched in a
// copy of that header.  A launch whose problem size is not known is compared
// at its statement's largest size, between values that launch the same work:
// a tile of 64 threads makes 2^18 blocks, which wait on their dispatch.
// REQUIRES: cuda
// RUN: kperf tune %s --tune ROW_TILE=32,256 | FileCheck %s
//
// CHECK: header-macro.cu:[[# @LINE + 17]]:3 rowsum: {{[0-9.]+ (us|ms)}} at n = 2^24 at the file's values (ROW_TILE=64)
// CHECK-NEXT: ROW_TILE=32: {{[0-9.]+ (us|ms)}} at n = 2^24
// CHECK-NEXT: ROW_TILE=256: {{[0-9.]+ (us|ms)}} at n = 2^24
// CHECK-NEXT: recommended: ROW_TILE 64 -> 256
#include <cuda_runtime.h>
#include "tile.h"

__global__ void rowsum(const float *a, float *out, int n) {
  __shared__ float s[ROW_TILE];
  int i = blockIdx.x * ROW_TILE + threadIdx.x;
  s[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0] + s[ROW_TILE - 1];
}

void run(const float *a, float *out, int n) {
  rowsum<<<(n + ROW_TILE - 1) / ROW_TILE, ROW_TILE>>>(a, out, n);
}
