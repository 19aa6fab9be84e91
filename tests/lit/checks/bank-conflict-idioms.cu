// kperf-bank-conflict on idioms of real code: padding written for 16 banks
// (GPU Gems 3's CONFLICT_FREE_OFFSET), indices formed with __mul24 and
// through reference parameters, blocks no launch gives with an index that
// follows blockDim.x, guards that name a parameter the file does not give,
// halving loops that start from one, and per-thread byte histograms read
// around a ring.  Each positive has a negative that is conflict-free.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

// ---- Padding for 16 banks leaves 2-way conflicts on 32 ----
#define OFF16(i) ((i) >> 4)
#define OFF32(i) ((i) >> 5)

// ai + ai / 16: lanes 0-15 words 0-15, lanes 16-31 words 17-32; word 32 is
// in bank 0 with word 0.
__global__ void pad16(unsigned *g) {
  __shared__ unsigned s[512 + 32];
  int ai = threadIdx.x;
  s[ai + OFF16(ai)] = g[threadIdx.x]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 31 hit bank 0 at 2 different addresses}}
  __syncthreads();
  g[threadIdx.x] = s[ai + OFF32(ai)]; // padding for 32 banks: lanes 0-31 words 0-31
}

// The work-efficient scan's up-sweep with __mul24, padded for 16 banks
// (LOG = 4): 2-way at stride 1, 2 and 4 (d = 256, 128, 64), conflict-free
// from stride 8 on.  Padded for 32 banks (LOG = 5) it is conflict-free at
// every stride: the warnings are upsweep<4>'s.
template <int LOG>
__global__ void upsweep(unsigned *g) {
  __shared__ unsigned s[512 + 32];
  unsigned thid = threadIdx.x, stride = 1;
  for (int d = blockDim.x; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int i = __mul24(__mul24(2, stride), thid);
      int ai = i + stride - 1, bi = ai + stride;
      ai += ai >> LOG;
      bi += bi >> LOG;
      s[bi] += s[ai]; // expected-warning {{2-way shared-memory bank conflict on 's' (2-way at d = 256, then falling to 1-way at d = 1): lanes 15 and 30 hit bank 0 at 2 different addresses}} expected-warning {{2-way shared-memory bank conflict on 's' (2-way at d = 256, then falling to 1-way at d = 1): lanes 1 and 16 hit bank 2 at 2 different addresses}}
    }
    stride *= 2;
  }
}

// ---- Indices set through reference parameters ----
__device__ void loadChunk(unsigned *s, const unsigned *g, int &ai, int &off) {
  ai = threadIdx.x;
  off = OFF16(ai);
  s[ai + off] = g[ai]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 31 hit bank 0 at 2 different addresses}}
}
__device__ void storeChunk(unsigned *g, const unsigned *s, int ai, int off) {
  __syncthreads();
  g[ai] = s[ai + off]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 31 hit bank 0 at 2 different addresses}}
}
__global__ void chunk(unsigned *g) {
  __shared__ unsigned s[300];
  int ai, off;
  loadChunk(s, g, ai, off);
  storeChunk(g, s, ai, off);
}
__device__ void loadChunk32(unsigned *s, const unsigned *g, int &ai, int &off) {
  ai = threadIdx.x;
  off = OFF32(ai);
  s[ai + off] = g[ai];
}
__global__ void chunk32(unsigned *g) {
  __shared__ unsigned s[300];
  int ai, off;
  loadChunk32(s, g, ai, off);
  __syncthreads();
  g[ai] = s[ai + off];
}

// ---- Halving loops from a start the file does not give ----
// The merge of a bitonic sort: 2-way at stride = 1, which runs whatever n is.
__global__ void merge(unsigned *d, unsigned n) {
  __shared__ unsigned key[1024];
  key[threadIdx.x] = d[threadIdx.x];
  key[threadIdx.x + 512] = d[threadIdx.x + 512];
  // The sort's stages before it: another counter named stride, which starts
  // from a known value (size / 2), must not stand for the merge's.
  for (unsigned size = 2; size < n; size <<= 1)
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      key[2 * threadIdx.x - (threadIdx.x & (stride - 1))] += 1; // expected-warning {{2-way shared-memory bank conflict on 'key'}}
    }
  for (unsigned stride = n / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    unsigned a = key[pos]; // expected-warning {{2-way shared-memory bank conflict on 'key': lanes 0 and 16 hit bank 0 at 2 different addresses (stride 2 elements (8 B) between adjacent threads at stride = 1}}
    // CHECK: :[[# @LINE - 1]]:18: note: where the loop around it starts depends on values this file does not give: figures for its last iteration (stride = 1), which runs whenever the loop does
    __syncthreads();
    key[pos] = a + 1; // expected-warning {{2-way shared-memory bank conflict on 'key'}}
  }
  // Conflict-free at stride = 1 (and at every other stride): nothing said.
  for (unsigned stride = n / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    key[threadIdx.x + 32 * stride] += 1;
  }
  d[threadIdx.x] = key[threadIdx.x];
}
void runMerge(unsigned *d, unsigned n) { merge<<<1, 512>>>(d, n); }

