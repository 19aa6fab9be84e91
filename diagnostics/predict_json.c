/* The JSON report of predictions (-fplugin-arg-kperf-predict=PATH), read by
 * `kperf predict`, `kperf recommend` and `kperf compare`.  Schema:
 * docs/checks/launch.md. */
#define _POSIX_C_SOURCE 200809L
#include "kperf/launch.h"
#include "kperf/ptxas.h"
#include "kperf/report.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void add_num(cJSON *o, const char *key, double v) {
  if (isfinite(v))
    cJSON_AddNumberToObject(o, key, v);
  else
    cJSON_AddNullToObject(o, key);
}

static cJSON *dim_json(const int64_t *d) {
  cJSON *a = cJSON_CreateArray();
  for (int i = 0; i < 3; i++)
    cJSON_AddItemToArray(a, cJSON_CreateNumber((double)d[i]));
  return a;
}

/* A launch with unknowns: "scaling": {"variable", "ties": [{"variable", "as":
 * "grid" | "block" | "fixed" | "once" | "equal", "divisor"}] (when there are more), "points": [{"value",
 * "predicted_us", "threads", "stores"}...], "block_dims", "block_other" and "best" (the variable is the block's
 * size: the point with the least time), "growth", "per_2_20_us" (null unless linear),
 * "bound", "bound2", "bound2_ratio"} (docs/checks/launch.md). */
static void add_scaling(cJSON *o, const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                        kp_model_kind model, const kp_launch_eval *e) {
  kp_launch_scaling s;
  if (!e->missing[0])
    return;
  if (!kp_launch_scaling_of(m, l, gpu, model, e, NULL, &s)) {
    /* No statement for a reason that holds whatever the unknowns: that is why. */
    if (s.why_none[0])
      cJSON_ReplaceItemInObjectCaseSensitive(o, "why", cJSON_CreateString(s.why_none));
    return;
  }
  cJSON *sc = cJSON_AddObjectToObject(o, "scaling");
  cJSON_AddStringToObject(sc, "variable", s.variable);
  if (s.nties) {
    cJSON *ties = cJSON_AddArrayToObject(sc, "ties");
    for (int t = 0; t < s.nties; t++) {
      cJSON *x = cJSON_CreateObject();
      cJSON_AddStringToObject(x, "variable", s.tie_var[t]);
      cJSON_AddStringToObject(x, "as", kp_scaling_tie_name(s.tie_kind[t]));
      cJSON_AddNumberToObject(x, "divisor", (double)s.tie_div[t]);
      cJSON_AddItemToArray(ties, x);
    }
  }
  cJSON *pts = cJSON_AddArrayToObject(sc, "points");
  for (int i = 0; i < s.npoints; i++) {
    cJSON *pt = cJSON_CreateObject();
    cJSON_AddNumberToObject(pt, "value", (double)((int64_t)1 << s.power[i]));
    add_num(pt, "predicted_us", s.predicted_us[i]);
    add_num(pt, "threads", s.threads[i]);
    add_num(pt, "stores", s.stores[i]);
    cJSON_AddItemToArray(pts, pt);
  }
  if (s.block_dims) {
    cJSON_AddNumberToObject(sc, "block_dims", s.block_dims);
    cJSON_AddNumberToObject(sc, "best", s.best);
    cJSON_AddNumberToObject(sc, "block_other", (double)s.block_other);
  }
  cJSON_AddBoolToObject(sc, "flat", s.flat);
  if (s.flat_from > 0)
    cJSON_AddNumberToObject(sc, "flat_from", s.flat_from);
  add_num(sc, "growth", s.growth);
  add_num(sc, "per_2_20_us", s.per_2_20_us);
  cJSON_AddStringToObject(sc, "bound", s.bound ? s.bound : "unknown");
  if (s.bound2 && s.bound2[0]) {
    cJSON_AddStringToObject(sc, "bound2", s.bound2);
    add_num(sc, "bound2_ratio", s.bound2_ratio);
  }
}

static void add_features(cJSON *o, const kp_prediction *p) {
  add_num(o, "W", p->qu_W);
  add_num(o, "I", p->qu_I);
  add_num(o, "v", p->qu_v);
  add_num(o, "v_over_I", p->qu_v_over_I);
}

/* Where the registers came from: "ptxas sm_86", "clang gfx90a" (AMD GPUs)
 * or "estimate", and the spills. */
