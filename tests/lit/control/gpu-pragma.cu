// #pragma kperf gpu(NAME): the GPU this file is analysed for.  The plugin's
// gpu= argument wins over it; an unknown name is one error at the pragma (as
// gpu= would be); a malformed pragma one -Wignored-pragmas warning.
// REQUIRES: cuda
// The pragma's GPU, not the one --cuda-gpu-arch=sm_90 gives (h100):
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-verbose %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRAGMA
// PRAGMA: remark: target GPU gtx940mx (NVIDIA GeForce GTX 940MX, compute capability 5.0, 3 SMs), named with '#pragma kperf gpu(gtx940mx)' [kperf-model]
// PRAGMA: warning: 32-way shared-memory bank conflict on 'tile'
// PRAGMA: note: {{.*}} on gtx940mx (compute capability 5.0
// gpu= wins:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-verbose \
// RUN:   -fplugin-arg-kperf-gpu=a100 %s 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: remark: target GPU a100 ({{.*}}), named with -fplugin-arg-kperf-gpu (over '#pragma kperf gpu(gtx940mx)') [kperf-model]
// ARG: note: {{.*}} on a100 (compute capability 8.0
// The tokens of a name with '-' and a string literal; the last pragma of the file wins, the
// earlier ones that name another GPU are reported:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-pragmas=dump -DFORMS %s \
// RUN:   -Xclang -verify=forms -Xclang -verify-ignore-unexpected=note,warning
// An unknown GPU: one error at the pragma (even when gpu= names another), no finding.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -DUNKNOWN %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=warning:
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 -DUNKNOWN %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=warning:
// UNKNOWN: gpu-pragma.cu:[[# @LINE + 23]]:19: error: kperf: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'?
// UNKNOWN: 1 error generated
// Malformed pragmas and one in a header: warnings, and the GPU of --cuda-gpu-arch.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -DMALFORMED %s \
// RUN:   -Xclang -verify=malformed -Xclang -verify-ignore-unexpected=note,remark
// Without the plugin the pragma is an unknown pragma: -Wall mentions it, -Wno-unknown-pragmas silences it.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -Wall %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: warning: unknown pragma ignored [-Wunknown-pragmas]
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -Wall \
// RUN:   -Wno-unknown-pragmas %s 2>&1 | count 0
// Or a _Pragma macro guarded by a define that only kperf compiles get (docs/pragmas.md):
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-verbose -DMACRO -DUSE_KPERF %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MACRO
// MACRO: remark: target GPU gtx940mx {{.*}} named with '#pragma kperf gpu(gtx940mx)'
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -Wall -DMACRO %s 2>&1 | count 0

#if defined(FORMS)
#pragma kperf gpu(h100) // forms-warning {{kperf: '#pragma kperf gpu' ignored: a later one names another GPU}}
#pragma kperf gpu("a100-80gb")
#pragma kperf gpu(a100-80gb) // forms-remark {{kperf-pragmas: gpu a100-80gb}}
// forms-remark@#launch {{us on a100-80gb (bn model)}}
#elif defined(UNKNOWN)
#pragma kperf gpu(gtx94Omx)
#elif defined(MALFORMED)
#include "Inputs/gpu-pragma.cuh" // malformed-warning@Inputs/gpu-pragma.cuh:2 {{kperf: '#pragma kperf gpu' in an included file is ignored; name the GPU in the file being compiled}}
#pragma kperf gpu // malformed-warning {{kperf: malformed '#pragma kperf gpu': expected '(' after 'gpu', e.g. gpu(h100)}}
#pragma kperf gpu() // malformed-warning {{kperf: malformed '#pragma kperf gpu': expected a GPU name, not ')', e.g. gpu(h100)}}
#pragma kperf gpu(h100 // malformed-warning {{kperf: malformed '#pragma kperf gpu': expected ')' after the GPU name, e.g. gpu(h100)}}
#pragma kperf gpu(a100 80gb) // malformed-warning {{kperf: malformed '#pragma kperf gpu': expected ')' after the GPU name, not '80gb', e.g. gpu(h100)}}
#pragma kperf gpu(t4) x // malformed-warning {{kperf: malformed '#pragma kperf gpu': unexpected 'x' after gpu(...), e.g. gpu(h100)}}
#pragma kperf gpu("") // malformed-warning {{kperf: malformed '#pragma kperf gpu': expected a GPU name, not '""', e.g. gpu(h100)}}
#elif defined(MACRO)
#ifdef USE_KPERF
#define KPERF_STR(x) #x
#define KPERF(...) _Pragma(KPERF_STR(kperf __VA_ARGS__))
#else
#define KPERF(...)
#endif
KPERF(gpu(gtx940mx))
#else
#pragma kperf gpu(gtx940mx)
#endif

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // malformed-warning {{32-way shared-memory bank conflict on 'tile'}}
}

void launch(const float *in, float *out) { transpose<<<1, dim3(32, 32)>>>(in, out); } // #launch
