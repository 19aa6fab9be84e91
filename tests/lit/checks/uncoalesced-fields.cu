// kperf-uncoalesced on the fields of small structs: p[i].x, p[i].y, p[i].z
// read together are one 16-byte load of a float4 (or loads of a 12-byte
// struct that touch the same sectors), so the warp uses what it moves: no
// warning.  One field alone of a wide struct still wastes most of what moves.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
#include <cuda_runtime.h>

__global__ void norm_f4(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x * p[i].x + p[i].y * p[i].y + p[i].z * p[i].z;
}

struct P3 {
  float x, y, z;
};

__global__ void norm_p3(const P3 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x * p[i].x + p[i].y * p[i].y + p[i].z * p[i].z;
}

__global__ void store_f4(float4 *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x = 1.0f;
    p[i].y = 2.0f;
    p[i].z = 3.0f;
    p[i].w = 4.0f;
  }
}

// One field of four: a warp uses 128 of the 512 bytes it moves.
__global__ void only_x(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x; // expected-warning {{uncoalesced global load of 'p': each warp request touches 16 sectors where 4 would do (stride 4 elements (16 B) between adjacent threads)}}
}

// Fields of different elements are not one load.
__global__ void neighbours(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = p[i].x + p[i + 1].x; // expected-warning {{touches 16 sectors where 4 would do}} expected-warning {{touches 17 sectors where 4 would do}}
}

void run(const float4 *a, const P3 *b, float4 *c, float *o) {
  norm_f4<<<4096, 256>>>(a, o, 1 << 20);
  norm_p3<<<4096, 256>>>(b, o, 1 << 20);
  store_f4<<<4096, 256>>>(c, 1 << 20);
  only_x<<<4096, 256>>>(a, o, 1 << 20);
  neighbours<<<4096, 256>>>(a, o, 1 << 20);
}
