/* kperf tune: searches a file's compile-time parameters (object-like macros
 * such as BLOCK_SIZE, which size blocks, __shared__ tiles and loop bounds
 * together) and says, per launch, which value is predicted fastest.
 *
 * Each combination of values is a compile of a copy of the file (and of the
 * headers of its directory) in which `#define NAME VALUE` reads `#define
 * NAME KPERF_TUNE_NAME` (columns move, lines do not), with
 * -DKPERF_TUNE_NAME=v; the file's own value is the baseline.  Launches are
 * matched by file name, line and column.
 *
 * This file: the options, the combinations, the runs and the per-launch
 * table; the copies are tune_copies.c's, --kernel tune_kernel.c's.  Uses
 * tune.h (cli.h, plugin_run.h) and the layers below. */
#define _POSIX_C_SOURCE 200809L
#include "tune.h"

static void tune_help(FILE *out) {
  fputs("usage: kperf tune FILE.cu --tune NAME[=V1,V2,...] [--tune ...]... [--gpu NAME]\n"
        "                  [--arg NAME=VALUE]... [-DNAME=V]... [-IDIR]... [--db PATH]\n"
        "                  [--model NAME] [--json] [-- CLANG-ARGS...]\n"
        "\n"
        "Searches compile-time parameters of FILE: object-like macros it defines with an\n"
        "integer (`#define BLOCK_SIZE 16`), which may size blocks, __shared__ tiles and\n"
        "loop bounds at once (without values: the file's value / 4, / 2, x 2, x 4).\n"
        "Every combination of the values (at most 63) is\n"
        "compiled and each launch of the file predicted on the GPU (default h100); per\n"
        "launch kperf prints the time at the file's own values and at the fastest\n"
        "combination, and recommends the change when it is predicted at least 10 %\n"
        "faster.  A combination the file does not compile with (a static_assert, an\n"
        "array too large) or with which the launch fails is left out, and said.\n"
        "Launches whose sizes are not known get a number at the sizes --arg gives;\n"
        "without one, their statement's time at its largest size.  Only values that\n"
        "launch the same work (as many threads and global stores, up to rounding)\n"
        "are compared.  The\n"
        "definition changed is the file's, else a header's in its directory.  What\n"
        "the program assumes at run time (sizes that must be multiples of the tile)\n"
        "is not seen.\n"
        "\n"
        "       kperf tune FILE.cu --kernel NAME --tune NAME=V1,V2,... [--tune ...]...\n"
        "                  [--block X[,Y,Z]] (--grid X[,Y,Z] | --problem-size X[,Y,Z]\n"
        "                  [--grid-div-x A[,B...]] [--grid-div-y ...] [--grid-div-z ...])\n"
        "                  [--smem B] [--top K] [--format text|json|kernel_tuner|csv]\n"
        "                  [--gpu NAME] [--model NAME] [--arg NAME=VALUE]... [-DNAME=V]...\n"
        "\n"
        "Ranks the configurations of kernel NAME, for autotuners: every combination\n"
        "of the values (at most 4096) is compiled with -DNAME=V (or, for a name the\n"
        "file defines with an integer, that definition rewritten as above) and one\n"
        "launch of the kernel predicted on the GPU (default h100).  Each entry of\n"
        "--block, --grid, --problem-size and --grid-div-* is an integer or a tuned\n"
        "name; the block defaults to block_size_x, block_size_y, block_size_z (those\n"
        "tuned), and with --problem-size the grid is its ceiling divided by the\n"
        "product of --grid-div-* (default: the block's size), as Kernel Tuner does.\n"
        "The K fastest with a time (--top, default 10) are written, each with its\n"
        "predicted time and its limit (bound, bound2: the default model's): text,\n"
        "json (a list of objects), csv, or kernel_tuner: an object with tune_params\n"
        "(each name's values among those kept) and restrictions (one expression that\n"
        "admits exactly the kept configurations), the two arguments of Kernel Tuner's\n"
        "tune_kernel, and the configurations ranked.  A configuration that does not\n"
        "compile or whose launch fails (too many threads, shared memory) has no time\n"
        "and is not kept; stderr says how many of the space were kept and pruned.\n"
        "Registers are kperf's estimate.\n",
        out);
}