static void add_registers(cJSON *o, const kp_gpu *gpu, const kp_predict_input *in) {
  char from[32] = "estimate";
  if (in->regs_from_ptxas && gpu) {
    char arch[16];
    kp_ptxas_arch_of_gpu(gpu, arch, sizeof arch);
    snprintf(from, sizeof from, "%s %s", kp_ptxas_compiler_of(gpu), arch);
  }
  cJSON_AddStringToObject(o, "registers_from", from);
  cJSON_AddNumberToObject(o, "registers_per_thread", in->regs_per_thread);
  add_num(o, "spill_bytes", in->spill_bytes);
  add_num(o, "stack_bytes", in->stack_bytes);
}


/* The launch's time per way of timing it: {"event": us, "nsight": ..., "stream": ...,
 * "graph": ...} (kp_prediction.timing_us). */
static void add_timings(cJSON *o, const kp_prediction *p) {
  cJSON *t = cJSON_CreateObject();
  for (int i = 0; i < KP_LAUNCH_TIMING_COUNT; i++)
    add_num(t, kp_launch_timing_name((kp_launch_timing)i), p->timing_us[i]);
  cJSON_AddItemToObject(o, "timings", t);
}

/* Long: one JSON object field by field, in the order the JSON keeps
 * them (the evaluation, the kernel's model, the model's own numbers, every
 * model's time, the statement, the candidates). */
