/* Performance models: the dispatcher, the notes and launch floors, the thread
 * time and the facts every model starts from (see include/kperf/predict.h and
 * docs/models.md).  The input from a kernel model is input.c's; the models
 * themselves are the other files of this directory, listed in registry.c.
 * Uses the analyses below it (count, active) and the layers below. */
#include "kperf/sym.h"
#include "kperf/invariant.h"
#include "kperf/predict.h"
#include "kperf/active.h"
#include "kperf/errmsg.h"
#include "kperf/arena.h"
#include "kperf/count.h"

#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---- Names ------------------------------------------------------------- */

int kp_model_by_name(const char *name) {
  if (!name)
    return -1;
  for (int i = 0; i < KP_MODEL_COUNT; i++)
    if (strcasecmp(name, kp_model_def_of((kp_model_kind)i)->name) == 0)
      return i;
  return -1;
}

const char *kp_model_name(kp_model_kind kind) {
  const kp_model_def *d = kp_model_def_of(kind);
  return d ? d->name : "?";
}

/* ---- Notes ------------------------------------------------------------- */

/* The floor of one launch where the GPU has no measurement of its own: the
 * median of the measurements the database holds, by way of timing
 * (gpu-db/data/57-launch-floor.sql: GTX 1650, RTX 3060, RTX 3060 Laptop, RTX
 * 3080 for a cudaEvent pair, 6.92, 6.78, 4.57, 3.14 us; those four with the
 * L40 and A100 80GB per launch in a stream, 5.18, 5.20, 1.66, 1.71, 1.64,
 * 2.62 us; the L40 and A100 80GB per kernel of a CUDA graph, 0.94 and 1.34
 * us).  Nsight Compute's duration of an empty kernel was found measured for
 * no GPU: the graph's per-kernel time, the nearest measured quantity (a
 * kernel's dispatch and completion without the host's launch), stands for
 * it. */
#define KP_FLOOR_EVENT_US 5.67
#define KP_FLOOR_STREAM_US 2.16
#define KP_FLOOR_GRAPH_US 1.14

static double floor_of(const kp_gpu *gpu, kp_launch_timing t, double fallback, int *measured) {
  double v = kp_gpu_launch_floor_us(gpu, t);
  *measured = isfinite(v) && v >= 0;
  return *measured ? v : fallback;
}

void kp_prediction_launch(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out) {
  /* A cudaEvent pair around one launch: the launch's floor (an empty
   * kernel's time so measured) plus the execution.  Measured on the public
   * nvbench runs of bench/validation (array_add from 2 x 2 to 8192 x 8192
   * floats): the floor adds to the execution time, it does not hide it. */
  /* The medians are of NVIDIA GPUs: another vendor's GPU without a
   * measurement of its own has no floor (0). */
  int nvidia = strcmp(gpu->vendor, "NVIDIA") == 0;
  int ev_measured;
  double ev = floor_of(gpu, KP_LAUNCH_EVENT, NAN, &ev_measured);
  const char *how = "unknown";
  if (ev_measured) {
    out->launch_us = ev;
    kp_prediction_note(out, "launch floor %.3g us (measured: a cudaEvent pair around one launch)",
                       ev);
  } else {
    out->launch_us = kp_gpu_launch_overhead_us(gpu, in->block_threads, in->grid_blocks, &how);
    if ((strcmp(how, "unknown") == 0 || !(out->launch_us >= 0)) && nvidia) {
      out->launch_us = KP_FLOOR_EVENT_US;
      kp_prediction_note(out, "launch floor %.3g us (no measurement of this GPU: the median of "
                              "the measured GPUs)", out->launch_us);
    } else if (strcmp(how, "unknown") == 0 || !(out->launch_us >= 0)) {
      out->launch_us = 0;
      kp_prediction_note(out, "launch overhead unknown: not counted");
    } else if (strcmp(how, "measured") != 0) {
      kp_prediction_note(out, "launch overhead: %s", how);
    }
  }
  int m;
  double stream = floor_of(gpu, KP_LAUNCH_STREAM, nvidia ? KP_FLOOR_STREAM_US : 0, &m);
  double graph = floor_of(gpu, KP_LAUNCH_GRAPH, nvidia ? KP_FLOOR_GRAPH_US : 0, &m);
  double nsight = floor_of(gpu, KP_LAUNCH_NSIGHT, graph, &m);
  /* The floors; kp_prediction_timings adds the execution. */
  out->timing_us[KP_LAUNCH_EVENT] = out->launch_us;
  out->timing_us[KP_LAUNCH_NSIGHT] = nsight;
  out->timing_us[KP_LAUNCH_STREAM] = stream;
  out->timing_us[KP_LAUNCH_GRAPH] = graph;
}

