// Every dimension of a grid that does not fold is evaluated with the
// assumptions: a 2-D (n + T - 1) / T grid gives (n / T)^2 blocks, never a
// silent 1 in y; a y dimension that cannot be evaluated gives no prediction.
// Bank conflicts replay shared accesses, and the model counts them.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-predict=%t.json 2>&1
// RUN: python3 -c "import json,sys; d=json.load(open('%t.json')); L=d['launches']; \
// RUN:   r={l['kernel']: l['breakdown']['bank_conflict_replays_per_thread'] for l in L if l['ok']}; \
// RUN:   print('tiled', r['tiled'], 'padded', r['padded'])" | FileCheck --check-prefix=JSON %s
// JSON: tiled 31 padded 0
#include <cuda_runtime.h>

#define T 32

__global__ void tiled(float *out, const float *in, int n) {
  __shared__ float tile[T][T];
  int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x;
  y = blockIdx.x * T + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void padded(float *out, const float *in, int n) {
  __shared__ float tile[T][T + 1];
  int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x;
  y = blockIdx.x * T + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

#pragma kperf assume(n = 4096)

void run(float *out, const float *in, int n, int m) {
  dim3 block(T, T);
  dim3 grid((n + T - 1) / T, (n + T - 1) / T);
  tiled<<<grid, block>>>(out, in, n);
  // CHECK: grid-2d-assumed.cu:[[# @LINE - 1]]:3: remark: predicted {{.*}}: 16384 blocks of 1024 (32x32) threads
  // CHECK: note: bank conflicts replay 31 shared-memory accesses per thread (1 access); the model counts them
  padded<<<grid, block>>>(out, in, n);
  // CHECK: grid-2d-assumed.cu:[[# @LINE - 1]]:3: remark: predicted {{.*}}: 16384 blocks of 1024 (32x32) threads
  // CHECK-NOT: bank conflicts replay
  dim3 grid2((n + T - 1) / T, m);
  padded<<<grid2, block>>>(out, in, n);
  // CHECK: grid-2d-assumed.cu:[[# @LINE - 1]]:3: remark: no time predicted for this launch of 'padded' on h100: the grid's y size is not known (m)
}
