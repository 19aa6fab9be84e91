/* Occupancy calculator: resident blocks per SM and what limits them.
 *
 * CC >= 3.0: the rules of NVIDIA's cuda_occupancy.h (CUDA 13), with every
 * number taken from the GPU database (kp_cc_limits):
 *   - warps:     max_threads_per_sm / warp_size / warps per block (halved per
 *                SM partition when partitioned global caching stays on);
 *   - registers: registers per warp rounded up to reg_alloc_unit, allocated
 *                per sub-partition; the per-block check assumes the warps
 *                rounded up to a multiple of the sub-partitions;
 *   - shared:    (static + dynamic + smem_reserved_per_block) rounded up to
 *                smem_alloc_unit, against the shared memory the carveout
 *                gives, snapped to the supported carveout sizes;
 *   - blocks:    max_blocks_per_sm;
 *   - barriers:  barriers_per_sm / barriers per block, where known (CC >= 9).
 * CC 1.x/2.x: the CUDA Occupancy Calculator spreadsheet (register allocation
 * per block on 1.x, per warp on 2.x, warp allocation granularity).
 * AMD (limits of an ISA): the rules of LLVM's AMDGPU backend (IsaInfo in
 * AMDGPUBaseInfo.cpp), an "SM" being a CU (a WGP on RDNA) of sub_partitions
 * SIMDs; see occupancy_amd.
 */
#include "kperf/occupancy.h"
#include "kperf/errmsg.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int div_up(int x, int y) { return (x + (y - 1)) / y; }
static int round_up(int x, int y) { return y * div_up(x, y); }
static int imin(int a, int b) { return a < b ? a : b; }

/* Fills the result from each resource's own block limit: the answer is the
 * smallest, and the limiters are the resources whose limit equals it. */
static int finish(kp_occ_result *r, int lim_warps, int lim_regs, int lim_smem, int lim_blocks,
                  int lim_bars, int warps_per_block, int partitioned_gc) {
  int blocks = imin(imin(lim_regs, lim_smem), imin(imin(lim_warps, lim_blocks), lim_bars));
  unsigned bits = 0;
  if (blocks == lim_warps) bits |= KP_OCC_LIMIT_WARPS;
  if (blocks == lim_regs) bits |= KP_OCC_LIMIT_REGISTERS;
  if (blocks == lim_smem) bits |= KP_OCC_LIMIT_SHARED_MEMORY;
  if (blocks == lim_blocks) bits |= KP_OCC_LIMIT_BLOCKS;
  if (blocks == lim_bars) bits |= KP_OCC_LIMIT_BARRIERS;
  r->limit_warps = lim_warps;
  r->limit_registers = lim_regs;
  r->limit_shared_memory = lim_smem;
  r->limit_blocks = lim_blocks;
  r->limit_barriers = lim_bars;
  r->limiters = bits;
  r->active_blocks_per_sm = blocks;
  r->active_warps_per_sm = blocks * warps_per_block;
  r->partitioned_gc = partitioned_gc;
  return 0;
}


static void note(kp_occ_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void note(kp_occ_result *r, const char *fmt, ...) {
  if (r->note[0])
    return; /* keep the first reason */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->note, sizeof r->note, fmt, ap);
  va_end(ap);
}

void kp_occ_input_init(kp_occ_input *in) {
  memset(in, 0, sizeof *in);
  in->carveout_percent = -1;
  in->barriers = 1;
  in->partitioned_gc = KP_OCC_GC_OFF;
}

const char *kp_occ_limiter_name(unsigned bit) {
  switch (bit) {
  case KP_OCC_LIMIT_WARPS: return "warps";
  case KP_OCC_LIMIT_REGISTERS: return "registers";
  case KP_OCC_LIMIT_SHARED_MEMORY: return "shared_memory";
  case KP_OCC_LIMIT_BLOCKS: return "blocks";
  case KP_OCC_LIMIT_BARRIERS: return "barriers";
  default: return "none";
  }
}

/* Smallest supported carveout (bytes) that holds size; -1 when none does. */
static long long snap_carveout(const kp_cc_limits *lim, long long size) {
  for (int i = 0; i < lim->n_carveouts; i++) {
    long long c = (long long)lim->carveouts_kb[i] * 1024;
    if (size == 0 ? c == 0 : size <= c)
      return c;
  }
  if (size == 0 && lim->n_carveouts > 0)
    return (long long)lim->carveouts_kb[0] * 1024; /* no 0 KB option: the smallest */
  return -1;
}

