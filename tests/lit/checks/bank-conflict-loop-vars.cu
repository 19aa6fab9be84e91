// kperf-bank-conflict: loop variables other than the counter, counters that
// move by several bits, and loops bounded by an outer counter, each judged
// over all its values.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

// A prefix sum whose spacing `gap` doubles in the body of the up-sweep (the
// counter is `live`) and halves in the body of the down-sweep, which starts
// from the up-sweep's last value: up to 32-way where 32 threads are live.
__global__ void prefix(float *out, const float *in) {
  __shared__ float t[1024];
  int id = threadIdx.x;
  t[id] = in[id];
  t[id + 512] = in[id + 512];
  int gap = 1;
  for (int live = 512; live > 0; live >>= 1) {
    __syncthreads();
    if (id < live) {
      int lo = gap * (2 * id + 1) - 1;
      int hi = gap * (2 * id + 2) - 1;
      t[hi] += t[lo];
      // expected-warning@-1 2 {{32-way shared-memory bank conflict on 't' (2-way at live = 512 rising to 32-way at live = 32, then falling to 1-way at live = 1)}}
    }
    gap *= 2;
  }
  for (int live = 1; live < 1024; live *= 2) {
    gap >>= 1;
    __syncthreads();
    if (id < live) {
      int lo = gap * (2 * id + 1) - 1;
      int hi = gap * (2 * id + 2) - 1;
      float x = t[lo]; // expected-warning {{32-way shared-memory bank conflict on 't' (2-way at live = 2 rising to 32-way at live = 32, then falling to 2-way at live = 512)}}
      t[lo] = t[hi];
      // expected-warning@-1 2 {{32-way shared-memory bank conflict on 't' (2-way at live = 2 rising to 32-way at live = 32, then falling to 2-way at live = 512)}}
      t[hi] += x; // expected-warning {{32-way shared-memory bank conflict on 't' (2-way at live = 2 rising to 32-way at live = 32, then falling to 2-way at live = 512)}}
    }
  }
  __syncthreads();
  out[id] = t[id];
}

// A counter that moves two bits at a time from a start the parameters give
// (n >> 2 with n = 1 << lg): butterflies of four, 4-way at spans 8 and 2.
__global__ void radix4(float *d, int lg) {
  extern __shared__ float s[];
  const int n = 1 << lg;
  const int p = threadIdx.x;
  for (int q = p; q < n; q += blockDim.x)
    s[q] = d[q];
  for (int span = n >> 2; span > 0; span >>= 2) {
    int lo = p & (span - 1);
    int i0 = ((p - lo) << 2) + lo;
    __syncthreads();
    float a = s[i0];        // expected-warning {{4-way shared-memory bank conflict on 's' (4-way at span <= 8): lanes 0, 8, 16, 24 all hit bank 0 at 4 different addresses (index 's[i0]' at span = 8}}
    float b = s[i0 + span]; // expected-warning {{4-way shared-memory bank conflict on 's' (4-way at span <= 8)}}
    s[i0] = a + b;          // expected-warning {{4-way shared-memory bank conflict on 's' (4-way at span <= 8)}}
    s[i0 + span] = a - b;   // expected-warning {{4-way shared-memory bank conflict on 's' (4-way at span <= 8)}}
  }
  __syncthreads();
  for (int q = p; q < n; q += blockDim.x)
    d[q] = s[q];
}

// Every fourth word, then every 16th ... (a counter divided by 4): the
// words i * w modulo the array, 16-way at w = 64.
__global__ void quarter(float *v) {
  __shared__ float s[1024];
  int i = threadIdx.x;
  for (int w = 256; w > 0; w /= 4) {
    __syncthreads();
    s[i * w % 1024] += 1.0f; // expected-warning {{16-way shared-memory bank conflict on 's' (4-way at w = 256 rising to 16-way at w = 64, then falling to 1-way at w = 1)}}
  }
  v[i] = s[i];
}

// A sorting network: the inner counter starts from the outer one.  Lane i
// pairs with lane i ^ j: a permutation of consecutive words, conflict-free.
__global__ void network(float *v) {
  __shared__ float s[512];
  int i = threadIdx.x;
  s[i] = v[i];
  for (int size = 2; size <= 512; size <<= 1)
    for (int j = size / 2; j > 0; j >>= 1) {
      __syncthreads();
      int p = i ^ j;
      if (p > i) {
        float a = s[i], b = s[p];
        if (a > b) {
          s[i] = b;
          s[p] = a;
        }
      }
    }
  __syncthreads();
  v[i] = s[i];
}

// Steps of a merge: the inner counter starts from the outer one.  Lane i
// reads word i * j: 16-way at j = 16, in the outer loop's last round.
__global__ void merge_steps(float *v) {
  __shared__ float s[1024];
  int i = threadIdx.x;
  s[i] = v[i];
  __syncthreads();
  for (int size = 2; size <= 32; size <<= 1)
    for (int j = size / 2; j > 0; j >>= 1)
      v[i] += s[i * j]; // expected-warning {{16-way shared-memory bank conflict on 's' (16-way at j = 16, then falling to 1-way at j = 1): lanes 0, 2, 4, ..., 30 all hit bank 0 at 16 different addresses (stride 16 elements (64 B) between adjacent threads)}}
}

// A triangular update: the inner loop is empty at i = 0, so the column read
// s[tx][i] is judged from i = 1 on (lanes 2-15: 7-way), not at i = 0 where
// it does not run (8-way there).
__global__ void triangle(float *m) {
  __shared__ float s[16][16];
  int tx = threadIdx.x;
  s[tx][0] = m[tx]; // expected-warning {{8-way shared-memory bank conflict on 's'}}
  for (int i = 0; i < 16; i++) {
    if (tx > i) {
      for (int j = 0; j < i; j++)
        s[tx][i] -= s[tx][j] * s[j][i];
      // expected-warning@-1 {{7-way shared-memory bank conflict on 's' (7-way at i = 1, then falling to 1-way at i = 14): lanes 2, 4, 6, ..., 14 all hit bank 1 at 7 different addresses}}
      // expected-warning@-2 {{7-way shared-memory bank conflict on 's': lanes 2, 4, 6, ..., 14 all hit bank 0 at 7 different addresses}}
    }
    __syncthreads();
  }
}

int main() {
  prefix<<<1, 512>>>(nullptr, nullptr);
  radix4<<<8, 512, 2048 * sizeof(float)>>>(nullptr, 11);
  quarter<<<1, 256>>>(nullptr);
  network<<<1, 512>>>(nullptr);
  merge_steps<<<1, 32>>>(nullptr);
  triangle<<<1, 16>>>(nullptr);
}