static cJSON *launch_json(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                          kp_model_kind model, int64_t problem, int requested, int mb,
                          kp_launch_eval *e) {
  cJSON *o = cJSON_CreateObject();
  const char *kname = l->kernel >= 0 && (size_t)l->kernel < m->nkernels
                          ? m->kernels[l->kernel].name
                          : (l->kernel_name ? l->kernel_name : "?");
  cJSON_AddStringToObject(o, "kernel", kname ? kname : "?");
  char loc[4096];
  if (l->loc.line) {
    snprintf(loc, sizeof loc, "%s:%u:%u", l->loc.file ? l->loc.file : "", l->loc.line,
             l->loc.col);
    cJSON_AddStringToObject(o, "loc", loc);
  } else {
    cJSON_AddNullToObject(o, "loc");
  }
  cJSON_AddBoolToObject(o, "requested", requested);
  cJSON_AddStringToObject(o, "gpu", gpu ? gpu->id : "");
  cJSON_AddStringToObject(o, "model", kp_model_name(model));
  /* Whether kperf has a model of the kernel: resolved and its body walked. */
  const kp_kernel *k =
      l->kernel >= 0 && (size_t)l->kernel < m->nkernels ? &m->kernels[l->kernel] : NULL;
  cJSON_AddBoolToObject(o, "analysable", k && k->has_body && !k->not_analysed);
  if (l->block_macros) /* the block size written as compile-time parameters */
    cJSON_AddStringToObject(o, "block_macros", l->block_macros);
  if (kp_launch_evaluate(m, l, gpu, model, problem, requested ? 2 : 1, mb, e) != 0) {
    cJSON_AddBoolToObject(o, "ok", 0);
    cJSON_AddStringToObject(o, "why", "out of memory");
    return o;
  }
  cJSON_AddItemToObject(o, "grid", dim_json(e->grid));
  cJSON_AddItemToObject(o, "block", dim_json(e->block));
  cJSON_AddNumberToObject(o, "smem_dynamic", (double)e->smem_dynamic);
  int ok = e->ok && isfinite(e->pred.predicted_us);
  cJSON_AddBoolToObject(o, "ok", ok);
  if (!ok)
    cJSON_AddStringToObject(o, "why", e->why);
  if (!e->ok) {
    kp_launch_eval_free(e);
    add_scaling(o, m, l, gpu, model, e);
    return o;
  }
  const kp_prediction *p = &e->pred;
  add_num(o, "predicted_us", p->predicted_us);
  add_timings(o, p);
  add_registers(o, gpu, &e->in);
  cJSON_AddStringToObject(o, "bound", p->bound ? p->bound : "unknown");
  if (p->bound2 && p->bound2[0]) { /* bn: the runner-up limit */
    cJSON_AddStringToObject(o, "bound2", p->bound2);
    add_num(o, "bound2_ratio", p->bound2_ratio);
  }
  add_num(o, "waves", p->facts.blocks_per_wave > 0
                          ? (double)e->in.grid_blocks / (double)p->facts.blocks_per_wave
                          : p->waves);
  add_num(o, "waves_rounded_up", p->waves);
  cJSON *occ = cJSON_AddObjectToObject(o, "occupancy");
  add_num(occ, "occupancy", p->occ.occupancy);
  cJSON_AddNumberToObject(occ, "active_blocks_per_sm", p->occ.active_blocks_per_sm);
  cJSON_AddNumberToObject(occ, "active_warps_per_sm", p->occ.active_warps_per_sm);
  cJSON_AddStringToObject(occ, "limiter", p->occ.limiter ? p->occ.limiter : "");
  cJSON_AddNumberToObject(occ, "registers_per_thread", e->in.regs_per_thread);
  cJSON_AddNumberToObject(occ, "smem_bytes", (double)e->in.smem_bytes);
  cJSON *bd = cJSON_AddObjectToObject(o, "breakdown");
  add_num(bd, "launch_us", p->launch_us);
  add_num(bd, "exec_us", p->exec_us);
  add_num(bd, "transfer_us", p->transfer_us);
  add_num(bd, "exec_cycles", p->exec_cycles);
  add_num(bd, "clock_mhz", p->facts.clock_mhz);
  add_num(bd, "thread_cycles", p->thread_cycles);
  add_num(bd, "thread_issue_cycles", p->thread_delay);
  add_num(bd, "blocks_per_wave", (double)p->facts.blocks_per_wave);
  add_num(bd, "global_bytes_per_thread", e->global_bytes);
  add_num(bd, "uncoalesced_bytes_per_thread", e->in.uncoal_bytes);
  add_num(bd, "bank_conflict_replays_per_thread", e->bank_replays_ld + e->bank_replays_st);
  double total = 0;
  for (int c = 0; c < KP_I_COUNT; c++)
    total += e->in.count[c];
  add_num(bd, "instructions_per_thread", total);
  cJSON *bc = cJSON_AddObjectToObject(bd, "instructions_by_class");
  for (int c = 0; c < KP_I_COUNT; c++)
    if (e->in.count[c] > 0)
      add_num(bc, kp_iclass_name((kp_iclass)c), e->in.count[c]);
  /* As emitted (static nests folded, shared loads merged): the classes that
   * differ, and the total. */
  cJSON *em = cJSON_AddObjectToObject(bd, "emitted_per_thread");
  double emitted_total = 0;
  for (int c = 0; c < KP_I_COUNT; c++) {
    int differs = !isnan(e->in.emitted[c]) && e->in.emitted[c] != e->in.count[c];
    if (differs)
      add_num(em, kp_iclass_name((kp_iclass)c), e->in.emitted[c]);
    emitted_total += differs ? e->in.emitted[c] : e->in.count[c];
  }
  add_num(bd, "emitted_instructions_per_thread", emitted_total);
  add_num(bd, "syncs_per_thread", e->in.syncs);
  add_num(bd, "global_stores_per_thread",
          e->in.count[KP_I_ST_GLOBAL] + e->in.count[KP_I_ATOMIC]);
  if (e->in.footprint_bytes >= 0)
    add_num(bd, "footprint_bytes", e->in.footprint_bytes);
  /* The model's own numbers (its row of the registry). */
  const kp_model_def *def = kp_model_def_of(model);
  if (def && def->fields) {
    kp_model_field f[KP_MODEL_MAX_FIELDS];
    int n = def->fields(p, f);
    for (int i = 0; i < n && i < KP_MODEL_MAX_FIELDS; i++)
      add_num(bd, f[i].name, f[i].value);
  }
  add_features(o, p);
  add_num(o, "D", p->qu_D);
  add_num(o, "A", p->qu_A);
  cJSON_AddStringToObject(o, "note", p->note);
  /* Every model on the same input. */
  cJSON *models = cJSON_AddObjectToObject(o, "models");
  for (int k = 0; k < KP_MODEL_COUNT; k++) {
    kp_prediction q;
    char err[256];
    double t = NAN;
    if (kp_predict((kp_model_kind)k, gpu, &e->in, &q, err, sizeof err) == 0)
      t = q.predicted_us;
    add_num(models, kp_model_name((kp_model_kind)k), t);
  }
  cJSON *rs = cJSON_AddObjectToObject(o, "reshape");
  cJSON_AddBoolToObject(rs, "ok", e->reshape_ok);
  cJSON_AddBoolToObject(rs, "exact_fit", e->exact_fit);
  cJSON_AddStringToObject(rs, "why", e->reshape_why);
  if (e->grid_from_problem) {
    cJSON_AddNumberToObject(o, "problem_size", (double)e->problem_size);
    cJSON_AddStringToObject(o, "problem_text", e->problem_text);
    if (e->two_d) {
      cJSON_AddNumberToObject(o, "problem_size_y", (double)e->problem_size_y);
      cJSON_AddStringToObject(o, "problem_text_y", e->problem_text_y);
    }
  } else {
    cJSON_AddNullToObject(o, "problem_size");
  }
  cJSON *cands = cJSON_AddArrayToObject(o, "candidates");
  for (size_t i = 0; i < e->ncand; i++) {
    const kp_launch_candidate *c = &e->cand[i];
    cJSON *co = cJSON_CreateObject();
    cJSON_AddNumberToObject(co, "block", (double)c->block);
    cJSON_AddNumberToObject(co, "grid", (double)c->grid);
    if (e->two_d) {
      cJSON_AddNumberToObject(co, "block_y", (double)c->block_y);
      cJSON_AddNumberToObject(co, "grid_y", (double)c->grid_y);
    }
    add_num(co, "predicted_us", c->predicted_us);
    if (isfinite(c->predicted_us)) {
      add_num(co, "occupancy", c->pred.occ.occupancy);
      cJSON_AddStringToObject(co, "bound", c->pred.bound ? c->pred.bound : "unknown");
    }
    add_features(co, &c->pred);
    cJSON_AddItemToArray(cands, co);
  }
  if (e->best >= 0) {
    const kp_launch_candidate *c = &e->cand[e->best];
    cJSON *r = cJSON_AddObjectToObject(o, "best");
    cJSON_AddNumberToObject(r, "block", (double)c->block);
    cJSON_AddNumberToObject(r, "grid", (double)c->grid);
    if (e->two_d) {
      cJSON_AddNumberToObject(r, "block_y", (double)c->block_y);
      cJSON_AddNumberToObject(r, "grid_y", (double)c->grid_y);
    }
    add_num(r, "predicted_us", c->predicted_us);
    cJSON_AddBoolToObject(r, "recommended", e->recommend);
  } else {
    cJSON_AddNullToObject(o, "best");
  }
  kp_launch_eval_free(e);
  return o;
}

