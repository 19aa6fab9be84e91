// Sizes real code writes in floating point and sizes kperf cannot read:
// a grid `(size_t)(ceil((float)M) / (float)BX)` (a quotient of integers
// converted to float, truncated: M / BX), `(unsigned)ceil(n * 1.0f / bx)`,
// `ceil((float)(M - k) / b)`; a float that is not a quotient of integers
// (`M * 0.5f / 1.0` is M / 2, `np * 1.5f / 32` is not) leaves the grid
// unknown.
// A dynamic shared memory size that is a variable is taken as 0 bytes in a
// statement, which says so; a grid returned by a call (`grid2D(n)`) is a
// statement over that call's value, with no pragma to offer for it.
// `#pragma kperf assume` names members (`g.x`, as kperf names them).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s
// CHECK: float-sizes.cu:[[# @LINE + 42]]:3: remark: predicted {{.*}}: 64 blocks of 256 (32x8) threads
// CHECK: float-sizes.cu:[[# @LINE + 42]]:3: remark: predicted {{.*}}: 16384 blocks of 256 (32x8) threads
// CHECK: float-sizes.cu:[[# @LINE + 42]]:3: remark: predicted {{.*}}: 63 blocks of 32 threads
// CHECK: float-sizes.cu:[[# @LINE + 42]]:3: remark: predicted {{.*}}: 1024 blocks of 32 threads
// CHECK: float-sizes.cu:[[# @LINE + 42]]:3: remark: no time predicted {{.*}}: the grid size is not known ((unsigned)(np * 1.5f / 32))
// CHECK: float-sizes.cu:[[# @LINE + 43]]:3: remark: predicted on h100 (bn model) as a function of 'np', which has no value here: {{.*}} at np = 2^16,{{.*}}; #pragma kperf assume(np = ...) gives one number
// CHECK: float-sizes.cu:[[# @LINE + 46]]:3: remark: predicted on h100 (bn model) as a function of 'nb', 'nt' and 'sm', which have no value here (taking nt = 256; sm = 0): {{.*}}; #pragma kperf assume(nb = ..., nt = ..., sm = ...) gives one number
// CHECK: float-sizes.cu:[[# @LINE + 49]]:3: remark: predicted on h100 (bn model) as a function of 'grid2D(n)', which has no value here: {{.*}} at grid2D(n) = 2^16, {{[^#]*}} [kperf-launch]
// CHECK: float-sizes.cu:[[# @LINE + 57]]:3: remark: predicted {{.*}}: 100 blocks of 64 threads
// CHECK-NOT: kperf-pragma

#include <cuda_runtime.h>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

__global__ void scale2d(float *x, int w, int h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < w && j < h)
    x[j * w + i] *= 2.0f;
}

inline dim3 grid2D(int nblocks) {
  int slices = 1;
  while (nblocks / slices > 65535)
    slices *= 2;
  return dim3(nblocks / slices, slices);
}

#define M 2048
#define BX 32
#define BY 8

void run(float *x, int np, int nb, int nt, int sm, int n) {
  dim3 block(BX, BY);
  dim3 g1((size_t)(ceil((float)(M)) / ((float)BX)));
  dim3 g2((unsigned int)ceil(((float)M) / ((float)block.x)),
          (unsigned int)ceil(((float)M) / ((float)block.y)));
  scale2d<<<g1, block>>>(x, M, 1);                                        // truncated quotient
  scale2d<<<g2, block>>>(x, M, M);                                        // two dimensions
  scale<<<(unsigned)ceil((float)(M - 33) / BX), BX>>>(x, M - 33);         // (M - 33) / 32 rounded up
  scale<<<(unsigned)(M * 0.5f / 1.0), BX>>>(x, M);                        // M / 2
  scale<<<(unsigned)(np * 1.5f / 32), BX>>>(x, np);                       // not a quotient of integers
  dim3 g3((unsigned int)ceil(((float)np) / ((float)block.x)));
  scale2d<<<g3, block>>>(x, np, 1);                                       // a statement over np
}

void run_smem(float *x, int nb, int nt, int sm) {
  scale<<<nb, nt, sm>>>(x, nb * nt);                                      // shared memory taken as 0
}

void run_call(float *x, int n) {
  scale<<<grid2D(n), 64>>>(x, n);                                         // a statement over grid2D(n)
}

#pragma kperf assume(g.x = 100)
void run_member(float *x) {
  dim3 g;
  g.x = 0;
  for (int i = 0; i < 100; i++)
    g.x++;
  scale<<<g, 64>>>(x, 6400);                                              // g.x assumed
}
