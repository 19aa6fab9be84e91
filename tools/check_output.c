/* kperf check: the merged log's findings printed as a compiler would and
 * counted, what a file's outputs say (clang's errors, the kernels read,
 * nothing checked), the no-arch note and the --save snapshot.  Uses check.h
 * (cli.h, findings_report.h, snapshot.h) and the GPU database. */
#define _XOPEN_SOURCE 700
#include "check.h"

/* A SARIF artifact URI as a path to show: file:// stripped, %XX decoded,
 * relative to the current directory when under it. */
static void uri_to_path(const char *uri, const char *cwd, char *buf, size_t n) {
  if (starts(uri, "file://"))
    uri += 7;
  size_t o = 0;
  for (const char *p = uri; *p && o + 1 < n; p++) {
    unsigned v;
    if (*p == '%' && p[1] && p[2] && sscanf(p + 1, "%2x", &v) == 1) {
      buf[o++] = (char)v;
      p += 2;
    } else {
      buf[o++] = *p;
    }
  }
  buf[o] = 0;
  size_t cl = strlen(cwd);
  if (cl > 1 && strncmp(buf, cwd, cl) == 0 && buf[cl] == '/')
    memmove(buf, buf + cl + 1, strlen(buf + cl + 1) + 1);
}

/* "path:line:col" of a SARIF location (physicalLocation inside). */
static void location_text(const cJSON *loc, const char *cwd, char *buf, size_t n) {
  const cJSON *pl = kp_json_get(loc, "physicalLocation");
  const cJSON *region = kp_json_get(pl, "region");
  char path[PATH_MAX * 2];
  uri_to_path(kp_json_str(kp_json_get(pl, "artifactLocation"), "uri", ""), cwd, path, sizeof path);
  int line = (int)kp_json_num(region, "startLine", 0), col = (int)kp_json_num(region, "startColumn", 0);
  if (line && col)
    snprintf(buf, n, "%s:%d:%d", path, line, col);
  else if (line)
    snprintf(buf, n, "%s:%d", path, line);
  else
    snprintf(buf, n, "%s", path);
}

/* Prints the results of the merged log (once each: a kernel in a header that
 * several files include is reported once), counts them and drops the
 * repeats from the log. */
void check_print_results(cJSON *log, const options *o, counts *c) {
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd))
    cwd[0] = 0;
  cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
  cJSON *results = cJSON_GetObjectItemCaseSensitive(run, "results");
  strlist seen;
  memset(&seen, 0, sizeof seen);
  for (cJSON *r = results ? results->child : NULL; r;) {
    cJSON *next = r->next;
    char where[PATH_MAX * 2 + 64], key[PATH_MAX * 4];
    const cJSON *locs = kp_json_get(r, "locations");
    location_text(cJSON_GetArrayItem(locs, 0), cwd, where, sizeof where);
    const char *rule = kp_json_str(r, "ruleId", ""), *level = kp_json_str(r, "level", "");
    const char *msg = kp_json_str(kp_json_get(r, "message"), "text", "");
    snprintf(key, sizeof key, "%s\n%s\n%s\n%s", rule, level, where, msg);
    int dup = 0;
    for (size_t i = 0; i < seen.n && !dup; i++)
      dup = strcmp(seen.v[i], key) == 0;
    if (dup) {
      cJSON_Delete(cJSON_DetachItemViaPointer(results, r));
      r = next;
      continue;
    }
    sl_push(&seen, key);
    int is_error = strcmp(level, "error") == 0, is_warning = strcmp(level, "warning") == 0;
    if (is_error)
      c->errors++;
    else if (is_warning)
      c->warnings++;
    else
      c->remarks++;
    if (is_error || is_warning || o->remarks) {
      printf("%s: %s: %s [%s]\n", where, is_error ? "error" : is_warning ? "warning" : "remark",
             msg, rule);
      const cJSON *rel;
      cJSON_ArrayForEach(rel, kp_json_get(r, "relatedLocations")) {
        location_text(rel, cwd, where, sizeof where);
        printf("%s: note: %s\n", where, kp_json_str(kp_json_get(rel, "message"), "text", ""));
      }
    }
    r = next;
  }
  sl_free(&seen);
}

/* The errors clang reported before kperf's own diagnostics and the kernels
 * kperf read, from the kernel model the plugin wrote (report=model:); 0 when
 * unknown.  kperf's findings made errors (-Werror, the plugin's werror) are
 * not among them.  After a fatal error clang counts errors it does not show:
 * the count is then at most its "N errors generated". */
