/* Check filter, NOLINT comments and the SARIF/JSON reports. */
#include "check.h"
#include "kperf/checks.h"
#include "kperf/control.h"
#include "kperf/findings_report.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static void filter(void) {
  char err[256];
  CHECK(kp_check_filter_enabled(NULL, "kperf-bank-conflict"));
  CHECK(kp_check_filter_enabled("", "kperf-uncoalesced"));
  CHECK(!kp_check_filter_enabled("-*", "kperf-uncoalesced"));
  CHECK(kp_check_filter_enabled("-*,kperf-bank-conflict", "kperf-bank-conflict"));
  CHECK(!kp_check_filter_enabled("-*,kperf-bank-conflict", "kperf-uncoalesced"));
  CHECK(!kp_check_filter_enabled("-kperf-uncoalesced", "kperf-uncoalesced"));
  CHECK(kp_check_filter_enabled("-kperf-uncoalesced", "kperf-bank-conflict"));
  CHECK(kp_check_filter_enabled(" -* , kperf-*co* ", "kperf-uncoalesced"));
  CHECK(kp_check_filter_enabled(" -* , kperf-*co* ", "kperf-bank-conflict"));
  CHECK(!kp_check_filter_enabled("-*,kperf-bank-*,-kperf-bank-conflict", "kperf-bank-conflict"));
  CHECK(kp_check_filter_check("-*,kperf-bank-conflict", err, sizeof err) == 0);
  CHECK(kp_check_filter_check("-*,kperf-bank-conflicts", err, sizeof err) == -1);
  CHECK_STR(err, "unknown check 'kperf-bank-conflicts'; did you mean 'kperf-bank-conflict'?");
  CHECK(kp_check_filter_check("kperf-bank-conflict,,", err, sizeof err) == -1);
  CHECK_STR(err, "empty check name in the check list");
  CHECK(kp_check_filter_check("kperf-bank conflict", err, sizeof err) == -1);
  CHECK_CONTAINS(err, "unexpected character ' '");
  CHECK(kp_glob_match("*", 1, ""));
  CHECK(kp_glob_match("a*b*c", 5, "aXbYbc"));
  CHECK(!kp_glob_match("a*b*c", 5, "aXbYbd"));
}

static void nolint(void) {
  const char *c = "kperf-bank-conflict";
  CHECK(kp_nolint_suppresses("  x = s[t]; // NOLINT", NULL, c));
  CHECK(kp_nolint_suppresses("  x = s[t]; // NOLINT(kperf-bank-conflict)", NULL, c));
  CHECK(kp_nolint_suppresses("  x = s[t]; /* NOLINT(kperf-*) */", NULL, c));
  CHECK(kp_nolint_suppresses("  x = s[t]; // NOLINT(bugprone-foo, kperf-bank-conflict )", NULL, c));
  CHECK(!kp_nolint_suppresses("  x = s[t]; // NOLINT(kperf-uncoalesced)", NULL, c));
  CHECK(!kp_nolint_suppresses("  x = s[t]; // NOLINTNEXTLINE", NULL, c));
  CHECK(!kp_nolint_suppresses("  x = NOLINT; ", NULL, c));
  CHECK(!kp_nolint_suppresses("  x = s[t]; // NOLINT(kperf-bank-conflict", NULL, c));
  CHECK(kp_nolint_suppresses("  x = s[t];", "  // NOLINTNEXTLINE(kperf-bank-conflict)", c));
  CHECK(kp_nolint_suppresses("  x = s[t];", "  // NOLINTNEXTLINE", c));
  CHECK(!kp_nolint_suppresses("  x = s[t];", "  // NOLINT", c));
  CHECK(!kp_nolint_suppresses("  x = s[t];", "  // NOLINTNEXTLINE(kperf-launch)", c));
}

