/* kperf diff BASE.json HEAD.json: what changed between two snapshots
 * (kperf check --save): launches predicted slower or faster (changes under
 * 2 % are ignored), launches and kernels added or removed, registers and
 * spills, findings new or fixed.  As text, as a pull-request comment
 * (--markdown) and as SARIF with baselineState (--sarif OUT).  Exit status:
 * 0; 1 when --fail-on-slowdown PCT or --werror fails; 2 on bad input. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kperf/launch.h"
#include "cli.h"
#include "kperf/findings_report.h"
#include "plugin_run.h"
#include "snapshot.h"

#define DIFF_MIN_CHANGE 0.02 /* a smaller change of a predicted time is noise */

static void diff_help(FILE *out) {
  fputs("usage: kperf diff BASE.json HEAD.json [--markdown] [--max-rows N] [--sarif OUT]\n"
        "                  [--fail-on-slowdown PCT] [--werror] [--new-only]\n"
        "\n"
        "Compares two snapshots written by 'kperf check -p BUILD --save FILE' (the base\n"
        "and the head of a pull request) and prints what changed: launches predicted\n"
        "slower or faster with the ratio (changes under 2% are ignored), launches and\n"
        "kernels added or removed, registers and spills, findings new and fixed\n"
        "(matched by fingerprint, so moved lines match).\n"
        "\n"
        "  --markdown              print a pull-request comment instead: a one-line\n"
        "                          summary, then a table of the largest changes first\n"
        "  --max-rows N            at most N rows in the table (default 20)\n"
        "  --sarif OUT             also write SARIF 2.1.0 whose results carry\n"
        "                          baselineState (new, unchanged, updated, absent)\n"
        "  --fail-on-slowdown PCT  exit with status 1 when a launch's predicted time\n"
        "                          grows by more than PCT percent\n"
        "  --werror                exit with status 1 when the head has a finding at\n"
        "                          warning or error level\n"
        "  --new-only              only new findings are listed and fail --werror\n"
        "\n"
        "Exit status: 0; 1 --fail-on-slowdown or --werror failed; 2 bad input.\n",
        out);
}

typedef struct options {
  const char *base, *head, *sarif;
  int markdown, werror, new_only, fail_set;
  long long max_rows;
  double fail_pct;
} options;

/* ------------------------------------------------------------ changes */

typedef enum {
  CH_SLOWER,
  CH_FASTER,
  CH_NO_TIME,   /* had a predicted time, has none now */
  CH_NEW_TIME,  /* has one now */
  CH_REGISTERS, /* registers or spills changed, the time did not */
  CH_LAUNCH_ADDED,
  CH_LAUNCH_REMOVED,
  CH_KERNEL_ADDED,
  CH_KERNEL_REMOVED,
  CH_FINDING_NEW,
  CH_FINDING_FIXED,
  CH_FINDING_SAME, /* unchanged, or moved (updated): SARIF only */
} change_kind;

typedef struct change {
  change_kind kind;
  const cJSON *base, *head; /* the entries (one may be NULL) */
  double ratio;             /* head / base time */
  int moved;                /* a finding on another line */
  size_t order;
} change;

typedef struct changes {
  change *v;
  size_t n, cap;
} changes;

static int push(changes *c, change_kind k, const cJSON *base, const cJSON *head, double ratio) {
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 64;
    change *v = realloc(c->v, cap * sizeof *v);
    if (!v)
      return -1;
    c->v = v;
    c->cap = cap;
  }
  change *x = &c->v[c->n];
  memset(x, 0, sizeof *x);
  x->kind = k;
  x->base = base;
  x->head = head;
  x->ratio = ratio;
  x->order = c->n++;
  return 0;
}

/* ------------------------------------------------------------ reading */

