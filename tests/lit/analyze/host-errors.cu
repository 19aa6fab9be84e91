// Host code that does not compile does not hide the kernels: kperf analyze
// says how many errors clang reported, shows the first, and analyses anyway.
// REQUIRES: cuda
// RUN: kperf analyze %s 2>%t.err | FileCheck --check-prefix=OUT %s
// RUN: FileCheck --check-prefix=ERR --input-file=%t.err %s
// ERR: kperf: clang reported 2 error(s) in {{.*}}host-errors.cu; the kernels were analysed anyway
// ERR-NEXT: host-errors.cu:[[# @LINE + 22]]:3: error: use of undeclared identifier 'load_from_disk'
// ERR-NOT: error
// OUT: kernel scale at {{.*}}host-errors.cu:[[# @LINE + 14]]:17
// OUT: launches:
// OUT-NEXT: host-errors.cu:[[# @LINE + 20]]:3: scale<<<(64, 1, 1), (256, 1, 1)>>>
//
// RUN: kperf analyze %s --json 2>/dev/null | FileCheck --check-prefix=JSON %s
// JSON: "host_errors": 2,
// JSON: "name": "scale",
//
// Without report= the plugin stays silent on code that does not compile.
// RUN: not %kperf_cc -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck --check-prefix=QUIET %s
// QUIET-NOT: remark: kernel
// QUIET: 2 errors generated when compiling for host.
#include <cuda_runtime.h>

__global__ void scale(float *a, float s) { a[blockIdx.x * 256 + threadIdx.x] *= s; }

struct Config;

void run(float *a) {
  float *host = nullptr;
  load_from_disk(host);
  Config c;
  scale<<<64, 256>>>(a, 2.0f);
}
