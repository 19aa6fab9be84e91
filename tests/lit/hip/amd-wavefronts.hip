// On an AMD GPU a block fills whole wavefronts of 64 lanes: the launch remark
// says how many lanes a block of another size leaves idle.  Not said for a
// multiple of 64, nor on an NVIDIA GPU (whose launch search weighs it).
// REQUIRES: hip
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NV
// NV-NOT: lanes stay idle
#include <hip/hip_runtime.h>

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 2.0f * a[i];
}

int main() {
  float *a;
  hipLaunchKernelGGL(scale, dim3(1024), dim3(96), 0, 0, a, 96 * 1024);
  // CHECK: amd-wavefronts.hip:[[@LINE-1]]:3: remark: predicted {{.*}} on mi250x (bn model): 1024 blocks of 96 threads
  // CHECK-NEXT: {{ *}}[[@LINE-2]] |
  // CHECK-NEXT: {{ *}}|
  // CHECK-NEXT: amd-wavefronts.hip:[[@LINE-4]]:3: note: blocks of 96 threads fill 2 wavefronts of 64 lanes: 25% of the lanes stay idle; blocks of a multiple of 64 threads use them all
  hipLaunchKernelGGL(scale, dim3(1024), dim3(128), 0, 0, a, 128 * 1024);
  // CHECK: amd-wavefronts.hip:[[@LINE-1]]:3: remark: predicted {{.*}} 1024 blocks of 128 threads
  // CHECK-NOT: note: blocks of 128
  scale<<<dim3(64, 64), dim3(16, 1)>>>(a, 1 << 16);
  // CHECK: amd-wavefronts.hip:[[@LINE-1]]:3: remark: predicted {{.*}} 4096 blocks of 16 threads
  // CHECK: note: blocks of 16 threads fill 1 wavefront of 64 lanes: 75% of the lanes stay idle
}
