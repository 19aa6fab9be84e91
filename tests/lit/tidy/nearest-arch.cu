// clang-tidy on an arch without a GPU of its own: the stand-in GPU is said
// once per file (not once per kperf check) and the checks run.
// REQUIRES: cuda, kperf-tidy
// RUN: %clang_tidy_kperf %s -- %cuda_flags --cuda-gpu-arch=sm_121 --cuda-host-only 2>&1 | FileCheck %s
// CHECK: warning: kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_121; analysing for rtx5090 {{.*}}; name a GPU with the Gpu option
// CHECK-NOT: no GPU in kperf's database
// CHECK: nearest-arch.cu:[[# @LINE + 3]]:{{[0-9]+}}: warning: uncoalesced global store of 'a'{{.*}} [kperf-uncoalesced]
// CHECK: only 12.5% of the memory traffic it causes is useful on rtx5090
// CHECK-NOT: no GPU in kperf's database
__global__ void strided(float *a) { a[threadIdx.x * 32] = 1.0f; }
void launch(float *a) { strided<<<1, 256>>>(a); }
