// A launch from device code (dynamic parallelism, -fgpu-rdc): clang
// configures it through cudaLaunchDevice(func, params, grid, block, smem,
// stream); kperf reads its grid and block from there, as written.
// REQUIRES: cuda
// RUN: kperf analyze %s --db %kperf_db -- -fgpu-rdc | FileCheck %s
// CHECK: launches:
// CHECK-DAG: device-side.cu:[[@LINE+13]]:5: child<<<(64, 1, 1), (256, 1, 1)>>>(out, n)
// CHECK-DAG: device-side.cu:[[@LINE+13]]:5: child<<<(n / 128, 1, 1), (128, 1, 1), 1024, s>>>(out, n)
// RUN: %kperf_cc -fgpu-rdc -fplugin-arg-kperf-db=%kperf_db %s 2>&1 | FileCheck %s --check-prefix=DIAG
// DIAG-NOT: the block has 0 threads
// DIAG-NOT: error:
__global__ void child(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 1.0f;
}

__global__ void parent(float *out, int n, cudaStream_t s) {
  if (threadIdx.x == 0) {
    child<<<64, 256>>>(out, n);
    child<<<n / 128, 128, 1024, s>>>(out, n);
  }
}