/* "NAME=V1,V2,..." */
static int parse_tune(const char *text, tune_param *p) {
  const char *eq = strchr(text, '=');
  size_t n = eq ? (size_t)(eq - text) : strlen(text);
  if (n == 0 || n >= sizeof p->name || !(isalpha((unsigned char)text[0]) || text[0] == '_')) {
    kp_cli_error("--tune: '%s' is not NAME=V1,V2,...", text);
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)text[i]) && text[i] != '_') {
      kp_cli_error("--tune: '%.*s' is not a macro name", (int)n, text);
      return -1;
    }
  memcpy(p->name, text, n);
  p->name[n] = '\0';
  if (!eq)
    return 0; /* values around the file's (default_values) */
  const char *s = eq + 1;
  while (*s) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || errno || (*end && *end != ',') || p->nvalues >= TUNE_MAX_VALUES) {
      kp_cli_error("--tune %s: '%s' is not up to %d integers separated by commas", p->name, eq + 1,
                   TUNE_MAX_VALUES);
      return -1;
    }
    p->values[p->nvalues++] = v;
    s = *end ? end + 1 : end;
  }
  if (p->nvalues == 0) {
    kp_cli_error("--tune %s: no values", p->name);
    return -1;
  }
  return 0;
}

static int parse_args(int argc, char **argv, tune_opts *o) {
  const char *v;
  for (int i = 1; i < argc; i++) {
    int r = 0;
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      for (int j = i + 1; j < argc; j++)
        if (kp_strlist_push(&o->clang, argv[j]))
          return -1;
      break;
    } else if (strcmp(a, "--json") == 0) {
      o->json = 1;
    } else if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-I", 2) == 0) && a[2]) {
      if (kp_strlist_push(&o->clang, a))
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--gpu", &o->gpu)) ||
               (r = kp_cli_opt(argc, argv, &i, "--db", &o->db)) ||
               (r = kp_cli_opt(argc, argv, &i, "--model", &o->model)) ||
               (r = kp_cli_opt(argc, argv, &i, "--kernel", &o->kernel)) ||
               (r = kp_cli_opt(argc, argv, &i, "--block", &o->block)) ||
               (r = kp_cli_opt(argc, argv, &i, "--grid", &o->grid)) ||
               (r = kp_cli_opt(argc, argv, &i, "--problem-size", &o->problem)) ||
               (r = kp_cli_opt(argc, argv, &i, "--grid-div-x", &o->div[0])) ||
               (r = kp_cli_opt(argc, argv, &i, "--grid-div-y", &o->div[1])) ||
               (r = kp_cli_opt(argc, argv, &i, "--grid-div-z", &o->div[2]))) {
      if (r < 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--top", &v))) {
      if (r < 0 || kp_cli_int("--top", v, 1000000, 0, &o->top))
        return -1;
      if (o->top < 1) {
        kp_cli_error("--top: at least 1");
        return -1;
      }
    } else if ((r = kp_cli_opt(argc, argv, &i, "--smem", &v))) {
      if (r < 0 || kp_cli_int("--smem", v, 1LL << 30, 1, &o->smem))
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--format", &v))) {
      static const char *const names[] = {"text", "json", "kernel_tuner", "csv"};
      if (r < 0)
        return -1;
      o->format = -1;
      for (int f = 0; f < 4; f++)
        if (strcmp(v, names[f]) == 0)
          o->format = f;
      if (o->format < 0) {
        kp_cli_error("--format: '%s' is not text, json, kernel_tuner or csv", v);
        return -1;
      }
    } else if ((r = kp_cli_opt(argc, argv, &i, "--tune", &v))) {
      if (r < 0)
        return -1;
      if (o->np >= TUNE_MAX_PARAMS) {
        kp_cli_error("--tune: at most %d parameters", TUNE_MAX_PARAMS);
        return -1;
      }
      if (parse_tune(v, &o->p[o->np]))
        return -1;
      for (int k = 0; k < o->np; k++)
        if (strcmp(o->p[k].name, o->p[o->np].name) == 0) {
          kp_cli_error("--tune %s given twice", o->p[k].name);
          return -1;
        }
      o->np++;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--arg", &v))) {
      if (r < 0 || kp_cli_arg_value(v) || kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-arg=", v))
        return -1;
    } else if (kp_cli_positional(a, &o->file)) {
      return -1;
    }
  }
  if (!o->file || o->np == 0) {
    kp_cli_error("name the .cu file and what to search (--tune NAME=V1,V2,...)");
    return -1;
  }
  if (!o->kernel && (o->block || o->grid || o->problem || o->div[0] || o->div[1] || o->div[2] ||
                     o->top || o->format || o->smem)) {
    kp_cli_error("--block, --grid, --problem-size, --grid-div-*, --smem, --top and --format "
                 "rank the configurations of one kernel: name it (--kernel NAME)");
    return -1;
  }
  if (o->kernel && o->json) {
    kp_cli_error("--kernel: give --format json, not --json");
    return -1;
  }
  if (o->kernel && o->grid && (o->problem || o->div[0] || o->div[1] || o->div[2])) {
    kp_cli_error("--grid, or --problem-size with its --grid-div-*: not both");
    return -1;
  }
  return 0;
}

