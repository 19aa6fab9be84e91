// The checks on AMD GCN/CDNA GPUs: a wavefront of 64 lanes touches vector L1
// lines (64 bytes on the MI250X, 128 on the MI300X), and the LDS serves each
// 32-lane half of a wavefront on its own over 32 banks of 4 bytes.
// REQUIRES: hip
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s \
// RUN:   -Xclang -verify=mi250x -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi300x %s \
// RUN:   -Xclang -verify=mi300x -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s 2>&1 \
// RUN:   | FileCheck %s
#include <hip/hip_runtime.h>

// 64 lanes 16 bytes apart: 1024 bytes, 16 lines of 64 bytes (8 of 128)
// where 256 bytes in 4 (2) would do.
__global__ void strided(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i * 4] = 1.0f; // mi250x-warning {{uncoalesced global store of 'a': each wavefront request touches 16 64-byte cache lines where 4 would do (stride 4 elements (16 B) between adjacent threads)}} mi300x-warning {{each wavefront request touches 8 128-byte cache lines where 2 would do}}
}
// CHECK: amd-checks.hip:[[@LINE-2]]:14: warning: uncoalesced global store of 'a'
// CHECK: note: a wavefront moves 1024 bytes to use 256: only 25.0% of the memory traffic it causes is useful on mi250x (gfx90a: the vector L1 cache serves 64-byte lines)

__global__ void strided2(float *a, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n)
    a[i * 2] = 1.0f; // mi250x-warning {{each wavefront request touches 8 64-byte cache lines where 4 would do}} mi300x-warning {{each wavefront request touches 4 128-byte cache lines where 2 would do}}
}

// Each half-wavefront's 32 lanes hit bank 0 at 32 addresses: 32-way.
__global__ void columns(float *a) {
  __shared__ float s[64][32];
  s[threadIdx.x][0] = a[blockIdx.x * 64 + threadIdx.x]; // mi250x-warning {{32-way shared-memory bank conflict on 's': lanes 0-31 all hit bank 0 at 32 different addresses}} mi300x-warning {{32-way shared-memory bank conflict}}
  __syncthreads();
  a[blockIdx.x * 64 + threadIdx.x] = s[0][threadIdx.x % 32];
}
// CHECK: amd-checks.hip:[[@LINE-4]]:21: warning: 32-way shared-memory bank conflict on 's'
// CHECK: note: the store is split into 32 serialized accesses: the LDS serves it at 1/32 of its bandwidth on mi250x (gfx90a: 32 banks of 4 bytes, a wavefront's two halves of 32 lanes served one after the other)

// Only the second half of each wavefront stores, 2 words apart: 2-way.
__global__ void upper_half(float *a) {
  __shared__ float s[128];
  if (threadIdx.x % 64 >= 32)
    s[(threadIdx.x % 64) * 2 - 64] = a[threadIdx.x]; // mi250x-warning {{2-way shared-memory bank conflict on 's': lanes 32 and 48 hit bank 0 at 2 different addresses}} mi300x-warning {{2-way}}
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x % 128];
}

// 8-byte LDS accesses: AMD documents no rule kperf could apply; silent
// (a100 warns 16-way here).
__global__ void dcolumns(double *a) {
  __shared__ double s[64][32];
  s[threadIdx.x][0] = a[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  a[blockIdx.x * 64 + threadIdx.x] = s[0][threadIdx.x % 32];
}

// 16x16 tiles: a wavefront spans 4 rows of 64 bytes, 4 lines of 64 bytes
// (coalesced on the MI250X) but 4 of 128 where 2 would do on the MI300X.
__global__ void tiles(const float *in, float *out, int w) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  out[y * w + x] = in[y * w + x]; // mi300x-warning {{uncoalesced global store of 'out': each wavefront request touches 4 128-byte cache lines where 2 would do (stride 1 element (4 B) between adjacent threads; a wavefront spans 4 rows of 16 threads, 1024 elements apart)}} mi300x-warning {{uncoalesced global load of 'in'}}
}
// CHECK-NOT: amd-checks.hip:[[@LINE-2]]:{{.*}} warning:

// The same block read down the columns: 64 lines on either GPU.
__global__ void transpose(const float *in, float *out, int w) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  out[y * w + x] = in[x * w + y]; // mi250x-warning {{uncoalesced global load of 'in': each wavefront request touches 16 64-byte cache lines where 4 would do (stride 1024 elements (4096 B) between adjacent threads; a wavefront spans 4 rows of 16 threads, 1 element apart)}} mi300x-warning {{uncoalesced global load of 'in'}} mi300x-warning {{uncoalesced global store of 'out'}}
}
// CHECK: amd-checks.hip:[[@LINE-2]]:20: warning: uncoalesced global load of 'in'
// CHECK: note: use blocks at least 64 threads wide so that a wavefront covers one row (e.g. dim3(64, 4) instead of dim3(16, 16))

// Coalesced, and atomics (served in L2): no warning.
__global__ void scale(float *a, float *sum, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    a[i] = 2.0f * a[i];
    atomicAdd(&sum[i * 8], a[i]);
  }
}

int main() {
  float *a, *b;
  double *d;
  hipLaunchKernelGGL(strided, dim3(64), dim3(256), 0, 0, a, 1 << 14);
  hipLaunchKernelGGL(strided2, dim3(64), dim3(256), 0, 0, a, 1 << 14);
  columns<<<64, 64>>>(a);
  upper_half<<<64, 128>>>(a);
  dcolumns<<<64, 64>>>(d);
  tiles<<<dim3(64, 64), dim3(16, 16)>>>(a, b, 1024);
  transpose<<<dim3(64, 64), dim3(16, 16)>>>(a, b, 1024);
  scale<<<64, 256>>>(a, b, 1 << 20);
}
