// A launch with several unknowns: the grid is a host variable and the
// kernel's loop runs over a parameter.  The statement is a function of the
// problem size, with the grid tied to it (one thread per element), and says
// so; the pragma it suggests names every variable.  The JSON carries the ties.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-predict=%t.json 2>&1 > /dev/null
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print(l['kernel'], l['analysable'], s['variable'], [(t['variable'], t['as'], t['divisor']) for t in s.get('ties', [])]) \
// RUN:    for l in d['launches'] for s in [l.get('scaling')] if s]" %t.json \
// RUN:   | FileCheck --check-prefix=JSON %s
// JSON: stride True n [('blocks', 'grid', 256)]
// JSON-NEXT: rows True r [('c', 'equal', 1)]
// JSON-NEXT: stride True n [('threads', 'block', 256), ('blocks', 'grid', 256)]
// JSON-NEXT: bounded True n [('threads', 'block', 128), ('blocks', 'grid', 128)]
//
// With every variable assumed, one number.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-arg=n=65536 -fplugin-arg-kperf-arg=blocks=256 2>&1 | FileCheck --check-prefix=NUM %s
// NUM: unknown-tied.cu:[[# @LINE + 26]]:3: remark: predicted {{.*}}: 256 blocks of 256 threads
#include <cuda_runtime.h>

__global__ void stride(const float *a, float *out, int n) {
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    s += a[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void rows(const float *a, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < cols; j++)
    s += a[r * cols + j];
  if (r < rows)
    out[r] = s;
}

__global__ void __launch_bounds__(128) bounded(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] *= 2.0f;
}

void run(const float *a, float *out, int n, int blocks, int r, int c, int threads) {
  // CHECK: unknown-tied.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'n' and 'blocks', which have no value here (taking blocks = ceil(n/256), one thread per element): {{[0-9.]+ (us|ms)}} at n = 2^16, {{.*}} at 2^24 (linear at large n: {{.*}} more per 2^20 of n), bound by {{[a-z0-9./]+}}{{.*}}; #pragma kperf assume(n = ..., blocks = ...) gives one number [kperf-launch]
  stride<<<blocks, 256>>>(a, out, n);
  // Two sizes of the problem taken equal, named as the host names them:
  // CHECK: unknown-tied.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'r' and 'c', which have no value here (taking c = r): {{.*}} at r = 2^16, {{.*}}bound by
  rows<<<(r + 127) / 128, 128>>>(a, out, r, c);
  // A block size given by a variable is taken as 256, or the kernel's
  // __launch_bounds__ when lower:
  // CHECK: unknown-tied.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'n', 'threads' and 'blocks', which have no value here (taking threads = 256; blocks = ceil(n/256), one thread per element): {{.*}}; #pragma kperf assume(n = ..., threads = ..., blocks = ...) gives one number
  stride<<<blocks, threads>>>(a, out, n);
  // CHECK: unknown-tied.cu:[[# @LINE + 1]]:3: remark: {{.*}} (taking threads = 128; blocks = ceil(n/128), one thread per element)
  bounded<<<blocks, threads>>>(out, n);
}

// A kernel kperf has no body for is not analysable: no statement, and the
// JSON says why it does not count.
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print('EXT', l['analysable'], l['ok'], 'scaling' in l) for l in d['launches'] if l['kernel'] == 'elsewhere']" %t.json \
// RUN:   | FileCheck --check-prefix=EXT %s
// EXT: EXT False False False
__global__ void elsewhere(float *a, int n);
void call_elsewhere(float *a, int n, int blocks) { elsewhere<<<blocks, 128>>>(a, n); }
