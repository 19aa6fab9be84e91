/* kperf checks: the analyses that turn a kernel model into findings.
 *
 * Each check lives in its own file (analyses/checks/<name>.c), which defines
 * its kp_check_info (name, summary, severity, options), and is registered
 * once, by a row of include/kperf/checks.def.  A check reads the module and the
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

/* The values of every check's options (kp_check_option); each check reads
 * its own.  kp_check_options_init sets the defaults of the descriptors. */
typedef struct kp_check_options {
  double uncoalesced_ratio; /* kperf-uncoalesced: uncoalesced-ratio */
  int bank_conflict_min;    /* kperf-bank-conflict: bank-conflict-min */
  int model;                /* kperf-launch: model (a kp_model_kind of predict.h) */
  int launch_report;        /* kperf-launch: launch (0 remark, 1 warning, 2 off) */
  /* Not an option of one check: remarks for what kperf could not analyse
   * (the plugin's verbose key). */
  int verbose;
} kp_check_options;

/* The type of a check option's value. */
typedef enum kp_option_type {
  KP_OPT_REAL,  /* a number in [min, max], stored as double */
  KP_OPT_INT,   /* an integer in [min, max], stored as int */
  KP_OPT_CHOICE /* one of the names choice(0), choice(1), ...; stored as its index (int) */
} kp_option_type;

/* An option of a check, described once: the plugin (-fplugin-arg-kperf-KEY=V),
 * the clang-tidy module (kperf-CHECK.TidyName) and 'kperf checks' read these
 * rows and parse values with kp_check_option_set. */
typedef struct kp_check_option {
  const char *key;       /* "uncoalesced-ratio": the plugin's key */
  const char *tidy_name; /* "UncoalescedRatio": the clang-tidy option */
  kp_option_type type;
  double min, max;                 /* KP_OPT_REAL, KP_OPT_INT */
  const char *(*choice)(int index); /* KP_OPT_CHOICE: the names, NULL past the last */
  const char *def;                 /* the default, as a user writes it */
  const char *help;                /* one line */
  size_t offset;                   /* offsetof(kp_check_options, the field) */
} kp_check_option;

/* Sets option d in o from text; 0 on success, else -1 with what was expected
 * in err ("expected a number from 1 to 64, e.g. 2"). */
int kp_check_option_set(kp_check_options *o, const kp_check_option *d, const char *text, char *err,
                        size_t errlen);
/* The value of option d in o, as text ("2", "bn", "remark"). */
void kp_check_option_text(const kp_check_options *o, const kp_check_option *d, char *buf,
                          size_t len);
/* The values d accepts, in words ("a number from 1 to 64", "bn, kp, hongkim, ..."). */
void kp_check_option_accepts(const kp_check_option *d, char *buf, size_t len);

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
  kp_severity severity;  /* what its findings are unless an option says otherwise */
  const kp_check_option *options;
  size_t noptions;
} kp_check_info;

/* The registered checks (include/kperf/checks.def), in a stable order:
 * *n of them. */
const kp_check_info *const *kp_checks(size_t *n);
/* The check with this name ("kperf-bank-conflict" or "bank-conflict"), or NULL. */
const kp_check_info *kp_check_find(const char *name);
/* The option of any check whose key ("uncoalesced-ratio") or clang-tidy name
 * ("UncoalescedRatio") is name, and its check (when owner is not NULL); NULL
 * when none. */
const kp_check_option *kp_check_option_find(const char *name, const kp_check_info **owner);

/* Runs every check for which enabled(name, user) returns non-zero (all when
 * enabled is NULL). */
void kp_run_checks(const kp_check_ctx *ctx, int (*enabled)(const char *name, void *user),
                   void *user, kp_findings *out);

/* The checks: each file analyses/checks/<name>.c defines its
 * kp_check_info; checks.def lists them. */
#define KP_CHECK(id) extern const kp_check_info kp_check_##id;
#include "kperf/checks.def"
#undef KP_CHECK

#ifdef __cplusplus
}
#endif
#endif
