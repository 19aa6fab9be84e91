// kperf corpus: templates, device functions and early returns (blocks of 256
// unless noted).

// A template instantiated with stride 8 (and 1): the line is uncoalesced in
// the stride-8 instantiation.
template <int STRIDE>
__global__ void strided_t(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i * STRIDE]; // expect: uncoalesced
  out[i] = v; // expect: none
}

// A type-generic copy: coalesced for float and double.
template <typename T>
__global__ void copy_t(const T *in, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = in[i]; // expect: none
  out[i] = v; // expect: none
}

// A templated tiled transpose without padding (TS = 32, block (32, 8)).
template <int TS, int PAD>
__global__ void transpose_t(const float *in, float *out, int n) {
  __shared__ float tile[TS][TS + PAD];
  int x = blockIdx.x * TS + threadIdx.x;
  int y = blockIdx.y * TS + threadIdx.y;
  for (int j = 0; j < TS; j += 8) {
    float v = in[(y + j) * n + x]; // expect: none@cc>=5 none@cc1.3
    tile[threadIdx.y + j][threadIdx.x] = v; // expect: none
  }
  __syncthreads();
  x = blockIdx.y * TS + threadIdx.x;
  y = blockIdx.x * TS + threadIdx.y;
  for (int j = 0; j < TS; j += 8) {
    float v = tile[threadIdx.x][threadIdx.y + j]; // expect: bank-conflict:32@cc>=5 bank-conflict:16@cc1
    out[(y + j) * n + x] = v; // expect: none@cc>=5 none@cc1.3
  }
}

// Device functions.
__device__ float load_at(const float *p, int i) {
  return p[i]; // expect: uncoalesced
}
__device__ void store_at(float *p, int i, float v) {
  p[i] = v; // expect: none
}
__device__ float shared_column(float (*t)[32], int c) {
  return t[threadIdx.x][c]; // expect: bank-conflict:32@cc>=5 bank-conflict:16@cc1
}
__global__ void use_functions(const float *in, float *out) {
  __shared__ float t[32][32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < 32; ++r)
    t[r][threadIdx.x] = 0.0f; // expect: none
  __syncthreads();
  float v = load_at(in, 8 * i) + shared_column(t, 3);
  store_at(out, i, v);
}

// Early returns.
__global__ void early_bounds(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i]; // expect: none
  out[i] = v; // expect: none
}
// Odd lanes leave: even lanes still touch the same sectors as a coalesced
// access by those lanes; CC 1.1 allows inactive lanes.
__global__ void early_odd(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2)
    return;
  float v = in[i]; // expect: none
  out[i] = v; // expect: none
}
// Only 8 lanes of the first warp stay, 128 bytes apart: 8 sectors / segments
// where 1 would do.
__global__ void early_few(const float *in, float *out) {
  if (threadIdx.x >= 8)
    return;
  float v = in[blockIdx.x * 1024 + threadIdx.x * 32]; // expect: uncoalesced
  out[blockIdx.x * 8 + threadIdx.x] = v; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
}
// A warp-uniform early exit after which the shared access is a column.
__global__ void early_shared(float *out) {
  __shared__ float m[32][32];
  if (threadIdx.y >= 32)
    return;
  m[threadIdx.y][threadIdx.x] = 1.0f; // expect: none
  __syncthreads();
  float v = m[threadIdx.x][threadIdx.y]; // expect: bank-conflict:32@cc>=5 bank-conflict:16@cc1
  out[threadIdx.y * 32 + threadIdx.x] = v; // expect: none
}

void launch_functions(float *a, float *b, double *c, double *d, int n) {
  strided_t<8><<<n / 256, 256>>>(a, b);
  strided_t<1><<<n / 256, 256>>>(a, b);
  copy_t<float><<<n / 256, 256>>>(a, b);
  copy_t<double><<<n / 256, 256>>>(c, d);
  transpose_t<32, 0><<<dim3(n / 32, n / 32), dim3(32, 8)>>>(a, b, n);
  use_functions<<<n / 32, 32>>>(a, b);
  early_bounds<<<(n + 255) / 256, 256>>>(a, b, n);
  early_odd<<<n / 256, 256>>>(a, b);
  early_few<<<n / 256, 256>>>(a, b);
  early_shared<<<1, dim3(32, 32)>>>(a);
}
