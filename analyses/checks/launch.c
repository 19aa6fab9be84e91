/* kperf-launch: the predicted time of each launch whose kernel and sizes are
 * known, with the model chosen by -fplugin-arg-kperf-model (predict.h), and
 * the 1-D block size that the model predicts at least 10% faster, when the
 * kernel runs correctly with any block size (docs/checks/launch.md).  The
 * numbers come from the launch evaluation engine (launch.h, launch_eval.c);
 * this file words them. */
#include "kperf/checks.h"
#include "kperf/launch.h"

#include <inttypes.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CHECK = "kperf-launch";

static void shape_text(const int64_t *d, char *buf, size_t len) {
  if (d[1] == 1 && d[2] == 1)
    snprintf(buf, len, "%" PRId64, d[0]);
  else if (d[2] == 1)
    snprintf(buf, len, "%" PRId64 " (%" PRId64 "x%" PRId64 ")", d[0] * d[1], d[0], d[1]);
  else
    snprintf(buf, len, "%" PRId64 " (%" PRId64 "x%" PRId64 "x%" PRId64 ")", d[0] * d[1] * d[2],
             d[0], d[1], d[2]);
}

/* Whether #pragma kperf assume can name v: an identifier, or members of
 * one (`grid.x`, `plan->gridSize`). */
static int assumable(const char *v) {
  int start = 1;
  for (; *v; v++) {
    int c = (unsigned char)*v;
    if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!start && c >= '0' && c <= '9'))
      start = 0;
    else if (!start && c == '.')
      start = 1;
    else if (!start && c == '-' && v[1] == '>') {
      v++;
      start = 1;
    } else
      return 0;
  }
  return !start;
}

/* The remark of a launch with one unknown (kp_launch_scaling_of).  1 when said;
 * else, into why_none, the reason the model refuses the launch whatever its
 * unknowns (no block fits on an SM), or "". */
static int scaling_statement(const kp_check_ctx *ctx, const kp_launch *l, kp_model_kind model,
                             kp_severity sev, const kp_launch_eval *e, kp_findings *out,
                             char *why_none, size_t why_len) {
  kp_launch_scaling s;
  if (!kp_launch_scaling_of(ctx->m, l, ctx->gpu, model, e, ctx, &s)) {
    snprintf(why_none, why_len, "%s", s.why_none);
    return 0;
  }
  char text[640], vars[256], ties[640], taking[660] = "", assume[256];
  kp_launch_scaling_text(&s, text, sizeof text);
  kp_launch_scaling_vars(&s, vars, sizeof vars);
  kp_launch_scaling_ties(&s, ties, sizeof ties);
  if (ties[0])
    snprintf(taking, sizeof taking, " (taking %s)", ties);
  /* The pragma names variables and members (`n`, `grid.x`), not calls. */
  size_t used = 0;
  assume[0] = '\0';
  for (int t = -1; t < s.nties && used < sizeof assume; t++) {
    const char *v = t < 0 ? s.variable : s.tie_var[t];
    if (assumable(v))
      used += (size_t)snprintf(assume + used, sizeof assume - used, "%s%s = ...",
                               used ? ", " : "", v);
  }
  int once = kp_launch_scaling_once(&s); /* loops kperf cannot follow: their pragma too */
  return kp_findings_add(out, CHECK, sev, l->loc,
                         "predicted on %s (%s model) as a function of %s, which %s no value "
                         "here%s: %s%s%s%s",
                         ctx->gpu->id, kp_model_name(model), vars, s.nties ? "have" : "has",
                         taking, text, assume[0] ? "; #pragma kperf assume(" : "", assume,
                         !assume[0]  ? ""
                         : once > 1  ? ") and #pragma kperf trip(N) on each of those loops give "
                                       "one number"
                         : once == 1 ? ") and #pragma kperf trip(N) on the loop give one number"
                                     : ") gives one number") != NULL;
}

/* Once per file and parameter: a note on the last finding naming the
 * compile-time parameter(s) the block size is written as and the command
 * that searches them.  seen: the parameters named so far ('\n'-separated). */
