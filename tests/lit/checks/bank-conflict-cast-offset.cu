// kperf-bank-conflict: a pointer into a __shared__ array at a constant offset,
// cast to another element type (HeCBench match-cuda's `int *indices =
// (int*)&scores[256]` with `scores = (float*)buffer1`), is the same array at
// that byte offset: its accesses are judged as the array's.  When the offset
// is not a whole number of the new elements, or is not a constant, nothing
// is said.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

__global__ void scores_and_indices(const float *d, int *o) {
  __shared__ float4 buffer1[128];
  float *scores = (float *)buffer1;
  int *indices = (int *)&scores[256];
  int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
  scores[ty * 32 + tx] = d[threadIdx.x]; // expected-warning {{2-way shared-memory bank conflict on 'buffer1': lanes 0 and 16 hit bank 0 at 2 different addresses}}
  indices[ty * 32 + tx] = threadIdx.x; // expected-warning {{2-way shared-memory bank conflict on 'buffer1': lanes 0 and 16 hit bank 0 at 2 different addresses}}
  __syncthreads();
  o[threadIdx.x] = indices[threadIdx.x];
}

// Bytes: 3 floats in, 12 bytes, word 3; 128 bytes between lanes: every lane
// on bank 3 (bank 0 had the offset been dropped).
__global__ void bytes_in(int *o) {
  __shared__ float buf[1024];
  char *q = (char *)&buf[3];
  q[threadIdx.x * 128] = 1; // expected-warning {{32-way shared-memory bank conflict on 'buf': lanes 0-31 all hit bank 3 at 32 different addresses}}
  __syncthreads();
  o[threadIdx.x] = buf[threadIdx.x];
}

// 4 bytes in is not a whole double, and threadIdx.y is not a constant:
// where these point is not followed.
__global__ void not_followed(const float *d, int *o) {
  __shared__ float buf[1024];
  double *p = (double *)&buf[1];
  int *r = (int *)&buf[threadIdx.y];
  int t = threadIdx.x;
  p[t * 32] = d[t];
  r[t * 32] = 2;
  __syncthreads();
  o[t] = buf[t];
}
