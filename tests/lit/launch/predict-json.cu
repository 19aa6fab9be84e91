// kperf predict: one launch of a kernel named on the command line (plain,
// extern "C", a template instance by its name before '<', sized by -D), as
// text or JSON with predicted_us, a breakdown and Qu's W, I, v.
// REQUIRES: cuda
// RUN: kperf predict %s --kernel saxpy --grid 4096 --block 256 --arg n=1048576 \
// RUN:   --gpu h100 --db %kperf_db --json | FileCheck --check-prefix=JSON %s
// JSON: "kernel": "saxpy",
// JSON: "requested": true,
// JSON: "gpu": "h100",
// JSON: "model": "bn",
// JSON: "grid": [4096, 1, 1],
// JSON: "block": [256, 1, 1],
// JSON: "ok": true,
// JSON: "predicted_us": {{[0-9.]+(e[-+][0-9]+)?}},
// JSON: "breakdown": {
// JSON: "launch_us": {{[0-9.]+}},
// JSON: "exec_us": {{[0-9.]+}},
// JSON: "W": 256,
// JSON-NEXT: "I": 0.25,
// JSON-NEXT: "v": 8,
// JSON-NEXT: "v_over_I": 8,
// JSON: "models": {
// JSON-NEXT: "kp": {{[0-9.]+}},
// JSON-NEXT: "hongkim": {{[0-9.]+}},
// JSON-NEXT: "kolpakov": {{[0-9.]+}},
// JSON-NEXT: "qu": {{[0-9.]+}},
// JSON-NEXT: "bn": {{[0-9.]+}}
//
// RUN: kperf predict %s --kernel saxpy --grid 4096 --block 256 --arg n=1048576 \
// RUN:   --gpu h100 --db %kperf_db --model hongkim | FileCheck --check-prefix=TEXT %s
// TEXT: saxpy<<<(4096, 1, 1), (256, 1, 1)>>> on h100 (hongkim model): predicted {{[0-9.]+ (us|ms)}}
// TEXT-NEXT: occupancy 100% (limited by warps, 8 blocks/SM), 3.88 waves, bound by
// TEXT: Qu features: W=256 I=0.25 v=8 v/I=8
//
// extern "C", sized by a -D macro: the loop's trip count is ITER.
// RUN: kperf predict %s --kernel c_kernel --grid 132 --block 128 -DITER=100 --gpu h100 \
// RUN:   --db %kperf_db --json | FileCheck --check-prefix=EXTC %s
// RUN: kperf predict %s --kernel c_kernel --grid 132 --block 128 -DITER=1000 --gpu h100 \
// RUN:   --db %kperf_db --json | FileCheck --check-prefix=EXTC1000 %s
// EXTC: "kernel": "c_kernel",
// EXTC: "instructions_per_thread": {{[0-9][0-9][0-9]}},
// EXTC1000: "kernel": "c_kernel",
// EXTC1000: "instructions_per_thread": {{[0-9][0-9][0-9][0-9]}},
//
// A template instance, by the name before '<'.
// RUN: kperf predict %s --kernel scale_t --grid 1024 --block 128 --arg n=131072 --gpu a100 \
// RUN:   --db %kperf_db --json | FileCheck --check-prefix=TPL %s
// TPL: "kernel": "scale_t<4>",
// TPL: "gpu": "a100",
// TPL: "ok": true,
//
// An unknown kernel: an error naming the ones there are.
// RUN: not kperf predict %s --kernel nosuch --grid 1 --block 32 --db %kperf_db 2>&1 \
// RUN:   | FileCheck --check-prefix=NOK %s
// NOK: kperf: no kernel named 'nosuch' in this file (kernels: saxpy, c_kernel, scale_t<4>)
#include <cuda_runtime.h>

#ifndef ITER
#define ITER 10
#endif

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

extern "C" __global__ void c_kernel(float *x) {
  float v = x[threadIdx.x];
  for (int j = 0; j < ITER; j++)
    v = v * 1.0001f + 0.5f;
  x[threadIdx.x] = v;
}

template <int U>
__global__ void scale_t(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= (float)U;
}

void run(float *x, int n) { scale_t<4><<<(n + 127) / 128, 128>>>(x, n); }
