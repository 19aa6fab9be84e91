// What a kernel's formulas are evaluated with: the launch's sizes and folded
// arguments, #pragma kperf assume, and --arg (which wins).  A count that
// still depends on an unbound variable has no value, only its formula.
// REQUIRES: cuda
// RUN: kperf analyze %s --json | FileCheck --check-prefix=FREE %s
// FREE: "assumptions": {
// FREE-NEXT: "scale": 3
// FREE-NEXT: },
// FREE: "name": "sum",
// FREE: "evaluated_at": "{{.*}}bindings.cu:[[# @LINE + 35]]:3",
// FREE: "instructions": {
// FREE-NEXT: "per_thread": null,
// FREE-NEXT: "formula": "{{.*}}n{{.*}}",
// FREE: "trip_value": null,
//
// RUN: kperf analyze %s --json --arg n=0x100 --arg scale=5 | FileCheck --check-prefix=BOUND %s
// BOUND: "assumptions": {
// BOUND-NEXT: "scale": 5,
// BOUND-NEXT: "n": 256
// BOUND-NEXT: },
// BOUND: "name": "sum",
// BOUND: "bindings": {
// BOUND-DAG: "blockDim.x": 128,
// BOUND-DAG: "n": 256
// BOUND: "instructions": {
// BOUND-NEXT: "per_thread": {{[0-9]+}},
// BOUND: "trip_value": {{[0-9]+}},
//
// RUN: kperf analyze %s --arg n=256 | FileCheck --check-prefix=TEXT %s
// TEXT: evaluated at the launch at {{.*}}bindings.cu:[[# @LINE + 15]]:3 with
// TEXT-SAME: n=256
// TEXT: instructions per thread: {{[0-9]+}}
#include <cuda_runtime.h>

#pragma kperf assume(scale = 3)

__global__ void sum(const float *in, float *out, int n) {
  float t = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    t += in[i];
  out[threadIdx.x] = t;
}

void run(const float *in, float *out, int n) {
  sum<<<1, 128>>>(in, out, n);
}
