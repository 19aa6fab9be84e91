// A launch whose only unknowns are block sizes gets a statement over them:
// the model at 32, 128, 256 and 1024 threads (within the kernel's
// __launch_bounds__), at 4x4 to 32x32 for a variable that gives two
// dimensions, with the size of the least time.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-predict=%t.json 2>&1 | FileCheck %s
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print(l['kernel'], s['variable'], s['block_dims'], [p['value'] for p in s['points']], \
// RUN:          s['points'][s['best']]['predicted_us'] == min(p['predicted_us'] for p in s['points'])) \
// RUN:    for l in d['launches'] for s in [l['scaling']]]" %t.json | FileCheck --check-prefix=JSON %s
// JSON: saxpy threads 1 [32, 128, 256, 1024] True
// JSON-NEXT: bounded threads 1 [32, 128] True
// JSON-NEXT: tile bs 2 [4, 8, 16, 32] True
#include <cuda_runtime.h>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void __launch_bounds__(128) bounded(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += 1.0f;
}

__global__ void tile(float *a, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * w + x] *= 2.0f;
}

void run(const float *x, float *y, int threads) {
  // 32 threads per block: 32768 blocks, more than fit at once.
  // CHECK: block-statement.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'threads', which has no value here: [[T32:[0-9.]+ us]] at threads = 32, {{[0-9.]+ us}} at 128, {{[0-9.]+ us}} at 256, {{[0-9.]+ us}} at 1024 (the least at threads = {{128|256|1024}}), bound by {{[a-z0-9.]+}}{{.*}}; #pragma kperf assume(threads = ...) gives one number [kperf-launch]
  saxpy<<<(1 << 20) / threads, threads>>>(2.0f, x, y, 1 << 20);
  // CHECK: block-statement.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'threads', which has no value here: {{[0-9.]+ us}} at threads = 32, {{[0-9.]+ us}} at 128 (the least
  bounded<<<(1 << 20) / threads, threads>>>(y, 1 << 20);
}

void run2(float *a, int bs) {
  dim3 b(bs, bs);
  dim3 g(64, 64);
  // CHECK: block-statement.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'bs', which has no value here: {{[0-9.]+ us}} at bs = 4 (16 threads), {{[0-9.]+ us}} at 8 (64 threads), {{[0-9.]+ us}} at 16 (256 threads), {{[0-9.]+ us}} at 32 (1024 threads) (the least at bs = {{[0-9]+}}), bound by
  tile<<<g, b>>>(a, 1024);
}
