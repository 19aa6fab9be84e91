// kperf compare: the same launch predicted on several GPUs.
// REQUIRES: cuda
// RUN: kperf compare %s --kernel vadd --grid 4096 --block 256 --arg n=1048576 \
// RUN:   --gpus h100,a100,gtx940mx --db %kperf_db | FileCheck %s
// CHECK: vadd<<<(4096, 1, 1), (256, 1, 1)>>>
// CHECK-NEXT: gpu predicted occupancy waves bound W / I / v/I
// CHECK-NEXT: h100 {{[0-9.]+ (us|ms)}} 100% 3.88 {{[a-z]+}} 256 / 0.25 / 8
// CHECK-NEXT: a100 {{[0-9.]+ (us|ms)}} 100% {{[0-9.]+}} {{[a-z]+}}
// CHECK-NEXT: gtx940mx {{([0-9.]+ (us|ms))|unknown}} 100% {{[0-9.]+}}
//
// RUN: kperf compare %s --kernel vadd --grid 4096 --block 256 --arg n=1048576 \
// RUN:   --gpus h100,a100,gtx940mx --db %kperf_db --json > %t.json
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   print(' '.join(x['gpu'] for x in d)); \
// RUN:   t={x['gpu']: x['predicted_us'] for x in d}; assert t['h100'] < t['a100'], t; print('h100 faster')" %t.json \
// RUN:   | FileCheck --check-prefix=JSON %s
// JSON: h100 a100 gtx940mx
// JSON-NEXT: h100 faster
//
// RUN: not kperf compare %s --kernel vadd --grid 4096 --block 256 --db %kperf_db 2>&1 \
// RUN:   | FileCheck --check-prefix=NOGPUS %s
// NOGPUS: kperf: compare: name the GPUs (--gpus h100,a100,gtx940mx)
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
