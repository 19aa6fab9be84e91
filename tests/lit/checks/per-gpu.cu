// The same kernels on GPUs of different generations: the degrees follow each
// generation's rules.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s --check-prefix=H100
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=gtx280 %s 2>&1 | FileCheck %s --check-prefix=GT200
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=8600gt %s 2>&1 | FileCheck %s --check-prefix=G84
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=gtx940mx %s 2>&1 | FileCheck %s --check-prefix=MAXWELL

// A column of a 32-float-wide shared matrix: 32-way with 32 banks, 16-way on
// compute capability 1.x (16 banks, per half-warp).
__global__ void column(float *out) {
  __shared__ float m[32 * 32];
  m[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = m[threadIdx.x * 32];
}
// H100: per-gpu.cu:[[# @LINE - 2]]:22: warning: 32-way shared-memory bank conflict on 'm'
// H100: note: the load is split into 32 serialized accesses: shared memory serves it at 1/32 of its bandwidth on h100 (compute capability 9.0: 32 banks of 4 bytes)
// GT200: per-gpu.cu:[[# @LINE - 4]]:22: warning: 16-way shared-memory bank conflict on 'm': lanes 0-15 all hit bank 0
// GT200: note: the load is split into 16 serialized accesses: shared memory serves it at 1/16 of its bandwidth on gtx280 (compute capability 1.3: 16 banks of 4 bytes, per half-warp)

// Consecutive doubles: two 32-bit accesses per lane on CC 1.x (2-way), two
// 16-lane phases on later GPUs (conflict-free).
__global__ void doubles(double *out) {
  __shared__ double d[256];
  d[threadIdx.x] = 1.0;
  __syncthreads();
  out[threadIdx.x] = d[threadIdx.x];
}
// GT200: per-gpu.cu:[[# @LINE - 4]]:18: warning: 2-way shared-memory bank conflict on 'd'
// GT200: per-gpu.cu:[[# @LINE - 3]]:22: warning: 2-way shared-memory bank conflict on 'd'
// H100-NOT: bank conflict on 'd'
// MAXWELL-NOT: bank conflict on 'd'

// Vector types: a store of an int2 or a float4 is one 8- or 16-byte access
// (not a field by field copy); on CC 1.x it is split into two or four 32-bit
// accesses per half-warp, 2-way and 4-way; conflict-free in phases of 16 and
// 8 lanes on later GPUs.
__global__ void vectors(int2 *o2, float4 *o4) {
  __shared__ int2 v[128];
  __shared__ float4 f[128];
  v[threadIdx.x] = make_int2(1, 2);
  f[threadIdx.x] = make_float4(1, 2, 3, 4);
  __syncthreads();
  o2[threadIdx.x] = v[threadIdx.x];
  o4[threadIdx.x] = f[threadIdx.x];
}
// GT200: per-gpu.cu:[[# @LINE - 6]]:18: warning: 2-way shared-memory bank conflict on 'v': lanes 0 and 8 hit bank 0 at 2 different addresses (stride 1 element (8 B) between adjacent threads)
// GT200: per-gpu.cu:[[# @LINE - 6]]:18: warning: 4-way shared-memory bank conflict on 'f': lanes 0, 4, 8, 12 all hit bank 0 at 4 different addresses (stride 1 element (16 B) between adjacent threads)
// GT200: note: the store is split into 4 serialized accesses
// GT200: per-gpu.cu:[[# @LINE - 6]]:21: warning: 2-way shared-memory bank conflict on 'v'
// GT200: per-gpu.cu:[[# @LINE - 6]]:21: warning: 4-way shared-memory bank conflict on 'f'
// G84: per-gpu.cu:[[# @LINE - 11]]:18: warning: 2-way shared-memory bank conflict on 'v'
// G84: per-gpu.cu:[[# @LINE - 11]]:18: warning: 4-way shared-memory bank conflict on 'f'
// H100-NOT: bank conflict on 'v'
// H100-NOT: bank conflict on 'f'
// MAXWELL-NOT: bank conflict on 'v'
// MAXWELL-NOT: bank conflict on 'f'

// One element off: a sector more on CC >= 5, but 16 transactions instead of
// one per half-warp under the strict rule of CC 1.0/1.1.
__global__ void offset1(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[i + 1];
}
// G84: per-gpu.cu:[[# @LINE - 2]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 transactions of 32 bytes where 2 would do
// H100-NOT: per-gpu.cu:[[# @LINE - 3]]:10: warning
// MAXWELL-NOT: per-gpu.cu:[[# @LINE - 4]]:10: warning
// GT200-NOT: per-gpu.cu:[[# @LINE - 5]]:10: warning

// Stride 2: twice the sectors on CC >= 5.
__global__ void stride2(const float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[2 * i];
}
// MAXWELL: per-gpu.cu:[[# @LINE - 2]]:10: warning: uncoalesced global load of 'a': each warp request touches 8 sectors where 4 would do
// MAXWELL-SAME: (stride 2 elements (8 B) between adjacent threads)

// Atomics 128 bytes apart: each lane its own 32-byte sector on CC >= 5; the
// guide gives no transaction rule for atomics on CC 1.x, so kperf is quiet.
__global__ void atomic_strided(unsigned *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&c[32 * i], 1u);
}
// H100: per-gpu.cu:[[# @LINE - 2]]:3: warning: uncoalesced global atomic of 'c': each warp request touches 32 sectors where 4 would do (stride 32 elements (128 B) between adjacent threads)
// MAXWELL: per-gpu.cu:[[# @LINE - 3]]:3: warning: uncoalesced global atomic of 'c'
// GT200-NOT: global atomic
// G84-NOT: global atomic

void launch(float *a, float *b, double *d, unsigned *c, int2 *i2, float4 *f4) {
  column<<<1, 32>>>(a);
  doubles<<<1, 256>>>(d);
  vectors<<<1, 128>>>(i2, f4);
  offset1<<<256, 256>>>(a, b);
  stride2<<<256, 256>>>(a, b);
  atomic_strided<<<256, 256>>>(c);
}
