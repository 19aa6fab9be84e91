/* kperf tune: searches a file's compile-time parameters (object-like macros
 * such as BLOCK_SIZE, which size blocks, __shared__ tiles and loop bounds
 * together) and says, per launch, which value is predicted fastest.
 *
 * Each combination of values is a compile of a copy of the file (and of the
 * headers of its directory) in which `#define NAME VALUE` reads `#define
 * NAME KPERF_TUNE_NAME` (columns move, lines do not), with
 * -DKPERF_TUNE_NAME=v; the file's own value is the baseline.  Launches are
 * matched by file name, line and column. */
#define _POSIX_C_SOURCE 200809L
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
static void default_values(tune_param *p) {
  static const int num[4] = {1, 1, 2, 4}, den[4] = {4, 2, 1, 1};
  p->nvalues = 0;
  for (int i = 0; i < 4; i++) {
    long long v = p->base * num[i] / den[i];
    if (v >= 1 && v * den[i] == p->base * num[i] && v != p->base)
      p->values[p->nvalues++] = v;
  }
}

/* The copy of text with each `#define NAME BODY` of a tuned NAME (an
 * integer BODY, the whole directive on one line) reading `#define NAME
 * KPERF_TUNE_NAME`; records the file's values.  NULL (after printing) when
 * a parameter has no such definition in the file. */
static char *rewrite(const char *text, tune_opts *o) {
  size_t len = strlen(text), cap = len + 1 + (size_t)o->np * 256;
  char *out = malloc(cap), *w = out;
  if (!out)
    return NULL;
  const char *s = text;
  while (*s) {
    const char *eol = strchr(s, '\n');
    size_t n = eol ? (size_t)(eol - s + 1) : strlen(s);
    const char *q = s;
    while (q < s + n && (*q == ' ' || *q == '\t'))
      q++;
    int done = 0;
    if (q < s + n && *q == '#') {
      q++;
      while (*q == ' ' || *q == '\t')
        q++;
      if (strncmp(q, "define", 6) == 0 && (q[6] == ' ' || q[6] == '\t')) {
        const char *nm = q + 6;
        while (*nm == ' ' || *nm == '\t')
          nm++;
        for (int k = 0; k < o->np && !done; k++) {
          tune_param *p = &o->p[k];
          size_t pl = strlen(p->name);
          if (strncmp(nm, p->name, pl) != 0 || !(nm[pl] == ' ' || nm[pl] == '\t'))
            continue;
          const char *b = nm + pl;
          while (*b == ' ' || *b == '\t')
            b++;
          const char *be = b;
          while (be < s + n && *be != '\n' && *be != '\r' && *be != '/')
            be++;
          while (be > b && (be[-1] == ' ' || be[-1] == '\t'))
            be--;
          char body[64];
          size_t bl = (size_t)(be - b);
          if (bl == 0 || bl >= sizeof body)
            continue;
          memcpy(body, b, bl);
          body[bl] = '\0';
          char *end;
          errno = 0;
          long long v = strtoll(body, &end, 0);
          while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
            end++;
          if (errno || *end || p->found)
            continue; /* not an integer, or defined twice: left alone */
          p->found = 1;
          p->base = v;
          snprintf(p->original, sizeof p->original, "%s", body);
          w += sprintf(w, "%.*s%s KPERF_TUNE_%s", (int)(nm - s), s, p->name, p->name);
          w += sprintf(w, "%.*s", (int)(s + n - be), be); /* a comment, the newline */
          done = 1;
        }
      }
    }
    if (!done) {
      memcpy(w, s, n);
      w += n;
    }
    s += n;
  }
  *w = '\0';
  return out;
}

/* Writes text, rewritten, to dir/name.  0 ok. */
static int write_copy(const char *dir, const char *name, const char *text, tune_opts *o) {
  char *copy = rewrite(text, o), path[PATH_MAX + 260];
  if (!copy)
    return -1;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  int bad = !f || fputs(copy, f) < 0;
  if (f && fclose(f) != 0)
    bad = 1;
  free(copy);
  if (bad)
    kp_cli_error("cannot write '%s'", path);
  return bad ? -1 : 0;
}

static int header_name(const char *n) {
  const char *dot = strrchr(n, '.');
  static const char *const ext[] = {".h",  ".hh", ".hpp", ".hxx", ".cuh", ".inl",
                                    ".cu", ".inc", ".c",   ".cc",  ".cpp", ".cxx"};
  for (size_t i = 0; dot && i < sizeof ext / sizeof ext[0]; i++)
    if (strcmp(dot, ext[i]) == 0)
      return 1;
  return 0;
}

/* The copies the runs compile, in tmp: the file, then the headers and
 * sources of its directory (quoted includes between them find the copies),
 * each `#define NAME INTEGER` of a tuned NAME rewritten (the file's own
 * definition is the one taken when there are several).  0 ok; -1 after
 * printing (a parameter defined nowhere there). */
static int make_copies(const char *tmp, const char *dir, const char *file_base,
                       const char *text, tune_opts *o) {
  if (write_copy(tmp, file_base, text, o))
    return -1;
  DIR *d = opendir(dir);
  struct dirent *e;
  int copied = 0;
  while (d && (e = readdir(d)) && copied < 400) {
    if (e->d_name[0] == '.' || !header_name(e->d_name) || strcmp(e->d_name, file_base) == 0)
      continue;
    char path[PATH_MAX + 260];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (8 << 20))
      continue;
    char *t = kp_cli_read_file(path, NULL);
    if (!t)
      continue;
    int bad = write_copy(tmp, e->d_name, t, o);
    free(t);
    if (bad) {
      closedir(d);
      return -1;
    }
    copied++;
  }
  if (d)
    closedir(d);
  for (int k = 0; k < o->np && !o->kernel; k++) /* --kernel: -DNAME=V */
    if (!o->p[k].found) {
      kp_cli_error("%s: no `#define %s INTEGER` on a line of its own in it or in its directory "
                   "to search",
                   o->file, o->p[k].name);
      return -1;
    }
  return 0;
}

/* Removes the copies and the directory. */
static void remove_copies(const char *tmp) {
  DIR *d = opendir(tmp);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    char path[PATH_MAX + 260];
    snprintf(path, sizeof path, "%s/%s", tmp, e->d_name);
    unlink(path);
  }
  if (d)
    closedir(d);
  rmdir(tmp);
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
  double pv[8], pu[8];
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
      if (cJSON_IsNumber(v) && cJSON_IsNumber(u) && pt->npts < 8) {
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

/* ------------------------------------------------------------ --kernel */

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
static int tune_kernel(tune_opts *o, const char *tmp, const char *path, const char *dir) {
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
      default_values(&o->p[k]);
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
  if (make_copies(tmpdir, dir, base ? base + 1 : o.file, text, &o)) {
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
      default_values(&o.p[k]);
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
    remove_copies(tmpdir);
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
