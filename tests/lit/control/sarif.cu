// -fplugin-arg-kperf-report=sarif:PATH / json:PATH: the findings of the
// translation unit (after checks= and NOLINT) as SARIF 2.1.0 and as JSON,
// checked structurally by Inputs/check_sarif.py (standard library only).
// REQUIRES: cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-report=sarif:%t.dir/k.sarif -fplugin-arg-kperf-report=json:%t.dir/k.json \
// RUN:   -fplugin-arg-kperf-report=model:%t.dir/model.json 2>&1 | FileCheck %s --check-prefix=DIAG
// DIAG: sarif.cu:60:41: warning: 32-way shared-memory bank conflict on 'tile'
// RUN: %kperf_python %S/Inputs/check_sarif.py %t.dir/k.sarif --results 2 --srcroot - \
// RUN:   --expect kperf-bank-conflict:warning:control/sarif.cu:60:41 \
// RUN:   --expect kperf-launch:note:control/sarif.cu:66:44 \
// RUN:   --fix control/sarif.cu:56:29-31:33
// The JSON report:
// RUN: FileCheck %s --check-prefix=JSON < %t.dir/k.json
// JSON: "schema": 1,
// JSON: "check": "kperf-bank-conflict",
// JSON-NEXT: "severity": "warning",
// JSON-NEXT: "file": "{{.*}}sarif.cu",
// JSON-NEXT: "line": 60,
// JSON-NEXT: "column": 41,
// JSON: "replacement": "33"
// JSON: "check": "kperf-launch",
// JSON-NEXT: "severity": "remark",
// The model (report=model:PATH, as bare report=PATH) is still kperf analyze's:
// RUN: FileCheck %s --check-prefix=MODEL < %t.dir/model.json
// MODEL: "gpu": "h100",
// MODEL: "name": "transpose",
// With -werror the levels are errors; with checks= and NOLINT the filtered findings are gone.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s -fplugin-arg-kperf-werror \
// RUN:   -fplugin-arg-kperf-report=sarif:%t.dir/werror.sarif 2>/dev/null
// RUN: %kperf_python %S/Inputs/check_sarif.py %t.dir/werror.sarif --expect kperf-bank-conflict:error:sarif.cu:60:41
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s -fplugin-arg-kperf-checks=-kperf-launch \
// RUN:   -DSUPPRESS -fplugin-arg-kperf-report=sarif:%t.dir/none.sarif -fplugin-arg-kperf-report=json:%t.dir/none.json
// RUN: %kperf_python %S/Inputs/check_sarif.py %t.dir/none.sarif --results 0
// RUN: FileCheck %s --check-prefix=NONE < %t.dir/none.json
// NONE: "findings": []
// A directory (PATH ending in '/', created) and placeholders give one file per translation unit:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s -fplugin-arg-kperf-report=sarif:%t.dir/per-tu/ \
// RUN:   -fplugin-arg-kperf-report=json:%t.dir/%%f-%%h.json
// RUN: ls %t.dir %t.dir/per-tu | FileCheck %s --check-prefix=LS
// LS: sarif.cu-{{[0-9a-f]+}}.json
// LS: sarif.cu.{{[0-9a-f]+}}.sarif
// LS-NOT: tmp
// Bad values: one error each.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s -fplugin-arg-kperf-report=xml:%t.dir/k.xml 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: error: kperf: bad value '{{.*}}' for -fplugin-arg-kperf-report: unknown report kind 'xml'; expected sarif:PATH, json:PATH or model:PATH (or PATH, the model)
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s -fplugin-arg-kperf-report=sarif: 2>&1 | FileCheck %s --check-prefix=NOPATH
// NOPATH: error: kperf: bad value 'sarif:' for -fplugin-arg-kperf-report: no path after 'sarif:'
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s -fplugin-arg-kperf-report=sarif:%t.dir/%%q 2>&1 | FileCheck %s --check-prefix=PLACE
// PLACE: error: kperf: bad value 'sarif:{{.*}}%q' for -fplugin-arg-kperf-report: unknown placeholder '%q' in the report path '{{.*}}%q' (use %f, %h or %%)
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s -fplugin-arg-kperf-report=sarif:%t.dir/missing/k.sarif 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: error: kperf: cannot write the report to '{{.*}}missing/k.sarif': No such file or directory

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
#ifndef SUPPRESS
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
#else
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // NOLINT(kperf-bank-conflict)
#endif
}

void launch(const float *in, float *out) { transpose<<<1, dim3(32, 32)>>>(in, out); }
