// A grid of one block has no block 1: a misalignment only blockIdx.x = 1
// would see is not reported there, and is where the grid has that block.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

// Block b writes 8 floats from element 12 * b: block 0 one sector, block 1
// bytes 48-79, two sectors where one would do.
__global__ void rows12(float *a) {
  a[blockIdx.x * 12 + threadIdx.x] = 1.0f;
}

__global__ void rows12_many(float *a) {
  a[blockIdx.x * 12 + threadIdx.x] = 1.0f; // expected-warning {{uncoalesced global store of 'a': each warp request touches 2 sectors where 1 would do}}
}

// 2-D: blockIdx.y is used and the grid has one row of blocks.
__global__ void rows12_y(float *a) {
  a[blockIdx.y * 12 + threadIdx.x] = 1.0f;
}

int main() {
  float *a;
  rows12<<<1, 8>>>(a);
  rows12_many<<<2, 8>>>(a);
  rows12_y<<<dim3(4, 1), 8>>>(a);
}
