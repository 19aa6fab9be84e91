// A kernel launched with more distinct block shapes than kperf judges
// (KP_SHAPES_MAX, 8): the first 8 are judged, and with verbose each access
// check says how many were left out, instead of dropping them silently.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=off -fplugin-arg-kperf-verbose 2>&1 | FileCheck %s
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-launch=off 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: not judged

// CHECK-DAG: shape-limit.cu:[[# @LINE + 2]]:17: remark: 2 more block shapes of 'scale' not judged (kperf judges at most 8 per kernel) [kperf-uncoalesced]
// CHECK-DAG: shape-limit.cu:[[# @LINE + 1]]:17: remark: 2 more block shapes of 'scale' not judged (kperf judges at most 8 per kernel) [kperf-bank-conflict]
__global__ void scale(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f;
}

int main() {
  float *a = 0;
  scale<<<1, 32>>>(a);
  scale<<<1, 64>>>(a);
  scale<<<1, 96>>>(a);
  scale<<<1, 128>>>(a);
  scale<<<1, 160>>>(a);
  scale<<<1, 192>>>(a);
  scale<<<1, 224>>>(a);
  scale<<<1, 256>>>(a);
  scale<<<1, 288>>>(a);
  scale<<<1, 320>>>(a);
}
