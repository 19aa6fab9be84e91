/* What the files of `kperf predict`, `recommend` and `compare` share
 * (cmd_predict.c: the options, the runs, the printing; predict_recommend.c:
 * the block sizes ranked).  Tools layer: uses cli.h, plugin_run.h and the
 * layers below. */
#ifndef KPERF_TOOLS_PREDICT_CMD_H
#define KPERF_TOOLS_PREDICT_CMD_H

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kperf/launch.h"
#include "kperf/report.h"
#include "plugin_run.h"

enum { CMD_PREDICT = 0, CMD_RECOMMEND, CMD_COMPARE };

typedef struct popts {
  int cmd;
  const char *file, *kernel, *gpu, *gpus, *db, *model, *plot, *batch;
  const char *ptxas_cache, *cuda_path; /* --ptxas-cache DIR, --cuda-path DIR */
  int ptxas;                           /* --ptxas: KP_PTXAS_AUTO (default), _NVCC, _OFF */
  char *ptxas_file;                    /* the facts given to the plugin (removed at the end) */
  long long grid[3], block[3], smem, problem, max_blocks;
  int has_grid, has_block, json, sites;
  kp_strlist plugin; /* -fplugin-arg-kperf-... flags */
  kp_strlist clang;  /* -D, -I and the arguments after "--" */
} popts;

/* A time in us as the commands print it ("8.48 us", "2.83 ms", "?"). */
void predict_fmt_us(double us, char *buf, size_t n);
/* recommend: the launch l's candidate block sizes ranked (text, JSON, --plot); a
 * KP_EXIT_* code. */
int predict_recommend(popts *o, const cJSON *l);

#endif
