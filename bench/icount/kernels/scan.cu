// Block-level prefix sums.
#include <cuda_runtime.h>

// Hillis-Steele inclusive scan with a double buffer.
__global__ void scan_hillis_steele(const float *in, float *out, int n) {
  __shared__ float buf[2][256];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  int pout = 0, pin = 1;
  buf[pout][tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= off)
      buf[pout][tid] = buf[pin][tid] + buf[pin][tid - off];
    else
      buf[pout][tid] = buf[pin][tid];
    __syncthreads();
  }
  if (i < n) out[i] = buf[pout][tid];
}

// Blelloch work-efficient exclusive scan of 2 * blockDim.x elements.
__global__ void scan_blelloch(const float *in, float *out, int n) {
  __shared__ float temp[512];
  int tid = threadIdx.x;
  int m = 2 * blockDim.x;
  int base = blockIdx.x * m;
  temp[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0.0f;
  temp[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0.0f;
  int offset = 1;
  for (int d = m >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0) temp[m - 1] = 0.0f;
  for (int d = 1; d < m; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  if (base + 2 * tid < n) out[base + 2 * tid] = temp[2 * tid];
  if (base + 2 * tid + 1 < n) out[base + 2 * tid + 1] = temp[2 * tid + 1];
}

// Warp-level inclusive scan with shuffles.
__global__ void scan_warp_shfl(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  for (int off = 1; off < 32; off *= 2) {
    int u = __shfl_up_sync(0xffffffffu, v, off);
    if (lane >= off) v += u;
  }
  if (i < n) out[i] = v;
}

void run(float *a, float *b, int *c, int *d) {
  scan_hillis_steele<<<4096, 256>>>(a, b, 1 << 20);
  scan_blelloch<<<2048, 256>>>(a, b, 1 << 20);
  scan_warp_shfl<<<4096, 256>>>(c, d, 1 << 20);
}
