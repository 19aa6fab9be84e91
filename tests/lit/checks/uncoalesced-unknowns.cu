// kperf-uncoalesced with parameters the file does not give: one that sets
// the distance between lanes is judged at every value (1 to 65537), the
// others (offsets, bounds) at large, odd and small values, and the finding
// says from which size on it holds whatever they are; nothing is said when
// no such size exists or it is beyond 1024.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

// A row per thread, rows w floats apart, shifted by a radius r.
__global__ void rows(const float *in, float *out, int w, int r) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  out[y * w] = in[y * w + r]; // expected-warning {{uncoalesced global store of 'out': each warp request touches 32 sectors where 4 would do (stride w elements between adjacent threads)}} expected-warning {{uncoalesced global load of 'in': each warp request touches 32 sectors where 4 would do (stride w elements between adjacent threads)}}
  // CHECK: :[[# @LINE - 1]]:{{[0-9]+}}: note: 'w' is not known in this file: the access is uncoalesced for every w >= 2: 8 sectors where 4 would do at w = 2, rising to 32 from w = 8; figures for w = 1024
  // CHECK: :[[# @LINE - 2]]:{{[0-9]+}}: note: 'w' is not known in this file: the access is uncoalesced for every w >= 2, whatever 'r': 8 sectors where 4 would do at w = 2, rising to 32 from w = 8; figures for r = 1024, w = 1024
}

// Rows that only h threads make: with h < 32 no warp is whole, and those
// sizes are not judged.
__global__ void someRows(float *out, int w, int h) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y < h)
    out[y * w] = 0.0f; // expected-warning {{uncoalesced global store of 'out'}}
  // CHECK: :[[# @LINE - 1]]:{{[0-9]+}}: note: 'w' is not known in this file: the access is uncoalesced for every w >= 2, whatever 'h', wherever a whole warp makes it: 8 sectors where 4 would do at w = 2, rising to 32 from w = 8; figures for w = 1024, h = 1024
}

// An offset: one or two extra sectors, never twice the ideal.
__global__ void shifted(float *a, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i + off] = 1.0f;
}

// Stride 2 for odd w, 1 for even w: no size from which it always holds.
__global__ void parity(float *a, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i * (1 + (w & 1))] = 1.0f;
}

// Uncoalesced only from n = 8192 on (stride n / 4096): beyond what kperf
// states without a value.
__global__ void late(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i * (n / 4096)] = 1.0f;
}

// Odd-even merge: uncoalesced only at strides that are not powers of two
// (257 to 511; larger ones take no part), which a program does not use:
// nothing is said.
__global__ void merge(unsigned *key, unsigned size, unsigned stride) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned pos = 2 * g - (g & (stride - 1));
  if (stride < size / 2)
    key[pos - stride] = 0;
}

// A halo column: six lanes whatever w is (the guard is a constant), rows w
// floats apart.  At w = 1 the six floats are one run, misaligned in block
// row 1 (2 sectors where 1 would do, its misalignment alone): not counted.
__global__ void halo(const float *in, float *out, int w) {
  if (threadIdx.x < 6)
    out[threadIdx.x] = in[(blockIdx.y * 6 + threadIdx.x) * w]; // expected-warning {{uncoalesced global load of 'in': each warp request touches 6 sectors where 1 would do}}
  // CHECK: :[[# @LINE - 1]]:{{[0-9]+}}: note: 'w' is not known in this file: the access is uncoalesced for every w >= 2: 2 sectors where 1 would do at w = 2, rising to 6 from w = 8; figures for w = 1024
}

void run(const float *in, float *out, int w, int h, int r) {
  merge<<<w / 256, 256>>>((unsigned *)out, h, r);
  halo<<<dim3(1, h / 6), 32>>>(in, out, w);
  rows<<<h / 256, 256>>>(in, out, w, r);
  someRows<<<(h + 255) / 256, 256>>>(out, w, h);
  shifted<<<w / 256, 256>>>(out, r);
  parity<<<w / 256, 256>>>(out, w);
  late<<<w / 256, 256>>>(out, h);
}
