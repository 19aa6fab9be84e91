/* kperf check --cache DIR: a translation unit whose command, tools and
 * included files are unchanged reuses what the plugin wrote for it last time
 * (its SARIF report, kernel model, predictions and clang's output), so that
 * a snapshot of a large project after a one-file change re-analyses that
 * file only, and the snapshot is byte-identical to a fresh one.
 *
 * The key of a unit is its command (the temporary output paths left out),
 * its directory, the tools (the plugin's and the GPU database's contents,
 * clang's path, size and time, the KPERF_* environment) and the contents of
 * every file the last run of that command read, as clang's dependency file
 * (-MD -MF) listed them: re-hashing those files is far cheaper than
 * preprocessing the unit again.  A header newly created earlier on the
 * include path than the one the last run found is not seen (as with
 * ccache's direct mode); a command that compiles several sides or
 * architectures at once (whose dependency file lists one of them) is not
 * cached. */
#ifndef KPERF_TOOLS_CHECK_CACHE_H
#define KPERF_TOOLS_CHECK_CACHE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

typedef struct kp_check_cache_file kp_check_cache_file;

typedef struct kp_check_cache {
  char dir[PATH_MAX];
  uint64_t tool[2];            /* the tools' key */
  kp_check_cache_file *files;  /* contents hashed in this run, by path */
  size_t nfiles, capfiles;
} kp_check_cache;

/* Opens (creates) dir and keys the tools: the plugin, the GPU databases
 * (db: a path or a colon-separated list, as --db or kp_gpudb_locate give
 * it), clang.  0 ok; -1 with a one-line message in err. */
int kp_check_cache_open(kp_check_cache *c, const char *dir, const char *clang, const char *plugin,
                        const char *db, char *err, size_t errlen);
void kp_check_cache_close(kp_check_cache *c);

/* Whether a command's dependency file lists everything it reads: one side
 * (--cuda-host-only, or --cuda-device-only with one architecture). */
int kp_check_cache_usable(char *const *argv, size_t argc);

/* The key of a command run in directory: its arguments with tmp (the run's
 * temporary directory) left out of them, and the tools. */
void kp_check_cache_command_key(const kp_check_cache *c, const char *directory,
                                char *const *argv, size_t argc, const char *tmp, char key[33]);

/* A unit of this key whose files are unchanged: writes its n outputs to
 * paths (removing those it did not write), sets *status and returns 1; 0
 * when there is none. */
int kp_check_cache_restore(kp_check_cache *c, const char *key, const char *const *paths, size_t n,
                           int *status);

/* Keeps a unit's outputs (paths) and exit status under key and the contents
 * of the files its dependency file (depfile, paths relative to directory)
 * lists.  0 ok, -1 when not kept (no dependency file, a write failed). */
int kp_check_cache_store(kp_check_cache *c, const char *key, const char *directory,
                         const char *depfile, const char *const *paths, size_t n, int status);

#endif
