// kperf analyze --json: the report parses, and holds the kernels (name,
// location, parameters, template instance, launch bounds, where they were
// evaluated) and the launches (grid, block, shared memory, stream).
// REQUIRES: cuda
// RUN: kperf analyze %s --json | python3 -c "import json, sys; d = json.load(sys.stdin); \
// RUN:   print('schema', d['schema'], 'gpu', d['gpu'], 'errors', d['host_errors']); \
// RUN:   [print('kernel', k['name'], k['template_instance'], k['analysed'] in (True, False), \
// RUN:          [p['type'] for p in k['params']], k['launch_bounds'], k['evaluated_at'] is not None) \
// RUN:    for k in d['kernels']]; \
// RUN:   [print('launch', l['kernel'], l['grid'], l['block'], l['smem'], l['stream']) for l in d['launches']]" \
// RUN:   | FileCheck --check-prefix=PARSED %s
// PARSED: schema 1 gpu h100 errors 0
// PARSED-NEXT: kernel add False True ['float *', 'const float *', 'int'] None True
// PARSED-NEXT: kernel scale<float> True True ['float *', 'float'] None True
// PARSED-NEXT: kernel scale<double> True True ['double *', 'double'] None False
// PARSED-NEXT: kernel bounded False True ['float *'] {'max_threads': 256, 'min_blocks': 2} False
// PARSED-NEXT: launch add ['(n + 255) / 256', 1, 1] [256, 1, 1] None None
// PARSED-NEXT: launch add [16, 1, 1] [256, 1, 1] 0 st
// PARSED-NEXT: launch add [4, 4, 1] [16, 16, 1] 1024 None
// PARSED-NEXT: launch scale<float> [2, 1, 1] [64, 1, 1] None None
// PARSED-NEXT: launch scale<double> ['g', 1, 1] [64, 1, 1] None None
// PARSED-NOT: launch
//
// The raw text: locations are file:line:col, evaluated_at is the first launch
// with every size known, numbers are integers.
// RUN: kperf analyze %s --json --gpu a100 | FileCheck --check-prefix=TEXT %s
// TEXT: "schema": 1,
// TEXT-NEXT: "file": "{{.*}}json.cu",
// TEXT-NEXT: "gpu": "a100",
// TEXT-NEXT: "host_errors": 0,
// TEXT: "kernels": [{
// TEXT-NEXT: "name": "add",
// TEXT-NEXT: "location": "{{.*}}json.cu:[[# @LINE + 30]]:17",
// TEXT: "evaluated_at": "{{.*}}json.cu:[[# @LINE + 41]]:3",
// TEXT-NEXT: "bindings": {
// TEXT-DAG: "blockDim.x": 256,
// TEXT-DAG: "gridDim.x": 16,
// TEXT-DAG: "threadIdx.x": 0,
// TEXT: "shared_bytes": {
// TEXT-NEXT: "static": 0,
// TEXT-NEXT: "dynamic": 0,
// TEXT: "name": "scale<double>",
// TEXT: "evaluated_at": null,
// TEXT: "launches": [{
// TEXT-NEXT: "kernel": "add",
// TEXT-NEXT: "location": "{{.*}}json.cu:[[# @LINE + 28]]:3",
//
// --arg values become assumptions (decimal, hex, shifts) and bind formulas.
// RUN: kperf analyze %s --json --arg n=0x400 --arg 'big=1<<40' --arg g=-3 --arg g=7 \
// RUN:   | FileCheck --check-prefix=ARGS %s
// ARGS: "assumptions": {
// ARGS-NEXT: "n": 1024,
// ARGS-NEXT: "big": 1099511627776,
// ARGS-NEXT: "g": 7
// ARGS-NEXT: },
// ARGS: "name": "scale<double>",
// ARGS: "evaluated_at": null,
// ARGS-NEXT: "bindings": {
// ARGS-DAG: "threadIdx.x": 0,
// ARGS-DAG: "n": 1024,
#include <cuda_runtime.h>

__global__ void add(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += b[i];
}

template <typename T> __global__ void scale(T *a, T s) { a[threadIdx.x] *= s; }

__global__ void __launch_bounds__(256, 2) bounded(float *a) {}

void run(float *a, const float *b, double *d, int n, int g, cudaStream_t st) {
  add<<<(n + 255) / 256, 256>>>(a, b, n);
  add<<<16, 256, 0, st>>>(a, b, 4096);
  add<<<dim3(4, 4), dim3(16, 16), 1024>>>(a, b, n);
  scale<float><<<2, 64>>>(a, 2.0f);
  scale<double><<<g, 64>>>(d, 2.0);
}
