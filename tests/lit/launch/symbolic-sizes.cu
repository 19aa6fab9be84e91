// Sizes that are formulas over host variables without a value stay
// symbolic: divide-rounding-up helpers whose divisor is not the block, struct
// members, ceil of a quotient, min.  A size given for a member
// (-fplugin-arg-kperf-arg=size.width=...) evaluates it.  A time that does not
// grow with the variable at all (checked at odd values too) is said once.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="kperf-launch"
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-arg=size.width=4096 -fplugin-arg-kperf-arg=sx=1000 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NUM
#include <cuda_runtime.h>
#include <algorithm>
#define WIN 64

struct Size { int width, height; };

__global__ void add(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1;
}

__global__ void pick(float *c, int k) {
  for (int j = 0; j < k % 4; j++)
    c[threadIdx.x] += 1.0f;
}

static int divRndUp(int a, int b) { return (a + b - 1) / b; }

void run(float *a, int sx, Size size, int nelem, int k) {
  // CHECK: symbolic-sizes.cu:[[# @LINE + 2]]:3: remark: predicted on h100 (bn model) as a function of 'sx', which has no value here: {{.*}} (linear at large sx: {{.*}}){{.*}} [kperf-launch]
  // NUM: symbolic-sizes.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 32 blocks of 32 threads
  add<<<divRndUp(sx, WIN) * 2, 32>>>(a, sx);
  // CHECK: symbolic-sizes.cu:[[# @LINE + 2]]:3: remark: predicted on h100 (bn model) as a function of 'size.width', which has no value here: {{.*}} at size.width = 2^16{{.*}} [kperf-launch]
  // NUM: symbolic-sizes.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 32 blocks of 128 threads
  add<<<size.width / 128, 128>>>(a, size.width);
  dim3 block(256);
  // CHECK: symbolic-sizes.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'nelem', which has no value here: {{.*}} (linear at large nelem{{.*}} [kperf-launch]
  add<<<(unsigned)ceil(nelem / (float)block.x), block>>>(a, nelem);
  // The grid is at most 1024 blocks of 256 threads: past nelem = 2^18 every
  // thread works and the time stays; below, the threads past nelem exit.
  // CHECK: symbolic-sizes.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'nelem', which has no value here: [[T:[0-9.]+ us]] at every nelem from 2^20 to 2^24 (the time does not change beyond nelem = 2^20; {{[0-9.]+ us}} at 2^12), bound by{{.*}} [kperf-launch]
  add<<<std::min(nelem, 1024), 256>>>(a, nelem);
  // k % 4 is 0 at every power of two, not at every k: nothing is said.
  pick<<<1, 32>>>(a, k);
  // A rounding-up term written as a condition: 1000 / 64 + 1 = 16 blocks.
  // CHECK: symbolic-sizes.cu:[[# @LINE + 2]]:3: remark: predicted on h100 (bn model) as a function of 'sx', which has no value here: {{.*}} [kperf-launch]
  // NUM: symbolic-sizes.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 16 blocks of 64 threads
  add<<<(sx / 64) + (!(sx % 64) ? 0 : 1), 64>>>(a, sx);
  // A grid per SM: the target GPU's SM count (h100: 132).
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // CHECK: symbolic-sizes.cu:[[# @LINE + 2]]:3: remark: predicted {{.*}}: 264 blocks of 256 threads{{.*}} [kperf-launch]
  // NUM: symbolic-sizes.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 264 blocks of 256 threads
  add<<<prop.multiProcessorCount * 2, 256>>>(a, 1 << 20);
}
