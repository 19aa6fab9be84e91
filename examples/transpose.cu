// Matrix transpose, three ways: the classic study of global-memory coalescing
// and shared-memory bank conflicts.
#include <cuda_runtime.h>

#define TILE 32

// Reads rows, writes columns: the store is uncoalesced.
__global__ void transpose_naive(float *out, const float *in, int n) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}

// Through a shared tile: both global accesses are coalesced, but the tile is
// read down a column: 32 threads of a warp hit the same bank.
__global__ void transpose_tiled(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// The same with one padding column: conflict-free.
__global__ void transpose_padded(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// kperf predicts each launch's time once it knows the sizes: here, for a
// 4096 x 4096 matrix.  (Without the plugin, -Wno-unknown-pragmas.)
#pragma kperf assume(n = 4096)

void transpose_all(float *out, const float *in, int n) {
  dim3 block(TILE, TILE);
  dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  transpose_naive<<<grid, block>>>(out, in, n);
  transpose_tiled<<<grid, block>>>(out, in, n);
  transpose_padded<<<grid, block>>>(out, in, n);
}