static cJSON *read_snapshot(const char *path) {
  char *text = kp_cli_read_file(path, NULL);
  if (!text) {
    kp_cli_error("diff: cannot read '%s': %s", path, strerror(errno));
    return NULL;
  }
  cJSON *s = cJSON_Parse(text);
  free(text);
  const char *why = NULL;
  if (!s)
    why = "not JSON";
  else if (kp_json_num(s, "schema", 0) != KP_SNAPSHOT_SCHEMA)
    why = "no \"schema\": 1";
  else if (!cJSON_IsArray(kp_json_get(s, "launches")) ||
           !cJSON_IsArray(kp_json_get(s, "kernels")) ||
           !cJSON_IsArray(kp_json_get(s, "findings")))
    why = "no \"launches\", \"kernels\" or \"findings\" array";
  if (why) {
    kp_cli_error("diff: '%s' is not a kperf snapshot (%s; write one with 'kperf check -p BUILD "
                 "--save FILE')",
                 path, why);
    cJSON_Delete(s);
    return NULL;
  }
  return s;
}

/* ------------------------------------------------------------ matching */

static const char *str(const cJSON *o, const char *k) { return kp_json_str(o, k, ""); }

/* Whether two launches are the same site: file, kernel, GPU and the place
 * among that kernel's launches in the file on that GPU (lines may move). */
static int ordinal(const cJSON *arr, const cJSON *l) {
  int n = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, arr) {
    if (x == l)
      break;
    n += strcmp(str(x, "file"), str(l, "file")) == 0 &&
         strcmp(str(x, "kernel"), str(l, "kernel")) == 0 &&
         strcmp(str(x, "gpu"), str(l, "gpu")) == 0;
  }
  return n;
}

static const cJSON *find_launch(const cJSON *arr, const cJSON *from_arr, const cJSON *l) {
  int want = ordinal(from_arr, l), n = 0;
  const cJSON *x;
  cJSON_ArrayForEach(x, arr) {
    if (strcmp(str(x, "file"), str(l, "file")) || strcmp(str(x, "kernel"), str(l, "kernel")) ||
        strcmp(str(x, "gpu"), str(l, "gpu")))
      continue;
    if (n++ == want)
      return x;
  }
  return NULL;
}

static double time_of(const cJSON *l) {
  const cJSON *t = kp_json_get(l, "predicted_us");
  return cJSON_IsNumber(t) && t->valuedouble > 0 ? t->valuedouble : NAN;
}

static int compare_launches(const cJSON *base, const cJSON *head, changes *c) {
  const cJSON *bl = kp_json_get(base, "launches"), *hl = kp_json_get(head, "launches"), *l;
  cJSON_ArrayForEach(l, bl) {
    const cJSON *h = find_launch(hl, bl, l);
    if (!h) {
      if (push(c, CH_LAUNCH_REMOVED, l, NULL, NAN))
        return -1;
      continue;
    }
    double tb = time_of(l), th = time_of(h), ratio = th / tb;
    int rc = 0;
    if (isnan(tb) && !isnan(th))
      rc = push(c, CH_NEW_TIME, l, h, NAN);
    else if (!isnan(tb) && isnan(th))
      rc = push(c, CH_NO_TIME, l, h, NAN);
    else if (!isnan(ratio) && ratio >= 1 + DIFF_MIN_CHANGE)
      rc = push(c, CH_SLOWER, l, h, ratio);
    else if (!isnan(ratio) && ratio <= 1 / (1 + DIFF_MIN_CHANGE))
      rc = push(c, CH_FASTER, l, h, ratio);
    else if (kp_json_num(l, "registers", -1) != kp_json_num(h, "registers", -1) ||
             kp_json_num(l, "spill_bytes", -1) != kp_json_num(h, "spill_bytes", -1))
      rc = push(c, CH_REGISTERS, l, h, ratio);
    if (rc)
      return -1;
  }
  cJSON_ArrayForEach(l, hl) {
    if (!find_launch(bl, hl, l) && push(c, CH_LAUNCH_ADDED, NULL, l, NAN))
      return -1;
  }
  return 0;
}

