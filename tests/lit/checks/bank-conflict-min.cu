// kperf-bank-conflict's option bank-conflict-min (clang-tidy: MinDegree):
// conflicts below the degree are not reported; a value outside 2..32 is one
// error.  The same descriptor serves the plugin and clang-tidy.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=off 2>&1 | FileCheck %s --check-prefixes=ALL,TWO
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=off -fplugin-arg-kperf-bank-conflict-min=4 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALL --implicit-check-not=2-way
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-bank-conflict-min=33 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-bank-conflict-min=2.5 2>&1 | FileCheck %s --check-prefix=BAD25
// BAD: error: kperf: bad value '33' for -fplugin-arg-kperf-bank-conflict-min; expected an integer from 2 to 32, e.g. 2
// BAD25: error: kperf: bad value '2.5' for -fplugin-arg-kperf-bank-conflict-min; expected an integer from 2 to 32, e.g. 2

__global__ void k(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  // TWO: bank-conflict-min.cu:[[# @LINE + 1]]:13: warning: 2-way shared-memory bank conflict on 's'
  float a = s[threadIdx.x * 2];
  // ALL: bank-conflict-min.cu:[[# @LINE + 1]]:13: warning: 32-way shared-memory bank conflict on 's'
  float b = s[threadIdx.x * 32];
  out[threadIdx.x] = a + b;
}

int main() { k<<<1, 32>>>(0); }
