// kperf-uncoalesced where the file leaves a size or the data open:
// - a size parameter that sets the distance between lanes, also in the guard
//   that decides which threads run (`i < n - 1 - t`): values at which no whole
//   warp makes the access are judged by the lanes' addresses alone, so the
//   statement is "for every n >= 2" (n = 1 would be coalesced);
// - a 4x4 block (one 16-lane warp over four rows), also under `if (y == 0)`,
//   a guard with no parameter that leaves 4 of the 16 lanes;
// - conditions on loaded data (a branch, a loop bound): judged with every lane
//   taking them, reported only when each lane touches sectors of its own;
// - a grid extent among four unknowns (`blockIdx.y * gridDim.x + blockIdx.x`)
//   only moves the warp: judged at 1024;
// - a stride the code suggests is often 1 (a BLAS increment, a parameter the
//   kernel tests against 1): nothing said.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

// Column t of rows below row t (elimination's multipliers).
__global__ void column(float *m, const float *a, int n, int t) {
  if (threadIdx.x + blockIdx.x * blockDim.x >= n - 1 - t)
    return;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[n * (i + t + 1) + t] = a[n * t + t]; // expected-warning {{uncoalesced global store of 'm': each warp request touches 32 sectors where 4 would do (stride n elements between adjacent threads)}}
}
// CHECK: :[[@LINE-2]]:{{.*}}warning: uncoalesced global store of 'm'
// CHECK: note: 'n' is not known in this file: the access is uncoalesced for every n >= 2, whatever 't', wherever a whole warp makes it: 9 sectors where 4 would do at n = 2, rising to 32 from n = 8

// The same with the row index from threadIdx.x of a 4x4 block.
__global__ void update(float *a, const float *m, float *b, int n, int t) {
  if (threadIdx.x + blockIdx.x * blockDim.x >= n - 1 - t)
    return;
  if (threadIdx.y + blockIdx.y * blockDim.y >= n - t)
    return;
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  a[n * (x + 1 + t) + (y + t)] -= 2.0f; // expected-warning {{uncoalesced global load and store of 'a': each warp request touches 4 sectors where 2 would do}}
  if (y == 0)
    b[x] = m[n * (x + 1 + t) + (y + t)]; // expected-warning {{uncoalesced global load of 'm': each warp request touches 4 sectors where 1 would do}}
}
// CHECK: :[[@LINE-4]]:{{.*}}warning: uncoalesced global load and store of 'a'
// CHECK: note: use blocks at least 32 threads wide

// A thread per 32-byte record, one field read under a data test.
struct rec { float w; float *c; long as; float cost; };
__global__ void records(int num, rec *p, float *flag, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < num) {
    float c = flag[i];
    if (c < p[i].cost) // expected-warning {{uncoalesced global load of 'p': each warp request touches 32 sectors where 4 would do}}
      out[i] = c;      // coalesced under any mask: silent
    else
      out[i] = (float)p[i].as; // expected-warning {{uncoalesced global load of 'p': each warp request touches 32 sectors where 8 would do}}
  }
}
// CHECK: :[[@LINE-3]]:{{.*}}warning: uncoalesced global load of 'p'
// CHECK: note: which lanes make the access depends on values loaded from memory ('c < p[i].cost'): the figures are for data that lets every lane of the warp through; each lane touches sectors of its own

// An 8-byte record read whole (its two halves: one before the loop, one in
// its test) under a data mask: 8 sectors for 32 lanes, not one a lane: silent.
struct node { int first, count; };
__global__ void edges(const node *g, const bool *mask, const int *e, int *cost, int nn) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < nn && mask[i])
    for (int j = g[i].first; j < g[i].count + g[i].first; j++)
      cost[e[j]] = 1;
}

// A thread per 256-word block, 16-thread blocks, a loop bound per lane.
__global__ void pack(const unsigned *src, const unsigned *len, unsigned *dst, unsigned words) {
  unsigned i = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned off = i * words, bits = len[i];
  for (unsigned j = 1; j < bits / 32; j++)
    dst[j] += src[off + j]; // expected-warning {{uncoalesced global load of 'src': each warp request touches 16 sectors where 2 would do}}
}

// Four unknowns: stride, k, num and the grid's width, which only moves the warp.
__global__ void cost(int num, int k, int stride, float *wm) {
  int bid = blockIdx.x + gridDim.x * blockIdx.y;
  int i = blockDim.x * bid + threadIdx.x;
  if (i < num)
    wm[i * stride + k] += 1.0f; // expected-warning {{uncoalesced global load and store of 'wm': each warp request touches 32 sectors where 4 would do (stride stride elements between adjacent threads)}}
}
// CHECK: :[[@LINE-2]]:{{.*}}warning: uncoalesced global load and store of 'wm'
// CHECK: note: 'gridDim.x' only moves the whole warp (it is in no thread's offset from another): judged at gridDim.x = 1024

// Strides that are often 1: a BLAS increment, a stride the kernel tests.
__global__ void axpy(int n, float s, const float *x, int incx, float *y, int incy) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i * incy] += s * x[i * incx];
}
__global__ void scale(int n, float s, float *x, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (stride == 1) {
    if (i < n)
      x[i] *= s;
  } else if (i < n) {
    x[i * stride] *= s;
  }
}
// A leading dimension: no such hint, reported.
__global__ void clear_column(int n, float *x, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i * ld] = 0.0f; // expected-warning {{uncoalesced global store of 'x': each warp request touches 32 sectors where 4 would do (stride ld elements between adjacent threads)}}
}

void host(int n, int t, int nb, float *m, float *a, float *b, rec *p, float *f, float *o,
          const node *g, const bool *mk, const int *e, int *c, const unsigned *s, const unsigned *l,
          unsigned *d, int k, int st, int inc, int ld) {
  column<<<(n + 511) / 512, 512>>>(m, a, n, t);
  update<<<dim3((n + 3) / 4, (n + 3) / 4), dim3(4, 4)>>>(a, m, b, n, t);
  records<<<(n + 511) / 512, 512>>>(n, p, f, o);
  edges<<<(n + 255) / 256, 256>>>(g, mk, e, c, n);
  pack<<<n / 16, 16>>>(s, l, d, 256u * (unsigned)t);
  cost<<<dim3(nb, 2), 512>>>(n, k, st, a);
  axpy<<<(n + 255) / 256, 256>>>(n, 2.0f, a, inc, b, inc);
  scale<<<(n + 255) / 256, 256>>>(n, 2.0f, a, st);
  clear_column<<<(n + 255) / 256, 256>>>(n, a, ld);
}
