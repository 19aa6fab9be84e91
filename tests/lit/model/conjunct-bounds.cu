// A loop condition that is a conjunction of bounds on the counter runs until
// the first of them fails: its trip count is the smallest of theirs.  A
// bound may add an offset the loop does not change to the counter (a tile's
// tail test, `phase * blockDim.x + k < n`), and a conjunct without the
// counter that the loop does not change (`i < n && flag`) runs the loop only
// when it holds.  With every argument bound, kperf predict gives a number.
// A conjunct that reads memory still leaves the trip count unknown.
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// RUN: kperf predict %s --kernel tiled --grid 16 --block 256 --arg n=4000 --gpu h100 \
// RUN:   --db %kperf_db | FileCheck --check-prefix=NUM %s
// NUM: tiled<<<(16, 1, 1), (256, 1, 1)>>> on h100 (bn model): predicted {{[0-9.]+ (us|ms)}}
// NUM-NOT: as a function of
// RUN: kperf analyze %s --arg n=4000 --arg m=10 --arg flag=0 2>&1 \
// RUN:   | FileCheck --check-prefix=BOUND %s

// CHECK-LABEL: kernel tiled at
// CHECK: loop 1 at {{.*}}conjunct-bounds.cu:[[# @LINE + 8]]:5 (k): ? iterations (= min(max(0, blockDim.x), max(0, n + (0 - blockDim.x)*iteration@0))) [exact
__global__ void tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float ta[256];
  float s = 0;
  int phases = (n + blockDim.x - 1) / blockDim.x;
  for (int phase = 0; phase < phases; ++phase) {
    ta[threadIdx.x] = a[phase * blockDim.x + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < blockDim.x && phase * blockDim.x + k < n; ++k)
      s += ta[k] * b[k];
    __syncthreads();
  }
  c[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// Two bounds, the offset on the right-hand side and a counter running down.
// CHECK-LABEL: kernel twobounds at
// CHECK: loop 0 at {{.*}}conjunct-bounds.cu:[[# @LINE + 6]]:3 (i): ? iterations (= min(max(0, m), max(0, n - 4))) [exact
// CHECK: loop 1 at {{.*}}conjunct-bounds.cu:[[# @LINE + 7]]:3 (j): ? iterations (= min(max(0, m + 1), max(0, m - -1*n + 1))) [exact
// BOUND-LABEL: kernel twobounds at
// BOUND: loop 0 at {{.*}}: 10 iterations
// BOUND: loop 1 at {{.*}}: 11 iterations
__global__ void twobounds(float *x, int n, int m) {
  for (int i = 0; i < m && n > i + 4; ++i)
    x[i * 32 + threadIdx.x] = 0;
  for (int j = m; j >= 0 && j >= -n; --j)
    x[j * 32 + threadIdx.x] += 1;
}

// A conjunct without the counter: the loop runs when it holds.
// CHECK-LABEL: kernel flagged at
// CHECK: loop 0 at {{.*}}conjunct-bounds.cu:[[# @LINE + 4]]:3 (i): ? iterations (= min(1, max(0, max(0, flag) + max(0, 0 - flag)))*max(0, n)) [exact
// BOUND-LABEL: kernel flagged at
// BOUND: loop 0 at {{.*}}: 0 iterations
__global__ void flagged(float *x, int n, int flag) {
  for (int i = 0; i < n && flag; ++i)
    x[i * 32 + threadIdx.x] = 0;
}

// A conjunct that reads memory: unknown.
// CHECK-LABEL: kernel datastop at
// CHECK: loop 0 at {{.*}}conjunct-bounds.cu:[[# @LINE + 3]]:3 (i): ? iterations (= trip@conjunct-bounds.cu:[[# @LINE + 3]]) [unknown
__global__ void datastop(float *x, int n) {
  int i = 0;
  for (i = 0; i < n && x[i] > 0; ++i)
    x[i] = 0;
}
