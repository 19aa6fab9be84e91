// from bench/fuzz seed 1, mutant 2539 (one launch line copied 99 times; here 400 times): kperf's cost grew with
// the square of the launches (14.7 s against 0.07 s for clang alone)
// hang: timeout 10 s with kperf, 0.20 s without

#define N 4096

__global__ void add(float *a, const float *b, int n) { // expected-remark {{kernel 'add' (3 parameters: float *a, const float *b, int n) [kperf-model]}}
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += b[i];
}

template <typename T>
__global__ void scale(T *a, T s) { a[threadIdx.x] *= s; }

template <typename T> __global__ void unused(T *a) {}

__global__ void __launch_bounds__(256, 2) bounded(float *a) {} // expected-remark {{kernel 'bounded' (1 parameter: float *a)}} expected-note {{__launch_bounds__(256, 2)}}

template <typename T> void go(T *a) {
  scale<T><<<1, 64>>>(a, T(2)); // expected-remark {{launch of 'scale<float>': grid (1, 1, 1), block (64, 1, 1), no dynamic shared memory}} expected-remark {{launch of 'scale<double>': grid (1, 1, 1), block (64, 1, 1)}}
}

void run(float *a, float *b, double *d, int n, cudaStream_t st) {
  add<<<(n + 255) / 256, 256>>>(a, b, n); // expected-remark {{launch of 'add': grid ('(n + 255) / 256', 1, 1), block (256, 1, 1), no dynamic shared memory}}
  add<<<N / 256, 256, 0, st>>>(a, b, N); // expected-remark {{launch of 'add': grid (16, 1, 1), block (256, 1, 1), 0 bytes of dynamic shared memory, stream st}}
  dim3 blk(16, 16);
  int threads = 128;
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<dim3(4, 4), blk, 1024>>>(a, b, n); // expected-remark {{grid (4, 4, 1), block (16, 16, 1), 1024 bytes of dynamic shared memory}}
  add<<<n / threads, threads>>>(a, b, n); // expected-remark {{grid ('n / threads', 1, 1), block (128, 1, 1)}}
  void (*fp)(float *, const float *, int) = add;
  fp<<<1, 32>>>(a, b, n); // expected-remark {{launch of 'add' through a function pointer: grid (1, 1, 1), block (32, 1, 1)}}
  go(a);
  go(d);
  bounded<<<1, 256>>>(a); // expected-remark {{launch of 'bounded'}}
}

void changed(float *a, float *b, int n) {
  dim3 blk(16, 16);
  blk.x = 32;
  int t = 64;
  t *= 2;
  add<<<1, blk>>>(a, b, n); // expected-remark {{launch of 'add': grid (1, 1, 1), block 'blk' (not a constant)}}
  add<<<1, t>>>(a, b, n); // expected-remark {{launch of 'add': grid (1, 1, 1), block ('t', 1, 1)}}
}
