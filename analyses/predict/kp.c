/* Model 000 (Kleimenov & Popova 2021): kernel time = launch + sum of waves;
 * a wave's time from the main thread's critical path, the issue delays of
 * the warps that share a processing block, and the bandwidth of L1, L2,
 * DRAM and uncoalesced traffic as fixed points on the memory latency
 * (docs/models.md, "kp").
 *
 * The fixed points.  For one level (L1 per SM, then L2, DRAM, uncoalesced
 * per GPU), the paper (Figs. 4, 5) repeats
 *     time = time_sm(lat);  mul = (demand / time) / bandwidth;  lat = lat * mul
 * until the time stops changing.  kperf applies mul only when it is > 1
 * (latency never falls below the GPU's), caps the steps at KP_FP_STEPS, and
 * then puts a floor of demand / bandwidth under the wave's time.  This
 * provably stops and is monotone:
 *   - time_sm(lat) is nondecreasing in lat and, because every path through
 *     the kernel costs a + b*lat with a, b >= 0 (and the other terms of
 *     time_sm do not depend on lat), time_sm(m*lat) <= m*time_sm(lat) for m >= 1;
 *   - so with r = demand / bandwidth and t < r, the next time
 *     time_sm(lat * r/t) <= r: the times rise monotonically towards r and
 *     never overshoot it; the loop ends when mul <= 1, when the time stops
 *     changing (the level's latency is not on the critical path), when a
 *     value stops being finite, or after KP_FP_STEPS steps;
 *   - the floor makes the result max(time, r) whichever way the loop ended,
 *     so demand / time never exceeds the bandwidth, and no input (huge
 *     demand, zero or NaN bandwidth, NaN latencies) can make it loop longer.
 */
#include "kperf/predict.h"
#include "kp.h"

#include <math.h>
#include <string.h>

#define KP_FP_STEPS 100
#define KP_FP_EPS 1e-9

enum { LV_L1 = 0, LV_L2, LV_DRAM, LV_UNC, LV_COUNT };
static const char *const level_names[LV_COUNT] = {"l1", "l2", "dram", "uncoalesced"};

typedef struct wave_ctx {
  const kp_predict_input *in;
  const kp_model_facts *f;
  double coal, unc;   /* byte shares of global traffic */
  double tsync;       /* per warp */
  double delay;       /* issue delay of one warp */
  double n_pb;        /* warps on the busiest processing block */
  double lat[LV_COUNT];
  double floor;       /* bandwidth floor so far */
  int steps;
  int ok;
} wave_ctx;

/* lat_sm: the average latency of the SM's global accesses. */
static double lat_sm(const wave_ctx *c) {
  const kp_model_facts *f = c->f;
  double s = 0;
  if (c->coal > 0) {
    if (f->f_l1 > 0) s += c->coal * f->f_l1 * c->lat[LV_L1];
    if (f->f_l2 > 0) s += c->coal * f->f_l2 * c->lat[LV_L2];
    if (f->f_dram > 0) s += c->coal * f->f_dram * c->lat[LV_DRAM];
  }
  if (c->unc > 0)
    s += c->unc * c->lat[LV_UNC];
  return s;
}

/* time_sm(sm, lat) = max over processing blocks of
 * max(max_wp time_wp, sum_wp delay_wp); every warp runs the main thread's
 * path; never below the bandwidth floor. */
static double time_sm(wave_ctx *c) {
  double lat[KP_I_COUNT];
  memcpy(lat, c->f->lat, sizeof lat);
  if (c->f->global_bytes > 0 || c->f->global_insts > 0) {
    static const int global[] = {KP_I_LD_GLOBAL, KP_I_ST_GLOBAL, KP_I_LD_LOCAL, KP_I_ST_LOCAL,
                                 KP_I_ATOMIC};
    double lg = lat_sm(c);
    for (size_t i = 0; i < sizeof global / sizeof global[0]; i++)
      if (isnan(c->in->lat[global[i]])) /* an override stays as given */
        lat[global[i]] = lg;
  }
  double t, d;
  if (!kp_predict_thread_time(c->in, lat, c->f->issue, &t, &d)) {
    c->ok = 0;
    return NAN;
  }
  double twp = t + c->tsync;
  double tpb = fmax(twp, c->n_pb * c->delay);
  return fmax(tpb, c->floor);
}

/* One level's fixed point (see the top of the file).  t: the wave's time so
 * far.  Returns the new time; *raised = 1 when the level's bandwidth raised it. */
static double solve_level(wave_ctx *c, int lv, double demand, double bpc, double t, int *raised) {
  *raised = 0;
  if (!(bpc > 0) || !(demand > 0) || !isfinite(t) || !c->ok)
    return t; /* bandwidth unknown or no traffic: not limiting */
  double r = demand / bpc;
  if (!(r > t))
    return t; /* demand / t <= bandwidth already */
  for (int k = 0; k < KP_FP_STEPS && t > 0; k++) {
    double mul = r / t;
    if (!(mul > 1 + KP_FP_EPS) || !isfinite(mul))
      break;
    double nl = c->lat[lv] * mul;
    if (!isfinite(nl))
      break;
    c->lat[lv] = nl;
    double nt = time_sm(c);
    c->steps++;
    if (!isfinite(nt))
      break;
    int done = fabs(nt - t) <= KP_FP_EPS * nt;
    t = nt;
    if (done)
      break;
  }
  if (!(t >= r)) { /* also when t is NaN after a failed step */
    c->floor = r;
    t = r;
  }
  *raised = 1;
  return t;
}

