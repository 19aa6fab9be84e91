/* The check registry: every kperf check, registered here once. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "kperf/checks.h"
#include "kperf/predict.h"

#include <time.h>

#include <stdlib.h>
#include <string.h>

static const kp_check_info CHECKS[] = {
    {"kperf-uncoalesced",
     "global memory accesses whose warp requests need several times the transactions of a "
     "coalesced access",
     kp_check_uncoalesced, "UncoalescedGlobalAccess"},
    {"kperf-bank-conflict", "shared memory accesses whose lanes collide in a bank",
     kp_check_bank_conflict, "SharedMemoryBankConflict"},
    {"kperf-launch", "the predicted time of each launch, and a faster 1-D block size",
     kp_check_launch, "PredictedLaunchTime"},
};

void kp_check_options_init(kp_check_options *o) {
  o->uncoalesced_ratio = 2.0;
  o->bank_conflict_min = 2;
  o->model = KP_MODEL_DEFAULT;
  o->launch_warning = 0;
  o->verbose = 0;
}

const kp_check_info *kp_checks(size_t *n) {
  *n = sizeof CHECKS / sizeof *CHECKS;
  return CHECKS;
}

const kp_check_info *kp_check_find(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof CHECKS / sizeof *CHECKS; i++)
    if (strcmp(CHECKS[i].name, name) == 0 || strcmp(CHECKS[i].name + 6, name) == 0)
      return &CHECKS[i];
  return NULL;
}

static int loc_cmp(const kp_loc *a, const kp_loc *b) {
  int f = strcmp(a->file ? a->file : "", b->file ? b->file : "");
  if (f)
    return f;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->col != b->col)
    return a->col < b->col ? -1 : 1;
  return 0;
}

static int same_finding(const kp_finding *a, const kp_finding *b) {
  return loc_cmp(&a->loc, &b->loc) == 0 && strcmp(a->check, b->check) == 0 &&
         strcmp(a->message, b->message) == 0;
}

double kp_check_now(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
    return 0;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int kp_check_out_of_time(const kp_check_ctx *ctx) {
  if (!ctx || !(ctx->deadline > 0))
    return 0;
  if (ctx->out_of_time && *ctx->out_of_time)
    return 1;
  if (kp_check_now() <= ctx->deadline)
    return 0;
  if (ctx->out_of_time)
    *ctx->out_of_time = 1;
  return 1;
}

void kp_run_checks(const kp_check_ctx *ctx, int (*enabled)(const char *name, void *user),
                   void *user, kp_findings *out) {
  if (!ctx || !ctx->m || !ctx->gpu || ctx->gpu->cc_major < 1)
    return;
  size_t first = out->n;
  for (size_t i = 0; i < sizeof CHECKS / sizeof *CHECKS; i++)
    if (!enabled || enabled(CHECKS[i].name, user))
      CHECKS[i].run(ctx, out);
  /* Source order (stable: insertion sort, the lists are short), and one
   * finding where template instances or inlined copies repeat it. */
  kp_finding *it = out->items;
  for (size_t i = first + 1; i < out->n; i++) {
    kp_finding x = it[i];
    size_t j = i;
    while (j > first && loc_cmp(&it[j - 1].loc, &x.loc) > 0) {
      it[j] = it[j - 1];
      j--;
    }
    it[j] = x;
  }
  size_t kept = first;
  for (size_t i = first; i < out->n; i++) {
    int dup = 0;
    for (size_t j = first; j < kept && !dup; j++)
      dup = same_finding(&it[j], &it[i]);
    if (dup) {
      free(it[i].notes);
      free(it[i].fixits);
      continue;
    }
    it[kept++] = it[i];
  }
  out->n = kept;
}
