/* kperf check --save FILE: the project's performance snapshot (snapshot.h),
 * from what the plugin already writes for kperf check: the predictions of
 * every launch (predict=), the kernel model (report=model:) and the merged
 * SARIF log of the findings. */
#define _POSIX_C_SOURCE 200809L
#include "snapshot.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kperf/findings_report.h"

/* ------------------------------------------------------------ paths */

/* Removes "." and ".." segments and doubled slashes of an absolute path. */
static void normalize(char *p) {
  char *out = p, *in = p;
  while (*in) {
    while (*in == '/')
      in++;
    char *seg = in;
    while (*in && *in != '/')
      in++;
    size_t len = (size_t)(in - seg);
    if (len == 0 || (len == 1 && seg[0] == '.'))
      continue;
    if (len == 2 && seg[0] == '.' && seg[1] == '.') {
      while (out > p && *--out != '/')
        ;
      continue;
    }
    *out++ = '/';
    memmove(out, seg, len);
    out += len;
  }
  if (out == p)
    *out++ = '/';
  *out = 0;
}

/* file as written by a compile run in dir, relative to root when under it
 * (malloc'ed). */
static char *project_path(const char *dir, const char *file, const char *root) {
  if (strncmp(file, "file://", 7) == 0)
    file += 7;
  size_t n = strlen(file) + (dir ? strlen(dir) : 0) + 2;
  char *abs = malloc(n);
  if (!abs)
    return NULL;
  if (file[0] == '/' || !dir || !*dir)
    snprintf(abs, n, "%s", file);
  else
    snprintf(abs, n, "%s/%s", dir, file);
  if (abs[0] != '/')
    return abs;
  normalize(abs);
  size_t rl = strlen(root);
  while (rl > 1 && root[rl - 1] == '/')
    rl--;
  if (rl > 1 && strncmp(abs, root, rl) == 0 && abs[rl] == '/')
    memmove(abs, abs + rl + 1, strlen(abs + rl + 1) + 1);
  return abs;
}

/* "FILE:LINE:COL" (FILE may hold colons): FILE in file (malloc'ed), LINE,
 * COL.  0 ok, -1 when it is not one. */
static int split_loc(const char *loc, char **file, int *line, int *col) {
  const char *c2 = loc ? strrchr(loc, ':') : NULL;
  if (!c2 || c2 == loc)
    return -1;
  const char *c1 = c2 - 1;
  while (c1 > loc && *c1 != ':')
    c1--;
  if (*c1 != ':')
    return -1;
  *line = atoi(c1 + 1);
  *col = atoi(c2 + 1);
  *file = strndup(loc, (size_t)(c1 - loc));
  return *file ? 0 : -1;
}

/* ------------------------------------------------------------ values */

/* Six significant digits (integers as they are): the same figure prints the
 * same everywhere. */
static double rounded(double v) {
  if (v == floor(v) && fabs(v) < 1e15)
    return v;
  char buf[64];
  snprintf(buf, sizeof buf, "%.6g", v);
  return strtod(buf, NULL);
}

static void copy_num(cJSON *to, const char *key, const cJSON *from, const char *from_key) {
  const cJSON *v = kp_json_get(from, from_key);
  if (cJSON_IsNumber(v) && isfinite(v->valuedouble))
    cJSON_AddNumberToObject(to, key, rounded(v->valuedouble));
  else
    cJSON_AddNullToObject(to, key);
}

static void copy_str(cJSON *to, const char *key, const cJSON *from, const char *from_key) {
  const char *s = kp_json_str(from, from_key, NULL);
  if (s && *s)
    cJSON_AddStringToObject(to, key, s);
}

