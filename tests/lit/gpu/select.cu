// Which GPU the analyses are for: named with gpu=, or assumed from the
// compile's first --cuda-gpu-arch; said in verbose mode.
// REQUIRES: cuda
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -fsyntax-only %s -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose -fplugin-arg-kperf-gpu=GTX940MX 2>&1 | FileCheck --check-prefix=NAMED %s
// NAMED: remark: target GPU gtx940mx (NVIDIA GeForce GTX 940MX, compute capability 5.0, 3 SMs), named with -fplugin-arg-kperf-gpu [kperf-model]
// NAMED-NOT: target GPU
//
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -fsyntax-only %s -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=SM90 %s
// SM90: remark: target GPU h100 ({{.*}}compute capability 9.0, 132 SMs), assumed from --cuda-gpu-arch=sm_90 [kperf-model]
//
// Several archs: the first one counts, in the host pass as in a device pass.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -c %s -o %t.o -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=SM75 %s
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 \
// RUN:   --cuda-device-only -c %s -fplugin=%kperf_plugin -fplugin-arg-kperf-pass=device \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=SM75 %s
// SM75: remark: target GPU t4 ({{.*}}compute capability 7.5{{.*}}), assumed from --cuda-gpu-arch=sm_75 [kperf-model]
// SM75-NOT: target GPU
//
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_120 -fsyntax-only %s -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=SM120 %s
// SM120: remark: target GPU rtx5090 ({{.*}}compute capability 12.0{{.*}}), assumed from --cuda-gpu-arch=sm_120 [kperf-model]
//
// An arch with no default GPU: the GPU of the nearest arch, said once (nearest-arch.cu).
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_121 -fsyntax-only %s -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=NOARCH %s
// NOARCH: warning: kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_121; analysing for rtx5090 {{.*}}; name a GPU with -fplugin-arg-kperf-gpu=NAME
// NOARCH: remark: target GPU rtx5090 ({{.*}}compute capability 12.0{{.*}}), assumed from --cuda-gpu-arch=sm_121 (the GPU of sm_120, the nearest architecture with one) [kperf-model]
//
// A GPU that exists is found, never "corrected" to a neighbour.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -fsyntax-only %s -fplugin=%kperf_plugin \
// RUN:   -fplugin-arg-kperf-verbose -fplugin-arg-kperf-gpu=rtx5090 2>&1 | FileCheck --check-prefix=R5090 %s
// R5090: remark: target GPU rtx5090 (NVIDIA GeForce RTX 5090, compute capability 12.0, 170 SMs), named with -fplugin-arg-kperf-gpu [kperf-model]
// R5090-NOT: kperf: unknown
//
// A misspelt GPU stops the compile with one line and a suggestion.
// RUN: not %clang %cuda_flags --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=gtx94Omx 2>&1 | FileCheck --check-prefix=TYPO %s
// TYPO: error: kperf: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'? (list them with 'kperf gpus')
// TYPO-NOT: kperf:
//
// An architecture where a GPU is expected: the GPU that stands for it.
// RUN: not %clang %cuda_flags --cuda-gpu-arch=sm_90 -fsyntax-only %s \
// RUN:   -fplugin=%kperf_plugin -fplugin-arg-kperf-gpu=sm_86 2>&1 | FileCheck --check-prefix=ARCH %s
// ARCH: error: kperf: unknown GPU 'sm_86': that is an architecture, whose GPU in the database is 'rtx3090' (name a GPU, e.g. rtx3090; list them with 'kperf gpus')
// ARCH-NOT: kperf:
//
// The database: db= and KPERF_DB choose it; a missing or corrupt one is one error.
// RUN: %kperf_cc -fplugin-arg-kperf-verbose -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=a100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=A100 %s
// RUN: env KPERF_DB=%kperf_db %kperf_cc -fplugin-arg-kperf-verbose -fplugin-arg-kperf-gpu=a100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=A100 %s
// A100: remark: target GPU a100 (
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%t.missing.db -fplugin-arg-kperf-gpu=a100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=MISSING %s
// MISSING: error: kperf: {{.*}}missing.db
// MISSING-NOT: kperf:
// RUN: head -c 5000 /dev/urandom > %t.corrupt.db
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%t.corrupt.db %s 2>&1 | FileCheck --check-prefix=CORRUPT %s
// CORRUPT: error: kperf: {{.*}}corrupt.db
// CORRUPT-NOT: kperf:
// Without gpu= and db=, a database that cannot be had ($KPERF_DB naming a
// missing file) only disables what needs a GPU.
// RUN: env KPERF_DB=%t.missing.db %kperf_cc %s -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=NODB %s
// NODB: remark: no target GPU: KPERF_DB names '{{.*}}missing.db'
// NODB: remark: kernel 'k'
// kperf.so copied alone has its database: the one embedded in it.
// RUN: mkdir -p %t.lonely && cp %kperf_plugin %t.lonely/kperf.so
// RUN: env HOME=%t.lonely %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only %s \
// RUN:   -fplugin=%t.lonely/kperf.so -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=LONELY %s
// LONELY: remark: target GPU h100 (
// LONELY: remark: kernel 'k'

__global__ void k(float *a) { a[threadIdx.x] = 1.0f; }
