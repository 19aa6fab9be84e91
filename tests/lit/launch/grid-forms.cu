// Grids written the way real code writes them: divided by the block's dim3
// variable (width / threads.x), rounded up with (n + threads.x - 1) /
// threads.x, or by a ceiling-division helper (iDivUp(n, 256)), ceil(n /
// (float)b), (n - 1 + 256) / 256, (n + 255) / bs with bs assumed 256.  A
// numerator that is not the size rounded up ((n + 127) / 256) is the formula
// it is (3906 blocks for n = 1000000); so is n / 256 + (0 != n % 256), whose
// comparison counts 1 or 0.  With the size
// assumed, the grid is evaluated; without it, the launch gets a time as a
// function of that size.  A divisor that is not the block's is read as the
// formula it is (m / other.x is m / 64), not as the problem size.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s -DASSUMED \
// RUN:   2>&1 | FileCheck --check-prefix=ASSUMED %s
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 4096 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 64 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3906 blocks of 256 threads
// ASSUMED: grid-forms.cu:[[# @LINE + 45]]:3: remark: predicted {{.*}}: 3907 blocks of 256 threads
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   2>&1 | FileCheck --check-prefix=FREE %s
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'width'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'm'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n' and 'bs'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'
// FREE: grid-forms.cu:[[# @LINE + 32]]:3: remark: predicted on h100 (bn model) as a function of 'n'

#include <cuda_runtime.h>

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

static int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }
static int divRndUp(int a, int b) { return (a + b - 1) / b; }

#ifdef ASSUMED
#pragma kperf assume(width = 1048576)
#pragma kperf assume(n = 1000000)
#pragma kperf assume(m = 4096)
#pragma kperf assume(bs = 256)
#endif

void run(float *x, int width, int n, int m, int bs) {
  dim3 threads(256);
  dim3 other(64);
  scale<<<width / threads.x, threads>>>(x, 2.0f, width);               // @div
  scale<<<(n + threads.x - 1) / threads.x, threads>>>(x, 2.0f, n);     // @ceil
  scale<<<iDivUp(n, 256), 256>>>(x, 2.0f, n);                          // @divup
  scale<<<m / other.x, threads>>>(x, 2.0f, m);                         // @other
  scale<<<divRndUp(n, threads.x), threads>>>(x, 2.0f, n);              // @rnd
  scale<<<ceil(n / (float)threads.x), threads>>>(x, 2.0f, n);          // @ceilf
  scale<<<(n - 1 + 256) / 256, 256>>>(x, 2.0f, n);                      // @minus
  scale<<<(n + 255) / bs, bs>>>(x, 2.0f, n);                            // @tail
  scale<<<(n + 127) / 256, 256>>>(x, 2.0f, n);                          // @short
  scale<<<n / 256 + (0 != n % 256), 256>>>(x, 2.0f, n);                 // @cmp
}
