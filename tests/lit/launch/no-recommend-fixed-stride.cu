// A kernel that places its blocks by a constant (blockIdx.x * 32 +
// threadIdx.x) assumes its block size: with 64 threads, threads 32-63 of a
// block would redo the next block's elements.  No other block size is
// recommended for it, however poor its own; the same kernel written with
// blockDim.x gets one.  An index through a local (int base = blockIdx.x * 32)
// is the same index.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: no-recommend-fixed-stride.cu:[[# @LINE + 33]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads
// CHECK-NOT: no-recommend-fixed-stride.cu:[[# @LINE + 32]]:3: note: recommended
// CHECK: no-recommend-fixed-stride.cu:[[# @LINE + 32]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads
// CHECK-NOT: no-recommend-fixed-stride.cu:[[# @LINE + 31]]:3: note: recommended
// CHECK: no-recommend-fixed-stride.cu:[[# @LINE + 31]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY: no-recommend-fixed-stride.cu:[[# @LINE + 25]]:3: note: no other block size considered: the kernel places its blocks by blockIdx.x times a size other than blockDim.x, so it assumes its block size
// WHY: no-recommend-fixed-stride.cu:[[# @LINE + 25]]:3: note: no other block size considered: the kernel places its blocks by blockIdx.x times a size other than blockDim.x
#include <cuda_runtime.h>

__global__ void fixed(float *x, float s, int n) {
  int i = blockIdx.x * 32 + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

__global__ void fixed_local(float *x, float s, int n) {
  int base = blockIdx.x * 32;
  if (base + threadIdx.x < n)
    x[base + threadIdx.x] = x[base + threadIdx.x] * s;
}

__global__ void scaled(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

#pragma kperf assume(n = 1 << 20)

void run(float *x, int n) {
  fixed<<<(n + 31) / 32, 32>>>(x, 2.0f, n);       // @fixed
  fixed_local<<<(n + 31) / 32, 32>>>(x, 2.0f, n); // @local
  scaled<<<(n + 31) / 32, 32>>>(x, 2.0f, n);      // @scaled
}