/* One wave: `blocks` blocks, bsm of them on the busiest SM.  Writes the
 * bound's name. */
static double wave_time(wave_ctx *c, long long blocks, long long bsm, const char **bound) {
  const kp_model_facts *f = c->f;
  double threads = c->in->block_threads;
  c->n_pb = ceil((double)bsm * f->warps_per_block / f->sub_partitions);
  c->lat[LV_L1] = f->lat_l1;
  c->lat[LV_L2] = f->lat_l2;
  c->lat[LV_DRAM] = f->lat_dram;
  c->lat[LV_UNC] = f->lat_uncoal;
  c->floor = 0;
  double t = time_sm(c);
  if (!c->ok || isnan(t)) {
    *bound = "unknown";
    return NAN;
  }
  *bound = c->n_pb * c->delay > 0 && c->n_pb * c->delay >= t ? "issue" : "latency";
  double coal_bytes = f->global_bytes - f->uncoal_bytes; /* per thread */
  double per_sm = (double)bsm * threads, per_gpu = (double)blocks * threads;
  struct {
    double demand, bpc;
  } lv[LV_COUNT] = {
      {per_sm * coal_bytes * f->f_l1, f->bpc_l1 / f->sm_count}, /* L1: per SM */
      {per_gpu * coal_bytes * f->f_l2, f->bpc_l2},
      {per_gpu * coal_bytes * f->f_dram, f->bpc_dram},
      {per_gpu * f->uncoal_bytes, f->bpc_uncoal},
  };
  for (int i = 0; i < LV_COUNT; i++) {
    int raised;
    t = solve_level(c, i, lv[i].demand, lv[i].bpc, t, &raised);
    if (raised)
      *bound = level_names[i];
  }
  return t;
}

static int fields(const kp_prediction *p, kp_model_field *f) {
  const kp_kp_detail *own = kp_cdetail_kp(p);
  f[0] = (kp_model_field){"kp_wave_cycles", own->kp_wave_cycles};
  f[1] = (kp_model_field){"kp_last_wave_cycles", own->kp_last_wave_cycles};
  f[2] = (kp_model_field){"kp_time_sync", own->kp_time_sync};
  return 3;
}

static int predict(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out) {
  kp_kp_detail *own = kp_detail_kp(out);
  (void)gpu; /* the facts carry what the model needs of it */
  const kp_model_facts *f = &out->facts;
  wave_ctx c;
  memset(&c, 0, sizeof c);
  c.in = in;
  c.f = f;
  c.ok = 1;
  c.coal = f->global_bytes > 0 ? (f->global_bytes - f->uncoal_bytes) / f->global_bytes : 1;
  c.unc = 1 - c.coal;
  c.delay = out->thread_delay;

  /* time_sync(wp) = syncs(main thread) * delay_dep * (blockSize - 1). */
  double dd = in->delay_dep;
  if (isnan(dd)) {
    dd = f->issue[KP_I_INT];
    if (in->syncs > 0)
      kp_prediction_note(out, "delay_dep: one integer issue delay (%g cycles)", dd);
  }
  c.tsync = in->syncs > 0 ? in->syncs * dd * (in->block_threads - 1) : 0;
  own->kp_time_sync = c.tsync;

  /* Waves: full ones with every SM holding its resident blocks, then the rest. */
  long long per_wave = f->blocks_per_wave;
  long long full = in->grid_blocks / per_wave, rest = in->grid_blocks % per_wave;
  const char *bound = "unknown", *b2 = "unknown";
  double cycles = 0;
  if (full > 0) {
    own->kp_wave_cycles = wave_time(&c, per_wave, out->occ.active_blocks_per_sm, &bound);
    own->kp_lat_l1 = c.lat[LV_L1];
    own->kp_lat_l2 = c.lat[LV_L2];
    own->kp_lat_dram = c.lat[LV_DRAM];
    own->kp_lat_uncoal = c.lat[LV_UNC];
    cycles += (double)full * own->kp_wave_cycles;
  }
  if (rest > 0) {
    long long bsm = (rest + f->sm_count - 1) / f->sm_count;
    double t = wave_time(&c, rest, bsm, &b2);
    if (full > 0) {
      own->kp_last_wave_cycles = t;
    } else {
      own->kp_wave_cycles = t;
      bound = b2;
      own->kp_lat_l1 = c.lat[LV_L1];
      own->kp_lat_l2 = c.lat[LV_L2];
      own->kp_lat_dram = c.lat[LV_DRAM];
      own->kp_lat_uncoal = c.lat[LV_UNC];
    }
    cycles += t;
  }
  own->kp_iterations = c.steps;
  out->exec_cycles = c.ok ? cycles : NAN;
  out->bound = bound;
  return 0;
}

const kp_model_def kp_model_def_kp = {"kp", "model 000, Kleimenov & Popova 2021: waves of warps at L1/L2/DRAM latencies", predict, fields, NULL};
