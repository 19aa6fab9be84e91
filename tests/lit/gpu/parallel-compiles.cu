// 16 compiles at once share the GPU database (opened read-only): all succeed
// and all see the same GPU.
// REQUIRES: cuda
// RUN: bash %S/Inputs/parallel.sh 16 %t "target GPU h100 (" \
// RUN:   %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -nocudainc %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-verbose | FileCheck %s
// CHECK: 16 runs ok
#define __global__ __attribute__((global))
__global__ void k(float *a) {}
