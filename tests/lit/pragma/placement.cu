// Which loop a '#pragma kperf trip' applies to, and the assume pairs, as the
// plugin's code sees them through tripPragmaFor() and assumePragmas() (the
// test-only -fplugin-arg-kperf-pragmas=dump prints them).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-pragmas=dump -Xclang -verify %s
#include <cuda_runtime.h>

#define N 4096
#define LOOP(i, n) for (int i = 0; i < n; ++i)
#define STR(x) #x
#define TRIP(n) _Pragma(STR(kperf trip(n)))
#define TRIP_LOOP(i, n) TRIP(11) for (int i = 0; i < n; ++i)

#pragma kperf assume(n = 1<<20, m = 64) // expected-remark {{kperf-pragmas: assume n = 1048576}} expected-remark {{kperf-pragmas: assume m = 64}}

// Template instances: the loop is the same loop, with the same answer.
template <int K> __device__ void templ(float *a, int n) {
#pragma kperf trip(3)
  for (int i = 0; i < n; ++i) // expected-remark {{kperf-pragmas: loop: trip count 3}}
    for (int j = 0; j < n; ++j) // the pragma is the outer loop's only
      a[i] += j * K;
}
template __device__ void templ<1>(float *, int);
template __device__ void templ<2>(float *, int);

__device__ void body(float *a, int n) {
  // Blank lines, comments and other directives may come between.
#pragma kperf trip(N / 2)

  // a comment
#pragma unroll 2
  for (int i = 0; i < n; ++i) // expected-remark {{kperf-pragmas: loop: trip count 2048}}
    a[i] = 0;

  // Not the next loop but one.
#pragma kperf trip(7)
  while (n > 1000) // expected-remark {{kperf-pragmas: loop: trip count 7}}
    --n;
  while (n > 100)
    --n;

  // A loop from a macro: the outer one.
#pragma kperf trip(0x10)
  LOOP(i, n) LOOP(j, n) a[i] += j; // expected-remark {{kperf-pragmas: loop: trip count 16}}

  // _Pragma from a macro, before the loop or with it.
  TRIP(21)
  for (int i = 0; i < n; ++i) // expected-remark {{kperf-pragmas: loop: trip count 21}}
    a[i] = 0;
  TRIP_LOOP(q, n) a[q] = 1; // expected-remark {{kperf-pragmas: loop: trip count 11}}

  // Labels, case labels and attributes before the loop.
#pragma kperf trip(5)
outer:
  [[clang::code_align(16)]] for (int i = 0; i < n; ++i) // expected-remark {{kperf-pragmas: loop: trip count 5}}
    a[i] = 0;
  switch (n) {
#pragma kperf trip(6)
  case 1: do { --n; } while (n); // expected-remark {{kperf-pragmas: loop: trip count 6}}
  }

  // Range for, and digit separators.
#pragma kperf trip(1'000)
  for (float x : {1.f, 2.f}) // expected-remark {{kperf-pragmas: loop: trip count 1000}}
    a[0] += x;

#pragma kperf assume(q = N, n = 12) // expected-remark {{kperf-pragmas: assume q = 4096}} expected-remark {{kperf-pragmas: assume n = 12}}
  for (int i = 0; i < n; ++i) // no pragma: no trip count
    a[i] = 0;
}
