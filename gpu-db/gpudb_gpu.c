/* The kp_gpu helpers that need no database: the names of operation classes,
 * memory levels, launch timings and stream kernels; a GPU's kind (AMD, its ISA);
 * kp_gpu_init; the figures derived from its facts (issue cycles, SM clock,
 * launch overhead and floors, DRAM bandwidth).  Uses gpu.h and the C library only. */
#include "gpudb_internal.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char *const op_names[KP_OP_COUNT] = {"fp16",    "fp32",    "fp64",
                                                  "sfu",     "int_add", "int_mul",
                                                  "conv",    "conv64",  "div_f32",
                                                  "ldst",    "shared",  "int_own"};
static const char *const mem_names[KP_MEM_COUNT] = {"shared", "l1", "l2", "dram", "llc"};

const char *kp_op_name(kp_op op) {
  return (unsigned)op < KP_OP_COUNT ? op_names[op] : "?";
}
const char *kp_mem_level_name(kp_mem_level level) {
  return (unsigned)level < KP_MEM_COUNT ? mem_names[level] : "?";
}
static const char *const launch_timing_names[KP_LAUNCH_TIMING_COUNT] = {"event", "nsight",
                                                                         "stream", "graph"};
const char *kp_launch_timing_name(kp_launch_timing t) {
  return (unsigned)t < KP_LAUNCH_TIMING_COUNT ? launch_timing_names[t] : "?";
}
int kp__launch_timing_index(const char *name) {
  for (int i = 0; i < KP_LAUNCH_TIMING_COUNT; i++)
    if (name && strcmp(name, launch_timing_names[i]) == 0)
      return i;
  return -1;
}
static const char *const stream_kernel_names[KP_STREAM_COUNT] = {"read", "write", "copy",
                                                                   "triad"};
const char *kp_stream_kernel_name(kp_stream_kernel k) {
  return (unsigned)k < KP_STREAM_COUNT ? stream_kernel_names[k] : "?";
}
int kp__stream_kernel_index(const char *name) {
  for (int i = 0; i < KP_STREAM_COUNT; i++)
    if (name && strcmp(name, stream_kernel_names[i]) == 0)
      return i;
  return -1;
}
int kp__op_index(const char *name) {
  for (int i = 0; i < KP_OP_COUNT; i++)
    if (name && strcmp(name, op_names[i]) == 0)
      return i;
  return -1;
}
int kp__mem_index(const char *name) {
  for (int i = 0; i < KP_MEM_COUNT; i++)
    if (name && strcmp(name, mem_names[i]) == 0)
      return i;
  return -1;
}


int kp_gpu_is_amd(const kp_gpu *g) { return g && g->isa[0] != '\0'; }

int kp_isa_is_gfx(const char *isa) { return isa && strncmp(isa, "gfx", 3) == 0; }

int kp_isa_has_cc(const char *isa) { return isa && (isa[0] == '\0' || kp_isa_is_gfx(isa)); }

const char *kp_gpu_arch_text(const kp_gpu *g, char *buf, size_t n) {
  if (kp_gpu_is_amd(g))
    snprintf(buf, n, "ISA %s", g->isa);
  else
    snprintf(buf, n, "compute capability %d.%d", g->cc_major, g->cc_minor);
  return buf;
}

int kp_gpu_amd_rules(const kp_gpu *g) {
  return kp_gpu_is_amd(g) && strncmp(g->isa, "gfx9", 4) == 0 && g->limits.warp_size == 64 &&
         g->mem[KP_MEM_L1].line_bytes > 0 && g->limits.smem_banks == 32 &&
         g->limits.smem_bank_bytes == 4;
}

