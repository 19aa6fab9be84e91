// Well-formed pragmas produce no diagnostic at all, in every pass.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -Xclang -verify %s
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 2>&1 | count 0
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-pass=device 2>&1 | count 0
// expected-no-diagnostics
#include <cuda_runtime.h>

#define N 4096
#define HALF (N / 2)
#pragma kperf assume(n = 1<<20, m = 64)
#pragma kperf assume(len=HALF*2)
#pragma   kperf   assume ( big = 0x7fffffffffffffff , neg = -5 , oct = 017 , bin = 0b101 )
#pragma kperf assume(sep = 1'000'000, suffixed = 10ull, paren = ((1 + 2) * 3) % 4, sh = 256 >> 2)

__device__ void body(float *a, int n) {
#pragma kperf trip(256)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma kperf trip(1<<10)
  while (n > 0)
    --n;
#pragma kperf trip(N / 16 - 1)
  do {
    ++n;
  } while (n < 100);
#pragma kperf trip(0)
#pragma unroll 4
  for (int i = 0; i < n; ++i)
    a[i] = 1;
#pragma kperf trip(3) /* a comment */ // and another
  for (int i = 0; i < 3; ++i)
    a[i] = 2;
#pragma kperf trip(4 \
                   * 2)
  for (int i = 0; i < 8; ++i)
    a[i] = 2;
}

#pragma kperf block(256)
__global__ void kernel(float *a, int n) {
#pragma kperf assume(n = 1 << 16)
  body(a, n);
}

#define WARP 32
#pragma kperf block(WARP, HALF / 256)
#pragma kperf block(8, 8, 16)
#pragma kperf block(1024)
#pragma kperf block(1, 1, 1)
#pragma   kperf   block ( 0x20 , (1 << 3) - 4 , \
                          2 ) /* a comment */
__global__ void kernel2(float *a) { a[threadIdx.x] = 0; }
