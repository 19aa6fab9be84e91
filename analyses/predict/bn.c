/* The bottleneck model ("bn"): kernel time = launch + sum over waves of the
 * time of the busiest resource (docs/models.md, "bn").
 *
 * A wave puts `bsm` blocks on the busiest SM.  Each resource has a time for
 * the wave, in SM clock cycles:
 *   - a pipe per instruction kind (fp32, fp64, fp16, int, int.mul, sfu, conv,
 *     ...): the SM's warps x instructions of that kind per thread (as a
 *     compiler emits them, kp_counts.emitted) x the pipe's cycles per warp
 *     instruction (the GPU's throughput table) / the SM's sub-partitions;
 *   - issue: every warp instruction takes its sub-partition's scheduler for
 *     one cycle, or, on a math pipe the scheduler feeds itself (FP32, FP64,
 *     FP16, integer), for as many cycles as that pipe needs for the warp (2
 *     on a 16-lane pipe): those pipes do not overlap each other, except where
 *     the SM has integer lanes of its own (see held_slots).  Measured:
 *     pnpoly's integer-bound rows (rho 0.76-0.77 -> 0.83-0.85), and the
 *     held-out dedispersion kernel on the A100 (median APE 9.4 -> 2.8 %);
 *     holding the scheduler for the special-function and conversion pipes
 *     too predicted dedispersion, bound by conversions, 2x too slow; a
 *     scheduler fills BN_ISSUE_ACTIVE of its cycles when issue binds;
 *   - shared memory: one pass (wavefront) per warp instruction, one more per
 *     extra way of a bank conflict, one pass per cycle per SM;
 *   - the load/store units: every shared, global and local memory
 *     instruction of a warp occupies them 32 / lanes cycles (16 lanes per
 *     SM on Turing and GA10x: 2 cycles);
 *   - L2: every global byte (uncoalesced requests move whole sectors) and
 *     the register spills L1 does not serve, and DRAM: the launch's distinct
 *     bytes (its footprint, when kperf can bound it) plus the spills no
 *     cache holds, shared by the waves in proportion to their blocks, at the
 *     GPU's bandwidths;
 *   - latency: a wave cannot be faster than its slowest warp: the larger of
 *     one thread's critical path (model 000's time(thread) at base
 *     latencies) and its instructions' latencies over the instructions a
 *     warp keeps in flight (BN_WARP_ILP), less the global loads of runtime
 *     loops (issued a group of unrolled iterations ahead of their use).
 * Blocks and warps that exit at the kernel's bounds checks do little: every
 * resource but DRAM's footprint is charged for the work the launch's warps
 * do (kp_predict_input.live_warps, kperf/active.h). 
 *   - fp32+ld/st: the FP32 pipe's time plus the load/store units'.
 *     Measured, not documented by the vendor: on every public NVIDIA
 *     convolution dataset (Turing, GA10x, GA100) the two add up rather than
 *     overlap, and the held-out dedispersion kernel agrees; the extra passes
 *     of bank conflicts do overlap FP32 (docs/models.md, "bn").
 * The other pipes of an SM run in parallel, so the wave takes the largest of
 * these (not their sum), combined with the latency as a p-norm (see
 * latency_overlap).  The prediction names the limit and the runner-up
 * with the ratio of their times. */
#include "kperf/predict.h"
#include "bn.h"
#include "kperf/count.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum {
  R_FP32 = 0, R_FP64, R_FP16, R_INT, R_INT_MUL, R_SFU, R_CONV, R_ISSUE, R_SHARED, R_LDST,
  R_FP32_LDST, R_L2, R_LLC, R_DRAM, R_DISPATCH, R_LATENCY, R_COUNT
};
static const char *const rname[R_COUNT] = {"fp32", "fp64", "fp16", "int", "int.mul", "sfu",
                                           "conv", "issue", "shared", "ld/st", "fp32+ld/st",
                                           "l2", "llc", "dram", "dispatch", "latency"};
/* The JSON names of the resources' cycles (the row's fields). */
static const char *const rfield[R_COUNT] = {
    "bn_fp32_cycles",  "bn_fp64_cycles",   "bn_fp16_cycles", "bn_int_cycles", "bn_int_mul_cycles",
    "bn_sfu_cycles",   "bn_conv_cycles",   "bn_issue_cycles", "bn_shared_cycles", "bn_ldst_cycles",
    "bn_fp32_ldst_cycles", "bn_l2_cycles", "bn_llc_cycles",   "bn_dram_cycles",
    "bn_dispatch_cycles", "bn_latency_cycles"};
_Static_assert((int)R_COUNT == (int)KP_BN_RESOURCES, "kp_bn_detail.bn_cycles holds every resource");

