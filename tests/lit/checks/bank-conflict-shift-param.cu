// kperf-bank-conflict: a parameter the file does not give, used only as a
// shift amount (n = 1 << lg): every value 0 to 30 is judged.  An access is
// reported when it conflicts for every value at which its loops run and a
// whole warp makes it, and nothing is said when one such value makes it
// conflict-free.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

// Butterflies of four whose span starts at n / 4: for every lg >= 2 the
// last spans (2 or 1) are 4-way.
__global__ void radix4(float *d, int lg) {
  extern __shared__ float s[];
  const int n = 1 << lg;
  const int p = threadIdx.x;
  for (int span = n >> 2; span > 0; span >>= 2) {
    int lo = p & (span - 1);
    int i0 = ((p - lo) << 2) + lo;
    __syncthreads();
    float a = s[i0]; // expected-warning {{4-way shared-memory bank conflict on 's' (2-way at span = 16 rising to 4-way at span <= 4)}}
    // CHECK: :[[# @LINE - 1]]:15: note: 'lg' is not known in this file: the access conflicts for every value of it from 2 to 30 (where the loops around it run); figures for lg = 30, where it conflicts least
    s[i0] = a * 2.0f; // expected-warning {{4-way shared-memory bank conflict on 's' (2-way at span = 16 rising to 4-way at span <= 4)}}
  }
  __syncthreads();
  // Pairs of words: 2-way whenever a whole warp takes part (n / 2 >= 32);
  // at lg <= 5 only 16 threads or fewer do, a size not judged (with n = 32
  // the 16 threads are conflict-free), and the note says which values were.
  for (int q = p; q < n / 2; q += blockDim.x) {
    float a = s[2 * q]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 16 hit bank 0 at 2 different addresses}}
    // CHECK: :[[# @LINE - 1]]:15: note: 'lg' is not known in this file: the access conflicts for every value of it from 6 to 30 (where the loops around it run and a whole warp makes it); figures for lg = 30, where it conflicts least
    s[2 * q + 1] = a; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 16 hit bank 1 at 2 different addresses}}
  }
}

// A shift amount next to another unknown used otherwise: not judged this
// way (the second unknown keeps its usual two sample values).
__global__ void mixed(float *d, int lg, int w) {
  __shared__ float s[4096];
  int p = threadIdx.x;
  for (int span = (1 << lg) >> 2; span > 0; span >>= 2)
    s[(p * span + w) % 4096] = 1.0f;
}

void run(float *d, int m) {
  for (int lg = 4; lg < 12; lg += m)
    radix4<<<8, 256, 8192>>>(d, lg);
}
