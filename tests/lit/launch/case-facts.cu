// A block size chosen by the host at run time is known inside the case that
// launches it: `case 256:` of `switch (threads)` and the then-branch of
// `if (threads == 128)` fold `threads`.  No fact where it would be wrong: a
// case reached by falling through, two labels on one launch, default, a
// variable the function changes.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="blocks of"
#include <cuda_runtime.h>

template <int B> __global__ void add(float *a, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    a[i] += 1.0f;
}

void run(float *a, int threads, int other) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 256:
    // CHECK: case-facts.cu:[[# @LINE + 1]]:5: remark: predicted {{.*}}: 4096 blocks of 256 threads
    add<256><<<4096, block>>>(a, 1 << 20);
    break;
  case 512: {
    // CHECK: case-facts.cu:[[# @LINE + 1]]:5: remark: predicted {{.*}}: 2048 blocks of 512 threads
    add<512><<<2048, block>>>(a, 1 << 20);
    return;
  }
  case 64:
    // CHECK: case-facts.cu:[[# @LINE + 1]]:5: remark: predicted {{.*}}: 1 blocks of 64 threads
    add<64><<<1, 64>>>(a, 64); // falls through into case 32
  case 32:
    add<32><<<1, block>>>(a, 32); // threads may be 64 or 32 here: no time
    break;
  case 16:
  case 8:
    add<8><<<1, block>>>(a, 8); // 16 or 8: no time
    break;
  default:
    add<1024><<<1, block>>>(a, 8); // no time
  }
  if (threads == 128)
    // CHECK: case-facts.cu:[[# @LINE + 1]]:5: remark: predicted {{.*}}: 8192 blocks of 128 threads
    add<128><<<8192, threads>>>(a, 1 << 20);
  if (128 != threads)
    add<128><<<8192, threads>>>(a, 1 << 20); // no time
  else
    // CHECK: case-facts.cu:[[# @LINE + 1]]:5: remark: predicted {{.*}}: 1 blocks of 128 threads
    add<128><<<1, threads>>>(a, 128);
  switch (other) {
  case 256:
    add<256><<<1, other>>>(a, 256); // 'other' changes below: no time
    break;
  }
  other = 7;
}

// A parameter's default argument is not its value.
void defaulted(float *a, const int t = 64) {
  add<64><<<1, t>>>(a, 64); // no time
}