static int fields(const kp_prediction *p, kp_model_field *f) {
  const kp_bn_detail *own = kp_cdetail_bn(p);
  int n = 0;
  for (int r = 0; r < R_COUNT; r++)
    if (own->bn_cycles[r] > 0)
      f[n++] = (kp_model_field){rfield[r], own->bn_cycles[r]};
  return n;
}

/* The pipe of an instruction class; -1 when it only takes an issue slot
 * (memory instructions are charged by their level, barriers by latency). */
static int pipe_of(int c) {
  switch (c) {
  case KP_I_FP32: return R_FP32;
  case KP_I_FP64: return R_FP64;
  case KP_I_FP16: return R_FP16;
  case KP_I_INT: case KP_I_INT64: case KP_I_CMP: case KP_I_ADDR: case KP_I_BRANCH:
    return R_INT;
  case KP_I_INT_MUL: case KP_I_INT_DIV: return R_INT_MUL;
  case KP_I_SFU: case KP_I_FP_DIV: return R_SFU; /* divisions: see BN_FP_DIV_FMAS */
  case KP_I_CONV: return R_CONV;
  default: return -1;
  }
}

/* The cycles a warp instruction of class c holds its sub-partition's
 * scheduler: as many as its pipe needs to take the warp's 32 lanes (2 on a
 * 16-lane pipe) for the math pipes the scheduler feeds itself (FP32, FP64,
 * FP16, integer), one for everything it hands to a queue (memory, special
 * functions, conversions: the MIO).  Measured, not documented: see the
 * comment at the top.  Where the integer lanes are an SM's own (`int_own`:
 * Volta, Turing, GA100, Hopper), the scheduler issues integer and FP32
 * instructions in alternate cycles and each of them takes one slot (FP64
 * and FP16 still hold it); each pipe's own time still bounds the wave.
 * Measured: pnpoly on the RTX 2080 Ti (held out, 150 configurations): median
 * APE 28.7 -> 21.7 %, rho 0.82 -> 0.96; the A100's dedispersion 7.7 -> 4.4 %,
 * rho 0.50 -> 0.46. */
static double held_slots(const kp_gpu *gpu, const kp_model_facts *f, int c) {
  int p = pipe_of(c);
  if (p < 0 || p == R_SFU || p == R_CONV || !(f->issue[c] > 1))
    return 1;
  if (gpu->per_clock_per_sm[KP_OP_INT_OWN] > 0 && (p == R_FP32 || p == R_INT || p == R_INT_MUL))
    return 1;
  return f->issue[c];
}

/* Divisions are subroutines in the emitted code: a precise f32/f64 division
 * or square root is a reciprocal estimate on the SFU followed by Newton and
 * rounding steps (about 8 FMA-pipe instructions, plus a range check); a
 * 32-bit integer division or remainder is about 20 integer instructions
 * (reciprocal, multiply-high, corrections).  Each counts as that many issue
 * slots and pipe instructions here. */
#define BN_FP_DIV_FMAS 8
#define BN_FP_DIV_ISSUE 10
#define BN_INT_DIV_INSTS 20

/* A warp's instruction stream: it issues an instruction when its operands
 * are ready, and a compiler's schedule keeps about this many independent
 * instructions in flight per warp, so a warp takes at least
 * sum(emitted[c] * latency[c]) / BN_WARP_ILP cycles however idle its SM is
 * (too few warps to hide latency).  One global constant, chosen on one
 * dataset of public measurements (convolution on the RTX 3090, 150
 * configurations; median error without this bound 12.3 %, with 2: 10.4 %,
 * 3: 12.1 %, 4: 10.5 %) and judged on the others (bench/accuracy/README.md). */
#define BN_WARP_ILP 2.0

/* The fraction of cycles a sub-partition's scheduler issues an instruction
 * when issue binds: never all, as its warps wait on dependencies now and then.
 * Measured, one global constant: the median of Nsight Compute's
 * smsp__issue_active over the 3,815 profiled pnpoly configurations of an RTX
 * 2080 Ti published with benchmark_hub (10th-90th percentile 0.69-0.89). */
#define BN_ISSUE_ACTIVE 0.805

/* A wave's busiest throughput resource and its warps' latency do not overlap
 * perfectly: a warp waiting on its critical path leaves issue slots the
 * others cannot always fill.  The wave takes the p-norm of the two,
 * (thr^p + lat^p)^(1/p): their maximum when one dominates, up to 2^(1/p)
 * times it when they are equal.  One global constant, fitted on one dataset
 * of public measurements (convolution on the RTX 2080 Ti, 150
 * configurations; median APE with p = 2, 3, 4: 11.1, 9.7, 10.4 %, refitted
 * when loops unrolled whole took a constant trip count) and judged on the
 * others (bench/accuracy/README.md). */
#define BN_LATENCY_OVERLAP_P 3.0

