/* Which kperf findings a user wants: the check filter (clang-tidy's syntax)
 * and NOLINT comments.  Plain C, no clang: the plugin and the clang-tidy
 * module give it the source lines. */
#ifndef KPERF_CONTROL_H
#define KPERF_CONTROL_H

#include <stddef.h>

#include "kperf/finding.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A filter is a comma-separated list of globs ('*' matches any run of
 * characters), each optionally preceded by '-' to remove the checks it
 * matches, applied left to right after the default "kperf-*": the last glob
 * that matches a check decides.  "-*,kperf-bank-conflict" keeps only that
 * check; "-kperf-launch" removes one.  Spaces around globs are ignored.
 *
 * Returns 0 when spec is well formed, -1 with a one-line message otherwise:
 * an empty glob, a character other than [A-Za-z0-9_.*-], or a glob without
 * '*' that names no kperf check (with a suggestion when one is close).
 * KP_SETUP_CHECK is accepted too. */
int kp_check_filter_check(const char *spec, char *err, size_t errlen);

/* The name of kperf's diagnostics about its own set-up (no GPU database, no
 * GPU to analyse for, the GPU assumed from the compile's arch): not a check
 * of the registry, but enabled and disabled by a spec as one. */
#define KP_SETUP_CHECK "kperf-setup"

/* Whether check (e.g. "kperf-bank-conflict") is enabled by spec (NULL or
 * "": every check). */
int kp_check_filter_enabled(const char *spec, const char *check);

/* Whether a NOLINT comment suppresses a finding of check on a line:
 *   line       the text of the finding's line: "// NOLINT" or
 *              "// NOLINT(kperf-bank-conflict, kperf-uncoal*)" in a comment;
 *   prev_line  the text of the line before (may be NULL):
 *              "// NOLINTNEXTLINE" or "// NOLINTNEXTLINE(list)".
 * A bare NOLINT suppresses every check; a list suppresses the checks its
 * globs match ("*" all).  Returns 1 when suppressed. */
int kp_nolint_suppresses(const char *line, const char *prev_line, const char *check);

/* Glob match with '*' (the matching of both of the above). */
int kp_glob_match(const char *glob, size_t glob_len, const char *name);

/* The text of line `line` (1-based) of file, without its line break, or NULL
 * when it cannot be had; *len receives its length (the text need not end in a
 * NUL).  Given by the plugin, which reads the compile's own source buffers. */
typedef const char *(*kp_source_line_fn)(const char *file, unsigned line, size_t *len,
                                         void *user);

/* Drops the findings the user does not want, keeping the others in order:
 *   - those of a registered check (kp_check_find) that spec disables
 *     (kp_check_filter_enabled; NULL or "": none is disabled); findings that
 *     are not a check's (the "kperf-model" remarks of verbose mode) stay;
 *   - those a NOLINT comment on their line, or a NOLINTNEXTLINE comment on
 *     the line before, suppresses (kp_nolint_suppresses), the lines read
 *     through source_line (NULL: no NOLINT matching).
 * Returns the number of findings dropped. */
size_t kp_findings_control(kp_findings *f, const char *spec, kp_source_line_fn source_line,
                           void *user);

/* Drops the findings for which drop(finding, user) is non-zero, keeping the
 * others in order (the plugin: findings in system headers).  Returns the
 * number dropped. */
size_t kp_findings_drop_if(kp_findings *f, int (*drop)(const kp_finding *x, void *user),
                           void *user);

/* Makes every warning an error (-fplugin-arg-kperf-werror); remarks stay
 * remarks.  Returns the number of findings changed. */
size_t kp_findings_werror(kp_findings *f);

#ifdef __cplusplus
}
#endif
#endif