/* The launch's time per way of timing it, once exec_us is known. */
static void kp_prediction_timings(kp_prediction *out) {
  double e = out->exec_us + (out->transfer_us > 0 ? out->transfer_us : 0);
  if (!isfinite(e)) {
    for (int t = 0; t < KP_LAUNCH_TIMING_COUNT; t++)
      out->timing_us[t] = NAN;
    return;
  }
  /* A timed launch adds its floor to the execution. */
  out->timing_us[KP_LAUNCH_EVENT] += e;
  out->timing_us[KP_LAUNCH_NSIGHT] += e;
  /* Back-to-back launches in a stream: the next launch's blocks start when
   * the kernel before it has ended, so its execution adds to the floor, less
   * the execution the floor's own kernel (one wave of tiny blocks) holds;
   * and a launch whose data the one before it left in L2 runs warm.
   * Measured on bench/validation's tuning part (te42kyfo/gpu-benches
   * gpu-small-kernels, L40: blocks of 32, 300 to 10,000 of them, take
   * 1.76 us + 0.5 ns per block where the longer of the floor and the
   * execution gave the floor alone; docs/models.md, "bn", "Back-to-back
   * launches").  A model that does not give the floor's execution keeps the
   * longer of the floor and the execution, and so does a CUDA graph (no
   * measurement checked). */
  double clk = out->facts.clock_mhz;
  if (out->floor_exec_cycles > 0 && clk > 0 && e == out->exec_us) {
    double warm = (out->warm_cycles > 0 ? out->warm_cycles : out->exec_cycles) / clk;
    out->timing_us[KP_LAUNCH_STREAM] += fmax(0, warm - out->floor_exec_cycles / clk);
  } else {
    out->timing_us[KP_LAUNCH_STREAM] = fmax(out->timing_us[KP_LAUNCH_STREAM], e);
  }
  out->timing_us[KP_LAUNCH_GRAPH] = fmax(out->timing_us[KP_LAUNCH_GRAPH], e);
}

void kp_prediction_note_first(kp_prediction *out, const char *text) {
  size_t cap = sizeof out->note, tl = strlen(text);
  if (!tl || strstr(out->note, text) || tl + 1 > cap)
    return;
  char old[sizeof out->note];
  snprintf(old, sizeof old, "%s", out->note);
  /* the earlier notes that still fit, whole */
  size_t keep = strlen(old);
  while (keep > 0 && tl + 2 + keep + 1 > cap) {
    char *cut = NULL;
    for (char *p = strstr(old, "; "); p && (size_t)(p - old) < keep; p = strstr(p + 2, "; "))
      cut = p;
    keep = cut ? (size_t)(cut - old) : 0;
  }
  snprintf(out->note, cap, "%s%s%.*s", text, keep ? "; " : "", (int)keep, old);
}

void kp_prediction_note(kp_prediction *out, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (!buf[0] || strstr(out->note, buf))
    return;
  size_t len = strlen(out->note);
  if (len + (len ? 2 : 0) + strlen(buf) >= sizeof out->note)
    return; /* full: keep the earlier (more basic) notes whole */
  snprintf(out->note + len, sizeof out->note - len, "%s%s", len ? "; " : "", buf);
}

/* ---- Thread time ------------------------------------------------------- */

