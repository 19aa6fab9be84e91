// A grid of one block has no block 1: a pattern only blockIdx.x = 1 would
// see is not reported there, and is where the grid has that block.  A
// request whose lanes ask for one unbroken run, misaligned, is not reported
// (one sector more than the ideal, its misalignment alone).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

// Block b's 8 lanes are b + 1 floats apart: block 0 one sector, block 1
// 60 bytes from element 0, two sectors where one would do.
__global__ void spread(float *a) {
  a[threadIdx.x * (blockIdx.x + 1)] = 1.0f;
}

__global__ void spread_many(float *a) {
  a[threadIdx.x * (blockIdx.x + 1)] = 1.0f; // expected-warning {{uncoalesced global store of 'a': each warp request touches 2 sectors where 1 would do}}
}

// 2-D: blockIdx.y is used and the grid has one row of blocks.
__global__ void spread_y(float *a) {
  a[threadIdx.x * (blockIdx.y + 1)] = 1.0f;
}

// Block b writes 8 floats from element 12 * b: block 1 bytes 48-79, two
// sectors for one run of 32 bytes.  The same for 32 lanes of one byte each
// from byte 16 of an 84-byte record (a packed struct's array member).
__global__ void rows12(float *a) {
  a[blockIdx.x * 12 + threadIdx.x] = 1.0f;
}
struct rec {
  unsigned short d[2];
  unsigned char scales[12], qs[68];
};
__global__ void packed(const rec *r, unsigned char *o) {
  o[blockIdx.x * 32 + threadIdx.x] = r[blockIdx.x].qs[threadIdx.x];
}
// Every other byte of the record's 64, from byte 16: three sectors where one
// would do, not a run.
__global__ void packed_odd(const rec *r, unsigned char *o) {
  o[blockIdx.x * 32 + threadIdx.x] = r[blockIdx.x].qs[2 * threadIdx.x]; // expected-warning {{uncoalesced global load of 'r': each warp request touches 3 sectors where 1 would do}}
}

int main() {
  float *a;
  rec *r;
  unsigned char *o;
  spread<<<1, 8>>>(a);
  spread_many<<<2, 8>>>(a);
  spread_y<<<dim3(4, 1), 8>>>(a);
  rows12<<<2, 8>>>(a);
  packed<<<64, 32>>>(r, o);
  packed_odd<<<64, 32>>>(r, o);
}
