// A clamp, `if (x > E) x = E;` (or `E < x`, `>=`; `<` for a floor), leaves x
// equal to min(x, E) (max) on both sides of the branch, so a loop bounded by
// x has a trip count: a batch of up to 2 rows per warp, a chunk cut at the
// end of the array.  A conditional assignment of anything else leaves the
// variable unknown.
// REQUIRES: cuda
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=LAUNCH %s

// CHECK-LABEL: kernel rows at
// CHECK: loop 0 at {{.*}}clamp.cu:18:3 (i): ? iterations (= max(0, min(2, batch + -2*threadIdx.y))) [exact
__global__ void rows(float *dst, const float *src, int batch, int count) {
  int first = 2 * threadIdx.y;
  int local = batch - first;
  if (local > 2)
    local = 2;
  for (int i = 0; i < local; ++i)
    dst[(first + i) * count + threadIdx.x] = src[(first + i) * count + threadIdx.x];
}

// CHECK-LABEL: kernel chunk at
// CHECK: loop 0 at {{.*}}clamp.cu:29:3 (i): ? iterations (= ceildiv(max(0, min(chunk + chunk*blockIdx.x, n) - (chunk*blockIdx.x + threadIdx.x)), blockDim.x)) [exact
__global__ void chunk(float *out, const float *in, int n, int chunk) {
  int start = blockIdx.x * chunk;
  int end = start + chunk;
  if (n < end) { end = n; }
  float s = 0;
  for (int i = start + threadIdx.x; i < end; i += blockDim.x)
    s += in[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A floor: max(lo, 1).
// CHECK-LABEL: kernel floor1 at
// CHECK: loop 0 at {{.*}}clamp.cu:41:3 (i): ? iterations (= max(1, lo)) [exact
__global__ void floor1(float *out, int lo) {
  int m = lo;
  if (m < 1)
    m = 1;
  for (int i = 0; i < m; i++)
    out[i * 32 + threadIdx.x] = 0;
}

// Not a clamp: the assigned value is not the compared one.
// CHECK-LABEL: kernel other at
// CHECK: loop 0 at {{.*}}clamp.cu:52:3 (i): ? iterations (= trip@clamp.cu:52) [unknown
__global__ void other(float *out, int lo) {
  int m = lo;
  if (m > 8)
    m = 4;
  for (int i = 0; i < m; i++)
    out[i * 32 + threadIdx.x] = 0;
}

// The launch of rows: a statement linear in the batch (the loop runs at most
// twice), not one that ties an unknown trip count to it.
// LAUNCH: clamp.cu:[[# @LINE + 2]]:3: remark: predicted on h100 (bn model) as a function of 'batch', which has no value here: {{.*}}(linear at large batch
void run(float *d, const float *s, int batch, int n) {
  rows<<<batch / 8, dim3(32, 4)>>>(d, s, batch, 128);
  chunk<<<(n + 1023) / 1024, 256>>>(d, s, n, 1024);
}
