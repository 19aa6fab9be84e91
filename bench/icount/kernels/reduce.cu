// Reductions: shared-memory tree, warp shuffles, grid-stride accumulation.
#include <cuda_runtime.h>

// Classic shared-memory tree reduction, one partial sum per block.
__global__ void reduce_smem(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__device__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

// Warp-shuffle reduction: warps reduce, lane 0s meet in shared memory, warp 0
// reduces those, thread 0 adds the block's sum atomically.
__global__ void reduce_shfl(const float *in, float *out, int n) {
  __shared__ float warp_sums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = i < n ? in[i] : 0.0f;
  v = warp_sum(v);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (int)(blockDim.x / 32) ? warp_sums[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) atomicAdd(out, v);
  }
}

// Grid-stride accumulation, then a tree reduction in shared memory.
__global__ void reduce_gridstride(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) acc += in[i];
  sdata[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sdata[0];
}

// Integer max reduction with a fixed block size of 128 and an unrolled last warp.
__global__ void reduce_max_int(const int *in, int *out, int n) {
  __shared__ volatile int s[128];
  int t = threadIdx.x;
  int i = blockIdx.x * 256 + t;
  int a = i < n ? in[i] : 0;
  int b = i + 128 < n ? in[i + 128] : 0;
  s[t] = max(a, b);
  __syncthreads();
  if (t < 64) s[t] = max(s[t], s[t + 64]);
  __syncthreads();
  if (t < 32) {
    s[t] = max(s[t], s[t + 32]);
    s[t] = max(s[t], s[t + 16]);
    s[t] = max(s[t], s[t + 8]);
    s[t] = max(s[t], s[t + 4]);
    s[t] = max(s[t], s[t + 2]);
    s[t] = max(s[t], s[t + 1]);
  }
  if (t == 0) atomicMax(out, s[0]);
}

void run(float *a, float *b, int *c, int *d) {
  reduce_smem<<<4096, 256>>>(a, b, 1 << 20);
  reduce_shfl<<<4096, 256>>>(a, b, 1 << 20);
  reduce_gridstride<<<256, 256>>>(a, b, 1 << 20);
  reduce_max_int<<<4096, 128>>>(c, d, 1 << 20);
}
