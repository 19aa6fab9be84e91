// -fplugin-arg-kperf-checks=SPEC: clang-tidy's check syntax, only the enabled
// checks report; a malformed spec is one error.
// REQUIRES: cuda
// Every check (the default):
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify=all,bc,uc -Xclang -verify-ignore-unexpected=note
// Only kperf-bank-conflict:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-bank-conflict \
// RUN:   -Xclang -verify=bc -Xclang -verify-ignore-unexpected=note
// All but kperf-bank-conflict, with a glob and spaces; and repeated keys apply in order:
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   '-fplugin-arg-kperf-checks= -kperf-bank-* ' \
// RUN:   -Xclang -verify=all,uc -Xclang -verify-ignore-unexpected=note
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-* -fplugin-arg-kperf-checks=kperf-uncoal* \
// RUN:   -Xclang -verify=uc -Xclang -verify-ignore-unexpected=note
// Nothing: no kperf diagnostic at all.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-* 2>&1 | count 0
//
// Malformed: one error each, and nothing else from kperf.
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-bank-conflicts 2>&1 | FileCheck %s --check-prefix=TYPO
// TYPO: error: kperf: bad value '-*,kperf-bank-conflicts' for -fplugin-arg-kperf-checks: unknown check 'kperf-bank-conflicts'; did you mean 'kperf-bank-conflict'? (expected a comma-separated list of globs, each with an optional '-', e.g. -*,kperf-bank-conflict)
// TYPO-NOT: kperf
// TYPO: 1 error generated
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s \
// RUN:   -fplugin-arg-kperf-checks=kperf-launch,,-kperf-uncoalesced 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: kperf: bad value 'kperf-launch,,-kperf-uncoalesced' for -fplugin-arg-kperf-checks: empty check name in the check list
// EMPTY-NOT: error: kperf
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s \
// RUN:   '-fplugin-arg-kperf-checks=kperf-bank conflict' 2>&1 | FileCheck %s --check-prefix=CHAR
// CHAR: error: kperf: bad value 'kperf-bank conflict' for -fplugin-arg-kperf-checks: unexpected character ' ' in the check name 'kperf-bank conflict'
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s \
// RUN:   -fplugin-arg-kperf-checks 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: error: kperf: argument '-fplugin-arg-kperf-checks' needs a value

__global__ void both(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x * 64]; // uc-warning {{uncoalesced global load of 'in'}}
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // bc-warning {{32-way shared-memory bank conflict on 'tile'}}
}

void launch(const float *in, float *out) { both<<<1, dim3(32, 32)>>>(in, out); } // all-remark {{predicted}}
