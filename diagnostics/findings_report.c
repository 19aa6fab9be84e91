/* SARIF and JSON reports of findings: see include/kperf/findings_report.h. */
#define _POSIX_C_SOURCE 200809L
#include "kperf/findings_report.h"
#include "kperf/checks.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define DOCS_BASE "https://github.com/kperf/kperf/blob/main/docs/checks/"

/* A file name as a SARIF artifact URI: relative paths stay relative (the
 * viewer resolves them against the source root); absolute ones become
 * file:// URIs.  Characters outside the URI set are percent-encoded. */
static char *artifact_uri(const char *path) {
  if (!path)
    path = "";
  size_t n = strlen(path);
  char *out = malloc(n * 3 + 8);
  if (!out)
    return NULL;
  size_t o = 0;
  if (path[0] == '/') {
    memcpy(out, "file://", 7);
    o = 7;
  }
  static const char ok[] = "-._~/:@!$&'()*+,;=";
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
        strchr(ok, *p))
      out[o++] = (char)*p;
    else
      o += (size_t)sprintf(out + o, "%%%02X", *p);
  }
  out[o] = 0;
  return out;
}

static cJSON *physical_location(kp_loc l) {
  cJSON *pl = cJSON_CreateObject();
  cJSON *al = cJSON_AddObjectToObject(pl, "artifactLocation");
  char *uri = artifact_uri(l.file);
  cJSON_AddStringToObject(al, "uri", uri ? uri : "");
  free(uri);
  if (l.line) {
    cJSON *r = cJSON_AddObjectToObject(pl, "region");
    cJSON_AddNumberToObject(r, "startLine", l.line);
    if (l.col)
      cJSON_AddNumberToObject(r, "startColumn", l.col);
  }
  return pl;
}

static cJSON *message(const char *text) {
  cJSON *m = cJSON_CreateObject();
  cJSON_AddStringToObject(m, "text", text ? text : "");
  return m;
}

static const char *level(kp_severity s) {
  return s == KP_ERROR ? "error" : s == KP_WARNING ? "warning" : "note";
}

static cJSON *rules_json(void) {
  size_t n;
  const kp_check_info *const *c = kp_checks(&n);
  cJSON *rules = cJSON_CreateArray();
  for (size_t i = 0; i < n; i++) {
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", c[i]->name);
    cJSON_AddStringToObject(r, "name", c[i]->rule_name ? c[i]->rule_name : c[i]->name);
    cJSON_AddItemToObject(r, "shortDescription", message(c[i]->summary));
    char uri[256], help[512];
    snprintf(uri, sizeof uri, DOCS_BASE "%s.md", c[i]->name + 6);
    snprintf(help, sizeof help, "%s. Documentation, examples and options: docs/checks/%s.md",
             c[i]->summary, c[i]->name + 6);
    cJSON_AddItemToObject(r, "fullDescription", message(c[i]->summary));
    cJSON_AddItemToObject(r, "help", message(help));
    cJSON_AddStringToObject(r, "helpUri", uri);
    cJSON *cfg = cJSON_AddObjectToObject(r, "defaultConfiguration");
    cJSON_AddStringToObject(cfg, "level", level(c[i]->severity));
    cJSON_AddItemToArray(rules, r);
  }
  return rules;
}

static int rule_index(const char *check) {
  size_t n;
  const kp_check_info *const *c = kp_checks(&n);
  for (size_t i = 0; i < n; i++)
    if (check && strcmp(c[i]->name, check) == 0)
      return (int)i;
  return -1;
}

