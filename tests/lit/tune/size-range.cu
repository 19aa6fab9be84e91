// A recommendation kperf tune makes from statements (the launch's size is
// not known) says over which sizes it holds: the change is predicted at
// least 10 % faster only from some size on (a small grid costs the launch
// floor whatever the block), and the output names that size and the
// speedup below it; the JSON gives the variable and the least value.
// REQUIRES: cuda
// RUN: kperf tune %s --tune BX=8,16 --tune BY=4,8 | FileCheck %s
// RUN: kperf tune %s --tune BX=8,16 --tune BY=4,8 --json | python3 -c "import json,sys; \
// RUN:   l=json.load(sys.stdin)['launches'][0]; \
// RUN:   print(l['recommended'], l['variable'], l['holds_from'] > 4096, l['holds_everywhere'])" \
// RUN:   | FileCheck --check-prefix=JSON %s
//
// CHECK: size-range.cu:[[# @LINE + 22]]:3 rowsum: {{[0-9.]+ (us|ms|s)}} at n = 2^24 at the file's values (BX=32, BY=8)
// CHECK: recommended: BX 32{{(, BY 8)?}} -> {{[0-9]+(, [0-9]+)?}}: predicted {{[0-9.]+}}x faster ({{.*}} at n = 2^24; for n >= 2^{{1[0-9]|2[0-4]}} only ({{[01]\.[0-9]+}}x at 2^{{[0-9]+}}))
// JSON: True n True False
#include <cuda_runtime.h>
#define BX 32 // threads across rows
#define BY 8

// Each thread walks row j of a: adjacent threads read 64 elements apart.
__global__ void rowsum(const float *a, float *out, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (j < n && i < 8) {
    float s = 0.0f;
    for (int k = 0; k < 64; k++)
      s += a[(size_t)j * 64 + k];
    out[i * n + j] = s;
  }
}

void run(const float *a, float *out, int n) {
  dim3 block(BX, BY);
  dim3 grid((n + BX - 1) / BX, (8 + BY - 1) / BY);
  rowsum<<<grid, block>>>(a, out, n);
}