int kp_predict_thread_time(const kp_predict_input *in, const double lat[KP_I_COUNT],
                           const double issue[KP_I_COUNT], double *time, double *delay) {
  double t = 0, d = 0;
  int ok;
  if (in->thread_time) {
    ok = in->thread_time(in->thread_time_user, lat, issue, &t, &d);
  } else if (in->kernel) {
    ok = kp_thread_time(in->kernel, lat, issue, in->bindings, in->nbindings, &t, &d);
  } else {
    for (int c = 0; c < KP_I_COUNT; c++)
      if (in->count[c] > 0) {
        t += in->count[c] * lat[c];
        d += in->count[c] * issue[c];
      }
    ok = 1;
  }
  for (int c = 0; ok && c < KP_I_COUNT; c++)
    if (in->replays[c] > 0) {
      t += in->replays[c] * issue[c];
      d += in->replays[c] * issue[c];
    }
  if (!ok || isnan(t) || isnan(d) || t < 0 || d < 0) {
    t = d = NAN;
    ok = 0;
  }
  *time = t;
  *delay = d;
  return ok;
}

/* ---- Facts ------------------------------------------------------------- */

static int is_global_class(int c) {
  return c == KP_I_LD_GLOBAL || c == KP_I_ST_GLOBAL || c == KP_I_LD_LOCAL ||
         c == KP_I_ST_LOCAL || c == KP_I_ATOMIC;
}

static double known(double v) { return v >= 0 && isfinite(v) ? v : NAN; }

static double op_lat(const kp_gpu *g, kp_op op) {
  return known(g->latency_cycles[op]) > 0 ? g->latency_cycles[op] : NAN;
}

/* A generic ALU instruction: FP32's latency, else 32-bit integer add's. */
static double generic_lat(const kp_gpu *g, const char **src) {
  double v = op_lat(g, KP_OP_FP32);
  *src = "fp32";
  if (isnan(v)) {
    v = op_lat(g, KP_OP_INT_ADD);
    *src = "int_add";
  }
  return v;
}

static double level_lat(const kp_gpu *g, kp_mem_level l) {
  if (g->mem[l].size_bytes == 0)
    return NAN; /* the level does not exist */
  double v = known(g->mem[l].latency_cycles);
  return v > 0 ? v : NAN;
}

/* Latency of class c (not a global one): its source and the fallbacks of
 * docs/models.md.  *fallback receives the source used when it is not the
 * class's own (NULL otherwise). */
static double class_lat(const kp_gpu *g, int c, const char **fallback) {
  const char *gsrc;
  double v = NAN;
  *fallback = NULL;
  kp_op own = KP_OP_COUNT;
  switch (c) {
  case KP_I_FP32: own = KP_OP_FP32; break;
  case KP_I_FP64: own = KP_OP_FP64; break;
  case KP_I_FP16: own = KP_OP_FP16; break;
  case KP_I_INT_MUL: own = KP_OP_INT_MUL; break;
  case KP_I_INT_DIV: own = KP_OP_DIV_F32; break; /* a division sequence */
  case KP_I_FP_DIV: own = KP_OP_DIV_F32; break;
  case KP_I_SFU: own = KP_OP_SFU; break;
  case KP_I_CONV: own = KP_OP_CONV; break;
  case KP_I_LD_PARAM:
  case KP_I_LD_CONST: /* the constant cache: L1's latency, else shared memory's */
    v = level_lat(g, KP_MEM_L1);
    if (isnan(v)) {
      v = level_lat(g, KP_MEM_SHARED);
      if (!isnan(v))
        *fallback = "shared";
    }
    break;
  case KP_I_LD_SHARED:
  case KP_I_ST_SHARED:
  case KP_I_WARP: /* shuffles go through the shared-memory crossbar */
    v = level_lat(g, KP_MEM_SHARED);
    if (isnan(v)) {
      v = level_lat(g, KP_MEM_L1);
      if (!isnan(v))
        *fallback = "l1";
    }
    break;
  default: /* int, int64, cmp, branch, addr, barrier, other */
    own = KP_OP_INT_ADD;
    break;
  }
  if (own != KP_OP_COUNT)
    v = op_lat(g, own);
  if (isnan(v)) {
    v = generic_lat(g, &gsrc);
    if (!isnan(v) && !(own == KP_OP_INT_ADD && strcmp(gsrc, "int_add") == 0))
      *fallback = gsrc;
  }
  return v;
}

static double op_issue(const kp_gpu *g, kp_op op) {
  double v = kp_gpu_issue_cycles(g, op);
  return v > 0 && isfinite(v) ? v : NAN;
}

/* One issue slot of a class without a throughput entry: FP32's issue delay,
 * else 32-bit integer add's, else 1 cycle. */