/* Whether a block of in->block_threads is allowed; a note when not. */
static int block_fits(const kp_cc_limits *lim, const kp_occ_input *in, kp_occ_result *r) {
  if (in->block_threads <= lim->max_threads_per_block)
    return 1;
  note(r, "block of %d threads exceeds the limit of %d threads per block", in->block_threads,
       lim->max_threads_per_block);
  return 0;
}

/* Registers, CC >= 3 (cudaOccMaxBlocksPerSMRegsLimit). */
static int regs_limit(const kp_cc_limits *lim, int sub_partitions, const kp_occ_input *in,
                      kp_occ_gc *gc, int *regs_per_block) {
  int warps_per_block = div_up(in->block_threads, lim->warp_size);
  int regs_per_warp = in->regs_per_thread * lim->warp_size;
  int alloc_per_warp = round_up(regs_per_warp, lim->reg_alloc_unit);
  int alloc_per_block = alloc_per_warp * warps_per_block;
  /* The hardware's per-block check counts warps rounded up to the sub-partitions. */
  int assumed_per_block = alloc_per_warp * round_up(warps_per_block, sub_partitions);
  *regs_per_block = alloc_per_block;
  if (lim->regs_per_block < assumed_per_block || lim->regs_per_block < alloc_per_block ||
      in->regs_per_thread > lim->max_regs_per_thread)
    return 0;
  if (alloc_per_warp <= 0)
    return INT_MAX;
  int warps_per_sub = (lim->regs_per_sm / sub_partitions) / alloc_per_warp;
  int blocks = 0;
  if (*gc != KP_OCC_GC_OFF) {
    /* A block is confined to half the SM: half the sub-partitions. */
    int warps_per_half = warps_per_sub * (sub_partitions / 2);
    blocks = (warps_per_half / warps_per_block) * 2;
  }
  if (blocks == 0 && *gc != KP_OCC_GC_ON_STRICT) {
    *gc = KP_OCC_GC_OFF; /* the driver turns caching off when the block does not fit */
    blocks = (warps_per_sub * sub_partitions) / warps_per_block;
  }
  return blocks;
}

/* Shared memory per SM the carveout preference gives (cudaOccSMemPerMultiprocessor). */
static long long smem_preference(const kp_cc_limits *lim, const kp_occ_input *in) {
  if (lim->n_carveouts == 0)
    return lim->smem_per_sm; /* fixed split (or the default, largest, split of CC 3.x) */
  long long want = in->carveout_percent < 0
                       ? lim->smem_per_sm
                       : (long long)in->carveout_percent * lim->smem_per_sm / 100;
  return snap_carveout(lim, want);
}

