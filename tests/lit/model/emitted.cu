// What the bottleneck model counts in fully unrolled loop nests (docs/models.md, "bn"):
// in the static nest below, each thread executes 18 shared loads of `tile` but
// only 12 addresses are distinct (rows 2*ty + yi + i, yi + i in 0..3, times 3
// columns), so 12 loads are emitted; the 18 loads of the __constant__ weights
// are operands of the FMAs; the subscript arithmetic folds into offsets.
// RUN: kperf predict %s --kernel blur2 --grid 16,16 --block 16,8 --arg n=256 \
// RUN:   --gpu rtx3090 --db %kperf_db --model bn --json | FileCheck %s
// CHECK: "bound":
// CHECK: "emitted_per_thread": {
// CHECK-DAG: "ld.shared": 12
// CHECK-DAG: "ld.const": 0
// CHECK: "footprint_bytes": 559240
//
// The text names the limit and the runner-up:
// RUN: kperf predict %s --kernel blur2 --grid 16,16 --block 16,8 --arg n=256 \
// RUN:   --gpu rtx3090 --db %kperf_db --model bn | FileCheck --check-prefix=TEXT %s
// TEXT: blur2<<<(16, 16, 1), (16, 8, 1)>>> on rtx3090 (bn model): predicted
// TEXT-NEXT: bound by {{[a-z/.0-9+]+}} (next: {{[a-z/.0-9+]+}} at {{[0-9]+}}%)
//
// A nest that is not unrolled keeps every load:
// RUN: kperf predict %s --kernel blur2_rolled --grid 16,16 --block 16,8 --arg n=256 \
// RUN:   --gpu rtx3090 --db %kperf_db --model bn --json | FileCheck --check-prefix=ROLLED %s
// ROLLED: "emitted_per_thread": {
// ROLLED-NOT: "ld.shared"
// ROLLED: "syncs_per_thread"
//
// Index arithmetic folds through chains: in the nest below, `ty + a * 8` is
// used only by `(ty + a * 8) + i`, which feeds only the subscript, so both
// become the loads' immediate offsets (nvcc -O3's PTX of this kernel has 4
// integer instructions in all); the 900 loads of the nest keep 690 distinct
// addresses.
// RUN: kperf predict %s --kernel chain --grid 1 --block 32,8 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=CHAIN %s
// CHAIN: "instructions_by_class": {
// CHAIN-DAG: "ld.shared": 900
// CHAIN: "emitted_per_thread": {
// CHAIN-DAG: "int": 3
// CHAIN-DAG: "ld.shared": 690
// CHAIN: "emitted_instructions_per_thread": 1610
// CHAIN: "syncs_per_thread"
//
// A counter kept in a register array's element is not index arithmetic: its
// value outlives the statement although nothing there reads it, so each
// `c[t] += 1` stays an add (nvcc -O3's PTX of this kernel: 4 adds per
// iteration of the j loop, 256 in all).  The `if` around it is predicated
// (two instructions): its 256 jumps are not emitted (nvcc -O3's PTX of this
// kernel has one bra, the j loop's).  The j loop is too big to unroll whole
// (64 iterations, docs/models.md): it runs in groups, 8 of 8 iterations as in
// nvcc's PTX (the t loop inside is unrolled whole first, so `v + t`'s
// conversion of t folds and one iteration is 22 units, not 26; 8 copies fit nvcc's
// partial-unroll budget of 180), each with its add, compare and jump.  That
// conversion of t, a constant in each copy, is not emitted either (no cvt in
// nvcc's PTX; 256 more when it was counted).  (nvcc's PTX runs 894
// instructions per thread; it also hoists the four `v + t` out of the j loop,
// which kperf still counts.)
// RUN: kperf predict %s --kernel count4 --grid 64 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=COUNTER %s
// COUNTER: "instructions_by_class": {
// COUNTER: "int": 267
// COUNTER-NOT: "conv"
// COUNTER: "branch": 265{{,?$}}
// COUNTER: "emitted_per_thread": {
// COUNTER-NOT: "int"
// COUNTER: "branch": 9{{,?$}}
// COUNTER: "emitted_instructions_per_thread": 886

__constant__ float w[9];

__global__ void blur2(float *out, const float *in, int n) {
  __shared__ float tile[18][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + 2 * ty;
  tile[2 * ty][tx] = in[y * n + x];
  __syncthreads();
  float s[2] = {0.0f, 0.0f};
#pragma unroll
  for (int i = 0; i < 3; i++)
#pragma unroll
    for (int j = 0; j < 3; j++)
#pragma unroll
      for (int yi = 0; yi < 2; yi++)
        s[yi] += tile[2 * ty + yi + i][tx + j] * w[i * 3 + j];
  out[y * n + x] = s[0] + s[1];
}

__global__ void blur2_rolled(float *out, const float *in, int n) {
  __shared__ float tile[18][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + 2 * ty;
  tile[2 * ty][tx] = in[y * n + x];
  __syncthreads();
  float s[2] = {0.0f, 0.0f};
#pragma unroll 1
  for (int i = 0; i < 3; i++)
#pragma unroll 1
    for (int j = 0; j < 3; j++)
#pragma unroll 1
      for (int yi = 0; yi < 2; yi++)
        s[yi] += tile[2 * ty + yi + i][tx + j] * w[i * 3 + j];
  out[y * n + x] = s[0] + s[1];
}

__constant__ float w225[225];

__global__ void chain(float *out, const float *in) {
  __shared__ float sh[40][100];
  int tx = threadIdx.x, ty = threadIdx.y;
  sh[ty][tx] = in[ty * 100 + tx];
  __syncthreads();
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < 15; i++)
#pragma unroll
    for (int j = 0; j < 15; j++)
#pragma unroll
      for (int a = 0; a < 2; a++)
#pragma unroll
        for (int b = 0; b < 2; b++)
          s += sh[ty + a * 8 + i][tx + b * 32 + j] * w225[i * 15 + j];
  out[ty * 64 + tx] = s;
}

__global__ void count4(int *out, const float *in, const float *lim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int c[4];
#pragma unroll
  for (int t = 0; t < 4; t++)
    c[t] = 0;
  for (int j = 0; j < 64; j++) {
    float l = lim[j];
#pragma unroll
    for (int t = 0; t < 4; t++)
      if (v + t > l)
        c[t] += 1;
  }
#pragma unroll
  for (int t = 0; t < 4; t++)
    out[i * 4 + t] = c[t];
}
