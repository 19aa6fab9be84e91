// Half and bfloat16 conversions and arithmetic are counted as the GPU runs
// them (one cvt, one add.f16), not as the host emulation that cuda_fp16.hpp
// and cuda_bf16.hpp give the host pass (__half2float's loop over a denormal's
// bits): no loop of the header becomes an unknown of the launch, and the time
// grows linearly with n.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-report=model:%t.json 2>&1 > /dev/null
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print(k['name'], ' '.join('%%s=%%s' % (c, k['instructions']['by_class'][c]['per_thread']) for c in ('conv', 'fp16', 'fp32') if c in k['instructions']['by_class']), len(k['loops'])) for k in d['kernels']]" %t.json \
// RUN:   | FileCheck --check-prefix=COUNTS %s
// CHECK-NOT: trip@
// CHECK-NOT: n^2
// CHECK: half-intrinsics.cu:[[# @LINE + 35]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// CHECK: half-intrinsics.cu:[[# @LINE + 35]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// CHECK: half-intrinsics.cu:[[# @LINE + 35]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// CHECK: half-intrinsics.cu:[[# @LINE + 35]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// CHECK: half-intrinsics.cu:[[# @LINE + 35]]:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// COUNTS: widen conv=1 fp32=1 0
// COUNTS-NEXT: add2 fp16=1 0
// COUNTS-NEXT: narrow conv=1 0
// COUNTS-NEXT: bf conv=1 fp32=1 0
// COUNTS-NEXT: both conv=2 fp16=1 fp32=1 0
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void widen(float *out, const __half *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __half2float(in[i]) * 2.0f;
}
__global__ void add2(__half2 *out, const __half2 *a, const __half2 *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __hadd2(a[i], b[i]);
}
__global__ void narrow(__half *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half_rn(in[i]);
}
__global__ void bf(float *out, const __nv_bfloat16 *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __bfloat162float(in[i]) + 1.0f;
}
__global__ void both(__half *out, const __half *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __hmul(a[i], __float2half(b[i] + __half2float(a[i])));
}

void run(float *f, __half *h, __half2 *h2, __nv_bfloat16 *b, int n) {
  widen<<<(n + 255) / 256, 256>>>(f, h, n);
  add2<<<(n + 255) / 256, 256>>>(h2, h2, h2, n);
  narrow<<<(n + 255) / 256, 256>>>(h, f, n);
  bf<<<(n + 255) / 256, 256>>>(f, b, n);
  both<<<(n + 255) / 256, 256>>>(h, h, f, n);
}
