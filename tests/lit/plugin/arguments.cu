// Bad plugin arguments stop the compile with one clear error, once.
// REQUIRES: cuda
// RUN: not %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-colour=red 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: error: kperf: unknown argument '-fplugin-arg-kperf-colour=red'; valid keys: gpu, db, pass, verbose, help, checks, time-budget, werror, report, ptxas, uncoalesced-ratio, bank-conflict-min, model, launch (see -fplugin-arg-kperf-help); also arg, pragmas, predict, predict-launch, predict-batch, predict-problem, predict-max-blocks-per-sm, after-errors, cache-key
// UNKNOWN-NOT: kperf:
//
// RUN: not %kperf_cc -fplugin-arg-kperf-gpu %s 2>&1 | FileCheck --check-prefix=NOVALUE %s
// NOVALUE: error: kperf: argument '-fplugin-arg-kperf-gpu' needs a value: -fplugin-arg-kperf-gpu=<value>
//
// RUN: not %kperf_cc -fplugin-arg-kperf-verbose=yes %s 2>&1 | FileCheck --check-prefix=VALUE %s
// VALUE: error: kperf: argument '-fplugin-arg-kperf-verbose' takes no value
//
// RUN: not %kperf_cc -fplugin-arg-kperf-pass=both %s 2>&1 | FileCheck --check-prefix=PASS %s
// PASS: error: kperf: bad value 'both' for -fplugin-arg-kperf-pass; expected host, device or device:sm_XX
//
// Help: printed once, and the compile goes on.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-help 2>&1 | FileCheck --check-prefix=HELP %s
// HELP: usage: clang++ -x cuda FILE.cu -fplugin=/path/to/kperf.so [-fplugin-arg-kperf-<key>[=<value>]]...
// HELP: gpu=<value>
// HELP: -Xclang -kperf-gpu=...' does not work
// HELP-NOT: usage:
//
// The plugin is quiet in compiles that are not CUDA.
// RUN: %clang -x c++ -fsyntax-only %s -fplugin=%kperf_plugin -fplugin-arg-kperf-verbose -D NOT_CUDA 2>&1 | count 0
#ifndef NOT_CUDA
__global__ void k(float *a) { a[threadIdx.x] = 0.0f; }
#else
int host_only(int x) { return x + 1; }
#endif
