// Code with errors clang reported, walked because a report or after-errors
// asks for the model anyway: a kernel whose parameter type is unknown, a
// device function with an error it calls, and launches whose configuration
// did not build.  No crash; clang's errors and exit status are its own; the
// kernel with errors is "not analysed: its code has errors"; the valid kernel
// is walked, and the call with errors is one instruction with a note.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-report=model:%t/m.json -fplugin-arg-kperf-after-errors \
// RUN:   -fplugin-arg-kperf-verbose > %t/out 2>&1
// RUN: FileCheck %s --check-prefix=CLANG < %t/out
// RUN: FileCheck %s --check-prefix=MODEL < %t/m.json
// CLANG-NOT: Stack dump
// CLANG: error: unknown type name 'Node'
// CLANG-NOT: Stack dump
// MODEL-DAG: "name": "broken",{{.*}}
// MODEL-DAG: "not_analysed": "its code has errors"
// MODEL-DAG: "name": "caller"
// MODEL-DAG: 'helper' has errors: counted as one instruction, not followed

__global__ void broken(Node *nodes, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = nodes[t].first;
}

__device__ int one(int x) { return x; }
__device__ int helper(int x) { return x + one(x, 2); }

__global__ void caller(int *out) {
  out[threadIdx.x] = helper(threadIdx.x);
}

int main() {
  int *out = 0;
  broken<<<dim3(undeclared_n / 256), 256>>>(0, out);
  caller<<<1, no_such_size>>>(out);
  caller<<<1, 32>>>(out);
}
