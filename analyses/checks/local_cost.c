/* What local memory costs a launch: local_cost.h. */
#include "local_cost.h"

#include "kperf/launch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const kp_ptxas_func *kpc_ptxas_record(const kp_check_ctx *ctx, const kp_kernel *k) {
  if (!ctx->m->ptxas || !ctx->gpu || !k)
    return NULL;
  char arch[16];
  kp_ptxas_arch_of_gpu(ctx->gpu, arch, sizeof arch);
  const char *name = k->mangled && *k->mangled ? k->mangled : k->name;
  const kp_ptxas_func *r = name ? kp_ptxas_find(ctx->m->ptxas, arch, name) : NULL;
  return r && r->registers > 0 ? r : NULL;
}

int kpc_local_cost_of(const kp_check_ctx *ctx, const kp_launch *l, int spills, int regs,
                      kpc_local_cost *out) {
  memset(out, 0, sizeof *out);
  const kp_module *m = ctx->m;
  if (l->kernel < 0 || (size_t)l->kernel >= m->nkernels)
    return 0;
  const kp_kernel *k = &m->kernels[l->kernel];
  const kp_ptxas_func *r = kpc_ptxas_record(ctx, k);
  if (spills && !r)
    return 0;
  kp_model_kind model = (kp_model_kind)ctx->opts->model;
  kp_launch_eval *e = malloc(sizeof *e);
  if (!e)
    return 0;
  int got = 0;
  if (kp_launch_evaluate(m, l, ctx->gpu, model, 0, 0, 0, e) == 0 && e->ok && !e->invalid &&
      isfinite(e->pred.predicted_us)) {
    got = 1;
    out->with_us = e->pred.predicted_us;
    out->occ_with = e->pred.occ.occupancy;
    out->blocks = e->in.grid_blocks;
    out->block_threads = e->in.block_threads;
    kp_predict_input in = e->in;
    /* The spill traffic kp_ptxas_apply added (32-bit accesses). */
    double sst = r ? (double)r->spill_store_bytes / 4.0 : 0, sld = r ? (double)r->spill_load_bytes / 4.0 : 0;
    double sb = r ? kp_ptxas_spill_bytes(r) : 0;
    if (spills) {
      in.bytes[KP_SPACE_LOCAL] = fmax(0, in.bytes[KP_SPACE_LOCAL] - sb);
      in.count[KP_I_ST_LOCAL] = fmax(0, in.count[KP_I_ST_LOCAL] - sst);
      in.count[KP_I_LD_LOCAL] = fmax(0, in.count[KP_I_LD_LOCAL] - sld);
      if (!isnan(in.emitted[KP_I_ST_LOCAL]))
        in.emitted[KP_I_ST_LOCAL] = fmax(0, in.emitted[KP_I_ST_LOCAL] - sst);
      if (!isnan(in.emitted[KP_I_LD_LOCAL]))
        in.emitted[KP_I_LD_LOCAL] = fmax(0, in.emitted[KP_I_LD_LOCAL] - sld);
      in.spill_bytes = 0;
      if (regs > 0)
        in.regs_per_thread = regs;
    } else {
      /* What remains in local memory is the spills; an element in a
       * register needs no instruction of its own. */
      in.bytes[KP_SPACE_LOCAL] = sb;
      in.count[KP_I_ST_LOCAL] = sst;
      in.count[KP_I_LD_LOCAL] = sld;
      if (!isnan(in.emitted[KP_I_ST_LOCAL]))
        in.emitted[KP_I_ST_LOCAL] = sst;
      if (!isnan(in.emitted[KP_I_LD_LOCAL]))
        in.emitted[KP_I_LD_LOCAL] = sld;
      if (sb <= 0)
        in.lat[KP_I_ST_LOCAL] = in.lat[KP_I_LD_LOCAL] = 0;
    }
    kp_prediction p;
    char err[256] = "";
    if (kp_predict(model, ctx->gpu, &in, &p, err, sizeof err) == 0 &&
        isfinite(p.predicted_us)) {
      out->without_us = p.predicted_us;
      out->occ_without = p.occ.occupancy;
      got = 2;
    } else {
      /* The reason, cut to the room it has. */
      snprintf(out->why, sizeof out->why, "%.*s", (int)sizeof out->why - 1, err[0] ? err : p.note);
    }
  }
  kp_launch_eval_free(e);
  free(e);
  return got;
}

void kpc_local_cost_note(const kp_check_ctx *ctx, const kp_launch *l, const kpc_local_cost *c,
                         int got, const char *what, kp_findings *out) {
  if (got <= 0)
    return;
  char t1[32], t2[32];
  kp_format_time_us(c->with_us, t1, sizeof t1);
  if (got < 2) {
    kp_findings_note(out, l->loc,
                     "at this launch (%lld block%s of %d threads) kperf predicts %s on %s; "
                     "no time without %s: %s",
                     c->blocks, c->blocks == 1 ? "" : "s", c->block_threads, t1, ctx->gpu->id,
                     what, c->why);
    return;
  }
  kp_format_time_us(c->without_us, t2, sizeof t2);
  double saved = c->with_us > 0 ? 100.0 * (c->with_us - c->without_us) / c->with_us : 0;
  char occ[96] = "";
  if (fabs(c->occ_with - c->occ_without) >= 0.005)
    snprintf(occ, sizeof occ, ", occupancy %.0f%% -> %.0f%%", 100.0 * c->occ_with,
             100.0 * c->occ_without);
  kp_findings_note(out, l->loc,
                   "at this launch (%lld block%s of %d threads) kperf predicts %s on %s, "
                   "%s without %s (%s%.0f%%%s)",
                   c->blocks, c->blocks == 1 ? "" : "s", c->block_threads, t1, ctx->gpu->id,
                   t2, what,
                   saved >= 0 ? "-" : "+", fabs(saved), occ);
}
