// An inner loop whose bounds depend on the iteration of a grid-stride loop
// around it (a window of channels clamped at the edges, as local response
// normalisation computes): its trip count on the middle iteration stands for
// every iteration, so the launch gets a time and the loop's iteration never
// shows as a variable of the launch.  With 8 rounds per thread, thread 0's
// middle round (the 4th) is at channel 37, away from the edges: 5 loads and
// a store per round, as a window of a constant 5 (the same time within 10 %).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: iteration-bounds.cu:[[# @LINE + 38]]:3: remark: predicted {{[0-9.]+}} {{us|ms}} on h100 (bn model): 1125000 blocks of 256 threads
// CHECK: iteration-bounds.cu:[[# @LINE + 38]]:3: remark: predicted {{[0-9.]+}} {{us|ms}} on h100 (bn model): 1125000 blocks of 256 threads
// CHECK-NOT: iteration@
//
// RUN: kperf predict %s --kernel window --grid 1125000 --block 256 --arg n=2304000000 \
// RUN:   --arg C=150 --arg HW=2560000 --arg size=5 --gpu h100 --db %kperf_db --ptxas off --json > %t.w.json
// RUN: kperf predict %s --kernel fixed --grid 1125000 --block 256 --arg n=2304000000 \
// RUN:   --arg HW=2560000 --gpu h100 --db %kperf_db --ptxas off --json > %t.f.json
// RUN: python3 -c "import json; w=json.load(open('%t.w.json')); f=json.load(open('%t.f.json')); \
// RUN:   r=w['predicted_us']/f['predicted_us']; print('RATIO', 0.9 < r < 1.1, round(r, 2))" \
// RUN:   | FileCheck %s --check-prefix=RATIO
// RATIO: RATIO True
// RUN: kperf predict %s --kernel window --grid 1125000 --block 256 --arg n=2304000000 \
// RUN:   --arg C=150 --arg HW=2560000 --arg size=5 --gpu h100 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=BYTES
// BYTES: per thread: {{[0-9]+}} instructions, 192 global bytes
#include <cuda_runtime.h>

__global__ void window(const float *src, float *dst, long n, long C, long HW, long size) {
  for (long idx = blockIdx.x * blockDim.x + threadIdx.x; idx < n; idx += blockDim.x * gridDim.x) {
    long oc = (idx / HW) % C, half = (size - 1) / 2;
    float s = 0;
    for (long c = max(oc - half, 0L); c < min(oc + half + 1, C); ++c)
      s += src[idx + (c - oc) * HW];
    dst[idx] = s;
  }
}

__global__ void fixed(const float *src, float *dst, long n, long HW) {
  for (long idx = blockIdx.x * blockDim.x + threadIdx.x; idx < n; idx += blockDim.x * gridDim.x) {
    float s = 0;
    for (long c = 0; c < 5; ++c)
      s += src[idx + (c - 2) * HW];
    dst[idx] = s;
  }
}

void run(float *a, float *b) {
  long n = 6L * 150 * 100 * 160 * 160;
  window<<<n / 2048, 256>>>(a, b, n, 150, 160 * 160 * 100, 5);
  fixed<<<n / 2048, 256>>>(a, b, n, 160 * 160 * 100);
}