static cJSON *result_json(const kp_finding *x) {
  cJSON *r = cJSON_CreateObject();
  cJSON_AddStringToObject(r, "ruleId", x->check ? x->check : "kperf");
  int ri = rule_index(x->check);
  if (ri >= 0)
    cJSON_AddNumberToObject(r, "ruleIndex", ri);
  cJSON_AddStringToObject(r, "level", level(x->severity));
  cJSON_AddItemToObject(r, "message", message(x->message));
  cJSON *locs = cJSON_AddArrayToObject(r, "locations");
  cJSON *loc = cJSON_CreateObject();
  cJSON_AddItemToObject(loc, "physicalLocation", physical_location(x->loc));
  cJSON_AddItemToArray(locs, loc);
  if (x->nnotes) {
    cJSON *rel = cJSON_AddArrayToObject(r, "relatedLocations");
    for (size_t i = 0; i < x->nnotes; i++) {
      cJSON *l = cJSON_CreateObject();
      cJSON_AddNumberToObject(l, "id", (double)i);
      cJSON_AddItemToObject(l, "physicalLocation",
                            physical_location(x->notes[i].loc.line ? x->notes[i].loc : x->loc));
      cJSON_AddItemToObject(l, "message", message(x->notes[i].message));
      cJSON_AddItemToArray(rel, l);
    }
  }
  if (x->nfixits) {
    cJSON *fixes = cJSON_AddArrayToObject(r, "fixes");
    cJSON *fix = cJSON_CreateObject();
    cJSON_AddItemToObject(fix, "description", message(x->nnotes ? x->notes[x->nnotes - 1].message : x->message));
    cJSON *changes = cJSON_AddArrayToObject(fix, "artifactChanges");
    for (size_t i = 0; i < x->nfixits; i++) {
      const kp_fixit *fx = &x->fixits[i];
      cJSON *ch = cJSON_CreateObject();
      cJSON *al = cJSON_AddObjectToObject(ch, "artifactLocation");
      char *uri = artifact_uri(fx->begin.file);
      cJSON_AddStringToObject(al, "uri", uri ? uri : "");
      free(uri);
      cJSON *reps = cJSON_AddArrayToObject(ch, "replacements");
      cJSON *rep = cJSON_CreateObject();
      cJSON *del = cJSON_AddObjectToObject(rep, "deletedRegion");
      cJSON_AddNumberToObject(del, "startLine", fx->begin.line);
      cJSON_AddNumberToObject(del, "startColumn", fx->begin.col);
      cJSON_AddNumberToObject(del, "endLine", fx->end.line);
      cJSON_AddNumberToObject(del, "endColumn", fx->end.col);
      cJSON *ins = cJSON_AddObjectToObject(rep, "insertedContent");
      cJSON_AddStringToObject(ins, "text", fx->replacement ? fx->replacement : "");
      cJSON_AddItemToArray(reps, rep);
      cJSON_AddItemToArray(changes, ch);
    }
    cJSON_AddItemToArray(fixes, fix);
  }
  return r;
}

static cJSON *sarif_log(cJSON **results_out) {
  cJSON *log = cJSON_CreateObject();
  cJSON_AddStringToObject(log, "$schema", SARIF_SCHEMA);
  cJSON_AddStringToObject(log, "version", "2.1.0");
  cJSON *runs = cJSON_AddArrayToObject(log, "runs");
  cJSON *run = cJSON_CreateObject();
  cJSON *tool = cJSON_AddObjectToObject(run, "tool");
  cJSON *drv = cJSON_AddObjectToObject(tool, "driver");
  cJSON_AddStringToObject(drv, "name", "kperf");
  cJSON_AddStringToObject(drv, "informationUri", "https://github.com/kperf/kperf");
  cJSON_AddStringToObject(drv, "version", KPERF_VERSION);
  cJSON_AddStringToObject(drv, "semanticVersion", KPERF_VERSION);
  cJSON_AddItemToObject(drv, "rules", rules_json());
  cJSON *inv = cJSON_AddArrayToObject(run, "invocations");
  cJSON *inv0 = cJSON_CreateObject();
  cJSON_AddBoolToObject(inv0, "executionSuccessful", 1);
  cJSON_AddItemToArray(inv, inv0);
  *results_out = cJSON_AddArrayToObject(run, "results");
  cJSON_AddItemToArray(runs, run);
  return log;
}

