// kperf analyze: usage errors are one line and exit status 2, before clang runs.
// RUN: not kperf analyze %s --arg n=abc 2>&1 | FileCheck --check-prefix=BADVALUE %s
// BADVALUE: kperf: analyze: bad value 'abc' in --arg n=abc: expected an integer (decimal, 0x hex or A<<B, e.g. 1<<20)
// BADVALUE-NOT: kperf:
// RUN: not kperf analyze %s --arg 'n=1<<99' 2>&1 | FileCheck --check-prefix=BIGSHIFT %s
// BIGSHIFT: kperf: analyze: bad value '1<<99' in --arg n=1<<99
// RUN: not kperf analyze %s --arg n 2>&1 | FileCheck --check-prefix=NOEQ %s
// NOEQ: kperf: analyze: bad --arg 'n': expected NAME=VALUE, e.g. --arg n=1024
// RUN: not kperf analyze %s --arg 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: kperf: option --arg needs a value
// RUN: not kperf analyze %s --colour red 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: kperf: analyze: unknown option '--colour' (clang arguments go after '--'; see 'kperf analyze --help')
// UNKNOWN-NOT: kperf:
// RUN: not kperf analyze 2>&1 | FileCheck --check-prefix=NOFILE %s
// NOFILE: kperf: analyze: name the .cu file to analyse
// RUN: not kperf analyze %s %s 2>&1 | FileCheck --check-prefix=TWO %s
// TWO: kperf: analyze: one file at a time
// RUN: not kperf analyze %t.does-not-exist.cu 2>&1 | FileCheck --check-prefix=NOSUCH %s
// NOSUCH: kperf: analyze: cannot read '{{.*}}does-not-exist.cu': No such file or directory
//
// The exit status of a usage error is 2.
// RUN: bash -c 'kperf analyze %s --arg n=x 2>/dev/null; echo "status $?"' | FileCheck --check-prefix=STATUS %s
// STATUS: status 2
//
// Help, also listed by 'kperf --help'; '--help' after '--' is clang's, not kperf's.
// RUN: kperf analyze --help | FileCheck --check-prefix=HELP %s
// HELP: usage: kperf analyze FILE.cu [--gpu NAME] [--db PATH] [--arg NAME=VALUE]... [--json]
// RUN: kperf --help | FileCheck --check-prefix=LIST %s
// LIST: analyze {{ *}}analyse the kernels of a .cu file
//
// The plugin's own arg= key checks its value the same way.
// REQUIRES: cuda
// RUN: not %kperf_cc -fplugin-arg-kperf-arg=n=12x %s 2>&1 | FileCheck --check-prefix=PLUGIN %s
// PLUGIN: error: kperf: bad value '12x' for -fplugin-arg-kperf-arg=n; expected an integer (decimal, 0x hex or A<<B, e.g. 1<<20)
// PLUGIN-NOT: kperf:
// RUN: not %kperf_cc -fplugin-arg-kperf-arg=1024 %s 2>&1 | FileCheck --check-prefix=PLUGINNOEQ %s
// PLUGINNOEQ: error: kperf: bad value '1024' for -fplugin-arg-kperf-arg; expected NAME=VALUE, e.g. n=1024
// RUN: not %kperf_cc -fplugin-arg-kperf-report %s 2>&1 | FileCheck --check-prefix=PLUGINREPORT %s
// PLUGINREPORT: error: kperf: argument '-fplugin-arg-kperf-report' needs a value: -fplugin-arg-kperf-report=<value>
// RUN: %kperf_cc -fplugin-arg-kperf-help %s 2>&1 | FileCheck --check-prefix=PLUGINHELP %s
// PLUGINHELP: report=[sarif:|json:|model:]PATH {{ *}}write the findings as SARIF 2.1.0 (sarif:PATH) or JSON (json:PATH), or the kernel model as JSON (PATH or model:PATH
// PLUGINHELP: arg=NAME=VALUE {{ *}}bind a kernel parameter or formula variable to an integer
//
// A GPU that is not in the database: clang's error, exit status 1.
// RUN: bash -c 'kperf analyze %s --gpu gtx94Omx; echo "status $?"' 2>&1 | FileCheck --check-prefix=GPU %s
// GPU: error: kperf: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'?
// GPU: status 1

__global__ void k(float *a) { a[threadIdx.x] = 0.0f; }
