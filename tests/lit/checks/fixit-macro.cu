// The padding fix-it rewrites the extent as written: a literal becomes the
// next number, a macro becomes MACRO + 1; an extent that comes out of a macro
// with the rest of the declaration gets no fix-it.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s
#define W 32
#define DECLARE_TILE(name) __shared__ float name[32][32]

__global__ void with_macro(float *out) {
  __shared__ float t[W][W];
  t[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  out[threadIdx.y * W + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// CHECK: fixit-macro.cu:[[# @LINE - 2]]:40: warning: 32-way shared-memory bank conflict on 't'
// CHECK: fix-it:"{{.*}}fixit-macro.cu":{[[# @LINE - 6]]:25-[[# @LINE - 6]]:26}:"W + 1"
// CHECK: note: pad the rows of 't' by one element ([W] -> [W + 1]): every access to it is then conflict-free

__global__ void from_macro(float *out) {
  DECLARE_TILE(u);
  u[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = u[threadIdx.x][threadIdx.y];
}
// CHECK: fixit-macro.cu:[[# @LINE - 2]]:41: warning: 32-way shared-memory bank conflict on 'u'
// CHECK-NOT: fix-it:

void launch(float *a) {
  with_macro<<<1, dim3(32, 32)>>>(a);
  from_macro<<<1, dim3(32, 32)>>>(a);
}