char *kp_findings_sarif(const kp_findings *f) {
  cJSON *results;
  cJSON *log = sarif_log(&results);
  if (!log)
    return NULL;
  for (size_t i = 0; f && i < f->n; i++)
    cJSON_AddItemToArray(results, result_json(&f->items[i]));
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  return text;
}

static cJSON *loc_fields(cJSON *o, kp_loc l) {
  if (l.file)
    cJSON_AddStringToObject(o, "file", l.file);
  else
    cJSON_AddNullToObject(o, "file");
  cJSON_AddNumberToObject(o, "line", l.line);
  cJSON_AddNumberToObject(o, "column", l.col);
  return o;
}

char *kp_findings_json(const kp_findings *f) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddNumberToObject(root, "schema", 1);
  cJSON *arr = cJSON_AddArrayToObject(root, "findings");
  for (size_t i = 0; f && i < f->n; i++) {
    const kp_finding *x = &f->items[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "check", x->check ? x->check : "");
    cJSON_AddStringToObject(o, "severity",
                            x->severity == KP_ERROR ? "error" : x->severity == KP_WARNING ? "warning" : "remark");
    loc_fields(o, x->loc);
    cJSON_AddStringToObject(o, "message", x->message ? x->message : "");
    cJSON *notes = cJSON_AddArrayToObject(o, "notes");
    for (size_t j = 0; j < x->nnotes; j++) {
      cJSON *n = loc_fields(cJSON_CreateObject(), x->notes[j].loc.line ? x->notes[j].loc : x->loc);
      cJSON_AddStringToObject(n, "message", x->notes[j].message);
      cJSON_AddItemToArray(notes, n);
    }
    cJSON *fixits = cJSON_AddArrayToObject(o, "fixits");
    for (size_t j = 0; j < x->nfixits; j++) {
      const kp_fixit *fx = &x->fixits[j];
      cJSON *n = cJSON_CreateObject();
      cJSON_AddItemToObject(n, "begin", loc_fields(cJSON_CreateObject(), fx->begin));
      cJSON_AddItemToObject(n, "end", loc_fields(cJSON_CreateObject(), fx->end));
      cJSON_AddStringToObject(n, "replacement", fx->replacement ? fx->replacement : "");
      cJSON_AddItemToArray(fixits, n);
    }
    cJSON_AddItemToArray(arr, o);
  }
  char *text = cJSON_Print(root);
  cJSON_Delete(root);
  return text;
}

/* runs[0].invocations[0] of a SARIF log (created when missing); NULL when
 * log is not a log. */
static cJSON *first_invocation(cJSON *log) {
  cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
  if (!run)
    return NULL;
  cJSON *inv = cJSON_GetObjectItemCaseSensitive(run, "invocations");
  if (!cJSON_IsArray(inv)) {
    cJSON_DeleteItemFromObjectCaseSensitive(run, "invocations");
    inv = cJSON_AddArrayToObject(run, "invocations");
  }
  cJSON *inv0 = cJSON_GetArrayItem(inv, 0);
  if (!inv0) {
    inv0 = cJSON_CreateObject();
    cJSON_AddItemToArray(inv, inv0);
  }
  return inv0;
}

/* The toolExecutionNotifications array of an invocation (created when missing). */
static cJSON *notifications(cJSON *inv0) {
  cJSON *notes = cJSON_GetObjectItemCaseSensitive(inv0, "toolExecutionNotifications");
  if (!cJSON_IsArray(notes)) {
    cJSON_DeleteItemFromObjectCaseSensitive(inv0, "toolExecutionNotifications");
    notes = cJSON_AddArrayToObject(inv0, "toolExecutionNotifications");
  }
  return notes;
}

