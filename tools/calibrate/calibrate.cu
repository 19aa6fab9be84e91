// kperf-calibrate: microbenchmarks that measure, on the GPU they run on, the
// facts kperf's GPU database holds (and a few it has no column for yet), and
// write them as SQL for `kperf import-gpus`.
//
//   kperf-calibrate --gpu-id ID [--based-on BASE] [--device N] [-o OUT.sql]
//                   [--raw OUT.raw] [--write-cc-throughput] [--quick]
//
// Method (seed papers 000 and 004, docs in bench/accuracy/README.md):
// * instruction latency: one thread, a dependent chain of one PTX instruction
//   (inline asm, operands from memory so nothing folds), clock64() around it;
// * instruction throughput: every SM full of warps, 8 independent chains per
//   thread; per SM, results / (last end - first start) in that SM's clock64;
// * shared-memory latency: pointer chase in shared memory; bank conflicts: one
//   warp whose 32 addresses fall d to a bank (d = 1..32), dependent loads;
// * L1 / L2 / DRAM latency: pointer chase (ld.ca in 8 KiB, ld.cg in 1/4 of the
//   L2, random 4 KiB-spaced nodes in 8x the L2), sizes from the device;
// * bandwidth: cudaEvent around copies of 8x the L2 (DRAM) and repeated reads
//   of half the L2 (L2); uncoalesced access: reading with stride 1..32 floats;
// * __syncthreads: a loop of barriers in a 256-thread block;
// * launch overhead: empty kernel, grids 1..4096 for 1..32 warps per block,
//   cudaEvent around one launch, t = x1 * grid + x0 by least squares.
// Every timing: one warm-up run, then the median of repeats; every kernel
// writes its result to memory.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <type_traits>
#include <vector>

#include "sqlout.h"

#define CK(call)                                                                            \
  do {                                                                                      \
    cudaError_t e_ = (call);                                                                \
    if (e_ != cudaSuccess) {                                                                \
      fprintf(stderr, "kperf-calibrate: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,        \
              cudaGetErrorString(e_));                                                      \
      exit(1);                                                                              \
    }                                                                                       \
  } while (0)

static int g_reps = 7;  // timed repeats of every measurement (after one warm-up)

static double median(std::vector<double> v) { return kpc_median(v.data(), (int)v.size()); }

// ---------------------------------------------------------------- instructions

// One class: the PTX instruction(s) run per call, and how many class
// instructions (per) and results (results) one call makes.
struct OpFp16 {
  typedef unsigned T;  // a half2
  static constexpr int per = 1, results = 2;
  static __device__ __forceinline__ void run(T &x, T a, T b) {
    asm volatile("fma.rn.f16x2 %0, %0, %1, %2;" : "+r"(x) : "r"(a), "r"(b));
  }
  static T one() { return 0x3C003C00u; }
  static T zero() { return 0u; }
};
struct OpFp32 {
  typedef float T;
  static constexpr int per = 1, results = 1;
  static __device__ __forceinline__ void run(T &x, T a, T b) {
    asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(a), "f"(b));
  }
  static T one() { return 1.0f; }
  static T zero() { return 0.0f; }
};
struct OpFp64 {
  typedef double T;
  static constexpr int per = 1, results = 1;
  static __device__ __forceinline__ void run(T &x, T a, T b) {
    asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(x) : "d"(a), "d"(b));
  }
  static T one() { return 1.0; }
  static T zero() { return 0.0; }
};
struct OpSfu {
  typedef float T;
  static constexpr int per = 1, results = 1;
  static __device__ __forceinline__ void run(T &x, T, T) {
    asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x));
  }
  static T one() { return 1.0f; }
  static T zero() { return 0.0f; }
};
struct OpIntAdd {
  typedef int T;
  static constexpr int per = 1, results = 1;
  static __device__ __forceinline__ void run(T &x, T a, T) {
    asm volatile("add.s32 %0, %0, %1;" : "+r"(x) : "r"(a));
  }
  static T one() { return 1; }
  static T zero() { return 0; }
};
struct OpIntMul {
  typedef int T;
  static constexpr int per = 1, results = 1;
  static __device__ __forceinline__ void run(T &x, T a, T) {
    asm volatile("mul.lo.s32 %0, %0, %1;" : "+r"(x) : "r"(a));
  }
  static T one() { return 1; }
  static T zero() { return 0; }
};
// f32 -> s32 -> f32: two conversions per call.
struct OpConv {
  typedef float T;
  static constexpr int per = 2, results = 2;
  static __device__ __forceinline__ void run(T &x, T, T) {
    asm volatile("{ .reg .s32 t; cvt.rzi.s32.f32 t, %0; cvt.rn.f32.s32 %0, t; }" : "+f"(x));
  }
  static T one() { return 3.0f; }
  static T zero() { return 0.0f; }
};
// f64 -> s64 -> f64: two 64-bit conversions per call.
struct OpConv64 {
  typedef double T;
  static constexpr int per = 2, results = 2;
  static __device__ __forceinline__ void run(T &x, T, T) {
    asm volatile("{ .reg .s64 t; cvt.rzi.s64.f64 t, %0; cvt.rn.f64.s64 %0, t; }" : "+d"(x));
  }
  static T one() { return 3.0; }
  static T zero() { return 0.0; }
};
struct OpDivF32 {
  typedef float T;
  static constexpr int per = 1, results = 1;
  static __device__ __forceinline__ void run(T &x, T a, T) {
    asm volatile("div.rn.f32 %0, %0, %1;" : "+f"(x) : "f"(a));
  }
  static T one() { return 1.0f; }
  static T zero() { return 0.0f; }
};