static int occupancy_modern(const kp_cc_limits *lim, const kp_occ_input *in, kp_occ_result *r,
                            char *err, size_t errlen) {
  kp_occ_gc gc = lim->partitioned_gc ? in->partitioned_gc : KP_OCC_GC_OFF;
  int warps_per_block = div_up(in->block_threads, lim->warp_size);

  /* Registers. */
  int lim_regs = regs_limit(lim, lim->sub_partitions, in, &gc, &r->regs_per_block);
  if (lim->cc_major == 6 && lim->cc_minor == 0 && lim_regs) {
    /* cuda_occupancy.h: a GP100 (2 sub-partitions) runs nothing that a GP10x
     * (4 sub-partitions) could not run. */
    kp_occ_gc gc10x = gc;
    int unused;
    if (regs_limit(lim, 4, in, &gc10x, &unused) == 0)
      lim_regs = 0;
  }
  if (lim_regs == 0) {
    if (in->regs_per_thread > lim->max_regs_per_thread)
      note(r, "%d registers per thread exceed the limit of %d", in->regs_per_thread,
           lim->max_regs_per_thread);
    else
      note(r, "a block needs %d registers (allocated per warp), more than the %d a block may use",
           r->regs_per_block, lim->regs_per_block);
  }

  /* Warps. */
  int lim_warps;
  if (!block_fits(lim, in, r)) {
    lim_warps = 0;
  } else {
    int max_warps = lim->max_threads_per_sm / lim->warp_size;
    if (gc != KP_OCC_GC_OFF)
      lim_warps = ((max_warps / 2) / warps_per_block) * 2;
    else
      lim_warps = max_warps / warps_per_block;
  }

  /* Blocks. */
  int lim_blocks = lim->max_blocks_per_sm;

  /* Shared memory (cudaOccMaxBlocksPerSMSmemLimit). */
  long long pref = smem_preference(lim, in);
  if (pref < 0)
    return kp__err(err, errlen, "no supported shared-memory carveout for %d%% on CC %d.%d",
                   in->carveout_percent, lim->cc_major, lim->cc_minor);
  long long reserved = lim->smem_reserved_per_block > 0 ? lim->smem_reserved_per_block : 0;
  long long total = in->smem_bytes + reserved;
  if (total > INT_MAX - lim->smem_alloc_unit)
    total = INT_MAX - lim->smem_alloc_unit;
  long long allocated = round_up((int)total, (int)lim->smem_alloc_unit);
  long long max_dynamic = in->smem_optin ? lim->smem_per_block_optin : lim->smem_per_block;
  long long max_usage = reserved + max_dynamic;
  long long per_block_limit = lim->smem_per_block;
  if (lim->cc_major >= 7 && max_usage > lim->smem_per_block)
    per_block_limit = lim->smem_per_block_optin;
  if (lim->cc_major >= 8)
    per_block_limit += reserved;
  r->smem_per_block = allocated;
  int lim_smem;
  if (in->smem_bytes > max_dynamic || allocated > per_block_limit) {
    lim_smem = 0;
    r->smem_per_sm = pref;
    if (in->smem_bytes > max_dynamic && !in->smem_optin && max_dynamic < lim->smem_per_block_optin)
      note(r, "%lld bytes of shared memory exceed the %lld-byte default per-block limit "
              "(the kernel must opt in to up to %lld)",
           in->smem_bytes, max_dynamic, lim->smem_per_block_optin);
    else
      note(r, "%lld bytes of shared memory exceed the %lld-byte per-block limit", in->smem_bytes,
           max_dynamic < per_block_limit - reserved ? max_dynamic : per_block_limit - reserved);
  } else {
    long long per_sm;
    if (pref >= allocated) {
      per_sm = pref;
    } else if (lim->cc_major >= 7) {
      per_sm = snap_carveout(lim, allocated); /* the driver grows the carveout */
      if (per_sm < 0)
        return kp__err(err, errlen, "no supported shared-memory carveout holds %lld bytes on CC %d.%d",
                       allocated, lim->cc_major, lim->cc_minor);
    } else {
      per_sm = lim->smem_per_sm;
    }
    r->smem_per_sm = per_sm;
    lim_smem = allocated > 0 ? (int)(per_sm / allocated) : INT_MAX;
  }

  int lim_bars = INT_MAX;
  if (lim->barriers_per_sm > 0 && in->barriers > 0) {
    lim_bars = lim->barriers_per_sm / in->barriers;
    if (lim_bars == 0)
      note(r, "%d barriers per block exceed the %d per SM", in->barriers, lim->barriers_per_sm);
  }
  return finish(r, lim_warps, lim_regs, lim_smem, lim_blocks, lim_bars, warps_per_block,
                gc != KP_OCC_GC_OFF);
}

