// A loop whose trip count kperf cannot follow is a variable of its own
// (trip@FILE:LINE), never tied to the problem size: taking it equal to n would
// make the time grow as n^2 on a guess.  A launch that needs it besides n gets
// no statement; bound with --arg, the statement over n is back.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=QUIET --allow-empty %s
// QUIET-NOT: kperf-launch
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-verbose 2>&1 | FileCheck --check-prefix=WHY %s
// WHY: unknown-trip.cu:30:3: remark: no time predicted for this launch of 'hops' on h100: the grid size is not known ((n + 255) / 256)
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-arg=trip@unknown-trip.cu:24=8 2>&1 | FileCheck --check-prefix=BOUND %s
// BOUND: unknown-trip.cu:30:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// BOUND-NOT: trip@

__global__ void hops(float *out, const float *in, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0;
  for (int k = 1; k < m; k = 3 * k + 1)
    s += in[(i + k) % n];
  out[i] = s;
}

void run(float *out, const float *in, int n, int m) {
  hops<<<(n + 255) / 256, 256>>>(out, in, n, m);
}
