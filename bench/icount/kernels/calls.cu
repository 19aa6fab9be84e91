// __device__ function calls (inlined by the compiler unless told otherwise).
#include <cuda_runtime.h>

__device__ float sq(float v) { return v * v; }

__device__ float smoothstep(float e0, float e1, float x) {
  float t = fminf(fmaxf((x - e0) / (e1 - e0), 0.0f), 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

__device__ int mix_bits(int h, int k) {
  for (int r = 0; r < 4; ++r) {
    h ^= k + r;
    h = (h << 7) | ((unsigned)h >> 25);
    h *= 5;
  }
  return h;
}

__device__ __noinline__ float norm3(float x, float y, float z) { return sqrtf(x * x + y * y + z * z); }

// One call.
__global__ void call_once(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = sq(x[i]) + 1.0f;
}

// The same function called twice.
__global__ void call_twice(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = smoothstep(0.0f, 1.0f, x[i]) + smoothstep(0.25f, 0.75f, x[i] * 0.5f);
}

// A function containing a loop, called twice.
__global__ void call_loop_twice(const int *x, int *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = mix_bits(x[i], i) + mix_bits(i, 17);
}

// Nested calls: a function calling another function.
__device__ float sum_sq(float a, float b) { return sq(a) + sq(b); }
__global__ void call_nested(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = sum_sq(x[i], sum_sq(x[i], 2.0f));
}

// A call the compiler keeps as a call (__noinline__).
__global__ void call_noinline(const float *x, const float *y, const float *z, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = norm3(x[i], y[i], z[i]);
}

void run(float *a, float *b, float *c, float *d, int *p, int *q) {
  call_once<<<4096, 256>>>(a, b, 1 << 20);
  call_twice<<<4096, 256>>>(a, b, 1 << 20);
  call_loop_twice<<<4096, 256>>>(p, q, 1 << 20);
  call_nested<<<4096, 256>>>(a, b, 1 << 20);
  call_noinline<<<4096, 256>>>(a, b, c, d, 1 << 20);
}
