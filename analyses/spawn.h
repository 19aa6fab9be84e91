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

/* The process group of the tool kp__spawn_capture is waiting for; 0 when none. */
long kp__spawn_group(void);

/* A file's content (malloc'ed, NUL-terminated; *len its length); NULL when
 * it cannot be read. */
char *kp__read_path(const char *path, size_t *len);

/* The first line of text holding needle (trimmed), into buf; 0 when none. */
int kp__line_with(const char *text, const char *needle, char *buf, size_t n);

#endif
