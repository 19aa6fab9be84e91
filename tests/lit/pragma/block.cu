// '#pragma kperf block(X[, Y[, Z]])': the block shape it declares, and which
// kernels get it, as the plugin's code sees them through blockPragmaFor() (the
// test-only -fplugin-arg-kperf-pragmas=dump prints both).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-launch=off -fplugin-arg-kperf-pragmas=dump -Xclang -verify %s
// The same from the device pass that reports.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-device-only -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-pass=device -fplugin-arg-kperf-launch=off -fplugin-arg-kperf-pragmas=dump -Xclang -verify
// Well-formed block pragmas produce nothing without the dump, in every pass.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-launch=off -D WELLFORMED_ONLY 2>&1 | count 0
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=t4 -fplugin-arg-kperf-pass=device -fplugin-arg-kperf-launch=off -D WELLFORMED_ONLY 2>&1 | count 0
// The dump, in order (the pragmas first, then the kernels).
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-launch=off -fplugin-arg-kperf-pragmas=dump %s 2>&1 | FileCheck %s
#include <cuda_runtime.h>

#define STR(x) #x
#define BLOCK(...) _Pragma(STR(kperf block(__VA_ARGS__)))
#define WARP 32
#define ROWS (WARP / 4)
#define KERNEL(name) BLOCK(48) __global__ void name(float *a) { a[threadIdx.x] = 0; }

// Before any block pragma: no shape.
__global__ void before(float *a) { a[threadIdx.x] = 0; }
// A declaration only, later defined after a pragma: the definition counts.
__global__ void declared(float *a);

// One component: Y and Z are 1.
#pragma kperf block(256) // expected-remark {{kperf-pragmas: block 256 x 1 x 1}}
// CHECK: block.cu:[[@LINE-1]]:1: remark: kperf-pragmas: block 256 x 1 x 1

__global__ void first(float *a) { a[threadIdx.x] = 0; } // expected-remark {{kperf-pragmas: kernel 'first': block 256 x 1 x 1}}
__device__ void helper(float *a) { a[0] = 0; } // not a kernel: nothing
__global__ void second(float *a) { helper(a); } // expected-remark {{kperf-pragmas: kernel 'second': block 256 x 1 x 1}}

// Two components, with macros and expressions; the next pragma takes over.
#pragma kperf block(WARP, ROWS) // expected-remark {{kperf-pragmas: block 32 x 8 x 1}}
__global__ void third(float *a) { a[threadIdx.x] = 0; } // expected-remark {{kperf-pragmas: kernel 'third': block 32 x 8 x 1}}
__global__ void declared(float *a) { a[0] = 0; } // expected-remark {{kperf-pragmas: kernel 'declared': block 32 x 8 x 1}}

// Three components, odd spacing, hex, shifts, separators, a continued line.
#pragma   kperf   block ( 0x8 , 1 << 2 , \
                          1'0 - 2 ) // expected-remark@-1 {{kperf-pragmas: block 8 x 4 x 8}}
namespace ns {
template <int K> __global__ void templ(float *a) { a[threadIdx.x] = K; } // expected-remark {{kperf-pragmas: kernel 'ns::templ': block 8 x 4 x 8}}
}
template __global__ void ns::templ<1>(float *);
template __global__ void ns::templ<2>(float *);

// Exactly 1024 threads is allowed; a malformed pragma changes nothing.
#pragma kperf block(32, 32) // expected-remark {{kperf-pragmas: block 32 x 32 x 1}}
#ifndef WELLFORMED_ONLY
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': block size 2048 exceeds 1024 threads}}
#pragma kperf block(64, 32)
// expected-warning@+1 {{kperf: malformed '#pragma kperf block': the block dimension X must be at least 1, not 0}}
#pragma kperf block(0, 1, 1)
#endif
__global__ void full(float *a) { a[threadIdx.x] = 0; } // expected-remark {{kperf-pragmas: kernel 'full': block 32 x 32 x 1}}

// Other pragmas do not interfere.
#pragma kperf assume(n = 4) // expected-remark {{kperf-pragmas: assume n = 4}}
__global__ void still_full(float *a, int n) { a[n] = 0; } // expected-remark {{kperf-pragmas: kernel 'still_full': block 32 x 32 x 1}}

// A kernel from a header: neither this file's pragma reaches it, nor its own
// pragma reaches this file.
#include "Inputs/block-kernels.cuh"
__global__ void after_header(float *a) { a[threadIdx.x] = 0; } // expected-remark {{kperf-pragmas: kernel 'after_header': block 32 x 32 x 1}}

// _Pragma from a macro before the kernel, and a macro with both.
BLOCK(64, 2) // expected-remark {{kperf-pragmas: block 64 x 2 x 1}}
__global__ void from_macro(float *a) { a[threadIdx.x] = 0; } // expected-remark {{kperf-pragmas: kernel 'from_macro': block 64 x 2 x 1}}
KERNEL(both) // expected-remark {{kperf-pragmas: block 48 x 1 x 1}} expected-remark {{kperf-pragmas: kernel 'both': block 48 x 1 x 1}}

// A pragma inside a kernel applies to the kernels after it, not to that one.
__global__ void inside(float *a) { // expected-remark {{kperf-pragmas: kernel 'inside': block 48 x 1 x 1}}
#pragma kperf block(128) // expected-remark {{kperf-pragmas: block 128 x 1 x 1}}
  a[threadIdx.x] = 0;
}
__global__ void last(float *a) { a[threadIdx.x] = 0; } // expected-remark {{kperf-pragmas: kernel 'last': block 128 x 1 x 1}}
// CHECK: block.cu:[[@LINE-1]]:17: remark: kperf-pragmas: kernel 'last': block 128 x 1 x 1

void launch(float *a) {
  before<<<1, 32>>>(a);
  last<<<1, 128>>>(a);
}
