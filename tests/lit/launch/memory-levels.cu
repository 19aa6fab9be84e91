// Memory levels of the bottleneck model: a table every thread reads at the
// same addresses hits in L1 once each SM has it; an index that adds a loaded
// offset to an affine part spreading the blocks over the array has that
// part's footprint in DRAM; a gather (in[idx[i]]) or an offset that places
// the blocks (in[off[blockIdx.x] + threadIdx.x]) leaves the footprint unknown.
// REQUIRES: cuda
// RUN: kperf predict %s --kernel shifted --grid 4096,8 --block 256 --gpu a100 --db %kperf_db \
// RUN:   --ptxas off | FileCheck %s --check-prefix=SHIFTED
// RUN: kperf predict %s --kernel gather --grid 4096 --block 256 --gpu a100 --db %kperf_db \
// RUN:   --ptxas off | FileCheck %s --check-prefix=UNKNOWN
// RUN: kperf predict %s --kernel segments --grid 4096 --block 256 --gpu a100 --db %kperf_db \
// RUN:   --ptxas off | FileCheck %s --check-prefix=UNKNOWN
//
// 64 shifts of 4 bytes, the same for every thread (spans count a loop's range
// as trip x step):
// SHIFTED: loads at the same addresses for every thread (0.26 KB) hit in L1
// in: 65 rows of 1,048,576 bytes (the loop's and x's ranges; the shift is not
// counted); out: 9 x 1,048,576 floats: 106 MB, not the 570 MB the threads move.
// SHIFTED: DRAM traffic from the arrays' footprint (106 MB of 570 MB moved)
// UNKNOWN-NOT: footprint
// UNKNOWN-NOT: hit in L1
#include <cuda_runtime.h>
#define ROW 1048576

__global__ void shifted(const unsigned char *in, float *out, const int *shift) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int d = blockIdx.y;
  float s = 0;
  for (int c = 0; c < 64; c++)
    s += in[c * ROW + x + shift[c] * d];
  out[d * ROW + x] = s;
}

__global__ void gather(const float *in, float *out, const int *idx) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = in[idx[x]];
}

__global__ void segments(const float *in, float *out, const int *off) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = in[off[blockIdx.x] + threadIdx.x];
}

// The loads of a runtime loop (unrolled by 4, not fully) are issued a group
// ahead of their uses: their latency is on the critical path, not summed over
// two in flight as those of a fully unrolled loop are.
// RUN: kperf predict %s --kernel stream --grid 1024 --block 256 --gpu a100 --db %kperf_db \
// RUN:   --ptxas off --arg n=64 --json > %t.stream.json
// RUN: kperf predict %s --kernel stream_unrolled --grid 1024 --block 256 --gpu a100 \
// RUN:   --db %kperf_db --ptxas off --json > %t.unrolled.json
// RUN: python3 -c "import json; a=json.load(open('%t.stream.json'))['breakdown']; \
// RUN:   b=json.load(open('%t.unrolled.json'))['breakdown']; \
// RUN:   print('LATENCY', a['bn_latency_cycles'] < 0.75 * b['bn_latency_cycles'])" \
// RUN:   | FileCheck %s --check-prefix=LATENCY
// LATENCY: LATENCY True
__global__ void stream(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int c = 0; c < n; c++)
    s += in[c * 262144 + x];
  out[x] = s;
}

__global__ void stream_unrolled(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll
  for (int c = 0; c < 64; c++)
    s += in[c * 262144 + x];
  out[x] = s;
}