/* A parameter given without values: the file's value divided and multiplied
 * by 2 and 4 (those >= 1). */
void tune_default_values(tune_param *p) {
  static const int num[4] = {1, 1, 2, 4}, den[4] = {4, 2, 1, 1};
  p->nvalues = 0;
  for (int i = 0; i < 4; i++) {
    long long v = p->base * num[i] / den[i];
    if (v >= 1 && v * den[i] == p->base * num[i] && v != p->base)
      p->values[p->nvalues++] = v;
  }
}


/* One launch in one run. */
typedef struct tune_point {
  int have;
  double us;
  char at[96]; /* "" or " at n = 2^20" */
  double occupancy, smem;
  double threads; /* launched, grid x block (NaN when unknown) */
  double stores;  /* global stores and atomics of the whole launch (NaN when unknown) */
  double value;   /* a statement's point: the variable's value there */
  int npts;       /* a statement: its points (the variable's values, times) */
  double pv[KP_SCALING_POINTS], pu[KP_SCALING_POINTS];
  char var[64];   /* a statement: its variable */
  char kernel[128];
  char why[160];
} tune_point;

/* The launch's time in one run: its prediction, else its statement at
 * `want` of its first unknown (want 0: at its largest point). */
static void point_of(const cJSON *l, double want, tune_point *pt) {
  memset(pt, 0, sizeof *pt);
  pt->us = NAN;
  const cJSON *k = cJSON_GetObjectItemCaseSensitive(l, "kernel");
  snprintf(pt->kernel, sizeof pt->kernel, "%s", cJSON_IsString(k) ? k->valuestring : "?");
  const cJSON *ok = cJSON_GetObjectItemCaseSensitive(l, "ok");
  const cJSON *t = cJSON_GetObjectItemCaseSensitive(l, "predicted_us");
  const cJSON *occ = cJSON_GetObjectItemCaseSensitive(l, "occupancy");
  pt->threads = pt->stores = NAN;
  if (cJSON_IsTrue(ok) && cJSON_IsNumber(t) && isfinite(t->valuedouble)) {
    pt->have = 1;
    pt->us = t->valuedouble;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(l, "grid");
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(l, "block");
    if (cJSON_GetArraySize(g) == 3 && cJSON_GetArraySize(b) == 3) {
      pt->threads = 1;
      for (int i = 0; i < 3; i++)
        pt->threads *= cJSON_GetArrayItem(g, i)->valuedouble * cJSON_GetArrayItem(b, i)->valuedouble;
    }
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(l, "breakdown"), "global_stores_per_thread");
    if (cJSON_IsNumber(st))
      pt->stores = st->valuedouble * pt->threads;
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(occ, "occupancy");
    const cJSON *sm = cJSON_GetObjectItemCaseSensitive(occ, "smem_bytes");
    pt->occupancy = cJSON_IsNumber(x) ? x->valuedouble : NAN;
    pt->smem = cJSON_IsNumber(sm) ? sm->valuedouble : NAN;
    return;
  }
  const cJSON *sc = cJSON_GetObjectItemCaseSensitive(l, "scaling"), *p;
  const cJSON *var = cJSON_GetObjectItemCaseSensitive(sc, "variable");
  const cJSON *pick = NULL;
  /* A statement over a loop's unknown trip count (trip@FILE:LINE) says how
   * the time grows with that loop, not what the launch costs: not compared. */
  int trip = cJSON_IsString(var) && strncmp(var->valuestring, "trip@", 5) == 0;
  if (sc && !trip && !cJSON_GetObjectItemCaseSensitive(sc, "block_dims"))
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(sc, "points")) {
      const cJSON *v = cJSON_GetObjectItemCaseSensitive(p, "value");
      const cJSON *u = cJSON_GetObjectItemCaseSensitive(p, "predicted_us");
      if (cJSON_IsNumber(v) && cJSON_IsNumber(u) && v->valuedouble >= 1 &&
          (want > 0 ? v->valuedouble == want : 1))
        pick = p; /* the points increase: the last is the largest */
    }
  if (pick) {
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(sc, "points")) {
      const cJSON *v = cJSON_GetObjectItemCaseSensitive(p, "value");
      const cJSON *u = cJSON_GetObjectItemCaseSensitive(p, "predicted_us");
      if (cJSON_IsNumber(v) && cJSON_IsNumber(u) && pt->npts < KP_SCALING_POINTS) {
        pt->pv[pt->npts] = v->valuedouble;
        pt->pu[pt->npts++] = u->valuedouble;
      }
    }
    snprintf(pt->var, sizeof pt->var, "%s", cJSON_IsString(var) ? var->valuestring : "?");
    const cJSON *th = cJSON_GetObjectItemCaseSensitive(pick, "threads");
    double v = cJSON_GetObjectItemCaseSensitive(pick, "value")->valuedouble;
    pt->have = 1;
    pt->us = cJSON_GetObjectItemCaseSensitive(pick, "predicted_us")->valuedouble;
    pt->value = v;
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(pick, "stores");
    pt->threads = cJSON_IsNumber(th) ? th->valuedouble : NAN;
    pt->stores = cJSON_IsNumber(st) ? st->valuedouble : NAN;
    pt->occupancy = pt->smem = NAN;
    snprintf(pt->at, sizeof pt->at, " at %s = 2^%d", cJSON_IsString(var) ? var->valuestring : "?",
             (int)lround(log2(v)));
    return;
  }
  const cJSON *why = cJSON_GetObjectItemCaseSensitive(l, "why");
  snprintf(pt->why, sizeof pt->why, "%s", cJSON_IsString(why) ? why->valuestring : "no time");
  if (trip)
    snprintf(pt->why, sizeof pt->why, "its time depends on a loop kperf cannot bound (%s)",
             var->valuestring);
}


