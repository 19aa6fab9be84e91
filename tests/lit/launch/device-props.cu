// Sizes read from cudaDeviceProp (cudaGetDeviceProperties) are those of the
// GPU kperf analyses for: min(prop.maxThreadsPerBlock, 768) is 768 threads on
// an H100 (1024 per block) and 512 on a GeForce 8600 GT (512 per block).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=H100 %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=8600gt %s 2>&1 \
// RUN:   | FileCheck --check-prefix=G80 %s
#include <algorithm>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2.0f;
}

void run(float *a) {
  int n = 1 << 20;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int threads = std::min(prop.maxThreadsPerBlock, 768);
  scale<<<(n + threads - 1) / threads, threads>>>(a, n);
  // H100: device-props.cu:[[# @LINE - 1]]:3: remark: predicted {{.*}}: 1366 blocks of 768 threads
  // G80: device-props.cu:[[# @LINE - 2]]:3: remark: predicted {{.*}}: 2048 blocks of 512 threads
}