/* Adds n notifications of the given level (files[i] may be NULL) to inv0. */
static void add_notifications(cJSON *inv0, const char *lvl, const char *const *files,
                              const char *const *messages, size_t n) {
  if (!n)
    return;
  cJSON *notes = notifications(inv0);
  for (size_t i = 0; i < n; i++) {
    cJSON *note = cJSON_CreateObject();
    cJSON_AddStringToObject(note, "level", lvl);
    cJSON_AddItemToObject(note, "message", message(messages[i] ? messages[i] : ""));
    if (files && files[i]) {
      char *uri = artifact_uri(files[i]);
      cJSON *locs = cJSON_AddArrayToObject(note, "locations");
      cJSON *loc = cJSON_CreateObject();
      cJSON *pl = cJSON_AddObjectToObject(loc, "physicalLocation");
      cJSON *al = cJSON_AddObjectToObject(pl, "artifactLocation");
      cJSON_AddStringToObject(al, "uri", uri ? uri : "");
      free(uri);
      cJSON_AddItemToArray(locs, loc);
    }
    cJSON_AddItemToArray(notes, note);
  }
}

char *kp_sarif_merge(const char *const *texts, size_t n, size_t *nread, char *err, size_t errlen) {
  cJSON *results;
  cJSON *log = sarif_log(&results);
  size_t ok = 0;
  if (err && errlen)
    err[0] = 0;
  for (size_t i = 0; i < n; i++) {
    cJSON *in = texts[i] ? cJSON_Parse(texts[i]) : NULL;
    cJSON *runs = in ? cJSON_GetObjectItemCaseSensitive(in, "runs") : NULL;
    cJSON *run0 = cJSON_IsArray(runs) ? cJSON_GetArrayItem(runs, 0) : NULL;
    cJSON *res = run0 ? cJSON_GetObjectItemCaseSensitive(run0, "results") : NULL;
    if (!cJSON_IsArray(res)) {
      if (err && errlen && !err[0])
        snprintf(err, errlen, "input %zu is not a SARIF log kperf wrote", i + 1);
      cJSON_Delete(in);
      continue;
    }
    cJSON *r;
    cJSON_ArrayForEach(r, res) cJSON_AddItemToArray(results, cJSON_Duplicate(r, 1));
    /* The input's notifications (e.g. the GPU that stands in for an arch). */
    cJSON *inv = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(run0, "invocations"), 0);
    cJSON *notes = inv ? cJSON_GetObjectItemCaseSensitive(inv, "toolExecutionNotifications") : NULL;
    if (cJSON_IsArray(notes) && cJSON_GetArraySize(notes) > 0) {
      cJSON *to = notifications(first_invocation(log));
      cJSON_ArrayForEach(r, notes) cJSON_AddItemToArray(to, cJSON_Duplicate(r, 1));
    }
    ok++;
    cJSON_Delete(in);
  }
  if (nread)
    *nread = ok;
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  return text;
}

/* ------------------------------------------------- canonical merge */

typedef struct keyed {
  char *key; /* what orders and identifies it */
  char *text; /* its unformatted JSON: the tie-break and what is kept */
  cJSON *item;
} keyed;

static int keyed_cmp(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  int c = strcmp(x->key, y->key);
  return c ? c : strcmp(x->text, y->text);
}

/* A result's key: its first location (URI, line, column, zero-padded so
 * that line 9 comes before line 10), rule, level and message: what
 * kperf check shows once (a kernel of a header that several files include). */
static char *result_key(const cJSON *r) {
  const cJSON *pl = cJSON_GetObjectItemCaseSensitive(
      cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r, "locations"), 0), "physicalLocation");
  const cJSON *al = cJSON_GetObjectItemCaseSensitive(pl, "artifactLocation");
  const cJSON *reg = cJSON_GetObjectItemCaseSensitive(pl, "region");
  const char *uri = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(al, "uri"));
  const cJSON *line = cJSON_GetObjectItemCaseSensitive(reg, "startLine");
  const cJSON *col = cJSON_GetObjectItemCaseSensitive(reg, "startColumn");
  const char *rule = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "ruleId"));
  const char *level = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "level"));
  const char *msg = cJSON_GetStringValue(
      cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "message"), "text"));
  uri = uri ? uri : "";
  rule = rule ? rule : "";
  level = level ? level : "";
  msg = msg ? msg : "";
  size_t n = strlen(uri) + strlen(rule) + strlen(level) + strlen(msg) + 64;
  char *k = malloc(n);
  if (k)
    snprintf(k, n, "%s\n%010ld\n%010ld\n%s\n%s\n%s", uri,
             cJSON_IsNumber(line) ? (long)line->valuedouble : 0L,
             cJSON_IsNumber(col) ? (long)col->valuedouble : 0L, rule, level, msg);
  return k;
}

