/* kperf tune --kernel: one kernel's configurations (the tuned values as -D
 * macros, as Kernel Tuner compiles them) each compiled once, launched with
 * their block and grid, ranked by predicted time and written for an
 * autotuner (text, JSON, CSV, Kernel Tuner's tune_params and restrictions).
 * Uses tune.h (cli.h, plugin_run.h) and the layers below. */
#define _POSIX_C_SOURCE 200809L
#include "tune.h"

/* One entry of --block, --grid, --problem-size or a divisor list: an integer,
 * or the name of a tuned parameter (its index + 1, negated).  0 ok. */
static int dim_entry(const tune_opts *o, const char *opt, const char *text, size_t n,
                     long long *out) {
  char word[64];
  if (n == 0 || n >= sizeof word) {
    kp_cli_error("%s: '%.*s' is not an integer or a parameter's name", opt, (int)n, text);
    return -1;
  }
  memcpy(word, text, n);
  word[n] = '\0';
  char *end;
  errno = 0;
  long long v = strtoll(word, &end, 10);
  if (!*end && !errno && v >= 1) {
    *out = v;
    return 0;
  }
  for (int k = 0; k < o->np; k++)
    if (strcmp(o->p[k].name, word) == 0) {
      *out = -(k + 1);
      return 0;
    }
  kp_cli_error("%s: '%s' is neither a positive integer nor a parameter given with --tune", opt,
               word);
  return -1;
}

/* "A[,B[,C]]" of entries (dim_entry) into d[0..max), the rest 1 (missing);
 * returns the count, -1 after printing. */
static int dim_list(const tune_opts *o, const char *opt, const char *text, long long *d, int max) {
  int n = 0;
  for (int i = 0; i < max; i++)
    d[i] = 1;
  const char *s = text;
  for (;;) {
    size_t len = strcspn(s, ",");
    if (n >= max) {
      kp_cli_error("%s: '%s' has more than %d entries", opt, text, max);
      return -1;
    }
    if (dim_entry(o, opt, s, len, &d[n++]))
      return -1;
    if (!s[len])
      return n;
    s += len + 1;
  }
}

/* An entry's value in combination c. */
static long long entry_value(long long e, const long long *vals) {
  return e > 0 ? e : vals[-e - 1];
}

/* What one configuration of --kernel gave. */
typedef struct tune_config {
  int have;           /* a time */
  double us;          /* the time predicted (--model's, else the default's) */
  char bound[32], bound2[32];
  char why[200];      /* without a time: why */
  long long grid[3], block[3];
} tune_config;

/* The launch of combination vals: grid and block.  0 ok, -1 when a size is
 * not positive (said in why). */
static int launch_of(const tune_opts *o, const long long *bl, const long long *gr,
                     const long long (*dv)[TUNE_MAX_PARAMS], const int *ndv, const long long *vals,
                     tune_config *c) {
  for (int i = 0; i < 3; i++) {
    c->block[i] = entry_value(bl[i], vals);
    if (o->problem) {
      long long div = 1;
      for (int j = 0; j < ndv[i]; j++)
        div *= entry_value(dv[i][j], vals);
      long long pr = entry_value(gr[i], vals);
      c->grid[i] = div > 0 ? (pr + div - 1) / div : 0;
    } else {
      c->grid[i] = entry_value(gr[i], vals);
    }
    if (c->block[i] < 1 || c->grid[i] < 1) {
      snprintf(c->why, sizeof c->why, "a grid or block size is not positive");
      return -1;
    }
  }
  return 0;
}

/* Reads the one line kperf's batch prediction printed for the launch. */
static void config_of(const char *text, const char *model, tune_config *c) {
  cJSON *l = text ? cJSON_Parse(text) : NULL;
  const cJSON *t = NULL;
  if (l && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "ok"))) {
    t = model ? cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(l, "models"), model)
              : cJSON_GetObjectItemCaseSensitive(l, "predicted_us");
  }
  if (cJSON_IsNumber(t) && isfinite(t->valuedouble) && t->valuedouble > 0) {
    c->have = 1;
    c->us = t->valuedouble;
    if (!model) { /* the limit and runner-up are the default model's */
      snprintf(c->bound, sizeof c->bound, "%s", kp_json_str(l, "bound", ""));
      snprintf(c->bound2, sizeof c->bound2, "%s", kp_json_str(l, "bound2", ""));
    }
  } else {
    const char *why = l ? kp_json_str(l, "why", "") : "";
    if (!*why && l && model)
      why = kp_json_str(cJSON_GetObjectItemCaseSensitive(l, "models_why"), model, "");
    snprintf(c->why, sizeof c->why, "%s", *why ? why : l ? "no time" : "no prediction");
  }
  cJSON_Delete(l);
}

