// No other block size is recommended for a kernel whose __shared__ tile's
// extent assumes the block size, even launched with a poor one (32 threads,
// where a bounds-checked kernel without the tile gets a recommendation).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: no-recommend-shared-tile.cu:[[# @LINE + 29]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads
// CHECK-NOT: note: recommended
// CHECK: no-recommend-shared-tile.cu:[[# @LINE + 28]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads
// CHECK: no-recommend-shared-tile.cu:[[# @LINE + 27]]:3: note: recommended
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY: no-recommend-shared-tile.cu:[[# @LINE + 22]]:3: note: no other block size considered: the kernel uses __shared__ arrays
#include <cuda_runtime.h>

#define TILE 32

__global__ void shift(const float *in, float *out, int n) {
  __shared__ float tile[TILE];
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    tile[threadIdx.x] = in[i];
  if (i < n)
    out[i] = tile[(threadIdx.x + 1) % TILE];
}

__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

void run(const float *in, float *out) {
  const int n = 1 << 20;
  shift<<<(n + TILE - 1) / TILE, TILE>>>(in, out, n); // @tiled
  copy<<<(n + TILE - 1) / TILE, TILE>>>(in, out, n); // @plain
}
