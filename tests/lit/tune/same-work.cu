// Values are compared only when the launch does the same work: as many
// threads and as many global stores.  Here a block of TX x TY threads fills
// a TILE x TILE tile, each thread TILE / TY rows of one column: the kernel
// assumes TX == TILE, so TX=16 with TY=16 launches as many threads but
// writes a quarter of the tile; that is not a faster configuration.
// REQUIRES: cuda
// RUN: kperf tune %s --tune TX=16,128 --tune TY=4,16 | FileCheck %s
//
// CHECK: same-work.cu:[[# @LINE + 19]]:3 fill: {{.*}} at the file's values (TX=64, TY=4)
// CHECK: TX=16, TY=16: {{.*}} (4.194e+06 global stores, not 1.678e+07: other work, not compared)
// CHECK: TX=128, TY=4: {{.*}} (2097152 threads launched, not 1048576: other work, not compared)
// CHECK: no change recommended
#include <cuda_runtime.h>

#define TILE 64
#define TX 64
#define TY 4

__global__ void fill(float *out, int w) {
  int x = blockIdx.x * TILE + threadIdx.x;
  for (int p = 0; p < TILE / TY; p++)
    out[(blockIdx.y * TILE + threadIdx.y * (TILE / TY) + p) * w + x] = 1.0f;
}

void run(float *out) {
  const int w = 4096;
  dim3 grid(w / TILE, w / TILE), block(TX, TY);
  fill<<<grid, block>>>(out, w);
}
