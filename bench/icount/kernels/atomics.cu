// Histograms and atomic updates.
#include <cuda_runtime.h>

#define NBINS 256

__global__ void hist_global(const unsigned char *in, unsigned *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&hist[in[i]], 1u);
}

// Per-block histogram in shared memory, merged into global memory.
__global__ void hist_shared(const unsigned char *in, unsigned *hist, int n) {
  __shared__ unsigned local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) atomicAdd(&hist[b], local[b]);
}

// Counting values above a threshold with a global counter.
__global__ void count_above(const float *x, unsigned *count, float t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(count, x[i] > t ? 1u : 0u);
  }
}

// Float atomic max through a compare-and-swap loop.
__device__ float atomic_max_float(float *addr, float v) {
  int *p = (int *)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__global__ void max_cas(const float *x, float *m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomic_max_float(m, x[i]);
}

// Scatter-add with integer atomics on computed bins (bins = n / 16).
__global__ void scatter_add(const int *keys, const int *vals, int *bins, int nbins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int k = keys[i];
    int b = (k % nbins + nbins) % nbins;
    atomicAdd(&bins[b], vals[i]);
    atomicExch(&bins[nbins], k);
  }
}

void run(unsigned char *bytes, unsigned *h, float *x, float *m, int *k, int *v, int *bins) {
  hist_global<<<4096, 256>>>(bytes, h, 1 << 20);
  hist_shared<<<128, 256>>>(bytes, h, 1 << 20);
  count_above<<<4096, 256>>>(x, h, 0.5f, 1 << 20);
  max_cas<<<4096, 256>>>(x, m, 1 << 20);
  scatter_add<<<4096, 256>>>(k, v, bins, 65536, 1 << 20);
}
