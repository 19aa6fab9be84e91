// kperf-bank-conflict: parameters the file does not give.  What is said
// holds for every value of them; otherwise nothing is said.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

#pragma kperf block(256)
__global__ void unknowns(float *d, int n, int w) {
  __shared__ float s[32 * 33];
  int t = threadIdx.x;
  // A uniform offset of whole words: 32-way for every w.
  s[t * 32 + w] = 1.0f; // expected-warning {{32-way shared-memory bank conflict on 's': lanes 0-31 all hit bank 0 at 32 different addresses (stride 32 elements (128 B) between adjacent threads)}}
  // 32-way at every iteration, however many run.
  for (int i = 0; i < n; i++)
    d[i] += s[t * 32 + i]; // expected-warning {{32-way shared-memory bank conflict on 's'}}
  // 2-way at k = 1, which runs whenever the access does; the later
  // iterations need n to be large: the first one is the finding.
  for (int k = 1; k < n; k *= 2)
    d[k] += s[(2 * k * t) % 1024]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 16 hit bank 0 at 2 different addresses (stride 2 elements (8 B) between adjacent threads at k = 1}}
  // CHECK: :[[# @LINE - 1]]:13: note: how many times the loop around it runs depends on values this file does not give: figures for its first iteration, which runs whenever the access does
  // The stride between lanes is w: w = 1 is conflict-free, nothing is said.
  s[t * w] = 2.0f;
  // Which threads take part depends on n: a warp all of whose lanes pass
  // `t < n` makes it as if the guard were not there (2-way), whatever n is.
  if (t < n)
    d[t] = s[t * 2]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 16 hit bank 0 at 2 different addresses (stride 2 elements (8 B) between adjacent threads)}}
  // CHECK: :[[# @LINE - 1]]:12: note: which threads make it depends on values this file does not give: figures for a warp all of whose lanes make it
  // Which threads take part depends on n and no warp passes whole (one
  // thread at a time): nothing is said.
  if (t == n)
    d[t] = s[t * 32];
}
