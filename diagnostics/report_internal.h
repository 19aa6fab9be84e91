/* What findings_report.c and report_files.c share. */
#ifndef KPERF_DIAGNOSTICS_REPORT_INTERNAL_H
#define KPERF_DIAGNOSTICS_REPORT_INTERNAL_H

/* A file name as a SARIF artifact URI: relative paths stay relative; absolute
 * ones become file:// URIs, percent-encoded; malloc'ed (NULL: out of memory). */
char *kp__artifact_uri(const char *path);

#endif