/* CC 1.x/2.x: the CUDA Occupancy Calculator spreadsheet. */
static int occupancy_legacy(const kp_cc_limits *lim, const kp_occ_input *in, kp_occ_result *r) {
  int warp = lim->warp_size;
  int warps_per_block = div_up(in->block_threads, warp);
  int wag = lim->warp_alloc_granularity > 0 ? lim->warp_alloc_granularity : 1;

  int lim_warps = block_fits(lim, in, r) ? (lim->max_threads_per_sm / warp) / warps_per_block : 0;
  int lim_blocks = lim->max_blocks_per_sm;

  int lim_regs;
  if (in->regs_per_thread > lim->max_regs_per_thread) {
    lim_regs = 0;
    r->regs_per_block = 0;
    note(r, "%d registers per thread exceed the limit of %d", in->regs_per_thread,
         lim->max_regs_per_thread);
  } else if (in->regs_per_thread == 0) {
    lim_regs = INT_MAX;
    r->regs_per_block = 0;
  } else if (lim->reg_alloc_per_warp == 0) {
    /* 1.x: registers per block, warps rounded up to the warp allocation granularity. */
    int per_block =
        round_up(round_up(warps_per_block, wag) * in->regs_per_thread * warp, lim->reg_alloc_unit);
    r->regs_per_block = per_block;
    lim_regs = (lim->regs_per_block / per_block) * (lim->regs_per_sm / lim->regs_per_block);
  } else {
    /* 2.x: registers per warp; the warps that fit are rounded down to the granularity. */
    int per_warp = round_up(in->regs_per_thread * warp, lim->reg_alloc_unit);
    int warps_fit = ((lim->regs_per_block / per_warp) / wag) * wag;
    r->regs_per_block = per_warp * warps_per_block;
    lim_regs = (warps_fit / warps_per_block) * (lim->regs_per_sm / lim->regs_per_block);
  }
  if (lim_regs == 0 && in->regs_per_thread <= lim->max_regs_per_thread)
    note(r, "a block needs %d registers, more than the %d a block may use", r->regs_per_block,
         lim->regs_per_block);

  int lim_smem;
  long long allocated = 0;
  if (in->smem_bytes > lim->smem_per_block) {
    lim_smem = 0;
    note(r, "%lld bytes of shared memory exceed the %lld-byte per-block limit", in->smem_bytes,
         lim->smem_per_block);
  } else if (in->smem_bytes > 0) {
    allocated = round_up((int)in->smem_bytes, (int)lim->smem_alloc_unit);
    lim_smem = (int)(lim->smem_per_sm / allocated);
  } else {
    lim_smem = INT_MAX;
  }
  r->smem_per_block = allocated;
  r->smem_per_sm = lim->smem_per_sm;

  return finish(r, lim_warps, lim_regs, lim_smem, lim_blocks, INT_MAX, warps_per_block, 0);
}

/* AMD, as LLVM's AMDGPU backend counts it (AMDGPUBaseInfo.cpp, IsaInfo):
 *   - waves:      max_warps_per_sm waves per CU (waves per SIMD x SIMDs);
 *   - VGPRs:      per wave the VGPRs rounded up to reg_alloc_unit; per SIMD
 *                 regs_per_sm / sub_partitions of them: waves per SIMD =
 *                 min(max, VGPRs per SIMD / allocated), over the CU's SIMDs;
 *   - workgroups: gfx9: min(40 / waves per workgroup, 16), 40 for one-wave
 *                 workgroups (getMaxWorkGroupsPerCU; max_blocks_per_sm is the 16);
 *                 RDNA (HIP major >= 10) and TeraScale (ISA "cayman"):
 *                 max_blocks_per_sm;
 *   - LDS:        (static + dynamic) rounded up to smem_alloc_unit, against
 *                 smem_per_sm; at most smem_per_block per workgroup.
 * Registers are VGPRs (regs_per_thread); SGPRs are not counted. */
static int occupancy_amd(const kp_cc_limits *lim, const kp_occ_input *in, kp_occ_result *r) {
  int wave = lim->warp_size, simds = lim->sub_partitions;
  int waves_per_block = div_up(in->block_threads, wave);
  int max_waves = lim->max_threads_per_sm / wave;

  int lim_warps = block_fits(lim, in, r) ? max_waves / waves_per_block : 0;

  /* GCN/CDNA (gfx9): min(40 / waves, 16) workgroups, 40 of one wave; RDNA
   * and TeraScale (an ISA without a gfx number): max_blocks_per_sm (RDNA: as
   * many as the waves allow; TeraScale: LLVM's 8 for the R600 family). */
  int gcn = kp_isa_is_gfx(lim->isa) && lim->cc_major < 10;
  int lim_blocks = !gcn ? lim->max_blocks_per_sm
                   : waves_per_block == 1 ? 40
                                          : imin(40 / waves_per_block, lim->max_blocks_per_sm);

  int lim_regs;
  int vgprs = in->regs_per_thread > 0 ? in->regs_per_thread : 1;
  int alloc = round_up(vgprs, lim->reg_alloc_unit);
  r->regs_per_block = alloc * wave * waves_per_block;
  if (in->regs_per_thread > lim->max_regs_per_thread) {
    lim_regs = 0;
    note(r, "%d VGPRs per thread exceed the limit of %d", in->regs_per_thread,
         lim->max_regs_per_thread);
  } else {
    int per_simd = imin((lim->regs_per_sm / simds) / alloc, max_waves / simds);
    lim_regs = (per_simd * simds) / waves_per_block;
  }

  int lim_smem;
  long long total = in->smem_bytes;
  long long allocated = total > 0 ? (long long)round_up((int)total, (int)lim->smem_alloc_unit) : 0;
  r->smem_per_block = allocated;
  r->smem_per_sm = lim->smem_per_sm;
  if (allocated > lim->smem_per_block) {
    lim_smem = 0;
    note(r, "%lld bytes of LDS exceed the %lld-byte per-workgroup limit", in->smem_bytes,
         lim->smem_per_block);
  } else {
    lim_smem = allocated > 0 ? (int)(lim->smem_per_sm / allocated) : INT_MAX;
  }
  return finish(r, lim_warps, lim_regs, lim_smem, lim_blocks, INT_MAX, waves_per_block, 0);
}

