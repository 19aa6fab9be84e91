/* Findings as report files for CI: SARIF 2.1.0 (GitHub code scanning and
 * other viewers) and kperf's own JSON.  Written with cJSON; plain C. */
#ifndef KPERF_FINDINGS_REPORT_H
#define KPERF_FINDINGS_REPORT_H

#include <stddef.h>

#include "kperf/finding.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The findings as a SARIF 2.1.0 log with one run of the tool "kperf": every
 * registered check is a rule (id "kperf-<check>", short description, help
 * text and a link to its documentation); each finding a result with its
 * level, message, region (1-based line and column), its notes as related
 * locations and its fix-its as fixes.  Remarks are "note" results.
 * malloc'ed text, NULL when out of memory. */
char *kp_findings_sarif(const kp_findings *f);

/* The findings as JSON: {"schema": 1, "findings": [{"check", "severity",
 * "file", "line", "column", "message", "notes": [...], "fixits": [...]}]}. */
char *kp_findings_json(const kp_findings *f);

/* Merges SARIF logs (each from kp_findings_sarif) into one log with one run:
 * the rules once, the results of all inputs in order.  Inputs that do not
 * parse are reported in err and skipped; *nread (may be NULL) receives the
 * number merged.  The inputs' toolExecutionNotifications are kept too.
 * malloc'ed text, NULL on out of memory. */
char *kp_sarif_merge(const char *const *texts, size_t n, size_t *nread, char *err, size_t errlen);

/* One SARIF log from kperf check's logs of parts of a project (kperf check
 * --shard i/n, each written with the same --root): the first log's run with
 * every input's results and notifications, in a canonical order that does
 * not depend on how the files were split: results sorted by their first
 * location (URI, line, column), rule, level and message, one per such key
 * (the least JSON text: a kernel of a header that several files include);
 * notifications sorted and each once; executionSuccessful false when any
 * input's is.  One input gives its canonical form.  malloc'ed text, or NULL
 * with a one-line message (an input that is not a log, inputs with
 * different roots). */
char *kp_sarif_canonical(const char *const *texts, size_t n, char *err, size_t errlen);

/* The SARIF log with the files that could not be analysed (files[i], an
 * absolute path or NULL, and why: messages[i]) as error notifications of
 * runs[0].invocations[0] (toolExecutionNotifications), and its
 * executionSuccessful false when n > 0, true otherwise.  Returns a new text
 * (free()), NULL when sarif is not a log or on out of memory. */
char *kp_sarif_add_failures(const char *sarif, const char *const *files,
                            const char *const *messages, size_t n);

/* The SARIF log with one warning notification of runs[0].invocations[0]
 * (toolExecutionNotifications) about file (an absolute path or NULL): msg,
 * e.g. the GPU that stands in for an arch the database has no GPU for.
 * executionSuccessful is left as it is.  Returns a new text (free()), NULL
 * when sarif is not a log or on out of memory.  kp_sarif_merge keeps the
 * notifications of its inputs. */
char *kp_sarif_add_warning(const char *sarif, const char *file, const char *msg);

/* Writes text to path atomically: a temporary file in the same directory,
 * then rename (so concurrent compiles writing the same path never leave a
 * torn file).  0 ok, -1 with a one-line message. */
int kp_write_atomic(const char *path, const char *text, char *err, size_t errlen);

/* The path of a findings report for one translation unit, from the user's
 * pattern (-fplugin-arg-kperf-report=sarif:PATTERN):
 *   %f  the name of the file compiled, without its directories ("k.cu");
 *   %h  8 hex digits of a hash of that file's absolute path (two "k.cu" in
 *       different directories differ);
 *   %%  a '%'.
 * A pattern that ends in '/' names a directory: "DIR/%f.%h.<ext>".  Returns
 * the malloc'ed path, or NULL with a one-line message (an unknown
 * placeholder, out of memory). */
char *kp_report_path(const char *pattern, const char *main_file, const char *ext, char *err,
                     size_t errlen);

/* Creates the directories that lead to path (as mkdir -p on its parent).
 * 0 ok, -1 with a one-line message. */
int kp_make_parent_dirs(const char *path, char *err, size_t errlen);

/* Rewrites the artifact URIs of a SARIF log (every "artifactLocation" object):
 *   base_dir (may be NULL): a relative URI without uriBaseId is resolved
 *       against this directory (the working directory of the compile that
 *       wrote the log) and becomes an absolute file:// URI;
 *   root (may be NULL): an absolute file:// URI under this directory becomes
 *       relative to it with "uriBaseId": "%SRCROOT%", and every run gets
 *       "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///ROOT/"}} (what
 *       GitHub code scanning and other viewers resolve them with).
 * "." and ".." segments are removed.  malloc'ed text, or NULL with a
 * one-line message when the input is not JSON. */
char *kp_sarif_relocate(const char *sarif, const char *base_dir, const char *root, char *err,
                        size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
