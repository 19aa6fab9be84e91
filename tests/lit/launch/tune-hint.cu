// A launch whose block size is written as an object-like macro (a
// compile-time parameter that may also size __shared__ tiles and loops)
// gets a note naming it and the `kperf tune` command that searches it, once
// per file and parameter.  A constexpr variable or a literal gets none.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="compile-time parameter"
#include <cuda_runtime.h>

#define THREADS 128
#define BX 16
#define BY 8

__global__ void scale(float *a, int n) {
  __shared__ float s[THREADS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  if (i < n)
    a[i] = 2.0f * s[threadIdx.x];
}

__global__ void tile(float *a, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * w + x] += 1.0f;
}

void run(float *a, int n) {
  // CHECK: tune-hint.cu:[[# @LINE + 2]]:3: remark: predicted
  // CHECK: tune-hint.cu:[[# @LINE + 1]]:3: note: the block size is the compile-time parameter 'THREADS'; `kperf tune tune-hint.cu --tune THREADS` predicts the launches at its other values
  scale<<<(n + THREADS - 1) / THREADS, THREADS>>>(a, n);
  scale<<<64, THREADS>>>(a, 64 * THREADS); // the same parameter: no second note
  constexpr int B = 256;
  scale<<<4, B>>>(a, 4 * B);
  dim3 blk(BX, BY), grd(64, 64);
  // CHECK: tune-hint.cu:[[# @LINE + 2]]:3: remark: predicted
  // CHECK: tune-hint.cu:[[# @LINE + 1]]:3: note: the block size is the compile-time parameters 'BX' and 'BY'; `kperf tune tune-hint.cu --tune BX --tune BY` predicts the launches at their other values
  tile<<<grd, blk>>>(a, 64 * BX);
}
