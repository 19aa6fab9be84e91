// clang runs one device pass per --cuda-gpu-arch and a host pass, loading the
// plugin into each: every kperf diagnostic must still appear exactly once.
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -c %s -o %t.o \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
// RUN: %clang %cuda_flags --offload-arch=sm_75,sm_80,sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
//
// Device-only builds report from the pass of the first arch, or the one named.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 --cuda-device-only -c %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose -fplugin-arg-kperf-pass=device 2>&1 | FileCheck %s
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 --cuda-device-only -c %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose -fplugin-arg-kperf-pass=device:sm_90 2>&1 | FileCheck %s
// The default (host) pass does not run in a device-only build: nothing at all.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 --cuda-device-only -c %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose 2>&1 | count 0
// And a host-only build with pass=device reports nothing either.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose -fplugin-arg-kperf-pass=device 2>&1 | count 0

__global__ void twice(float *a) { a[threadIdx.x] *= 2.0f; }

void launch(float *a) { twice<<<1, 32>>>(a); }

// CHECK: exactly-once.cu:[[@LINE-4]]:17: remark: kernel 'twice'{{.*}}[kperf-model]
// CHECK-NOT: kernel 'twice'
// CHECK: exactly-once.cu:[[@LINE-4]]:25: remark: launch of 'twice'{{.*}}[kperf-model]
// CHECK-NOT: kperf-model
