// Loading kperf never changes what clang emits: the object file built with the
// plugin (verbose, every pass) is byte-identical to the one built without it.
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.plain.o
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.kperf.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
// RUN: cmp %t.plain.o %t.kperf.o
// The same with the reporting moved to a device pass.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.dev.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-pass=device
// RUN: cmp %t.plain.o %t.dev.o
// The check filter, NOLINT matching and the findings reports change nothing either.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.reports.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-checks=-*,kperf-bank-conflict \
// RUN:   -fplugin-arg-kperf-report=sarif:%t.sarif -fplugin-arg-kperf-report=json:%t.json
// RUN: cmp %t.plain.o %t.reports.o
// CHECK: remark: kernel 'saxpy'
#include <cuda_runtime.h>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(float a, const float *x, float *y, int n) { saxpy<<<(n + 255) / 256, 256>>>(a, x, y, n); }
