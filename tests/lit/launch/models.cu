// -fplugin-arg-kperf-model chooses the model behind kperf-launch; a bad
// value stops the compile with one error listing the valid ones.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-model=hongkim 2>&1 | FileCheck --check-prefix=HK %s
// HK: models.cu:[[# @LINE + 28]]:3: remark: predicted {{[0-9.]+ (us|ms)}} on h100 (hongkim model): 4096 blocks of 256 threads
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-model=kolpakov 2>&1 | FileCheck --check-prefix=KOL %s
// KOL: remark: predicted {{[0-9.]+ (us|ms)}} on h100 (kolpakov model): 4096 blocks of 256 threads{{.*}}bound by issue
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-model=QU 2>&1 | FileCheck --check-prefix=QU %s
// QU: remark: predicted {{[0-9.]+ (us|ms)}} on h100 (qu model)
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-model=kp 2>&1 | FileCheck --check-prefix=KP %s
// KP: remark: predicted {{[0-9.]+ (us|ms)}} on h100 (kp model)
// KP-NOT: (next:
// The default is the bottleneck model, which also names the runner-up limit.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   2>&1 | FileCheck --check-prefix=BN %s
// BN: remark: predicted {{[0-9.]+ (us|ms)}} on h100 (bn model): {{.*}} bound by {{[a-z0-9./]+}} (next: {{[a-z0-9./]+}} at {{[0-9]+}}%)
//
// RUN: not %kperf_cc -fplugin-arg-kperf-model=roofline %s 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: error: kperf: bad value 'roofline' for -fplugin-arg-kperf-model; expected kp, hongkim, kolpakov, qu or bn
// BAD-NOT: kperf:
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

void run(const float *a, const float *b, float *c) {
  vadd<<<4096, 256>>>(a, b, c, 1 << 20); // @l
}
