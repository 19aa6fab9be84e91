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
  cJSON_Delete(ml);
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

int main(void) {
  filter();
  nolint();
  reports();
  return TEST_RESULT();
}
