// clang's own switches reach kperf's warnings as they reach clang's: -w
// silences them, -Werror makes them errors, and a kernel in a system header
// (-isystem) is not reported (unless -Wsystem-headers).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: strided.cuh
// PLAIN: clang-switches.cu:[[# @LINE + 30]]:{{[0-9]+}}: warning: uncoalesced global store of 'a'{{.*}} [kperf-uncoalesced]
// PLAIN-NOT: strided.cuh
// PLAIN: 1 warning generated
// The same header with -I is the project's own: reported.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -I %S/Inputs/sys %s 2>&1 | FileCheck %s --check-prefix=USER
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys -Wsystem-headers %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=USER
// USER-DAG: strided.cuh:2:{{[0-9]+}}: warning: uncoalesced global store of 'a'
// USER-DAG: clang-switches.cu:[[# @LINE + 22]]:{{[0-9]+}}: warning: uncoalesced global store of 'a'
// -w: no warning (remarks are not warnings), the compile succeeds.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys -w %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: warning:
// QUIET-NOT: error:
// -Wno-everything silences them too (clang's mappings reach no diagnostic
// created after them: kperf reads the switch); a later -Weverything undoes it.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys -Wno-everything %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys -Wno-everything -Weverything %s 2>&1 | FileCheck %s --check-prefix=EVERY
// EVERY: clang-switches.cu:[[# @LINE + 13]]:{{[0-9]+}}: warning: uncoalesced global store of 'a'{{.*}} [kperf-uncoalesced]
// -Werror: an error, the compile fails; -Wno-error undoes it.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys -Werror %s 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: clang-switches.cu:[[# @LINE + 10]]:{{[0-9]+}}: error: uncoalesced global store of 'a'{{.*}} [kperf-uncoalesced]
// ERR: 1 error generated
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -isystem %S/Inputs/sys -Werror -Wno-error %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// The stand-in GPU's warning obeys them too.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_121 --cuda-host-only -fsyntax-only -fplugin=%kperf_plugin -isystem %S/Inputs/sys -w %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: not %clang %cuda_flags --cuda-gpu-arch=sm_121 --cuda-host-only -fsyntax-only -fplugin=%kperf_plugin -isystem %S/Inputs/sys -Werror %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEAR
// NEAR: error: kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_121
#include <strided.cuh>
__global__ void own_strided(float *a) { a[threadIdx.x * 32] = 1.0f; }

void launch(float *a) {
  own_strided<<<1, 256>>>(a);
  library_strided<<<1, 256>>>(a);
}
