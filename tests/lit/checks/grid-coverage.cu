// kperf-grid-coverage: grids that leave elements without a thread, tails
// without a bounds check, 2-D grids with their extents swapped; and the
// idioms that cover everything (no warning).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-grid-coverage -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-grid-coverage -fdiagnostics-parseable-fixits 2>&1 \
// RUN:   | FileCheck %s
// The fix-it applied: the division rounds up, and the warning is gone.
// RUN: cp %s %t.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.cu \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-grid-coverage -Xclang -fixit 2>/dev/null; true
// RUN: grep -c 'scale<<<(n + 256 - 1) / 256, 256>>>' %t.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.cu \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-grid-coverage 2>&1 | FileCheck --check-prefix=FIXED %s
// FIXED-NOT: rounds n down

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2.0f;
}

// No bounds check: fine when the grid is exactly n / B, wrong for a
// rounded-up grid.
__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// A grid-stride loop covers any grid.
__global__ void saxpy(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

// An early exit is a bounds check too.
__global__ void early(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  a[i] = 0.0f;
}

__global__ void image(float *img, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    img[y * width + x] = 1.0f;
}

int input_size(); // n read by the function itself (a file, argv)

void host(float *a, float *b, int w, int h) {
  int n = input_size();
  scale<<<n / 256, 256>>>(a, n); // expected-warning {{the grid of this launch of 'scale' rounds n down to a multiple of 256 threads: when n is not a multiple of 256, its last n % 256 elements get no thread, although 'scale' checks i < n for a partial block}}
  // CHECK: grid-coverage.cu:[[# @LINE - 1]]:{{[0-9]+}}: warning: the grid of this launch of 'scale' rounds n down
  // CHECK: fix-it:"{{.*}}grid-coverage.cu":{[[# @LINE - 2]]:11-[[# @LINE - 2]]:18}:"(n + 256 - 1) / 256"
  int blocks = n / 256;
  scale<<<blocks, 256>>>(a, n); // expected-warning {{rounds n down}}
  // CHECK: fix-it:"{{.*}}grid-coverage.cu":{[[# @LINE - 2]]:16-[[# @LINE - 2]]:23}:"(n + 256 - 1) / 256"
  scale<<<(n + 255) / 256, 256>>>(a, n);        // rounded up, guarded: fine
  early<<<(n + 255) / 256, 256>>>(a, n);        // rounded up, early exit: fine
  saxpy<<<n / 256, 256>>>(2.0f, a, b, n);       // grid-stride: fine
  copy<<<n / 256, 256>>>(a, b);                 // exact grid, no bound: the kernel's contract
  copy<<<(n + 255) / 256, 256>>>(a, b); // expected-warning {{the grid of this launch of 'copy' rounds n up to whole blocks of 256 threads, but 'copy' has no bounds check: when n is not a multiple of 256, the threads of the last block past n write 'out[i]' past the elements the grid covers}}
  dim3 t(16, 16);
  image<<<dim3((w + 15) / 16, (h + 15) / 16), t>>>(a, w, h); // fine
  image<<<dim3((h + 15) / 16, (w + 15) / 16), t>>>(a, w, h); // expected-warning {{the grid of this launch of 'image' has its extents swapped: its x size covers h, which 'image' bounds its y index by (height), and its y size covers w, which bounds its x index (width); when they differ, part of the problem gets no thread}}
  image<<<dim3((h + 15) / 16, (h + 15) / 16), t>>>(a, h, h); // square: fine
}

// n is the caller's: it may pass only multiples of 256 (the program's sizes).
void of_caller(float *a, float *b, int n) {
  scale<<<n / 256, 256>>>(a, n);                // fine
  copy<<<(n + 255) / 256, 256>>>(a, b);         // fine
}

// Known sizes: the count, or silence when the size is a multiple.
void known(float *a, float *b) {
  const int n = 1000;
  scale<<<n / 256, 256>>>(a, n); // expected-warning {{the grid of this launch of 'scale' rounds n down: 3 blocks of 256 threads cover 768 of the 1000 elements 'scale' checks (i < n); the last 232 are never processed}}
  const int m = 1024;
  scale<<<m / 256, 256>>>(a, m);                // a multiple: fine
  copy<<<(m + 255) / 256, 256>>>(a, b);         // a multiple: fine
  copy<<<(n + 255) / 256, 256>>>(a, b); // expected-warning {{the grid of this launch of 'copy' rounds n = 1000 up to 4 blocks of 256 threads, but 'copy' has no bounds check: its last 24 threads write 'out[i]' past the 1000 elements the grid covers}}
  image<<<dim3((480 + 15) / 16, (640 + 15) / 16), dim3(16, 16)>>>(a, 640, 480); // expected-warning {{: 76800 of the 640 x 480 elements get no thread}}
}

#pragma kperf assume(len = 4096)
void assumed(float *a, int len) {
  scale<<<len / 256, 256>>>(a, len); // a multiple by the assumption: fine
}
