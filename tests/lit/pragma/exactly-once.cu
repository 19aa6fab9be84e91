// clang runs one device pass per --cuda-gpu-arch and a host pass, and kperf's
// pragma handler runs in each: a malformed pragma is still reported once, by
// the pass that reports for kperf (the host one, or the one pass=device names).
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -c %s -o %t.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: %clang %cuda_flags --offload-arch=sm_75,sm_80,sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 2>&1 | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-pass=device 2>&1 | FileCheck %s --check-prefixes=CHECK,SM75
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-pass=device:sm_90 2>&1 | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 --cuda-device-only -c %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-pass=device 2>&1 | FileCheck %s --check-prefixes=CHECK,SM75
// The host pass reports by default, and a device-only build has none: nothing.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 --cuda-device-only -c %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 2>&1 | count 0
// Nor does a compile that is not CUDA, as for every kperf diagnostic.
// RUN: %clang -x c++ -fsyntax-only %s -fplugin=%kperf_plugin -D NOT_CUDA 2>&1 | count 0

#pragma kperf trip(
// CHECK: exactly-once.cu:[[@LINE-1]]:20: warning: kperf: malformed '#pragma kperf trip': expected an integer constant, e.g. trip(256) [-Wignored-pragmas]
// CHECK-NOT: kperf:
// HOST: 1 warning generated when compiling for host.
// SM75: 1 warning generated when compiling for sm_75.
// SM90: 1 warning generated when compiling for sm_90.
// CHECK-NOT: kperf:

#ifndef NOT_CUDA
__global__ void k(float *a) { a[threadIdx.x] = 0.0f; }
void launch(float *a) { k<<<1, 32>>>(a); }
#endif
