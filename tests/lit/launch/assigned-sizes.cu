// Sizes assigned after their declaration, and arithmetic over values known
// at the launch: the assignment that reaches the launch on every way there
// gives the value; where another may, there is none.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="blocks of"
#include <cuda_runtime.h>

__global__ void add(float *a, int n) {
  extern __shared__ float s[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = 0;
  if (i < n)
    a[i] += s[threadIdx.x];
}

void run(float *a, int threads, int which, int n) {
  int smem = threads <= 32 ? 2 * threads * (int)sizeof(float) : threads * (int)sizeof(float);
  int grid = 64;
  switch (which) {
  case 0:
    switch (threads) {
    case 128:
      // smem = 128 * 4 = 512 bytes; grid = 64
      // CHECK: assigned-sizes.cu:[[# @LINE + 1]]:7: remark: predicted {{.*}}: 64 blocks of 128 threads
      add<<<grid, threads, smem>>>(a, 1 << 13);
      break;
    }
    break;
  case 1:
    smem = ((threads / 32) + 1) * sizeof(float);
    grid = 2 * 64;
    switch (threads) {
    case 256:
      // CHECK: assigned-sizes.cu:[[# @LINE + 1]]:7: remark: predicted {{.*}}: 128 blocks of 256 threads
      add<<<grid, threads, smem>>>(a, 1 << 15);
      break;
    }
    break;
  case 2:
    if (n > 100)
      grid = 7; // assigned on one way only
    switch (threads) {
    case 256:
      add<<<grid, threads, smem>>>(a, 1 << 15); // no time: grid is 64 or 7
      break;
    }
    break;
  }
  for (int k = 0; k < 2; k++) {
    if (threads == 64)
      add<<<grid, threads, smem>>>(a, 1 << 15); // no time: grid changes in the loop
    grid = 3;
  }
  int blocks = 8;
  int *p = &blocks;
  *p = 9;
  add<<<blocks, 64>>>(a, 512); // no time: written through a pointer
  blocks = 10; // a plain assignment after it: known again
  // CHECK: assigned-sizes.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 10 blocks of 64 threads
  add<<<blocks, 64>>>(a, 640);
}

// dim3 variables assigned after their declaration.
void shapes(float *a, int n) {
  dim3 threads, grid;
  if (n > 5) {
    threads = dim3(128, 1, 1);
  }
  threads = dim3(64, 1, 1);
  grid = dim3(4);
  // CHECK: assigned-sizes.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 4 blocks of 64 threads
  add<<<grid, threads>>>(a, 256);
  if (n > 7)
    threads = dim3(32, 1, 1);
  add<<<grid, threads>>>(a, 256); // no time: 64 or 32
}
