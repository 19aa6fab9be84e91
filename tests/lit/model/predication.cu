// What the bottleneck model counts for truth values and short branches
// (docs/models.md, "bn"; include/kperf/count.h, kp_counts.emitted).
//
// `crossings`: per iteration the comparisons b > a, c > a and p.x < ... are
// three setp; their != and && combine inside them (setp's .xor/.and), the
// `!c` tests c (one setp) and the result becomes a number again (one selp);
// the branch around `c = !c` is predicated, so no jump is emitted.  NVIDIA's
// SASS of this loop (ptxas, sm_86): 3 FSETP, 1 ISETP, 1 SEL, no BRA but the
// loop's.  With the loop's own test: 64 x 6 = 384 compare-class instructions;
// of the 129 branches of the source (64 tests, 64 back edges, the return) the
// 64 tests' jumps are not emitted.
// RUN: kperf predict %s --kernel crossings --grid 64 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=CROSS %s
// CROSS: "instructions_by_class": {
// CROSS-DAG: "branch": 129{{,?$}}
// CROSS-DAG: "cmp": 576{{,?$}}
// CROSS: "emitted_per_thread": {
// CROSS-DAG: "cmp": 384{{,?$}}
// CROSS-DAG: "branch": 65{{,?$}}
// CROSS: "emitted_instructions_per_thread"
//
// A branch whose side is 8 instructions under a thread-dependent condition is
// predicated (its 64 jumps are gone); with 12 it keeps its jump (ptxas sm_86
// predicates 8 dependent FFMAs there, not 9).
// RUN: kperf predict %s --kernel side8 --grid 64 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=SIDE8 %s
// SIDE8: "instructions_by_class": {
// SIDE8: "branch": 129{{,?$}}
// SIDE8: "emitted_per_thread": {
// SIDE8: "branch": 65{{,?$}}
// RUN: kperf predict %s --kernel side12 --grid 64 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=SIDE12 %s
// SIDE12: "instructions_by_class": {
// SIDE12: "branch": 129{{,?$}}
// SIDE12: "emitted_per_thread": {
// SIDE12-NOT: "branch"
// SIDE12: "emitted_instructions_per_thread"

__device__ __forceinline__ int between(float a, float b, float c) { return (b > a) != (c > a); }

__global__ void crossings(int *out, const float2 *pts, const float2 *poly) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 p = pts[i];
  int c = 0;
#pragma unroll 1
  for (int j = 0; j < 64; j++) {
    float2 a = poly[j], b = poly[j + 1];
    if (between(p.y, a.y, b.y) && p.x < a.x + (p.y - a.y) * b.x)
      c = !c;
  }
  out[i] = c;
}

// Eight dependent FMAs on s.
#define STEPS8 \
  s = s * v + l; s = s * l + v; s = s * v + 1.0f; s = s * l + 2.0f; \
  s = s * v + 3.0f; s = s * l + 4.0f; s = s * v + 5.0f; s = s * l + 6.0f;

__global__ void side8(float *out, const float *in, const float *lim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i], s = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 64; j++) {
    float l = lim[j];
    if (v > l) {
      STEPS8
    }
  }
  out[i] = s;
}

__global__ void side12(float *out, const float *in, const float *lim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i], s = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 64; j++) {
    float l = lim[j];
    if (v > l) {
      STEPS8
      s = s * v + 7.0f; s = s * l + 8.0f; s = s * v + 9.0f; s = s * l + 10.0f;
    }
  }
  out[i] = s;
}

// A truth value assigned on one side of a branch is not known to be one after
// it (the other side may keep a number): `if (b)` tests it (one setp) and the
// selp making it stays.  Per iteration: v > l, v > 2 * l, its selp, b != 0 and
// the loop's test: 64 x 5 = 320, emitted as written; both branches are
// predicated (of 193 branches, 65 remain: the back edges and the return).
// RUN: kperf predict %s --kernel merged --grid 64 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=MERGED %s
// MERGED: "instructions_by_class": {
// MERGED: "cmp": 320{{,?$}}
// MERGED: "emitted_per_thread": {
// MERGED-NOT: "cmp"
// MERGED: "branch": 65{{,?$}}

__global__ void merged(int *out, const float *in, const float *lim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int n = 0;
#pragma unroll 1
  for (int j = 0; j < 64; j++) {
    float l = lim[j];
    int b = 0;
    if (v > l)
      b = v > 2.0f * l;
    if (b)
      n += 1;
  }
  out[i] = n;
}
