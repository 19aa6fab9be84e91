// Launch sizes come from locals that never change; kperf asks whether they
// change only when the initialiser folds, and a one-pass scan settles most
// variables before clang's (costly) mutation analysis.  The scan must not
// miss a write: every launch below whose size variable is written in some
// way gets no number (a statement over its unknown block size), the one with
// untouched locals does.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s
#include <cuda_runtime.h>

__global__ void fill(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

void bump(int &v) { v += 32; }
void bumpp(int *v) { *v += 32; }

void run(float *a, int flag) {
  int b0 = 128;
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted {{.*}} 4 blocks of 128 threads
  fill<<<4, b0>>>(a);

  int b1 = 128;
  if (flag)
    b1 = 256;
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'b1', which has no value here: {{.*}} at every b1 from 32 to 1024
  fill<<<4, b1>>>(a);

  int b2 = 128;
  bump(b2);
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'b2', which has no value here: {{.*}} at every b2 from 32 to 1024
  fill<<<4, b2>>>(a);

  int b3 = 128;
  bumpp(&b3);
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'b3', which has no value here: {{.*}} at every b3 from 32 to 1024
  fill<<<4, b3>>>(a);

  int b4 = 128;
  auto grow = [&] { b4 *= 2; };
  grow();
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'b4', which has no value here: {{.*}} at every b4 from 32 to 1024
  fill<<<4, b4>>>(a);

  int b5 = 128;
  b5++;
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'b5', which has no value here: {{.*}} at every b5 from 32 to 1024
  fill<<<4, b5>>>(a);

  int b6 = 128;
  int &r6 = b6;
  r6 = 64;
  // CHECK: mutation-scan.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'b6', which has no value here: {{.*}} at every b6 from 32 to 1024
  fill<<<4, b6>>>(a);
}