#define CHAIN 64  // instructions per unrolled inner loop
#define ILP 8     // independent chains per thread in the throughput kernel

template <class Op>
__global__ void lat_kernel(typename Op::T *io, long long *cycles, int iters) {
  typedef typename Op::T T;
  T x = io[0], a = io[1], b = io[2];
  long long t0 = clock64();
  for (int i = 0; i < iters; i++) {
#pragma unroll
    for (int k = 0; k < CHAIN; k++) Op::run(x, a, b);
  }
  long long t1 = clock64();
  io[3] = x;
  cycles[0] = t1 - t0;
}

__device__ __forceinline__ unsigned smid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

template <class Op>
__global__ void thr_kernel(typename Op::T *io, typename Op::T *out, long long *times, int iters) {
  typedef typename Op::T T;
  T a = io[1], b = io[2], x[ILP];
#pragma unroll
  for (int i = 0; i < ILP; i++) x[i] = io[0];
  __syncthreads();
  long long t0 = clock64();
  for (int it = 0; it < iters; it++) {
#pragma unroll
    for (int k = 0; k < CHAIN / 4; k++) {
#pragma unroll
      for (int i = 0; i < ILP; i++) Op::run(x[i], a, b);
    }
  }
  __syncthreads();
  long long t1 = clock64();
  size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < ILP; i++) out[tid * ILP + i] = x[i];
  if (threadIdx.x == 0) {
    times[3 * blockIdx.x] = smid();
    times[3 * blockIdx.x + 1] = t0;
    times[3 * blockIdx.x + 2] = t1;
  }
}

struct ClassResult {
  double lat, thr;
};

template <class Op>
static ClassResult bench_class(int sm_count, int lat_iters, int thr_iters) {
  typedef typename Op::T T;
  ClassResult r;
  T *io;
  long long *cyc;
  CK(cudaMalloc(&io, 4 * sizeof(T)));
  CK(cudaMalloc(&cyc, sizeof(long long)));
  T init[4] = {Op::one(), Op::one(), Op::zero(), Op::zero()};
  if (std::is_same<Op, OpDivF32>::value) {
    float near_one = 1.0000001f;  // x / a stays normal
    memcpy(&init[1], &near_one, sizeof near_one);
  }
  CK(cudaMemcpy(io, init, sizeof init, cudaMemcpyHostToDevice));

  std::vector<double> v;
  for (int rep = 0; rep <= g_reps; rep++) {
    lat_kernel<Op><<<1, 1>>>(io, cyc, lat_iters);
    CK(cudaGetLastError());
    long long c;
    CK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
    if (rep)  // rep 0 is the warm-up
      v.push_back((double)c / ((double)lat_iters * CHAIN * Op::per));
  }
  r.lat = median(v);

  int threads = 1024, per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, thr_kernel<Op>, threads, 0));
  if (per_sm < 1) {
    threads = 256;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, thr_kernel<Op>, threads, 0));
  }
  int grid = std::max(1, per_sm) * sm_count;
  T *out;
  long long *times;
  CK(cudaMalloc(&out, (size_t)grid * threads * ILP * sizeof(T)));
  CK(cudaMalloc(&times, (size_t)grid * 3 * sizeof(long long)));
  std::vector<long long> h((size_t)grid * 3);
  v.clear();
  for (int rep = 0; rep <= g_reps; rep++) {
    thr_kernel<Op><<<grid, threads>>>(io, out, times, thr_iters);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h.data(), times, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
    if (!rep)
      continue;
    // per SM: results of its blocks / (last end - first start)
    std::vector<long long> lo(4096, -1), hi(4096, -1), nb(4096, 0);
    for (int b = 0; b < grid; b++) {
      long long s = h[3 * b] & 4095, t0 = h[3 * b + 1], t1 = h[3 * b + 2];
      if (lo[s] < 0 || t0 < lo[s]) lo[s] = t0;
      if (hi[s] < 0 || t1 > hi[s]) hi[s] = t1;
      nb[s]++;
    }
    std::vector<double> per_sm_rate;
    double results_per_block =
        (double)threads * thr_iters * (CHAIN / 4) * ILP * Op::results;
    for (int s = 0; s < 4096; s++)
      if (nb[s] && hi[s] > lo[s]) per_sm_rate.push_back(nb[s] * results_per_block / (hi[s] - lo[s]));
    v.push_back(median(per_sm_rate));
  }
  r.thr = median(v);
  CK(cudaFree(out));
  CK(cudaFree(times));
  CK(cudaFree(io));
  CK(cudaFree(cyc));
  return r;
}