int kp_predict_json_write(const kp_module *m, const kp_gpu *gpu, kp_model_kind model,
                          const kp_launch *extra, int64_t problem, int max_blocks_per_sm,
                          const char *extra_error,
                          const char *path, char *err, size_t errlen) {
  cJSON *root = cJSON_CreateObject();
  kp_launch_eval *e = malloc(sizeof *e);
  if (!root || !e) {
    cJSON_Delete(root);
    free(e);
    snprintf(err, errlen, "out of memory writing %s", path);
    return -1;
  }
  cJSON_AddNumberToObject(root, "schema", 1);
  cJSON_AddStringToObject(root, "file", m && m->main_file ? m->main_file : "");
  if (gpu) {
    cJSON_AddStringToObject(root, "gpu", gpu->id);
    cJSON_AddStringToObject(root, "gpu_name", gpu->full_name);
  } else {
    cJSON_AddNullToObject(root, "gpu");
  }
  cJSON_AddStringToObject(root, "model", kp_model_name(model));
  if (max_blocks_per_sm > 0)
    cJSON_AddNumberToObject(root, "max_blocks_per_sm", max_blocks_per_sm);
  cJSON_AddNumberToObject(root, "host_errors", m ? m->host_errors : 0);
  cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
  for (size_t i = 0; m && i < m->nkernels; i++)
    cJSON_AddItemToArray(ks, cJSON_CreateString(m->kernels[i].name ? m->kernels[i].name : "?"));
  if (extra_error)
    cJSON_AddStringToObject(root, "error", extra_error);
  cJSON *arr = cJSON_AddArrayToObject(root, "launches");
  if (extra)
    cJSON_AddItemToArray(arr, launch_json(m, extra, gpu, model, problem, 1, max_blocks_per_sm, e));
  for (size_t i = 0; m && i < m->nlaunches; i++)
    cJSON_AddItemToArray(arr, launch_json(m, &m->launches[i], gpu, model, 0, 0, max_blocks_per_sm, e));
  free(e);
  char *text = cJSON_Print(root);
  cJSON_Delete(root);
  if (!text) {
    snprintf(err, errlen, "out of memory writing %s", path);
    return -1;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  int rc = 0;
  if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0) {
    snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
    rc = -1;
  }
  if (f && fclose(f) != 0 && rc == 0) {
    snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
    rc = -1;
  }
  if (rc == 0 && rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    rc = -1;
  }
  if (rc != 0)
    unlink(tmp);
  free(text);
  return rc;
}

