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

void run(const float *in, float *out, int w, int h, int r) {
  rows<<<h / 256, 256>>>(in, out, w, r);
  someRows<<<(h + 255) / 256, 256>>>(out, w, h);
  shifted<<<w / 256, 256>>>(out, r);
  parity<<<w / 256, 256>>>(out, w);
  late<<<w / 256, 256>>>(out, h);
}
