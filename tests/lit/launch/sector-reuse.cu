// A thread that walks its own row (adjacent threads 64 elements apart)
// makes uncoalesced requests of 32 sectors, but each sector holds the
// lane's next 7 elements: over the loop the sectors are read from L1, not
// moved again from DRAM (which moves the array once: 1 GiB in about 320 us
// on an H100), and L1's 128 bytes per cycle come next (the load/store
// units, which with the loop's FP32 adds make fp32+ld/st).  A thread
// that reads one element per row (no loop to reuse the sector) gets no
// such note.  The uncoalesced check says where the loss is.  Stores write
// through L1: a thread that zeroes its own row sends every partial sector to
// L2 (which merges them before DRAM), so that launch is bound by L2.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck %s
// CHECK: sector-reuse.cu:[[# @LINE + 17]]:10: note: each lane's next 7 elements are in the 32-byte sectors this request moves ('k' advances 4 bytes per iteration): L1 serves them while it keeps the warp's 32 sectors, so the loss is mostly L1 bandwidth, 8 cycles per request instead of 1
// CHECK: sector-reuse.cu:[[# @LINE + 22]]:12: warning: uncoalesced global load of 'a'
// CHECK-NOT: next {{[0-9]+}} elements
// CHECK: note: for block
// CHECK: sector-reuse.cu:[[# @LINE + 29]]:3: remark: predicted {{3[0-9][0-9]}} us {{.*}}, bound by dram (next: fp32+ld/st at {{[0-9]+}}%)
// CHECK: sector-reuse.cu:[[# @LINE + 28]]:3: note: model notes: {{.*}}an uncoalesced request's sectors are used again {{.*}}: L1 serves 100% of the excess
// CHECK: sector-reuse.cu:[[# @LINE + 28]]:3: remark: predicted {{.*}}, bound by dram
// CHECK-NOT: sectors hold
// CHECK: sector-reuse.cu:[[# @LINE + 27]]:3: remark: predicted {{.*}}, bound by l2 (next: dram
#include <cuda_runtime.h>

#define N (1 << 22)

__global__ void rowsum(const float *a, float *out) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < 64; k++)
    s += a[(size_t)j * 64 + k];
  out[j] = s;
}

__global__ void firsts(const float *a, float *out) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  out[j] = a[(size_t)j * 64];
}

__global__ void rowzero(float *a) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 64; k++)
    a[(size_t)j * 64 + k] = 0.0f;
}

void run(const float *a, float *out, float *b) {
  rowsum<<<N / 256, 256>>>(a, out);
  firsts<<<N / 256, 256>>>(a, out);
  rowzero<<<N / 256, 256>>>(b);
}
