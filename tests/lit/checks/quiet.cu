// Code kperf cannot judge gets no warning: indirect indices, data-dependent
// conditions, early exits it cannot follow, unknown block shapes in 2-D,
// strides that some values of a parameter make harmless.  Templates and
// macros are judged per instance, once per source location.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// A higher threshold silences the 2x case and keeps the 32x one:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-uncoalesced-ratio=4 2>&1 | FileCheck %s --check-prefix=RATIO
// RATIO-NOT: stride 2 elements
// RATIO: quiet.cu:[[# @LINE + 27]]:{{[0-9]+}}: warning: uncoalesced global load of 'a': each warp request touches 32 sectors
// RATIO-NOT: stride 2 elements
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-uncoalesced-ratio=0.5 2>&1 | FileCheck %s --check-prefix=BADRATIO
// BADRATIO: error: kperf: bad value '0.5' for -fplugin-arg-kperf-uncoalesced-ratio; expected a number from 1 to 64, e.g. 2

// Indirect: the address comes from memory.
__global__ void gather(const float *a, const int *idx, float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[idx[t]] = a[idx[t] * 32];
  __syncthreads();
  out[t] = s[idx[t] * 32];
}

// A condition on data: which lanes take part is unknown.
__global__ void data_guard(const float *a, float *out, const int *flag) {
  __shared__ float s[1024];
  if (flag[threadIdx.x])
    s[threadIdx.x * 32] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Templates: one warning per source location, whatever the instances.
template <int S> __global__ void strided(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[S * i]; // expected-warning {{each warp request touches 32 sectors where 4 would do}} expected-warning {{each warp request touches 8 sectors where 4 would do}}
}

// A symbolic stride that odd values make conflict-free: not reported.
__global__ void param_stride(float *out, int n) {
  __shared__ float s[1024];
  s[threadIdx.x] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * n) % 1024];
}

// A macro-built index is analysed like any other.
#define AT(r, c, w) ((r) * (w) + (c))
__global__ void macro_index(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[AT(i, 0, 1)] = a[AT(0, i, 1)];
}

// An early exit inside a loop: the lanes after it are not known (the load
// before it is made by every lane in the first iteration, and is judged).
__global__ void early_exit(float *out, const int *stop) {
  __shared__ float s[1024];
  s[threadIdx.x] = 0.0f;
  for (int k = 0; k < 4; ++k) {
    if (stop[threadIdx.x * 4 + k]) // expected-warning {{uncoalesced global load of 'stop': each warp request touches 16 sectors where 4 would do}}
      break;
    s[threadIdx.x * 32] += 1.0f;
  }
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *a, float *b, int *idx, int n) {
  gather<<<1, 32>>>(a, idx, b);
  data_guard<<<1, 32>>>(a, b, idx);
  strided<32><<<256, 256>>>(a, b);
  strided<2><<<256, 256>>>(a, b);
  strided<32><<<512, 256>>>(a, b);
  param_stride<<<1, 32>>>(a, n);
  macro_index<<<256, 256>>>(a, b);
  early_exit<<<1, 32>>>(a, idx);
}