static double generic_issue(const kp_gpu *g, int *guessed) {
  double v = op_issue(g, KP_OP_FP32);
  if (isnan(v))
    v = op_issue(g, KP_OP_INT_ADD);
  *guessed = isnan(v);
  return isnan(v) ? 1.0 : v;
}

static double class_issue(const kp_gpu *g, int c, int *fell_back, int *guessed) {
  kp_op own = KP_OP_COUNT;
  *fell_back = 0;
  switch (c) {
  case KP_I_FP32: own = KP_OP_FP32; break;
  case KP_I_FP64: own = KP_OP_FP64; break;
  case KP_I_FP16: own = KP_OP_FP16; break;
  case KP_I_INT: case KP_I_INT64: case KP_I_CMP: case KP_I_BRANCH: case KP_I_ADDR:
    own = KP_OP_INT_ADD; break;
  case KP_I_INT_MUL: own = KP_OP_INT_MUL; break;
  case KP_I_SFU: own = KP_OP_SFU; break;
  case KP_I_CONV: own = KP_OP_CONV; break;
  default: break; /* memory, divisions, barriers, warp, other: one issue slot */
  }
  double v = own != KP_OP_COUNT ? op_issue(g, own) : NAN;
  if (isnan(v)) {
    *fell_back = own != KP_OP_COUNT;
    v = generic_issue(g, guessed);
  } else {
    *guessed = 0;
  }
  return v;
}

static double bytes_per_cycle(double gbs, double clock_mhz) {
  double v = known(gbs);
  return v > 0 && clock_mhz > 0 ? v * 1e3 / clock_mhz : NAN;
}

/* Resolves out->facts (never fails: unknowns become NaN and a note). */
/* Long: one fact group after another (traffic, hit shares and latencies,
 * per-class latency and issue, their sources, bandwidths), each commented;
 * every model reads the facts it fills. */
