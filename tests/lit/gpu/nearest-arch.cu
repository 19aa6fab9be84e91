// An arch without a GPU of its own in the database (sm_72, sm_103, sm_121) is
// never silent: one warning per file names the GPU used instead (the nearest
// arch of the same major version, else the nearest lower one) and the checks
// run, GPU-independent or not.
// REQUIRES: cuda
// The warning is in the SARIF log too, as a warning notification about the
// file (even under -w, which hides it from the compiler's output), and kperf
// check's merged log keeps it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_121 --cuda-host-only -fsyntax-only %s -fplugin=%kperf_plugin -w -fplugin-arg-kperf-report=sarif:%t/k.sarif
// RUN: FileCheck --check-prefixes=FILE,SARIF --input-file=%t/k.sarif %s
// RUN: echo '[{"directory": "%t", "file": "%s", "arguments": ["clang++", "-x", "cuda", "--cuda-gpu-arch=sm_121", "-c", "%s"]}]' > %t/compile_commands.json
// RUN: kperf check -p %t --sarif %t/all.sarif > %t/check.out
// RUN: FileCheck --check-prefix=SARIF --input-file=%t/all.sarif %s
// FILE: "executionSuccessful": true,
// SARIF: "toolExecutionNotifications": [{
// SARIF-NEXT: "level": "warning",
// SARIF-NEXT: "message": {
// SARIF-NEXT: "text": "kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_121; analysing for rtx5090 ({{.*}}), the nearest; name a GPU with -fplugin-arg-kperf-gpu=NAME"
// SARIF: "uri": "{{.*}}nearest-arch.cu"
// SARIF: "results":
// SARIF: "ruleId": "kperf-uncoalesced"
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_72 --cuda-host-only -fsyntax-only %s -fplugin=%kperf_plugin 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM72 %s
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_103 --cuda-host-only -fsyntax-only %s -fplugin=%kperf_plugin 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM103 %s
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_121 --cuda-host-only -fsyntax-only %s -fplugin=%kperf_plugin 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM121 %s
// SM72: warning: kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_72; analysing for v100 ({{.*}}compute capability 7.0, sm_70), the nearest; name a GPU with -fplugin-arg-kperf-gpu=NAME
// SM103: warning: kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_103; analysing for b200 ({{.*}}compute capability 10.0, sm_100), the nearest
// SM121: warning: kperf: no GPU in kperf's database for --cuda-gpu-arch=sm_121; analysing for rtx5090 ({{.*}}compute capability 12.0, sm_120), the nearest
// CHECK-NOT: no GPU in kperf's database
// CHECK: nearest-arch.cu:[[@LINE+7]]:{{[0-9]+}}: warning: uncoalesced global store of 'a'{{.*}}[kperf-uncoalesced]
// CHECK-NOT: no GPU in kperf's database
// CHECK: nearest-arch.cu:[[@LINE+11]]:{{[0-9]+}}: warning: 32-way shared-memory bank conflict on 'tile'{{.*}}[kperf-bank-conflict]
// CHECK-NOT: no GPU in kperf's database
// An arch the database has is not warned about.
// RUN: %kperf_cc %s 2>&1 | FileCheck --check-prefix=KNOWN %s
// KNOWN-NOT: no GPU in kperf's database
__global__ void strided(float *a) { a[threadIdx.x * 32] = 1.0f; }

__global__ void transpose(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *a) {
  strided<<<1, 256>>>(a);
  transpose<<<1, dim3(32, 32)>>>(a);
}