/* Kernel Tuner's restriction admitting exactly the kept configurations: one
 * boolean Python expression (kernel_tuner/interface.py, option
 * "restrictions": a list of strings of boolean expressions over the tunable
 * parameters, every one of which must hold; KernelTuner/kernel_tuner at
 * 96a6abc1019179397753c4afede9149a80aec369). */
static cJSON *restriction_of(const tune_opts *o, const long long (*vals)[TUNE_MAX_PARAMS],
                             const int *keep, int nkeep) {
  size_t cap = 64 + (size_t)nkeep * (size_t)o->np * 96, u = 0;
  char *buf = malloc(cap);
  if (!buf)
    return NULL;
  buf[0] = '\0';
  for (int i = 0; i < nkeep; i++) {
    u += (size_t)snprintf(buf + u, cap - u, "%s(", i ? " or " : "");
    for (int k = 0; k < o->np; k++)
      u += (size_t)snprintf(buf + u, cap - u, "%s%s == %lld", k ? " and " : "", o->p[k].name,
                            vals[keep[i]][k]);
    u += (size_t)snprintf(buf + u, cap - u, ")");
  }
  cJSON *r = cJSON_CreateString(buf);
  free(buf);
  return r;
}

static int cmp_ll(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

/* The kept configurations in the chosen format on stdout.  0 ok. */
static int print_kept(const tune_opts *o, const long long (*vals)[TUNE_MAX_PARAMS],
                      const tune_config *cf, const int *keep, int nkeep) {
  if (o->format == TUNE_CSV || o->format == TUNE_TEXT) {
    if (o->format == TUNE_CSV)
      printf("rank,");
    for (int k = 0; k < o->np; k++)
      printf(o->format == TUNE_CSV ? "%s," : "%s ", o->p[k].name);
    printf(o->format == TUNE_CSV ? "grid,block,predicted_us,bound,bound2\n"
                                 : "grid block predicted bound\n");
    for (int i = 0; i < nkeep; i++) {
      const tune_config *c = &cf[keep[i]];
      if (o->format == TUNE_CSV) {
        printf("%d,", i + 1);
        for (int k = 0; k < o->np; k++)
          printf("%lld,", vals[keep[i]][k]);
        printf("\"%lld,%lld,%lld\",\"%lld,%lld,%lld\",%.6g,%s,%s\n", c->grid[0], c->grid[1],
               c->grid[2], c->block[0], c->block[1], c->block[2], c->us, c->bound, c->bound2);
      } else {
        char t[32];
        kp_format_time_us(c->us, t, sizeof t);
        printf("%d. ", i + 1);
        for (int k = 0; k < o->np; k++)
          printf("%s=%lld ", o->p[k].name, vals[keep[i]][k]);
        printf("grid %lld,%lld,%lld block %lld,%lld,%lld: %s%s%s%s\n", c->grid[0], c->grid[1],
               c->grid[2], c->block[0], c->block[1], c->block[2], t, c->bound[0] ? " (" : "",
               c->bound, c->bound[0] ? "-bound)" : "");
      }
    }
    return fflush(stdout) == 0 ? 0 : -1;
  }
  cJSON *list = cJSON_CreateArray();
  for (int i = 0; i < nkeep; i++) {
    const tune_config *c = &cf[keep[i]];
    cJSON *x = cJSON_CreateObject();
    for (int k = 0; k < o->np; k++)
      cJSON_AddNumberToObject(x, o->p[k].name, (double)vals[keep[i]][k]);
    cJSON_AddNumberToObject(x, "predicted_us", c->us);
    if (c->bound[0])
      cJSON_AddStringToObject(x, "bound", c->bound);
    if (c->bound2[0])
      cJSON_AddStringToObject(x, "bound2", c->bound2);
    cJSON_AddItemToArray(list, x);
  }
  if (o->format == TUNE_JSON)
    return kp_cli_print_json(list);
  /* Kernel Tuner: tune_params with the values the kept configurations use,
   * and the restriction that admits those configurations only. */
  cJSON *root = cJSON_CreateObject();
  cJSON_AddStringToObject(root, "kernel_name", o->kernel);
  cJSON *tp = cJSON_AddObjectToObject(root, "tune_params");
  for (int k = 0; k < o->np; k++) {
    long long v[TUNE_MAX_KERNEL_RUNS];
    int n = 0;
    for (int i = 0; i < nkeep; i++)
      v[n++] = vals[keep[i]][k];
    qsort(v, (size_t)n, sizeof v[0], cmp_ll);
    cJSON *a = cJSON_AddArrayToObject(tp, o->p[k].name);
    for (int i = 0; i < n; i++)
      if (i == 0 || v[i] != v[i - 1])
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
  }
  cJSON *rs = cJSON_AddArrayToObject(root, "restrictions");
  if (nkeep > 0)
    cJSON_AddItemToArray(rs, restriction_of(o, vals, keep, nkeep));
  cJSON_AddItemToObject(root, "configurations", list);
  return kp_cli_print_json(root);
}

/* --kernel: every combination of the values compiled once, kernel K launched
 * with its grid and block and predicted on the GPU; the --top fastest
 * written.  The copies are in tmp (path: FILE's copy, dir: FILE's directory). */
int tune_kernel(tune_opts *o, const char *tmp, const char *path, const char *dir) {
  long long bl[3], gr[3], dv[3][TUNE_MAX_PARAMS];
  int ndv[3] = {0, 0, 0};
  /* The block: --block, else Kernel Tuner's names block_size_x/y/z (those
   * tuned; 1 for the others). */
  if (o->block) {
    if (dim_list(o, "--block", o->block, bl, 3) < 0)
      return KP_EXIT_USAGE;
  } else {
    static const char *const kt[3] = {"block_size_x", "block_size_y", "block_size_z"};
    int any = 0;
    for (int i = 0; i < 3; i++) {
      bl[i] = 1;
      for (int k = 0; k < o->np; k++)
        if (strcmp(o->p[k].name, kt[i]) == 0) {
          bl[i] = -(k + 1);
          any = 1;
        }
    }
    if (!any) {
      kp_cli_error("--kernel: give the block (--block X[,Y,Z], integers or tuned names), or "
                   "tune block_size_x");
      return KP_EXIT_USAGE;
    }
  }
  if (!o->grid && !o->problem) {
    kp_cli_error("--kernel: give the grid (--grid X[,Y,Z]) or the problem size "
                 "(--problem-size X[,Y,Z], divided by the block unless --grid-div-x/y/z say)");
    return KP_EXIT_USAGE;
  }
  if (dim_list(o, o->grid ? "--grid" : "--problem-size", o->grid ? o->grid : o->problem, gr,
               3) < 0)
    return KP_EXIT_USAGE;
  for (int i = 0; i < 3 && o->problem; i++) {
    static const char *const opt[3] = {"--grid-div-x", "--grid-div-y", "--grid-div-z"};
    if (o->div[i]) {
      if ((ndv[i] = dim_list(o, opt[i], o->div[i], dv[i], TUNE_MAX_PARAMS)) < 0)
        return KP_EXIT_USAGE;
    } else { /* Kernel Tuner's default: the block's size in that dimension */
      dv[i][0] = bl[i];
      ndv[i] = 1;
    }
  }
  int nruns = 1;
  for (int k = 0; k < o->np; k++) {
    if (o->p[k].nvalues == 0 && o->p[k].found)
      tune_default_values(&o->p[k]);
    if (o->p[k].nvalues == 0) {
      kp_cli_error("--tune %s: give its values (--tune %s=V1,V2,...)", o->p[k].name, o->p[k].name);
      return KP_EXIT_USAGE;
    }
    if (nruns > TUNE_MAX_KERNEL_RUNS / o->p[k].nvalues) {
      kp_cli_error("--tune: more than %d combinations", TUNE_MAX_KERNEL_RUNS);
      return KP_EXIT_USAGE;
    }
    nruns *= o->p[k].nvalues;
  }
  long long(*vals)[TUNE_MAX_PARAMS] = calloc((size_t)nruns, sizeof *vals);
  tune_config *cf = calloc((size_t)nruns, sizeof *cf);
  int *keep = calloc((size_t)nruns, sizeof *keep);
  int rc = KP_EXIT_FAIL, nhave = 0, nbad = 0;
  char bpath[PATH_MAX + 32] = "", firstwhy[200] = "";
  kp_strlist pl = {0};
  if (!vals || !cf || !keep)
    goto out;
  snprintf(bpath, sizeof bpath, "%s/kperf-tune.launches", tmp);
  if (kp_strlist_push2(&pl, "-fplugin-arg-kperf-predict-batch=", bpath) ||
      (o->db && kp_strlist_push2(&pl, "-fplugin-arg-kperf-db=", o->db)))
    goto out;
  for (size_t i = 0; i < o->plugin.n; i++)
    if (kp_strlist_push(&pl, o->plugin.v[i]))
      goto out;
  for (int c = 0; c < nruns; c++) {
    int idx = c;
    for (int k = o->np - 1; k >= 0; k--) {
      vals[c][k] = o->p[k].values[idx % o->p[k].nvalues];
      idx /= o->p[k].nvalues;
    }
    tune_config *x = &cf[c];
    if (launch_of(o, bl, gr, (const long long(*)[TUNE_MAX_PARAMS])dv, ndv, vals[c], x) == 0) {
      FILE *f = fopen(bpath, "w");
      if (!f || fprintf(f, "%s %s %lld,%lld,%lld %lld,%lld,%lld %lld\n", o->gpu ? o->gpu : "h100",
                        o->kernel, x->grid[0], x->grid[1], x->grid[2], x->block[0], x->block[1],
                        x->block[2], o->smem) < 0 ||
          fclose(f) != 0) {
        kp_cli_error("cannot write '%s'", bpath);
        goto out;
      }
      kp_strlist cl = {0};
      int bad = kp_strlist_push2(&cl, "-iquote", dir) || kp_strlist_push2(&cl, "-I", dir);
      for (int k = 0; k < o->np && !bad; k++) {
        char d[160];
        snprintf(d, sizeof d, "-D%s%s=%lld", o->p[k].found ? "KPERF_TUNE_" : "", o->p[k].name,
                 vals[c][k]);
        bad = kp_strlist_push2(&cl, d, "");
      }
      for (size_t i = 0; i < o->clang.n && !bad; i++)
        bad = kp_strlist_push(&cl, o->clang.v[i]);
      kp_plugin_result r;
      memset(&r, 0, sizeof r);
      if (bad || kp_cli_plugin_run("predict", path, pl.v, pl.n, cl.v, cl.n, &r) != 0) {
        kp_strlist_free(&cl);
        goto out; /* clang cannot be run: said */
      }
      kp_strlist_free(&cl);
      if (r.status == 0 && r.report)
        config_of(r.report, o->model, x);
      else
        snprintf(x->why, sizeof x->why, "does not compile");
      free(r.report);
      free(r.errtext);
    }
    if (x->have)
      keep[nhave++] = c;
    else if (nbad++ == 0)
      snprintf(firstwhy, sizeof firstwhy, "%s", x->why);
  }
  /* Fastest first; ties in the order of the combinations (insertion sort:
   * stable). */
  for (int i = 1; i < nhave; i++) {
    int v = keep[i], j = i;
    for (; j > 0 && cf[keep[j - 1]].us > cf[v].us; j--)
      keep[j] = keep[j - 1];
    keep[j] = v;
  }
  int nkeep = o->top ? (int)(o->top < nhave ? o->top : nhave) : (nhave < 10 ? nhave : 10);
  fprintf(stderr, "kperf tune: %s: %d of %d configurations kept (%.1f %% of the space pruned); "
                  "%d with a predicted time",
          o->kernel, nkeep, nruns, 100.0 * (1.0 - (double)nkeep / nruns), nhave);
  if (nbad)
    fprintf(stderr, ", %d without (the first: %s)", nbad, firstwhy);
  fprintf(stderr, "\n");
  if (nhave == 0) {
    kp_cli_error("no configuration of '%s' has a predicted time", o->kernel);
    goto out;
  }
  rc = print_kept(o, (const long long(*)[TUNE_MAX_PARAMS])vals, cf, keep, nkeep) == 0
           ? KP_EXIT_OK
           : KP_EXIT_FAIL;
out:
  kp_strlist_free(&pl); /* the batch file goes with the copies */
  free(vals);
  free(cf);
  free(keep);
  return rc;
}
