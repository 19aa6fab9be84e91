// A CUDA file analysed for an AMD GPU ("what if I port this?"): the checks
// judge wavefronts of 64 by the MI250X's rules (hip/amd-checks.hip), and the
// padding fix-it holds there too.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi250x %s \
// RUN:   -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s
// CHECK: fix-it:"{{.*}}amd-port.cu":{[[# @LINE + 6]]:29-[[# @LINE + 6]]:31}:"33"

// A tiled transpose: coalesced global accesses, but the tile read down a
// column conflicts 32-way in each half-wavefront until its rows are padded.
#define TILE 32
__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y]; // expected-warning {{32-way shared-memory bank conflict on 'tile': lanes 0-31 all hit bank 0 at 32 different addresses}}
}

// The naive transpose: a wavefront is 2 rows of 32 threads whose lanes i and
// i + 32 write adjacent floats: 32 lines of 64 bytes.
__global__ void naive(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  out[x * n + y] = in[y * n + x]; // expected-warning {{uncoalesced global store of 'out': each wavefront request touches 32 64-byte cache lines where 4 would do (stride 2048 elements (8192 B) between adjacent threads; a wavefront spans 2 rows of 32 threads, 1 element apart)}}
}

int main() {
  float *a, *b;
  transpose<<<dim3(64, 64), dim3(32, 32)>>>(a, b, 2048);
  naive<<<dim3(64, 64), dim3(32, 32)>>>(a, b, 2048);
}