static int has_kernel(const cJSON *arr, const cJSON *k) {
  const cJSON *x;
  cJSON_ArrayForEach(x, arr) {
    if (strcmp(str(x, "name"), str(k, "name")) == 0 && strcmp(str(x, "file"), str(k, "file")) == 0)
      return 1;
  }
  return 0;
}

static int compare_kernels(const cJSON *base, const cJSON *head, changes *c) {
  const cJSON *bk = kp_json_get(base, "kernels"), *hk = kp_json_get(head, "kernels"), *k;
  cJSON_ArrayForEach(k, bk) {
    if (!has_kernel(hk, k) && push(c, CH_KERNEL_REMOVED, k, NULL, NAN))
      return -1;
  }
  cJSON_ArrayForEach(k, hk) {
    if (!has_kernel(bk, k) && push(c, CH_KERNEL_ADDED, NULL, k, NAN))
      return -1;
  }
  return 0;
}

/* Findings by fingerprint, each base finding matched at most once. */
static int compare_findings(const cJSON *base, const cJSON *head, changes *c) {
  const cJSON *bf = kp_json_get(base, "findings"), *hf = kp_json_get(head, "findings"), *f;
  size_t nb = (size_t)cJSON_GetArraySize(bf), i = 0;
  char *used = calloc(nb + 1, 1);
  if (!used)
    return -1;
  cJSON_ArrayForEach(f, hf) {
    const cJSON *match = NULL, *b;
    i = 0;
    cJSON_ArrayForEach(b, bf) {
      if (!used[i] && strcmp(str(b, "fingerprint"), str(f, "fingerprint")) == 0) {
        used[i] = 1;
        match = b;
        break;
      }
      i++;
    }
    if (push(c, match ? CH_FINDING_SAME : CH_FINDING_NEW, match, f, NAN)) {
      free(used);
      return -1;
    }
    if (match)
      c->v[c->n - 1].moved = kp_json_num(match, "line", 0) != kp_json_num(f, "line", 0);
  }
  i = 0;
  cJSON_ArrayForEach(f, bf) {
    if (!used[i++] && push(c, CH_FINDING_FIXED, f, NULL, NAN)) {
      free(used);
      return -1;
    }
  }
  free(used);
  return 0;
}

/* ------------------------------------------------------------ order and counts */

/* Largest changes of time first, then launches, kernels and findings. */
static double weight(const change *c) {
  if (c->kind == CH_SLOWER || c->kind == CH_FASTER)
    return fabs(log(c->ratio));
  return -(double)c->kind;
}

