// kperf-grid-coverage on host code that reads its sizes at run time: a grid
// `n / B` over a kernel without a bound whose arrays the host allocates
// with n elements, a block read at run time (`n / threads.x`), a bounds
// check with && where || is needed, extents swapped while equal here; and
// the hosts that know n is a multiple of B (no warning).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-grid-coverage -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-grid-coverage -fdiagnostics-parseable-fixits 2>&1 \
// RUN:   | FileCheck %s

int parse(const char *s);     // a size from the command line
extern const char *arg1, *arg2; // the program's input, not a caller's

// No bound: each thread its own element.
__global__ void k0(const float *a, float *o) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = a[t] * 2.0f;
}

// No bound, an index offset by a parameter: not the global index.
__global__ void shifted(float *a, int s) {
  int i = blockDim.x * blockIdx.x + threadIdx.x + s;
  a[i] = a[i] + 1.0f;
}

int main(int argc, char **argv) {
  const int n = parse(argv[1]);
  const unsigned long size = sizeof(float) * n;
  float *d_a, *d_o;
  cudaMalloc((void **)&d_a, size);
  cudaMalloc((void **)&d_o, size);
  k0<<<n / 256, 256>>>(d_a, d_o); // expected-warning {{the grid of this launch of 'k0' rounds n down to a multiple of 256: for n not a multiple of 256, the last n % 256 of the n elements of 'd_o' are never processed ('k0' writes 'o[t]' at its global index only)}}
  // A grid rounded up alone would write past the arrays: a note, no fix-it.
  // CHECK: grid-coverage-tail.cu:[[# @LINE - 2]]:{{[0-9]+}}: warning: the grid of this launch of 'k0' rounds n down
  // CHECK-NOT: fix-it:{{.*}}:{[[# @LINE - 3]]:
  // CHECK: note: use (n + 256 - 1) / 256 blocks and pass n to 'k0' to stop its threads past the end (return when the index is not below n): this access has no bounds check
  shifted<<<n / 256, 256>>>(d_a, 1); // index + s: fine
  return 0;
}

// Known n: the count.
void known_n() {
  const int n = 1000;
  float *d_a, *d_o;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_o, n * sizeof(float));
  k0<<<n / 256, 256>>>(d_a, d_o); // expected-warning {{the grid of this launch of 'k0' rounds n down: 3 blocks of 256 threads cover 768 of the 1000 elements of 'd_o'; the last 232 are never processed}}
  const int m = 1 << 20;
  float *d_b, *d_c;
  cudaMalloc(&d_b, m * sizeof(float));
  cudaMalloc(&d_c, m * sizeof(float));
  k0<<<m / 256, 256>>>(d_b, d_c); // a multiple: fine
}

// The host knows n is a multiple of 256.
int multiples() {
  int k = parse(arg1);
  int n = k * 256;                             // a multiple by its formula
  float *d_a, *d_o;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_o, n * sizeof(float));
  k0<<<n / 256, 256>>>(d_a, d_o);              // fine
  int r = parse(arg2);
  int m = (r + 255) / 256 * 256;               // rounded up to a multiple earlier
  float *d_b, *d_c;
  cudaMalloc(&d_b, m * sizeof(float));
  cudaMalloc(&d_c, m * sizeof(float));
  k0<<<m / 256, 256>>>(d_b, d_c);              // fine
  int h = k * 256 + 128;                       // not a multiple
  float *d_h;
  cudaMalloc(&d_h, h * sizeof(float));
  k0<<<h / 256, 256>>>(d_h, d_h); // expected-warning {{rounds h down to a multiple of 256: for h not a multiple of 256, the last h % 256 of the h elements of 'd_h' are never processed}}
  return 0;
}

int checked() {
  int n = parse(arg1);
  if (n % 256 != 0)                            // the host tests the remainder
    return 1;
  float *d_a, *d_o;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_o, n * sizeof(float));
  k0<<<n / 256, 256>>>(d_a, d_o);              // fine
  return 0;
}

// Arrays kperf does not see allocated with n elements: the kernel's contract.
void not_n(float *a, float *o, int n) {
  k0<<<n / 256, 256>>>(a, o);                  // parameters: fine
  float *d_a, *d_o;
  cudaMalloc(&d_a, (n / 256) * 256 * sizeof(float));
  cudaMalloc(&d_o, (n / 256) * 256 * sizeof(float));
  k0<<<n / 256, 256>>>(d_a, d_o);              // sized by the grid: fine
  float *d_x;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_x, 2 * n * sizeof(float));     // allocated twice: which one is unknown
  k0<<<n / 256, 256>>>(d_x, d_x);              // fine
}

// n is the caller's (a parameter): it may pass only multiples of 256.
void run_n(int n) {
  float *d_a, *d_o;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_o, n * sizeof(float));
  k0<<<n / 256, 256>>>(d_a, d_o);              // fine
  int total = n * 3;
  float *d_t;
  cudaMalloc(&d_t, total * sizeof(float));
  k0<<<total / 256, 256>>>(d_t, d_t);          // from a parameter too: fine
}

// Blocks read at run time: the divisor is the block's size, by expression.
__global__ void add_xy(const int *a, int *c, int N, int M) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < N && j < M)
    c[j * N + i] = a[j * N + i];
}