/* Sorts the members of every object by key, recursively. */
static void sort_keys(cJSON *o) {
  if (!o)
    return;
  for (cJSON *c = o->child; c; c = c->next)
    sort_keys(c);
  if (!cJSON_IsObject(o) || !o->child)
    return;
  size_t n = 0;
  for (cJSON *c = o->child; c; c = c->next)
    n++;
  cJSON **v = malloc(n * sizeof *v);
  if (!v)
    return;
  n = 0;
  for (cJSON *c = o->child; c; c = c->next)
    v[n++] = c;
  for (size_t i = 1; i < n; i++) /* insertion sort: objects are small */
    for (size_t j = i; j > 0 && strcmp(v[j - 1]->string, v[j]->string) > 0; j--) {
      cJSON *t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  for (size_t i = 0; i < n; i++) {
    v[i]->prev = i ? v[i - 1] : v[n - 1]; /* cJSON: child->prev is the last */
    v[i]->next = i + 1 < n ? v[i + 1] : NULL;
  }
  o->child = v[0];
  free(v);
}

/* ------------------------------------------------------------ fingerprints */

void kp_snapshot_fingerprint(const char *check, const char *file, const char *kernel,
                             const char *message, char out[17]) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  const char *parts[4] = {check, file, kernel, message};
  for (int p = 0; p < 4; p++) {
    const char *s = parts[p] ? parts[p] : "";
    for (size_t i = 0; s[i]; i++) {
      /* The digits of "line 12", ":12" and "L12" are left out: moved lines match. */
      if (p == 3 && s[i] >= '0' && s[i] <= '9' && i > 0 &&
          (s[i - 1] == ':' || s[i - 1] == '#' ||
           (i >= 5 && strncmp(s + i - 5, "line ", 5) == 0) ||
           (i >= 6 && strncmp(s + i - 6, "lines ", 6) == 0))) {
        while (s[i + 1] >= '0' && s[i + 1] <= '9')
          i++;
        continue;
      }
      h ^= (unsigned char)s[i];
      h *= 1099511628211ull;
    }
    h ^= 0xff;
    h *= 1099511628211ull;
  }
  snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* ------------------------------------------------------------ launches */

/* A launch whose time depends on unknowns: the variable and the points. */
static void add_scaling(cJSON *to, const cJSON *launch) {
  const cJSON *sc = kp_json_get(launch, "scaling");
  if (!cJSON_IsObject(sc))
    return;
  cJSON *o = cJSON_AddObjectToObject(to, "scaling");
  copy_str(o, "variable", sc, "variable");
  copy_str(o, "bound", sc, "bound");
  cJSON *pts = cJSON_AddArrayToObject(o, "points");
  const cJSON *p;
  cJSON_ArrayForEach(p, kp_json_get(sc, "points")) {
    cJSON *q = cJSON_CreateObject();
    copy_num(q, "value", p, "value");
    copy_num(q, "predicted_us", p, "predicted_us");
    cJSON_AddItemToArray(pts, q);
  }
}

static cJSON *launch_entry(const cJSON *l, const char *gpu, const char *dir, const char *root) {
  char *file;
  int line, col;
  if (cJSON_IsTrue(kp_json_get(l, "requested")) ||
      split_loc(kp_json_str(l, "loc", NULL), &file, &line, &col) != 0)
    return NULL;
  char *rel = project_path(dir, file, root);
  free(file);
  if (!rel)
    return NULL;
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "file", rel);
  free(rel);
  cJSON_AddNumberToObject(o, "line", line);
  cJSON_AddNumberToObject(o, "column", col);
  copy_str(o, "kernel", l, "kernel");
  cJSON_AddStringToObject(o, "gpu", kp_json_str(l, "gpu", gpu && *gpu ? gpu : "?"));
  copy_str(o, "model", l, "model");
  const cJSON *grid = kp_json_get(l, "grid"), *block = kp_json_get(l, "block");
  if (grid)
    cJSON_AddItemToObject(o, "grid", cJSON_Duplicate(grid, 1));
  if (block)
    cJSON_AddItemToObject(o, "block", cJSON_Duplicate(block, 1));
  int ok = cJSON_IsTrue(kp_json_get(l, "ok"));
  if (ok) {
    const cJSON *occ = kp_json_get(l, "occupancy");
    copy_num(o, "predicted_us", l, "predicted_us");
    copy_str(o, "bound", l, "bound");
    copy_str(o, "bound2", l, "bound2");
    copy_num(o, "occupancy", occ, "occupancy");
    copy_num(o, "registers", l, "registers_per_thread");
    copy_str(o, "registers_from", l, "registers_from");
    copy_num(o, "spill_bytes", l, "spill_bytes");
    copy_num(o, "smem_bytes", occ, "smem_bytes");
  } else {
    cJSON_AddNullToObject(o, "predicted_us");
    copy_str(o, "why", l, "why");
    add_scaling(o, l);
  }
  return o;
}

