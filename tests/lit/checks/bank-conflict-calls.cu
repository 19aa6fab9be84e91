// kperf-bank-conflict: a device function with returns under data-dependent
// conditions, called in two loops of one kernel.  Its returns end the call
// only: the accesses of its second call (and the store after each call) are
// judged like the first call's.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

__device__ int pick3(int a, int b, int c) {
  int k;
  if (a <= b)
    k = b;
  else
    k = a;
  if (k <= c)
    return c;
  else
    return k;
}

// Anti-diagonal sweeps over a 17 x 17 tile, down then up: word 17 * row +
// column moves by -16 from one thread to the next, 8-way at the longest
// diagonals of both sweeps.
__global__ void wave(int *out, int w) {
  __shared__ int g[16 + 1][16 + 1];
  int t = threadIdx.x;
  for (int d = 0; d < 16; d++) {
    if (t <= d) {
      int c = t + 1, r = d - t + 1;
      g[r][c] = pick3(g[r - 1][c - 1], g[r][c - 1] - w, g[r - 1][c] - w);
      // expected-warning@-1 4 {{8-way shared-memory bank conflict on 'g' (2-way at d = 2 rising to 8-way at d >= 14)}}
    }
    __syncthreads();
  }
  for (int d = 14; d >= 0; d--) {
    if (t <= d) {
      int c = t + 16 - d, r = 16 - t;
      g[r][c] = pick3(g[r - 1][c - 1], g[r][c - 1] - w, g[r - 1][c] - w);
      // expected-warning@-1 4 {{8-way shared-memory bank conflict on 'g' (8-way at d = 14, then falling to 1-way at d = 0)}}
    }
    __syncthreads();
  }
  out[blockIdx.x * 16 + t] = g[16][t + 1];
}

// A return of the callee does not hide the caller's later accesses: the
// column read after the call is 32-way.
__device__ float clip(float v) {
  if (v < 0.0f)
    return 0.0f;
  return v;
}

__global__ void after_call(float *out) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  s[t][0] = out[t]; // expected-warning {{32-way shared-memory bank conflict on 's'}}
  __syncthreads();
  float v = clip(out[t + 32]);
  out[t] = v + s[t][1]; // expected-warning {{32-way shared-memory bank conflict on 's'}}
}

int main() {
  wave<<<4, 16>>>(nullptr, 10);
  after_call<<<1, 32>>>(nullptr);
}
