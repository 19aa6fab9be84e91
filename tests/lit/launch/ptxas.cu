// Registers and spills from ptxas: kperf predict --ptxas runs nvcc once per
// GPU architecture and hands the facts to the plugin, which uses ptxas's
// registers (occupancy) and spills (local-memory traffic) instead of its
// estimate; where nvcc cannot help, the estimate stays and the note says why.
// REQUIRES: nvcc, cuda
// RUN: rm -rf %t && mkdir -p %t
//
// A kernel that spills under its launch bounds (1024 threads: 64 registers).
// RUN: kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas nvcc --cuda-path %cuda_path \
// RUN:   --ptxas-cache %t/cache --json | FileCheck --check-prefix=SPILL %s
// SPILL: "registers_from": "ptxas sm_86",
// SPILL-NEXT: "registers_per_thread": 64,
// SPILL-NEXT: "spill_bytes": {{[1-9][0-9]*}},
// SPILL-NEXT: "stack_bytes": {{[1-9][0-9]*}},
// SPILL: "registers_per_thread": 64,
// SPILL: "note": "registers: ptxas sm_86 (64, {{[1-9][0-9]*}} spill bytes);
//
// The text output says the same.
// RUN: env -u KPERF_PTXAS kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas-cache %t/cache | FileCheck --check-prefix=TEXT %s
// TEXT: registers: 64 per thread (ptxas sm_86), {{[1-9][0-9]*}} spill bytes per thread
//
// The cache is used: its facts (changed here) are what the plugin sees.
// RUN: ls %t/cache/*.facts | wc -l | grep -x 1
// RUN: sed -i 's/^sm_86 _Z9many_livePKfPfi .*/sm_86 _Z9many_livePKfPfi 60 0 10 20/' %t/cache/*.facts
// RUN: env -u KPERF_PTXAS kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas-cache %t/cache --json | FileCheck --check-prefix=CACHED %s
// CACHED: "registers_from": "ptxas sm_86",
// CACHED-NEXT: "registers_per_thread": 60,
// CACHED-NEXT: "spill_bytes": 30,
// RUN: env -u KPERF_PTXAS kperf recommend %s --kernel many_live --problem-size 262144 --arg n=262144 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas-cache %t/cache | FileCheck --check-prefix=REC %s
// REC: registers: 60 per thread (ptxas sm_86), 30 spill bytes per thread
//
// extern "C": the plain name; no spills.
// RUN: kperf predict %s --kernel plain --grid 1 --block 32 --gpu rtx3090 --db %kperf_db \
// RUN:   --ptxas nvcc --cuda-path %cuda_path --json | FileCheck --check-prefix=PLAIN %s
// PLAIN: "registers_from": "ptxas sm_86",
// PLAIN-NEXT: "registers_per_thread": {{[1-9][0-9]*}},
// PLAIN-NEXT: "spill_bytes": 0,
//
// Off: the estimate, and no word about ptxas.
// RUN: kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas off --json | FileCheck --check-prefix=OFF %s
// OFF: "registers_from": "estimate",
// OFF-NEXT: "registers_per_thread": {{[0-9]+}},
// OFF-NEXT: "spill_bytes": 0,
// OFF-NOT: registers: ptxas
//
// No CUDA toolkit; an architecture the toolkit cannot target; code nvcc rejects.
// RUN: env -u KPERF_PTXAS kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 \
// RUN:   --gpu rtx3090 --db %kperf_db --cuda-path %t/none | FileCheck --check-prefix=NONE %s
// NONE: registers: {{[0-9]+}} per thread (estimate)
// NONE: notes: {{.*}}registers: estimate (no CUDA toolkit)
// RUN: env -u KPERF_PTXAS kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 \
// RUN:   --gpu gtx940mx --db %kperf_db --cuda-path %cuda_path | FileCheck --check-prefix=SM50 %s
// SM50: predicted
// SM50: notes: {{.*}}registers: estimate (the CUDA toolkit cannot target sm_50)
// RUN: env -u KPERF_PTXAS kperf predict %s --kernel many_live --grid 256 --block 1024 --arg n=262144 -DNVCC_FAILS \
// RUN:   --gpu rtx3090 --db %kperf_db --cuda-path %cuda_path | FileCheck --check-prefix=FAILS %s
// FAILS: predicted
// FAILS: notes: {{.*}}registers: estimate (nvcc failed: {{.*}}nvcc cannot compile this{{.*}})
//
// --batch: the facts of every architecture of the batch.
// RUN: printf 'rtx3090 many_live 256 1024 0\na100 many_live 256 1024 0\ngtx940mx plain 1 32 0\n' > %t.launches
// RUN: env -u KPERF_PTXAS kperf predict %s --batch %t.launches --arg n=262144 --db %kperf_db \
// RUN:   --cuda-path %cuda_path --ptxas-cache %t/cache2 | FileCheck --check-prefix=BATCH %s
// BATCH: {"line":0,"gpu":"rtx3090",{{.*}}"registers_from":"ptxas sm_86","registers_per_thread":64,"spill_bytes":{{[1-9][0-9]*}},
// BATCH-NEXT: {"line":1,"gpu":"a100",{{.*}}"registers_from":"ptxas sm_80","registers_per_thread":64,
// BATCH-NEXT: {"line":2,"gpu":"gtx940mx",{{.*}}"registers_from":"estimate",
//
// The plugin with a facts file it cannot use: one warning, the estimate, no crash.
// RUN: printf 'sm_86 many_live not-a-number\n' > %t.bad
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=rtx3090 -fplugin-arg-kperf-db=%kperf_db \
// RUN:   -fplugin-arg-kperf-ptxas=%t.bad -fplugin-arg-kperf-arg=n=262144 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=BAD %s
// BAD: warning: kperf: ignoring the ptxas facts: {{.*}}.bad: line 1: expected 'ARCH FUNCTION REGISTERS STACK SPILL_STORES SPILL_LOADS' (non-negative integers); registers are estimated
// BAD-NOT: ptxas facts
// BAD: remark: predicted {{.*}} [kperf-launch]
// BAD-NOT: ptxas facts
// RUN: %kperf_cc -fplugin-arg-kperf-gpu=rtx3090 -fplugin-arg-kperf-db=%kperf_db \
// RUN:   -fplugin-arg-kperf-ptxas=%t/missing %s 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: warning: kperf: ignoring the ptxas facts: cannot read {{.*}}missing: No such file or directory; registers are estimated
// MISSING-NOT: ptxas facts

#if defined(NVCC_FAILS) && defined(__NVCC__)
#error nvcc cannot compile this
#endif

#define N 96
__global__ void __launch_bounds__(1024, 1) many_live(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v[N];
#pragma unroll
  for (int k = 0; k < N; k++)
    v[k] = in[i + k * n];
  float s = 0;
#pragma unroll
  for (int r = 0; r < 4; r++)
#pragma unroll
    for (int k = 0; k < N; k++)
      s += v[k] * v[(k + r + 1) % N];
  out[i] = s;
}

extern "C" __global__ void plain(float *out) { out[threadIdx.x] = 1.0f; }

int main() {
  float *a = 0, *b = 0;
  many_live<<<256, 1024>>>(a, b, 1 << 18);
  plain<<<1, 32>>>(b);
  return 0;
}

// KPERF_PTXAS chooses the mode when --ptxas is not given; a bad value is a usage error.
// RUN: env KPERF_PTXAS=sometimes not kperf predict %s --kernel plain --grid 1 --block 32 \
// RUN:   --gpu rtx3090 --db %kperf_db 2>&1 | FileCheck --check-prefix=ENVBAD %s
// ENVBAD: kperf: KPERF_PTXAS='sometimes' is not auto, nvcc or off
