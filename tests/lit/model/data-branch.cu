// A branch on a value loaded from memory (a data test) is taken by a share of
// the threads kperf cannot know: its condition's loads and compare always
// count, its instructions count at the longer side (a warp issues a side
// when one of its lanes takes it), and the bytes its sides move count at
// their share: 50% for the then side unless `#pragma kperf likely(P)` gives
// P percent (0 and 100: only one side runs, its instructions too).
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// RUN: kperf predict %s --kernel relu --grid 4096 --block 256 --arg n=1048576 --gpu h100 \
// RUN:   --db %kperf_db | FileCheck --check-prefix=HALF %s
// RUN: kperf predict %s --kernel relu_rare --grid 4096 --block 256 --arg n=1048576 --gpu h100 \
// RUN:   --db %kperf_db | FileCheck --check-prefix=RARE %s
// RUN: %kperf_cc -fplugin-arg-kperf-checks=-* %s -fsyntax-only -Xclang -verify=pragma

// The load of a[i] (4 bytes) always; the store at half: 6 bytes.
// CHECK-LABEL: kernel relu at
// CHECK: instructions per thread: 20
// CHECK: bytes per thread: global 6
// HALF: per thread: 20 instructions, 6 global bytes
__global__ void relu(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = a[i];
    if (v < 0)
      b[i] = 0;
  }
}

// Never taken: the store and its instructions are not counted.
// CHECK-LABEL: kernel relu_rare at
// CHECK: instructions per thread: 17
// CHECK: bytes per thread: global 4
// RARE: per thread: 17 instructions, 4 global bytes
__global__ void relu_rare(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = a[i];
#pragma kperf likely(0)
    if (v < 0)
      b[i] = 0;
  }
}

// A quarter of the threads take the then side, the rest the else side; in
// a loop, the shares multiply its bytes: 8 * (4 + 4 * 25% + 8 * 75%) = 88.
// CHECK-LABEL: kernel assign at
// CHECK: bytes per thread: global 88
__global__ void assign(const int *cost, int *best, float *w, int bound) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 8; ++k) {
    int c = cost[t * 8 + k];
#pragma kperf likely(25)
    if (c < bound)
      best[t] = k;
    else
      *(double *)&w[2 * t] = 0.0;
  }
}

// A test on the thread or on parameters is not a data test: its longer side.
// CHECK-LABEL: kernel threads at
// CHECK: bytes per thread: global 8
__global__ void threads(const float *a, float *b) {
  if (threadIdx.x % 2 == 0)
    b[threadIdx.x] = a[threadIdx.x];
}

// pragma-warning@+1 {{the percentage must be from 0 to 100, not 150}}
#pragma kperf likely(150)
__global__ void placed(float *x) {
// pragma-warning@+1 {{'#pragma kperf likely' must come right before an if statement; ignored}}
#pragma kperf likely(10)
  x[0] = 1;
}