// ---------------------------------------------------------------- shared memory

#define SMEM_WORDS 4096

__global__ void smem_chase(unsigned *sink, long long *cycles, int stride, int steps) {
  __shared__ unsigned s[SMEM_WORDS];
  for (int i = threadIdx.x; i < SMEM_WORDS; i += blockDim.x) s[i] = (i + stride) % SMEM_WORDS;
  __syncthreads();
  if (threadIdx.x)
    return;
  unsigned j = 0;
  for (int i = 0; i < SMEM_WORDS / stride; i++) j = s[j];  // warm-up pass
  long long t0 = clock64();
#pragma unroll 16
  for (int i = 0; i < steps; i++) j = s[j];
  long long t1 = clock64();
  sink[0] = j;
  cycles[0] = t1 - t0;
}

// One warp; lane l reads word (l % d) * 32 + l / d: bank l / d, so at most d
// lanes share a bank with distinct addresses (a d-way conflict).  Each word
// holds its own index, so the chase stays on one address per lane.
__global__ void smem_conflict(unsigned *sink, long long *cycles, int d, int steps) {
  __shared__ unsigned s[32 * 32];
  for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x) s[i] = i;
  __syncwarp();
  unsigned lane = threadIdx.x;
  unsigned j = (lane % d) * 32 + lane / d;
  long long t0 = clock64();
#pragma unroll 16
  for (int i = 0; i < steps; i++) j = s[j];
  __syncwarp();
  long long t1 = clock64();
  sink[lane] = j;
  if (lane == 0) cycles[0] = t1 - t0;
}

__global__ void sync_kernel(unsigned *sink, long long *cycles, int steps) {
  __shared__ unsigned s[256];
  unsigned v = threadIdx.x;
  s[threadIdx.x] = v;
  __syncthreads();
  long long t0 = clock64();
  for (int i = 0; i < steps; i++) {
    __syncthreads();
  }
  long long t1 = clock64();
  v += s[(threadIdx.x + 1) & 255];
  sink[threadIdx.x] = v;
  if (threadIdx.x == 0) cycles[0] = t1 - t0;
}

template <class K, class... A>
static double cycles_median(int steps, K kernel, int threads, A... args) {
  unsigned *sink;
  long long *cyc;
  CK(cudaMalloc(&sink, 1024 * sizeof(unsigned)));
  CK(cudaMalloc(&cyc, sizeof(long long)));
  std::vector<double> v;
  for (int rep = 0; rep <= g_reps; rep++) {
    kernel<<<1, threads>>>(sink, cyc, args..., steps);
    CK(cudaGetLastError());
    long long c;
    CK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
    if (rep) v.push_back((double)c / steps);
  }
  CK(cudaFree(sink));
  CK(cudaFree(cyc));
  return median(v);
}

// ---------------------------------------------------------------- global memory

