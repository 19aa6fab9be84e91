// A loop whose trip count kperf cannot follow is a variable of its own
// (trip@FILE:LINE), never tied to the problem size: taken equal to n it would
// make the time grow as n^2 on a guess.  Beside the problem size it is taken
// as one iteration and the statement says its times are lower bounds; bound
// with --arg, the statement over n is exact.  Alone, it is the statement's
// variable (kperf predict).
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=ONCE %s
// ONCE: unknown-trip.cu:55:3: remark: predicted on h100 (bn model) as a function of 'n' and 'trip@unknown-trip.cu:35', which have no value here (taking trip@unknown-trip.cu:35 = 1: a loop whose trip count kperf cannot follow, taken to run once, so the times are lower bounds): {{.*}}(linear at large n: {{.*}}; #pragma kperf assume(n = ...) and #pragma kperf trip(N) on the loop give one number [kperf-launch]
// ONCE-NOT: ^2
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-arg=trip@unknown-trip.cu:35=8 2>&1 | FileCheck --check-prefix=BOUND %s
// BOUND: unknown-trip.cu:55:3: remark: predicted on h100 (bn model) as a function of 'n', which has no value here: {{.*}}(linear at large n
// BOUND-NOT: trip@unknown-trip.cu:35
//
// RUN: kperf predict %s --kernel hops --grid 64 --block 256 --gpu h100 --db %kperf_db \
// RUN:   | FileCheck --check-prefix=ALONE %s
// ALONE: as a function of 'trip@unknown-trip.cu:35': {{.*}}(linear at large trip@unknown-trip.cu:35
//
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-predict=%t.json 2>&1 > /dev/null
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
// RUN:   [print(s['variable'], [(t['variable'], t['as'], t['divisor']) for t in s.get('ties', [])]) \
// RUN:    for l in d['launches'] for s in [l.get('scaling')] if s]" %t.json | FileCheck --check-prefix=JSON %s
// JSON: n [('trip@unknown-trip.cu:35', 'once', 1)]
// JSON-NEXT: n [('trip@unknown-trip.cu:{{[0-9]+}}', 'once', 1), ('trip@unknown-trip.cu:{{[0-9]+}}', 'once', 1)]

__global__ void hops(float *out, const float *in, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0;
  for (int k = 1; k < m; k = 3 * k + 1)
    s += in[(i + k) % n];
  out[i] = s;
}

// Two such loops: named together.
// ONCE: unknown-trip.cu:56:3: remark: predicted on h100 (bn model) as a function of 'n', 'trip@unknown-trip.cu:47' and 'trip@unknown-trip.cu:49', which have no value here (taking trip@unknown-trip.cu:47 = trip@unknown-trip.cu:49 = 1: loops whose trip counts kperf cannot follow, taken to run once, so the times are lower bounds): {{.*}}; #pragma kperf assume(n = ...) and #pragma kperf trip(N) on each of those loops give one number [kperf-launch]
__global__ void hops2(float *out, const float *in, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0;
  for (int k = 1; k < m; k = 3 * k + 1)
    s += in[(i + k) % n];
  for (int k = 2; k < m; k = 5 * k - 1)
    s -= in[(i + k) % n];
  out[i] = s;
}

void run(float *out, const float *in, int n, int m) {
  hops<<<(n + 255) / 256, 256>>>(out, in, n, m);
  hops2<<<(n + 255) / 256, 256>>>(out, in, n, m);
}