/* SM cycles L2 takes per atomic to one address: the atomics of all SMs to
 * the same address are applied one after another.
 * Integer: one per clock, NVIDIA's Kepler GK110 whitepaper (2012, "Atomic
 * operation throughput to a common global memory address is improved by 9x
 * to one operation per clock"), kept by every architecture since.
 * Floating point: one global constant, measured on bench/validation's
 * tuning rows: a naive float sum (atomicAdd(out, x[i]) by every thread,
 * cuda-training-series hw5, Nsight Compute's duration on an RTX 3070 at
 * 1725 MHz) takes 3.64 ns per element at 160 K, 8 M and 32 M elements
 * alike.  No public microbenchmark of the floating-point rate was found. */
#define BN_SAME_ADDRESS_INT_ATOMIC_CYCLES 1.0
#define BN_SAME_ADDRESS_FP_ATOMIC_CYCLES 6.3

/* SM cycles a block takes beyond its threads' critical path: its launch on
 * the SM and its retirement (warps set up, the block's exit seen by the
 * scheduler before the next block takes its place).  One global constant,
 * measured on the public gpu-stream runs of bench/validation's tuning part
 * (two blocks of 32 threads per SM, where each wave of blocks is one block's
 * lifetime): the cycles a wave takes beyond the model's critical path were
 * 222 (A100, init), 119 (A100, scale), 137 (H100 PCIe, init), 211 (L40,
 * init), 229 (L40, scale); their median, rounded. */
#define BN_BLOCK_CYCLES 200.0

/* Nanoseconds the GPU takes to hand out one block, whatever its SMs do: the
 * blocks of a launch start one after another from one front end, so a grid
 * of many small blocks cannot run faster than its blocks x this.  One global
 * constant, measured on the public gpu-small-kernels runs of bench/validation's
 * tuning part (te42kyfo/gpu-benches, L40, back-to-back launches of a scale
 * kernel, blocks of 32 vs the fastest block size, grids of 2,000 to 470,000
 * blocks beyond it): 0.484 ns per extra block (median of 29 sizes, 0.002 to
 * 0.515: the smallest where DRAM, not the blocks, binds).  The rate is
 * per GPU, not per SM: the L40 has 142 SMs. */
#define BN_DISPATCH_NS 0.484

static double latency_overlap(double thr, double lat) {
  const double p = BN_LATENCY_OVERLAP_P;
  return pow(pow(fmax(thr, 0), p) + pow(fmax(lat, 0), p), 1.0 / p);
}

static double emitted(const kp_predict_input *in, int c) {
  return isnan(in->emitted[c]) ? in->count[c] : in->emitted[c];
}

typedef struct bn_ctx {
  const kp_predict_input *in;
  const kp_prediction *out;
  double per_warp[R_COUNT]; /* cycles one warp adds to a resource of its SM */
  double dram_bytes, l2_bytes, llc_bytes; /* whole launch */
  double atomic_cycles;                   /* whole launch: same-address atomics at L2 */
  double thread_cycles;
  double dispatch_cycles; /* per block, GPU-wide (0: unknown) */
  int dram_stores_only;   /* the warps load nothing from global memory (see wave_time) */
  double bpc_dram;        /* DRAM's bytes per cycle (dram_bandwidth) */
} bn_ctx;

/* One wave of `blocks` blocks, bsm of them on the busiest SM: the time of
 * each resource into t[], the largest returned. */
static double wave_time(const bn_ctx *c, long long blocks, long long bsm, double t[R_COUNT]) {
  const kp_model_facts *f = &c->out->facts;
  double warps = (double)bsm * f->warps_per_block;
  for (int r = 0; r < R_COUNT; r++)
    t[r] = 0;
  for (int r = R_FP32; r <= R_LDST; r++)
    t[r] = warps * c->per_warp[r];
  /* FP32 work and the load/store units do not overlap (measured: see the
   * comment at the top); charged only when the wave has both, so that a
   * kernel without one of them keeps the other's name for its bound. */
  if (t[R_FP32] > 0 && t[R_LDST] > 0)
    t[R_FP32_LDST] = t[R_FP32] + t[R_LDST];
  double share = (double)blocks / (double)c->in->grid_blocks;
  if (f->bpc_l2 > 0)
    t[R_L2] = c->l2_bytes * share / f->bpc_l2;
  t[R_L2] += c->atomic_cycles * share;
  if (f->bpc_llc > 0)
    t[R_LLC] = c->llc_bytes * share / f->bpc_llc;
  if (c->bpc_dram > 0)
    t[R_DRAM] = c->dram_bytes * share / c->bpc_dram;
  t[R_DISPATCH] = (double)blocks * c->dispatch_cycles;
  t[R_LATENCY] = c->thread_cycles;
  /* Stores leave the warp once L2 has taken them (L2 is write-back): what
   * they write reaches DRAM from L2 while the warps go on.  A wave whose
   * warps load nothing from global memory never waits on DRAM, so DRAM's
   * time and the warps' latency do not slow each other: the wave takes the
   * longer of the two (Little's law: the stores saturate DRAM as soon as
   * enough of them are in flight).  A load waits for DRAM, and its latency
   * grows as DRAM's queue fills, stores' traffic included: then DRAM stays
   * in the p-norm (docs/models.md, "bn", "Stores drain from L2"). */
  double m = 0;
  for (int r = 0; r < R_COUNT; r++)
    if (r != R_LATENCY && !(r == R_DRAM && c->dram_stores_only) && t[r] > m)
      m = t[r];
  double w = latency_overlap(m, t[R_LATENCY]);
  return c->dram_stores_only ? fmax(w, t[R_DRAM]) : w;
}

