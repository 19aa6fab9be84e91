// The plugin finds every kernel (template instances included) and every
// launch (through function pointers and templates too), with folded sizes.
// RUN: %kperf_cc -fplugin-arg-kperf-verbose -fplugin-arg-kperf-launch=off -Xclang -verify %s
// REQUIRES: cuda
#include <cuda_runtime.h>
// expected-remark@*:* {{target GPU h100 (NVIDIA H100 SXM5 80GB, compute capability 9.0, 132 SMs), assumed from --cuda-gpu-arch=sm_90 [kperf-model]}}

#define N 4096

__global__ void add(float *a, const float *b, int n) { // expected-remark {{kernel 'add' (3 parameters: float *a, const float *b, int n) [kperf-model]}}
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += b[i];
}

template <typename T>
__global__ void scale(T *a, T s) { a[threadIdx.x] *= s; }
// expected-remark@-1 {{kernel 'scale<float>' (template instance) (2 parameters: float *a, float s) [kperf-model]}}
// expected-remark@-2 {{kernel 'scale<double>' (template instance) (2 parameters: double *a, double s) [kperf-model]}}

// Never launched, never instantiated: nothing to report.
template <typename T> __global__ void unused(T *a) {}

__global__ void __launch_bounds__(256, 2) bounded(float *a) {} // expected-remark {{kernel 'bounded' (1 parameter: float *a)}} expected-note {{__launch_bounds__(256, 2)}}

template <typename T> void go(T *a) {
  scale<T><<<1, 64>>>(a, T(2)); // expected-remark {{launch of 'scale<float>': grid (1, 1, 1), block (64, 1, 1), no dynamic shared memory}} expected-remark {{launch of 'scale<double>': grid (1, 1, 1), block (64, 1, 1)}}
}

void run(float *a, float *b, double *d, int n, cudaStream_t st) {
  add<<<(n + 255) / 256, 256>>>(a, b, n); // expected-remark {{launch of 'add': grid ('(n + 255) / 256', 1, 1), block (256, 1, 1), no dynamic shared memory}}
  add<<<N / 256, 256, 0, st>>>(a, b, N); // expected-remark {{launch of 'add': grid (16, 1, 1), block (256, 1, 1), 0 bytes of dynamic shared memory, stream st}}
  dim3 blk(16, 16);
  int threads = 128;
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<n / threads, threads>>>(a, b, n); // expected-remark {{grid ('n / threads', 1, 1), block (128, 1, 1)}}
  void (*fp)(float *, const float *, int) = add;
  fp<<<1, 32>>>(a, b, n); // expected-remark {{launch of 'add' through a function pointer: grid (1, 1, 1), block (32, 1, 1)}}
  go(a);
  go(d);
  bounded<<<1, 256>>>(a); // expected-remark {{launch of 'bounded'}}
}

void changed(float *a, float *b, int n) {
  // A component assigned before the launch is followed; a size changed
  // otherwise (`t *= 2`) is not folded.
  dim3 blk(16, 16);
  blk.x = 32;
  int t = 64;
  t *= 2;
  add<<<1, blk>>>(a, b, n); // expected-remark {{launch of 'add': grid (1, 1, 1), block (32, 16, 1)}}
  add<<<1, t>>>(a, b, n); // expected-remark {{launch of 'add': grid (1, 1, 1), block ('t', 1, 1)}}
}
