// kperf corpus: block reductions in shared memory (blocks of 256 threads).
#define B 256

// Interleaved addressing: lane t touches s[2kt] and s[2kt + k]; the stride
// between lanes is 2k words.  Worst step: k = 4 (stride 8, 8-way) on CC >= 2;
// on CC 1.x k = 8 (stride 16 words, 16 active lanes in one bank): 16-way.
__global__ void reduce_interleaved(const float *in, float *out) {
  __shared__ float s[B];
  unsigned t = threadIdx.x;
  float x = in[blockIdx.x * B + t]; // expect: none
  s[t] = x; // expect: none
  __syncthreads();
  for (unsigned k = 1; k < B; k *= 2) {
    unsigned i = 2 * k * t;
    if (i < B) {
      float v = s[i + k]; // expect: bank-conflict:8@cc>=5 bank-conflict:16@cc1
      s[i] += v; // expect: bank-conflict:8@cc>=5 bank-conflict:16@cc1
    }
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0]; // expect: none
}

// Sequential addressing: consecutive words, conflict-free everywhere.
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float s[B];
  unsigned t = threadIdx.x;
  float x = in[blockIdx.x * 2 * B + t] + in[blockIdx.x * 2 * B + B + t]; // expect: none
  s[t] = x; // expect: none
  __syncthreads();
  for (unsigned k = B / 2; k > 32; k >>= 1) {
    if (t < k)
      s[t] += s[t + k]; // expect: none
    __syncthreads();
  }
  if (t < 32) {
    volatile float *vs = s;
    vs[t] += vs[t + 32]; // expect: none
    vs[t] += vs[t + 16]; // expect: none
    vs[t] += vs[t + 1]; // expect: none
  }
  if (t == 0)
    out[blockIdx.x] = s[0]; // expect: none
}

// Doubles: consecutive 8-byte words are conflict-free in 16-lane phases, but
// 2-way on CC 1.x (each half-warp's first 32-bit halves hit 8 banks twice).
// Steps k = 128 .. 16 use full half-warps; k = 8 only 8 lanes (1-way there).
__global__ void reduce_double(const double *in, double *out) {
  __shared__ double s[B];
  unsigned t = threadIdx.x;
  double x = in[blockIdx.x * B + t]; // expect: none
  s[t] = x; // expect: none@cc>=5 bank-conflict:2@cc1
  __syncthreads();
  for (unsigned k = B / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k]; // expect: none@cc>=5 bank-conflict:2@cc1
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0]; // expect: none
}

// Each thread sums its own chunk of 16 floats: lanes 64 bytes apart.
__global__ void reduce_chunked(const float *in, float *out) {
  unsigned i = blockIdx.x * B + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < 16; ++j)
    acc += in[i * 16 + j]; // expect: uncoalesced
  out[i] = acc; // expect: none
}

// Two-level: per-warp partial sums stored at warp granularity.  The store of
// 8 floats starts 32 bytes into a 64-byte segment in odd blocks: CC 1.1 then
// needs 8 transactions instead of 1.
__global__ void reduce_warp_partials(const float *in, float *partial) {
  __shared__ float w[B / 32];
  unsigned t = threadIdx.x;
  float v = in[blockIdx.x * B + t]; // expect: none
  if (t % 32 == 0)
    w[t / 32] = v; // expect: none
  __syncthreads();
  if (t < B / 32)
    partial[blockIdx.x * (B / 32) + t] = w[t]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
}

void launch_reduction(float *a, float *b, double *c, double *d, int n) {
  reduce_interleaved<<<n / B, B>>>(a, b);
  reduce_sequential<<<n / (2 * B), B>>>(a, b);
  reduce_double<<<n / B, B>>>(c, d);
  reduce_chunked<<<n / (16 * B), B>>>(a, b);
  reduce_warp_partials<<<n / B, B>>>(a, b);
}
