// HIP kernels get the same checks as CUDA ones: threadIdx & co as HIP's
// headers define them (__HIP_Coordinates members, hipThreadIdx_x, the
// overloaded blockDim.x * gridDim.x), analysed here for an NVIDIA GPU.
// REQUIRES: hip
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
#include <hip/hip_runtime.h>

__global__ void strided(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i * 4] = 1.0f; // expected-warning {{uncoalesced global store of 'a': each warp request touches 16 sectors where 4 would do (stride 4 elements (16 B) between adjacent threads)}}
}

__global__ void strided_macros(float *a, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n)
    a[i * 2] = 1.0f; // expected-warning {{uncoalesced global store of 'a': each warp request touches 8 sectors where 4 would do (stride 2 elements (8 B) between adjacent threads)}}
}

__global__ void columns(float *a) {
  __shared__ float s[64][32];
  s[threadIdx.x][0] = a[blockIdx.x * 64 + threadIdx.x]; // expected-warning {{32-way shared-memory bank conflict on 's': lanes 0-31 all hit bank 0 at 32 different addresses}}
  __syncthreads();
  a[blockIdx.x * 64 + threadIdx.x] = s[0][threadIdx.x % 32];
}

// Coalesced: no warning, through a grid-stride loop over blockDim.x * gridDim.x.
__global__ void scale(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i];
}

// threadIdx.y: rows of 16 threads, each row reading its own column.
__global__ void rows(const float *in, float *out, int w) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  out[y * w + x] = in[x * w + y]; // expected-warning {{uncoalesced global load of 'in'}}
}

int main() {
  float *a, *b;
  hipLaunchKernelGGL(strided, dim3(64), dim3(256), 0, 0, a, 1 << 14);
  hipLaunchKernelGGL(strided_macros, dim3(64), dim3(256), 0, 0, a, 1 << 14);
  columns<<<64, 64>>>(a);
  scale<<<64, 256>>>(a, 1 << 20);
  rows<<<dim3(64, 64), dim3(16, 16)>>>(a, b, 1024);
}
