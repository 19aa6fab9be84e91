// Launches whose sizes depend on one variable without a value get a
// statement that holds for every value: the model at powers of two of it,
// how the time grows and what bounds it at large sizes; a launch whose one
// unknown is its block size, the model at block sizes 32 to 1024.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// CHECK: unknown-sizes.cu:[[# @LINE + 68]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{[0-9.]+ (us|ms)}} at n = 2^16, {{[0-9.]+ (us|ms)}} at 2^20, {{[0-9.]+ (us|ms)}} at 2^24 (linear at large n: {{[0-9.]+ (us|ms)}} more per 2^20 of n), bound by {{[a-z0-9./]+}}{{.*}}; #pragma kperf assume(n = ...) gives one number [kperf-launch]
// CHECK: unknown-sizes.cu:[[# @LINE + 68]]:3: remark: predicted on h100 (bn model) as a function of 'threads', which has no value here: {{.*}} at every threads from 32 to 1024 (the block size does not change the time), bound by
// CHECK: unknown-sizes.cu:[[# @LINE + 68]]:3: remark: predicted on h100 (bn model) as a function of 'm', which has no value here: {{.*}} (linear at large m: {{.*}}), bound by
// CHECK: unknown-sizes.cu:[[# @LINE + 68]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}} (growing as n^2 at large n), bound by
// CHECK-NOT: unknown-sizes.cu:{{[0-9]+}}:3: remark
//
// The prediction JSON carries the statement as "scaling".
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-predict=%t.json 2>&1 > /dev/null
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print(l['kernel'], l['ok'], s['variable'], len(s['points']), round(s['growth']), \
// RUN:          s['per_2_20_us'] is not None, s['points'][-1]['value']) \
// RUN:    for l in d['launches'] for s in [l.get('scaling')] if s and 'block_dims' not in s]" \
// RUN:   %t.json | FileCheck --check-prefix=JSON %s
// JSON: vadd False n 4 1 True 16777216
// JSON-NEXT: loop False m 4 1 True 16777216
// JSON-NEXT: square False n 4 2 False 16777216
// JSON-NOT: pick//
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print(l['kernel'], s['variable'], s['block_dims'], [p['value'] for p in s['points']], \
// RUN:          s['best'] in range(4)) \
// RUN:    for l in d['launches'] for s in [l.get('scaling')] if s and 'block_dims' in s]" \
// RUN:   %t.json | FileCheck --check-prefix=BLOCKJSON %s
// BLOCKJSON: vadd threads 1 [32, 128, 256, 1024] True
// BLOCKJSON-NOT: {{.}}
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=VERBOSE %s
// VERBOSE-NOT: the block size is not known (threads)
//
// A variable that does not size the launch (the time does not grow with
// it) gets no statement.
// VERBOSE: unknown-sizes.cu:[[# @LINE + 41]]:3: remark: no time predicted for this launch of 'pick' on h100: {{.*}}'k'{{.*}} [kperf-launch]
//
// With the size given (--arg / -fplugin-arg-kperf-arg), the launch is predicted.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-arg=n=4096 2>&1 | FileCheck --check-prefix=BOUND %s
// BOUND: unknown-sizes.cu:[[# @LINE + 32]]:3: remark: predicted {{.*}}: 16 blocks of 256 threads
// BOUND-NOT: as a function of 'n'
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void loop(float *a, int m) {
  for (int j = 0; j < m; j++)
    a[threadIdx.x] += 1.0f;
}

// Every thread reads all n elements: n threads x n loads.
__global__ void square(const float *a, float *c, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < len; j++)
    s += a[j];
  if (i < len)
    c[i] = s;
}

// The trip count k % 4 does not grow with k.
__global__ void pick(const float *a, float *c, int k) {
  for (int j = 0; j < k % 4; j++)
    c[threadIdx.x] += a[j];
}

void run(const float *a, const float *b, float *c, int n, int threads, int m, int k) {
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n); // @grid
  vadd<<<64, threads>>>(a, b, c, n); // @block
  loop<<<1, 32>>>(c, m); // @count
  square<<<(n + 127) / 128, 128>>>(a, c, n); // @square
  pick<<<1, 32>>>(a, c, k); // @flag
}
