// kperf tune compiles the file once per value of a #define'd parameter that
// sizes the block, the __shared__ tiles and the loop bounds together, and
// recommends the value predicted fastest when it is at least 10 % faster.
// A value the file does not compile with is left out; a launch the runtime
// would reject gets no time.
// REQUIRES: cuda
// RUN: kperf tune %s --tune TILE=8,16,64 | FileCheck %s
// RUN: kperf tune %s --tune TILE | FileCheck --check-prefix=DEFAULT %s
// RUN: kperf tune %s --tune TILE=16,32 --json | python3 -c "import json,sys; d=json.load(sys.stdin); \
// RUN:   l=d['launches'][0]; r=l['runs']; \
// RUN:   print(d['parameters'][0]['file_value'], [x['values']['TILE'] for x in r], l['best'], l['recommended'], \
// RUN:         r[l['best']]['predicted_us'] < r[0]['predicted_us'])" | FileCheck --check-prefix=JSON %s
// RUN: not kperf tune %s --tune WIDTH=2 2>&1 | FileCheck --check-prefix=MISSING %s
// RUN: not kperf tune %s --tune TILE=x 2>&1 | FileCheck --check-prefix=BAD %s
//
// CHECK: does not compile (left out)
// CHECK: block-macro.cu:[[# @LINE + 43]]:3 matmul: {{[0-9.]+ (us|ms)}} at the file's values (TILE=4)
// CHECK-NEXT: TILE=8: {{[0-9.]+ (us|ms)}}, occupancy {{[0-9]+}}%, 512 B shared per block
// CHECK-NEXT: TILE=16: {{[0-9.]+ (us|ms)}}, occupancy {{[0-9]+}}%, 2048 B shared per block
// CHECK-NEXT: recommended: TILE 4 -> {{8|16}}: predicted {{[0-9.]+}}x faster
// CHECK-NOT: TILE=64:
// CHECK: block-macro.cu:[[# @LINE + 40]]:3 fill:
// CHECK-NEXT: TILE=8: {{.*}} (4096 threads launched, not 1024: other work, not compared)
// CHECK-NEXT: TILE=16: {{.*}} (16384 threads launched, not 1024: other work, not compared)
// CHECK-NEXT: no change recommended: no other value launches the same work with a time to compare
// DEFAULT: TILE=1:
// DEFAULT: TILE=2:
// DEFAULT: TILE=8:
// DEFAULT: TILE=16:
// DEFAULT: recommended: TILE 4 ->
// JSON: 4 [4, 16, 32] {{[12]}} True True
// MISSING: kperf: {{.*}}block-macro.cu: no `#define WIDTH INTEGER` on a line of its own in it or in its directory to search
// BAD: kperf: --tune TILE: 'x' is not up to 32 integers separated by commas
#include <cuda_runtime.h>
#define TILE 4 // the tile's side

static_assert(TILE <= 32, "at most 32 x 32 threads");

__global__ void fill(float *c) { c[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f; }

__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < n / TILE; t++) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void run(const float *A, const float *B, float *C) {
  const int n = 2048;
  dim3 threads(TILE, TILE), grid(n / TILE, n / TILE);
  matmul<<<grid, threads>>>(A, B, C, n);
  // A grid that does not shrink as the tile grows: other work, not compared.
  fill<<<64, TILE * TILE>>>(C);
}
