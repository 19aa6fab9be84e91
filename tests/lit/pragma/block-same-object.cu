// '#pragma kperf block' never changes what clang emits: the object files with
// and without the plugin are byte-identical, a compile without the plugin
// succeeds (quietly with -Wno-unknown-pragmas, or with the pragma behind a
// macro that expands to nothing), and clang -E keeps the pragma as written.
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.plain.o \
// RUN:   -Wall -Wno-unknown-pragmas 2>&1 | count 0
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.kperf.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-launch=off 2>&1 | count 0
// RUN: cmp %t.plain.o %t.kperf.o
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.dev.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-pass=device -fplugin-arg-kperf-launch=off 2>&1 | count 0
// RUN: cmp %t.plain.o %t.dev.o
// The macro form without kperf (-D NO_KPERF): no pragma at all, the same object.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -O2 -c %s -o %t.nokperf.o \
// RUN:   -Wall -Wno-unknown-pragmas -D NO_KPERF 2>&1 | count 0
// RUN: cmp %t.plain.o %t.nokperf.o
// Without -Wno-unknown-pragmas, -Wall mentions every pragma, but with the macro
// expanding to nothing only the one written as '#pragma'.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only %s -Wall 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN3
// UNKNOWN3-COUNT-3: warning: unknown pragma ignored [-Wunknown-pragmas]
// UNKNOWN3-NOT: warning:
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only %s -Wall -D NO_KPERF 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN1
// UNKNOWN1: block-same-object.cu:[[# @LINE + 18]]:9: warning: unknown pragma ignored [-Wunknown-pragmas]
// UNKNOWN1-NOT: warning:
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -E %s -o %t.plain.i
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -E %s -o %t.kperf.i -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4
// RUN: cmp %t.plain.i %t.kperf.i
// RUN: FileCheck %s --check-prefix=PP < %t.kperf.i
// PP: #pragma kperf block(256)
// PP: #pragma kperf block(32, 8)
// PP: #pragma kperf block(8, 8, 4)
#include <cuda_runtime.h>

#ifdef NO_KPERF
#define KPERF_BLOCK(...)
#else
#define KPERF_STR(x) #x
#define KPERF_BLOCK(...) _Pragma(KPERF_STR(kperf block(__VA_ARGS__)))
#endif

#pragma kperf block(256)
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

KPERF_BLOCK(32, 8)
__global__ void tile(float *x, int w) { x[(blockIdx.y * 8 + threadIdx.y) * w + threadIdx.x] += 1.0f; }

KPERF_BLOCK(8, 8, 4)
__global__ void cube(float *x) { x[threadIdx.z * 64 + threadIdx.y * 8 + threadIdx.x] = 0.0f; }

void run(float *x, int n) {
  scale<<<(n + 255) / 256, 256>>>(x, n);
  tile<<<dim3(1, n / 8), dim3(32, 8)>>>(x, 32);
  cube<<<1, dim3(8, 8, 4)>>>(x);
}
