// kperf-uncoalesced judges a kernel once per block shape and set of argument
// values its launches give: a warm-up launch with stride 1 does not hide the
// launches in a loop whose stride the file does not give.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s

__global__ void strided(float *a, int s) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * s;
  a[i] = a[i] + 1.0f; // expected-warning {{uncoalesced global load and store of 'a': each warp request touches 32 sectors where 4 would do (stride s elements between adjacent threads)}}
  // CHECK: :[[# @LINE - 1]]:10: note: 's' is not known in this file: the access is uncoalesced for every s >= 2: 8 sectors where 4 would do at s = 2, rising to 32 from s = 8; figures for s = 1024
  // CHECK: :[[# @LINE - 2]]:10: note: for block (256, 1, 1) of the launch at {{.*}}uncoalesced-launch-args.cu:[[# @LINE + 13]]
}

// Only ever launched with stride 1: coalesced, nothing to say.
__global__ void unit(float *a, int s) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * s;
  a[i] = a[i] + 1.0f;
}

void run(float *d, int n) {
  strided<<<n / 256, 256>>>(d, 1); // warm-up
  unit<<<n / 256, 256>>>(d, 1);
  for (int s = 1; s <= 32; s++)
    strided<<<n / 256, 256>>>(d, s);
}
