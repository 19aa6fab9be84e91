/* Running a device compiler (nvcc, clang) from the core: its own process
 * group, a timeout, its output captured.  Internal to analyses/. */
#ifndef KPERF_SPAWN_H
#define KPERF_SPAWN_H

#include <stddef.h>

/* Runs argv[0] (a path) with argv, stdin from /dev/null, stdout and stderr
 * into one buffer (*text, malloc'ed, NUL-terminated; *len its length).  The
 * tool runs in a process group of its own, killed after timeout_s seconds
 * (*timed_out = 1).  *status receives waitpid's status.  0 when the tool ran
 * (whatever its exit status); -1 with a message naming `what` when it could
 * not be run or its output not read. */
int kp__spawn_capture(const char *const *argv, int timeout_s, const char *what, char **text,
                      size_t *len, int *status, int *timed_out, char *err, size_t errlen);

/* Runs a compiler as kp__spawn_capture with argv = head[0..nhead), the
 * non-NULL flags, file.  0 when it exited with status 0 (*text: its output,
 * the caller frees it).  Else -1 and a message: "WHAT timed out after N s",
 * "WHAT failedCTX: LINE" (its first output line holding one of the
 * NULL-terminated needles), "WHAT was killed by signal N" or "WHAT failedCTX
 * (exit status N)"; *text is kept when the tool ran to its end (the caller may
 * look for a more precise reason; it frees it), NULL otherwise. */
int kp__run_compiler(const char *const *head, size_t nhead, const char *const *flags,
                     size_t nflags, const char *file, int timeout_s, const char *what,
                     const char *ctx, const char *const *needles, char **text, size_t *len,
                     char *err, size_t errlen);

/* The process group of the tool kp__spawn_capture is waiting for; 0 when none. */
long kp__spawn_group(void);

/* A file's content (malloc'ed, NUL-terminated; *len its length); NULL when
 * it cannot be read. */
char *kp__read_path(const char *path, size_t *len);

/* The first line of text holding needle (trimmed), into buf; 0 when none. */
int kp__line_with(const char *text, const char *needle, char *buf, size_t n);

#endif