int kp_occupancy_cc(const kp_cc_limits *lim, const kp_occ_input *in, kp_occ_result *out,
                    char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  out->limiter = "none";
  if (!lim || !lim->known)
    return kp__err(err, errlen, "no occupancy limits for compute capability %d.%d in the GPU database",
                   lim ? lim->cc_major : -1, lim ? lim->cc_minor : -1);
  if (in->block_threads <= 0)
    return kp__err(err, errlen, "block size must be positive (got %d)", in->block_threads);
  if (in->regs_per_thread < 0 || in->smem_bytes < 0 || in->barriers < 0)
    return kp__err(err, errlen, "registers, shared memory and barriers must not be negative");
  if (in->carveout_percent > 100)
    return kp__err(err, errlen, "carveout must be -1 (default) or 0..100 percent (got %d)",
                   in->carveout_percent);
  if (in->block_threads > 1 << 20 || in->regs_per_thread > 1 << 16 ||
      in->smem_bytes > (long long)1 << 30)
    return kp__err(err, errlen, "block size, registers or shared memory out of range");

  struct { const char *name; long long v; } need[] = {
      {"warp_size", lim->warp_size},
      {"max_threads_per_block", lim->max_threads_per_block},
      {"max_threads_per_sm", lim->max_threads_per_sm},
      {"max_blocks_per_sm", lim->max_blocks_per_sm},
      {"regs_per_sm", lim->regs_per_sm},
      {"regs_per_block", lim->isa[0] ? 1 : lim->regs_per_block}, /* AMD: no such limit */
      {"max_regs_per_thread", lim->max_regs_per_thread},
      {"reg_alloc_unit", lim->reg_alloc_unit},
      {"reg_alloc_granularity", lim->reg_alloc_per_warp < 0 ? -1 : 1},
      {"sub_partitions", lim->sub_partitions},
      {"smem_per_sm", lim->smem_per_sm},
      {"smem_per_block", lim->smem_per_block},
      {"smem_per_block_optin", lim->smem_per_block_optin},
      {"smem_alloc_unit", lim->smem_alloc_unit},
  };
  for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
    if (need[i].v <= 0)
      return kp__err(err, errlen, "occupancy limit '%s' of compute capability %d.%d is not in the GPU database",
                     need[i].name, lim->cc_major, lim->cc_minor);

  int rc = lim->isa[0]           ? occupancy_amd(lim, in, out)
           : lim->cc_major >= 3 ? occupancy_modern(lim, in, out, err, errlen)
                                : occupancy_legacy(lim, in, out);
  if (rc)
    return rc;
  out->max_warps_per_sm = lim->max_threads_per_sm / lim->warp_size;
  out->occupancy = out->max_warps_per_sm > 0
                       ? (double)out->active_warps_per_sm / out->max_warps_per_sm
                       : 0.0;
  static const unsigned order[] = {KP_OCC_LIMIT_WARPS, KP_OCC_LIMIT_REGISTERS,
                                   KP_OCC_LIMIT_SHARED_MEMORY, KP_OCC_LIMIT_BLOCKS,
                                   KP_OCC_LIMIT_BARRIERS};
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
    if (out->limiters & order[i]) {
      out->limiter = kp_occ_limiter_name(order[i]);
      break;
    }
  if (out->active_blocks_per_sm > 0)
    out->note[0] = '\0';
  return 0;
}

int kp_occupancy(const kp_gpu *gpu, const kp_occ_input *in, kp_occ_result *out, char *err,
                 size_t errlen) {
  return kp_occupancy_cc(&gpu->limits, in, out, err, errlen);
}
