// A kernel with no bounds check runs exactly grid x block threads: another
// block size keeps its result only when it divides the problem and the grid
// becomes P / block.  kperf-launch recommends such a size (<<<n/B, B>>>, no
// rounding up) when the problem size is known and the launch fits it
// exactly; never for a rounded-up grid (the launch already over-runs) or a
// problem no candidate divides.  A kernel that singles out a thread of each
// block (threadIdx.x == 0) does work per block: no other size for it.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: recommend-exact-fit.cu:[[# @LINE + 27]]:3: note: recommended <<<n/{{(64|128|256|512|1024)}}, {{(64|128|256|512|1024)}}>>>
// CHECK-NOT: recommend-exact-fit.cu:[[# @LINE + 27]]:3: note: recommended
// CHECK-NOT: recommend-exact-fit.cu:[[# @LINE + 27]]:3: note: recommended
// CHECK-NOT: recommend-exact-fit.cu:[[# @LINE + 27]]:3: note: recommended
// CHECK: recommend-exact-fit.cu:[[# @LINE + 26]]:3: remark: predicted
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY: recommend-exact-fit.cu:[[# @LINE + 22]]:3: note: no other block size considered: the kernel singles out threads (threadIdx.x == 0) or reads gridDim.x, so its work depends on the block size
#include <cuda_runtime.h>

__global__ void inc(int *a, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] + v;
}

__global__ void count(float *x, int *blocks, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    atomicAdd(blocks, 1);
  if (i < n)
    x[i] = 2.0f * x[i];
}

void run(int *a, float *x, int *blocks) {
  const int n = 1 << 22;
  const int odd = 32 * 65537; // 65537 is prime: no other multiple of 32 up to 1024 divides it
  inc<<<n / 32, 32>>>(a, 1);                  // @exact
  inc<<<(n + 31) / 32, 32>>>(a, 1);           // @rounded: same threads, but not written as P / B
  inc<<<odd / 32, 32>>>(a, 1);                // @nodivisor
  count<<<(n + 31) / 32, 32>>>(x, blocks, n); // @single
  count<<<(n + 31) / 32, 32>>>(x, blocks, n); // @single2
}
