// The plugin loads into real CUDA code: the runtime, cooperative groups and
// thrust (CCCL) headers, and still reports the file's own kernels.
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -c %s -o %t.o -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
// CHECK: cuda-headers.cu:[[# @LINE + 8]]:17: remark: kernel 'block_sum'
// CHECK-NOT: error
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
namespace cg = cooperative_groups;

__global__ void block_sum(const float *in, float *out) {
  cg::thread_block b = cg::this_thread_block();
  __shared__ float s[256];
  s[b.thread_rank()] = in[blockIdx.x * 256 + b.thread_rank()];
  b.sync();
  if (b.thread_rank() == 0) {
    float t = 0;
    for (int i = 0; i < 256; ++i)
      t += s[i];
    out[blockIdx.x] = t;
  }
}

float total(const thrust::device_vector<float> &v) { return thrust::reduce(v.begin(), v.end()); }
// Kernels and launches inside system headers (thrust's own) are not reported.
// CHECK-NOT: thrust/