static void reports(void) {
  kp_findings f;
  kp_findings_init(&f);
  kp_loc at = {"/src/a dir/k.cu", 12, 7}, decl = {"/src/a dir/k.cu", 5, 20};
  kp_findings_add(&f, "kperf-bank-conflict", KP_WARNING, at, "32-way \"conflict\" on '%s'", "t");
  kp_findings_note(&f, decl, "pad the rows");
  kp_findings_fixit(&f, (kp_loc){"/src/a dir/k.cu", 5, 31}, (kp_loc){"/src/a dir/k.cu", 5, 33}, "33");
  kp_findings_add(&f, "kperf-uncoalesced", KP_REMARK, (kp_loc){"rel/k.cu", 3, 1}, "r");
  char *s = kp_findings_sarif(&f);
  cJSON *log = cJSON_Parse(s);
  CHECK(log != NULL);
  CHECK_STR(cJSON_GetObjectItem(log, "version")->valuestring, "2.1.0");
  cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItem(log, "runs"), 0);
  cJSON *rules = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(run, "tool"), "driver"), "rules");
  size_t nchecks;
  kp_checks(&nchecks);
  CHECK((size_t)cJSON_GetArraySize(rules) == nchecks);
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetArrayItem(rules, 1), "id")->valuestring, "kperf-bank-conflict");
  cJSON *results = cJSON_GetObjectItem(run, "results");
  CHECK(cJSON_GetArraySize(results) == 2);
  cJSON *r0 = cJSON_GetArrayItem(results, 0);
  CHECK_STR(cJSON_GetObjectItem(r0, "ruleId")->valuestring, "kperf-bank-conflict");
  CHECK(cJSON_GetObjectItem(r0, "ruleIndex")->valueint == 1);
  CHECK_STR(cJSON_GetObjectItem(r0, "level")->valuestring, "warning");
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(r0, "message"), "text")->valuestring,
            "32-way \"conflict\" on 't'");
  cJSON *pl = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r0, "locations"), 0), "physicalLocation");
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(pl, "artifactLocation"), "uri")->valuestring,
            "file:///src/a%20dir/k.cu");
  CHECK(cJSON_GetObjectItem(cJSON_GetObjectItem(pl, "region"), "startLine")->valueint == 12);
  CHECK(cJSON_GetObjectItem(cJSON_GetObjectItem(pl, "region"), "startColumn")->valueint == 7);
  cJSON *rep = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(
      cJSON_GetArrayItem(cJSON_GetObjectItem(r0, "fixes"), 0), "artifactChanges"), 0), "replacements"), 0);
  CHECK(cJSON_GetObjectItem(cJSON_GetObjectItem(rep, "deletedRegion"), "endColumn")->valueint == 33);
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(rep, "insertedContent"), "text")->valuestring, "33");
  cJSON *r1 = cJSON_GetArrayItem(results, 1);
  CHECK_STR(cJSON_GetObjectItem(r1, "level")->valuestring, "note");
  cJSON_Delete(log);

  /* Merging two logs keeps every result once and the rules once. */
  const char *texts[3] = {s, s, "not json"};
  char err[128];
  size_t nread = 0;
  char *m = kp_sarif_merge(texts, 3, &nread, err, sizeof err);
  CHECK(nread == 2);
  CHECK_STR(err, "input 3 is not a SARIF log kperf wrote");
  cJSON *ml = cJSON_Parse(m);
  cJSON *mrun = cJSON_GetArrayItem(cJSON_GetObjectItem(ml, "runs"), 0);
  CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(mrun, "results")) == 4);
  CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(ml, "runs")) == 1);
  /* The tool's version, a rule name apart from its id, a successful invocation. */
  cJSON *drv = cJSON_GetObjectItem(cJSON_GetObjectItem(mrun, "tool"), "driver");
  CHECK(cJSON_IsString(cJSON_GetObjectItem(drv, "version")));
  CHECK(strchr(cJSON_GetObjectItem(drv, "version")->valuestring, '.') != NULL);
  cJSON *rule0 = cJSON_GetArrayItem(cJSON_GetObjectItem(drv, "rules"), 0);
  CHECK_STR(cJSON_GetObjectItem(rule0, "id")->valuestring, "kperf-uncoalesced");
  CHECK_STR(cJSON_GetObjectItem(rule0, "name")->valuestring, "UncoalescedGlobalAccess");
  cJSON *inv0 = cJSON_GetArrayItem(cJSON_GetObjectItem(mrun, "invocations"), 0);
  CHECK(cJSON_IsTrue(cJSON_GetObjectItem(inv0, "executionSuccessful")));
  cJSON_Delete(ml);
  /* Files that could not be analysed: notifications, executionSuccessful false. */
  const char *files[2] = {"/src/a b.cu", NULL};
  const char *msgs[2] = {"'a b.cu' was not analysed: clang failed", "something else"};
  char *fl = kp_sarif_add_failures(m, files, msgs, 2);
  cJSON *fj = cJSON_Parse(fl);
  cJSON *finv = cJSON_GetArrayItem(
      cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(fj, "runs"), 0), "invocations"), 0);
  CHECK(cJSON_IsFalse(cJSON_GetObjectItem(finv, "executionSuccessful")));
  cJSON *notes = cJSON_GetObjectItem(finv, "toolExecutionNotifications");
  CHECK(cJSON_GetArraySize(notes) == 2);
  cJSON *n0 = cJSON_GetArrayItem(notes, 0);
  CHECK_STR(cJSON_GetObjectItem(n0, "level")->valuestring, "error");
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(n0, "message"), "text")->valuestring, msgs[0]);
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(
                cJSON_GetObjectItem(n0, "locations"), 0), "physicalLocation"), "artifactLocation"),
                                "uri")->valuestring,
            "file:///src/a%20b.cu");
  CHECK(cJSON_GetObjectItem(cJSON_GetArrayItem(notes, 1), "locations") == NULL);
  cJSON_Delete(fj);
  /* The canonical merge: each result once, in an order that does not depend
   * on the inputs' order; executionSuccessful false when one input's is. */
  const char *ab[2] = {m, fl}, *ba[2] = {fl, m};
  char *c1 = kp_sarif_canonical(ab, 2, err, sizeof err);
  char *c2 = kp_sarif_canonical(ba, 2, err, sizeof err);
  CHECK(c1 && c2 && strcmp(c1, c2) == 0);
  cJSON *cj = cJSON_Parse(c1);
  cJSON *crun = cJSON_GetArrayItem(cJSON_GetObjectItem(cj, "runs"), 0);
  CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(crun, "results")) == 2);
  cJSON *cinv = cJSON_GetArrayItem(cJSON_GetObjectItem(crun, "invocations"), 0);
  CHECK(cJSON_IsFalse(cJSON_GetObjectItem(cinv, "executionSuccessful")));
  CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(cinv, "toolExecutionNotifications")) == 2);
  cJSON_Delete(cj);
  /* One input: its canonical form, a fixed point. */
  const char *one[1] = {c1};
  char *c3 = kp_sarif_canonical(one, 1, err, sizeof err);
  CHECK(c3 && strcmp(c1, c3) == 0);
  /* Inputs of other roots do not merge. */
  char *rooted = kp_sarif_relocate(m, NULL, "/src", err, sizeof err);
  const char *mixed[2] = {m, rooted};
  CHECK(kp_sarif_canonical(mixed, 2, err, sizeof err) == NULL);
  CHECK_CONTAINS(err, "input 2 has another root than input 1");
  const char *bad[2] = {m, "not json"};
  CHECK(kp_sarif_canonical(bad, 2, err, sizeof err) == NULL);
  CHECK_STR(err, "input 2 is not a SARIF log kperf wrote");
  free(c1);
  free(c2);
  free(c3);
  free(rooted);
  free(fl);
  CHECK(kp_sarif_add_failures("not json", NULL, NULL, 0) == NULL);
  free(m);
  free(s);

  char *j = kp_findings_json(&f);
  cJSON *jr = cJSON_Parse(j);
  cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItem(jr, "findings"), 0);
  CHECK_STR(cJSON_GetObjectItem(f0, "check")->valuestring, "kperf-bank-conflict");
  CHECK(cJSON_GetObjectItem(f0, "line")->valueint == 12);
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(f0, "fixits"), 0), "replacement")->valuestring, "33");
  cJSON_Delete(jr);
  free(j);

  CHECK(kp_write_atomic("/nonexistent-dir/x.sarif", "{}", err, sizeof err) == -1);
  CHECK_CONTAINS(err, "cannot write the report to '/nonexistent-dir/x.sarif'");
  kp_findings_free(&f);
}

