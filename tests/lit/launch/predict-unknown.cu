// kperf predict on a kernel whose count depends on a parameter without a
// value: the time as a function of it; with --arg, one number.
// REQUIRES: cuda
// RUN: kperf predict %s --kernel rowsum --grid 1024 --block 256 --gpu h100 --db %kperf_db \
// RUN:   | FileCheck %s
// CHECK: rowsum<<<(1024, 1, 1), (256, 1, 1)>>> on h100 (bn model): predicted unknown
// CHECK-NEXT: no time: the count of {{.*}} depends on 'cols'
// CHECK-NEXT: as a function of 'cols': {{[0-9.]+ (us|ms|s)}} at cols = 2^16, {{[0-9.]+ (us|ms|s)}} at 2^20, {{[0-9.]+ (us|ms|s)}} at 2^24 (linear at large cols: {{[0-9.]+ (us|ms|s)}} more per 2^20 of cols), bound by {{[a-z0-9./]+}}
//
// RUN: kperf predict %s --kernel rowsum --grid 1024 --block 256 --gpu h100 --db %kperf_db \
// RUN:   --arg cols=1024 | FileCheck --check-prefix=NUM %s
// NUM: rowsum<<<(1024, 1, 1), (256, 1, 1)>>> on h100 (bn model): predicted {{[0-9.]+ (us|ms)}}
// NUM-NOT: as a function of
//
// Two unknowns: the second is taken equal to the first, and the output says so.
// RUN: kperf predict %s --kernel box --grid 64 --block 256 --gpu h100 --db %kperf_db \
// RUN:   | FileCheck --check-prefix=TWO %s
// TWO: as a function of '{{w|h}}' and '{{w|h}}' (taking {{w|h}} = {{w|h}}): {{.*}} (growing as {{w|h}}^2 at large {{w|h}}), bound by
#include <cuda_runtime.h>

__global__ void rowsum(const float *a, float *out, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int j = 0; j < cols; j++)
    acc += a[r * cols + j];
  out[r] = acc;
}

__global__ void box(const float *a, float *out, int w, int h) {
  float acc = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      acc += a[y * w + x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
