// With '#pragma kperf' in the source, loading kperf still never changes what
// clang emits: the object files with and without the plugin are byte-identical,
// and so is the preprocessed output of clang -E (the pragmas are kept in it,
// as clang keeps any pragma it does not know).
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.plain.o
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.kperf.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose
// RUN: cmp %t.plain.o %t.kperf.o
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.dev.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-pass=device
// RUN: cmp %t.plain.o %t.dev.o
// Debug info carries line and column numbers: the pragmas must not move them.
// (Objects built with -g differ from run to run even without kperf: compare IR.)
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -g -S -emit-llvm %s -o %t.plain.host.ll
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -g -S -emit-llvm %s -o %t.kperf.host.ll -fplugin=%kperf_plugin
// RUN: cmp %t.plain.host.ll %t.kperf.host.ll
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-device-only -g -S -emit-llvm %s -o %t.plain.dev.ll
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-device-only -g -S -emit-llvm %s -o %t.kperf.dev.ll \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-pass=device
// RUN: cmp %t.plain.dev.ll %t.kperf.dev.ll
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -E %s -o %t.plain.i
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -E %s -o %t.kperf.i -fplugin=%kperf_plugin
// RUN: cmp %t.plain.i %t.kperf.i
// RUN: FileCheck %s --check-prefix=PP < %t.kperf.i
// PP: #pragma kperf assume(n = 1<<20, m = 64)
// PP: #pragma kperf trip(256)
// PP: #pragma kperf trip(0x10)
// PP: #pragma kperf foo(bar
// PP: #pragma kperf trip(64)
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -E -P %s -o %t.plain.P.i
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -E -P %s -o %t.kperf.P.i -fplugin=%kperf_plugin
// RUN: cmp %t.plain.P.i %t.kperf.P.i
#include <cuda_runtime.h>

#define STR(x) #x
#define TRIP(n) _Pragma(STR(kperf trip(n)))

#pragma kperf assume(n = 1<<20, m = 64)

__global__ void saxpy(float a, const float *x, float *y, int n) {
  float s = 0;
#pragma kperf trip(256)
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s += x[i];
#pragma kperf trip(0x10)
#pragma unroll 2
  for (int i = 0; i < n / 16; ++i)
    y[i] = a * x[i] + s;
#pragma kperf foo(bar
  TRIP(64)
  while (n > 64)
    n -= 64;
  y[0] = n;
}

void run(float a, const float *x, float *y, int n) { saxpy<<<(n + 255) / 256, 256>>>(a, x, y, n); }