/* Source lines for kp_findings_control: a tiny file "k.cu". */
static const char *const k_lines[] = {
    "__global__ void k(float *o) {",                    /* 1 */
    "  o[1] = s[t]; // NOLINT(kperf-bank-conflict)",    /* 2 */
    "  // NOLINTNEXTLINE(kperf-uncoal*)",               /* 3 */
    "  o[2] = s[t];",                                   /* 4 */
    "  o[3] = s[t]; // NOLINT",                         /* 5 */
    "  o[4] = s[t];",                                   /* 6 */
};

static const char *k_line(const char *file, unsigned line, size_t *len, void *user) {
  (void)user;
  if (strcmp(file, "k.cu") != 0 || line == 0 || line > 6)
    return NULL;
  *len = strlen(k_lines[line - 1]);
  return k_lines[line - 1];
}

static void control(void) {
  kp_findings f;
  kp_findings_init(&f);
  const char *bc = "kperf-bank-conflict", *uc = "kperf-uncoalesced";
  kp_findings_add(&f, bc, KP_WARNING, (kp_loc){"k.cu", 2, 10}, "a"); /* NOLINT(bc) */
  kp_findings_add(&f, uc, KP_WARNING, (kp_loc){"k.cu", 2, 3}, "b");  /* kept: other check */
  kp_findings_add(&f, uc, KP_WARNING, (kp_loc){"k.cu", 4, 3}, "c");  /* NOLINTNEXTLINE(uncoal*) */
  kp_findings_note(&f, (kp_loc){"k.cu", 1, 1}, "n");
  kp_findings_add(&f, bc, KP_WARNING, (kp_loc){"k.cu", 4, 10}, "d"); /* kept: not in the list */
  kp_findings_add(&f, "kperf-launch", KP_REMARK, (kp_loc){"k.cu", 5, 3}, "e"); /* bare NOLINT */
  kp_findings_add(&f, bc, KP_WARNING, (kp_loc){"k.cu", 6, 10}, "f");           /* kept */
  kp_findings_add(&f, "kperf-model", KP_REMARK, (kp_loc){NULL, 0, 0}, "g");    /* kept */
  CHECK(kp_findings_control(&f, NULL, k_line, NULL) == 3);
  CHECK(f.n == 4);
  CHECK_STR(f.items[0].message, "b");
  CHECK_STR(f.items[1].message, "d");
  CHECK_STR(f.items[2].message, "f");
  CHECK_STR(f.items[3].message, "g");
  /* The filter: only kperf-bank-conflict; kperf-model is no check and stays. */
  CHECK(kp_findings_control(&f, "-*,kperf-bank-conflict", NULL, NULL) == 1);
  CHECK(f.n == 3);
  CHECK_STR(f.items[0].message, "d");
  CHECK_STR(f.items[2].message, "g");
  CHECK(kp_findings_werror(&f) == 2);
  CHECK(f.items[0].severity == KP_ERROR && f.items[2].severity == KP_REMARK);
  kp_findings_free(&f);
}

