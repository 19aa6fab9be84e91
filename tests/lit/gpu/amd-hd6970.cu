// The AMD Radeon HD 6970 (TeraScale 3, seed 003's GPU): in the database with
// its ISA "cayman" (no gfx number, no HIP target), found by its aliases;
// occupancy by the R600 family's rules (at most 8 work-groups per compute
// unit, 21 wavefronts, 256 GPRs of 128 bits); predictions with kperf's
// register estimate and the reason; the plugin names the ISA, not a compute
// capability, and predicts the launch; the checks have no rules for it and
// stay silent (the transpose has a 32-way conflict on NVIDIA GPUs).
// REQUIRES: cuda
// RUN: kperf gpus --db %kperf_db | FileCheck %s --check-prefix=LIST
// LIST: hd6970       cayman    24  TeraScale 3 (VLIW4) AMD Radeon HD 6970
// RUN: kperf gpu radeon-hd-6970 --db %kperf_db | FileCheck %s --check-prefix=CARD
// CARD: hd6970: AMD Radeon HD 6970 (ISA cayman; no HIP support)
// CARD: fp32                       22 per clock per SM
// RUN: kperf occupancy --gpu hd6970 --block 64 --json --db %kperf_db | FileCheck %s --check-prefix=JSON
// JSON: "compute_capability":{{[[:space:]]+}}null,
// JSON: "isa":{{[[:space:]]+}}"cayman",
// RUN: not kperf gpu hd6950 --db %kperf_db 2>&1 | FileCheck %s --check-prefix=DYM
// DYM: unknown GPU 'hd6950'; did you mean 'hd6970'?
//
// One-wavefront work-groups: 8 per compute unit (GCN would allow 40).
// RUN: kperf occupancy --gpu hd6970 --block 64 --regs 8 --db %kperf_db | FileCheck %s --check-prefix=ONE
// ONE: GPU:                  hd6970 (AMD Radeon HD 6970, ISA cayman)
// ONE: active blocks per SM: 8
// ONE: active warps per SM:  8 of 21
// 64 registers of 32 bits (16 GPRs): 256 / 16 = 16 wavefronts, 4 work-groups of 4.
// RUN: kperf occupancy --gpu hd6970 --block 256 --regs 64 --db %kperf_db | FileCheck %s --check-prefix=REGS
// REGS: active blocks per SM: 4
// REGS: active warps per SM:  16 of 21
// REGS: limiter:              registers
// More than 256 work-items is more than the GPU allows.
// RUN: kperf occupancy --gpu hd6970 --block 512 --regs 8 --db %kperf_db | FileCheck %s --check-prefix=BIG
// BIG: active blocks per SM: 0
//
// RUN: env KPERF_PTXAS=auto kperf predict %s --kernel transpose --grid 128,128 --block 32,8 \
// RUN:   --gpu hd6970 --db %kperf_db | FileCheck %s --check-prefix=PREDICT
// PREDICT: transpose<<<(128, 128, 1), (32, 8, 1)>>> on hd6970 (bn model): predicted
// PREDICT: breakdown: launch 0 us + execution {{[0-9.]+}} us ({{[0-9.]+}} cycles at 880 MHz)
// PREDICT: registers: {{[0-9]+}} per thread (estimate)
// PREDICT: notes: registers: estimate (clang compiles HIP only for gfx ISAs, not for this GPU's); AMD cayman: wavefronts of 64 threads
//
// Its latencies are unknown: the latency models give no time.  A user who
// measures them (seed 003's microbenchmarks) imports a GPU of their own on the
// same ISA, and every model, Hong and Kim's too, gives one.
// RUN: kperf predict %s --kernel transpose --grid 128,128 --block 32,8 --gpu hd6970 \
// RUN:   --db %kperf_db --json | FileCheck %s --check-prefix=NOLAT
// NOLAT: "hongkim":{{[[:space:]]+}}null
// RUN: rm -f %t.db && kperf import-gpus %S/Inputs/my-hd6970.sql --into %t.db --db %kperf_db
// RUN: kperf predict %s --kernel transpose --grid 128,128 --block 32,8 --gpu my-hd6970 \
// RUN:   --db %kperf_db:%t.db --json | FileCheck %s --check-prefix=OWN
// OWN: "hongkim":{{[[:space:]]+}}{{[0-9.]+}},
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=hd6970 \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s --check-prefix=PLUGIN
// PLUGIN: remark: target GPU hd6970 (AMD Radeon HD 6970, ISA cayman, 24 SMs), named with -fplugin-arg-kperf-gpu [kperf-model]
// PLUGIN: remark: predicted {{[0-9.]+}} us on hd6970 (bn model): 16384 blocks of 256 (32x8) threads
// PLUGIN-NOT: warning:
#include <cuda_runtime.h>

__global__ void transpose(float *out, const float *in) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = in[(blockIdx.y * 32 + threadIdx.y) * 4096 + blockIdx.x * 32 + threadIdx.x];
  __syncthreads();
  out[(blockIdx.x * 32 + threadIdx.y) * 4096 + blockIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

int main() {
  float *a, *b;
  transpose<<<dim3(128, 128), dim3(32, 8)>>>(b, a);
}