static int change_cmp(const void *pa, const void *pb) {
  const change *a = pa, *b = pb;
  double wa = weight(a), wb = weight(b);
  if (wa != wb)
    return wa > wb ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

static size_t count(const changes *c, change_kind k) {
  size_t n = 0;
  for (size_t i = 0; i < c->n; i++)
    n += c->v[i].kind == k;
  return n;
}

/* Whether a row is shown (SARIF shows everything). */
static int shown(const change *c, const options *o) {
  if (c->kind == CH_FINDING_SAME)
    return 0;
  if (o->new_only && c->kind == CH_FINDING_FIXED)
    return 0;
  return 1;
}

/* ------------------------------------------------------------ text */

/* A time as kperf's remarks give it; "no time" when there is none. */
static void fmt_time(double us, char *buf, size_t n) {
  if (isnan(us))
    snprintf(buf, n, "no time");
  else
    kp_format_time_us(us, buf, n);
}

static void fmt_where(const cJSON *e, char *buf, size_t n) {
  snprintf(buf, n, "%s:%d", str(e, "file"), (int)kp_json_num(e, "line", 0));
}

static void fmt_ratio(double r, char *buf, size_t n) {
  if (r >= 1)
    snprintf(buf, n, "%.2fx slower", r);
  else
    snprintf(buf, n, "%.2fx faster", 1 / r);
}

/* registers and spills: "32 -> 40 registers, spills 0 -> 16 B" (what changed). */
static void fmt_regs(const cJSON *b, const cJSON *h, char *buf, size_t n) {
  double rb = kp_json_num(b, "registers", -1), rh = kp_json_num(h, "registers", -1);
  double sb = kp_json_num(b, "spill_bytes", -1), sh = kp_json_num(h, "spill_bytes", -1);
  buf[0] = 0;
  if (rb != rh && rb >= 0 && rh >= 0)
    snprintf(buf, n, "registers %g -> %g", rb, rh);
  if (sb != sh && sb >= 0 && sh >= 0)
    snprintf(buf + strlen(buf), n - strlen(buf), "%sspills %g -> %g B", buf[0] ? ", " : "", sb,
             sh);
}

static const char *label(change_kind k) {
  switch (k) {
  case CH_SLOWER: return "slower";
  case CH_FASTER: return "faster";
  case CH_NO_TIME: return "no time now";
  case CH_NEW_TIME: return "time now";
  case CH_REGISTERS: return "registers";
  case CH_LAUNCH_ADDED: return "launch added";
  case CH_LAUNCH_REMOVED: return "launch removed";
  case CH_KERNEL_ADDED: return "kernel added";
  case CH_KERNEL_REMOVED: return "kernel removed";
  case CH_FINDING_NEW: return "new finding";
  case CH_FINDING_FIXED: return "fixed finding";
  case CH_FINDING_SAME: return "finding";
  }
  return "";
}

/* The columns of a row: where, kernel, GPU, base, head, change. */
typedef struct row {
  char where[1024], kernel[512], gpu[64], base[64], head[64], what[2048];
} row;

static void make_row(const change *c, row *r) {
  const cJSON *e = c->head ? c->head : c->base;
  memset(r, 0, sizeof *r);
  fmt_where(e, r->where, sizeof r->where);
  snprintf(r->kernel, sizeof r->kernel, "%s",
           str(e, c->kind == CH_KERNEL_ADDED || c->kind == CH_KERNEL_REMOVED ? "name" : "kernel"));
  snprintf(r->gpu, sizeof r->gpu, "%s", str(e, "gpu"));
  char regs[256];
  switch (c->kind) {
  case CH_SLOWER:
  case CH_FASTER:
  case CH_NO_TIME:
  case CH_NEW_TIME:
  case CH_REGISTERS:
    fmt_time(time_of(c->base), r->base, sizeof r->base);
    fmt_time(time_of(c->head), r->head, sizeof r->head);
    fmt_regs(c->base, c->head, regs, sizeof regs);
    if (c->kind == CH_SLOWER || c->kind == CH_FASTER)
      fmt_ratio(c->ratio, r->what, sizeof r->what);
    else if (c->kind == CH_NO_TIME)
      snprintf(r->what, sizeof r->what, "no predicted time: %s", str(c->head, "why"));
    else
      snprintf(r->what, sizeof r->what, "%s", c->kind == CH_NEW_TIME ? "predicted now" : "");
    if (regs[0])
      snprintf(r->what + strlen(r->what), sizeof r->what - strlen(r->what), "%s%s",
               r->what[0] ? "; " : "", regs);
    break;
  case CH_LAUNCH_ADDED:
  case CH_LAUNCH_REMOVED:
    fmt_time(time_of(e), c->kind == CH_LAUNCH_ADDED ? r->head : r->base, sizeof r->head);
    break;
  case CH_KERNEL_ADDED:
  case CH_KERNEL_REMOVED:
    break;
  default:
    snprintf(r->what, sizeof r->what, "%s: %s [%s]", str(e, "level"), str(e, "message"),
             str(e, "check"));
    break;
  }
}

static void summary(const changes *c, const options *o, int markdown, FILE *out) {
  size_t slower = count(c, CH_SLOWER), faster = count(c, CH_FASTER);
  size_t added = count(c, CH_LAUNCH_ADDED), removed = count(c, CH_LAUNCH_REMOVED);
  size_t kadded = count(c, CH_KERNEL_ADDED), kremoved = count(c, CH_KERNEL_REMOVED);
  size_t fnew = count(c, CH_FINDING_NEW), ffixed = count(c, CH_FINDING_FIXED);
  double worst = 1;
  for (size_t i = 0; i < c->n; i++)
    if (c->v[i].kind == CH_SLOWER && c->v[i].ratio > worst)
      worst = c->v[i].ratio;
  fprintf(out, "%skperf%s: %zu launch%s slower", markdown ? "**" : "", markdown ? "**" : "",
          slower, slower == 1 ? "" : "es");
  if (slower)
    fprintf(out, " (up to %.2fx)", worst);
  fprintf(out, ", %zu faster, %zu added, %zu removed; %zu kernel%s added, %zu removed; %zu new "
               "finding%s",
          faster, added, removed, kadded, kadded == 1 ? "" : "s", kremoved, fnew,
          fnew == 1 ? "" : "s");
  if (!o->new_only)
    fprintf(out, ", %zu fixed", ffixed);
  fputs(markdown ? ".\n" : " (changes of predicted times under 2% are ignored)\n", out);
}

static void print_text(const changes *c, const options *o) {
  summary(c, o, 0, stdout);
  for (size_t i = 0; i < c->n; i++) {
    if (!shown(&c->v[i], o))
      continue;
    row r;
    make_row(&c->v[i], &r);
    change_kind k = c->v[i].kind;
    if (k >= CH_FINDING_NEW)
      printf("  %s %s: %s\n", r.where, label(k), r.what);
    else if (k == CH_KERNEL_ADDED || k == CH_KERNEL_REMOVED)
      printf("  %s %s: %s\n", r.where, label(k), r.kernel);
    else if (k == CH_LAUNCH_ADDED || k == CH_LAUNCH_REMOVED)
      printf("  %s %s: %s on %s, %s\n", r.where, label(k), r.kernel, r.gpu,
             k == CH_LAUNCH_ADDED ? r.head : r.base);
    else
      printf("  %s %s on %s: %s -> %s%s%s%s\n", r.where, r.kernel, r.gpu, r.base, r.head,
             r.what[0] ? " (" : "", r.what, r.what[0] ? ")" : "");
  }
}

/* ------------------------------------------------------------ markdown */

static void md_cell(const char *s, FILE *out) {
  for (; *s; s++) {
    if (*s == '|')
      fputs("\\|", out);
    else if (*s == '\n' || *s == '\r')
      fputc(' ', out);
    else
      fputc(*s, out);
  }
}

static void print_markdown(const changes *c, const options *o) {
  summary(c, o, 1, stdout);
  size_t rows = 0, total = 0;
  for (size_t i = 0; i < c->n; i++)
    total += shown(&c->v[i], o);
  if (!total)
    return;
  fputs("\n| change | where | kernel | GPU | base | head | details |\n"
        "|---|---|---|---|---|---|---|\n",
        stdout);
  for (size_t i = 0; i < c->n && rows < (size_t)o->max_rows; i++) {
    if (!shown(&c->v[i], o))
      continue;
    row r;
    make_row(&c->v[i], &r);
    const char *cols[7] = {label(c->v[i].kind), r.where, r.kernel, r.gpu, r.base, r.head, r.what};
    for (int k = 0; k < 7; k++) {
      fputs(k ? " | " : "| ", stdout);
      int code = (k == 1 || k == 2) && cols[k][0];
      if (code)
        fputc('`', stdout);
      md_cell(cols[k], stdout);
      if (code)
        fputc('`', stdout);
    }
    fputs(" |\n", stdout);
    rows++;
  }
  if (total > rows)
    printf("\n%zu more change%s not shown (kperf diff lists them all).\n", total - rows,
           total - rows == 1 ? "" : "s");
}

/* ------------------------------------------------------------ SARIF */

static const char *baseline_state(const change *c) {
  switch (c->kind) {
  case CH_FINDING_NEW:
  case CH_LAUNCH_ADDED:
  case CH_KERNEL_ADDED:
    return "new";
  case CH_FINDING_FIXED:
  case CH_LAUNCH_REMOVED:
  case CH_KERNEL_REMOVED:
    return "absent";
  case CH_FINDING_SAME:
    return c->moved ? "updated" : "unchanged";
  default:
    return "updated";
  }
}

static const char *rule_of(const change *c) {
  if (c->kind >= CH_FINDING_NEW)
    return str(c->head ? c->head : c->base, "check");
  if (c->kind == CH_KERNEL_ADDED || c->kind == CH_KERNEL_REMOVED)
    return "kperf-kernel";
  return "kperf-launch";
}

static const char *level_of(const change *c) {
  if (c->kind >= CH_FINDING_NEW) {
    const char *l = str(c->head ? c->head : c->base, "level");
    return *l ? l : "warning";
  }
  return c->kind == CH_SLOWER ? "warning" : "note";
}

static cJSON *sarif_result(const change *c) {
  row r;
  make_row(c, &r);
  const cJSON *e = c->head ? c->head : c->base;
  char msg[4096];
  if (c->kind >= CH_FINDING_NEW)
    snprintf(msg, sizeof msg, "%s", str(e, "message"));
  else if (c->kind == CH_KERNEL_ADDED || c->kind == CH_KERNEL_REMOVED)
    snprintf(msg, sizeof msg, "%s: %s", label(c->kind), r.kernel);
  else
    snprintf(msg, sizeof msg, "%s on %s: predicted %s -> %s (%s)", r.kernel, r.gpu,
             r.base[0] ? r.base : "-", r.head[0] ? r.head : "-",
             r.what[0] ? r.what : label(c->kind));
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "ruleId", rule_of(c));
  cJSON_AddStringToObject(o, "level", level_of(c));
  cJSON_AddStringToObject(cJSON_AddObjectToObject(o, "message"), "text", msg);
  cJSON_AddStringToObject(o, "baselineState", baseline_state(c));
  cJSON *loc = cJSON_CreateObject();
  cJSON *pl = cJSON_AddObjectToObject(loc, "physicalLocation");
  cJSON *al = cJSON_AddObjectToObject(pl, "artifactLocation");
  cJSON_AddStringToObject(al, "uri", str(e, "file"));
  if (str(e, "file")[0] != '/')
    cJSON_AddStringToObject(al, "uriBaseId", "%SRCROOT%");
  cJSON *region = cJSON_AddObjectToObject(pl, "region");
  cJSON_AddNumberToObject(region, "startLine", kp_json_num(e, "line", 1));
  if (kp_json_num(e, "column", 0) > 0)
    cJSON_AddNumberToObject(region, "startColumn", kp_json_num(e, "column", 0));
  cJSON_AddItemToArray(cJSON_AddArrayToObject(o, "locations"), loc);
  if (c->kind >= CH_FINDING_NEW)
    cJSON_AddStringToObject(cJSON_AddObjectToObject(o, "partialFingerprints"), "kperf/v1",
                            str(e, "fingerprint"));
  return o;
}

