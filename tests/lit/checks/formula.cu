// Indices that are not affine but that each thread computes from its ids,
// loop counters and constants (%, /, ^, products with a loop counter) are
// evaluated lane by lane, with C's semantics (truncating / and %, unsigned
// wrap-around).  Indices loaded from memory stay unjudged.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify=h100 -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=gtx280 %s \
// RUN:   -Xclang -verify=gt200 -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=8600gt %s \
// RUN:   -Xclang -verify=g84 -Xclang -verify-ignore-unexpected=note,remark

// A modulo in a shared index: 8 words apart, 8-way with 32 and 16 banks.
__global__ void modulo(float *out) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  buf[t] = 1.0f;
  __syncthreads();
  out[t] = buf[8 * (t % 32)]; // h100-warning {{8-way shared-memory bank conflict on 'buf': lanes 0, 4, 8, ..., 28 all hit bank 0 at 8 different addresses (stride 8 elements (32 B) between adjacent threads, from the index 'buf[8 * (t % 32)]')}} gt200-warning {{8-way shared-memory bank conflict on 'buf': lanes 0, 2, 4, ..., 14}} g84-warning {{8-way}}
}

// A modulo in a global index: stride 7 until it wraps.
__global__ void permuted(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[(i * 7) % 1024]; // h100-warning {{uncoalesced global load of 'a': each warp request touches 28 sectors where 4 would do (stride 7 elements (28 B) between adjacent threads, from the index 'a[(i * 7) % 1024]')}} gt200-warning {{uncoalesced global load of 'a'}} g84-warning {{uncoalesced global load of 'a'}}
}

// The thread index times a loop counter: the stride grows with k.
__global__ void loop_product(const float *a, float *out) {
  __shared__ float sh[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k)
    acc += a[i * (k + 1)]; // h100-warning {{uncoalesced global load of 'a': each warp request touches 16 sectors where 4 would do (stride 4 elements (16 B) between adjacent threads at k = 3, from the index 'a[i * (k + 1)]')}} gt200-warning {{uncoalesced global load of 'a'}} g84-warning {{uncoalesced global load of 'a'}}
  sh[threadIdx.x] = acc;
  __syncthreads();
  for (int s = 1; s <= 4; ++s)
    acc += sh[threadIdx.x * s]; // h100-warning {{4-way shared-memory bank conflict on 'sh' (2-way at s = 2 rising to 4-way at s = 4): lanes 0, 8, 16, 24 all hit bank 0 at 4 different addresses (stride 4 elements (16 B) between adjacent threads at s = 4, from the index 'sh[threadIdx.x * s]')}} gt200-warning {{4-way shared-memory bank conflict on 'sh'}} g84-warning {{4-way shared-memory bank conflict on 'sh'}}
  out[i] = acc;
}

// Neighbours swapped: the same sectors and segments, but lane k no longer
// reads word k (the strict rule of CC 1.0/1.1).
__global__ void swapped(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i ^ 1]; // g84-warning {{uncoalesced global load of 'a': each warp request touches 32 transactions of 32 bytes where 2 would do (index 'a[i ^ 1]': no constant stride between adjacent threads; lanes 0, 1, 2, 3, ... access elements +0, -1, +2, +1, ... relative to lane 0)}}
}

// C's % truncates: (t - 1) % 32 is -1 for t = 0, so lanes 0-31 read
// elements 0-31 in order (a floor modulo would put lane 0 at element 32).
__global__ void truncated(const float *a, float *out) {
  int t = threadIdx.x;
  out[t] = a[(t - 1) % 32 + 1];
}

// Unsigned arithmetic wraps: for u = 0, (u - 1) % 48 is 4294967295 % 48 =
// 15, the word lane 16 reads too: 31 different words in bank 0, not 32.
__global__ void wrapped(float *out) {
  __shared__ float s[48 * 32];
  unsigned u = threadIdx.x;
  s[u] = 0.0f;
  __syncthreads();
  out[u] = s[(u - 1) % 48 * 32]; // h100-warning {{31-way shared-memory bank conflict on 's'}} gt200-warning {{16-way}} g84-warning {{16-way}}
}

// Pairs of lanes on one address: a broadcast on CC >= 2; on CC 1.x the
// guide serves "one address for each bank" per step, so kperf stays quiet.
__global__ void pairs(float *out) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[t] = 1.0f;
  __syncthreads();
  out[t] = s[t / 2];
}

// Indices from memory stay unjudged, whatever is done with them.
__global__ void loaded(const float *a, const int *idx, float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  int j = idx[t];
  s[t] = a[(j * 32) % 1024];
  __syncthreads();
  out[t] = s[(j % 32) * 32];
}

void launch(float *a, float *b, int *idx) {
  modulo<<<1, 128, 4096>>>(b);
  permuted<<<4, 256>>>(a, b);
  loop_product<<<4, 128>>>(a, b);
  swapped<<<4, 256>>>(a, b);
  truncated<<<1, 32>>>(a, b);
  wrapped<<<1, 32>>>(b);
  pairs<<<1, 128>>>(b);
  loaded<<<1, 32>>>(a, idx, b);
}
