// #pragma kperf gpu(NAME) in clang-tidy: the file's GPU unless the Gpu option
// names one (as the plugin's gpu= wins); an unknown name is one error.
// REQUIRES: cuda, kperf-tidy
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRAGMA
// PRAGMA: note: {{.*}} on gtx940mx (compute capability 5.0
// RUN: %clang_tidy_kperf %s -config="{CheckOptions: {kperf-bank-conflict.Gpu: a100}}" \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: note: {{.*}} on a100 (compute capability 8.0
// RUN: not %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -DUNKNOWN 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: gpu-pragma.cu:[[# @LINE + 2]]:19: error: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'?
#ifdef UNKNOWN
#pragma kperf gpu(gtx94Omx)
#else
#pragma kperf gpu(gtx940mx)
#endif
#pragma kperf block(32, 32)

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