/* "NAME:LINE:COL" of launch l (the base name of its file). */
static int loc_key(const cJSON *l, char *key, size_t n) {
  const cJSON *loc = cJSON_GetObjectItemCaseSensitive(l, "loc");
  if (!cJSON_IsString(loc) || !strchr(loc->valuestring, ':'))
    return 0;
  const char *end = loc->valuestring + strlen(loc->valuestring);
  int colons = 0;
  const char *p = end;
  while (p > loc->valuestring && colons < 2)
    if (*--p == ':')
      colons++;
  if (colons < 2)
    return 0;
  const char *b = p;
  while (b > loc->valuestring && b[-1] != '/')
    b--;
  snprintf(key, n, "%s", b);
  return 1;
}

/* Whether x and y are equal up to 5 % (a grid rounded up to whole blocks),
 * and a warp. */
static int about(double x, double y) {
  return isfinite(x) && isfinite(y) && fabs(x - y) <= 0.05 * fabs(y) + 32;
}

/* Whether run c's time compares with the baseline's: both known, of one
 * kind (a number, or a statement at the same size), and the same work: as
 * many threads launched and as many global stores, up to rounding (a grid
 * that does not shrink as the block grows, or a tile a block no longer
 * covers, is other work). */
static int comparable(const tune_point *c, const tune_point *base) {
  if (!c->have || !base->have || strcmp(c->at, base->at) != 0)
    return 0;
  return about(c->threads, base->threads) &&
         (!isfinite(c->stores) && !isfinite(base->stores) ? 1 : about(c->stores, base->stores));
}

