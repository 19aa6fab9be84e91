// A trivial assignment of a small object aligned to its size (__half, a
// 4-byte struct) is one store of the whole object, like float's: the store of
// a half has the array's space and index.  A method's own fields (`this->v`,
// `(*this).w`, the `*this` of __half's conversion to float) are not followed:
// their accesses are of unknown space (their bytes still count as global
// traffic) and get no warning, since kperf reads kernels in the host pass,
// where code chosen by __CUDA_ARCH__ (a buffer padded for the device's banks)
// is not what the device runs (docs/limits.md).
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=WARN --allow-empty %s
// WARN-NOT: warning
#include <cuda_fp16.h>

struct Cell {
  float v, w;
  __device__ float get() const { return v; }
  __device__ void set(float x) { this->v = x; }
  __device__ float sum() const { return get() + (*this).w; }
};

// CHECK-LABEL: kernel member at
// CHECK: bytes per thread: unknown 12
// CHECK-NEXT: accesses:
// CHECK-NEXT: load unknown ? (4 B)
// CHECK-NEXT: load unknown ? (4 B)
// CHECK-NEXT: store unknown ? (4 B)
__global__ void member(const Cell *a, Cell *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Cell *p = &out[i];
    p->set(a[i * 32].sum());
  }
}

// CHECK-LABEL: kernel halves at
// CHECK: bytes per thread: global 2, unknown 2
// CHECK-NEXT: accesses:
// CHECK-NEXT: load unknown ? (2 B)
// CHECK-NEXT: object-stores.cu:[[# @LINE + 4]]:{{[0-9]+}}: store global out (2 B), index blockDim.x*blockIdx.x + threadIdx.x [divergent]
__global__ void halves(__half *out, const __half *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2half((float)in[i] * 2.0f);
}

// __half2's assignment is its own (not trivial): its stores go through `this`.
// CHECK-LABEL: kernel pairs at
// CHECK: accesses:
// CHECK-NEXT: load global a (4 B), index blockDim.x*blockIdx.x + threadIdx.x [divergent]
__global__ void pairs(__half2 *out, const __half2 *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __hadd2(a[i], a[i]);
}

void run(Cell *c, __half *h, __half2 *h2, int n) {
  member<<<(n + 255) / 256, 256>>>(c, c, n);
  halves<<<(n + 255) / 256, 256>>>(h, h, n);
  pairs<<<(n + 255) / 256, 256>>>(h2, h2, n);
}
