// Turing's shared memory serves a pass every other cycle (docs/models.md, "bn";
// `shared` lanes 16 for CC 7.5 in the GPU database): the 2-way conflict of
// buf[2 * t + i] (lanes t and t + 16 share a bank) makes the loop shared-bound
// on an RTX 2080 Ti, while on an RTX 3090 the extra pass hides under the
// load/store units' 2 cycles per warp instruction (which, with the loop's FP32
// adds, bind there: fp32+ld/st).
// RUN: kperf predict %s --kernel strided2 --grid 4096 --block 256 --gpu rtx2080ti \
// RUN:   --db %kperf_db --model bn --ptxas off | FileCheck --check-prefix=TURING %s
// TURING: strided2<<<(4096, 1, 1), (256, 1, 1)>>> on rtx2080ti (bn model)
// TURING: bound by shared (next:
// RUN: kperf predict %s --kernel strided2 --grid 4096 --block 256 --gpu rtx2080ti \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=JSON %s
// JSON: "bank_conflict_replays_per_thread": 64
// JSON: "bn_shared_cycles": 132736
// JSON: "bn_ldst_cycles": 79056
// JSON: "bn_fp32_ldst_cycles": 94672
// RUN: kperf predict %s --kernel strided2 --grid 4096 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off | FileCheck --check-prefix=GA102 %s
// GA102: on rtx3090 (bn model)
// GA102: bound by fp32+ld/st
// GA102: registers:
// RUN: kperf predict %s --kernel strided2 --grid 4096 --block 256 --gpu rtx3090 \
// RUN:   --db %kperf_db --model bn --ptxas off --json | FileCheck --check-prefix=GA102-JSON %s
// GA102-JSON: "bn_shared_cycles": 54400
// GA102-JSON: "bn_ldst_cycles": 64800
// GA102-JSON: "bn_fp32_ldst_cycles": 71200

__global__ void strided2(float *out, const float *in) {
  __shared__ float buf[2048];
  int t = threadIdx.x;
  for (int k = 0; k < 8; k++)
    buf[t + k * 256] = in[blockIdx.x * 2048 + t + k * 256];
  __syncthreads();
  float s = 0;
  for (int i = 0; i < 64; i++)
    s += buf[(2 * t + i) & 2047];
  out[blockIdx.x * 256 + t] = s;
}
