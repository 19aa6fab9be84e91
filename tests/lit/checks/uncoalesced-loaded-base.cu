// Addresses kperf follows through memory it cannot read: a base loaded from
// an address the same for the whole warp (one value per warp, unknown), a
// struct reached through a local pointer (p = d + i; p->x), and an array
// member of a struct (r[i].v[k]).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

struct Range { int first, count; };
struct Vec4 { float v[4]; };
struct Point { float x, y; };

// Each block reads the particles of its box: first is one value per warp,
// so first + tx is contiguous; the particles are 16-byte structs of which
// one float is read.
__global__ void boxes(const Range *box, const Vec4 *particle, float *out) {
  int first = box[blockIdx.x].first;
  int tx = threadIdx.x;
  out[first + tx] = particle[first + tx].v[0]; // expected-warning {{uncoalesced global load of 'particle': each warp request touches 16 sectors where 4 would do (stride 4 elements (16 B) between adjacent threads)}}
  // CHECK: :[[# @LINE - 1]]:{{[0-9]+}}: note: 'first' is loaded from memory (one value per warp): the access is uncoalesced whatever its value: 16 to 17 sectors where 4 would do; figures for first = 1024
}

// An index loaded per thread is not uniform: nothing is said.
__global__ void gather(const int *idx, const Vec4 *particle, float *out) {
  int j = idx[blockIdx.x * blockDim.x + threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = particle[j].v[0];
}

// Both fields of an 8-byte struct through a local pointer: the warp uses
// every byte it moves, coalesced.
__global__ void both(const Point *d, float *dist, int n, float x, float y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const Point *p = d + i;
    dist[i] = (x - p->x) * (x - p->x) + (y - p->y) * (y - p->y);
  }
}

// One field of it: half of each sector is wasted.
__global__ void one(const Point *d, float *xs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const Point *p = d + i;
    xs[i] = p->x; // expected-warning {{uncoalesced global load of 'd': each warp request touches 8 sectors where 4 would do (stride 2 elements (8 B) between adjacent threads)}}
    // CHECK: :[[# @LINE - 1]]:{{[0-9]+}}: note: 'n' is not known in this file: the access is uncoalesced whatever its value: 8 sectors where 4 would do at each; figures for n = 1024
  }
}

void run(const Range *b, const Vec4 *v, const int *idx, const Point *d, float *o, int n) {
  boxes<<<100, 128>>>(b, v, o);
  gather<<<100, 128>>>(idx, v, o);
  both<<<(n + 255) / 256, 256>>>(d, o, n, 1.0f, 2.0f);
  one<<<(n + 255) / 256, 256>>>(d, o, n);
}