static void add_launches(cJSON *out, const kp_snapshot_tu *tu, const char *root) {
  cJSON *p = tu->predict ? cJSON_Parse(tu->predict) : NULL;
  const char *gpu = kp_json_str(p, "gpu", "");
  const cJSON *l;
  cJSON_ArrayForEach(l, kp_json_get(p, "launches")) {
    cJSON *e = launch_entry(l, gpu, tu->directory, root);
    if (e)
      cJSON_AddItemToArray(out, e);
  }
  cJSON_Delete(p);
}

/* ------------------------------------------------------------ kernels */

static void add_kernels(cJSON *out, const kp_snapshot_tu *tu, const char *root) {
  cJSON *m = tu->model ? cJSON_Parse(tu->model) : NULL;
  const cJSON *k;
  cJSON_ArrayForEach(k, kp_json_get(m, "kernels")) {
    char *file;
    int line, col;
    const char *name = kp_json_str(k, "name", NULL);
    if (!name || split_loc(kp_json_str(k, "location", NULL), &file, &line, &col) != 0)
      continue;
    char *rel = project_path(tu->directory, file, root);
    free(file);
    if (!rel)
      continue;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddStringToObject(o, "file", rel);
    cJSON_AddNumberToObject(o, "line", line);
    free(rel);
    cJSON_AddItemToArray(out, o);
  }
  cJSON_Delete(m);
}

/* The kernel a line of a file is in: the one that starts last before it. */
static const char *kernel_at(const cJSON *kernels, const char *file, int line) {
  const char *best = "";
  int best_line = 0;
  const cJSON *k;
  cJSON_ArrayForEach(k, kernels) {
    int kl = (int)kp_json_num(k, "line", 0);
    if (strcmp(kp_json_str(k, "file", ""), file) == 0 && kl <= line && kl >= best_line) {
      best = kp_json_str(k, "name", "");
      best_line = kl;
    }
  }
  return best;
}

/* ------------------------------------------------------------ findings */

/* The results of the merged log but the predictions (kperf-launch: the
 * launches hold them). */
static void add_findings(cJSON *out, const char *sarif, const cJSON *kernels, const char *root) {
  cJSON *log = sarif ? cJSON_Parse(sarif) : NULL;
  const cJSON *run = cJSON_GetArrayItem(kp_json_get(log, "runs"), 0), *r;
  cJSON_ArrayForEach(r, kp_json_get(run, "results")) {
    const char *check = kp_json_str(r, "ruleId", "");
    if (strcmp(check, "kperf-launch") == 0)
      continue;
    const cJSON *pl = kp_json_get(cJSON_GetArrayItem(kp_json_get(r, "locations"), 0),
                                  "physicalLocation");
    const cJSON *region = kp_json_get(pl, "region");
    char *file = project_path(NULL, kp_json_str(kp_json_get(pl, "artifactLocation"), "uri", ""),
                              root);
    if (!file)
      continue;
    int line = (int)kp_json_num(region, "startLine", 0);
    const char *msg = kp_json_str(kp_json_get(r, "message"), "text", "");
    const char *kernel = kernel_at(kernels, file, line);
    char fp[17];
    kp_snapshot_fingerprint(check, file, kernel, msg, fp);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "check", check);
    cJSON_AddStringToObject(o, "level", kp_json_str(r, "level", "warning"));
    cJSON_AddStringToObject(o, "file", file);
    cJSON_AddNumberToObject(o, "line", line);
    cJSON_AddNumberToObject(o, "column", (int)kp_json_num(region, "startColumn", 0));
    cJSON_AddStringToObject(o, "kernel", kernel);
    cJSON_AddStringToObject(o, "message", msg);
    cJSON_AddStringToObject(o, "fingerprint", fp);
    cJSON_AddItemToArray(out, o);
    free(file);
  }
  cJSON_Delete(log);
}

