// Blocks narrower than a warp: a warp (32 consecutive linear thread ids, x
// fastest) spans several rows of the block, so a row-major access splits into
// one run per row.  The degree follows each generation's rule (warp.h):
//   h100 (CC 9.0, 32-byte sectors per warp): 16x16 two rows of 64 B, 4 sectors
//     as the ideal; 8x8 four rows of 32 B, 4 as the ideal; 4x4 (one 16-lane
//     warp) four rows of 16 B, 4 sectors where 2 would do.
//   gtx280 (CC 1.3, the segment protocol per half-warp): 16x16 one 64-byte
//     segment a half-warp; 8x8 two rows a half-warp, two 32-byte segments
//     where one would do (4 where 2 for the warp); 4x4 four where one would do.
//   8600gt (CC 1.1, the strict half-warp rule): a half-warp that is not one
//     aligned run takes one transaction per lane: 8x8 32 where 2 would do,
//     4x4 16 where 1 would do.
//   mi300x (128-byte vector L1 lines, wavefronts of 64): 16x16 four rows of
//     64 B, 4 lines where 2 would do; 8x8 eight rows, 8 where 2; 4x4 4 where 1.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s --check-prefix=H100
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=gtx280 %s 2>&1 | FileCheck %s --check-prefix=GT200
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=8600gt %s 2>&1 | FileCheck %s --check-prefix=G84
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi300x %s 2>&1 | FileCheck %s --check-prefix=MI300

#define W 1024

__global__ void rows16(float *a) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * W + x] = 1.0f;
}
__global__ void rows8(float *a) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * W + x] = 1.0f;
}
__global__ void rows4(float *a) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * W + x] = 1.0f;
}

void launch(float *a) {
  rows16<<<dim3(W / 16, W / 16), dim3(16, 16)>>>(a);
  rows8<<<dim3(W / 8, W / 8), dim3(8, 8)>>>(a);
  rows4<<<dim3(W / 4, W / 4), dim3(4, 4)>>>(a);
}

// H100-NOT: :25:{{.*}}kperf-uncoalesced
// H100-NOT: :29:{{.*}}kperf-uncoalesced
// H100: :33:{{[0-9]+}}: warning: uncoalesced global store of 'a': each warp request touches 4 sectors where 2 would do
// H100: note: use blocks at least 32 threads wide

// GT200-NOT: :25:{{.*}}kperf-uncoalesced
// GT200: :29:{{[0-9]+}}: warning: uncoalesced global store of 'a': each warp request touches 4 memory segments where 2 would do
// GT200: :33:{{[0-9]+}}: warning: uncoalesced global store of 'a': each warp request touches 4 memory segments where 1 would do

// G84-NOT: :25:{{.*}}kperf-uncoalesced
// G84: :29:{{[0-9]+}}: warning: uncoalesced global store of 'a': each warp request touches 32 transactions of 32 bytes where 2 would do
// G84: :33:{{[0-9]+}}: warning: uncoalesced global store of 'a': each warp request touches 16 transactions of 32 bytes where 1 would do

// MI300: :25:{{[0-9]+}}: warning: uncoalesced global store of 'a': each wavefront request touches 4 128-byte cache lines where 2 would do
// MI300: :29:{{[0-9]+}}: warning: uncoalesced global store of 'a': each wavefront request touches 8 128-byte cache lines where 2 would do
// MI300: :33:{{[0-9]+}}: warning: uncoalesced global store of 'a': each wavefront request touches 4 128-byte cache lines where 1 would do
