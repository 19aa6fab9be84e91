// kperf corpus: histograms and atomics, indirect (gathered) accesses and
// index permutations (blocks of 256).
#define N 1024

// Shared-memory histogram: the atomic's bank depends on the data (skip).
__global__ void histogram_shared(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned h[256];
  int t = threadIdx.x;
  h[t] = 0; // expect: none
  __syncthreads();
  int i = blockIdx.x * blockDim.x + t;
  if (i < n) {
    unsigned char c = data[i]; // expect: none
    atomicAdd(&h[c], 1u); // expect: skip
  }
  __syncthreads();
  unsigned v = h[t]; // expect: none
  atomicAdd(&bins[t], v); // expect: none
}

// Global histogram straight into memory: data-dependent addresses.
__global__ void histogram_global(const int *keys, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = keys[i]; // expect: none
  atomicAdd(&bins[k], 1u); // expect: skip
}

// Atomics on addresses 128 bytes apart: each lane its own sector (the atomic
// unit works on 32-byte sectors too); CC 1.x atomic transactions are not
// documented, so only CC >= 5 is labelled.
__global__ void atomic_strided(unsigned *counters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&counters[32 * i], 1u); // expect: uncoalesced@cc>=5
}

// Gather through an index array.
__global__ void gather(const float *a, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[i]; // expect: none
  float v = a[j]; // expect: skip
  out[i] = v; // expect: none
}

// Scatter through an index array.
__global__ void scatter(const float *a, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i]; // expect: none
  int j = idx[i]; // expect: none
  out[j] = v; // expect: skip
}

// Computed permutations (no loaded index).  i ^ 1 swaps neighbours: same
// sectors and segments, but lane k no longer reads word k (CC 1.0/1.1).
// i ^ 16 swaps half-warps: each half-warp still reads its 64 bytes in order.
__global__ void permute(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float p = a[i ^ 1]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  float q = a[i ^ 16]; // expect: none
  float r = a[(i * 7) % N]; // expect: uncoalesced
  out[i] = p + q + r; // expect: none
}

// Reversal: lane k reads word 31 - k of the warp's 128 bytes.
__global__ void reverse(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[N - 1 - i]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  out[i] = v; // expect: none
}

void launch_atomics(unsigned char *d, unsigned *b, int *k, float *a, float *o, int n) {
  histogram_shared<<<(n + 255) / 256, 256>>>(d, b, n);
  histogram_global<<<n / 256, 256>>>(k, b);
  atomic_strided<<<n / 256, 256>>>(b);
  gather<<<n / 256, 256>>>(a, k, o);
  scatter<<<n / 256, 256>>>(a, k, o);
  permute<<<N / 256, 256>>>(a, o);
  reverse<<<N / 256, 256>>>(a, o);
}
