// kperf-spill: with ptxas's facts, a kernel whose registers are capped so
// that ptxas spills; silent without facts, and for kernels that do not spill.
// REQUIRES: cuda
// Facts written here (the numbers of ptxas -v: registers, stack frame, spill
// stores, spill loads), so that the words are checked exactly.
// RUN: printf 'sm_90 capped 64 48 40 40\nsm_90 no_spill 32 0 0 0\nsm_90 big 255 256 200 220\nsm_90 flag_cap 40 16 16 16\nsm_90 b768 80 8 4 4\nsm_90 b256x4 64 0 8 8\nsm_90 b640 32 48 40 40\n' > %t.facts
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-spill -fplugin-arg-kperf-ptxas=%t.facts \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-spill -fplugin-arg-kperf-ptxas=%t.facts 2>&1 \
// RUN:   | FileCheck %s
// Without facts: nothing.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-spill 2>&1 | FileCheck --check-prefix=NONE --allow-empty %s
// NONE-NOT: kperf-spill
// Facts of another architecture: nothing either.
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=rtx3090 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-spill -fplugin-arg-kperf-ptxas=%t.facts 2>&1 \
// RUN:   | FileCheck --check-prefix=NONE --allow-empty %s

extern "C" __global__ void __launch_bounds__(1024) capped(const float *in, float *out) { // expected-warning {{'capped' spills registers to local memory: ptxas (sm_90) assigns 64 registers per thread and has spill stores of 40 bytes and spill loads of 40 bytes, because __launch_bounds__(1024) lets each thread have at most 64 registers (65536 per SM shared by 1024 threads); without the spills it would need about 76 registers (64 plus one per 4 bytes of the 48-byte stack frame it spills into)}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
// CHECK: note: a smaller minimum of resident blocks (the second argument), or a smaller maximum block size, leaves each thread more registers
// The launch's cost: 1024 threads of 76 registers do not fit in a block.
// CHECK: spill.cu:{{[0-9]+}}:{{[0-9]+}}: note: at this launch (1024 blocks of 1024 threads) kperf predicts {{.*}} on h100; no time without the spills (76 registers per thread): no block fits on an SM: a block needs 81920 registers

extern "C" __global__ void no_spill(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}

extern "C" __global__ void big(const float *in, float *out) { // expected-warning {{'big' spills registers to local memory: ptxas (sm_90) assigns 255 registers per thread and has spill stores of 200 bytes and spill loads of 220 bytes, because a thread can have at most 255 registers; without the spills it would need about 319 registers (255 plus one per 4 bytes of the 256-byte stack frame it spills into), more than a thread can have}}
  out[threadIdx.x] = in[threadIdx.x];
}
// CHECK: note: fewer values live at once
// CHECK: note: at this launch (1024 blocks of 256 threads) kperf predicts {{.*}} on h100, {{.*}} without the spills (255 registers per thread) (-{{[0-9]+}}%)

extern "C" __global__ void flag_cap(const float *in, float *out) { // expected-warning {{'flag_cap' spills registers to local memory: ptxas (sm_90) assigns 40 registers per thread and has spill stores of 16 bytes and spill loads of 16 bytes, because ptxas was given a cap of 40 registers (-maxrregcount, or the build's)}}
  out[threadIdx.x] = in[threadIdx.x];
}
// CHECK: note: raise or drop the register cap (-maxrregcount)

// 768 threads: 85 registers a thread, 80 as ptxas allocates them (8 at a time).
extern "C" __global__ void __launch_bounds__(768) b768(float *out) { // expected-warning {{'b768' spills registers to local memory: ptxas (sm_90) assigns 80 registers per thread and has spill stores of 4 bytes and spill loads of 4 bytes, because __launch_bounds__(768) lets each thread have at most 80 registers (65536 per SM shared by 768 threads); without the spills it would need about 82 registers (80 plus one per 4 bytes of the 8-byte stack frame it spills into)}}
  out[threadIdx.x] = 1.0f;
}

// Four resident blocks of 256 threads: 64 registers; no stack frame reported,
// so no estimate of the registers it needs.
extern "C" __global__ void __launch_bounds__(256, 4) b256x4(float *out) { // expected-warning {{'b256x4' spills registers to local memory: ptxas (sm_90) assigns 64 registers per thread and has spill stores of 8 bytes and spill loads of 8 bytes, because __launch_bounds__(256, 4) lets each thread have at most 64 registers (65536 per SM shared by 1024 threads)}}
  out[threadIdx.x] = 1.0f;
}

// 640 threads allow 96 registers; ptxas of CUDA 13 gives a register-hungry
// kernel 32 there (measured): kperf does not blame the bounds' limit.
extern "C" __global__ void __launch_bounds__(640) b640(float *out) { // expected-warning {{'b640' spills registers to local memory: ptxas (sm_90) assigns 32 registers per thread and has spill stores of 40 bytes and spill loads of 40 bytes, because ptxas kept it to 32 although __launch_bounds__(640) allows 96 (its own choice for these bounds, or a -maxrregcount); without the spills it would need about 44 registers}}
  out[threadIdx.x] = 1.0f;
}

int main() {
  float *p = 0;
  capped<<<1024, 1024>>>(p, p);
  no_spill<<<1, 32>>>(p, p);
  big<<<1024, 256>>>(p, p);
  flag_cap<<<1, 32>>>(p, p);
}
