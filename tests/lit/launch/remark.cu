// kperf-launch: one remark at each launch whose kernel and sizes are known,
// with the predicted time, the launch's shape, occupancy, waves and bound;
// -fplugin-arg-kperf-launch=warning makes it a warning, =off silences it.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: remark.cu:[[# @LINE + 23]]:3: remark: predicted {{[0-9.]+}} {{us|ms}} on h100 (bn model): 4096 blocks of 256 threads, occupancy 100% (limited by warps), 3.88 waves, bound by {{dram|latency|issue}} (next: {{[a-z0-9./]+}} at {{[0-9]+}}%) [kperf-launch]
// CHECK-NOT: recommended
// CHECK-NOT: kperf-launch
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=warning 2>&1 | FileCheck --check-prefix=WARN %s
// WARN: remark.cu:[[# @LINE + 17]]:3: warning: predicted {{.*}} on h100 (bn model): 4096 blocks of 256 threads
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=off 2>&1 | count 0
//
// RUN: not %kperf_cc -fplugin-arg-kperf-launch=loud %s 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: error: kperf: bad value 'loud' for -fplugin-arg-kperf-launch; expected remark, warning or off
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

void run(const float *a, const float *b, float *c) {
  const int n = 1 << 20;
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n); // @launch
}