template <int CG>
__global__ void global_chase(const unsigned *a, unsigned *sink, long long *cycles, int warm,
                             int steps) {
  unsigned j = 0;
  for (int i = 0; i < warm; i++) j = CG ? __ldcg(a + j) : __ldca(a + j);
  long long t0 = clock64();
#pragma unroll 8
  for (int i = 0; i < steps; i++) j = CG ? __ldcg(a + j) : __ldca(a + j);
  long long t1 = clock64();
  sink[0] = j;
  cycles[0] = t1 - t0;
}

__global__ void write_links(unsigned *a, const unsigned *next, int nodes, unsigned spacing) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < nodes) a[(size_t)k * spacing] = next[k] * spacing;
}

// Pointer chase over `bytes` bytes with nodes `spacing_bytes` apart; random
// (one cycle through all nodes) or in order.
template <int CG>
static double chase_latency(size_t bytes, size_t spacing_bytes, bool random, bool warm, int steps) {
  size_t spacing = spacing_bytes / sizeof(unsigned);
  int nodes = (int)(bytes / spacing_bytes);
  if (nodes < 2) return NAN;
  std::vector<unsigned> next(nodes);
  if (random) {
    std::vector<unsigned> order(nodes);
    for (int i = 0; i < nodes; i++) order[i] = i;
    std::mt19937 rng(12345);
    for (int i = nodes - 1; i > 0; i--) std::swap(order[i], order[rng() % i]);  // Sattolo
    for (int i = 0; i < nodes; i++) next[order[i]] = order[(i + 1) % nodes];
  } else {
    for (int i = 0; i < nodes; i++) next[i] = (i + 1) % nodes;
  }
  unsigned *a, *dnext, *sink;
  long long *cyc;
  CK(cudaMalloc(&a, (size_t)nodes * spacing_bytes));
  CK(cudaMalloc(&dnext, nodes * sizeof(unsigned)));
  CK(cudaMalloc(&sink, sizeof(unsigned)));
  CK(cudaMalloc(&cyc, sizeof(long long)));
  CK(cudaMemcpy(dnext, next.data(), nodes * sizeof(unsigned), cudaMemcpyHostToDevice));
  write_links<<<(nodes + 255) / 256, 256>>>(a, dnext, nodes, (unsigned)spacing);
  CK(cudaGetLastError());
  std::vector<double> v;
  for (int rep = 0; rep <= g_reps; rep++) {
    global_chase<CG><<<1, 1>>>(a, sink, cyc, warm ? nodes : 0, steps);
    CK(cudaGetLastError());
    long long c;
    CK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
    if (rep) v.push_back((double)c / steps);
  }
  CK(cudaFree(a));
  CK(cudaFree(dnext));
  CK(cudaFree(sink));
  CK(cudaFree(cyc));
  return median(v);
}

__global__ void copy4(const float4 *in, float4 *out, size_t n) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    out[i] = in[i];
}

__global__ void read4(const float4 *in, float *out, size_t n, int passes) {
  float s = 0.0f;
  for (int p = 0; p < passes; p++)
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
      float4 v = __ldcg(in + i);
      s += v.x + v.y + v.z + v.w;
    }
  out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void strided_read(const float *in, float *out, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[(size_t)i * stride] * 2.0f;
}

__global__ void fill_kernel(float *p, size_t n) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    p[i] = 1.0f + (float)(i % 7) * 0.25f;
}

// Milliseconds of one call of f, median of g_reps after a warm-up.
template <class F>
static double time_ms(F f) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<double> v;
  for (int rep = 0; rep <= g_reps; rep++) {
    CK(cudaEventRecord(e0));
    f();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    CK(cudaGetLastError());
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (rep) v.push_back(ms);
  }
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  return median(v);
}

__global__ void empty_kernel() {}

// ---------------------------------------------------------------- main

static void usage(FILE *f) {
  fputs("usage: kperf-calibrate --gpu-id ID [--based-on BASE] [--device N] [-o OUT.sql]\n"
        "                       [--raw OUT.raw] [--write-cc-throughput] [--quick]\n"
        "Measures the GPU it runs on and writes SQL for `kperf import-gpus`.\n",
        f);
}

