// Atomics every thread makes at one address serialise at L2: a naive sum
// (atomicAdd(out, x[i]) by each of 8 M threads) is bound by L2 applying them
// one after another (6.3 cycles each: 8.39e6 x 6.3 / 1725 MHz = 30.6 ms on
// an RTX 3070), not by its 33.6 MB of loads.  One atomic per block (thread
// 0 adds the block's sum) is 640 of them; an atomic whose address moves
// with the thread (a histogram of distinct bins) is not counted.
// An atomic whose address comes from data (bins[in[i]]) counts as spread
// unless addresses@FILE:LINE says how many addresses its executions hit: all
// at one (a histogram of constant data) is 67.1 M integer adds at one per
// clock (Kepler GK110 whitepaper): 67.1e6 / 1710 MHz = 39.2 ms on an RTX
// 3080, measured 36.2 ms (PMPP NVBench); over 512 addresses they are DRAM's.
// REQUIRES: cuda
// RUN: kperf predict %s --kernel naive --grid 32768 --block 256 --arg n=8388608 \
// RUN:   --gpu rtx3070 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=NAIVE
// RUN: kperf predict %s --kernel per_block --grid 640 --block 256 --arg n=8388608 \
// RUN:   --gpu rtx3070 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=BLOCK
// RUN: kperf predict %s --kernel spread --grid 32768 --block 256 --arg n=8388608 \
// RUN:   --gpu rtx3070 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=SPREAD
// NAIVE: predicted {{3[01]\.[0-9]}} ms
// NAIVE: bound by l2
// RUN: kperf predict %s --kernel hist --grid 131072 --block 512 --arg n=67108864 \
// RUN:   --gpu rtx3080 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=DATA
// RUN: kperf predict %s --kernel hist --grid 131072 --block 512 --arg n=67108864 \
// RUN:   --arg addresses@same-address-atomics.cu:75=1 \
// RUN:   --gpu rtx3080 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=ONE
// RUN: kperf predict %s --kernel hist --grid 131072 --block 512 --arg n=67108864 \
// RUN:   --arg addresses@same-address-atomics.cu:75=512 \
// RUN:   --gpu rtx3080 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=MANY
// NAIVE: 8.39e+06 atomics to one address, applied one after another at L2 (1 cycles each on integers, 6.3 on floating point)
// BLOCK: 640 atomics to one address
// SPREAD-NOT: atomics to one address
// DATA-NOT: atomics to one address
// DATA: bound by dram
// DATA: an atomic whose address kperf cannot state (from data) is taken as spread over distinct addresses; bind addresses@same-address-atomics.cu:75=N if it hits N
// ONE: predicted {{39\.[0-9]}} ms
// ONE: bound by l2
// ONE: 6.71e+07 atomics to one address
// ONE-NOT: cannot state
// MANY: bound by dram
// MANY: 1.31e+05 atomics to one address
#include <cuda_runtime.h>

__global__ void naive(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, x[i]);
}

__global__ void per_block(const float *x, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  float v = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    v += x[i];
  s[t] = v;
  __syncthreads();
  for (int d = 128; d > 0; d >>= 1) {
    if (t < d)
      s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(out, s[0]);
}

__global__ void spread(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&out[i], x[i]);
}

__global__ void hist(const unsigned *in, unsigned *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i]], 1u); // line 75: the RUN lines name it
}
