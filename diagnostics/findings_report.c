/* SARIF and JSON reports of findings (see include/kperf/findings_report.h):
 * the SARIF log and the JSON list of a file's findings, several logs merged
 * (as they are, or canonical), failures and warnings added to a log.  The
 * files themselves (paths, atomic writes, URIs relocated) are report_files.c's.
 * Uses findings.h and checks.h (the analyses layer) and cJSON. */
#define _POSIX_C_SOURCE 200809L
#include "kperf/findings_report.h"
#include "kperf/checks.h"
#include "report_internal.h"

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
char *kp__artifact_uri(const char *path) {
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
  char *uri = kp__artifact_uri(l.file);
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
      char *uri = kp__artifact_uri(fx->begin.file);
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
      char *uri = kp__artifact_uri(files[i]);
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