static int write_sarif(const changes *c, const char *path) {
  cJSON *log = cJSON_CreateObject();
  cJSON_AddStringToObject(log, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  cJSON_AddStringToObject(log, "version", "2.1.0");
  cJSON *run = cJSON_CreateObject();
  cJSON_AddItemToArray(cJSON_AddArrayToObject(log, "runs"), run);
  cJSON *driver = cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "tool"), "driver");
  cJSON_AddStringToObject(driver, "name", "kperf");
  cJSON_AddStringToObject(driver, "version", KPERF_VERSION);
  cJSON_AddStringToObject(driver, "informationUri", "https://github.com/kperf/kperf");
  cJSON *rules = cJSON_AddArrayToObject(driver, "rules");
  cJSON *results = cJSON_AddArrayToObject(run, "results");
  for (size_t i = 0; i < c->n; i++) {
    const char *id = rule_of(&c->v[i]);
    int seen = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, rules) seen |= strcmp(str(r, "id"), id) == 0;
    if (!seen) {
      cJSON *rule = cJSON_CreateObject();
      cJSON_AddStringToObject(rule, "id", id);
      cJSON_AddItemToArray(rules, rule);
    }
    cJSON_AddItemToArray(results, sarif_result(&c->v[i]));
  }
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  char err[512];
  int rc = text ? kp_write_atomic(path, text, err, sizeof err) : -1;
  if (rc)
    kp_cli_error("diff: --sarif: %s", text ? err : "out of memory");
  cJSON_free(text);
  return rc;
}