static void paths(void) {
  char err[256];
  char *p = kp_report_path("out/%f.sarif", "/src/a/k.cu", "sarif", err, sizeof err);
  CHECK_STR(p, "out/k.cu.sarif");
  free(p);
  char *a = kp_report_path("r/", "/src/a/k.cu", "sarif", err, sizeof err);
  char *b = kp_report_path("r/", "/src/b/k.cu", "sarif", err, sizeof err);
  CHECK(a && b && strlen(a) == strlen("r/k.cu.12345678.sarif") && strncmp(a, "r/k.cu.", 7) == 0);
  CHECK(a && b && strcmp(a, b) != 0); /* the hash of the directory tells them apart */
  free(b);
  b = kp_report_path("r/%f.%h.sarif", "/src/a/k.cu", "json", err, sizeof err);
  CHECK_STR(b, a); /* the directory form is %f.%h.<ext> */
  free(a);
  free(b);
  p = kp_report_path("100%%-%f.json", "k.cu", "json", err, sizeof err);
  CHECK_STR(p, "100%-k.cu.json");
  free(p);
  CHECK(kp_report_path("x-%t.sarif", "k.cu", "sarif", err, sizeof err) == NULL);
  CHECK_STR(err, "unknown placeholder '%t' in the report path 'x-%t.sarif' (use %f, %h or %%)");
}

