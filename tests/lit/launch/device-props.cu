// Sizes read from cudaDeviceProp (cudaGetDeviceProperties) are those of the
// GPU kperf analyses for: min(prop.maxThreadsPerBlock, 768) is 768 threads on
// an H100 (1024 per block) and 512 on a GeForce 8600 GT (512 per block).
// A library's record of the device it queried, read through a call
// (`info().devices[id].warp_size`), gives the target's warp size (32 on both;
// 64 on an MI250X); a warp_size the code fills itself (`cfg.warp_size`) does
// not.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s 2>&1 \
// RUN:   | FileCheck --check-prefix=AMD %s
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

struct device_info { int cc; int warp_size; };
struct all_info { device_info devices[16]; };
const all_info &get_info();
struct config { int warp_size; };

void run_warp(float *a, int id) {
  const int warp_size = get_info().devices[id].warp_size;
  const dim3 block(warp_size, 1, 1);
  scale<<<4096, block>>>(a, 4096 * 32);
  // H100: device-props.cu:[[# @LINE - 1]]:3: remark: predicted {{.*}}: 4096 blocks of 32 threads
  // G80: device-props.cu:[[# @LINE - 2]]:3: remark: predicted {{.*}}: 4096 blocks of 32 threads
  // AMD: device-props.cu:[[# @LINE - 3]]:3: remark: predicted {{.*}}: 4096 blocks of 64 threads
}

void run_config(float *a, config cfg) {
  scale<<<4096, cfg.warp_size>>>(a, 4096 * 32);
  // H100-NOT: device-props.cu:[[# @LINE - 1]]:3: remark: predicted {{[0-9]}}
  // H100: device-props.cu:[[# @LINE - 2]]:3: remark: predicted on h100 (bn model) as a function of 'cfg.warp_size'
}
