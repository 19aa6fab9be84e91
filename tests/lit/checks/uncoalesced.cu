// kperf-uncoalesced: the canonical cases, on an H100 (32-byte sectors).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

#define TILE 32

// Naive transpose: the read is coalesced, the write strides by n.
__global__ void transpose_naive(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  out[x * n + y] = in[y * n + x]; // expected-warning {{uncoalesced global store of 'out': each warp request touches 32 sectors where 4 would do (stride n elements between adjacent threads)}}
}

// The tiled transpose: both global accesses are coalesced.
__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Seed 004's experiment: stride s between adjacent threads.
__global__ void stride2(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[2 * i]; // expected-warning {{uncoalesced global load of 'a': each warp request touches 8 sectors where 4 would do (stride 2 elements (8 B) between adjacent threads)}}
}
__global__ void stride32(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[32 * i]; // expected-warning {{each warp request touches 32 sectors where 4 would do (stride 32 elements (128 B) between adjacent threads)}}
}
// Misaligned by one element: 5 sectors instead of 4 is below the threshold.
__global__ void offset1(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i + 1];
}

// Array of structures: each thread reads one field of a 16-byte struct.
struct P4 { float x, y, z, w; };
__global__ void aos(const P4 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x; // expected-warning {{uncoalesced global load of 'p': each warp request touches 16 sectors where 4 would do}}
}

// Column access through a row pointer.
__global__ void column(const float *m, float *out, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = m + r * n;
  out[r] = row[0]; // expected-warning {{uncoalesced global load of 'm': each warp request touches 32 sectors where 4 would do (stride n elements between adjacent threads)}}
}

// A 2-D block 4 threads wide: a warp reads 8 rows of 16 bytes each.
__global__ void narrow(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * n + x] = 2.0f * in[y * n + x]; // expected-warning {{uncoalesced global load of 'in': each warp request touches 8 sectors where 4 would do (stride 1 element (4 B) between adjacent threads; a warp spans 8 rows of 4 threads, n elements apart)}} expected-warning {{uncoalesced global store of 'out'}}
}
// 8 threads wide: each row is one 32-byte sector, as coalesced as it gets.
__global__ void narrow8(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * n + x] = 2.0f * in[y * n + x];
}

// Must stay quiet: vector add, grid-stride loop, histogram atomics,
// indirect and uniform addresses.
__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
__global__ void saxpy_gs(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[data[i]], 1u);
}
__global__ void gather(const float *a, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[idx[i]];
}
__global__ void counter(unsigned *c) {
  atomicAdd(&c[blockIdx.x], 1u);
}
// Atomics on strided addresses are judged like loads and stores.
__global__ void atomic_strided(unsigned *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&c[32 * i], 1u); // expected-warning {{uncoalesced global atomic of 'c': each warp request touches 32 sectors where 4 would do (stride 32 elements (128 B) between adjacent threads)}}
}
__global__ void uniform(const float *a, float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = a[blockIdx.x];
}

void launch(float *a, float *b, float *c, P4 *p, int *idx, unsigned char *d, unsigned *h, int n) {
  transpose_naive<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, n);
  transpose_tiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, n);
  stride2<<<n / 256, 256>>>(a, b);
  stride32<<<n / 256, 256>>>(a, b);
  offset1<<<n / 256, 256>>>(a, b);
  aos<<<n / 256, 256>>>(p, a);
  column<<<n / 256, 256>>>(a, b, n);
  narrow<<<dim3(n / 4, n / 32), dim3(4, 32)>>>(a, b, n);
  narrow8<<<dim3(n / 8, n / 16), dim3(8, 16)>>>(a, b, n);
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
  saxpy_gs<<<128, 256>>>(2.0f, a, b, n);
  histogram<<<(n + 255) / 256, 256>>>(d, h, n);
  gather<<<n / 256, 256>>>(a, idx, b);
  uniform<<<n / 256, 256>>>(a, b);
  counter<<<n / 256, 256>>>(h);
  atomic_strided<<<n / 256, 256>>>(h);
}
