/* What the files of `kperf tune` share (cmd_tune.c: options and the search
 * of a file's values; tune_copies.c: the file's copies; tune_kernel.c: the
 * --kernel mode).  Tools layer: uses cli.h, plugin_run.h and the layers below. */
#ifndef KPERF_TOOLS_TUNE_H
#define KPERF_TOOLS_TUNE_H

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "kperf/launch.h"
#include "kperf/report.h"
#include "plugin_run.h"

enum { TUNE_MAX_PARAMS = 8, TUNE_MAX_VALUES = 32, TUNE_MAX_RUNS = 64, TUNE_MAX_LAUNCHES = 256 };
/* --kernel: the configurations one search may compile (one clang run each). */
enum { TUNE_MAX_KERNEL_RUNS = 4096 };
/* --format of --kernel: a table, a JSON list, Kernel Tuner's tune_params and
 * restrictions, CSV. */
enum { TUNE_TEXT = 0, TUNE_JSON, TUNE_KERNEL_TUNER, TUNE_CSV };

typedef struct tune_param {
  char name[64];
  long long values[TUNE_MAX_VALUES];
  int nvalues;
  char original[64]; /* the file's #define body */
  long long base;    /* its value */
  int found;         /* the file defines it */
} tune_param;

typedef struct tune_opts {
  const char *file, *gpu, *db, *model;
  int json;
  /* --kernel mode: a kernel of FILE launched by kperf, each entry of the
   * block, grid, problem size and grid divisors an integer or a tuned name. */
  const char *kernel, *block, *grid, *problem, *div[3];
  long long smem, top;
  int format;
  tune_param p[TUNE_MAX_PARAMS];
  int np;
  kp_strlist plugin, clang;
} tune_opts;

/* The file's value / 4, / 2, x 2, x 4 (those that are integers >= 1) as p's values. */
void tune_default_values(tune_param *p);
/* tune_copies.c: copies of the file (dir/file_base, text its contents) and of
 * the headers of its directory into tmp, each tuned `#define NAME INTEGER`
 * reading `#define NAME KPERF_TUNE_NAME`; records the file's values in o.  0
 * ok; -1 after printing why. */
int tune_make_copies(const char *tmp, const char *dir, const char *file_base, const char *text,
                     tune_opts *o);
/* Removes tmp and the copies in it. */
void tune_remove_copies(const char *tmp);
/* tune_kernel.c: --kernel: every combination of the values compiled once,
 * kernel K launched with its grid and block and predicted on the GPU; the
 * --top fastest written.  The copies are in tmp (path: FILE's copy, dir:
 * FILE's directory).  A KP_EXIT_* code. */
int tune_kernel(tune_opts *o, const char *tmp, const char *path, const char *dir);

#endif