__global__ void add_yx(const int *a, int *c, int N, int M) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N && j < M)
    c[i * M + j] = a[i * M + j];
}

void block_from_argv(int *a, int *c) {
  int n = parse(arg1), m = parse(arg2), tx = parse(arg1), ty = parse(arg2);
  dim3 threads(tx, ty);
  dim3 blocks(n / threads.x, m / threads.y);
  add_xy<<<blocks, threads>>>(a, c, n, m); // expected-warning {{the grid of this launch of 'add_xy' rounds n down to a multiple of the block's x size (threads.x): when n is not a multiple of threads.x, its last n % threads.x elements get no thread, although 'add_xy' checks i < N for a partial block}}
  // CHECK: grid-coverage-tail.cu:[[# @LINE - 1]]:{{[0-9]+}}: warning: the grid of this launch of 'add_xy' rounds n down
  // CHECK: note: its y size rounds m down to a multiple of threads.y the same way, although 'add_xy' checks its y index < M; round it up too: (m + threads.y - 1) / threads.y
  add_yx<<<blocks, threads>>>(a, c, n, m); // expected-warning {{the grid of this launch of 'add_yx' has its extents swapped: its x size covers n, which 'add_yx' bounds its y index by (N), and its y size covers m, which bounds its x index (M); when they differ, part of the problem gets no thread}}
  dim3 up((n + threads.x - 1) / threads.x, (m + threads.y - 1) / threads.y);
  add_xy<<<up, threads>>>(a, c, n, m);     // rounded up: fine
  dim3 other(n / 16, m / 16);
  add_xy<<<other, threads>>>(a, c, n, m);  // divisor not the block: not read
}

// The caller's sizes and block (boxFilter's `height / nthreads`): it may
// pass only multiples.
void block_from_caller(int *a, int *c, int n, int m, int tx, int ty) {
  dim3 threads(tx, ty);
  dim3 blocks(n / threads.x, m / threads.y);
  add_xy<<<blocks, threads>>>(a, c, n, m); // fine
  add_yx<<<blocks, threads>>>(a, c, n, m); // fine
}

// A bounds check with && where || is needed.
__global__ void madd(float *C, const float *A, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n && j >= n)
    return;
  C[i * n + j] = A[i * n + j];
}

__global__ void madd_ok(float *C, const float *A, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || j >= n)
    return;
  C[i * n + j] = A[i * n + j];
}

void guards(float *C, float *A) {
  int n = parse(arg1);
  dim3 b(32, 16);
  dim3 g(ceil(n / 32.0f), ceil(n / 16.0f));
  madd<<<g, b>>>(C, A, n); // expected-warning {{the grid of this launch of 'madd' is rounded up to whole blocks, but 'madd' stops only the threads out of range in both dimensions (it runs on when its x index < n or its y index < n, where both are needed): when n is not a multiple of 32 (x) or n is not a multiple of 16 (y), the threads past the bound in one dimension and inside it in the other write 'C[i * n + j]' out of bounds}}
  madd_ok<<<g, b>>>(C, A, n);              // fine
  const int s = 1024;
  madd<<<dim3((s + 31) / 32, (s + 15) / 16), b>>>(C, A, s); // multiples of the block: fine
}

void guards_of_caller(float *C, float *A, int n) {
  madd<<<dim3((n + 31) / 32, (n + 15) / 16), dim3(32, 16)>>>(C, A, n); // the caller's n: fine
}

// Extents swapped, equal at the sizes the file gives (PolyBench's GEMM).
#define NI 512
#define NJ 512
__global__ void gemm_like(int ni, int nj, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < nj)
    c[i * nj + j] *= 2.0f;
}

__global__ void conv_like(int ni, int nj, const float *a, float *b) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni - 1 && j < nj - 1 && i > 0 && j > 0)
    b[i * nj + j] = a[(i - 1) * nj + j] + a[(i + 1) * nj + j];
}

void poly(float *c, float *d, int ni, int nj) {
  dim3 block(32, 8);
  dim3 grid((size_t)ceil(((float)NI) / ((float)block.x)), (size_t)ceil(((float)NJ) / ((float)block.y)));
  gemm_like<<<grid, block>>>(ni, nj, c); // expected-warning {{the grid of this launch of 'gemm_like' has its extents swapped: its x size covers NI, which 'gemm_like' bounds its y index by (ni), and its y size covers NJ, which bounds its x index (nj); NI and NJ are equal here (512), so every element gets a thread, but the launch is right only while NI == NJ}}
  conv_like<<<grid, block>>>(ni, nj, c, d); // expected-warning {{the grid of this launch of 'conv_like' has its extents swapped}}
  dim3 good((size_t)ceil(((float)NJ) / ((float)block.x)), (size_t)ceil(((float)NI) / ((float)block.y)));
  gemm_like<<<good, block>>>(ni, nj, c);   // fine
  dim3 sq((size_t)ceil(((float)NI) / ((float)block.x)), (size_t)ceil(((float)NI) / ((float)block.y)));
  gemm_like<<<sq, block>>>(ni, ni, c);     // one name: fine
}
