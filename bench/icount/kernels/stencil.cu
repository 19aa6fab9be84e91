// 1D and 2D stencils.  Threads start at the halo so that thread 0 computes a
// point of the interior.
#include <cuda_runtime.h>

#define R 4

// 3-point stencil.
__global__ void stencil1d_3pt(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i < n - 1) out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

// Radius-R stencil with a compile-time loop over the neighbourhood.
__global__ void stencil1d_r4(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + R;
  if (i < n - R) {
    float s = 0.0f;
    for (int k = -R; k <= R; ++k) s += in[i + k];
    out[i] = s * (1.0f / (2 * R + 1));
  }
}

// Radius-R stencil through shared memory; the first R threads load the halos.
__global__ void stencil1d_smem(const float *in, float *out, int n) {
  __shared__ float buf[256 + 2 * R];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + R;
  buf[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < R) {
    buf[l - R] = g >= R ? in[g - R] : 0.0f;
    buf[l + blockDim.x] = g + (int)blockDim.x < n ? in[g + blockDim.x] : 0.0f;
  }
  __syncthreads();
  if (g < n) {
    float s = 0.0f;
    for (int k = -R; k <= R; ++k) s += buf[l + k];
    out[g] = s;
  }
}

// 5-point 2D stencil.
__global__ void stencil2d_5pt(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x < nx - 1 && y < ny - 1) {
    int c = y * nx + x;
    out[c] = 0.2f * (in[c] + in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx]);
  }
}

// 9-point 2D stencil with a 3x3 weight loop.
__global__ void stencil2d_9pt(const float *in, const float *w, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x < nx - 1 && y < ny - 1) {
    float s = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) s += w[(dy + 1) * 3 + dx + 1] * in[(y + dy) * nx + x + dx];
    out[y * nx + x] = s;
  }
}

void run(float *a, float *b, float *w) {
  stencil1d_3pt<<<4096, 256>>>(a, b, 1 << 20);
  stencil1d_r4<<<4096, 256>>>(a, b, 1 << 20);
  stencil1d_smem<<<4096, 256>>>(a, b, 1 << 20);
  stencil2d_5pt<<<dim3(64, 64), dim3(16, 16)>>>(a, b, 1024, 1024);
  stencil2d_9pt<<<dim3(64, 64), dim3(16, 16)>>>(a, w, b, 1024, 1024);
}