// ---- Guards that name a parameter the file does not give ----
// The three-phase scan's sequential pass: a warp all of whose lanes pass
// `start < n` reads words 16 apart, 16-way.
__global__ void sections(float *x, int n) {
  __shared__ float xy[8192];
  int start = 16 * threadIdx.x;
  float acc = 0;
  if (blockIdx.x * 8192 + start < n) {
    for (int i = start; i < start + 16; ++i) {
      acc += xy[i]; // expected-warning {{16-way shared-memory bank conflict on 'xy': lanes 0, 2, 4, ..., 30 all hit bank 0 at 16 different addresses (stride 16 elements (64 B) between adjacent threads)}}
      // CHECK: :[[# @LINE - 1]]:14: note: which threads make it depends on values this file does not give: figures for a warp all of whose lanes make it
    }
  }
  // Only one lane passes `threadIdx.x == n`: no warp makes it whole, nothing said.
  if (threadIdx.x == n)
    x[0] = xy[32 * threadIdx.x];
  // Conflict-free for the warps that make it whole.
  if (start < n)
    x[threadIdx.x] = xy[threadIdx.x] + acc;
}
void runSections(float *x, int n) { sections<<<1, 512>>>(x, n); }

// ---- Blocks no launch gives, an index that follows blockDim.x ----
// s[t + B + (t + B) / 16] is 2-way for every block width B that is a
// multiple of 32 (lanes 32 words apart at the padding's jump).
__global__ void secondHalf(unsigned *g) {
  __shared__ unsigned s[2048 + 128];
  int bi = threadIdx.x + blockDim.x;
  s[bi + OFF16(bi)] = g[bi]; // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 31 hit bank 2 at 2 different addresses}}
  // CHECK: :[[# @LINE - 1]]:21: note: the block's size is not known in this file (no launch gives it) and the index follows blockDim.x: the access conflicts with every 1-D block whose width is a multiple of 32 from 32 to 1024; figures for blockDim.x = 32, where it conflicts least (give the shape with #pragma kperf block(x, y, z))
  __syncthreads();
  // Padded for 32 banks: conflict-free at every width.
  g[threadIdx.x] = s[bi + OFF32(bi)];
  // A stride of blockDim.x / 32 words: conflict-free with 32 threads, 2-way
  // with 64: it depends on the width, nothing said.
  g[threadIdx.x + 1] = s[threadIdx.x * (blockDim.x / 32)];
}

// ---- A per-thread byte histogram read around a ring ----
// Thread t (< 64) reads bytes 64 t + ((4 (t & 15) + 4 i) & 63): word
// 16 t + ((t + i) & 15), bank 16 (t & 1) + ((t + i) & 15): lanes t and
// t + 16 share a bank at two words, 2-way at every i.
__global__ void histo(unsigned *out) {
  __shared__ unsigned char h[64 * 64];
  __shared__ unsigned w[64 * 32];
  for (int i = threadIdx.x; i < 64 * 64; i += 64)
    h[i] = 0;
  __syncthreads();
  unsigned char *base = h + 64 * threadIdx.x;
  unsigned sum = 0;
  unsigned pos = 4 * (threadIdx.x & 15);
#pragma unroll
  for (int i = 0; i < 16; i++) {
    sum += base[pos]; // expected-warning {{2-way shared-memory bank conflict on 'h': lanes 0 and 16 hit bank 0 at 2 different addresses}}
    pos = (pos + 4) & 63;
  }
  // A ring of words skewed by the thread, `r = (t + i) & 31` in rows of 32
  // words: bank (t + i) & 31, a different one for each lane: conflict-free.
  unsigned r = threadIdx.x & 31;
  for (int i = 0; i < 32; i++) {
    sum += w[32 * threadIdx.x + r];
    r = (r + 1) & 31;
  }
  out[threadIdx.x] = sum;
}
void runHisto(unsigned *o) { histo<<<1, 64>>>(o); }

int main() {
  pad16<<<1, 256>>>(0);
  upsweep<4><<<1, 256>>>(0);
  upsweep<5><<<1, 256>>>(0);
  chunk<<<1, 256>>>(0);
  chunk32<<<1, 256>>>(0);
}
