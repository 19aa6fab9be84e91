// Element-wise vector kernels: one element per thread, guarded by i < n.
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void vscale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = s * x[i];
}

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// STREAM triad: a = b + s * c.
__global__ void triad(float *a, const float *b, const float *c, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

// Vectorised copy: n4 float4 elements.
__global__ void vcopy4(const float4 *in, float4 *out, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) out[i] = in[i];
}

// Each thread scales UNROLL elements, strided by the whole grid.
template <int UNROLL>
__global__ void vscale_multi(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
#pragma unroll
  for (int k = 0; k < UNROLL; ++k) {
    int j = i + k * stride;
    if (j < n) x[j] *= s;
  }
}

void run(float *a, float *b, float *c, float4 *a4, float4 *b4) {
  vadd<<<4096, 256>>>(a, b, c, 1 << 20);
  vscale<<<4096, 256>>>(a, 2.0f, 1 << 20);
  saxpy<<<4096, 256>>>(1 << 20, 2.0f, a, b);
  triad<<<4096, 256>>>(a, b, c, 3.0f, 1 << 20);
  vcopy4<<<1024, 256>>>(a4, b4, 1 << 18);
  vscale_multi<4><<<1024, 256>>>(a, 0.5f, 1 << 20);
}