/* ------------------------------------------------------------ main */

static int parse_args(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  o->max_rows = 20;
  for (int i = 1; i < argc; i++) {
    int r;
    const char *v;
    if (strcmp(argv[i], "--markdown") == 0) {
      o->markdown = 1;
    } else if (strcmp(argv[i], "--werror") == 0) {
      o->werror = 1;
    } else if (strcmp(argv[i], "--new-only") == 0) {
      o->new_only = 1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--sarif", &o->sarif))) {
      if (r < 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--max-rows", &v))) {
      if (r < 0 || kp_cli_int("--max-rows", v, 1000000, 0, &o->max_rows) != 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--fail-on-slowdown", &v))) {
      char *end;
      if (r < 0)
        return -1;
      errno = 0;
      o->fail_pct = strtod(v, &end);
      if (end == v || *end || errno || !(o->fail_pct >= 0)) {
        kp_cli_error("diff: --fail-on-slowdown: '%s' is not a percentage (e.g. 10)", v);
        return -1;
      }
      o->fail_set = 1;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      kp_cli_error("diff: unknown option '%s' (see 'kperf diff --help')", argv[i]);
      return -1;
    } else if (!o->base) {
      o->base = argv[i];
    } else if (!o->head) {
      o->head = argv[i];
    } else {
      kp_cli_error("diff: two snapshots, BASE and HEAD ('%s' is a third)", argv[i]);
      return -1;
    }
  }
  if (!o->head) {
    kp_cli_error("diff: name two snapshots: kperf diff BASE.json HEAD.json");
    return -1;
  }
  return 0;
}

/* 1 when a launch grew by more than --fail-on-slowdown or --werror fails. */
static int failed(const changes *c, const options *o) {
  for (size_t i = 0; i < c->n; i++) {
    const change *x = &c->v[i];
    if (o->fail_set && x->kind == CH_SLOWER && x->ratio > 1 + o->fail_pct / 100)
      return 1;
    if (o->werror && (x->kind == CH_FINDING_NEW || (x->kind == CH_FINDING_SAME && !o->new_only))) {
      const char *l = str(x->head, "level");
      if (strcmp(l, "warning") == 0 || strcmp(l, "error") == 0)
        return 1;
    }
  }
  return 0;
}

static int diff_run(int argc, char **argv) {
  options o;
  if (parse_args(argc, argv, &o) != 0)
    return KP_EXIT_USAGE;
  cJSON *base = read_snapshot(o.base);
  cJSON *head = base ? read_snapshot(o.head) : NULL;
  changes c = {0};
  int rc = KP_EXIT_USAGE;
  if (!head)
    goto out;
  if (compare_launches(base, head, &c) || compare_kernels(base, head, &c) ||
      compare_findings(base, head, &c)) {
    kp_cli_error("diff: out of memory");
    goto out;
  }
  qsort(c.v, c.n, sizeof *c.v, change_cmp);
  if (o.markdown)
    print_markdown(&c, &o);
  else
    print_text(&c, &o);
  fflush(stdout);
  if (o.sarif && write_sarif(&c, o.sarif) != 0)
    goto out;
  rc = failed(&c, &o) ? KP_EXIT_FAIL : KP_EXIT_OK;
out:
  free(c.v);
  cJSON_Delete(base);
  cJSON_Delete(head);
  return rc;
}

const kp_command kp_cmd_diff = {"diff",
                                "compare two snapshots of kperf check --save (pull requests)",
                                diff_run, diff_help};