static void resolve_facts(const kp_gpu *g, const kp_predict_input *in, kp_prediction *out) {
  kp_model_facts *f = &out->facts;
  f->clock_mhz = kp_gpu_sm_clock_mhz(g);
  if (!(f->clock_mhz > 0)) {
    f->clock_mhz = NAN;
    kp_prediction_note(out, "SM clock unknown: no time in microseconds");
  }
  f->warp_size = g->limits.warp_size;
  if (kp_gpu_amd_rules(g))
    kp_prediction_note(out, "AMD %s: wavefronts of %d threads, an SM is a CU; coalescing by %d-byte "
                            "vector L1 lines, LDS bank conflicts per half-wavefront",
                       g->isa, f->warp_size, g->mem[KP_MEM_L1].line_bytes);
  else if (kp_gpu_is_amd(g))
    kp_prediction_note(out, "AMD %s: wavefronts of %d threads, an SM is a %s; coalescing and LDS "
                            "bank conflicts are not modelled (accesses counted as coalesced and "
                            "conflict-free)",
                       g->isa, f->warp_size, g->cc_major >= 10 ? "WGP" : "CU");
  f->sub_partitions = g->limits.sub_partitions;
  if (f->sub_partitions <= 0) {
    f->sub_partitions = 1;
    kp_prediction_note(out, "sub-partitions per SM unknown: 1 assumed");
  }
  f->sm_count = g->sm_count;
  f->warps_per_block = (in->block_threads + f->warp_size - 1) / f->warp_size;

  /* Global traffic per thread: global, local and unresolved generic pointers. */
  f->global_bytes = in->bytes[KP_SPACE_GLOBAL] + in->bytes[KP_SPACE_LOCAL] +
                    in->bytes[KP_SPACE_UNKNOWN];
  f->uncoal_bytes = in->uncoal_bytes;
  f->global_insts = 0;
  for (int c = 0; c < KP_I_COUNT; c++)
    if (is_global_class(c))
      f->global_insts += in->count[c];
  int uses_global = f->global_bytes > 0 || f->global_insts > 0;
  double coal = f->global_bytes > 0 ? (f->global_bytes - f->uncoal_bytes) / f->global_bytes : 1;
  double unc = 1 - coal;

  /* Hit shares and the latency of each level. */
  double f1 = isnan(in->l1_hit) ? 0 : in->l1_hit, f2 = isnan(in->l2_hit) ? 0 : in->l2_hit;
  double l1 = level_lat(g, KP_MEM_L1), l2 = level_lat(g, KP_MEM_L2);
  double dram = level_lat(g, KP_MEM_DRAM);
  if (f1 > 0 && isnan(l1)) {
    kp_prediction_note(out, g->mem[KP_MEM_L1].size_bytes == 0
                                ? "no L1 cache for global memory: L1 hits counted at L2"
                                : "L1 latency unknown: L1 hits counted at L2");
    f2 += f1;
    f1 = 0;
  }
  if (f2 > 0 && isnan(l2)) {
    kp_prediction_note(out, g->mem[KP_MEM_L2].size_bytes == 0
                                ? "no L2 cache: L2 hits counted at DRAM"
                                : "L2 latency unknown: L2 hits counted at DRAM");
    f2 = 0;
  }
  double fd = 1 - f1 - f2;
  if (fd < 0)
    fd = 0;
  if (isnan(dram) && uses_global && (fd > 0 || unc > 0)) {
    if (!isnan(l2)) {
      dram = l2;
      kp_prediction_note(out, "DRAM latency unknown: L2's used (a lower bound)");
    } else {
      kp_prediction_note(out, "no DRAM latency in the GPU database");
    }
  }
  f->f_l1 = f1;
  f->f_l2 = f2;
  f->f_dram = fd;
  f->lat_l1 = l1;
  f->lat_l2 = l2;
  f->lat_dram = dram;
  f->lat_uncoal = dram; /* the database has no uncoalesced latency */
  if (f->uncoal_bytes > 0)
    kp_prediction_note(out, "uncoalesced latency and bandwidth: DRAM's");
  double lg = 0;
  if (coal > 0) {
    if (f1 > 0) lg += coal * f1 * l1;
    if (f2 > 0) lg += coal * f2 * l2;
    if (fd > 0) lg += coal * fd * dram;
  }
  /* Sectors an uncoalesced request moved that the same lanes read in the
   * next iterations of their loop are there when they ask: a cache hit. */
  double reused = in->uncoal_reused_bytes > 0 && f->global_bytes > 0
                      ? fmin(in->uncoal_reused_bytes, f->uncoal_bytes) / f->global_bytes : 0;
  double hit = !isnan(l1) ? l1 : !isnan(l2) ? l2 : f->lat_uncoal;
  if (unc > 0)
    lg += (unc - reused) * f->lat_uncoal + reused * hit;
  f->lat_global = lg;

  /* Per-class latency and issue delay. */
  int issue_guess = 0;
  char missing[160] = "";
  /* Classes whose latency came from another source, grouped by source. */
  static const char *const sources[] = {"fp32", "int_add", "shared", "l1"};
  char from[4][160] = {"", "", "", ""};
  for (int c = 0; c < KP_I_COUNT; c++) {
    const char *fb = NULL;
    double v;
    if (!isnan(in->lat[c]))
      v = in->lat[c];
    else if (is_global_class(c))
      v = lg;
    else
      v = class_lat(g, c, &fb);
    if (isnan(v) && in->count[c] > 0) {
      size_t n = strlen(missing);
      snprintf(missing + n, sizeof missing - n, "%s%s", n ? ", " : "",
               kp_iclass_name((kp_iclass)c));
    } else if (fb && in->count[c] > 0) {
      for (int k = 0; k < 4; k++)
        if (strcmp(fb, sources[k]) == 0) {
          size_t n = strlen(from[k]);
          snprintf(from[k] + n, sizeof from[k] - n, "%s%s", n ? ", " : "",
                   kp_iclass_name((kp_iclass)c));
        }
    }
    /* A class the thread does not execute must not turn sums into NaN. */
    f->lat[c] = isnan(v) && in->count[c] <= 0 ? 0 : v;

    int fell_back, guessed;
    if (!isnan(in->issue[c])) {
      f->issue[c] = in->issue[c];
    } else {
      f->issue[c] = class_issue(g, c, &fell_back, &guessed);
      if (in->count[c] > 0) {
        if (guessed)
          issue_guess = 1;
        else if (fell_back)
          kp_prediction_note(out, "issue delay of %s unknown: one ALU issue slot",
                             kp_iclass_name((kp_iclass)c));
      }
    }
  }
  if (missing[0])
    kp_prediction_note(out, "latency unknown for %s", missing);
  for (int k = 0; k < 4; k++)
    if (from[k][0])
      kp_prediction_note(out, "latency of %s from %s", from[k], sources[k]);
  if (issue_guess)
    kp_prediction_note(out, "issue delays unknown: 1 cycle per warp instruction");

  /* Bandwidths, bytes per SM cycle (whole GPU). */
  f->bpc_l1 = bytes_per_cycle(g->mem[KP_MEM_L1].bandwidth_gbs, f->clock_mhz);
  f->bpc_l2 = bytes_per_cycle(g->mem[KP_MEM_L2].bandwidth_gbs, f->clock_mhz);
  f->bpc_dram = bytes_per_cycle(g->mem[KP_MEM_DRAM].bandwidth_gbs, f->clock_mhz);
  f->lat_llc = level_lat(g, KP_MEM_LLC);
  f->bpc_llc = bytes_per_cycle(g->mem[KP_MEM_LLC].bandwidth_gbs, f->clock_mhz);
  f->bpc_uncoal = f->bpc_dram;
  if (uses_global && coal > 0) {
    if (f1 > 0 && isnan(f->bpc_l1))
      kp_prediction_note(out, "L1 bandwidth unknown: not limiting");
    if (f2 > 0 && isnan(f->bpc_l2))
      kp_prediction_note(out, "L2 bandwidth unknown: not limiting");
    if (fd > 0 && isnan(f->bpc_dram))
      kp_prediction_note(out, "DRAM bandwidth unknown: not limiting");
  }
}

