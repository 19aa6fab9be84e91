// Loops: compile-time trip counts, parameter-bounded, nested, grid-stride.
#include <cuda_runtime.h>

// 64 iterations known at compile time (the compiler unrolls it).
__global__ void loop_const64(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i], acc = 0.0f;
    for (int k = 0; k < 64; ++k) acc = acc * v + (float)k;
    y[i] = acc;
  }
}

// Trip count from a kernel parameter.
__global__ void loop_param(const float *x, float *y, int iters, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    for (int k = 0; k < iters; ++k) v = v * 0.999f + 0.001f;
    y[i] = v;
  }
}

// Parameter-bounded outer loop around a compile-time inner loop.
__global__ void loop_nested(const float *x, float *y, int rows, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float acc = 0.0f;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < 8; ++c) acc += x[(r * 8 + c) % n];
    y[i] = acc;
  }
}

// Two parameter-bounded loops nested.
__global__ void loop_nested_param(const int *x, int *y, int outer, int inner, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int acc = 0;
    for (int a = 0; a < outer; ++a)
      for (int b = 0; b < inner; ++b) acc += (a * inner + b) ^ i;
    y[i] = acc;
  }
}

// Grid-stride loop: with 128 x 256 threads and n = 2^20 every thread runs 32 times.
__global__ void loop_gridstride(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.0f * x[i] + 1.0f;
}

// #pragma unroll 4 on a parameter-bounded loop (remainder handling).
__global__ void loop_unroll4(const float *x, float *y, int m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float acc = 0.0f;
#pragma unroll 4
    for (int k = 0; k < m; ++k) acc += x[(i + k) % n];
    y[i] = acc;
  }
}

// A compile-time loop the programmer keeps rolled.
__global__ void loop_nounroll(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float acc = x[i];
#pragma unroll 1
    for (int k = 0; k < 64; ++k) acc = acc * acc + 0.5f;
    y[i] = acc;
  }
}

// Trip count depends on the thread: thread i runs n - i iterations.
__global__ void loop_triangular(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = i; j < n; ++j) s += x[j];
    y[i] = s;
  }
}

// Multiplicative induction variable: log2(n) iterations.
__global__ void loop_log2(const int *x, int *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int acc = 0;
    for (int s = 1; s < n; s <<= 1) acc += x[(i + s) & (n - 1)];
    y[i] = acc;
  }
}

// Decrementing loop with a step of 3.
__global__ void loop_down3(const float *x, float *y, int start, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float acc = 0.0f;
    for (int k = start; k > 0; k -= 3) acc += x[k % n];
    y[i] = acc;
  }
}

void run(float *a, float *b, int *c, int *d) {
  loop_const64<<<4096, 256>>>(a, b, 1 << 20);
  loop_param<<<4096, 256>>>(a, b, 100, 1 << 20);
  loop_nested<<<4096, 256>>>(a, b, 20, 1 << 20);
  loop_nested_param<<<4096, 256>>>(c, d, 12, 10, 1 << 20);
  loop_gridstride<<<128, 256>>>(a, b, 1 << 20);
  loop_unroll4<<<4096, 256>>>(a, b, 103, 1 << 20);
  loop_nounroll<<<4096, 256>>>(a, b, 1 << 20);
  loop_triangular<<<4, 256>>>(a, b, 1000);
  loop_log2<<<4096, 256>>>(c, d, 1 << 20);
  loop_down3<<<4096, 256>>>(a, b, 200, 1 << 20);
}
