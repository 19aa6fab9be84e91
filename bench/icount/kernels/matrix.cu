// Transposes and matrix products.
#include <cuda_runtime.h>

#define TILE 16

__global__ void transpose_naive(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n) out[x * n + y] = in[y * n + x];
}

__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void matmul_naive(const float *a, const float *b, float *c, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float s = 0.0f;
    for (int k = 0; k < n; ++k) s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
  }
}

// Shared-memory tiled matmul; n is a multiple of TILE.
__global__ void matmul_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float s = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    as[ty][tx] = a[row * n + t * TILE + tx];
    bs[ty][tx] = b[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) s += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[row * n + col] = s;
}

// Matrix-vector product, one row per thread.
__global__ void matvec(const float *m, const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) s += m[r * cols + c] * x[c];
    y[r] = s;
  }
}

void run(float *a, float *b, float *c) {
  transpose_naive<<<dim3(64, 64), dim3(16, 16)>>>(a, b, 1024);
  transpose_tiled<<<dim3(64, 64), dim3(TILE, TILE)>>>(a, b, 1024);
  matmul_naive<<<dim3(32, 32), dim3(16, 16)>>>(a, b, c, 512);
  matmul_tiled<<<dim3(32, 32), dim3(TILE, TILE)>>>(a, b, c, 512);
  matvec<<<16, 256>>>(a, b, c, 4096, 1000);
}
