/* The check registry: every kperf check, registered here once. */
#include "kperf/checks.h"

#include <string.h>

static const kp_check_info CHECKS[] = {
    {"kperf-uncoalesced",
     "global memory accesses whose warp requests need several times the transactions of a "
     "coalesced access",
     kp_check_uncoalesced},
    {"kperf-bank-conflict", "shared memory accesses whose lanes collide in a bank",
     kp_check_bank_conflict},
};

void kp_check_options_init(kp_check_options *o) {
  o->uncoalesced_ratio = 2.0;
  o->bank_conflict_min = 2;
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

void kp_run_checks(const kp_check_ctx *ctx, int (*enabled)(const char *name, void *user),
                   void *user, kp_findings *out) {
  if (!ctx || !ctx->m || !ctx->gpu || ctx->gpu->cc_major < 1)
    return;
  for (size_t i = 0; i < sizeof CHECKS / sizeof *CHECKS; i++)
    if (!enabled || enabled(CHECKS[i].name, user))
      CHECKS[i].run(ctx, out);
}
