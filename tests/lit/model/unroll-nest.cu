// A nest of constant-trip loops whose counters index the thread's own arrays
// (a register tile: acc[TM * TN] += ra[m] * rb[n]) is unrolled whole by
// nvcc -O3 well past the usual budget, so every index is a constant and the
// arrays live in registers: up to about 2,000 units (20x20 of this body; a
// template's TM and TN are constants of its instance), not at 16x32 (the
// outer loop stays a loop, the tile goes to local memory).  nvcc 13 -O3,
// sm_86: tile<8, 8> and tile<20, 20> 0 bytes of stack, no ld.local;
// tile<16, 32> several KB of stack frame and ld.local/st.local.
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// RUN: kperf predict %s --kernel 'tile<8, 8>' --grid 1 --block 32 --arg K=64 \
// RUN:   --gpu h100 --db %kperf_db --ptxas off --json | FileCheck --check-prefix=JSON %s

template <int TM, int TN>
__global__ void tile(const float *a, const float *b, float *c, int K) {
  float acc[TM * TN] = {0.0f};
  float ra[TM], rb[TN];
  for (int k = 0; k < K; ++k) {
    for (int i = 0; i < TM; ++i)
      ra[i] = a[k * TM + i];
    for (int i = 0; i < TN; ++i)
      rb[i] = b[k * TN + i];
    for (int m = 0; m < TM; ++m)
      for (int n = 0; n < TN; ++n)
        acc[m * TN + n] += ra[m] * rb[n];
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      c[(m * TN + n) * blockDim.x + threadIdx.x] = acc[m * TN + n];
}

void run(const float *a, const float *b, float *c, int K) {
  tile<8, 8><<<1, 32>>>(a, b, c, K);
  tile<16, 32><<<1, 32>>>(a, b, c, K);
}

// CHECK-LABEL: kernel tile<8, 8> at
// CHECK-NOT: local
// CHECK: loop 3 at {{.*}}unroll-nest.cu:22:5 (m): 8 iterations [exact, unrolled whole
// CHECK-NEXT: loop 4 at {{.*}}unroll-nest.cu:23:7 (n): 8 iterations [exact, unrolled whole
// CHECK-NEXT: loop 5 at {{.*}}unroll-nest.cu:26:3 (m): 8 iterations [exact, unrolled whole
// CHECK-NOT: local
// CHECK: registers per thread

// The rolled case: 16 x 32 x 5 units is over the budget, as for nvcc.
// CHECK-LABEL: kernel tile<16, 32> at
// CHECK: bytes per thread: {{.*}}local
// CHECK: loop 3 at {{.*}}unroll-nest.cu:22:5 (m): 16 iterations [exact]
// CHECK-NEXT: loop 4 at {{.*}}unroll-nest.cu:23:7 (n): 32 iterations [exact, unrolled whole
// CHECK: load local acc[512] (4 B), index 32*loop:3:m + loop:4:n [loop 4]

// JSON: "instructions_by_class"
// JSON-NOT: "ld.local"
// JSON-NOT: "st.local"
// JSON: "emitted_per_thread"
