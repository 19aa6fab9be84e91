/* kperf checks: the analyses that turn a kernel model into findings.
 *
 * Each check lives in its own file (analyses/check_<name>.c) and is
 * registered once, in analyses/checks.c.  A check reads the module and the
 * target GPU and adds findings named "kperf-<name>"; it says nothing when it
 * is not sure.  Documentation: docs/checks/<name>.md. */
#ifndef KPERF_CHECKS_H
#define KPERF_CHECKS_H

#include <stddef.h>

#include "kperf/finding.h"
#include "kperf/gpu.h"
#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kp_check_options {
  /* kperf-uncoalesced warns when a warp request needs at least this many
   * times the transactions of a coalesced one (>= 1; default 2). */
  double uncoalesced_ratio;
  /* kperf-bank-conflict warns from this degree on (>= 2; default 2). */
  unsigned bank_conflict_min;
  /* kperf-launch: the model (a kp_model_kind of predict.h; default 0, kp),
   * warnings instead of remarks (default 0), and remarks for launches that
   * get no prediction (verbose; default 0). */
  int model;
  int launch_warning;
  int verbose;
} kp_check_options;

void kp_check_options_init(kp_check_options *o);

typedef struct kp_check_ctx {
  const kp_module *m;
  const kp_gpu *gpu; /* the target GPU (its compute capability decides the rules) */
  const kp_check_options *opts;
  /* Time budget: kp_check_now() seconds after which the checks stop judging
   * (the rest gets no finding, never a wrong one); 0: none.  out_of_time
   * (when set) becomes 1 when that happened. */
  double deadline;
  int *out_of_time;
} kp_check_ctx;

/* Seconds on a monotonic clock (for kp_check_ctx.deadline). */
double kp_check_now(void);
/* 1 when ctx's deadline has passed (and *ctx->out_of_time set); checks call
 * it before each access and launch they judge. */
int kp_check_out_of_time(const kp_check_ctx *ctx);

typedef void (*kp_check_fn)(const kp_check_ctx *ctx, kp_findings *out);

typedef struct kp_check_info {
  const char *name;    /* "kperf-uncoalesced" */
  const char *summary; /* one line */
  kp_check_fn run;
  const char *rule_name; /* "UncoalescedGlobalAccess": the rule's name in SARIF */
} kp_check_info;

/* The registered checks, in a stable order. */
const kp_check_info *kp_checks(size_t *n);
/* The check with this name ("kperf-bank-conflict" or "bank-conflict"), or NULL. */
const kp_check_info *kp_check_find(const char *name);

/* Runs every check for which enabled(name, user) returns non-zero (all when
 * enabled is NULL). */
void kp_run_checks(const kp_check_ctx *ctx, int (*enabled)(const char *name, void *user),
                   void *user, kp_findings *out);

/* The checks (one per file). */
void kp_check_uncoalesced(const kp_check_ctx *ctx, kp_findings *out);
void kp_check_bank_conflict(const kp_check_ctx *ctx, kp_findings *out);
void kp_check_launch(const kp_check_ctx *ctx, kp_findings *out);

#ifdef __cplusplus
}
#endif
#endif