void kp_gpu_init(kp_gpu *g) {
  memset(g, 0, sizeof *g);
  g->cc_major = g->cc_minor = g->sm_count = g->dram_bus_bits = -1;
  g->dram_bytes = -1;
  g->base_clock_mhz = g->boost_clock_mhz = g->shader_clock_mhz = NAN;
  g->launch_latency_cycles = NAN;
  for (int i = 0; i < KP_OP_COUNT; i++)
    g->per_clock_per_sm[i] = g->latency_cycles[i] = NAN;
  for (int i = 0; i < KP_MEM_COUNT; i++) {
    g->mem[i].size_bytes = -1;
    g->mem[i].line_bytes = -1;
    g->mem[i].latency_cycles = g->mem[i].bandwidth_gbs = NAN;
  }
  for (int i = 0; i < 32; i++)
    g->launch_x1_us[i] = g->launch_x0_us[i] = NAN;
  for (int i = 0; i < KP_LAUNCH_TIMING_COUNT; i++)
    g->launch_floor_us[i] = NAN;
  for (int i = 0; i < KP_STREAM_COUNT; i++) {
    g->dram_achieved_gbs[i] = NAN;
    g->dram_occupancy[i].n = 0;
  }
  g->db_index = -1;
}

/* ------------------------------------------------------------- derived */

double kp_gpu_issue_cycles(const kp_gpu *g, kp_op op) {
  if ((unsigned)op >= KP_OP_COUNT)
    return NAN;
  double t = g->per_clock_per_sm[op];
  int subs = g->limits.sub_partitions > 0 ? g->limits.sub_partitions : 1;
  int warp = g->limits.warp_size > 0 ? g->limits.warp_size : 32;
  if (!(t > 0))
    return NAN;
  double d = (double)warp * subs / t;
  return d < 1.0 ? 1.0 : d;
}

double kp_gpu_sm_clock_mhz(const kp_gpu *g) {
  if (g->shader_clock_mhz > 0)
    return g->shader_clock_mhz;
  if (g->boost_clock_mhz > 0)
    return g->boost_clock_mhz;
  if (g->base_clock_mhz > 0)
    return g->base_clock_mhz;
  return NAN;
}

double kp_gpu_launch_overhead_us(const kp_gpu *g, int block_threads, long long grid_blocks,
                                 const char **how) {
  int warp = g->limits.warp_size > 0 ? g->limits.warp_size : 32;
  int w = block_threads > 0 ? (block_threads + warp - 1) / warp : 1;
  if (w > 32)
    w = 32;
  int best = -1;
  for (int d = 0; d < 32 && best < 0; d++) {
    int cand[2] = {w - d, w + d};
    for (int k = 0; k < 2; k++)
      if (cand[k] >= 1 && cand[k] <= 32 && !isnan(g->launch_x1_us[cand[k] - 1]) &&
          !isnan(g->launch_x0_us[cand[k] - 1])) {
        best = cand[k];
        break;
      }
  }
  if (best > 0) {
    if (how)
      *how = best == w ? "measured" : "measured (nearest block size)";
    return g->launch_x1_us[best - 1] * (double)grid_blocks + g->launch_x0_us[best - 1];
  }
  double clk = kp_gpu_sm_clock_mhz(g);
  if (g->launch_latency_cycles >= 0 && clk > 0) {
    if (how)
      *how = "simulator latency";
    return g->launch_latency_cycles / clk;
  }
  if (how)
    *how = "unknown";
  return 0.0;
}

double kp_gpu_launch_floor_us(const kp_gpu *g, kp_launch_timing t) {
  if (!g || (unsigned)t >= KP_LAUNCH_TIMING_COUNT)
    return NAN;
  return g->launch_floor_us[t];
}

double kp_gpu_dram_achieved_gbs(const kp_gpu *g, kp_stream_kernel k) {
  if (!g || (unsigned)k >= KP_STREAM_COUNT)
    return NAN;
  return g->dram_achieved_gbs[k];
}

double kp_gpu_dram_gbs_at_warps(const kp_gpu *g, kp_stream_kernel k, double warps) {
  if (!g || (unsigned)k >= KP_STREAM_COUNT || !(warps > 0))
    return NAN;
  const kp_bw_curve *c = &g->dram_occupancy[k];
  if (c->n <= 0)
    return NAN;
  double x0 = 0.0, y0 = 0.0;
  for (int j = 0; j < c->n; j++) {
    double x1 = c->warps_per_sm[j], y1 = c->gbs[j];
    if (warps <= x1)
      return x1 > x0 ? y0 + (y1 - y0) * (warps - x0) / (x1 - x0) : y1;
    x0 = x1;
    y0 = y1;
  }
  return c->gbs[c->n - 1];
}