/* Where a statement's recommendation holds: the least of the baseline's
 * points from which c is at least 10 % faster at every point of both up to
 * the largest (c's time at the baseline's variable value).  The index into
 * base->pv, 0 when it holds at every point, -1 when it cannot be told (a
 * number, not a statement, or points that do not match). */
static int holds_from(const tune_point *c, const tune_point *base) {
  if (base->npts < 2 || c->npts != base->npts)
    return -1;
  int from = base->npts;
  for (int i = base->npts - 1; i >= 0; i--) {
    if (c->pv[i] != base->pv[i] || !(c->pu[i] > 0) || !(base->pu[i] > 0))
      return -1;
    if (c->pu[i] > 0.9 * base->pu[i])
      break;
    from = i;
  }
  return from < base->npts ? from : -1;
}

/* " at every n from 2^12 to 2^24" or " for n >= 2^20 (1.02x at 2^16)":
 * where the change of run c pays, into buf ("" when it cannot be told). */
static void range_text(const tune_point *c, const tune_point *base, char *buf, size_t n) {
  int f = holds_from(c, base);
  buf[0] = '\0';
  if (f < 0)
    return;
  int last = base->npts - 1;
  if (f == 0)
    snprintf(buf, n, "; at every %s from 2^%d to 2^%d", base->var, (int)lround(log2(base->pv[0])),
             (int)lround(log2(base->pv[last])));
  else
    snprintf(buf, n, "; for %s >= 2^%d only (%.2fx at 2^%d)", base->var,
             (int)lround(log2(base->pv[f])), base->pu[f - 1] / c->pu[f - 1],
             (int)lround(log2(base->pv[f - 1])));
}

/* "BLOCK_SIZE=32, TILE=4" of combination c (values[k][c's digit]). */
static void combo_text(const tune_opts *o, const long long (*vals)[TUNE_MAX_PARAMS], int c,
                       const char *sep, char *buf, size_t n) {
  size_t u = 0;
  buf[0] = '\0';
  for (int k = 0; k < o->np && u < n; k++)
    u += (size_t)snprintf(buf + u, n - u, "%s%s=%lld", k ? sep : "", o->p[k].name, vals[c][k]);
}


/* Long: the subcommand's steps in order, each commented (options, the
 * combinations of the parameters' values, one run per combination, the
 * baseline's launches matched in every run, the statements'
 * recommendations, the table); they share the options and the runs. */
