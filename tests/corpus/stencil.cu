// kperf corpus: stencils (1-D with a shared halo, 2-D 5-point, narrow blocks).
#define N 1024
#define R 3
#define B 256

// 1-D stencil, radius 3.  `in` has R guard elements on each side, so the
// centre read in[g + R] is 12 bytes off alignment: 5 sectors instead of 4
// (CC >= 5), 3 segments instead of 2 (CC 1.3), but no longer coalesced at
// all under the strict CC 1.0/1.1 rule.
__global__ void stencil_1d(const float *in, float *out) {
  __shared__ float s[B + 2 * R];
  int g = blockIdx.x * B + threadIdx.x;
  int l = threadIdx.x + R;
  float c = in[g + R]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  s[l] = c; // expect: none
  if (threadIdx.x < R) {
    float lo = in[g]; // expect: none
    s[threadIdx.x] = lo; // expect: none
    float hi = in[g + B + R]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
    s[threadIdx.x + B + R] = hi; // expect: none
  }
  __syncthreads();
  float acc = 0.0f;
  for (int k = -R; k <= R; ++k)
    acc += s[l + k]; // expect: none
  out[g] = acc; // expect: none
}

// 2-D 5-point stencil, block (32, 8), straight from global memory.  The
// west/east neighbours are misaligned by one float.
__global__ void stencil_2d(const float *in, float *out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  if (x < 1 || y < 1 || x >= N - 1 || y >= N - 1)
    return;
  float c = in[y * N + x]; // expect: none
  float w = in[y * N + x - 1]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  float e = in[y * N + x + 1]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  float n = in[(y - 1) * N + x]; // expect: none
  float s = in[(y + 1) * N + x]; // expect: none
  out[y * N + x] = 0.25f * (w + e + n + s) - c; // expect: none
}

// 2-D stencil with a shared tile and a one-element halo, block (32, 8).
__global__ void stencil_2d_tiled(const float *in, float *out) {
  __shared__ float t[8 + 2][32 + 2];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  float v = in[y * N + x]; // expect: none
  t[threadIdx.y + 1][threadIdx.x + 1] = v; // expect: none
  __syncthreads();
  float up = t[threadIdx.y][threadIdx.x + 1]; // expect: none
  float left = t[threadIdx.y + 1][threadIdx.x]; // expect: none
  out[y * N + x] = up + left; // expect: none
}

// Blocks narrower than a warp.  (8, 32): a warp reads 4 rows of 32 bytes,
// 4 sectors (fine on CC >= 5), but a half-warp needs 2 segments on CC 1.3
// and breaks the CC 1.1 rule.
__global__ void narrow8(const float *in, float *out) {
  int x = blockIdx.x * 8 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  float v = in[y * N + x]; // expect: none@cc>=5 uncoalesced@cc1
  out[y * N + x] = v; // expect: none@cc>=5 uncoalesced@cc1
}

// (4, 64): 8 rows of 16 bytes per warp: 8 sectors instead of 4.
__global__ void narrow4(const float *in, float *out) {
  int x = blockIdx.x * 4 + threadIdx.x;
  int y = blockIdx.y * 64 + threadIdx.y;
  float v = in[y * N + x]; // expect: uncoalesced
  out[y * N + x] = v; // expect: uncoalesced
}

// (16, 16): two 64-byte rows per warp, one per half-warp: coalesced.
__global__ void narrow16(const float *in, float *out) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  float v = in[y * N + x]; // expect: none
  out[y * N + x] = v; // expect: none
}

// Shared tile read down a column by a (16, 16) block: tile[16][16], lane
// (tx, ty) reads word 16 * tx + ty.
__global__ void narrow16_shared_col(float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.y][threadIdx.x] = 1.0f; // expect: none
  __syncthreads();
  float v = tile[threadIdx.x][threadIdx.y]; // expect: bank-conflict:8@cc>=5 bank-conflict:16@cc1
  out[(blockIdx.x * 16 + threadIdx.y) * 16 + threadIdx.x] = v; // expect: none
}

void launch_stencil(float *a, float *b) {
  stencil_1d<<<N * N / B, B>>>(a, b);
  stencil_2d<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(a, b);
  stencil_2d_tiled<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(a, b);
  narrow8<<<dim3(N / 8, N / 32), dim3(8, 32)>>>(a, b);
  narrow4<<<dim3(N / 4, N / 64), dim3(4, 64)>>>(a, b);
  narrow16<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(a, b);
  narrow16_shared_col<<<64, dim3(16, 16)>>>(a);
}