/* ---- Qu's features (every model reports them) --------------------------- */

static void qu_features(const kp_gpu *g, const kp_predict_input *in, kp_prediction *out) {
  double n = out->facts.sm_count, w = out->facts.warp_size, b = in->block_threads;
  double gr = (double)in->grid_blocks;
  double v = ceil(b / w);
  double a = out->occ.active_warps_per_sm;
  double c = known(g->per_clock_per_sm[KP_OP_FP32]) > 0 ? g->per_clock_per_sm[KP_OP_FP32] : NAN;
  double ru = ceil(gr / n) * n; /* g rounded up to a multiple of n */
  out->qu_v = v;
  out->qu_a = a;
  out->qu_c = c;
  out->qu_D = n * a;
  out->qu_A = floor(fmin(c, a * w) / (w * v)) * n; /* NaN when c is unknown */
  out->qu_W = ru * v / n;
  double P = in->problem_size > 0 ? floor(in->problem_size) : 0;
  if (P > 0 && P < gr * b && fmod(gr, n) == 1) /* formula (11) */
    out->qu_W = out->qu_W - v + ceil(fmod(P, b) / w);
  out->qu_I = out->qu_D / (ru * v);
  out->qu_v_over_I = v / fmax(out->qu_I, 1.0);
  out->qu_W1 = out->qu_A * v / n;
  out->qu_W2 = a;
}

/* ---- Dispatcher -------------------------------------------------------- */

static int check_count(double v, const char *what, char *err, size_t errlen) {
  if (!(v >= 0) || !isfinite(v))
    return kp__err(err, errlen, "%s must be a finite non-negative number (got %g)", what, v);
  return 0;
}

