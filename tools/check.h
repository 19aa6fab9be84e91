/* What the files of `kperf check` share (cmd_check.c: the run; check_args.c:
 * the options; check_jobs.c: the compiles; check_output.c: the findings printed,
 * the counts, the snapshot).  Tools layer: uses cli.h, compile_command.h,
 * check_cache.h, plugin_run.h, snapshot.h and the layers below. */
#ifndef KPERF_TOOLS_CHECK_H
#define KPERF_TOOLS_CHECK_H

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "kperf/compile_command.h"
#include "kperf/control.h"
#include "kperf/findings_report.h"
#include "check_cache.h"
#include "plugin_run.h"
#include "snapshot.h"

typedef kp_strlist strlist;

static inline int sl_push(strlist *l, const char *s) { return kp_strlist_push(l, s); }

static inline int sl_push2(strlist *l, const char *a, const char *b) { return kp_strlist_push2(l, a, b); }

static inline void sl_free(strlist *l) { kp_strlist_free(l); }

static inline int starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

typedef struct job {
  char *file;      /* the absolute path (realpath) */
  char *shown;     /* as shown in progress lines: relative to the cwd when under it */
  char *directory; /* the compile's working directory */
  strlist argv;    /* the command to run */
  char sarif[PATH_MAX + 64], out[PATH_MAX + 64], model[PATH_MAX + 64], predict[PATH_MAX + 64];
  pid_t pid;
  int status; /* exit status, 128+signal, -1 could not run */
  char *report; /* the SARIF text, NULL when none was written */
  char *error;  /* why its compile command could not be translated, else NULL */
  int no_arch;  /* the entry names no GPU arch: kperf check gave it sm_90 */
  int analysed; /* its report was read */
  int cached;   /* 1: its outputs came from --cache; -1: not to be cached */
  char key[33], deps[PATH_MAX + 64]; /* --cache: its command's key, clang's dependency file */
} job;

typedef struct options {
  const char *build, *sarif, *save, *root, *gpu, *db, *checks, *cache;
  long long jobs;
  int werror, remarks, verbose, no_compat, allow_no_gpu, merge;
  long long shard_i, shard_n; /* --shard I/N (1 <= I <= N); N = 0: all */
  strlist files;
} options;

typedef struct counts {
  size_t errors, warnings, remarks;
} counts;

/* check_args.c: the usage text; the options (0 ok, else a KP_EXIT_* code after printing). */
void check_help(FILE *out);
int check_parse_args(int argc, char **argv, options *o);

/* check_jobs.c: runs every job, at most n at once, with a progress line (a bar on a tty). */
void check_run_jobs(job *jobs, size_t njobs, long long n, int tty);

/* check_output.c. */
/* Prints the results of the merged log (once each), counts them and drops the repeats. */
void check_print_results(cJSON *log, const options *o, counts *c);
/* The errors clang reported and the kernels kperf read, from the plugin's kernel model. */
void check_model_counts(const char *path, const char *output, long long *errors, long long *kernels);
/* Whether a file's SARIF log says kperf checked nothing in it; then why. */
int check_sarif_nothing_checked(const char *sarif, char *why, size_t n);
/* The files that name no GPU arch were analysed for sm_90's GPU: said once. */
void check_say_no_arch(const options *o, size_t n, const char *first);
/* --save FILE: the snapshot of the analysed files. */
int check_save_snapshot(const options *o, const cJSON *log, const job *jobs, size_t njobs,
                        const char *cwd);

#endif
