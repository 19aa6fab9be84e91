// A thread's local array that only constant indices address (after its
// loops are unrolled) lives in registers, one per 32-bit word: the register
// estimate counts them (analyses/registers.c).  An array that some index
// addresses at run time stays in memory and adds nothing.
// ptxas (nvcc 13, -O3, sm_90) gives tiles 32 registers, picked 15 and pairs 24.
// RUN: kperf analyze %s 2>&1 | FileCheck %s

#define TILE 8

// 14 without the array, 8 words more with it.
// CHECK-LABEL: kernel tiles at
// CHECK: registers per thread: about 22 (an estimate)
__global__ void tiles(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x * TILE + threadIdx.x;
  float acc[TILE];
#pragma unroll
  for (int t = 0; t < TILE; ++t)
    acc[t] = x[i + t * blockDim.x];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int t = 0; t < TILE; ++t)
      acc[t] = acc[t] * acc[t] + 1.0f;
  }
#pragma unroll
  for (int t = 0; t < TILE; ++t)
    y[i + t * blockDim.x] = acc[t];
}

// buf[j & 7] is read at a run-time index: local memory, not registers.
// CHECK-LABEL: kernel picked at
// CHECK: registers per thread: about 12 (an estimate)
__global__ void picked(const float *x, float *y, int j) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float buf[TILE];
#pragma unroll
  for (int t = 0; t < TILE; ++t)
    buf[t] = x[i * TILE + t];
  y[i] = buf[j & (TILE - 1)];
}

// Two-dimensional and 64-bit: double sum[2][3] is 12 words (16 without).
// CHECK-LABEL: kernel pairs at
// CHECK: registers per thread: about 28 (an estimate)
__global__ void pairs(const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double sum[2][3];
#pragma unroll
  for (int r = 0; r < 2; ++r)
#pragma unroll
    for (int c = 0; c < 3; ++c)
      sum[r][c] = x[i * 6 + r * 3 + c];
#pragma unroll
  for (int r = 0; r < 2; ++r)
#pragma unroll
    for (int c = 0; c < 3; ++c)
      y[i * 6 + r * 3 + c] = sum[r][c] * 2.0;
}

// An array read through a pointer at a run-time offset stays in memory too.
// CHECK-LABEL: kernel through_pointer at
// CHECK: registers per thread: about 13 (an estimate)
__global__ void through_pointer(const float *x, float *y, int j) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float buf[16];
#pragma unroll
  for (int t = 0; t < 16; ++t)
    buf[t] = x[i * 16 + t];
  const float *p = buf + (j & 7);
  y[i] = p[0] + p[1];
}

// An array handed to a device function as a pointer is still the caller's:
// the callee's loop over it unrolls whole and its constant indices are
// registers (32 words more: about 48), not local memory.
__device__ void scale_all(float *acc, const float *w) {
  for (int t = 0; t < 32; ++t)
    acc[t] = acc[t] * w[t] + 1.0f;
}
// CHECK-LABEL: kernel callee_tiles at
// CHECK-NOT: local
// CHECK: registers per thread: about 48 (an estimate)
// CHECK-NOT: local
__global__ void callee_tiles(const float *x, const float *w, float *y, int n) {
  int i = blockIdx.x * blockDim.x * 32 + threadIdx.x;
  float acc[32];
#pragma unroll
  for (int t = 0; t < 32; ++t)
    acc[t] = x[i + t * blockDim.x];
  for (int k = 0; k < n; ++k)
    scale_all(acc, w + 32 * k);
#pragma unroll
  for (int t = 0; t < 32; ++t)
    y[i + t * blockDim.x] = acc[t];
}
