// -fplugin-arg-kperf-report=PATH writes the model as JSON; a path that cannot
// be written is one kperf error, not a crash.
// REQUIRES: cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-report=%t.dir/r.json %s 2>&1 | count 0
// RUN: FileCheck --input-file=%t.dir/r.json --check-prefix=OK %s
// OK: "schema": 1,
// OK: "gpu": "h100",
// OK: "name": "fill",
// Nothing but the report is left behind (it is written to a temporary file, then renamed).
// RUN: ls %t.dir | FileCheck --check-prefix=LS %s
// LS: r.json
// LS-NOT: tmp
//
// RUN: not %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-report=%t.dir/missing/r.json %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NODIR %s
// NODIR: error: kperf: cannot write the report to '{{.*}}missing/r.json': No such file or directory
// NODIR-NOT: kperf:
// NODIR: 1 error generated when compiling for host.
//
// A directory where the file should be.
// RUN: mkdir -p %t.dir/isdir
// RUN: not %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-report=%t.dir/isdir %s 2>&1 | FileCheck --check-prefix=ISDIR %s
// ISDIR: error: kperf: cannot write the report to '{{.*}}isdir': Is a directory
// ISDIR-NOT: kperf:
//
// With errors in the code the report is still written, with their number.
// RUN: not %kperf_cc -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-report=%t.dir/err.json -DBROKEN %s 2>&1 | FileCheck --check-prefix=BROKEN %s
// BROKEN: error: use of undeclared identifier 'oops'
// BROKEN-NOT: kperf:
// RUN: FileCheck --input-file=%t.dir/err.json --check-prefix=BROKENJSON %s
// BROKENJSON: "host_errors": 1,
// BROKENJSON: "name": "fill",

__global__ void fill(float *a, float v) { a[threadIdx.x] = v; }

#ifdef BROKEN
void host() { oops(); }
#endif
