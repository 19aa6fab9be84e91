// An assumed value of a host variable reaches the kernel parameter it is
// passed to, whatever the parameter is called: loop's trip count 'count' is
// the host's n, so the launch is predicted.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s
// CHECK: assumed-arg.cu:[[# @LINE + 18]]:3: remark: predicted {{[0-9.]+ (us|ms)}} on h100 (bn model): 1 blocks of 32 threads
// CHECK-NOT: as a function of
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s -DTWICE 2>&1 \
// RUN:   | FileCheck --check-prefix=TWICE %s
// TWICE: assumed-arg.cu:[[# @LINE + 14]]:3: remark: predicted {{[0-9.]+}} {{us|ms}} on h100 (bn model): 1 blocks of 32 threads
#include <cuda_runtime.h>

__global__ void loop(float *a, int count) {
  for (int j = 0; j < count; j++)
    a[threadIdx.x] += 1.0f;
}

#ifdef TWICE
#pragma kperf assume(n = 8192)
#else
#pragma kperf assume(n = 4096)
#endif
void run(float *c, int n) {
  loop<<<1, 32>>>(c, (n)); // @launch
}
