// Real workloads for the accuracy benchmark (bench/accuracy/corpus.json lists
// each with its launch configurations).  Tunables are macros so that one
// source gives several configurations: compile with -DTILE=... etc.
#include <cuda_runtime.h>

#ifndef TILE
#define TILE 16
#endif
#ifndef COARSE
#define COARSE 1  // matmul: outputs per thread along y (block TILE x TILE/COARSE)
#endif
#ifndef ROWS
#define ROWS 8  // transpose: block TILE x ROWS, TILE/ROWS elements per thread
#endif
#ifndef BX
#define BX 32
#endif
#ifndef BY
#define BY 8
#endif
#ifndef NBINS
#define NBINS 256
#endif

// Shared-memory tiled matmul, n a multiple of TILE; each thread computes
// COARSE outputs of one column.
__global__ void matmul_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * TILE + tx;
  int row0 = blockIdx.y * TILE + ty;
  float s[COARSE];
#pragma unroll
  for (int k = 0; k < COARSE; ++k) s[k] = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
#pragma unroll
    for (int k = 0; k < COARSE; ++k) {
      int r = ty + k * (TILE / COARSE);
      as[r][tx] = a[(blockIdx.y * TILE + r) * n + t * TILE + tx];
      bs[r][tx] = b[(t * TILE + r) * n + col];
    }
    __syncthreads();
    for (int j = 0; j < TILE; ++j) {
      float bv = bs[j][tx];
#pragma unroll
      for (int k = 0; k < COARSE; ++k) s[k] += as[ty + k * (TILE / COARSE)][j] * bv;
    }
    __syncthreads();
  }
#pragma unroll
  for (int k = 0; k < COARSE; ++k) c[(row0 + k * (TILE / COARSE)) * n + col] = s[k];
}

// Tiled transpose through padded shared memory; block TILE x ROWS.
__global__ void transpose_tile(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < n && y + j < n) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < n && y + j < n) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// 5-point 2D stencil with a BX x BY tile and its halo in shared memory.
__global__ void stencil2d_smem(const float *in, float *out, int nx, int ny) {
  __shared__ float t[BY + 2][BX + 2];
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
  bool in_ = x < nx && y < ny;
  t[ly][lx] = in_ ? in[y * nx + x] : 0.0f;
  if (threadIdx.x == 0) t[ly][0] = in_ && x > 0 ? in[y * nx + x - 1] : 0.0f;
  if (threadIdx.x == BX - 1) t[ly][BX + 1] = y < ny && x + 1 < nx ? in[y * nx + x + 1] : 0.0f;
  if (threadIdx.y == 0) t[0][lx] = x < nx && y > 0 ? in[(y - 1) * nx + x] : 0.0f;
  if (threadIdx.y == BY - 1) t[BY + 1][lx] = x < nx && y + 1 < ny ? in[(y + 1) * nx + x] : 0.0f;
  __syncthreads();
  if (in_)
    out[y * nx + x] = 0.2f * (t[ly][lx] + t[ly][lx - 1] + t[ly][lx + 1] + t[ly - 1][lx] + t[ly + 1][lx]);
}

// 7-point 3D stencil, one thread per point; grid (nx/bx, ny/by, nz).
__global__ void stencil3d_7pt(const float *in, float *out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  size_t p = ((size_t)z * ny + y) * nx + x, sxy = (size_t)nx * ny;
  out[p] = 0.4f * in[p] + 0.1f * (in[p - 1] + in[p + 1] + in[p - nx] + in[p + nx] + in[p - sxy] +
                                  in[p + sxy]);
}

// Grid-stride sum: warp shuffles, one atomic per warp.
__global__ void reduce_warp_atomic(const float *in, float *out, int n) {
  float s = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) s += in[i];
  for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}

// Hillis-Steele block scan in dynamic shared memory (2 * blockDim.x floats).
__global__ void scan_block_dyn(const float *in, float *out, int n) {
  extern __shared__ float buf[];
  int tid = threadIdx.x, nb = blockDim.x;
  int i = blockIdx.x * nb + tid;
  int pout = 0, pin = 1;
  buf[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < nb; off *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    float v = buf[pin * nb + tid];
    if (tid >= off) v += buf[pin * nb + tid - off];
    buf[pout * nb + tid] = v;
    __syncthreads();
  }
  if (i < n) out[i] = buf[pout * nb + tid];
}