/* The launch's cycles: its full waves, then the partial last one; the time
 * of each resource summed over them into sum[]. */
static double launch_cycles(const bn_ctx *c, const kp_prediction *out, double sum[R_COUNT]) {
  const kp_model_facts *f = &out->facts;
  long long per_wave = f->blocks_per_wave;
  long long full = c->in->grid_blocks / per_wave, rest = c->in->grid_blocks % per_wave;
  double cycles = 0, t[R_COUNT];
  for (int r = 0; r < R_COUNT; r++)
    sum[r] = 0;
  if (full > 0) {
    cycles += (double)full * wave_time(c, per_wave, out->occ.active_blocks_per_sm, t);
    for (int r = 0; r < R_COUNT; r++)
      sum[r] += (double)full * t[r];
  }
  if (rest > 0) {
    long long bsm = (rest + f->sm_count - 1) / f->sm_count;
    cycles += wave_time(c, rest, bsm, t);
    for (int r = 0; r < R_COUNT; r++)
      sum[r] += t[r];
  }
  /* The last block starts once every other block has been handed out, and
   * then lives its whole life: a launch takes at least its blocks' dispatch
   * plus one block's lifetime (what a launch of one wave of many small
   * blocks measures, docs/models.md, "bn", "Dispatch"). */
  double last = (double)c->in->grid_blocks * c->dispatch_cycles + c->thread_cycles;
  if (c->dispatch_cycles > 0 && last > cycles) {
    sum[R_DISPATCH] = last;
    cycles = last;
  }
  return cycles;
}

/* DRAM's bytes per cycle: what streaming kernels of the launch's kind (no
 * global loads: one store stream; no stores: loads; else a load and a store
 * stream) were measured to reach on this GPU (table dram_achieved, docs/
 * gpu-db.md: te42kyfo/gpu-benches gpu-stream), else the database's
 * bandwidth.  A streaming kernel does not reach the memory's peak: on the
 * A100 40GB, A100 80GB and H100 PCIe its copy kernel reaches 89 %, 85 % and
 * 84 % of it. */
static double dram_bandwidth(const kp_gpu *gpu, const kp_predict_input *in,
                             const kp_model_facts *f, kp_prediction *out) {
  int ld = emitted(in, KP_I_LD_GLOBAL) > 0 || emitted(in, KP_I_ATOMIC) > 0;
  int st = emitted(in, KP_I_ST_GLOBAL) > 0;
  kp_stream_kernel k = !ld ? KP_STREAM_WRITE : !st ? KP_STREAM_READ : KP_STREAM_COPY;
  double gbs = kp_gpu_dram_achieved_gbs(gpu, k);
  if (!(gbs > 0) || !(f->clock_mhz > 0) || !(ld || st))
    return f->bpc_dram;
  kp_prediction_note(out, "DRAM at %.4g GB/s (what a %s stream was measured to reach)", gbs,
                     k == KP_STREAM_WRITE ? "store" : k == KP_STREAM_READ ? "load" : "copy");
  return gbs * 1e3 / f->clock_mhz;
}

/* L1's size; where the database has none, the part of a unified L1 and
 * shared memory that the largest shared-memory carveout leaves. */
static double l1_bytes(const kp_gpu *gpu) {
  double l1 = (double)gpu->mem[KP_MEM_L1].size_bytes;
  if (!(l1 > 0) && gpu->limits.l1_smem_unified_bytes > 0 && gpu->limits.smem_per_sm > 0)
    l1 = (double)(gpu->limits.l1_smem_unified_bytes - gpu->limits.smem_per_sm);
  return l1;
}

/* The L1 an SM's `resident` blocks leave to the cache: a unified L1 gives it
 * what their shared memory leaves (the driver's carveout follows the
 * kernel's need). */