static const char *uri_of(cJSON *result) {
  cJSON *pl = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(result, "locations"), 0),
                                  "physicalLocation");
  return cJSON_GetObjectItem(cJSON_GetObjectItem(pl, "artifactLocation"), "uri")->valuestring;
}

static void relocate(void) {
  kp_findings f;
  kp_findings_init(&f);
  kp_findings_add(&f, "kperf-bank-conflict", KP_WARNING, (kp_loc){"src/../k.cu", 3, 1}, "rel");
  kp_findings_fixit(&f, (kp_loc){"src/../k.cu", 1, 1}, (kp_loc){"src/../k.cu", 1, 2}, "x");
  kp_findings_add(&f, "kperf-bank-conflict", KP_WARNING, (kp_loc){"/elsewhere/h.cuh", 3, 1}, "o");
  char *s = kp_findings_sarif(&f);
  char err[128];
  char *t = kp_sarif_relocate(s, "/repo/build", NULL, err, sizeof err);
  cJSON *log = cJSON_Parse(t);
  cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItem(log, "runs"), 0);
  cJSON *results = cJSON_GetObjectItem(run, "results");
  CHECK_STR(uri_of(cJSON_GetArrayItem(results, 0)), "file:///repo/build/k.cu");
  cJSON_Delete(log);
  char *u = kp_sarif_relocate(t, NULL, "/repo/", err, sizeof err);
  log = cJSON_Parse(u);
  run = cJSON_GetArrayItem(cJSON_GetObjectItem(log, "runs"), 0);
  results = cJSON_GetObjectItem(run, "results");
  cJSON *r0 = cJSON_GetArrayItem(results, 0);
  CHECK_STR(uri_of(r0), "build/k.cu");
  cJSON *al = cJSON_GetObjectItem(
      cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r0, "locations"), 0),
                          "physicalLocation"),
      "artifactLocation");
  CHECK_STR(cJSON_GetObjectItem(al, "uriBaseId")->valuestring, "%SRCROOT%");
  cJSON *ch = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(
      cJSON_GetObjectItem(r0, "fixes"), 0), "artifactChanges"), 0);
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(ch, "artifactLocation"), "uri")->valuestring,
            "build/k.cu");
  CHECK_STR(uri_of(cJSON_GetArrayItem(results, 1)), "file:///elsewhere/h.cuh");
  CHECK_STR(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(run, "originalUriBaseIds"),
                                                    "%SRCROOT%"),
                                "uri")
                ->valuestring,
            "file:///repo/");
  cJSON_Delete(log);
  CHECK(kp_sarif_relocate("{", NULL, NULL, err, sizeof err) == NULL);
  /* file:// URIs with no path or a host are kept as they are (found by
   * tests/fuzz/fuzz_text: "file://u" was rewritten one byte past its end) */
  const char *odd = "{\"runs\":[{\"results\":[{\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
                    "{\"uri\":\"file://u\"}}}]},{\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
                    "{\"uri\":\"file://host/a/../b\"}}}]}]}]}";
  char *o = kp_sarif_relocate(odd, "/work", "/", err, sizeof err);
  CHECK(o != NULL);
  log = cJSON_Parse(o);
  results = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(log, "runs"), 0), "results");
  CHECK_STR(uri_of(cJSON_GetArrayItem(results, 0)), "file://u");
  CHECK_STR(uri_of(cJSON_GetArrayItem(results, 1)), "file://host/a/../b");
  cJSON_Delete(log);
  free(o);
  free(s);
  free(t);
  free(u);
  kp_findings_free(&f);
}

int main(void) {
  filter();
  nolint();
  reports();
  control();
  paths();
  relocate();
  return TEST_RESULT();
}
