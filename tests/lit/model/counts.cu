// The kernel model kperf analyze prints: per-thread instruction counts as
// formulas and numbers, loop trip counts (canonical, halving, doubling,
// grid-stride, unknown with its trip parameter, #pragma kperf trip), affine
// address forms, shared memory, device-function inlining and recursion notes.
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s

#include <cuda_runtime.h>

// CHECK-LABEL: kernel vadd at
// CHECK: instructions per thread: 24
// CHECK: load global a (4 B), index blockDim.x*blockIdx.x + threadIdx.x [divergent]
// CHECK: store global c (4 B), index blockDim.x*blockIdx.x + threadIdx.x [divergent]
__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// CHECK-LABEL: kernel reduce at
// CHECK: barriers per thread: 9 (= flog2(blockDim.x/2) + 2)
// CHECK: loop 0 at {{.*}}counts.cu:[[# @LINE + 8]]:3 (k): 8 iterations (= flog2(blockDim.x/2) + 1) [exact]
// CHECK: load shared s[256] (4 B), index threadIdx.x + k [loop 0] [divergent]
// CHECK: shared memory per block: 1024 B static
__global__ void reduce(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// CHECK-LABEL: kernel loops at
// CHECK: instructions per thread: ? (= {{.*}}trip@counts.cu:[[# @LINE + 23]]{{.*}})
// CHECK: loop 0 at {{.*}}counts.cu:[[# @LINE + 18]]:3 (i): 16 iterations (= ceildiv(max(0, n - (blockDim.x*blockIdx.x + threadIdx.x)), gridDim.x*blockDim.x)) [exact, unrolled by 4 (nvcc's factor for its size), trip count varies by thread]
// CHECK: loop 1 at {{.*}}counts.cu:[[# @LINE + 19]]:3 (s): 14 iterations (= clog2(ceildiv(n, 64))) [exact]
// CHECK: loop 2 at {{.*}}counts.cu:[[# @LINE + 20]]:3: ? iterations (= trip@counts.cu:[[# @LINE + 20]]) [unknown:
// CHECK: loop 3 at {{.*}}counts.cu:[[# @LINE + 22]]:3: 12 iterations [pragma]
// CHECK: load global x (4 B), index blockDim.x*blockIdx.x + threadIdx.x + gridDim.x*blockDim.x*loop:0:i [loop 0]
// CHECK: store global x (4 B), index 0
// CHECK: notes:
// CHECK: loop trip count unknown
// CHECK: recursive call to 'fact': counted once, not followed
// A trip parameter bound on the command line makes the count a number:
// RUN: kperf analyze %s --arg trip@counts.cu:60=5 2>&1 | FileCheck %s --check-prefix=BOUND
// BOUND-LABEL: kernel loops at
// BOUND: instructions per thread: {{[0-9]+}} (=
__device__ float twice(float v) { return 2.0f * v; }
__device__ int fact(int v) { return v <= 1 ? 1 : v * fact(v - 1); }
__global__ void loops(float *x, int n, int *flag) {
  int stride = blockDim.x * gridDim.x;
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int s = 64; s < n; s *= 2)
    acc += 1.0f;
  while (*flag)
    acc += 1.0f;
#pragma kperf trip(12)
  while (*flag)
    acc -= 1.0f;
  x[0] = acc + fact(n);
}

void run(float *a, float *b, float *c, int *f) {
  vadd<<<4096, 256>>>(a, b, c, 1 << 20);
  reduce<<<1024, 256>>>(a, b);
  loops<<<256, 256>>>(a, 1 << 20, f);
}
