// The clang-tidy module on a HIP file: the same findings as the plugin's.
// REQUIRES: hip, kperf-tidy
// RUN: %clang_tidy_kperf %s -config="{CheckOptions: {kperf-uncoalesced.Gpu: a100, kperf-bank-conflict.Gpu: a100}}" \
// RUN:   -- %hip_flags --cuda-host-only 2>&1 | FileCheck %s
// The same for an AMD GPU: wavefronts of 64 by its rules.
// RUN: %clang_tidy_kperf %s -config="{CheckOptions: {kperf-uncoalesced.Gpu: mi250x, kperf-bank-conflict.Gpu: mi250x}}" \
// RUN:   -- %hip_flags --cuda-host-only 2>&1 | FileCheck %s --check-prefix=AMD
#include <hip/hip_runtime.h>

__global__ void strided(float *a, int n) {
  __shared__ float s[64][32];
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  s[threadIdx.x % 64][0] = 1.0f;
  // CHECK: hip.hip:[[@LINE-1]]:{{[0-9]+}}: warning: 32-way shared-memory bank conflict on 's'{{.*}} [kperf-bank-conflict]
  // AMD: hip.hip:[[@LINE-2]]:{{[0-9]+}}: warning: 32-way shared-memory bank conflict on 's'{{.*}} [kperf-bank-conflict]
  if (i < n)
    a[i * 2] = s[0][threadIdx.x % 32];
  // CHECK: hip.hip:[[@LINE-1]]:{{[0-9]+}}: warning: uncoalesced global store of 'a': each warp request touches 8 sectors where 4 would do{{.*}} [kperf-uncoalesced]
  // AMD: hip.hip:[[@LINE-2]]:{{[0-9]+}}: warning: uncoalesced global store of 'a': each wavefront request touches 8 64-byte cache lines where 4 would do{{.*}} [kperf-uncoalesced]
}

int main() {
  float *a;
  hipLaunchKernelGGL(strided, dim3(64), dim3(64), 0, 0, a, 1 << 12);
}