static void tune_hint(const kp_module *m, const kp_launch *l, char *seen, size_t seen_len,
                      kp_findings *out) {
  const char *bm = l->block_macros;
  if (!bm || !*bm || strlen(bm) > 120)
    return;
  char key[128];
  snprintf(key, sizeof key, "%s\n", bm);
  if (strstr(seen, key))
    return;
  if (strlen(seen) + strlen(key) < seen_len)
    strcat(seen, key);
  char first[128], second[128] = "";
  snprintf(first, sizeof first, "%s", bm);
  char *comma = strchr(first, ',');
  if (comma) {
    *comma = '\0';
    snprintf(second, sizeof second, "%s", comma + 1);
  }
  const char *file = m->main_file ? m->main_file : "FILE";
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;
  if (second[0])
    kp_findings_note(out, l->loc,
                     "the block size is the compile-time parameters '%s' and '%s'; `kperf tune "
                     "%s --tune %s --tune %s` predicts the launches at their other values",
                     first, second, base, first, second);
  else
    kp_findings_note(out, l->loc,
                     "the block size is the compile-time parameter '%s'; `kperf tune %s --tune "
                     "%s` predicts the launches at its other values",
                     first, base, first);
}

static void run(const kp_check_ctx *ctx, kp_findings *out) {
  char tune_seen[512] = "";
  const kp_module *m = ctx->m;
  kp_model_kind model = (kp_model_kind)ctx->opts->model;
  if (ctx->opts->launch_report == 2) /* off */
    return;
  kp_severity sev = ctx->opts->launch_report == 1 ? KP_WARNING : kp_check_launch.severity;
  kp_launch_eval *e = malloc(sizeof *e);
  if (!e)
    return;
  for (size_t li = 0; li < m->nlaunches; li++) {
    if (kp_check_out_of_time(ctx))
      break;
    const kp_launch *l = &m->launches[li];
    const char *kname = l->kernel >= 0 && (size_t)l->kernel < m->nkernels
                            ? m->kernels[l->kernel].name
                            : (l->kernel_name ? l->kernel_name : "?");
    if (kp_launch_evaluate(m, l, ctx->gpu, model, 0, 1, 0, e) != 0) {
      kp_launch_eval_free(e);
      break;
    }
    if (e->invalid) {
      kp_findings_add(out, CHECK, KP_WARNING, l->loc,
                      "this launch of '%s' fails: %s; the CUDA runtime rejects it and the "
                      "kernel does not run",
                      kname, e->why);
      kp_launch_eval_free(e);
      continue;
    }
    char why_none[512] = "";
    if (!e->ok && e->missing[0] && !e->invalid) {
      kp_launch_eval_free(e);
      if (scaling_statement(ctx, l, model, sev, e, out, why_none, sizeof why_none)) {
        tune_hint(m, l, tune_seen, sizeof tune_seen, out);
        continue;
      }
    }
    if (!e->ok || !isfinite(e->pred.predicted_us)) {
      if (ctx->opts->verbose)
        kp_findings_add(out, CHECK, KP_REMARK, l->loc,
                        "no time predicted for this launch of '%s' on %s: %s", kname,
                        ctx->gpu->id, why_none[0] ? why_none : e->why);
      kp_launch_eval_free(e);
      continue;
    }
    const kp_prediction *p = &e->pred;
    char t[32], blk[96];
    kp_format_time_us(p->predicted_us, t, sizeof t);
    shape_text(e->block, blk, sizeof blk);
    double waves = p->facts.blocks_per_wave > 0
                       ? (double)e->in.grid_blocks / (double)p->facts.blocks_per_wave
                       : p->waves;
    char next[64]; /* bn: the runner-up limit */
    kp_bound_next_text(p->bound2, p->bound2_ratio, next, sizeof next);
    kp_finding *f = kp_findings_add(
        out, CHECK, sev, l->loc,
        "predicted %s on %s (%s model): %lld blocks of %s threads, occupancy %.0f%% (limited by "
        "%s), %.3g waves, bound by %s%s",
        t, ctx->gpu->id, kp_model_name(model), (long long)e->in.grid_blocks, blk,
        100.0 * p->occ.occupancy, p->occ.limiter ? p->occ.limiter : "?", waves,
        p->bound ? p->bound : "?", next);
    if (f && e->uncoal_accesses > 0)
      kp_findings_note(out, l->loc,
                       "uncoalesced requests add %.0f%% to the global traffic per thread beyond "
                       "what coalesced ones would move (%u access%s); the model counts it",
                       100.0 * e->uncoal_fraction, e->uncoal_accesses,
                       e->uncoal_accesses == 1 ? "" : "es");
    if (f && e->bank_accesses > 0)
      kp_findings_note(out, l->loc,
                       "bank conflicts replay %.3g shared-memory accesses per thread (%u "
                       "access%s); the model counts them",
                       e->bank_replays_ld + e->bank_replays_st, e->bank_accesses,
                       e->bank_accesses == 1 ? "" : "es");
    /* An AMD wavefront is 64 lanes: a block of another size leaves some idle
     * (on NVIDIA the search of other block sizes weighs that). */
    int64_t threads = e->block[0] * e->block[1] * e->block[2];
    int ws = p->facts.warp_size;
    if (f && kp_gpu_is_amd(ctx->gpu) && ws > 0 && threads > 0 && threads % ws != 0) {
      int64_t waves_per_block = (threads + ws - 1) / ws;
      kp_findings_note(out, l->loc,
                       "blocks of %" PRId64 " threads fill %" PRId64 " wavefront%s of %d lanes: "
                       "%.0f%% of the lanes stay idle; blocks of a multiple of %d threads use "
                       "them all",
                       threads, waves_per_block, waves_per_block == 1 ? "" : "s", ws,
                       100.0 * (double)(waves_per_block * ws - threads) /
                           (double)(waves_per_block * ws),
                       ws);
    }
    if (f && e->recommend) {
      const kp_launch_candidate *c = &e->cand[e->best];
      char tb[32], gridtext[320];
      kp_format_time_us(c->predicted_us, tb, sizeof tb);
      if (e->two_d) {
        snprintf(gridtext, sizeof gridtext, "dim3(ceil(%s/%" PRId64 "), ceil(%s/%" PRId64 "))",
                 e->problem_text, c->block, e->problem_text_y, c->block_y);
        kp_findings_note(out, l->loc,
                         "recommended <<<%s, dim3(%" PRId64 ", %" PRId64 ")>>> (predicted %s vs %s)",
                         gridtext, c->block, c->block_y, tb, t);
      } else if (e->grid_from_problem && e->exact_fit)
        snprintf(gridtext, sizeof gridtext, "%s/%" PRId64, e->problem_text, c->block);
      else if (e->grid_from_problem)
        snprintf(gridtext, sizeof gridtext, "ceil(%s/%" PRId64 ")", e->problem_text, c->block);
      else
        snprintf(gridtext, sizeof gridtext, "%" PRId64, c->grid);
      if (!e->two_d)
        kp_findings_note(out, l->loc, "recommended <<<%s, %" PRId64 ">>> (predicted %s vs %s)",
                         gridtext, c->block, tb, t);
    } else if (f && ctx->opts->verbose && !e->reshape_ok) {
      kp_findings_note(out, l->loc, "no other block size considered: %s", e->reshape_why);
    }
    if (f && !e->recommend)
      tune_hint(m, l, tune_seen, sizeof tune_seen, out);
    if (f && ctx->opts->verbose && p->note[0])
      kp_findings_note(out, l->loc, "model notes: %s", p->note);
    kp_launch_eval_free(e);
  }
  free(e);
}

/* The model option's names: the model registry's, in kind order. */
static const char *model_choice(int i) {
  return i >= 0 && i < KP_MODEL_COUNT ? kp_model_name((kp_model_kind)i) : NULL;
}

static const char *severity_choice(int i) {
  static const char *const names[] = {"remark", "warning", "off"};
  return i >= 0 && i < 3 ? names[i] : NULL;
}

static const kp_check_option OPTIONS[] = {
    {"model", "Model", KP_OPT_CHOICE, 0, 0, model_choice, "bn",
     "the performance model that predicts the times (docs/models.md)",
     offsetof(kp_check_options, model)},
    {"launch", "Report", KP_OPT_CHOICE, 0, 0, severity_choice, "remark",
     "how each launch's predicted time is reported ('off': the check does not run)",
     offsetof(kp_check_options, launch_report)},
};

const kp_check_info kp_check_launch = {
    "kperf-launch", "the predicted time of each launch, and a faster 1-D block size", run,
    "PredictedLaunchTime", KP_REMARK, OPTIONS, sizeof OPTIONS / sizeof *OPTIONS};
