// Which constant loops nvcc -O3 unrolls whole without a pragma
// (docs/models.md, "Loads of runtime loops"; nvcc::FullUnrollBudget): a loop
// of at most 128 iterations whose trip count times one iteration's size (what
// does not fold once the counter is a constant) is at most 400 units.  Every
// kernel below was compiled with nvcc -O3 (CUDA 13, sm_86) to PTX: the loops
// marked "unrolled whole" have no branch left, the others keep one.
// RUN: kperf analyze %s 2>&1 | FileCheck %s
// CHECK-LABEL: kernel small16
// CHECK: loop 0 {{.*}}: 16 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel body64
// CHECK: loop 0 {{.*}}: 64 iterations [exact, unrolled by 16 (nvcc's factor for its size)]
// CHECK-LABEL: kernel sum128
// CHECK: loop 0 {{.*}}: 128 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel sum150
// CHECK: loop 0 {{.*}}: 150 iterations [exact, unrolled by 2 (nvcc's factor for its size)]
// CHECK-LABEL: kernel nested16
// CHECK: loop 0 {{.*}}: 16 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK: loop 1 {{.*}}: 4 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel nested32
// CHECK: loop 0 {{.*}}: 32 iterations [exact, unrolled by 4 (nvcc's factor for its size)]
// CHECK: loop 1 {{.*}}: 4 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel call16
// CHECK: loop 0 {{.*}}: 16 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel once
// CHECK: loop 0 {{.*}}: 1 iterations [exact, unrolled whole (one iteration)]
// CHECK: loop 1 {{.*}}: 1536 iterations [exact, unrolled by 16
// CHECK-LABEL: kernel call32
// CHECK: loop 0 {{.*}}: 32 iterations [exact, unrolled by 8 (nvcc's factor for its size)]
// Up to 128 iterations, what folds once the counter is a constant is not
// counted (nvcc::FoldTripCap): a[i * 2] + a[i * 2 + 1] is 4 units so (two
// loads, two adds), 96 iterations unrolled whole, 128 not; `s += a[i]` is 2:
// 128 iterations unrolled whole, 130 not (longer loops are not unrolled
// whole without a pragma).
// CHECK-LABEL: kernel fold96
// CHECK: loop 0 {{.*}}: 96 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel fold128
// CHECK: loop 0 {{.*}}: 128 iterations [exact, unrolled by 16 (nvcc's factor for its size)]
// CHECK-LABEL: kernel cap128
// CHECK: loop 0 {{.*}}: 128 iterations [exact, unrolled whole (small enough for nvcc without a pragma)]
// CHECK-LABEL: kernel cap130
// CHECK: loop 0 {{.*}}: 130 iterations [exact, unrolled by 2 (nvcc's factor for its size)]
// CHECK-LABEL: kernel pragmas
// CHECK: loop 0 {{.*}}: 4 iterations [exact, unroll 1]
// CHECK: loop 1 {{.*}}: 16 iterations [exact, unroll 4]
// CHECK: loop 2 {{.*}}: 300 iterations [exact, unrolled whole]
//
// The JSON says the same, and a small loop is a static nest like a loop
// under #pragma unroll (include/kperf/count.h): small16's 16 loads of the
// __constant__ weights w[i] are operands of its FMAs, none is emitted.
// RUN: kperf analyze %s --json 2>&1 | FileCheck --check-prefix=JSON %s
// JSON: "name": "small16"
// JSON: "unrolled_whole": true
// A loop that stays a loop runs in groups of the largest power of two whose
// copies fit nvcc's partial-unroll budget (nvcc::PartialUnrollBudget, 180
// units; tests/lit/model/unroll-partial.cu): body64's 7 units by 16, as its
// PTX (16 loads per pass of the loop), sum150's 3 units by 2 (150 = 2 x 75),
// nested32's 25 by 4 (its inner loop unrolled whole: 4 x 6, and i++) and
// call32's 14 (expf 10) by 8, as theirs.
// JSON: "name": "body64"
// JSON: "unrolled_by": 16,
// JSON-NEXT: "unrolled_whole": false
// JSON: "name": "sum150"
// JSON: "unrolled_by": 2,
// JSON: "name": "nested32"
// JSON: "unrolled_by": 4,
// JSON: "name": "call32"
// JSON: "unrolled_by": 8,
// A loop around a loop that stays a loop is not unrolled at all, not even in
// groups (nvcc's PTX of `tiles`: the ti loop and the channel loop inside it
// both keep their branch, and only the channel loop is unrolled in groups):
// JSON: "name": "tiles"
// JSON: "var": "ti"
// JSON: "unrolled_by": 1,
// JSON-NEXT: "unrolled_whole": false
// JSON: "var": "c"
// JSON: "unrolled_by": 16,
// JSON-NEXT: "unrolled_whole": false
// RUN: kperf predict %s --kernel small16 --grid 1 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=EMIT %s
// EMIT: "instructions_by_class": {
// EMIT: "ld.const": 16
// EMIT: "emitted_per_thread": {
// EMIT-NEXT: "ld.const": 0
// EMIT-NEXT: }