/* Replaces the items of arr by their canonical order: sorted by key (then
 * text), one per key (the least text), or one per text when by_text. */
static int canonical_array(cJSON *arr, int by_text) {
  size_t n = (size_t)cJSON_GetArraySize(arr), m = 0;
  keyed *v = calloc(n + 1, sizeof *v);
  int rc = v ? 0 : -1;
  for (cJSON *it = arr ? arr->child : NULL; v && it; it = it->next) {
    v[m].text = cJSON_PrintUnformatted(it);
    v[m].key = by_text ? (v[m].text ? strdup(v[m].text) : NULL) : result_key(it);
    v[m].item = it;
    m++;
    if (!v[m - 1].text || !v[m - 1].key)
      rc = -1;
  }
  if (rc == 0) {
    qsort(v, m, sizeof *v, keyed_cmp);
    for (size_t i = 0; i < m; i++)
      cJSON_DetachItemViaPointer(arr, v[i].item);
    for (size_t i = 0; i < m; i++) {
      if (i > 0 && strcmp(v[i].key, v[i - 1].key) == 0)
        cJSON_Delete(v[i].item);
      else
        cJSON_AddItemToArray(arr, v[i].item);
    }
  }
  for (size_t i = 0; v && i < m; i++) {
    free(v[i].key);
    free(v[i].text);
  }
  free(v);
  return rc;
}

char *kp_sarif_canonical(const char *const *texts, size_t n, char *err, size_t errlen) {
  cJSON *out = NULL;
  char *bases = NULL;
  int ok = 1;
  for (size_t i = 0; i < n && ok; i++) {
    cJSON *in = texts[i] ? cJSON_Parse(texts[i]) : NULL;
    cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(in, "runs"), 0);
    cJSON *res = cJSON_GetObjectItemCaseSensitive(run, "results");
    if (!cJSON_IsArray(res)) {
      snprintf(err, errlen, "input %zu is not a SARIF log kperf wrote", i + 1);
      cJSON_Delete(in);
      ok = 0;
      break;
    }
    /* The same root: the URIs relative to %SRCROOT% mean the same files. */
    char *b = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(run, "originalUriBaseIds"));
    if (i == 0) {
      bases = b;
    } else if (strcmp(b ? b : "", bases ? bases : "") != 0) {
      snprintf(err, errlen,
               "input %zu has another root than input 1 (originalUriBaseIds %s, not %s; run "
               "each part with the same --root)",
               i + 1, b ? b : "none", bases ? bases : "none");
      free(b);
      cJSON_Delete(in);
      ok = 0;
      break;
    } else {
      free(b);
    }
    cJSON *inv = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(run, "invocations"), 0);
    const cJSON *succ = cJSON_GetObjectItemCaseSensitive(inv, "executionSuccessful");
    int in_ok = !cJSON_IsFalse(succ);
    cJSON *notes = cJSON_GetObjectItemCaseSensitive(inv, "toolExecutionNotifications");
    if (!out) {
      out = in;
      cJSON *oinv = first_invocation(out);
      cJSON_DeleteItemFromObjectCaseSensitive(oinv, "executionSuccessful");
      cJSON_AddBoolToObject(oinv, "executionSuccessful", in_ok);
      cJSON *keep = cJSON_DetachItemFromObjectCaseSensitive(oinv, "toolExecutionNotifications");
      if (keep)
        cJSON_AddItemToObject(oinv, "toolExecutionNotifications", keep);
      continue;
    }
    cJSON *orun = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(out, "runs"), 0);
    cJSON *ores = cJSON_GetObjectItemCaseSensitive(orun, "results");
    cJSON *r;
    cJSON_ArrayForEach(r, res) cJSON_AddItemToArray(ores, cJSON_Duplicate(r, 1));
    cJSON *oinv = first_invocation(out);
    if (!in_ok)
      cJSON_ReplaceItemInObjectCaseSensitive(oinv, "executionSuccessful", cJSON_CreateFalse());
    if (cJSON_IsArray(notes) && cJSON_GetArraySize(notes) > 0) {
      cJSON *to = notifications(oinv);
      cJSON_ArrayForEach(r, notes) cJSON_AddItemToArray(to, cJSON_Duplicate(r, 1));
    }
    cJSON_Delete(in);
  }
  free(bases);
  if (!ok || !out) {
    if (ok)
      snprintf(err, errlen, "no SARIF log given");
    cJSON_Delete(out);
    return NULL;
  }
  cJSON *orun = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(out, "runs"), 0);
  cJSON *oinv = first_invocation(out);
  char *text = NULL;
  if (canonical_array(cJSON_GetObjectItemCaseSensitive(orun, "results"), 0) != 0 ||
      canonical_array(cJSON_GetObjectItemCaseSensitive(oinv, "toolExecutionNotifications"), 1) !=
          0 ||
      !(text = cJSON_Print(out)))
    snprintf(err, errlen, "out of memory");
  cJSON_Delete(out);
  return text;
}

