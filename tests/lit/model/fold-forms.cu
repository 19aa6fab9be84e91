// What nvcc -O3 folds and what it keeps, in kperf's instruction counts
// (each number checked against nvcc 13's PTX for sm_90, one thread, by
// bench/icount/ptxcount.py at the launches of run() below):
//   - a conversion of a constant, or of the counter of a loop unrolled whole,
//     is an immediate: poly_unrolled's (float)k emits nothing (PTX: 30
//     instructions, 16 fma and no cvt; kperf 31, 16 fp32, 0 conv; 47 with
//     the conversions counted);
//   - floating-point literals are operands of their own: v * 2.0f and
//     v * 3.0f are two multiplies (PTX: fp32 2);
//   - an index kperf cannot state as affine, (r * 8 + c) % n, is computed in
//     every copy of the unrolled c loop, and so is its address (PTX: addr
//     164 = 16 per r + 4, int.div 80; kperf the same; 24 addr when the
//     address was taken as an immediate offset of the first copy's);
//   - a value of a loop counter left to strength reduction is free in an
//     address, but an operation on it needs it in a register: one add per
//     iteration for (a * inner + b) ^ i (PTX: int 260; kperf 249 = 4 per
//     iteration, 189 without it), and so is the counter of a loop run in
//     groups in every copy but the group's first: wrapped_down's k % n
//     (PTX: 301 instructions, int 61; kperf 286, int 53; 246 and 13 without).
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s

// CHECK-LABEL: kernel poly_unrolled at
// CHECK: instructions per thread: 31
// CHECK-NEXT: top classes: fp32 16, addr 6, int 3, ld.param 2, branch 1, int.mul 1, and 2 more
// CHECK-NOT: conv
// CHECK: loop 0 at {{.*}}: 16 iterations [exact, unrolled whole]
__global__ void poly_unrolled(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i], acc = 0.0f;
#pragma unroll
  for (int k = 0; k < 16; ++k)
    acc = acc * v + (float)k;
  y[i] = acc;
}

// CHECK-LABEL: kernel two_scales at
// CHECK: top classes: {{.*}}fp32 2,
__global__ void two_scales(const float *x, float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  y[i] = v * 2.0f;
  z[i] = v * 3.0f;
}

// CHECK-LABEL: kernel wrapped_rows at
// CHECK: instructions per thread: 526 (= 51*max(0, rows) + 16)
// CHECK-NEXT: top classes: addr 164 (= 16*max(0, rows) + 4), {{.*}}int.div 80 (= 8*max(0, rows))
__global__ void wrapped_rows(const float *x, float *y, int rows, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
#pragma unroll 1
  for (int r = 0; r < rows; ++r)
#pragma unroll
    for (int c = 0; c < 8; ++c)
      acc += x[(r * 8 + c) % n];
  y[i] = acc;
}

// CHECK-LABEL: kernel mixed_index at
// CHECK: instructions per thread: 404 (= max(0, outer)*(6*max(0, inner) + 5) + 14)
// CHECK-NEXT: top classes: int 249 (= max(0, outer)*(4*max(0, inner) + 1) + 3),
__global__ void mixed_index(const int *x, int *y, int outer, int inner) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
#pragma unroll 1
  for (int a = 0; a < outer; ++a)
#pragma unroll 1
    for (int b = 0; b < inner; ++b)
      acc += (a * inner + b) ^ i;
  y[i] = acc;
}

// CHECK-LABEL: kernel wrapped_down at
// CHECK: instructions per thread: 286 (= 6*ceildiv(max(0, start), 3) + 3*ceildiv(max(0, start), 12) + 16)
// CHECK-NEXT: top classes: addr 84 (= 2*ceildiv(max(0, start), 3) + 4), int 53 (= ceildiv(max(0, start), 3) + ceildiv(max(0, start), 12) + 3),
// CHECK: (k): 40 iterations (= ceildiv(max(0, start), 3)) [exact, unrolled by 4 (nvcc's factor for its size)]
__global__ void wrapped_down(const float *x, float *y, int start, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = start; k > 0; k -= 3)
    acc += x[k % n];
  y[i] = acc;
}

// A product of the counter plus a value that is not affine, dedispersion's
// `channel * N + (sample + shift)`: the product is an induction register
// (nvcc moves the loop-invariant `sample` into it), and adding the rest one
// add, not a multiply-add; with the counter's per-copy offset (the loop runs
// in groups of 16) two adds per iteration (PTX: 5,397 instructions, int
// 1,095, no mul; kperf 5,268, int 1,060; 5,780 with a mad and the counter's
// add besides).
// CHECK-LABEL: kernel shifted_rows at
// CHECK: instructions per thread: 5268
// CHECK-NEXT: top classes: addr 1063, int 1060,
// CHECK-NOT: int.mul
// CHECK: accesses:
__global__ void shifted_rows(const unsigned char *in, float *out, const float *shifts, float scale) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  float row = scale * threadIdx.y, acc = 0.0f;
  for (int c = 0; c < 512; c++) {
    unsigned shift = row * shifts[c];
    acc += in[c * 4096 + (s + shift)];
  }
  out[s] = acc;
}

void run(float *a, float *b, int *c, int *d, unsigned char *e) {
  shifted_rows<<<64, 256>>>(e, a, b, 0.5f);
  wrapped_down<<<64, 256>>>(a, b, 120, 4096);
  poly_unrolled<<<64, 256>>>(a, b);
  two_scales<<<64, 256>>>(a, b, b);
  wrapped_rows<<<64, 256>>>(a, b, 10, 4096);
  mixed_index<<<64, 256>>>(c, d, 6, 10);
}
