// Launches whose sizes are unknown get no kperf-launch finding by default;
// with -fplugin-arg-kperf-verbose a remark names what is missing.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | count 0
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
// CHECK: unknown-sizes.cu:[[# @LINE + 22]]:3: remark: no time predicted for this launch of 'vadd' on h100: the grid size is not known ((n + 255) / 256) [kperf-launch]
// CHECK: unknown-sizes.cu:[[# @LINE + 22]]:3: remark: no time predicted for this launch of 'vadd' on h100: the block size is not known (threads) [kperf-launch]
// CHECK: unknown-sizes.cu:[[# @LINE + 22]]:3: remark: no time predicted for this launch of 'loop' on h100: {{.*}}'m'{{.*}} [kperf-launch]
//
// With the size given (--arg / -fplugin-arg-kperf-arg), the launch is predicted.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-arg=n=4096 2>&1 | FileCheck --check-prefix=BOUND %s
// BOUND: unknown-sizes.cu:[[# @LINE + 15]]:3: remark: predicted {{.*}}: 16 blocks of 256 threads
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void loop(float *a, int m) {
  for (int j = 0; j < m; j++)
    a[threadIdx.x] += 1.0f;
}

void run(const float *a, const float *b, float *c, int n, int threads, int m) {
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n); // @grid
  vadd<<<64, threads>>>(a, b, c, n); // @block
  loop<<<1, 32>>>(c, m); // @count
}
