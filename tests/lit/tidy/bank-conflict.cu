// kperf-bank-conflict through clang-tidy: the warning with its notes, the
// padding fix-it (and -fix applying it), NOLINT / NOLINTNEXTLINE, and the
// host and device sides of a CUDA compile (clang-tidy runs one of them).
// REQUIRES: cuda, kperf-tidy
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="warning:"
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-device-only 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="warning:"
// Without --cuda-*-only clang-tidy analyses the first job (the device side).
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="warning:"
// The GPU option (else the one --cuda-gpu-arch gives):
// RUN: %clang_tidy_kperf %s -config="{CheckOptions: {kperf-bank-conflict.Gpu: gtx940mx}}" \
// RUN:   -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not %clang_tidy_kperf %s -config="{CheckOptions: {kperf-bank-conflict.Gpu: gtx94Omx}}" \
// RUN:   --warnings-as-errors='*' -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADGPU
// -fix pads the tile:
// RUN: cp %s %t.cu
// RUN: %clang_tidy_kperf -fix %t.cu -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only
// RUN: FileCheck %s --check-prefix=FIXED < %t.cu
// Only kperf-uncoalesced enabled: no bank-conflict warning.
// RUN: %clang_tidy_kperf,-kperf-bank-conflict %s -- %cuda_flags --cuda-gpu-arch=sm_90 \
// RUN:   --cuda-host-only 2>&1 | FileCheck %s --allow-empty --check-prefix=OFF

#pragma kperf block(32, 32)

__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  // FIXED: {{^  }}__shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: bank-conflict.cu:[[# @LINE - 1]]:20: warning: 32-way shared-memory bank conflict on 'tile': lanes 0-31 all hit bank 0 at 32 different addresses (stride 32 elements (128 B) between adjacent threads) [kperf-bank-conflict]
  // CHECK: note: the load is split into 32 serialized accesses: shared memory serves it at 1/32 of its bandwidth on h100 (compute capability 9.0: 32 banks of 4 bytes)
  // CHECK: bank-conflict.cu:[[# @LINE - 11]]:20: note: pad the rows of 'tile' by one element ([32] -> [33]): every access to it is then conflict-free
  // GPU: warning: 32-way shared-memory bank conflict on 'tile'
  // GPU: note: {{.*}} on gtx940mx (compute capability 5.0
  // BADGPU: error: kperf-bank-conflict: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'?
  // OFF-NOT: kperf-bank-conflict
}

// Suppressed, by NOLINT and NOLINTNEXTLINE.
__global__ void suppressed(const float *in, float *out, int n) {
  __shared__ float a[32][32];
  __shared__ float b[32][32];
  a[threadIdx.y][threadIdx.x] = in[threadIdx.y * n + threadIdx.x];
  b[threadIdx.y][threadIdx.x] = in[threadIdx.y * n + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * n + threadIdx.x] = a[threadIdx.x][threadIdx.y]; // NOLINT(kperf-bank-conflict)
  // NOLINTNEXTLINE(kperf-bank-conflict)
  out[threadIdx.y * n + threadIdx.x] += b[threadIdx.x][threadIdx.y];
  // FIXED: {{^  }}__shared__ float a[32][32];
  // FIXED: {{^  }}__shared__ float b[32][32];
}
// CHECK: Suppressed 2 warnings (2 NOLINT)