static cJSON *batch_json(kp_module *m, const kp_batch_launch *b, size_t i, kp_launch_eval *e) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "line", (double)i);
  cJSON_AddStringToObject(o, "gpu", b->gpu ? b->gpu->id : (b->gpu_name ? b->gpu_name : ""));
  cJSON_AddStringToObject(o, "kernel", b->kernel ? b->kernel : "");
  const char *why = NULL;
  char whybuf[600];
  int k = b->kernel ? kp_module_find_kernel(m, b->kernel) : -1;
  kp_launch l;
  if (!b->gpu) {
    snprintf(whybuf, sizeof whybuf, "missing GPU: %s", b->gpu_why ? b->gpu_why : "not found");
    why = whybuf;
  } else if (k < 0) {
    snprintf(whybuf, sizeof whybuf, "no kernel named '%s' in this file", b->kernel ? b->kernel : "");
    why = whybuf;
  } else if (kp_module_launch_of(m, k, b->grid, b->block, b->smem, &l) != 0 ||
             kp_launch_evaluate(m, &l, b->gpu, KP_MODEL_DEFAULT, 0, 0, b->max_blocks_per_sm, e) != 0) {
    why = "out of memory";
  } else if (!e->ok) {
    snprintf(whybuf, sizeof whybuf, "%s", e->why);
    why = whybuf;
    kp_launch_eval_free(e);
  }
  if (why) {
    cJSON_AddBoolToObject(o, "ok", 0);
    cJSON_AddStringToObject(o, "why", why);
    return o;
  }
  cJSON *models = cJSON_CreateObject(), *whys = cJSON_CreateObject();
  int any = 0;
  for (int mk = 0; mk < KP_MODEL_COUNT; mk++) {
    kp_prediction q;
    memset(&q, 0, sizeof q);
    char perr[256] = "";
    double t = NAN;
    if (kp_predict((kp_model_kind)mk, b->gpu, &e->in, &q, perr, sizeof perr) == 0)
      t = q.predicted_us;
    any |= isfinite(t);
    add_num(models, kp_model_name((kp_model_kind)mk), t);
    if (!isfinite(t))
      cJSON_AddStringToObject(whys, kp_model_name((kp_model_kind)mk),
                              perr[0] ? perr : (q.note[0] ? q.note : "no time"));
  }
  cJSON_AddBoolToObject(o, "ok", any);
  if (!any)
    cJSON_AddStringToObject(o, "why", e->why[0] ? e->why : "no model gave a time");
  add_num(o, "predicted_us", e->pred.predicted_us);
  add_timings(o, &e->pred);
  if (e->pred.bound && e->pred.bound[0])
    cJSON_AddStringToObject(o, "bound", e->pred.bound);
  if (e->pred.bound2 && e->pred.bound2[0]) {
    cJSON_AddStringToObject(o, "bound2", e->pred.bound2);
    add_num(o, "bound2_ratio", e->pred.bound2_ratio);
  }
  cJSON_AddItemToObject(o, "models", models);
  cJSON_AddItemToObject(o, "models_why", whys);
  add_registers(o, b->gpu, &e->in);
  kp_launch_eval_free(e);
  return o;
}

int kp_predict_batch_write(kp_module *m, const kp_batch_launch *b, size_t n, const char *path,
                           char *err, size_t errlen) {
  kp_launch_eval *e = malloc(sizeof *e);
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
  FILE *f = e ? fopen(tmp, "w") : NULL;
  if (!f) {
    snprintf(err, errlen, "cannot write %s: %s", tmp, e ? strerror(errno) : "out of memory");
    free(e);
    return -1;
  }
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    cJSON *o = batch_json(m, &b[i], i, e);
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (!text || fputs(text, f) < 0 || fputc('\n', f) < 0) {
      snprintf(err, errlen, "cannot write %s: %s", tmp, text ? strerror(errno) : "out of memory");
      rc = -1;
    }
    cJSON_free(text);
  }
  free(e);
  if (fclose(f) != 0 && rc == 0) {
    snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
    rc = -1;
  }
  if (rc == 0 && rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    rc = -1;
  }
  if (rc != 0)
    unlink(tmp);
  return rc;
}
