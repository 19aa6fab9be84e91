// The recommended grid is computed from the problem size a grid covers, and
// is written in the source's own terms: ceil(n/B) for each way real code
// rounds a division up, ceil(N/B) for a macro's size that folds, ceil((rows *
// cols)/B) for a product, through a local that holds the grid (int blocks =
// (n + b - 1) / b).  A grid whose numerator is not the problem rounded
// up ((n + 7) / 32 covers n + 7 - 31 elements) gives no problem size, and a
// bounds-checked kernel then gets no recommendation.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(N/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil((rows * cols)/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: remark: predicted {{.*}}: 32768 blocks of 32 threads
// CHECK-NOT: recommend-grid-forms.cu:[[# @LINE + 29]]:3: note: recommended
// CHECK: recommend-grid-forms.cu:[[# @LINE + 29]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
// CHECK: recommend-grid-forms.cu:[[# @LINE + 30]]:3: note: recommended <<<ceil(n/{{[0-9]+}}), {{[0-9]+}}>>>
#include <cuda_runtime.h>

#define N (1 << 20)

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

static int divUp(int a, int b) { return (a + b - 1) / b; }

#pragma kperf assume(n = 1 << 20)
#pragma kperf assume(rows = 1024)
#pragma kperf assume(cols = 1024)

void run(float *x, int n, int rows, int cols) {
  int b = 32;
  dim3 threads(32);
  scale<<<(n + b - 1) / b, b>>>(x, 2.0f, n);                     // @sum
  scale<<<(n + (threads.x - 1)) / threads.x, threads>>>(x, 2.0f, n); // @paren
  scale<<<(n - 1 + 32) / 32, 32>>>(x, 2.0f, n);                  // @minus
  scale<<<divUp(n, b), b>>>(x, 2.0f, n);                         // @helper
  scale<<<ceil(n / (float)b), b>>>(x, 2.0f, n);                  // @ceilf
  scale<<<(N + 31) / 32, 32>>>(x, 2.0f, N);                      // @macro
  scale<<<(rows * cols + 31) / 32, 32>>>(x, 2.0f, rows * cols);  // @product
  scale<<<(n + 7) / 32, 32>>>(x, 2.0f, n);                       // @short
  scale<<<(n + 31) / b, b>>>(x, 2.0f, n);                        // @tail
  int blocks = (n + b - 1) / b;
  scale<<<blocks, b>>>(x, 2.0f, n);                              // @local
}
