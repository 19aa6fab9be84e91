// A HIP file: kperf reads HIP's thread indices (hipThreadIdx_x, threadIdx.x)
// and hipLaunchKernelGGL as it reads CUDA's.
#include <hip/hip_runtime.h>

// Each thread scales one element of a column-major matrix, but adjacent
// threads take adjacent rows: the accesses are `rows` elements apart.
__global__ void scale_rows(float *a, float s, int rows, int cols) {
  int r = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (r < rows)
    for (int c = 0; c < cols; c++)
      a[r * cols + c] *= s;
}

// Adjacent threads take adjacent elements: coalesced.
__global__ void scale_all(float *a, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] *= s;
}

#pragma kperf assume(rows = 4096, cols = 4096, n = 16777216)

void scale(float *a, float s, int rows, int cols, int n) {
  hipLaunchKernelGGL(scale_rows, dim3((rows + 255) / 256), dim3(256), 0, 0, a, s, rows, cols);
  hipLaunchKernelGGL(scale_all, dim3(1024), dim3(256), 0, 0, a, s, n);
}