/* ------------------------------------------------------------ order */

/* The text of an entry with its keys sorted: the order of the arrays and the
 * test of repeats (a kernel in a header seen by several files). */
static char *entry_text(cJSON *e) {
  sort_keys(e);
  return cJSON_PrintUnformatted(e);
}

static int by_file_line(const cJSON *a, const cJSON *b) {
  int c = strcmp(kp_json_str(a, "file", ""), kp_json_str(b, "file", ""));
  if (c)
    return c;
  double la = kp_json_num(a, "line", 0), lb = kp_json_num(b, "line", 0);
  if (la != lb)
    return la < lb ? -1 : 1;
  double ca = kp_json_num(a, "column", 0), cb = kp_json_num(b, "column", 0);
  if (ca != cb)
    return ca < cb ? -1 : 1;
  return 0;
}

typedef struct keyed {
  cJSON *item;
  char *text;
} keyed;

static int keyed_cmp(const void *pa, const void *pb) {
  const keyed *a = pa, *b = pb;
  int c = by_file_line(a->item, b->item);
  return c ? c : strcmp(a->text ? a->text : "", b->text ? b->text : "");
}

/* Sorts an array (file, line, column, then the whole entry) and drops repeats. */
static void sort_array(cJSON *arr) {
  size_t n = (size_t)cJSON_GetArraySize(arr);
  keyed *v = calloc(n + 1, sizeof *v);
  if (!v)
    return;
  n = 0;
  while (arr->child) {
    cJSON *c = cJSON_DetachItemViaPointer(arr, arr->child);
    v[n].item = c;
    v[n].text = entry_text(c);
    n++;
  }
  qsort(v, n, sizeof *v, keyed_cmp);
  for (size_t i = 0; i < n; i++) {
    if (i && v[i].text && v[i - 1].text && strcmp(v[i].text, v[i - 1].text) == 0)
      cJSON_Delete(v[i].item);
    else
      cJSON_AddItemToArray(arr, v[i].item);
  }
  for (size_t i = 0; i < n; i++)
    cJSON_free(v[i].text);
  free(v);
}

/* ------------------------------------------------------------ writing */

int kp_snapshot_write(const char *path, const char *root, const kp_snapshot_tu *tus, size_t n,
                      const char *sarif, char *err, size_t errlen) {
  cJSON *s = cJSON_CreateObject();
  if (!s) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  cJSON_AddNumberToObject(s, "schema", KP_SNAPSHOT_SCHEMA);
  cJSON_AddStringToObject(s, "tool", "kperf");
  cJSON *launches = cJSON_AddArrayToObject(s, "launches");
  cJSON *kernels = cJSON_AddArrayToObject(s, "kernels");
  cJSON *findings = cJSON_AddArrayToObject(s, "findings");
  for (size_t i = 0; i < n; i++) {
    add_launches(launches, &tus[i], root);
    add_kernels(kernels, &tus[i], root);
  }
  sort_array(kernels);
  add_findings(findings, sarif, kernels, root);
  sort_array(launches);
  sort_array(findings);
  sort_keys(s);
  char *text = cJSON_Print(s);
  cJSON_Delete(s);
  if (!text) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  size_t len = strlen(text);
  char *nl = malloc(len + 2);
  int rc = -1;
  if (nl) {
    memcpy(nl, text, len);
    memcpy(nl + len, "\n", 2);
    rc = kp_write_atomic(path, nl, err, errlen);
    free(nl);
  } else {
    snprintf(err, errlen, "out of memory");
  }
  cJSON_free(text);
  return rc;
}
