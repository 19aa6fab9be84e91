// dim3 components assigned after the declaration (`block.x = threads;`), a
// loop around the launch that assigns a component before it, a member of the
// object a method runs on, and a dynamic shared memory size held in a local
// whose value is a condition over the block size.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 \
// RUN:   -fplugin-arg-kperf-verbose %s > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=MODEL %s < %t.out
#include <cuda_runtime.h>

__global__ void scale(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    a[i] *= 2.0f;
}

__global__ void sum(const float *a, float *out, int n) {
  extern __shared__ float s[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

struct Engine {
  unsigned threads, sims;
  void go(float *a);
};

void Engine::go(float *a) {
  dim3 block, grid;
  block.x = threads;
  grid.x = (sims + threads - 1) / threads;
  while (grid.x > 1024)
    grid.x >>= 1; // grid.x is unsure after this loop, block.x is `threads`
  // MODEL: assigned-components.cu:[[# @LINE + 3]]:3: remark: launch of 'scale': grid ('grid.x', 1, 1), block ('threads', 1, 1)
  // CHECK: assigned-components.cu:[[# @LINE + 2]]:3: remark: predicted on h100 (bn model) as a function of 'sims', 'threads' and 'grid.x', which have no value here (taking threads = 256; grid.x = ceil(sims/256), one thread per element):
  // CHECK-SAME: at sims = 2^16
  scale<<<grid, block>>>(a, sims);
}

void components(float *a, int n) {
  dim3 grid(8, 1, 1), block(128, 1, 1);
  for (int it = 0; it < 3; it++) {
    grid.x = 64; // assigned before the launch on every turn: known
    // MODEL: assigned-components.cu:[[# @LINE + 1]]:5: remark: launch of 'scale': grid (64, 1, 1), block (128, 1, 1)
    scale<<<grid, block>>>(a, n);
    grid.x = 7;
  }
  for (int it = 0; it < 3; it++) {
    // 8 on the first turn, 7 on the others: unsure; y and z are still 1.
    // MODEL: assigned-components.cu:[[# @LINE + 1]]:5: remark: launch of 'scale': grid ('grid.x', 1, 1), block (128, 1, 1)
    scale<<<grid, block>>>(a, n);
    grid.x = 7;
  }
}

void reduce(const float *a, float *out, int size, int threads, int blocks) {
  int smem = threads <= 32 ? 2 * threads * (int)sizeof(float) : threads * (int)sizeof(float);
  // The shared memory follows the block size taken (256 threads: 1 KiB).
  // CHECK: assigned-components.cu:[[# @LINE + 1]]:3: remark: predicted on h100 (bn model) as a function of 'blocks' and 'threads', which have no value here (taking threads = 256):
  sum<<<blocks, threads, smem>>>(a, out, size);
  // CHECK-NOT: dynamic shared memory size is not known
}

// A component both branches of an if set to the same constant is known; one
// they set differently is not.
void branches(float *a, int n, int w) {
  dim3 block, grid;
  if (w == 1) {
    block.x = 64;
    block.y = 1;
    grid.x = 4;
  } else {
    block.x = 64;
    block.y = 1;
    grid.x = (n + 63) / 64;
  }
  // MODEL: assigned-components.cu:[[# @LINE + 1]]:3: remark: launch of 'scale': grid ('grid.x', 1, 1), block (64, 1, 1)
  scale<<<grid, block>>>(a, n);
  if (w == 2)
    block.y = 2;
  else
    block.y = 4;
  // MODEL: assigned-components.cu:[[# @LINE + 1]]:3: remark: launch of 'scale': grid ('grid.x', 1, 1), block (64, 'block.y', 1)
  scale<<<grid, block>>>(a, n);
}

// The same for an integer declared without a value (`size_t threads;`): both
// branches give it 256, so the block is known; the grid differs by branch.
void integers(float *a, size_t n, bool big) {
  size_t threads, blocks;
  if (!big) {
    threads = 256;
    blocks = (n + threads - 1) / threads;
  } else {
    threads = 256;
    blocks = 4096;
  }
  // MODEL: assigned-components.cu:[[# @LINE + 1]]:3: remark: launch of 'scale': grid ('blocks', 1, 1), block (256, 1, 1)
  scale<<<blocks, threads>>>(a, n);
  if (big)
    threads = 128;
  else
    threads = 256;
  // MODEL: assigned-components.cu:[[# @LINE + 1]]:3: remark: launch of 'scale': grid ('blocks', 1, 1), block ('threads', 1, 1)
  scale<<<blocks, threads>>>(a, n);
}

// A grid's y size unknown beside an unknown x size is taken as 1, and said.
void fixedy(float *a, int n) {
  dim3 grid(1, 1);
  for (int it = 0; it < 2; it++) {
    // CHECK: assigned-components.cu:[[# @LINE + 1]]:5: remark: predicted on h100 (bn model) as a function of 'n', 'grid.x' and 'grid.y', which have no value here (taking grid.x = ceil(n/128), one thread per element; grid.y = 1):
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    grid.y = it + 1;
  }
}
