// A method inlined at its call reads and writes its object through `this`:
// the object's place (a[i].get() reads a's element i; p->set(v) writes *p),
// so its accesses have a memory space and an affine index like the caller's
// own.
// Half-precision stores (__half's operator=, 2 bytes) are one store of the
// object, like float's.
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=WARN %s
#include <cuda_fp16.h>

struct Cell {
  float v, w;
  __device__ float get() const { return v; }
  __device__ void set(float x) { this->v = x; }
  __device__ float sum() const { return get() + (*this).w; }
};

// CHECK-LABEL: kernel member at
// CHECK: bytes per thread: global 12
// CHECK-NEXT: accesses:
// CHECK-NEXT: method-this.cu:15:{{[0-9]+}}: load global a (4 B), index 2*blockDim.x*blockIdx.x + 2*threadIdx.x [divergent]
// CHECK-NEXT: method-this.cu:17:{{[0-9]+}}: load global a (4 B), index 2*blockDim.x*blockIdx.x + 2*threadIdx.x + 1 [divergent]
// CHECK-NEXT: method-this.cu:16:{{[0-9]+}}: store global out (4 B), index 2*blockDim.x*blockIdx.x + 2*threadIdx.x [divergent]
__global__ void member(const Cell *a, Cell *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Cell *p = &out[i];
    p->set(a[i].sum());
  }
}

// A strided element's method: the uncoalesced load is found through it (and
// member's store of one float of each 8-byte Cell, through set()).
// WARN: method-this.cu:15:{{[0-9]+}}: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (stride 64 elements (256 B) between adjacent threads) [kperf-uncoalesced]
// WARN: method-this.cu:16:{{[0-9]+}}: warning: uncoalesced global store of 'out': each warp request touches 8 sectors where 4 would do (stride 2 elements (8 B) between adjacent threads) [kperf-uncoalesced]
__global__ void strided(const Cell *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i * 32].get();
}

// A local object's methods leave the caller's accesses as they are.
// CHECK-LABEL: kernel local at
// CHECK: accesses:
// CHECK: store global out (4 B), index blockDim.x*blockIdx.x + threadIdx.x
__global__ void local(float *out, float x) {
  Cell c;
  c.set(x);
  out[blockIdx.x * blockDim.x + threadIdx.x] = c.get();
}

// CHECK-LABEL: kernel halves at
// CHECK: bytes per thread: global 4
// CHECK-NEXT: accesses:
// CHECK-NEXT: load global in (2 B), index blockDim.x*blockIdx.x + threadIdx.x [divergent]
// CHECK-NEXT: store global out (2 B), index blockDim.x*blockIdx.x + threadIdx.x [divergent]
__global__ void halves(__half *out, const __half *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half((float)in[i] * 2.0f);
}

// A strided half read through its conversion to float: the load is in
// cuda_fp16.hpp (`*this`), a system header, where clang shows no warning; it
// is a global access of 'in' all the same (its traffic is the launch's).
// CHECK-LABEL: kernel hstride at
// CHECK: load global in (2 B), index 32*blockDim.x*blockIdx.x + 32*threadIdx.x
// WARN-NOT: method-this.cu:[[# @LINE + 3]]:{{[0-9]+}}: warning
__global__ void hstride(float *out, const __half *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (float)in[i * 32];
}

void run(Cell *c, float *f, __half *h, int n) {
  member<<<(n + 255) / 256, 256>>>(c, c, n);
  strided<<<n / 256, 256>>>(c, f);
  local<<<n / 256, 256>>>(f, 1.0f);
  halves<<<(n + 255) / 256, 256>>>(h, h, n);
  hstride<<<n / 256, 256>>>(f, h);
}
