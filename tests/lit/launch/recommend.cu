// kperf recommend: block sizes (multiples of 32 up to the GPU's limit) ranked
// by predicted time, each with grid ceil(N / block); --plot writes an SVG chart.
// REQUIRES: cuda
// RUN: kperf recommend %s --kernel scale --problem-size 1000000 --gpu h100 --db %kperf_db \
// RUN:   --json > %t.json
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d['ranking']; \
// RUN:   t=[x['predicted_us'] for x in r]; assert t == sorted(t), t; \
// RUN:   assert sorted(x['block'] for x in r) == list(range(32, 1025, 32)); \
// RUN:   assert all(x['grid'] == -(-1000000 // x['block']) for x in r); \
// RUN:   print('ranked', len(r), d['ranked_by'], d['reshape_safe'])" %t.json | FileCheck --check-prefix=ORDER %s
// ORDER: ranked 32 predicted_us True
//
// RUN: kperf recommend %s --kernel scale --problem-size 1000000 --gpu h100 --db %kperf_db \
// RUN:   --plot %t.svg | FileCheck --check-prefix=TEXT %s
// TEXT: scale on h100 (bn model), problem size 1000000: block sizes ranked by predicted time
// TEXT-NEXT: rank block grid predicted occupancy W I v/I
// TEXT-NEXT: 1 {{[0-9]+}} {{[0-9]+}} {{[0-9.]+ (us|ms)}}
// TEXT-NOT: warning
// RUN: python3 -c "import xml.dom.minidom,sys; d=xml.dom.minidom.parse(sys.argv[1]); \
// RUN:   assert d.documentElement.tagName == 'svg'; \
// RUN:   pts=d.getElementsByTagName('polyline')[0].getAttribute('points').split(); \
// RUN:   print('points', len(pts), 'circles', len(d.getElementsByTagName('circle')))" %t.svg \
// RUN:   | FileCheck --check-prefix=SVG %s
// SVG: points 32 circles 1
// RUN: grep -c 'recommended: ' %t.svg | FileCheck --check-prefix=MARK %s
// MARK: 1
//
// A kernel whose block shape kperf cannot change safely: ranked, with a warning.
// RUN: kperf recommend %s --kernel tiled --problem-size 65536 --gpu h100 --db %kperf_db \
// RUN:   | FileCheck --check-prefix=UNSAFE %s
// UNSAFE: warning: kperf cannot confirm the kernel works with other block sizes: the kernel uses __shared__ arrays
//
// RUN: not kperf recommend %s --kernel scale --gpu h100 --db %kperf_db 2>&1 \
// RUN:   | FileCheck --check-prefix=NOP %s
// NOP: kperf: recommend: give the problem size (--problem-size N)
#include <cuda_runtime.h>

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s;
}

__global__ void tiled(float *x) {
  __shared__ float t[256];
  t[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  x[blockIdx.x * 256 + threadIdx.x] = t[255 - threadIdx.x];
}