// Histogram with one private histogram per warp in dynamic shared memory
// ((blockDim.x / 32) * NBINS counters).
__global__ void hist_warp_private(const unsigned char *in, unsigned *hist, int n) {
  extern __shared__ unsigned h[];
  int warps = blockDim.x / 32, w = threadIdx.x / 32;
  for (int b = threadIdx.x; b < warps * NBINS; b += blockDim.x) h[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&h[w * NBINS + in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    unsigned s = 0;
    for (int k = 0; k < warps; ++k) s += h[k * NBINS + b];
    atomicAdd(&hist[b], s);
  }
}

// All-pairs n-body accelerations, bodies staged through dynamic shared memory
// (blockDim.x float4); n a multiple of blockDim.x.
__global__ void nbody_accel(const float4 *pos, float4 *acc, int n, float eps2) {
  extern __shared__ float4 sh[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int t = 0; t < n; t += blockDim.x) {
    sh[threadIdx.x] = pos[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < blockDim.x; ++j) {
      float4 q = sh[j];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float r2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv = rsqrtf(r2);
      float s = q.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  acc[i] = make_float4(ax, ay, az, 0.0f);
}

// CSR sparse matrix-vector product, one row per thread.
__global__ void spmv_csr_scalar(int rows, const int *rowptr, const int *col, const float *val,
                                const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) s += val[k] * x[col[k]];
    y[r] = s;
  }
}

// CSR sparse matrix-vector product, one warp per row.
__global__ void spmv_csr_vector(int rows, const int *rowptr, const int *col, const float *val,
                                const float *x, float *y) {
  int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
  if (w >= rows) return;
  float s = 0.0f;
  for (int k = rowptr[w] + lane; k < rowptr[w + 1]; k += 32) s += val[k] * x[col[k]];
  for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
  if (lane == 0) y[w] = s;
}

__device__ float block_reduce(float v, bool is_max) {
  __shared__ float part[32];
  for (int off = 16; off > 0; off >>= 1) {
    float u = __shfl_down_sync(0xffffffffu, v, off);
    v = is_max ? fmaxf(v, u) : v + u;
  }
  int lane = threadIdx.x & 31, w = threadIdx.x / 32;
  __syncthreads();
  if (lane == 0) part[w] = v;
  __syncthreads();
  if (w == 0) {
    v = lane < (int)(blockDim.x / 32) ? part[lane] : (is_max ? -3.0e38f : 0.0f);
    for (int off = 16; off > 0; off >>= 1) {
      float u = __shfl_down_sync(0xffffffffu, v, off);
      v = is_max ? fmaxf(v, u) : v + u;
    }
    if (lane == 0) part[0] = v;
  }
  __syncthreads();
  return part[0];
}

// Row-wise softmax, one block per row.
__global__ void softmax_rows(const float *in, float *out, int rows, int cols) {
  const float *x = in + (size_t)blockIdx.x * cols;
  float *y = out + (size_t)blockIdx.x * cols;
  float m = -3.0e38f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
  m = block_reduce(m, true);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(x[c] - m);
  s = block_reduce(s, false);
  float inv = 1.0f / s;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = __expf(x[c] - m) * inv;
}

// Row-wise layer normalisation, one block per row.
__global__ void layernorm_rows(const float *in, const float *gamma, const float *beta, float *out,
                               int rows, int cols) {
  const float *x = in + (size_t)blockIdx.x * cols;
  float *y = out + (size_t)blockIdx.x * cols;
  float s = 0.0f, s2 = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    s += x[c];
    s2 += x[c] * x[c];
  }
  s = block_reduce(s, false);
  s2 = block_reduce(s2, false);
  float mean = s / cols, inv = rsqrtf(s2 / cols - mean * mean + 1e-5f);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[c] = (x[c] - mean) * inv * gamma[c] + beta[c];
}
