// kperf predict --batch: many launches, GPUs and every model from one compile;
// lines in order, a GPU missing from the database or an unknown kernel fails
// its line only (that the batch equals one-launch predictions: accuracy.public).
// REQUIRES: cuda
// RUN: printf '# GPU KERNEL grid block smem\nh100 scale 64 256 0\nh100 scale 32,1,1 512,1,1 0\nno-such-gpu scale 64 256 0\na100 scale 64 256 0\nh100 nothere 1 1 0\n' > %t.launches
// RUN: kperf predict %s --batch %t.launches --arg n=16384 -DUNROLL=2 --db %kperf_db \
// RUN:   | FileCheck %s
// CHECK: {"line":0,"gpu":"h100","kernel":"scale","ok":true,"predicted_us":[[T0:[0-9.e+-]+]],"timings":{"event":[[T0]],"nsight":{{[0-9.e+-]+}},"stream":{{[0-9.e+-]+}},"graph":{{[0-9.e+-]+}}},"bound":"{{[a-z0-9./]+}}","bound2":"{{[a-z0-9./]*}}","bound2_ratio":{{[0-9.e+-]+}},"models":{"kp":{{[0-9.e+-]+}},"hongkim":{{[0-9.e+-]+}},"kolpakov":{{[0-9.e+-]+}},"qu":{{[0-9.e+-]+}},"bn":[[T0]]}
// CHECK-NEXT: {"line":1,"gpu":"h100","kernel":"scale","ok":true,
// CHECK-NEXT: {"line":2,"gpu":"no-such-gpu","kernel":"scale","ok":false,"why":"missing GPU: unknown GPU 'no-such-gpu'
// CHECK-NEXT: {"line":3,"gpu":"a100","kernel":"scale","ok":true,
// CHECK-NEXT: {"line":4,"gpu":"h100","kernel":"nothere","ok":false,"why":"no kernel named 'nothere' in this file"}
// CHECK-NOT: line
//
// A malformed line is an error naming it.
// RUN: printf 'h100 scale 64\n' > %t.bad
// RUN: not kperf predict %s --batch %t.bad --db %kperf_db 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: :1: expected 'GPU KERNEL gx,gy,gz bx,by,bz smem [max-blocks-per-sm]'
//
// A line's optional last field caps the resident blocks per SM, as
// --max-blocks-per-sm does: one block per SM makes a large grid slower.
// RUN: printf 'h100 scale 4096 256 0\nh100 scale 4096 256 0 1\n' > %t.cap
// RUN: kperf predict %s --batch %t.cap --arg n=1048576 --db %kperf_db > %t.cap.out
// RUN: kperf predict %s --kernel scale --grid 4096 --block 256 --arg n=1048576 --gpu h100 \
// RUN:   --max-blocks-per-sm 1 --db %kperf_db --json > %t.one
// RUN: python3 -c "import json,sys; a,b=[json.loads(l) for l in open(sys.argv[1])]; \
// RUN:   o=json.load(open(sys.argv[2])); assert b['predicted_us'] > 1.5*a['predicted_us'], (a,b); \
// RUN:   assert abs(b['predicted_us']-o['predicted_us']) < 1e-9*o['predicted_us'], (b,o)" %t.cap.out %t.one
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