static double l1_bytes_free(const kp_gpu *gpu, const kp_predict_input *in, double resident) {
  double l1_free = l1_bytes(gpu);
  if (gpu->limits.l1_smem_unified_bytes > 0) {
    double smem = resident * (in->smem_bytes > 0 ? (double)in->smem_bytes : 0);
    double left = (double)gpu->limits.l1_smem_unified_bytes - smem;
    if (left > l1_free)
      l1_free = left;
  }
  return l1_free;
}

/* Long: the model's terms in the order docs/models.md gives them (issue and
 * pipes, spills, shared memory, active work, memory traffic and its reuse,
 * latency, stores, the bound); each term reads those before it, and the
 * breakdown the JSON prints is filled as they are computed. */
static int predict(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out) {
  kp_bn_detail *own = kp_detail_bn(out);
  const kp_model_facts *f = &out->facts;
  bn_ctx c;
  memset(&c, 0, sizeof c);
  c.in = in;
  c.out = out;
  /* Measured on NVIDIA GPUs only (BN_DISPATCH_NS). */
  if (strcmp(gpu->vendor, "NVIDIA") == 0 && f->clock_mhz > 0)
    c.dispatch_cycles = BN_DISPATCH_NS * 1e-3 * f->clock_mhz;
  double subs = f->sub_partitions > 0 ? f->sub_partitions : 1;

  /* Pipes and issue slots, per warp.  `slots`: the scheduler's cycles (see
   * held_slots). */
  double slots = 0;
  for (int k = 0; k < KP_I_COUNT; k++) {
    double n = emitted(in, k) + (in->replays[k] > 0 && pipe_of(k) >= 0 ? in->replays[k] : 0);
    if (!(n > 0))
      continue;
    int p = pipe_of(k);
    if (k == KP_I_FP_DIV) {
      slots += n * ((BN_FP_DIV_ISSUE - BN_FP_DIV_FMAS) +
                    BN_FP_DIV_FMAS * held_slots(gpu, f, KP_I_FP32));
      if (f->issue[KP_I_SFU] > 0)
        c.per_warp[R_SFU] += n * f->issue[KP_I_SFU] / subs;
      if (f->issue[KP_I_FP32] > 0)
        c.per_warp[R_FP32] += n * BN_FP_DIV_FMAS * f->issue[KP_I_FP32] / subs;
      continue;
    }
    if (k == KP_I_INT_DIV) {
      slots += n * BN_INT_DIV_INSTS * held_slots(gpu, f, KP_I_INT_MUL);
      if (f->issue[KP_I_INT_MUL] > 0)
        c.per_warp[R_INT_MUL] += n * BN_INT_DIV_INSTS * f->issue[KP_I_INT_MUL] / subs;
      continue;
    }
    slots += emitted(in, k) * held_slots(gpu, f, k);
    if (p >= 0 && f->issue[k] > 0)
      c.per_warp[p] += n * f->issue[k] / subs;
  }
  /* Register spills are local loads and stores of the counts and local
   * bytes already (kp_ptxas_apply). */
  c.per_warp[R_ISSUE] = slots / subs / BN_ISSUE_ACTIVE;
  /* Shared memory: a pass per warp instruction and per extra way; and the
   * load/store units, 32 / lanes cycles per warp memory instruction. */
  double sh_insts = emitted(in, KP_I_LD_SHARED) + emitted(in, KP_I_ST_SHARED);
  double passes = sh_insts;
  if (in->replays[KP_I_LD_SHARED] > 0)
    passes += in->replays[KP_I_LD_SHARED];
  if (in->replays[KP_I_ST_SHARED] > 0)
    passes += in->replays[KP_I_ST_SHARED];
  double lanes = gpu->per_clock_per_sm[KP_OP_LDST];
  if (!(lanes > 0)) {
    lanes = 32;
    if (sh_insts > 0)
      kp_prediction_note(out, "load/store units per SM not in the database: 32 lanes assumed");
  }
  /* A pass takes warp size / the shared-memory lanes cycles (one per clock
   * where the database has no rate: every bank serves a word a clock). */
  double sh_lanes = gpu->per_clock_per_sm[KP_OP_SHARED];
  double wsz = f->warp_size > 0 ? f->warp_size : 32;
  if (sh_lanes > 0 && sh_lanes < wsz)
    passes *= wsz / sh_lanes;
  double mem_insts = sh_insts + emitted(in, KP_I_LD_GLOBAL) + emitted(in, KP_I_ST_GLOBAL) +
                     emitted(in, KP_I_LD_LOCAL) + emitted(in, KP_I_ST_LOCAL) +
                     emitted(in, KP_I_ATOMIC);
  double ldst = mem_insts * wsz / lanes;
  c.per_warp[R_SHARED] = passes;
  c.per_warp[R_LDST] = ldst + (in->l1_extra_cycles > 0 ? in->l1_extra_cycles : 0);

  /* Active work: blocks and warps that exit at the kernel's bounds checks
   * do little; the pipes and traffic are charged for the work the launch's
   * warps do, the latency for the blocks in which some warp works. */
  double live = isfinite(in->live_warps) && in->live_warps >= 0 && in->live_warps < 1
                    ? in->live_warps : 1;
  double live_blocks = isfinite(in->live_blocks) && in->live_blocks >= 0 && in->live_blocks < 1
                           ? in->live_blocks : 1;
  for (int r = R_FP32; r <= R_LDST; r++)
    c.per_warp[r] *= live;
  /* A warp that does no work still issues its index arithmetic and checks. */
  if (live < 1 && in->live_prologue > 0) {
    double idle = (1 - live) * in->live_prologue;
    c.per_warp[R_ISSUE] += idle / subs;
    if (f->issue[KP_I_INT] > 0)
      c.per_warp[R_INT] += idle * f->issue[KP_I_INT] / subs;
  }

  /* Memory traffic of the whole launch, of the threads that work; the
   * global bytes include the spills' local traffic (kp_ptxas_apply), whose
   * share no cache holds reaches DRAM whatever the arrays' footprint. */
  double threads = (double)in->grid_blocks * in->block_threads * live;
  double spills = in->spill_bytes > 0 ? in->spill_bytes * threads : 0;
  /* A thread re-reads the stack it wrote.  L1 holds the stacks of its SM's
   * resident threads in what their shared memory leaves of it, or a share
   * of them: it serves that share of the spills (a reload comes at any
   * distance from its store), at its latency, and they never reach L2.  The
   * rest goes to the smallest cache that holds a wave's stacks together (L2,
   * else a last-level cache such as AMD's Infinity Cache), at its latency
   * and bandwidth; only stacks no cache holds make DRAM traffic.  A wave's
   * stacks larger than L2 are not served in part: L2 also carries the
   * launch's global traffic.  Measured: docs/models.md, "bn". */
  double resident = f->sm_count > 0 ? (double)f->blocks_per_wave / f->sm_count : 0;
  double l1_free = l1_bytes_free(gpu, in, resident);
  double stack_sm = in->stack_bytes * in->block_threads * resident;
  double stack_wave = in->stack_bytes * in->block_threads * (double)f->blocks_per_wave;
  const struct {
    const char *name, *whose;
    double size, lat, set;
    int partial; /* serves the share of the stacks it holds, else all or none */
  } level[3] = {
      {"L1", "an SM's", l1_free, f->lat_l1, stack_sm, 1},
      {"L2", "a wave's", (double)gpu->mem[KP_MEM_L2].size_bytes, f->lat_l2, stack_wave, 0},
      {"the last-level cache", "a wave's", (double)gpu->mem[KP_MEM_LLC].size_bytes, f->lat_llc,
       stack_wave, 0}};
  double spill_share[3] = {0, 0, 0}, spill_left = 1, spill_lat = 0;
  char served[160] = "";
  for (int i = 0; i < 3 && spills > 0 && in->stack_bytes > 0 && spill_left > 0; i++) {
    if (!(level[i].size > 0) || !(level[i].lat > 0) || !(level[i].set > 0))
      continue;
    if (level[i].partial)
      spill_share[i] = spill_left * fmin(1, level[i].size / level[i].set);
    else if (level[i].set <= level[i].size)
      spill_share[i] = spill_left;
    if (!(spill_share[i] > 0))
      continue;
    spill_left -= spill_share[i];
    spill_lat += spill_share[i] * level[i].lat;
    size_t n = strlen(served);
    snprintf(served + n, sizeof served - n, "%s%s %.0f%% (%s stacks: %.3g MB)", n ? ", " : "",
             level[i].name, 100 * spill_share[i], level[i].whose, level[i].set / 1e6);
  }
  if (served[0])
    kp_prediction_note(out, "spills served by %s", served);
  double global = f->global_bytes * threads - spills;
  if (global < 0)
    global = 0;
  c.l2_bytes = global + spills * (1 - spill_share[0]);
  /* Loads every thread makes at the same addresses hit in L1 once each SM
   * has fetched their span (when it fits in L1). */
  double uniform = in->uniform_bytes > 0 ? in->uniform_bytes * threads : 0;
  double l1 = l1_bytes(gpu);
  if (uniform > 0 && uniform <= global && in->uniform_span > 0 && l1 > 0 &&
      in->uniform_span <= l1) {
    double fetched = in->uniform_span * f->sm_count;
    if (fetched < uniform) {
      c.l2_bytes -= uniform - fetched;
      kp_prediction_note(out, "loads at the same addresses for every thread (%.3g KB) hit in L1",
                         in->uniform_span / 1e3);
    }
  }
  /* Sectors an uncoalesced request moves that the same lanes read in their
   * loop's next iterations: L1 serves them (loads) when every resident
   * warp's share fits in it, else L2 (they never reach DRAM again while the
   * GPU's resident warps' shares fit in L2; stores always merge in L2). */
  double uncoal = f->uncoal_bytes;
  double reused = in->uncoal_reused_bytes > 0 && in->reuse_set_bytes > 0
                      ? fmin(in->uncoal_reused_bytes, uncoal) : 0;
  if (reused > 0) {
    double set = resident * f->warps_per_block * in->reuse_set_bytes; /* per SM */
    double l2 = (double)gpu->mem[KP_MEM_L2].size_bytes;
    const char *level = NULL;
    if (l1_free > 0 && set <= l1_free) {
      /* Stores write through L1: theirs reach L2, which merges them. */
      double st = in->uncoal_reused_st_bytes > 0 ? fmin(in->uncoal_reused_st_bytes, reused) : 0;
      c.l2_bytes -= (reused - st) * threads;
      level = "L1";
    } else if (l2 > 0 && set * f->sm_count <= l2) {
      level = "L2";
    }
    if (level) {
      uncoal -= reused;
      kp_prediction_note(out, "an uncoalesced request's sectors are used again (the lanes' next "
                              "elements, or the thread's accesses to neighbouring bytes of the "
                              "array): %s serves %.0f%% of the excess (%.3g KB per SM kept)",
                         level, 100 * reused / f->uncoal_bytes, set / 1e3);
    }
  }
  /* Loads whose sectors another access to the array moved a moment before
   * (a stencil's shifted loads, a record's fields) hit in L1 where L1 caches
   * global loads: NVIDIA from Volta (CC 7.0) on, AMD's vector L1. */
  if (in->sibling_l1_bytes > 0 && (gpu->cc_major >= 7 || strcmp(gpu->vendor, "AMD") == 0)) {
    double hit = in->sibling_l1_bytes * threads;
    c.l2_bytes = c.l2_bytes > hit ? c.l2_bytes - hit : 0;
    kp_prediction_note(out, "loads of sectors another access to the array moved hit in L1 "
                            "(%.3g bytes per thread)", in->sibling_l1_bytes);
  }
  if (in->same_address_atomics > 0) {
    double per = (double)in->grid_blocks * in->block_threads;
    double fp = in->same_address_atomics_fp < in->same_address_atomics
                    ? in->same_address_atomics_fp
                    : in->same_address_atomics;
    double n = in->same_address_atomics * per, nfp = fp * per;
    c.atomic_cycles =
        (n - nfp) * BN_SAME_ADDRESS_INT_ATOMIC_CYCLES + nfp * BN_SAME_ADDRESS_FP_ATOMIC_CYCLES;
    kp_prediction_note(out, "%.3g atomics to one address, applied one after another at L2 "
                            "(%.3g cycles each on integers, %.3g on floating point)",
                       n, BN_SAME_ADDRESS_INT_ATOMIC_CYCLES, BN_SAME_ADDRESS_FP_ATOMIC_CYCLES);
  }
  c.dram_bytes = global;
  if (in->footprint_bytes >= 0 && in->footprint_bytes < global)
    c.dram_bytes = in->footprint_bytes + uncoal * threads;
  if (c.dram_bytes > global)
    c.dram_bytes = global;
  c.dram_bytes += spills * spill_left;
  if (spill_share[2] > 0)
    c.llc_bytes = spills * (spill_share[2] + spill_left);

  /* Latency: the main thread's critical path and its barriers; spills a
   * cache holds cost that cache's latency. */
  double lat[KP_I_COUNT];
  memcpy(lat, f->lat, sizeof lat);
  /* A global store is done for its warp when L2 has taken it: L2 is a
   * write-back cache, and the write reaches DRAM later, off the warp's path.
   * Measured on the public gpu-stream runs of bench/validation (two blocks
   * of 32 threads per SM, tuning GPUs A100 and L40): a block that only
   * stores (init) lives 490 and 562 cycles, one that loads and stores
   * (scale, triad) 1,030-1,114 and 1,110 cycles: the store adds about L2's
   * latency (221 and 277 cycles) to a load's DRAM latency, not DRAM's. */
  int store_l2 = f->lat_l2 > 0 && lat[KP_I_ST_GLOBAL] > f->lat_l2;
  if (store_l2)
    lat[KP_I_ST_GLOBAL] = f->lat_l2;
  int spills_cached = spill_left < 1;
  if (spills_cached) {
    /* the rest at DRAM's latency; none left: whatever DRAM's is (NaN unknown) */
    static const int local[2] = {KP_I_LD_LOCAL, KP_I_ST_LOCAL};
    for (int i = 0; i < 2; i++)
      lat[local[i]] = spill_lat + (spill_left > 0 ? spill_left * lat[local[i]] : 0);
  }
  c.thread_cycles = out->thread_cycles;
  if (!in->thread_time && in->kernel) {
    double tt, td;
    if (kp_thread_time_ex(in->kernel, lat, f->issue, in->bindings, in->nbindings, 1, &tt, &td))
      c.thread_cycles = tt;
  } else if ((spills_cached || store_l2) && !in->thread_time) {
    double tt, td; /* the sum of the instructions' latencies, the spills' included */
    if (kp_predict_thread_time(in, lat, f->issue, &tt, &td))
      c.thread_cycles = tt;
  }
  if (c.thread_cycles >= 0) {
    double serial = 0;
    for (int k = 0; k < KP_I_COUNT; k++) {
      double n = emitted(in, k);
      /* The global loads of a runtime loop are issued a group of unrolled
       * iterations ahead of their uses: their latency is on the critical
       * path (which overlaps the group), not in this in-flight bound.
       * Loads of straight-line code and fully unrolled loops stay in it. */
      if (k == KP_I_LD_GLOBAL && in->runtime_loop_loads > 0)
        n -= n < in->runtime_loop_loads ? n : in->runtime_loop_loads;
      if (n > 0 && lat[k] > 0)
        serial += n * lat[k];
    }
    serial /= BN_WARP_ILP;
    if (serial > c.thread_cycles)
      c.thread_cycles = serial;
  }
  c.thread_cycles *= live_blocks;
  /* Every block of a wave is launched and retired, whether it works or not. */
  if (c.thread_cycles >= 0)
    c.thread_cycles += BN_BLOCK_CYCLES;
  if (live < 1)
    kp_prediction_note(out, "active work: the launch's warps do %.3g%% of the work of its "
                       "first thread's (bounds checks), in %.3g%% of its blocks",
                       100 * live, 100 * live_blocks);
  if (!(c.thread_cycles >= 0)) {
    out->exec_cycles = NAN;
    out->bound = "unknown";
    return 0;
  }

  /* Atomics return data, as loads do; spills are reloaded. */
  c.dram_stores_only = emitted(in, KP_I_ST_GLOBAL) > 0 && !(emitted(in, KP_I_LD_GLOBAL) > 0) &&
                       !(emitted(in, KP_I_ATOMIC) > 0) && !(emitted(in, KP_I_LD_LOCAL) > 0);
  c.bpc_dram = dram_bandwidth(gpu, in, f, out);
  double sum[R_COUNT];
  double cycles = launch_cycles(&c, out, sum);
  /* Back-to-back launches over the same arrays: when the launch's distinct
   * bytes fit in L2, the launch before it left them there, and only spills
   * no cache holds reach DRAM (the stream timing, kp_prediction_timings). */
  out->warm_cycles = cycles;
  /* The floors were measured with kernels whose one wave of blocks loads
   * and stores an element each (docs/gpu-db.md, "launch_floor"): a block's
   * launch and retirement, DRAM's latency and L2's (the store). */
  out->floor_exec_cycles = BN_BLOCK_CYCLES + f->lat_dram + f->lat_l2;
  double l2_size = (double)gpu->mem[KP_MEM_L2].size_bytes;
  double data_dram = c.dram_bytes - spills * spill_left;
  if (in->footprint_bytes >= 0 && data_dram > 0 && l2_size > 0 && data_dram <= l2_size) {
    double warm_sum[R_COUNT];
    bn_ctx warm = c;
    warm.dram_bytes = spills * spill_left;
    out->warm_cycles = launch_cycles(&warm, out, warm_sum);
  }
  int b1 = -1, b2 = -1;
  for (int r = 0; r < R_COUNT; r++) {
    if (b1 < 0 || sum[r] > sum[b1]) {
      b2 = b1;
      b1 = r;
    } else if (b2 < 0 || sum[r] > sum[b2]) {
      b2 = r;
    }
  }
  for (int r = 0; r < R_COUNT; r++)
    own->bn_cycles[r] = sum[r];
  out->exec_cycles = cycles;
  out->bound = b1 >= 0 && sum[b1] > 0 ? rname[b1] : "unknown";
  out->bound2 = b2 >= 0 && sum[b2] > 0 ? rname[b2] : "";
  out->bound2_ratio = b2 >= 0 && sum[b1] > 0 ? sum[b2] / sum[b1] : 0;
  if (in->footprint_bytes >= 0)
    kp_prediction_note(out, "DRAM traffic from the arrays' footprint (%.3g MB of %.3g MB moved)",
                       c.dram_bytes / 1e6, c.l2_bytes / 1e6);
  return 0;
}

const kp_model_def kp_model_def_bn = {"bn", "bottleneck: the busiest pipe, memory level or latency per wave", predict, fields, NULL};
