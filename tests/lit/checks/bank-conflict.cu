// kperf-bank-conflict: the canonical cases, on an H100 (32 banks of 4 bytes).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// The padding fix-it, and only for the array it makes conflict-free:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s --check-prefix=FIX
// FIX: fix-it:"{{.*}}bank-conflict.cu":{[[# @LINE + 7]]:31-[[# @LINE + 7]]:33}:"33"
// FIX-NOT: fix-it:

#define TILE 32

// Tiled transpose without padding: reading a column of the tile is 32-way.
__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[TILE][32];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y]; // expected-warning {{32-way shared-memory bank conflict on 'tile': lanes 0-31 all hit bank 0 at 32 different addresses (stride 32 elements (128 B) between adjacent threads)}}
}

// The padded version is conflict-free.
__global__ void transpose_padded(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Reduction with interleaved addressing: the stride doubles each step.
__global__ void reduce_interleaved(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    unsigned i = 2 * k * t;
    if (i < blockDim.x)
      s[i] += s[i + k]; // expected-warning {{8-way shared-memory bank conflict on 's' (2-way at k = 1 rising to 8-way at k = 4, then falling to 1-way at k = 128): lanes 0, 4, 8, ..., 28 all hit bank 0 at 8 different addresses (stride 8 elements (32 B) between adjacent threads)}} expected-warning {{8-way shared-memory bank conflict on 's' (2-way at k = 1 rising to 8-way at k = 4, then falling to 1-way at k = 128): lanes 0, 4, 8, ..., 28 all hit bank 4}}
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// Sequential addressing: conflict-free.
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// A column of a shared matrix through a stride of 32 floats.
__global__ void column_stride(float *out) {
  __shared__ float m[32 * 32];
  m[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = m[threadIdx.x * 32]; // expected-warning {{32-way shared-memory bank conflict on 'm': lanes 0-31 all hit bank 0}}
}

// Doubles: 8-byte accesses are served in two 16-lane phases; consecutive
// doubles are conflict-free, a stride of 2 doubles is 2-way.
__global__ void doubles(double *out) {
  __shared__ double d[512];
  d[threadIdx.x] = 1.0;
  __syncthreads();
  out[threadIdx.x] = d[2 * threadIdx.x]; // expected-warning {{2-way shared-memory bank conflict on 'd'}}
}

// Broadcast: every lane reads the same word, or pairs of lanes share words.
__global__ void broadcast(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[0] + s[threadIdx.x / 2];
}

// Dynamic shared memory with a stride of 2 words: 2-way.
__global__ void dynamic_stride(float *out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x * 2]; // expected-warning {{2-way shared-memory bank conflict on 'buf': lanes 0 and 16 hit bank 0 at 2 different addresses (stride 2 elements (8 B) between adjacent threads)}}
}

// Tiled matrix multiply: conflict-free (row reads broadcast, column reads consecutive).
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[16][16], Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / 16; ++t) {
    As[ty][tx] = A[row * n + t * 16 + tx];
    Bs[ty][tx] = B[(t * 16 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// Shared-memory histogram with atomics: never reported.
__global__ void histo(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned h[256];
  h[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&h[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}

void launch(float *a, float *b, float *c, double *d, unsigned char *u, unsigned *h, int n) {
  transpose_tiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, n);
  transpose_padded<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, n);
  reduce_interleaved<<<n / 256, 256>>>(a, b);
  reduce_sequential<<<n / 256, 256>>>(a, b);
  column_stride<<<1, 32>>>(a);
  doubles<<<1, 256>>>(d);
  broadcast<<<1, 64>>>(a);
  dynamic_stride<<<1, 256, 2048 * sizeof(float)>>>(a);
  matmul<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(a, b, c, n);
  histo<<<(n + 255) / 256, 256>>>(u, h, n);
}