__constant__ float w[64];

// 16 iterations of 6 units (+=, *, two loads, an add, the counter): unrolled.
__global__ void small16(float *out, const float *in) {
  __shared__ float sh[256];
  int tx = threadIdx.x;
  sh[tx] = in[tx];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 16; i++)
    s += sh[tx + i] * w[i];
  out[tx] = s;
}

// 64 iterations of 7 units (a load and its index, a multiply-add, +=, the
// counter): nvcc keeps a loop.
__global__ void body64(float *out, const float *in, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int i = 0; i < 64; i++) {
    float v = in[i * n + x];
    v = v * v + 1.0f;
    s += v;
  }
  out[x] = s;
}

// `s += sh[i]`: 3 units; 128 iterations unrolled, 150 not.
__global__ void sum128(float *out, const float *in) {
  __shared__ float sh[256];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 128; i++)
    s += sh[i];
  out[threadIdx.x] = s;
}

__global__ void sum150(float *out, const float *in) {
  __shared__ float sh[256];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 150; i++)
    s += sh[i];
  out[threadIdx.x] = s;
}

// An inner loop unrolled whole counts its trip count times its body:
// 16 x (4 x 6 + 1) = 400 units, unrolled; 32 iterations are not.
__global__ void nested16(float *out, const float *in) {
  __shared__ float sh[1024];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 4; j++)
      s += sh[i * 4 + j] * in[j];
  out[threadIdx.x] = s;
}

__global__ void nested32(float *out, const float *in) {
  __shared__ float sh[1024];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 4; j++)
      s += sh[i * 4 + j] * in[j];
  out[threadIdx.x] = s;
}

// A call that is not a single instruction counts 10 units: expf over 16
// iterations is unrolled, over 32 it is not.
__global__ void call16(float *out, const float *in) {
  __shared__ float sh[256];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 16; i++)
    s += expf(sh[i] * 0.1f);
  out[threadIdx.x] = s;
}

// One iteration is no loop, however large its body (a warp tile of one
// step around a loop of 1536).
__global__ void once(float *out, const float *in, const float *w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  for (int t = 0; t < 1; t++) {
    float s = 0.0f;
    for (int c = 0; c < 1536; c++)
      s += in[c * 4096 + x + t * 32] * w[c];
    out[x + t * 32] = s;
  }
}

__global__ void call32(float *out, const float *in) {
  __shared__ float sh[256];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
  for (int i = 0; i < 32; i++)
    s += expf(sh[i] * 0.1f);
  out[threadIdx.x] = s;
}

__global__ void fold96(const float *__restrict__ a, float *out) {
  float s = 0;
  for (int i = 0; i < 96; i++)
    s += a[i * 2] + a[i * 2 + 1];
  out[threadIdx.x] = s;
}

__global__ void fold128(const float *__restrict__ a, float *out) {
  float s = 0;
  for (int i = 0; i < 128; i++)
    s += a[i * 2] + a[i * 2 + 1];
  out[threadIdx.x] = s;
}

__global__ void cap128(const float *__restrict__ a, float *out) {
  float s = 0;
  for (int i = 0; i < 128; i++)
    s += a[i];
  out[threadIdx.x] = s;
}

__global__ void cap130(const float *__restrict__ a, float *out) {
  float s = 0;
  for (int i = 0; i < 130; i++)
    s += a[i];
  out[threadIdx.x] = s;
}

// Pragmas decide: `#pragma unroll 1` keeps 4 iterations a loop, `#pragma
// unroll 4` on 16 iterations unrolls by 4, a bare `#pragma unroll` unrolls
// 300 iterations whole.
__global__ void pragmas(float *out, const float *in) {
  __shared__ float sh[512];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float s = 0.0f;
#pragma unroll 1
  for (int i = 0; i < 4; i++)
    s += sh[i];
#pragma unroll 4
  for (int i = 0; i < 16; i++)
    s += sh[i];
#pragma unroll
  for (int i = 0; i < 300; i++)
    s += sh[i];
  out[threadIdx.x] = s;
}

__global__ void tiles(float *out, const float *in, const float *shifts) {
  int x = blockIdx.x * blockDim.x * 4 + threadIdx.x;
  for (int ti = 0; ti < 4; ti++) {
    float s = 0.0f;
    for (int c = 0; c < 1536; c++)
      s += in[c * 4096 + x + ti * 32] * shifts[c];
    out[x + ti * 32] = s;
  }
}