char *kp_sarif_add_failures(const char *sarif, const char *const *files,
                            const char *const *messages, size_t n) {
  cJSON *log = sarif ? cJSON_Parse(sarif) : NULL;
  cJSON *inv0 = first_invocation(log);
  if (!inv0) {
    cJSON_Delete(log);
    return NULL;
  }
  cJSON_DeleteItemFromObjectCaseSensitive(inv0, "executionSuccessful");
  cJSON_AddBoolToObject(inv0, "executionSuccessful", n == 0);
  add_notifications(inv0, "error", files, messages, n);
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  return text;
}

char *kp_sarif_add_warning(const char *sarif, const char *file, const char *msg) {
  cJSON *log = sarif ? cJSON_Parse(sarif) : NULL;
  cJSON *inv0 = first_invocation(log);
  if (!inv0) {
    cJSON_Delete(log);
    return NULL;
  }
  add_notifications(inv0, "warning", &file, &msg, 1);
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  return text;
}

int kp_write_atomic(const char *path, const char *text, char *err, size_t errlen) {
  if (!path || !*path) {
    snprintf(err, errlen, "no report path given");
    return -1;
  }
  size_t plen = strlen(path);
  char *tmp = malloc(plen + 32);
  if (!tmp) {
    snprintf(err, errlen, "cannot write the report to '%s': out of memory", path);
    return -1;
  }
  snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int rc = -1;
  if (fd < 0) {
    snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
    free(tmp);
    return -1;
  }
  size_t len = strlen(text), done = 0;
  while (done < len) {
    ssize_t w = write(fd, text + done, len - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
      close(fd);
      unlink(tmp);
      free(tmp);
      return -1;
    }
    done += (size_t)w;
  }
  if (close(fd) != 0) {
    snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
    unlink(tmp);
  } else if (rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
    unlink(tmp);
  } else {
    rc = 0;
  }
  free(tmp);
  return rc;
}

/* ------------------------------------------------------ report paths */

/* The absolute form of path (getcwd() + path when relative); malloc'ed. */
static char *absolute(const char *path) {
  if (path[0] == '/')
    return strdup(path);
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd))
    return strdup(path);
  size_t n = strlen(cwd) + strlen(path) + 2;
  char *s = malloc(n);
  if (s)
    snprintf(s, n, "%s/%s", cwd, path);
  return s;
}

static unsigned long long fnv1a(const char *s) {
  unsigned long long h = 1469598103934665603ULL;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 1099511628211ULL;
  }
  return h;
}