void check_model_counts(const char *path, const char *output, long long *errors,
                         long long *kernels) {
  *errors = *kernels = 0;
  long long shown = 0;
  char *out = kp_cli_read_file(output, NULL);
  for (const char *p = out; p && (p = strstr(p, " generated")) != NULL; p++) {
    const char *q = p;
    while (q > out && q[-1] != '\n')
      q--;
    long long n;
    char word[16];
    if (sscanf(q, "%lld %15s generated", &n, word) == 2 &&
        (strcmp(word, "error") == 0 || strcmp(word, "errors") == 0))
      shown += n;
  }
  free(out);
  char *text = kp_cli_read_file(path, NULL);
  cJSON *m = text ? cJSON_Parse(text) : NULL;
  free(text);
  const cJSON *e = cJSON_GetObjectItemCaseSensitive(m, "host_errors");
  const cJSON *k = cJSON_GetObjectItemCaseSensitive(m, "kernels");
  if (cJSON_IsNumber(e))
    *errors = (long long)e->valuedouble;
  if (cJSON_IsArray(k))
    *kernels = cJSON_GetArraySize(k);
  if (!m)
    *errors = shown;
  else if (shown && shown < *errors)
    *errors = shown;
  cJSON_Delete(m);
}

/* Whether a file's SARIF log (the plugin's) says kperf checked nothing in it
 * (runs[0].invocations[0].executionSuccessful false: no GPU database, no
 * GPU); then why, from its first error notification, in why. */
int check_sarif_nothing_checked(const char *sarif, char *why, size_t n) {
  cJSON *log = cJSON_Parse(sarif);
  const cJSON *inv0 = cJSON_GetArrayItem(
      kp_json_get(cJSON_GetArrayItem(kp_json_get(log, "runs"), 0), "invocations"), 0);
  const cJSON *ok = kp_json_get(inv0, "executionSuccessful");
  int nothing = cJSON_IsFalse(ok);
  if (nothing) {
    snprintf(why, n, "kperf: nothing checked");
    const cJSON *note;
    cJSON_ArrayForEach(note, kp_json_get(inv0, "toolExecutionNotifications")) {
      if (strcmp(kp_json_str(note, "level", ""), "error") == 0) {
        snprintf(why, n, "%s", kp_json_str(kp_json_get(note, "message"), "text", why));
        break;
      }
    }
  }
  cJSON_Delete(log);
  return nothing;
}

/* The files that name no GPU arch (none, or -arch=native, which means the
 * machine's GPU: not this one's) were analysed for sm_90's GPU: said once. */
void check_say_no_arch(const options *o, size_t n, const char *first) {
  char gpu[160] = "";
  char path[8192], near[PATH_MAX + 8], err[1024];
  const char *exe = kp_cli_exe_dir();
  snprintf(near, sizeof near, "%s/../lib", exe);
  kp_gpudb *db = NULL;
  if (o->db)
    db = kp_gpudb_open(o->db, err, sizeof err);
  else if (kp_gpudb_locate(*exe ? near : NULL, path, sizeof path) == 0)
    db = kp_gpudb_open(path, err, sizeof err);
  kp_gpu *g = db ? malloc(sizeof *g) : NULL;
  if (g && kp_gpudb_for_arch(db, "sm_90", g, err, sizeof err) == 0)
    snprintf(gpu, sizeof gpu, " (%s)", g->id);
  free(g);
  if (db)
    kp_gpudb_close(db);
  fprintf(stderr,
          "kperf: check: %s%s name%s no GPU arch (none, or -arch=native): analysed for the GPU "
          "of sm_90%s; name one with --gpu NAME (or the file's #pragma kperf gpu)\n",
          first, n > 1 ? " and other files" : "", n > 1 ? "" : "s", gpu);
}

/* --save FILE: the snapshot of the analysed files (snapshot.h), from the
 * predictions and the model the plugin wrote for each and the merged log. */
int check_save_snapshot(const options *o, const cJSON *log, const job *jobs, size_t njobs,
                         const char *cwd) {
  char root[PATH_MAX], err[512];
  if (!realpath(o->root ? o->root : cwd, root))
    snprintf(root, sizeof root, "%s", o->root ? o->root : cwd);
  char *plain = cJSON_Print(log);
  char *rooted = plain ? kp_sarif_relocate(plain, NULL, root, err, sizeof err) : NULL;
  free(plain);
  kp_snapshot_tu *tus = calloc(njobs + 1, sizeof *tus);
  size_t n = 0;
  for (size_t i = 0; tus && i < njobs; i++) {
    if (!jobs[i].analysed)
      continue;
    tus[n].directory = jobs[i].directory;
    tus[n].predict = kp_cli_read_file(jobs[i].predict, NULL);
    tus[n].model = kp_cli_read_file(jobs[i].model, NULL);
    n++;
  }
  int rc = -1;
  if (!rooted || !tus)
    snprintf(err, sizeof err, "out of memory");
  else
    rc = kp_snapshot_write(o->save, root, tus, n, rooted, err, sizeof err);
  if (rc != 0)
    kp_cli_error("check: --save: %s", err);
  for (size_t i = 0; i < n; i++) {
    free((char *)tus[i].predict);
    free((char *)tus[i].model);
  }
  free(tus);
  free(rooted);
  return rc;
}
