// kperf predict --batch: many launches, GPUs and every model from one compile;
// lines in order, a GPU missing from the database or an unknown kernel fails
// its line only (that the batch equals one-launch predictions: accuracy.public).
// REQUIRES: cuda
// RUN: printf '# GPU KERNEL grid block smem\nh100 scale 64 256 0\nh100 scale 32,1,1 512,1,1 0\nno-such-gpu scale 64 256 0\na100 scale 64 256 0\nh100 nothere 1 1 0\n' > %t.launches
// RUN: kperf predict %s --batch %t.launches --arg n=16384 -DUNROLL=2 --db %kperf_db \
// RUN:   | FileCheck %s
// CHECK: {"line":0,"gpu":"h100","kernel":"scale","ok":true,"predicted_us":[[T0:[0-9.e+-]+]],"bound":"{{[a-z0-9./]+}}","bound2":"{{[a-z0-9./]*}}","bound2_ratio":{{[0-9.e+-]+}},"models":{"kp":{{[0-9.e+-]+}},"hongkim":{{[0-9.e+-]+}},"kolpakov":{{[0-9.e+-]+}},"qu":{{[0-9.e+-]+}},"bn":[[T0]]}
// CHECK-NEXT: {"line":1,"gpu":"h100","kernel":"scale","ok":true,
// CHECK-NEXT: {"line":2,"gpu":"no-such-gpu","kernel":"scale","ok":false,"why":"missing GPU: unknown GPU 'no-such-gpu'
// CHECK-NEXT: {"line":3,"gpu":"a100","kernel":"scale","ok":true,
// CHECK-NEXT: {"line":4,"gpu":"h100","kernel":"nothere","ok":false,"why":"no kernel named 'nothere' in this file"}
// CHECK-NOT: line
//
// A malformed line is an error naming it.
// RUN: printf 'h100 scale 64\n' > %t.bad
// RUN: not kperf predict %s --batch %t.bad --db %kperf_db 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: :1: expected 'GPU KERNEL gx,gy,gz bx,by,bz smem'
// RUN: not kperf predict %s --batch %t.bad --kernel scale 2>&1 | FileCheck --check-prefix=USAGE %s
// USAGE: --batch: name the .cu file; kernels, launches and GPUs are in the batch file

#ifndef UNROLL
#define UNROLL 1
#endif

__global__ void scale(float *x, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * UNROLL;
  for (int u = 0; u < UNROLL; u++)
    if (base + u < n)
      x[base + u] *= 2.0f;
}
