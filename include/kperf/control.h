/* Which kperf findings a user wants: the check filter (clang-tidy's syntax)
 * and NOLINT comments.  Plain C, no clang: the plugin and the clang-tidy
 * module give it the source lines. */
#ifndef KPERF_CONTROL_H
#define KPERF_CONTROL_H

#include <stddef.h>

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
 * '*' that names no kperf check (with a suggestion when one is close). */
int kp_check_filter_check(const char *spec, char *err, size_t errlen);

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

#ifdef __cplusplus
}
#endif
#endif
