// kperf-local-memory: a thread's array indexed with a value not known at
// compile time lives in local memory; one indexed only by constants (after
// the unrolling of constant loops) stays in registers.  Without ptxas's
// facts kperf speaks only of run-time indices inside loops that stay loops,
// on arrays of at least 64 bytes (ptxas turns a few run-time accesses to a
// small array into selects between registers).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note
// An array member of the thread's own object: one warning, where its index
// first varies in a loop.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory 2>&1 | FileCheck --check-prefix=MEMBER %s
// The notes: the index, the fix, the cost at a launch.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory 2>&1 | FileCheck %s
// With ptxas's facts: a stack frame of 0 bytes silences the warning (ptxas kept
// the array in registers); one at least the array's size makes kperf speak of
// an access outside loops too, and is quoted.
// RUN: printf 'sm_90 by_thread 40 128 0 0\nsm_90 by_loop 40 0 0 0\nsm_90 by_data 40 64 0 0\n' > %t.facts
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory -fplugin-arg-kperf-ptxas=%t.facts 2>&1 \
// RUN:   | FileCheck --check-prefix=PTXAS %s
// PTXAS: local-memory.cu:[[# @LINE + 38]]:{{[0-9]+}}: warning: 'v' is indexed with threadIdx.x: the array (128 bytes per thread) is placed in local memory
// PTXAS: note: ptxas (sm_90) gives 'by_thread' a stack frame of 128 bytes per thread
// PTXAS-NOT: 'acc' is indexed
// PTXAS: warning: 'hist' is indexed
// PTXAS: note: ptxas (sm_90) gives 'by_data' a stack frame of 64 bytes per thread
// On AMD GPUs the rule is NVIDIA's (AMDGPU promotes such arrays to registers).
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=mi300x %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory 2>&1 | FileCheck --check-prefix=AMD %s --allow-empty
// AMD-NOT: kperf-local-memory
// What ptxas does with these kernels (CUDA 13): the ones warned about without
// facts have a stack frame of the array's size; the constant-index ones none;
// by_thread none (its run-time read became selects); small, below the 64
// bytes kperf needs without facts, is in local memory here but stays in
// registers in kernels as small elsewhere, so kperf is silent on it.
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -cubin -o /dev/null -Xptxas -v %s 2>&1 | FileCheck --check-prefix=REAL %s %}
// REAL: Function properties for on_pointer
// REAL-NEXT: 0 bytes stack frame
// REAL: Function properties for member_stack
// REAL-NEXT: {{1[0-9][0-9]}} bytes stack frame
// REAL: Function properties for small
// REAL-NEXT: 32 bytes stack frame
// REAL: Function properties for nested
// REAL-NEXT: 0 bytes stack frame
// REAL: Function properties for unrolled
// REAL-NEXT: 0 bytes stack frame
// REAL: Function properties for by_data
// REAL-NEXT: 64 bytes stack frame
// REAL: Function properties for by_loop
// REAL-NEXT: 64 bytes stack frame
// REAL: Function properties for by_thread
// REAL-NEXT: 0 bytes stack frame

// Read once outside loops: ptxas keeps the array in registers (a select over
// its elements), so kperf says nothing without ptxas's facts.
extern "C" __global__ void by_thread(const float *in, float *out) {
  float v[32];
  for (int k = 0; k < 32; k++)
    v[k] = in[k * 32 + threadIdx.x];
  out[threadIdx.x] = v[threadIdx.x];
}