int kp_predict(kp_model_kind kind, const kp_gpu *gpu, const kp_predict_input *in,
               kp_prediction *out, char *err, size_t errlen) {
  if (!out)
    return kp__err(err, errlen, "no output");
  memset(out, 0, sizeof *out);
  out->model = kind;
  out->bound = "unknown";
  out->bound2 = "";
  out->predicted_us = out->exec_us = out->exec_cycles = NAN;
  out->thread_cycles = out->thread_delay = NAN;
  const kp_model_def *def = kp_model_def_of(kind);
  if (def && def->init)
    def->init(out);
  if ((unsigned)kind >= KP_MODEL_COUNT)
    return kp__err(err, errlen, "unknown model %d (models: kp, hongkim, kolpakov, qu, bn)", (int)kind);
  if (!gpu || !in)
    return kp__err(err, errlen, "no GPU or no input");
  if (in->block_threads <= 0)
    return kp__err(err, errlen, "block size unknown (blockDim has no value): cannot predict");
  if (in->grid_blocks <= 0)
    return kp__err(err, errlen, "grid size unknown (gridDim has no value): cannot predict");
  if (gpu->sm_count <= 0)
    return kp__err(err, errlen, "the SM count of %s is not in the GPU database",
                   gpu->id[0] ? gpu->id : "this GPU");
  for (int c = 0; c < KP_I_COUNT; c++) {
    char what[48];
    snprintf(what, sizeof what, "the count of %s", kp_iclass_name((kp_iclass)c));
    if (check_count(in->count[c], what, err, errlen))
      return -1;
  }
  for (int s = 0; s < KP_NSPACES; s++)
    if (check_count(in->bytes[s], "bytes per thread", err, errlen))
      return -1;
  if (check_count(in->uncoal_bytes, "uncoalesced bytes", err, errlen) ||
      check_count(in->syncs, "barriers per thread", err, errlen))
    return -1;
  double gb = in->bytes[KP_SPACE_GLOBAL] + in->bytes[KP_SPACE_LOCAL] + in->bytes[KP_SPACE_UNKNOWN];
  if (in->uncoal_bytes > gb)
    return kp__err(err, errlen, "uncoalesced bytes (%g) exceed the global bytes (%g) per thread",
                   in->uncoal_bytes, gb);
  double f1 = isnan(in->l1_hit) ? 0 : in->l1_hit, f2 = isnan(in->l2_hit) ? 0 : in->l2_hit;
  if (!(f1 >= 0 && f1 <= 1 && f2 >= 0 && f2 <= 1 && f1 + f2 <= 1 + 1e-12))
    return kp__err(err, errlen, "hit fractions must be in [0, 1] with l1 + l2 <= 1 (got %g, %g)",
                   f1, f2);

  /* Occupancy, with the optional cap on resident blocks. */
  kp_cc_limits lim = gpu->limits;
  if (in->max_blocks_per_sm > 0 && in->max_blocks_per_sm < lim.max_blocks_per_sm)
    lim.max_blocks_per_sm = in->max_blocks_per_sm;
  kp_occ_input oi;
  kp_occ_input_init(&oi);
  oi.block_threads = in->block_threads;
  oi.regs_per_thread = in->regs_per_thread;
  oi.smem_bytes = in->smem_bytes;
  oi.smem_optin = in->smem_optin;
  if (kp_occupancy_cc(&lim, &oi, &out->occ, err, errlen) != 0)
    return -1;
  if (out->occ.active_blocks_per_sm <= 0)
    return kp__err(err, errlen, "no block fits on an SM: %s", out->occ.note);

  resolve_facts(gpu, in, out);
  out->facts.blocks_per_wave = (long long)out->occ.active_blocks_per_sm * gpu->sm_count;
  out->waves = ceil((double)in->grid_blocks / (double)out->facts.blocks_per_wave);
  if (!kp_predict_thread_time(in, out->facts.lat, out->facts.issue, &out->thread_cycles,
                              &out->thread_delay)) {
    int nan_lat = 0;
    for (int c = 0; c < KP_I_COUNT; c++)
      nan_lat |= isnan(out->facts.lat[c]);
    if (!nan_lat) /* else the note already names the missing latencies */
      kp_prediction_note(out, "the thread's time does not evaluate (a trip count has no value)");
  }
  qu_features(gpu, in, out);

  if (def)
    def->predict(gpu, in, out);
  /* The launch's floor is the measurement's, not the model's: every model's
   * execution time gets the same. */
  kp_prediction_launch(gpu, in, out);

  out->exec_us = out->exec_cycles / out->facts.clock_mhz; /* NaN propagates */
  out->predicted_us = out->launch_us + out->exec_us + out->transfer_us;
  kp_prediction_timings(out);
  if (isnan(out->predicted_us))
    out->bound = "unknown";
  /* The model's output: a time is never negative, a launch runs one wave or more. */
  KP_ASSERT(!(out->predicted_us < 0) && !(out->exec_us < 0) && out->waves >= 1 &&
            out->occ.active_blocks_per_sm > 0);
  return 0;
}
