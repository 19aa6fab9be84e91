// clang-tidy without a GPU database: kperf-setup says once per file (not once
// per kperf check) that nothing was checked and what to do, at the top of the
// file; -checks=...,-kperf-setup silences it.
// REQUIRES: cuda, kperf-tidy
// RUN: env KPERF_DB=%t.missing.db %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s
// CHECK: setup.cu:1:1: warning: kperf: nothing checked: KPERF_DB names '{{.*}}missing.db', which does not exist or is not a file; put kperf-gpus.db next to kperf.so, or set KPERF_DB or the Database option [kperf-setup]
// CHECK-NOT: nothing checked
// CHECK-NOT: [kperf-uncoalesced]
// RUN: env KPERF_DB=%t.missing.db %clang_tidy_kperf,-kperf-setup %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: nothing checked
// With the database, the checks run and kperf-setup has nothing to say.
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 | FileCheck %s --check-prefix=OK
// OK-NOT: kperf-setup
// OK: warning: uncoalesced global store of 'a'{{.*}} [kperf-uncoalesced]
// OK-NOT: kperf-setup
// kperf-tidy.so copied alone: the database embedded in it.
// RUN: rm -rf %t.lonely && mkdir -p %t.lonely && cp %kperf_tidy_module %t.lonely/kperf-tidy.so
// RUN: %clang_tidy_runner --load=%t.lonely/kperf-tidy.so -checks=-*,kperf-* %s -- %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK
__global__ void strided(float *a) { a[threadIdx.x * 32] = 1.0f; }
void launch(float *a) { strided<<<1, 256>>>(a); }