// A loop kept a loop by #pragma unroll 1.
extern "C" __global__ void by_loop(const float *in, float *out, int n) {
  float acc[16];
#pragma unroll
  for (int k = 0; k < 16; k++)
    acc[k] = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 64; j++)
    acc[j % 16] += in[j * n + blockIdx.x * blockDim.x + threadIdx.x]; // expected-warning {{'acc' is indexed with a formula of the counter 'j' of the loop at line 73: the array (64 bytes per thread) is placed in local memory, and each load of it goes through L1 to DRAM instead of a register}}
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 16; k++)
    s += acc[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
// CHECK: local-memory.cu:[[# @LINE - 7]]:{{[0-9]+}}: warning: 'acc' is indexed
// CHECK: note: the index: [j % 16]; with it every access of 'acc' goes to local memory, those with constant indices too
// CHECK: note: keep 'acc' in registers by indexing it only with constants

// An index loaded from memory, in a loop of run-time trip count.
extern "C" __global__ void by_data(const int *idx, int *out, int n) {
  int hist[16];
#pragma unroll
  for (int k = 0; k < 16; k++)
    hist[k] = 0;
  for (int j = 0; j < n; j++)
    hist[idx[j * 32 + threadIdx.x] & 15]++; // expected-warning {{'hist' is indexed with a value computed at run time (indirect index, loaded from memory: idx[j * 32 + threadIdx.x] & 15): the array (64 bytes per thread) is placed in local memory}}
#pragma unroll
  for (int k = 0; k < 16; k++)
    out[k * 32 + threadIdx.x] = hist[k];
}

// A loop counter that an unrolled loop makes a constant: registers.
extern "C" __global__ void unrolled(const float *in, float *out) {
  float r[8];
#pragma unroll
  for (int k = 0; k < 8; k++)
    r[k] = in[k * 32 + threadIdx.x];
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 8; k++)
    s += r[k] * r[7 - k];
  out[threadIdx.x] = s;
}

// Nested constant loops, both unrolled completely: every index a constant.
extern "C" __global__ void nested(const float *in, float *out) {
  float t[4][4];
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 4; j++)
      t[i][j] = in[(i * 4 + j) * 32 + threadIdx.x];
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 4; j++)
      s += t[j][i];
  out[threadIdx.x] = s;
}

// A small array in a run-time loop: under 64 bytes, no word without facts.
extern "C" __global__ void small(const float *in, const int *idx, float *out, int n) {
  float v[8];
#pragma unroll
  for (int k = 0; k < 8; k++)
    v[k] = in[k * 32 + threadIdx.x];
  float s = 0.0f;
  for (int j = 0; j < n; j++)
    s += v[idx[j] & 7];
  out[threadIdx.x] = s;
}

// A stack in an object of the thread's own: an array member indexed by a
// member that moves at run time (`buf[++tos]` in methods run on `s`) is in
// local memory as a local array is.
template <int N> struct stack_of {
  float buf[N];
  int tos;
  __device__ stack_of() : tos(-1) {}
  __device__ void push(float v) { buf[++tos] = v; }
  __device__ float pop() { return buf[tos--]; } // expected-warning {{'s.buf' is indexed with}}
  __device__ bool empty() const { return tos == -1; }
};
// MEMBER: local-memory.cu:[[# @LINE - 3]]:{{[0-9]+}}: warning: 's.buf' is indexed with a value computed at run time (indirect index, loaded from memory: tos--): the array (128 bytes per thread) is placed in local memory
// MEMBER-NOT: warning: 's.buf'
// MEMBER-NOT: on_pointer

extern "C" __global__ void member_stack(const float *in, float *out) {
  stack_of<32> s;
  float acc = 0.0f;
  s.push(in[threadIdx.x]);
  while (!s.empty()) {
    float v = s.pop();
    acc += v;
    if (v > 1.0f && s.tos < 30) {
      s.push(v * 0.5f);
      s.push(v * 0.25f);
    }
  }
  out[threadIdx.x] = acc;
}

// The same methods on an object in global memory: not the thread's own.
extern "C" __global__ void on_pointer(stack_of<32> *st, float *out, int n) {
  stack_of<32> *s = st + blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < n; j++)
    acc += s->pop();
  out[threadIdx.x] = acc;
}

int main() {
  float *p = 0;
  int *q = 0;
  by_thread<<<1, 32>>>(p, p);
  by_loop<<<4096, 256>>>(p, p, 4096 * 256);
  // CHECK: local-memory.cu:[[# @LINE - 1]]:{{[0-9]+}}: note: at this launch (4096 blocks of 256 threads) kperf predicts {{.*}} on h100, {{.*}} without the local-memory accesses of its arrays (-{{[0-9]+}}%)
  by_data<<<1, 32>>>(q, q, 100);
  // CHECK: note: at this launch (1 block of 32 threads) kperf predicts
  unrolled<<<1, 32>>>(p, p);
  nested<<<1, 32>>>(p, p);
  small<<<1, 32>>>(p, q, p, 100);
  member_stack<<<1, 32>>>(p, p);
}
