/* kperf findings: what the analyses conclude, ready to be shown as compiler
 * diagnostics or written to report files.  Plain C, no clang. */
#ifndef KPERF_FINDING_H
#define KPERF_FINDING_H

#include <stddef.h>
#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kp_severity {
  KP_REMARK = 0,
  KP_WARNING = 1,
  KP_ERROR = 2
} kp_severity;

typedef struct kp_note {
  kp_loc loc; /* line == 0: at the finding's own location */
  const char *message;
} kp_note;

/* Replace the source text [begin, end) with replacement (insertion when begin == end). */
typedef struct kp_fixit {
  kp_loc begin, end;
  const char *replacement;
} kp_fixit;

typedef struct kp_finding {
  const char *check; /* "kperf-bank-conflict", ... */
  kp_severity severity;
  kp_loc loc;
  const char *message;
  kp_note *notes;
  size_t nnotes;
  kp_fixit *fixits;
  size_t nfixits;
} kp_finding;

typedef struct kp_findings {
  kp_finding *items;
  size_t n, cap;
  struct kp_arena *arena;
} kp_findings;

void kp_findings_init(kp_findings *f);
void kp_findings_free(kp_findings *f);

/* Adds a finding whose message is formatted printf-style; returns it or NULL. */
kp_finding *kp_findings_add(kp_findings *f, const char *check, kp_severity sev,
                            kp_loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Attaches a note to the most recently added finding. */
int kp_findings_note(kp_findings *f, kp_loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Attaches a fix-it to the most recently added finding. */
int kp_findings_fixit(kp_findings *f, kp_loc begin, kp_loc end, const char *replacement);

#ifdef __cplusplus
}
#endif
#endif
