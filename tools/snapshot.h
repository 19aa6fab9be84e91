/* A project's performance snapshot (kperf check --save FILE): per launch site
 * the predicted time, bound, occupancy, registers, spills and shared memory;
 * per kernel its name and file; the findings, each with a fingerprint that
 * survives moved lines.  Read back by kperf diff.  Deterministic: sorted keys
 * and arrays, paths relative to the project root, no timestamps. */
#ifndef KPERF_TOOLS_SNAPSHOT_H
#define KPERF_TOOLS_SNAPSHOT_H

#include <stddef.h>

#define KP_SNAPSHOT_SCHEMA 1

/* What one translation unit gave: the texts the plugin wrote (either may be
 * NULL) and the directory its compile ran in (relative paths are relative
 * to it). */
typedef struct kp_snapshot_tu {
  const char *directory;
  const char *predict; /* -fplugin-arg-kperf-predict=PATH */
  const char *model;   /* -fplugin-arg-kperf-report=model:PATH */
} kp_snapshot_tu;

/* Writes the snapshot of the translation units and of the project's merged
 * SARIF log (URIs relative to root, as kperf check --sarif writes it) to
 * path, atomically.  root is an absolute directory.  0 ok, -1 with a
 * one-line message in err. */
int kp_snapshot_write(const char *path, const char *root, const kp_snapshot_tu *tus, size_t n,
                      const char *sarif, char *err, size_t errlen);

/* The fingerprint of a finding: 16 hex digits of a hash of the check, the
 * file, the kernel and the message with its line numbers left out. */
void kp_snapshot_fingerprint(const char *check, const char *file, const char *kernel,
                             const char *message, char out[17]);

#endif
