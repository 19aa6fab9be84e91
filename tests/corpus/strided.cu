// kperf corpus: strided and offset accesses, grid-stride loops, loops whose
// stride changes with the counter (1-D blocks of 256 unless noted).
#define N 1024

// Stride 2 floats: 8 sectors instead of 4 on CC >= 5.  On CC 1.3 a
// half-warp's 128 bytes still fit one segment (same count as coalesced).
__global__ void stride2(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[2 * i]; // expect: uncoalesced@cc>=5 none@cc1.3 uncoalesced@cc1.1
  b[i] = v; // expect: none
}

// Stride 4 floats: 16 sectors; 2 segments per half-warp on CC 1.3.
__global__ void stride4(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[4 * i]; // expect: uncoalesced
  b[4 * i] = v; // expect: uncoalesced
}

// Offsets: +1 element (5 sectors, 3 segments: below the threshold except on
// CC 1.1), +16 (64-byte aligned) and +32 (128-byte aligned): coalesced.
__global__ void offsets(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v1 = a[i + 1]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  float v16 = a[i + 16]; // expect: none
  float v32 = a[i + 32]; // expect: none
  b[i] = v1 + v16 + v32; // expect: none
}

// Bytes: one sector per warp; never coalesced on CC 1.0/1.1, but neither is
// the ideal 1-byte access, so the ratio is 1.
__global__ void bytes(const unsigned char *a, unsigned char *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char c = a[i]; // expect: none
  b[i] = c; // expect: none
}

// Grid-stride loops.
__global__ void saxpy_gs(float s, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = s * x[i] + y[i]; // expect: none
}
__global__ void column_sum_gs(const float *m, float *out) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < N; r += 1)
    acc += m[r * N + col]; // expect: none
  out[col] = acc; // expect: none
}
__global__ void row_sum_gs(const float *m, float *out) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < N; ++c)
    acc += m[row * N + c]; // expect: uncoalesced
  out[row] = acc; // expect: none
}

// The stride doubles with the counter: s = 1, 2, 4, ..., 32.  The worst
// step (s = 32: every lane its own sector / segment) is uncoalesced.
__global__ void stride_doubling(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int s = 1; s <= 32; s *= 2)
    acc += a[i * s]; // expect: uncoalesced
  b[i] = acc; // expect: none
}

// Stride k + 1 for k = 0..3: worst stride 4 floats.
__global__ void stride_linear(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k)
    acc += a[i * (k + 1)]; // expect: uncoalesced
  b[i] = acc; // expect: none
}

// Shared memory, one warp: stride s words for s = 1..4.  s = 2: 2-way,
// s = 3: conflict-free (odd), s = 4: 4-way (also on 16 banks).
__global__ void shared_stride_loop(float *out) {
  __shared__ float sh[128];
  for (int j = 0; j < 4; ++j)
    sh[j * 32 + threadIdx.x] = 1.0f; // expect: none
  __syncthreads();
  float acc = 0.0f;
  for (int s = 1; s <= 4; ++s)
    acc += sh[threadIdx.x * s]; // expect: bank-conflict:4
  out[threadIdx.x] = acc; // expect: none
}

// Shared memory, stride 2^j words for j = 0..5, one warp: worst 32-way on
// CC >= 5 (stride 32), 16-way on CC 1.x (stride 16 and 32).
__global__ void shared_pow2_loop(float *out) {
  __shared__ float sh[32 * 32];
  for (int j = 0; j < 32; ++j)
    sh[j * 32 + threadIdx.x] = 0.0f; // expect: none
  __syncthreads();
  float acc = 0.0f;
  for (int s = 1; s <= 32; s *= 2)
    acc += sh[threadIdx.x * s]; // expect: bank-conflict:32@cc>=5 bank-conflict:16@cc1
  out[threadIdx.x] = acc; // expect: none
}

void launch_strided(float *a, float *b, unsigned char *c, unsigned char *d, int n) {
  stride2<<<n / 256, 256>>>(a, b);
  stride4<<<n / 256, 256>>>(a, b);
  offsets<<<n / 256, 256>>>(a, b);
  bytes<<<n / 256, 256>>>(c, d);
  saxpy_gs<<<128, 256>>>(2.0f, a, b, n);
  column_sum_gs<<<N / 256, 256>>>(a, b);
  row_sum_gs<<<N / 256, 256>>>(a, b);
  stride_doubling<<<n / 256, 256>>>(a, b);
  stride_linear<<<n / 256, 256>>>(a, b);
  shared_stride_loop<<<1, 32>>>(a);
  shared_pow2_loop<<<1, 32>>>(a);
}
