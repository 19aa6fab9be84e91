// NOLINT and NOLINTNEXTLINE comments suppress kperf's findings in the plugin
// (as clang-tidy does for kperf-tidy.so, tests/lit/tidy/): bare, with a check
// list, with globs; a comment naming other checks suppresses nothing.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=off -Xclang -verify -Xclang -verify-ignore-unexpected=note
// The same without the comments: every access warns (a test that can fail).
// RUN: sed -e 's/NOLINT/NOLYNT/g' %s > %t.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.cu \
// RUN:   -fplugin-arg-kperf-launch=off 2>&1 | FileCheck %s --check-prefix=ALL
// ALL-COUNT-11: warning: 32-way shared-memory bank conflict
// ALL-NOT: warning:

__global__ void k(float *out) {
  __shared__ float a0[32][32];
  __shared__ float a1[32][32];
  __shared__ float a2[32][32];
  __shared__ float a3[32][32];
  __shared__ float a4[32][32];
  __shared__ float a5[32][32];
  __shared__ float a6[32][32];
  __shared__ float a7[32][32];
  __shared__ float a8[32][32];
  __shared__ float a9[32][32];
  __shared__ float a10[32][32];
  float x = 0;
  x += a0[threadIdx.x][threadIdx.y]; // NOLINT
  x += a1[threadIdx.x][threadIdx.y]; // NOLINT(kperf-bank-conflict)
  x += a2[threadIdx.x][threadIdx.y]; /* NOLINT(bugprone-foo, kperf-bank-conflict) */
  x += a3[threadIdx.x][threadIdx.y]; // NOLINT(kperf-*)
  x += a4[threadIdx.x][threadIdx.y]; // NOLINT(*)
  x += a5[threadIdx.x][threadIdx.y]; // NOLINT(kperf-uncoalesced) expected-warning {{32-way shared-memory bank conflict on 'a5'}}
  x += a6[threadIdx.x][threadIdx.y]; // NOLINTNEXTLINE expected-warning {{32-way shared-memory bank conflict on 'a6'}}
  // NOLINTNEXTLINE
  x += a7[threadIdx.x][threadIdx.y];
  // NOLINTNEXTLINE(kperf-bank*)
  x += a8[threadIdx.x][threadIdx.y];
  // NOLINTNEXTLINE(kperf-launch)
  x += a9[threadIdx.x][threadIdx.y]; // expected-warning {{32-way shared-memory bank conflict on 'a9'}}
  // NOLINT: only the line of the comment, not the next one
  x += a10[threadIdx.x][threadIdx.y]; // expected-warning {{32-way shared-memory bank conflict on 'a10'}}
  out[threadIdx.y * 32 + threadIdx.x] = x;
}

void launch(float *out) { k<<<1, dim3(32, 32)>>>(out); }
