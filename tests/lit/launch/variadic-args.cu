// A size passed by value to a variadic function (printf) keeps its
// initialiser; passed by address (scanf, a variadic function of the
// program's own), it may be anything at the launch: no number is assumed.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="4096 blocks"
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1.0f;
}

void note(const char *what, ...);

void printed(float *a) {
  int n = 1 << 20;
  printf("n = %d, %f\n", n, 2.0 * n);
  // CHECK: variadic-args.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}}: 4096 blocks of 256 threads
  add<<<(n + 255) / 256, 256>>>(a, n);
}

void read(float *a) {
  int n = 1 << 20;
  if (scanf("%d", &n) != 1)
    return;
  // CHECK: variadic-args.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'n'
  add<<<(n + 255) / 256, 256>>>(a, n);
}

void noted(float *a) {
  int n = 1 << 20;
  note("n", &n);
  // CHECK: variadic-args.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'n'
  add<<<(n + 255) / 256, 256>>>(a, n);
}
