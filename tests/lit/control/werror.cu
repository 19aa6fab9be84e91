// -fplugin-arg-kperf-werror: kperf's warnings become errors and the compile
// fails; remarks stay remarks unless launch=warning makes them warnings.
// REQUIRES: cuda
// Without it the compile succeeds:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
// WARN: werror.cu:[[# @LINE + 29]]:41: warning: 32-way shared-memory bank conflict on 'tile'{{.*}} [kperf-bank-conflict]
// WARN: remark: predicted {{.*}} [kperf-launch]
// With it, it fails with the same finding as an error, its notes and fix-it kept:
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-werror 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: werror.cu:[[# @LINE + 24]]:41: error: 32-way shared-memory bank conflict on 'tile'{{.*}} [kperf-bank-conflict]
// ERR: note: pad the rows of 'tile' by one element
// ERR: remark: predicted {{.*}} [kperf-launch]
// ERR: 1 error generated when compiling for host.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-werror -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s --check-prefix=FIX
// FIX: fix-it:"{{.*}}werror.cu":{[[# @LINE + 15]]:29-[[# @LINE + 15]]:31}:"33"
// launch=warning: the prediction is a warning, so an error too.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-werror -fplugin-arg-kperf-launch=warning 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: error: 32-way shared-memory bank conflict
// LAUNCH: error: predicted {{.*}} [kperf-launch]
// LAUNCH: 2 errors generated when compiling for host.
// Suppressed or filtered findings do not fail the compile:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-werror -fplugin-arg-kperf-checks=-kperf-bank-conflict
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-werror=yes 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: error: kperf: argument '-fplugin-arg-kperf-werror' takes no value

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(const float *in, float *out) { transpose<<<1, dim3(32, 32)>>>(in, out); }