int main(int argc, char **argv) {
  kpc_meas m;
  kpc_meas_init(&m);
  const char *out_path = NULL, *raw_path = NULL;
  int device = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--gpu-id") && v) snprintf(m.gpu_id, sizeof m.gpu_id, "%s", argv[++i]);
    else if (!strcmp(a, "--based-on") && v) snprintf(m.based_on, sizeof m.based_on, "%s", argv[++i]);
    else if (!strcmp(a, "--device") && v) device = atoi(argv[++i]);
    else if (!strcmp(a, "-o") && v) out_path = argv[++i];
    else if (!strcmp(a, "--raw") && v) raw_path = argv[++i];
    else if (!strcmp(a, "--write-cc-throughput")) m.write_cc_throughput = 1;
    else if (!strcmp(a, "--quick")) g_reps = 3;
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
    else { usage(stderr); return 2; }
  }
  if (!kpc_valid_id(m.gpu_id) || (m.based_on[0] && !kpc_valid_id(m.based_on))) {
    fprintf(stderr, "kperf-calibrate: --gpu-id (and --based-on) must be 1-63 characters of a-z 0-9 . _ -\n");
    return 2;
  }
  CK(cudaSetDevice(device));
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, device));
  int clock_khz = 0, bus = 0, l2 = 0;
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device));
  CK(cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, device));
  CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  snprintf(m.device_name, sizeof m.device_name, "%s", p.name);
  time_t now = time(NULL);
  strftime(m.date, sizeof m.date, "%Y-%m-%d", localtime(&now));
  m.cc_major = p.major;
  m.cc_minor = p.minor;
  m.sm_count = p.multiProcessorCount;
  m.clock_mhz = clock_khz > 0 ? clock_khz / 1000.0 : NAN;
  m.mem_bus_bits = bus;
  m.dram_bytes = (long long)p.totalGlobalMem;
  m.l2_bytes = l2;
  fprintf(stderr, "kperf-calibrate: %s, CC %d.%d, %d SMs, %.0f MHz, L2 %d B, %d repeats\n",
          p.name, p.major, p.minor, p.multiProcessorCount, m.clock_mhz, l2, g_reps);

  // instructions
  fprintf(stderr, "  instructions...\n");
  ClassResult cr[KPC_NCLASS];
  cr[KPC_FP16] = bench_class<OpFp16>(m.sm_count, 64, 64);
  cr[KPC_FP32] = bench_class<OpFp32>(m.sm_count, 64, 64);
  cr[KPC_FP64] = bench_class<OpFp64>(m.sm_count, 64, 32);
  cr[KPC_SFU] = bench_class<OpSfu>(m.sm_count, 64, 16);
  cr[KPC_INT_ADD] = bench_class<OpIntAdd>(m.sm_count, 64, 64);
  cr[KPC_INT_MUL] = bench_class<OpIntMul>(m.sm_count, 64, 32);
  cr[KPC_CONV] = bench_class<OpConv>(m.sm_count, 32, 8);
  cr[KPC_CONV64] = bench_class<OpConv64>(m.sm_count, 32, 4);
  cr[KPC_DIV_F32] = bench_class<OpDivF32>(m.sm_count, 8, 2);
  for (int c = 0; c < KPC_NCLASS; c++) {
    m.lat[c] = cr[c].lat;
    m.thr[c] = cr[c].thr;
    fprintf(stderr, "    %-8s latency %7.2f cycles, throughput %7.2f /clock/SM\n",
            kpc_class_names[c], m.lat[c], m.thr[c]);
  }

  // shared memory
  fprintf(stderr, "  shared memory...\n");
  m.smem_lat = cycles_median(4096, smem_chase, 32, 33);
  for (int d = 1; d <= 32; d++) m.bank_cycles[d] = cycles_median(1024, smem_conflict, 32, d);
  m.sync_cycles = cycles_median(1024, sync_kernel, 256);
  fprintf(stderr, "    latency %.2f, 32-way %.2f, __syncthreads %.2f cycles\n", m.smem_lat,
          m.bank_cycles[32], m.sync_cycles);

  // global memory latency
  fprintf(stderr, "  memory latency...\n");
  m.l1_lat = chase_latency<0>(8 << 10, 128, false, true, 4096);
  if (l2 > 0) {
    m.l2_lat = chase_latency<1>((size_t)l2 / 4, 128, false, true, 8192);
    m.dram_lat = chase_latency<1>((size_t)l2 * 8, 4096, true, false, 4096);
  } else {
    m.dram_lat = chase_latency<1>((size_t)256 << 20, 4096, true, false, 4096);
  }
  fprintf(stderr, "    L1 %.1f, L2 %.1f, DRAM %.1f cycles\n", m.l1_lat, m.l2_lat, m.dram_lat);

  // bandwidth
  fprintf(stderr, "  bandwidth...\n");
  {
    size_t bytes = std::max((size_t)l2 * 8, (size_t)256 << 20);
    bytes = std::min(bytes, (size_t)(p.totalGlobalMem / 4));
    size_t n4 = bytes / sizeof(float4);
    float4 *a, *b;
    float *sink;
    CK(cudaMalloc(&a, n4 * sizeof(float4)));
    CK(cudaMalloc(&b, n4 * sizeof(float4)));
    CK(cudaMalloc(&sink, (size_t)m.sm_count * 8 * 1024 * sizeof(float)));
    fill_kernel<<<1024, 256>>>((float *)a, n4 * 4);
    int grid = m.sm_count * 8;
    double ms = time_ms([&] { copy4<<<grid, 256>>>(a, b, n4); });
    m.dram_bw_gbs = 2.0 * n4 * sizeof(float4) / (ms * 1e-3) / 1e9;
    if (l2 > 0) {
      size_t l2n4 = (size_t)l2 / 2 / sizeof(float4);
      int passes = 20;
      ms = time_ms([&] { read4<<<grid, 1024>>>(a, sink, l2n4, passes); });
      m.l2_bw_gbs = (double)passes * l2n4 * sizeof(float4) / (ms * 1e-3) / 1e9;
    }
    fprintf(stderr, "    DRAM %.0f GB/s, L2 %.0f GB/s\n", m.dram_bw_gbs, m.l2_bw_gbs);

    // uncoalesced access by stride (seed 004): n threads read in[i * stride]
    int n = 1 << 22;
    size_t need = (size_t)n * 32 * sizeof(float);
    if (need <= n4 * sizeof(float4)) {
      for (int s = 1; s <= 32; s++) {
        ms = time_ms([&] { strided_read<<<(n + 255) / 256, 256>>>((const float *)a, (float *)b, n, s); });
        m.stride_gbs[s] = (double)n * sizeof(float) / (ms * 1e-3) / 1e9;
      }
      fprintf(stderr, "    stride 1: %.0f GB/s, stride 32: %.0f GB/s\n", m.stride_gbs[1],
              m.stride_gbs[32]);
    }
    CK(cudaFree(a));
    CK(cudaFree(b));
    CK(cudaFree(sink));
  }

  // launch overhead (seed 000): empty kernel, t = x1 * grid + x0 per block size
  fprintf(stderr, "  launch overhead...\n");
  {
    const int warps[] = {1, 2, 4, 8, 16, 32};
    const int grids[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
    const int ng = sizeof grids / sizeof grids[0];
    int saved = g_reps;
    g_reps = std::max(g_reps, 21);
    for (int wi = 0; wi < 6; wi++) {
      double x[ng], y[ng];
      for (int gi = 0; gi < ng; gi++) {
        x[gi] = grids[gi];
        y[gi] = 1e3 * time_ms([&] { empty_kernel<<<grids[gi], warps[wi] * 32>>>(); });
      }
      kpc_launch_fit *f = &m.launch[wi];
      f->warps = warps[wi];
      if (kpc_linfit(x, y, ng, &f->x1_us, &f->x0_us, &f->r2) != 0) f->warps = 0;
      else
        fprintf(stderr, "    %2d warps: t = %.5f us * grid + %.3f us (r2 %.3f)\n", warps[wi],
                f->x1_us, f->x0_us, f->r2);
    }
    g_reps = saved;
  }

  char err[256];
  if (raw_path) {
    FILE *f = fopen(raw_path, "w");
    if (!f || kpc_write_raw(f, &m) != 0 || fclose(f) != 0) {
      fprintf(stderr, "kperf-calibrate: cannot write '%s'\n", raw_path);
      return 1;
    }
  }
  FILE *out = out_path ? fopen(out_path, "w") : stdout;
  if (!out) {
    fprintf(stderr, "kperf-calibrate: cannot write '%s'\n", out_path);
    return 1;
  }
  if (kpc_write_sql(out, &m, err, sizeof err) != 0) {
    fprintf(stderr, "kperf-calibrate: %s\n", err);
    return 1;
  }
  if (out_path && fclose(out) != 0) {
    fprintf(stderr, "kperf-calibrate: cannot write '%s'\n", out_path);
    return 1;
  }
  return 0;
}
