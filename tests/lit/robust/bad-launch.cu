// Launch sizes the CUDA runtime rejects get one warning each, and no
// predicted time; valid launches next to them are predicted as usual.  Sizes
// are what dim3 (unsigned int) and size_t make of the values written.
// REQUIRES: cuda
// RUN: %kperf_cc -Wno-constant-conversion -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// Only the valid launch is predicted a number (the launch sized by 'big' gets
// a time as a function of it):
// RUN: %kperf_cc -Wno-constant-conversion -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | grep -c 'remark: predicted [0-9]' | FileCheck --check-prefix=NOTIME %s
// RUN: %kperf_cc -Wno-constant-conversion -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | grep -c "as a function of 'big'" | FileCheck --check-prefix=NOTIME %s
// With the launch check off, nothing is said of them (but for the tail the
// rounded-up grid of 'sized' leaves to 'fill', which has no bounds check:
// kperf-grid-coverage, tests/lit/checks/grid-coverage.cu).
// RUN: %kperf_cc -Wno-constant-conversion -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-launch=off -fplugin-arg-kperf-checks=-kperf-grid-coverage %s 2>&1 | count 0
// NOTIME: {{^}}1{{$}}
// Sizes evaluated from an assumed value meet the same limits.
// RUN: %kperf_cc -Wno-constant-conversion -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-arg=big=1099511627776 %s 2>&1 | FileCheck --check-prefix=ASSUMED %s
// ASSUMED: warning: this launch of 'fill' fails: 2^32 blocks in x ('(big + 255) / 256' as written) exceed the grid limit 2^31-1
// The verbose inventory shows the sizes the launch gets, not the text's sign.
// RUN: %kperf_cc -Wno-constant-conversion -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck --check-prefix=INV %s
// INV: remark: launch of 'fill': grid (4294967292, 1, 1), block (256, 1, 1), no dynamic shared memory
// INV: remark: launch of 'fill': grid (16, 1, 1), block (256, 1, 1), 18446744073709551615 bytes of dynamic shared memory ('-1')
#include <cuda_runtime.h>

__global__ void fill(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

void sized(float *a, long long big) {
  fill<<<(big + 255) / 256, 256>>>(a);
}

void run(float *a) {
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: the block has 0 threads in x; the CUDA runtime rejects it and the kernel does not run [kperf-launch]
  fill<<<16, 0>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: 4294967292 blocks in x ('-4' as written) exceed the grid limit 2^31-1
  fill<<<-4, 256>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: a block of 2048 threads exceeds h100's limit of 1024 threads per block
  fill<<<16, dim3(64, 32)>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: 128 threads in z exceed the block limit of 64
  fill<<<16, dim3(1, 1, 128)>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: the grid has 0 blocks in x ('1LL << 40' as written)
  fill<<<dim3(1LL << 40), 256>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: 70000 blocks in y exceed the grid limit 65535
  fill<<<dim3(1, 70000), 256>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: -1 bytes of dynamic shared memory are 18446744073709551615 as the size_t the launch takes, over h100's limit of {{[0-9]+}} bytes per block
  fill<<<16, 256, -1>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: warning: this launch of 'fill' fails: 4294967295 bytes of dynamic shared memory ('4294967295u' as written) exceed h100's limit of {{[0-9]+}} bytes per block
  fill<<<16, 256, 4294967295u>>>(a);
  // CHECK: bad-launch.cu:[[# @LINE + 1]]:{{[0-9]+}}: remark: predicted {{.*}} us on h100
  fill<<<16, 256>>>(a);
}
