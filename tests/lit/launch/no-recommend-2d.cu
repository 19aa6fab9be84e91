// 2-D launches get 2-D candidates only when every block shape computes the
// same result: a bounds check in x and in y, and a grid that covers a
// problem in each dimension.  Here the 16x16 block is already as fast as any
// other shape (each warp reads 2 rows of 16 floats: 4 sectors, as coalesced
// as one row of 32; 4096 blocks, few enough not to wait on their dispatch),
// so nothing is recommended; a kernel with no bounds check
// in y gets no other shape at all, and verbose mode says why.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: no-recommend-2d.cu:[[# @LINE + 27]]:3: remark: predicted {{.*}}: 4096 blocks of 256 (16x16) threads
// CHECK-NOT: recommended
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY-NOT: no-recommend-2d.cu:[[# @LINE + 22]]:3: note: no other block size considered
// WHY: no-recommend-2d.cu:[[# @LINE + 22]]:3: note: no other block size considered: the kernel has no bounds check in y, so its work may depend on the exact thread count
#include <cuda_runtime.h>

__global__ void add2d(float *a, const float *b, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    a[y * w + x] += b[y * w + x];
}

__global__ void rows(float *a, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w)
    a[y * w + x] *= 2.0f;
}

void run(float *a, const float *b) {
  const int w = 1024, h = 1024;
  dim3 block(16, 16);
  dim3 grid(w / 16, h / 16);
  add2d<<<grid, block>>>(a, b, w, h); // @twod
  rows<<<grid, block>>>(a, w);        // @noy
}
