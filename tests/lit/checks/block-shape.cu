// Where the block shape comes from: a launch, #pragma kperf block, or
// __launch_bounds__; with none, a 1-D block of 256 threads is assumed and the
// finding says so, and accesses that depend on threadIdx.y/z are not judged.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

// No launch, no pragma: assumed 1-D.
__global__ void no_shape(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[32 * i]; // expected-warning {{each warp request touches 32 sectors where 4 would do}}
}
// CHECK: block-shape.cu:[[# @LINE - 2]]:10: note: for block shape unknown (no launch in this file): assumed 1-D with 256 threads; give it with #pragma kperf block(x, y, z)

// 2-D indexing without a known shape: nothing is claimed.
__global__ void no_shape_2d(const float *a, float *b, int n) {
  b[threadIdx.y * n + threadIdx.x] = a[threadIdx.x * n + threadIdx.y];
}
// CHECK-NOT: block-shape.cu:[[# @LINE - 2]]

// __launch_bounds__: taken as a 1-D block of that size.
__global__ void __launch_bounds__(128) bounded(const double *a, double *b) {
  b[threadIdx.x] = a[4 * threadIdx.x]; // expected-warning {{each warp request touches 32 sectors where 8 would do}}
}
// CHECK: note: for block (128, 1, 1) assumed from __launch_bounds__(128)

// The pragma gives the shape of the kernels after it: 8 threads wide, rows of 64 floats apart.
#pragma kperf block(8, 4)
__global__ void with_pragma(float *b) {
  __shared__ float t[4][64];
  t[threadIdx.y][threadIdx.x * 2] = 0.0f; // expected-warning {{4-way shared-memory bank conflict on 't'}}
  __syncthreads();
  b[threadIdx.y * 8 + threadIdx.x] = t[threadIdx.y][threadIdx.x]; // expected-warning {{4-way shared-memory bank conflict on 't'}}
}
// CHECK: block-shape.cu:[[# @LINE - 4]]:35: warning: 4-way shared-memory bank conflict on 't': lanes 0, 8, 16, 24 all hit bank 0 at 4 different addresses (stride 2 elements (8 B) between adjacent threads; a warp spans 4 rows of 8 threads, 64 elements apart)
// CHECK: note: for block (8, 4, 1) from #pragma kperf block
// CHECK: block-shape.cu:[[# @LINE - 4]]:38: warning: 4-way shared-memory bank conflict on 't'

// Padding t's rows to 65 would leave the store 2-way, so no fix-it is offered.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s --check-prefix=NOFIX
// NOFIX-NOT: fix-it:
