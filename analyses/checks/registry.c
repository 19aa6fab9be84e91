/* The check registry: the checks of include/kperf/checks.def, their options
 * (parsed here for the plugin, the clang-tidy module and kperf), and the run
 * of the enabled ones over a module. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "kperf/checks.h"
#include "kperf/errmsg.h"

#include "kperf/invariant.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static const kp_check_info *const CHECKS[] = {
#define KP_CHECK(id) &kp_check_##id,
#include "kperf/checks.def"
#undef KP_CHECK
};
#define NCHECKS (sizeof CHECKS / sizeof *CHECKS)

const kp_check_info *const *kp_checks(size_t *n) {
  *n = NCHECKS;
  return CHECKS;
}

const kp_check_info *kp_check_find(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < NCHECKS; i++)
    if (strcmp(CHECKS[i]->name, name) == 0 || strcmp(CHECKS[i]->name + 6, name) == 0)
      return CHECKS[i];
  return NULL;
}

const kp_check_option *kp_check_option_find(const char *name, const kp_check_info **owner) {
  for (size_t i = 0; name && i < NCHECKS; i++)
    for (size_t k = 0; k < CHECKS[i]->noptions; k++) {
      const kp_check_option *d = &CHECKS[i]->options[k];
      if (strcmp(d->key, name) == 0 || strcmp(d->tidy_name, name) == 0) {
        if (owner)
          *owner = CHECKS[i];
        return d;
      }
    }
  return NULL;
}

/* ---- Option values ---------------------------------------------------- */

static double *real_at(kp_check_options *o, const kp_check_option *d) {
  return (double *)(void *)((char *)o + d->offset);
}
static int *int_at(kp_check_options *o, const kp_check_option *d) {
  return (int *)(void *)((char *)o + d->offset);
}

/* The index of name among d's choices (case-insensitive), -1 when none. */
static int choice_index(const kp_check_option *d, const char *name) {
  for (int i = 0; d->choice && d->choice(i); i++)
    if (strcasecmp(d->choice(i), name) == 0)
      return i;
  return -1;
}

void kp_check_option_accepts(const kp_check_option *d, char *buf, size_t len) {
  if (!len)
    return;
  buf[0] = '\0';
  if (d->type == KP_OPT_CHOICE) {
    size_t used = 0;
    for (int i = 0; d->choice && d->choice(i) && used < len; i++)
      used += (size_t)snprintf(buf + used, len - used, "%s%s",
                               i == 0 ? "" : d->choice(i + 1) ? ", " : " or ", d->choice(i));
  } else {
    snprintf(buf, len, "%s from %g to %g", d->type == KP_OPT_INT ? "an integer" : "a number",
             d->min, d->max);
  }
}

int kp_check_option_set(kp_check_options *o, const kp_check_option *d, const char *text, char *err,
                        size_t errlen) {
  char accepts[160];
  if (!o || !d || !text)
    return kp__err(err, errlen, "no value");
  if (d->type == KP_OPT_CHOICE) {
    int i = choice_index(d, text);
    if (i >= 0) {
      *int_at(o, d) = i;
      return 0;
    }
  } else {
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    int ok = end != text && *end == '\0' && errno == 0 && v >= d->min && v <= d->max;
    if (ok && d->type == KP_OPT_INT) {
      ok = v == floor(v);
      if (ok)
        *int_at(o, d) = (int)v;
    } else if (ok) {
      *real_at(o, d) = v;
    }
    if (ok)
      return 0;
  }
  kp_check_option_accepts(d, accepts, sizeof accepts);
  if (d->type == KP_OPT_CHOICE)
    return kp__err(err, errlen, "expected %s", accepts);
  return kp__err(err, errlen, "expected %s, e.g. %s", accepts, d->def);
}

void kp_check_option_text(const kp_check_options *o, const kp_check_option *d, char *buf,
                          size_t len) {
  kp_check_options *w = (kp_check_options *)o; /* read only */
  if (d->type == KP_OPT_REAL)
    snprintf(buf, len, "%g", *real_at(w, d));
  else if (d->type == KP_OPT_INT)
    snprintf(buf, len, "%d", *int_at(w, d));
  else {
    const char *name = d->choice ? d->choice(*int_at(w, d)) : NULL;
    snprintf(buf, len, "%s", name ? name : "?");
  }
}

void kp_check_options_init(kp_check_options *o) {
  memset(o, 0, sizeof *o);
  for (size_t i = 0; i < NCHECKS; i++)
    for (size_t k = 0; k < CHECKS[i]->noptions; k++) {
      const kp_check_option *d = &CHECKS[i]->options[k];
      int rc = kp_check_option_set(o, d, d->def, NULL, 0);
      KP_ASSERT(rc == 0 && "an option's default is one of its values");
      (void)rc;
    }
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
  KP_ASSERT(ctx->opts && "checks need their options (kp_check_options_init)");
  KP_ASSERT(kp_module_valid(ctx->m));
  size_t first = out->n;
  for (size_t i = 0; i < NCHECKS; i++)
    if (!enabled || enabled(CHECKS[i]->name, user))
      CHECKS[i]->run(ctx, out);
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