static int tune_run(int argc, char **argv) {
  tune_opts o;
  memset(&o, 0, sizeof o);
  int rc = KP_EXIT_FAIL;
  char *text = NULL, tmpdir[] = "/tmp/kperf-tune-XXXXXX", path[PATH_MAX];
  int have_dir = 0;
  cJSON **roots = NULL;
  char **errs = NULL;
  long long(*vals)[TUNE_MAX_PARAMS] = NULL;
  int nruns = 1;
  if (parse_args(argc, argv, &o)) {
    rc = KP_EXIT_USAGE;
    goto out;
  }
  text = kp_cli_read_file(o.file, NULL);
  if (!text) {
    kp_cli_error("cannot read '%s': %s", o.file, strerror(errno));
    goto out;
  }
  if (!mkdtemp(tmpdir)) {
    kp_cli_error("cannot make a temporary directory: %s", strerror(errno));
    goto out;
  }
  have_dir = 1;
  const char *base = strrchr(o.file, '/');
  snprintf(path, sizeof path, "%s/%s", tmpdir, base ? base + 1 : o.file);
  /* The file's own directory for its quoted includes. */
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%.*s", base ? (int)(base - o.file) : 1, base ? o.file : ".");
  if (tune_make_copies(tmpdir, dir, base ? base + 1 : o.file, text, &o)) {
    rc = KP_EXIT_USAGE;
    goto out;
  }
  if (o.kernel) {
    rc = tune_kernel(&o, tmpdir, path, dir);
    goto out;
  }
  /* Combinations: the file's own values first, then every one of the lists. */
  for (int k = 0; k < o.np; k++) {
    if (o.p[k].nvalues == 0)
      tune_default_values(&o.p[k]);
    if (o.p[k].nvalues == 0) {
      kp_cli_error("--tune %s: give its values (--tune %s=V1,V2,...)", o.p[k].name, o.p[k].name);
      rc = KP_EXIT_USAGE;
      goto out;
    }
    nruns *= o.p[k].nvalues;
  }
  if (nruns + 1 > TUNE_MAX_RUNS) {
    kp_cli_error("--tune: %d combinations; at most %d", nruns, TUNE_MAX_RUNS - 1);
    rc = KP_EXIT_USAGE;
    goto out;
  }
  nruns += 1;
  vals = calloc((size_t)nruns, sizeof *vals);
  roots = calloc((size_t)nruns, sizeof *roots);
  errs = calloc((size_t)nruns, sizeof *errs);
  if (!vals || !roots || !errs)
    goto out;
  for (int k = 0; k < o.np; k++)
    vals[0][k] = o.p[k].base;
  for (int c = 1; c < nruns; c++) {
    int idx = c - 1;
    for (int k = o.np - 1; k >= 0; k--) {
      vals[c][k] = o.p[k].values[idx % o.p[k].nvalues];
      idx /= o.p[k].nvalues;
    }
  }
  kp_strlist pl = {0};
  if (kp_strlist_push2(&pl, "-fplugin-arg-kperf-gpu=", o.gpu ? o.gpu : "h100") ||
      (o.db && kp_strlist_push2(&pl, "-fplugin-arg-kperf-db=", o.db)) ||
      (o.model && kp_strlist_push2(&pl, "-fplugin-arg-kperf-model=", o.model))) {
    kp_strlist_free(&pl);
    goto out;
  }
  for (size_t i = 0; i < o.plugin.n; i++)
    if (kp_strlist_push(&pl, o.plugin.v[i])) {
      kp_strlist_free(&pl);
      goto out;
    }
  for (int c = 0; c < nruns; c++) {
    kp_strlist cl = {0};
    int bad = kp_strlist_push2(&cl, "-iquote", dir) || kp_strlist_push2(&cl, "-I", dir);
    for (int k = 0; k < o.np && !bad; k++) {
      char d[160];
      snprintf(d, sizeof d, "-DKPERF_TUNE_%s=%lld", o.p[k].name, vals[c][k]);
      bad = kp_strlist_push2(&cl, d, "");
    }
    for (size_t i = 0; i < o.clang.n && !bad; i++)
      bad = kp_strlist_push(&cl, o.clang.v[i]);
    kp_plugin_result r;
    memset(&r, 0, sizeof r);
    if (bad || kp_cli_plugin_run("predict", path, pl.v, pl.n, cl.v, cl.n, &r) != 0) {
      kp_strlist_free(&cl);
      kp_strlist_free(&pl);
      goto out;
    }
    kp_strlist_free(&cl);
    errs[c] = r.errtext;
    roots[c] = r.status == 0 && r.report ? cJSON_Parse(r.report) : NULL;
    free(r.report);
    if (c == 0 && !roots[0]) {
      kp_cli_error("'%s' does not compile with kperf at its own values:", o.file);
      /* The first lines of what clang said. */
      const char *e = errs[0] ? errs[0] : "";
      for (int n = 0; *e && n < 12; n++) {
        const char *nl = strchr(e, '\n');
        size_t len = nl ? (size_t)(nl - e + 1) : strlen(e);
        fwrite(e, 1, len, stderr);
        e += len;
      }
      kp_strlist_free(&pl);
      goto out;
    }
  }
  kp_strlist_free(&pl);

  /* The launches of the baseline, in order. */
  const cJSON *bl = cJSON_GetObjectItemCaseSensitive(roots[0], "launches"), *l;
  cJSON *jout = o.json ? cJSON_CreateObject() : NULL, *jl = NULL;
  if (jout) {
    cJSON *ps = cJSON_AddArrayToObject(jout, "parameters");
    for (int k = 0; k < o.np; k++) {
      cJSON *x = cJSON_CreateObject();
      cJSON_AddStringToObject(x, "name", o.p[k].name);
      cJSON_AddNumberToObject(x, "file_value", (double)o.p[k].base);
      cJSON_AddItemToArray(ps, x);
    }
    cJSON *bad = cJSON_AddArrayToObject(jout, "not_compiled");
    for (int c = 1; c < nruns; c++)
      if (!roots[c]) {
        char ct[256];
        combo_text(&o, vals, c, ", ", ct, sizeof ct);
        cJSON_AddItemToArray(bad, cJSON_CreateString(ct));
      }
    jl = cJSON_AddArrayToObject(jout, "launches");
  } else {
    for (int c = 1; c < nruns; c++)
      if (!roots[c]) {
        char ct[256];
        combo_text(&o, vals, c, ", ", ct, sizeof ct);
        printf("%s: does not compile (left out)\n", ct);
      }
  }
  int li = 0;
  cJSON_ArrayForEach(l, bl) {
    const cJSON *loc = cJSON_GetObjectItemCaseSensitive(l, "loc");
    if (!cJSON_IsString(loc))
      continue;
    char key[PATH_MAX], k2[PATH_MAX];
    if (!loc_key(l, key, sizeof key))
      continue;
    /* Same launch in every run: the index-th launch there with this place
     * (a launch in a template is one per instance). */
    int nth = 0;
    const cJSON *l2;
    cJSON_ArrayForEach(l2, bl) {
      if (l2 == l)
        break;
      if (loc_key(l2, k2, sizeof k2) && strcmp(k2, key) == 0)
        nth++;
    }
    tune_point pts[TUNE_MAX_RUNS];
    int best = -1;
    for (int c = 0; c < nruns; c++) {
      memset(&pts[c], 0, sizeof pts[c]);
      pts[c].us = NAN;
      if (!roots[c])
        continue;
      int seen = 0;
      const cJSON *x;
      cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(roots[c], "launches")) {
        if (loc_key(x, k2, sizeof k2) && strcmp(k2, key) == 0 && seen++ == nth) {
          point_of(x, c ? pts[0].value : 0, &pts[c]);
          break;
        }
      }
      if (comparable(&pts[c], &pts[0]) && (best < 0 || pts[c].us < pts[best].us))
        best = c;
    }
    char t0[32], tb[32], ct[256];
    if (jl) {
      cJSON *x = cJSON_CreateObject();
      cJSON_AddStringToObject(x, "loc", key);
      cJSON_AddStringToObject(x, "kernel", pts[0].kernel);
      cJSON *rs = cJSON_AddArrayToObject(x, "runs");
      for (int c = 0; c < nruns; c++) {
        cJSON *r = cJSON_CreateObject();
        cJSON *v = cJSON_AddObjectToObject(r, "values");
        for (int k = 0; k < o.np; k++)
          cJSON_AddNumberToObject(v, o.p[k].name, (double)vals[c][k]);
        cJSON_AddBoolToObject(r, "compiled", roots[c] != NULL);
        if (pts[c].have)
          cJSON_AddNumberToObject(r, "predicted_us", pts[c].us);
        else
          cJSON_AddNullToObject(r, "predicted_us");
        cJSON_AddBoolToObject(r, "comparable", c == 0 || comparable(&pts[c], &pts[0]));
        cJSON_AddItemToArray(rs, r);
      }
      cJSON_AddNumberToObject(x, "best", best);
      cJSON_AddBoolToObject(x, "recommended",
                            best > 0 && pts[best].us <= 0.9 * pts[0].us);
      /* A statement's recommendation: the least value of its variable from
       * which it holds (the first point when it holds at every one). */
      int hf = best > 0 && pts[best].us <= 0.9 * pts[0].us ? holds_from(&pts[best], &pts[0]) : -1;
      if (hf >= 0) {
        cJSON_AddStringToObject(x, "variable", pts[0].var);
        cJSON_AddNumberToObject(x, "holds_from", pts[0].pv[hf]);
        cJSON_AddBoolToObject(x, "holds_everywhere", hf == 0);
      }
      cJSON_AddItemToArray(jl, x);
      li++;
      continue;
    }
    printf("%s%s/%s %s:", li++ ? "\n" : "", dir, key, pts[0].kernel);
    if (!pts[0].have) {
      printf(" no time at the file's values (%s)\n", pts[0].why);
      continue;
    }
    kp_format_time_us(pts[0].us, t0, sizeof t0);
    printf(" %s%s at the file's values", t0, pts[0].at);
    for (int k = 0; k < o.np; k++)
      printf("%s%s=%lld", k ? ", " : " (", o.p[k].name, o.p[k].base);
    printf(")\n");
    for (int c = 1; c < nruns; c++) {
      combo_text(&o, vals, c, ", ", ct, sizeof ct);
      if (!roots[c])
        continue;
      if (!pts[c].have) {
        printf("  %s: no time (%s)\n", ct, pts[c].why[0] ? pts[c].why : "launch not found");
        continue;
      }
      kp_format_time_us(pts[c].us, tb, sizeof tb);
      printf("  %s: %s%s", ct, tb, pts[c].at);
      if (isfinite(pts[c].occupancy))
        printf(", occupancy %.0f%%, %.0f B shared per block", 100 * pts[c].occupancy,
               pts[c].smem);
      if (!comparable(&pts[c], &pts[0])) {
        if (!isfinite(pts[c].threads) || !isfinite(pts[0].threads))
          printf(" (threads launched unknown: not compared)");
        else if (!about(pts[c].threads, pts[0].threads))
          printf(" (%.0f threads launched, not %.0f: other work, not compared)", pts[c].threads,
                 pts[0].threads);
        else
          printf(" (%.4g global stores, not %.4g: other work, not compared)", pts[c].stores,
                 pts[0].stores);
      }
      printf("\n");
    }
    if (best > 0 && pts[best].us <= 0.9 * pts[0].us) {
      char from[256] = "", to[256] = "";
      size_t uf = 0, ut = 0;
      for (int k = 0; k < o.np; k++)
        if (vals[best][k] != o.p[k].base) {
          uf += (size_t)snprintf(from + uf, sizeof from - uf, "%s%s %lld", uf ? ", " : "",
                                 o.p[k].name, o.p[k].base);
          ut += (size_t)snprintf(to + ut, sizeof to - ut, "%s%lld", ut ? ", " : "",
                                 vals[best][k]);
        }
      kp_format_time_us(pts[best].us, tb, sizeof tb);
      char range[160];
      range_text(&pts[best], &pts[0], range, sizeof range);
      printf("  recommended: %s -> %s: predicted %.2fx faster (%s -> %s%s%s)", from, to,
             pts[0].us / pts[best].us, t0, tb, pts[0].at, range);
      if (isfinite(pts[best].smem))
        printf("; %.0f B shared per block, occupancy %.0f%%", pts[best].smem,
               100 * pts[best].occupancy);
      printf("\n");
    } else if (best <= 0 && nruns > 1) {
      int any = 0;
      for (int c = 1; c < nruns; c++)
        any |= comparable(&pts[c], &pts[0]);
      printf(any ? "  no change recommended: the file's values are predicted fastest\n"
                 : "  no change recommended: no other value launches the same work with a "
                   "time to compare\n");
    } else {
      printf("  no change recommended: none of the values is predicted 10%% faster\n");
    }
  }
  if (jout) {
    rc = kp_cli_print_json(jout) == 0 ? KP_EXIT_OK : KP_EXIT_FAIL;
    goto out;
  }
  if (li == 0)
    printf("no launch in '%s'\n", o.file);
  rc = KP_EXIT_OK;
out:
  if (have_dir)
    tune_remove_copies(tmpdir);
  for (int c = 0; roots && c < nruns; c++) {
    cJSON_Delete(roots[c]);
    free(errs[c]);
  }
  free(roots);
  free(errs);
  free(vals);
  free(text);
  kp_strlist_free(&o.plugin);
  kp_strlist_free(&o.clang);
  return rc;
}

const kp_command kp_cmd_tune = {"tune", "search a file's compile-time parameters (#define)",
                                tune_run, tune_help};
