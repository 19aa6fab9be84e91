// kperf's analysis limits (kperf/limits.h): each input below once crashed
// clang (stack overflow) or made it hang with the plugin loaded.  Now the
// compile succeeds in about the time clang takes alone, the kernel a limit
// stopped gets one remark naming the limit and no finding, and the small
// kernel after it ('good') keeps its warning.
// REQUIRES: cuda
// RUN: %kperf_python %S/Inputs/gen.py sum 20000 > %t.sum.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.sum.cu 2>&1 | FileCheck --check-prefix=SUM %s
// SUM: remark: kernel 'sum' not analysed: expressions are nested deeper than 256 (a limit of kperf's; the compile is not affected) [kperf-model]
// SUM-NOT: warning: {{.*}}'a'
// SUM: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
//
// RUN: %kperf_python %S/Inputs/gen.py ternary 3000 > %t.ternary.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.ternary.cu 2>&1 | FileCheck --check-prefix=TERN %s
// TERN: remark: kernel 'ternary' not analysed: expressions are nested deeper than 256
// TERN: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
//
// RUN: %kperf_python %S/Inputs/gen.py ifnest 3000 > %t.ifnest.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.ifnest.cu 2>&1 | FileCheck --check-prefix=IF %s
// IF: remark: kernel 'ifnest' not analysed: statements are nested deeper than 128
// IF: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
//
// Loops nested deeper than 64, half of them in an inlined device function
// (each function's statements stay under their own limit): one remark; 60
// nested loops are analysed.
// RUN: %kperf_python %S/Inputs/gen.py loopnest 70 > %t.loopnest.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.loopnest.cu 2>&1 | FileCheck --check-prefix=NEST %s
// NEST: remark: kernel 'loopnest' not analysed: loops are nested deeper than 64 (a limit of kperf's; the compile is not affected) [kperf-model]
// NEST: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
// RUN: %kperf_python %S/Inputs/gen.py loopnest 60 > %t.loopnest60.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.loopnest60.cu 2>&1 | FileCheck --check-prefix=NEST60 %s
// NEST60-NOT: not analysed
// NEST60: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
//
// Formulas that double at each statement: the value is unknown (a note in
// the model), the kernel is still analysed and nothing false is said of a[v].
// RUN: %kperf_python %S/Inputs/gen.py chain 400 > %t.chain.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.chain.cu 2>&1 | FileCheck --check-prefix=CHAIN %s
// CHAIN-NOT: not analysed
// CHAIN-NOT: warning: {{.*}}'a'
// CHAIN: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.chain.cu -fplugin-arg-kperf-report=%t.chain.json
// RUN: FileCheck --check-prefix=CHAINJSON %s < %t.chain.json
// CHAINJSON: formula{{s?}} larger than 1024 nodes left unknown
//
// More kernels than the limit: one remark, with the count of the others.
// RUN: %kperf_python %S/Inputs/gen.py kernels 2003 > %t.kernels.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %t.kernels.cu 2>&1 | FileCheck --check-prefix=KERN %s
// KERN: remark: kernel 'k2000' not analysed: the file has more than 2000 kernels
// KERN: note: 3 more kernels not analysed for the same reason
// KERN-NOT: not analysed
//
// A time budget of 1 ms: kernels not reached in time are not analysed, and say so.
// RUN: %kperf_python %S/Inputs/gen.py unroll 2000 > %t.unroll.cu
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-time-budget=1 %t.unroll.cu 2>&1 | FileCheck --check-prefix=TIME %s
// TIME: not analysed: kperf's time budget for this file (1 ms) is spent
// RUN: not %kperf_cc -fplugin-arg-kperf-time-budget=-1 %s 2>&1 | FileCheck --check-prefix=BADARG %s
// BADARG: bad value '-1' for -fplugin-arg-kperf-time-budget
