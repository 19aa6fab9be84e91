// A HIP file has no CUDA arch to assume a GPU from: without a GPU named,
// kperf checks nothing and says so once, with what to do ([kperf-setup]);
// the SARIF log says the run did not succeed.  A database that cannot be
// found is said first (it is the first thing to fix).
// REQUIRES: hip
// RUN: rm -rf %t && mkdir -p %t
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db %s -fplugin-arg-kperf-report=sarif:%t/k.sarif 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOGPU
// NOGPU: warning: kperf: nothing checked: no GPU named and no --cuda-gpu-arch to assume one from; name a GPU with -fplugin-arg-kperf-gpu=NAME [kperf-setup]
// NOGPU-NOT: kperf
// RUN: FileCheck %s --check-prefix=SARIF --input-file=%t/k.sarif
// SARIF: "executionSuccessful": false,
// SARIF: "text": "kperf: nothing checked: no GPU named and no --cuda-gpu-arch to assume one from; name a GPU with -fplugin-arg-kperf-gpu=NAME"
// RUN: env KPERF_DB=%t/missing.db %kperf_hip %s 2>&1 | FileCheck %s --check-prefix=NODB
// NODB: warning: kperf: nothing checked: KPERF_DB names '{{.*}}missing.db', which does not exist or is not a file; {{.*}} [kperf-setup]
// RUN: %kperf_hip -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 %s 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED-NOT: kperf-setup
// NAMED: warning: uncoalesced global store of 'a'
#include <hip/hip_runtime.h>

__global__ void strided(float *a) { a[threadIdx.x * 32] = 1.0f; }
void launch(float *a) { hipLaunchKernelGGL(strided, dim3(1), dim3(256), 0, 0, a); }