char *kp_report_path(const char *pattern, const char *main_file, const char *ext, char *err,
                     size_t errlen) {
  if (!main_file)
    main_file = "";
  size_t plen = strlen(pattern);
  const char *tail = plen && pattern[plen - 1] == '/' ? "%f.%h." : "";
  const char *base = strrchr(main_file, '/');
  base = base ? base + 1 : main_file;
  if (!*base)
    base = "stdin";
  char hash[17];
  char *abs = absolute(main_file);
  if (!abs) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  snprintf(hash, sizeof hash, "%08llx", (fnv1a(abs) ^ (fnv1a(abs) >> 32)) & 0xffffffffULL);
  free(abs);
  /* Two passes over pattern + tail (+ ext): measure, then write. */
  size_t cap = 1;
  char *out = NULL;
  for (int pass = 0; pass < 2; pass++) {
    size_t o = 0;
    const char *parts[3] = {pattern, tail, *tail ? (ext ? ext : "") : ""};
    for (int k = 0; k < 3; k++) {
      for (const char *p = parts[k]; *p; p++) {
        const char *add = NULL;
        char one[2] = {*p, 0};
        if (*p == '%' && k < 2) {
          char c = p[1];
          if (c == 'f')
            add = base;
          else if (c == 'h')
            add = hash;
          else if (c == '%')
            add = "%";
          else {
            snprintf(err, errlen,
                     "unknown placeholder '%%%.1s' in the report path '%s' (use %%f, %%h or "
                     "%%%%)",
                     c ? p + 1 : "", pattern);
            free(out);
            return NULL;
          }
          p++;
        } else {
          add = one;
        }
        size_t n = strlen(add);
        if (pass == 1)
          memcpy(out + o, add, n);
        o += n;
      }
    }
    if (pass == 0) {
      cap = o + 1;
      out = malloc(cap);
      if (!out) {
        snprintf(err, errlen, "out of memory");
        return NULL;
      }
    } else {
      out[o] = 0;
    }
  }
  return out;
}

int kp_make_parent_dirs(const char *path, char *err, size_t errlen) {
  char *p = strdup(path);
  if (!p) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  char *slash = strrchr(p, '/');
  int rc = 0;
  if (slash && slash != p) {
    *slash = 0;
    for (char *q = p + 1;; q++) {
      if (*q == '/' || *q == 0) {
        char c = *q;
        *q = 0;
        struct stat st;
        if (stat(p, &st) != 0) {
          if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create the directory '%s': %s", p, strerror(errno));
            rc = -1;
            break;
          }
        } else if (!S_ISDIR(st.st_mode)) {
          snprintf(err, errlen, "cannot create the directory '%s': a file is in the way", p);
          rc = -1;
          break;
        }
        *q = c;
        if (!c)
          break;
      }
    }
  }
  free(p);
  return rc;
}

/* ------------------------------------------------------ SARIF URIs */

/* "file:///a/./b/../c" -> "file:///a/c" (in place: every segment written
 * keeps the '/' it had before it, so the text only shrinks).  A URI with a
 * host or without a path ("file://host/x", "file://x") is left as it is. */
static void normalize_file_uri(char *uri) {
  if (strncmp(uri, "file:///", 8) != 0)
    return;
  char *path = uri + 7; /* "/a/b" */
  char *out = path;     /* write position */
  const char *p = path;
  while (*p) {
    while (*p == '/')
      p++;
    const char *seg = p;
    while (*p && *p != '/')
      p++;
    size_t n = (size_t)(p - seg);
    if (n == 0)
      break;
    if (n == 1 && seg[0] == '.')
      continue;
    if (n == 2 && seg[0] == '.' && seg[1] == '.') {
      while (out > path && out[-1] != '/')
        out--;
      if (out > path)
        out--; /* the '/' before the dropped segment */
      continue;
    }
    *out++ = '/';
    memmove(out, seg, n);
    out += n;
  }
  if (out == path)
    *out++ = '/';
  *out = 0;
}

static int has_scheme(const char *uri) {
  const char *c = strchr(uri, ':');
  const char *s = strchr(uri, '/');
  return c && (!s || c < s);
}

