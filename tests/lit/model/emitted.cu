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
// TEXT-NEXT: bound by {{[a-z/.0-9]+}} (next: {{[a-z/.0-9]+}} at {{[0-9]+}}%)
//
// A nest that is not unrolled keeps every load:
// RUN: kperf predict %s --kernel blur2_rolled --grid 16,16 --block 16,8 --arg n=256 \
// RUN:   --gpu rtx3090 --db %kperf_db --model bn --json | FileCheck --check-prefix=ROLLED %s
// ROLLED: "emitted_per_thread": {
// ROLLED-NOT: "ld.shared"
// ROLLED: "syncs_per_thread"

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
