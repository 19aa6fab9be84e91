// kperf-uncoalesced through clang-tidy, with the check's own option, from a
// compile_commands.json (where the GPU comes from __CUDA_ARCH_LIST__) and with
// both kperf checks on (one model for the unit, each check its own findings).
// REQUIRES: cuda, kperf-tidy
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="warning:"
// RUN: %clang_tidy_kperf %s -config="{CheckOptions: {kperf-uncoalesced.UncoalescedRatio: '3'}}" \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RATIO --implicit-check-not="warning:"
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/u.cu
// RUN: echo '[{"directory": "%t", "file": "%t/u.cu", "arguments": ["clang++", "-x", "cuda", "--cuda-path=%cuda_path", "--cuda-gpu-arch=sm_80", "--cuda-host-only", "-Wno-unknown-cuda-version", "-c", "u.cu"]}]' > %t/compile_commands.json
// RUN: %clang_tidy_kperf -p %t %t/u.cu 2>&1 | FileCheck %s --check-prefix=DB

__global__ void transpose_naive(const float *in, float *out, int n) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  out[x * n + y] = in[y * n + x];
  // CHECK: uncoalesced.cu:[[# @LINE - 1]]:18: warning: uncoalesced global store of 'out': each warp request touches 32 sectors where 4 would do (stride n elements between adjacent threads) [kperf-uncoalesced]
  // RATIO: uncoalesced.cu:[[# @LINE - 2]]:18: warning: uncoalesced global store of 'out'
  // DB: u.cu:[[# @LINE - 3]]:18: warning: uncoalesced global store of 'out'
  // DB: note: {{.*}} on a100 (compute capability 8.0)
}

__global__ void stride2(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[2 * i];
  // CHECK: uncoalesced.cu:[[# @LINE - 1]]:10: warning: uncoalesced global load of 'a': each warp request touches 8 sectors where 4 would do (stride 2 elements (8 B) between adjacent threads) [kperf-uncoalesced]
}

void launch(const float *in, float *out, int n) {
  transpose_naive<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(in, out, n);
  stride2<<<n / 256, 256>>>(in, out);
}
