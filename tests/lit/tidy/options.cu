// Check options through clang-tidy come from the same descriptors as the
// plugin's keys: kperf-bank-conflict.MinDegree, kperf-launch.Model and
// kperf-launch.Report; a bad value is one configuration error and the
// default is kept.
// REQUIRES: cuda, kperf-tidy
// RUN: %clang_tidy_kperf %s -checks='-*,kperf-bank-conflict' \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=ALL,TWO
// RUN: %clang_tidy_kperf %s -checks='-*,kperf-bank-conflict' \
// RUN:   -config="{CheckOptions: {kperf-bank-conflict.MinDegree: '4'}}" \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALL --implicit-check-not=2-way
// RUN: %clang_tidy_kperf %s -checks='-*,kperf-bank-conflict' \
// RUN:   -config="{CheckOptions: {kperf-bank-conflict.MinDegree: 'many'}}" \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=BAD,ALL,TWO
// RUN: %clang_tidy_kperf %s -checks='-*,kperf-launch' \
// RUN:   -config="{CheckOptions: {kperf-launch.Model: 'kp', kperf-launch.Report: 'warning'}}" \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAUNCH
// BAD: warning: kperf-bank-conflict: bad value 'many' for option MinDegree: expected an integer from 2 to 32, e.g. 2 [clang-tidy-config]

__global__ void k(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  // TWO: options.cu:[[# @LINE + 1]]:13: warning: 2-way shared-memory bank conflict on 's'
  float a = s[threadIdx.x * 2];
  // ALL: options.cu:[[# @LINE + 1]]:13: warning: 32-way shared-memory bank conflict on 's'
  float b = s[threadIdx.x * 32];
  out[threadIdx.x] = a + b;
}

int main() {
  float *p = 0;
  // LAUNCH: options.cu:[[# @LINE + 1]]:3: warning: predicted {{.*}} on h100 (kp model)
  k<<<1, 32>>>(p);
}
