// Loops over a floating-point counter with integer constants for its start,
// bound and step (`for (float i = -R; i <= R; i++)`, an image window) have an
// exact trip count; one whose bound is a parameter, whose step is not an
// integer, or whose counter the body changes stays unknown.
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s

#include <cuda_runtime.h>

#define R 3

// CHECK-LABEL: kernel window at
// CHECK: loop 0 at {{.*}}float-counters.cu:[[# @LINE + 8]]:3{{.*}}: 7 iterations {{.*}}[exact
// CHECK: loop 1 at {{.*}}float-counters.cu:[[# @LINE + 8]]:5{{.*}}: 8 iterations {{.*}}[exact
// CHECK: loop 2 at {{.*}}float-counters.cu:[[# @LINE + 10]]:3{{.*}}: 4 iterations {{.*}}[exact
// CHECK: loop 3 at {{.*}}float-counters.cu:[[# @LINE + 12]]:3{{.*}}unknown
// CHECK: loop 4 at {{.*}}float-counters.cu:[[# @LINE + 14]]:3{{.*}}unknown
// CHECK: loop 5 at {{.*}}float-counters.cu:[[# @LINE + 16]]:3{{.*}}unknown
__global__ void window(float *out, const float *in, float lim) {
  float s = 0;
  for (float n = -R; n <= R; n++)
    for (float m = -R; m <= R + 1; m += 1.0f)
      s += in[(int)(n * 8 + m) + 64];
  // Counting down by 2: 10, 8, 6, 4.
  for (double d = 10; d > 2; d -= 2)
    s += in[(int)d];
  // A bound that is a parameter.
  for (float f = 0; f < lim; f++)
    s += in[(int)f];
  // A step that is not an integer.
  for (float f = 0; f < 1; f += 0.25f)
    s += in[(int)(f * 4)];
  // A counter the body changes.
  for (float f = 0; f < 8; f++) {
    s += in[(int)f];
    f += s > 0 ? 1 : 0;
  }
  out[threadIdx.x] = s;
}