typedef struct relocate {
  const char *base_uri; /* "file:///dir" or NULL */
  const char *root_uri; /* "file:///root/" or NULL */
  int oom;
} relocate;

static void relocate_location(cJSON *al, relocate *r) {
  cJSON *uri = cJSON_GetObjectItemCaseSensitive(al, "uri");
  if (!cJSON_IsString(uri) || !uri->valuestring)
    return;
  const char *u = uri->valuestring;
  cJSON *base_id = cJSON_GetObjectItemCaseSensitive(al, "uriBaseId");
  char *abs = NULL;
  if (!has_scheme(u) && u[0] != '/' && !base_id && r->base_uri) {
    size_t n = strlen(r->base_uri) + strlen(u) + 2;
    abs = malloc(n);
    if (abs)
      snprintf(abs, n, "%s/%s", r->base_uri, u);
  } else if (strncmp(u, "file://", 7) == 0) {
    abs = strdup(u);
  }
  if (!abs) {
    return;
  }
  normalize_file_uri(abs);
  size_t rl = r->root_uri ? strlen(r->root_uri) : 0;
  if (rl && strncmp(abs, r->root_uri, rl) == 0 && abs[rl]) {
    cJSON_ReplaceItemInObjectCaseSensitive(al, "uri", cJSON_CreateString(abs + rl));
    cJSON_DeleteItemFromObjectCaseSensitive(al, "uriBaseId");
    cJSON_AddStringToObject(al, "uriBaseId", "%SRCROOT%");
  } else {
    cJSON_ReplaceItemInObjectCaseSensitive(al, "uri", cJSON_CreateString(abs));
  }
  free(abs);
}

static void relocate_tree(cJSON *node, relocate *r) {
  cJSON *c;
  cJSON_ArrayForEach(c, node) {
    if (cJSON_IsObject(c) && c->string && strcmp(c->string, "artifactLocation") == 0)
      relocate_location(c, r);
    else if (cJSON_IsObject(c) || cJSON_IsArray(c))
      relocate_tree(c, r);
  }
}

/* An absolute directory as a file:// URI, with a trailing '/' when slash. */
static char *dir_uri(const char *dir, int slash) {
  char *abs = absolute(dir);
  if (!abs)
    return NULL;
  char *u = artifact_uri(abs);
  free(abs);
  if (!u)
    return NULL;
  normalize_file_uri(u);
  size_t n = strlen(u);
  while (n > 8 && u[n - 1] == '/') /* "file:///" stays */
    u[--n] = 0;
  if (slash && u[n - 1] != '/') {
    char *v = realloc(u, n + 2);
    if (!v) {
      free(u);
      return NULL;
    }
    u = v;
    u[n] = '/';
    u[n + 1] = 0;
  }
  return u;
}

char *kp_sarif_relocate(const char *sarif, const char *base_dir, const char *root, char *err,
                        size_t errlen) {
  cJSON *log = sarif ? cJSON_Parse(sarif) : NULL;
  if (!log) {
    snprintf(err, errlen, "not a SARIF log (not JSON)");
    return NULL;
  }
  relocate r = {NULL, NULL, 0};
  char *base_uri = base_dir && *base_dir ? dir_uri(base_dir, 0) : NULL;
  char *root_uri = root && *root ? dir_uri(root, 1) : NULL;
  r.base_uri = base_uri;
  r.root_uri = root_uri;
  cJSON *runs = cJSON_GetObjectItemCaseSensitive(log, "runs"), *run;
  cJSON_ArrayForEach(run, runs) {
    relocate_tree(run, &r);
    if (root_uri) {
      cJSON_DeleteItemFromObjectCaseSensitive(run, "originalUriBaseIds");
      cJSON *ids = cJSON_AddObjectToObject(run, "originalUriBaseIds");
      cJSON *src = cJSON_AddObjectToObject(ids, "%SRCROOT%");
      cJSON_AddStringToObject(src, "uri", root_uri);
    }
  }
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  free(base_uri);
  free(root_uri);
  if (!text)
    snprintf(err, errlen, "out of memory");
  return text;
}
