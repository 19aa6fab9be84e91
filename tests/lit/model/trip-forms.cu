// Trip counts kperf derives by itself (no #pragma kperf trip, no --arg trip@):
// bounds through integer min/max and ?: (directly or held in a local), tiles
// of a thread-dependent start, several loop variables (k = j++; i++, j--),
// a counter updated in the body (also of a for whose update is another
// variable), and inner bounds from an outer counter.  A bound that depends on
// memory stays unknown.
// REQUIRES: cuda
// RUN: kperf analyze %s --arg n=100 --arg m=40 2>&1 | FileCheck %s

#include <cuda_runtime.h>

#define TILE 16
#define BORDER 14
#define SIZE 4110
#define I_END min(TILE * 2 + BORDER, SIZE)

// CHECK-LABEL: kernel minbound at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 4]]:3 (i): 3 iterations (= ceildiv(max(0, 46 - threadIdx.y), 16)) [exact, unrolled by 4 (nvcc's factor for its size), trip count varies by thread]
__global__ void minbound(float *out, const float *in) {
  __shared__ float sh[64][64];
  int ty = threadIdx.y;
  for (int i = ty; i < I_END; i += TILE)
    sh[i][0] = in[i];
  __syncthreads();
  out[ty] = sh[ty][0];
}

// CHECK-LABEL: kernel localmin at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 4]]:3 (i): 4 iterations (= ceildiv(max(0, min(256*blockIdx.x + 256, n) - (256*blockIdx.x + threadIdx.x)), 32)) [exact, unrolled by 4 (nvcc's factor for its size), trip count varies by thread]
__global__ void localmin(float *x, int n) {
  int start = blockIdx.x * 256;
  int end = min(start + 256, n);
  for (int i = start + threadIdx.x; i < end; i += 32)
    x[i] *= 2.0f;
}

// CHECK-LABEL: kernel ternary at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 5]]:3 (i): 40 iterations (= max(0, min(n, m))) [exact, unrolled by 4 (nvcc's factor for its size)]
// CHECK: loop 1 at {{.*}}trip-forms.cu:[[# @LINE + 7]]:3 (i): 64 iterations (= max(64, m)) [exact, unrolled by 4 (nvcc's factor for its size)]
// CHECK: loop 2 at {{.*}}trip-forms.cu:[[# @LINE + 8]]:3 (i): 64 iterations (= max(0, min(64, n))) [exact, unrolled by 4 (nvcc's factor for its size)]
__global__ void ternary(float *x, int n, int m) {
  int lim = n < m ? n : m;
  for (int i = 0; i < lim; i++)
    x[i] += 1.0f;
  int big = m > 64 ? m : 64;
  for (int i = 0; i < big; i++)
    x[i] += 2.0f;
  for (int i = 0; i < (n > 64 ? 64 : n); i++)
    x[i] += 3.0f;
}

// CHECK-LABEL: kernel twovars at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 5]]:3 (j): 600 iterations [exact, unrolled by 8 (nvcc's factor for its size)]
// CHECK: loop 1 at {{.*}}trip-forms.cu:[[# @LINE + 7]]:3 (i): 100 iterations (= max(0, n)) [exact, unrolled by 4 (nvcc's factor for its size)]
__global__ void twovars(float *x, const float2 *v, int n) {
  float c = 0;
  int k = 599;
  for (int j = 0; j < 600; k = j++)
    c += v[j].x - v[k].y;
  int j2;
  for (int i = 0, j2 = 10; i < n; i++, j2--)
    c += x[i];
  x[threadIdx.x] = c;
}

// CHECK-LABEL: kernel doubling at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 4]]:3 (offset): 7 iterations (= clog2(n)) [exact]
// CHECK: loop 1 at {{.*}}trip-forms.cu:[[# @LINE + 8]]:3 (s): 25 iterations (= ceildiv(max(0, n - 3), 4)) [exact, unrolled by 4 (nvcc's factor for its size)]
__global__ void doubling(float *x, int n) {
  int offset = 1;
  while (offset < n) {
    x[threadIdx.x] += x[threadIdx.x + offset];
    offset *= 2;
  }
  int steps = 0;
  for (int s = 3; s < n; steps++) {
    x[steps] = 0.0f;
    s += 4;
  }
}

// Inner trips 8, 7, ..., 1: 36 iterations of the inner body in all.  Neither
// loop is unrolled whole (nvcc -O3 keeps both: an outer loop is unrolled only
// once its inner loops are, and not in groups either), so the outer one adds
// its add, compare and jump every iteration: 159 + 8 x 3 (`float s = 0` is an
// immediate zero, not a conversion).
// CHECK-LABEL: kernel triangle at
// CHECK: instructions per thread: 183
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 4]]:3 (i): 8 iterations [exact]
// CHECK: loop 1 at {{.*}}trip-forms.cu:[[# @LINE + 4]]:5 (j): ? iterations (= max(0, 8 - iteration@0)) [exact, unrolled by 4 (nvcc's factor for its size)]
__global__ void triangle(float *x) {
  float s = 0;
  for (int i = 0; i < 8; i++)
    for (int j = i; j < 8; j++)
      s += x[j];
  x[threadIdx.x] = s;
}

// When unsure, unknown: a bound chosen by data, a counter updated under a branch.
// CHECK-LABEL: kernel unsure at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE + 4]]:3 (i): ? iterations (= trip@trip-forms.cu:[[# @LINE + 4]]) [unknown:
// CHECK: loop 1 at {{.*}}trip-forms.cu:[[# @LINE + 6]]:3: ? iterations (= trip@trip-forms.cu:[[# @LINE + 6]]) [unknown:
__global__ void unsure(float *x, int n, int m) {
  int lim = x[0] > 0.0f ? n : m;
  for (int i = 0; i < lim; i++)
    x[i] += 1.0f;
  int o = 1;
  while (o < n) {
    if (x[o] > 0.0f)
      o *= 2;
    x[0] += 1.0f;
  }
}

// A tile loop that stops before a partial step (`offset + S <= BM`, S and
// BM a template's arguments): floor((128 - 32) / 32) + 1 = 4 iterations; with
// a parameter for the bound, n = 100: floor((100 - 32) / 32) + 1 = 3.
template <int BM, int S>
__device__ void load_tiles(float *dst, const float *src) {
  for (unsigned offset = 0; offset + S <= BM; offset += S)
    dst[threadIdx.x + offset] = src[threadIdx.x + offset];
}
// CHECK-LABEL: kernel tiled at
// CHECK: loop 0 at {{.*}}trip-forms.cu:[[# @LINE - 4]]:3 (offset): 4 iterations
// CHECK: loop 1 at {{.*}}trip-forms.cu:[[# @LINE + 3]]:3 (o): 3 iterations
__global__ void tiled(float *dst, const float *src, int n) {
  load_tiles<128, 32>(dst, src);
  for (int o = 0; o + 32 <= n; o += 32)
    dst[threadIdx.x + o] += src[threadIdx.x + o];
}
