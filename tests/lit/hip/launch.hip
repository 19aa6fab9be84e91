// HIP launches: hipLaunchKernelGGL and <<<>>> are predicted; HIP's
// __launch_bounds__ (amdgpu_flat_work_group_size) bounds the block sizes kperf
// considers; a kernel grid-striding over blockDim.x * gridDim.x gets its trip count.
// REQUIRES: hip
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(128) bounded(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 1.0f;
}
// CHECK: launch.hip:[[@LINE-5]]:{{[0-9]+}}: remark: kernel 'bounded'
// CHECK: note: __launch_bounds__(128, 0)

__global__ void scale(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i];
}

int main() {
  float *a;
  hipLaunchKernelGGL(bounded, dim3(64), dim3(128), 0, 0, a, 1 << 13);
  // CHECK: launch.hip:[[@LINE-1]]:3: remark: launch of 'bounded': grid (64, 1, 1), block (128, 1, 1)
  // CHECK: launch.hip:[[@LINE-2]]:3: remark: predicted {{.*}} on a100 (bn model): 64 blocks of 128 threads
  scale<<<64, 256>>>(a, 1 << 20);
  // CHECK: launch.hip:[[@LINE-1]]:3: remark: predicted {{.*}} on a100 (bn model): 64 blocks of 256 threads
  // CHECK-NOT: depends on
}
