// kperf is never silent about what it analyses for.  No GPU database (KPERF_DB
// naming a missing file, a corrupt one next to kperf.so) means nothing is
// checked: one warning says so and what to do ([kperf-setup]), the SARIF log
// says the run did not succeed, and the compile still succeeds (an error only
// with kperf's werror, not with clang's -Werror).  kperf.so copied alone has
// the database embedded in it: it checks, and its log says the run succeeded;
// a corrupt file next to it still wins over the embedded one, and is said.
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t/lonely %t/corrupt
// RUN: env KPERF_DB=%t/missing.db %kperf_cc %s 2>&1 | FileCheck %s --check-prefix=ENV
// ENV: warning: kperf: nothing checked: KPERF_DB names '{{.*}}missing.db', which does not exist or is not a file; put kperf-gpus.db next to kperf.so, or set KPERF_DB or -fplugin-arg-kperf-db=PATH [kperf-setup]
// ENV-NOT: kperf
// ENV: 1 warning generated
//
// RUN: env KPERF_DB=%t/missing.db %kperf_cc %s -fplugin-arg-kperf-report=sarif:%t/nodb.sarif 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ENV
// RUN: FileCheck %s --check-prefix=SARIF --input-file=%t/nodb.sarif
// RUN: cp %kperf_plugin %t/lonely/kperf.so
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -fplugin=%t/lonely/kperf.so %s \
// RUN:   -fplugin-arg-kperf-report=sarif:%t/lonely.sarif 2>&1 | FileCheck %s --check-prefix=LONELY
// LONELY-NOT: warning: kperf: nothing checked
// LONELY: warning: uncoalesced global store of 'a'
// RUN: FileCheck %s --check-prefix=LONELY-SARIF --input-file=%t/lonely.sarif
// LONELY-SARIF: "executionSuccessful": true
// SARIF: "executionSuccessful": false,
// SARIF-NEXT: "toolExecutionNotifications": [{
// SARIF-NEXT: "level": "error",
// SARIF-NEXT: "message": {
// SARIF-NEXT: "text": "kperf: nothing checked: {{.*}}; put kperf-gpus.db next to kperf.so, or set KPERF_DB or -fplugin-arg-kperf-db=PATH"
// SARIF: "uri": "{{.*}}setup.cu"
//
// RUN: cp %kperf_plugin %t/corrupt/kperf.so && head -c 5000 /dev/urandom > %t/corrupt/kperf-gpus.db
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -fplugin=%t/corrupt/kperf.so %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: warning: kperf: nothing checked: GPU database '{{.*}}corrupt/kperf-gpus.db' is corrupt or not an SQLite database {{.*}}; put kperf-gpus.db next to kperf.so, {{.*}} [kperf-setup]
//
// Silenced by checks=-kperf-setup, -w and -Wno-everything (the SARIF log still
// says it); an error with werror; a warning still under -Werror.
// RUN: env KPERF_DB=%t/missing.db %kperf_cc %s -fplugin-arg-kperf-checks=-kperf-setup 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: env KPERF_DB=%t/missing.db %kperf_cc %s -w 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: env KPERF_DB=%t/missing.db %kperf_cc %s -Wno-everything -fplugin-arg-kperf-report=sarif:%t/quiet.sarif 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: kperf
// RUN: FileCheck %s --check-prefix=SARIF --input-file=%t/quiet.sarif
// RUN: not env KPERF_DB=%t/missing.db %kperf_cc %s -fplugin-arg-kperf-werror 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: kperf: nothing checked: KPERF_DB names {{.*}} [kperf-setup]
// RUN: env KPERF_DB=%t/missing.db %kperf_cc %s -Werror 2>&1 | FileCheck %s --check-prefix=ENV
//
// The object file is the one clang builds without kperf.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -c %s -o %t/plain.o
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -c %s -o %t/lonely.o -fplugin=%t/corrupt/kperf.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CORRUPT
// RUN: cmp %t/plain.o %t/lonely.o
//
// A GPU assumed from the compile's arch is said once per compile (a remark,
// also [kperf-setup]); clang's default arch when none is given (sm_52 in
// clang 22, read from __CUDA_ARCH_LIST__).  A GPU named is not.
// RUN: %kperf_cc %s 2>&1 | FileCheck %s --check-prefix=ASSUMED
// ASSUMED: remark: kperf: analysing for h100 (NVIDIA H100 {{.*}}, compute capability 9.0), assumed from --cuda-gpu-arch=sm_90; name a GPU with -fplugin-arg-kperf-gpu=NAME [kperf-setup]
// ASSUMED-NOT: analysing for
// ASSUMED: warning: uncoalesced global store of 'a'
// ASSUMED-NOT: analysing for
// RUN: %clang %cuda_flags --cuda-host-only -fsyntax-only -fplugin=%kperf_plugin %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: remark: kperf: analysing for {{[a-z0-9]+}} ({{.*}}compute capability 5.2), assumed from the compile's GPU arch sm_52 (__CUDA_ARCH_LIST__; the command line names no sm_XX); name a GPU with -fplugin-arg-kperf-gpu=NAME [kperf-setup]
// RUN: %kperf_cc %s -fplugin-arg-kperf-gpu=a100 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: %kperf_cc %s -fplugin-arg-kperf-checks=-kperf-setup 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED-NOT: analysing for
// NAMED: warning: uncoalesced global store
__global__ void strided(float *a) { a[threadIdx.x * 32] = 1.0f; }
void launch(float *a) { strided<<<1, 256>>>(a); }
