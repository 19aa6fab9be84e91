/* libFuzzer target: the C entry points that take text from outside (command
 * lines, source lines, report files): integers of -fplugin-arg-kperf-arg and
 * the CLI, check filters, NOLINT comments, globs, report path patterns, and
 * SARIF logs to merge and relocate, ptxas -v output and ptxas facts files.
 * The first byte chooses the entry point ('0' to '9', the rest modulo 10),
 * the rest is its text. */
#include "fz.h"
#include "kperf/control.h"
#include "kperf/findings_report.h"
#include "kperf/ptxas.h"
#include "kperf/report.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  unsigned which = (unsigned)(data[0] - '0');
  char *text = malloc(size);
  if (!text)
    return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = '\0';
  /* a second string: the text after the first NUL, or after the middle */
  size_t len = strlen(text);
  const char *second = len + 1 < size - 1 ? text + len + 1 : text + len / 2;
  char err[256];
  switch (which % 10) {
  case 0: {
    int64_t v;
    (void)kp_parse_int(text, &v);
    break;
  }
  case 1:
    if (kp_check_filter_check(text, err, sizeof err) == 0)
      (void)kp_check_filter_enabled(text, second);
    else if (strlen(err) >= sizeof err)
      abort();
    break;
  case 2: {
    /* a line and the line before it */
    char *nl = strchr(text, '\n');
    const char *prev = "";
    if (nl) {
      *nl = '\0';
      prev = nl + 1;
    }
    (void)kp_nolint_suppresses(text, prev, second);
    (void)kp_nolint_suppresses(text, NULL, "kperf-launch");
    break;
  }
  case 3:
    (void)kp_glob_match(text, strlen(text), second);
    break;
  case 4: {
    char *p = kp_report_path(text, second, "sarif", err, sizeof err);
    free(p);
    break;
  }
  case 5: {
    const char *texts[2] = {text, second};
    size_t nread = 0;
    char *m = kp_sarif_merge(texts, 2, &nread, err, sizeof err);
    if (m && nread > 2)
      abort();
    free(m);
    break;
  }
  case 6: {
    char *r = kp_sarif_relocate(text, "/work/dir", "/work", err, sizeof err);
    free(r);
    break;
  }
  case 7: {
    char *r = kp_sarif_relocate(text, second[0] ? second : NULL, second, err, sizeof err);
    free(r);
    break;
  }
  case 8: { /* ptxas -v output: records found, written and read back the same */
    kp_ptxas_facts f, g;
    kp_ptxas_facts_init(&f);
    kp_ptxas_facts_init(&g);
    size_t n = 0;
    if (kp_ptxas_parse(text, strlen(text), second[0] ? second : NULL, &f, &n, err, sizeof err) ==
        0) {
      if (n > f.nfuncs)
        abort();
      char *t = kp_ptxas_facts_text(&f);
      if (t && kp_ptxas_facts_parse(t, strlen(t), &g, err, sizeof err) != 0)
        abort(); /* what kperf writes, it reads */
      free(t);
    } else if (strlen(err) >= sizeof err) {
      abort();
    }
    kp_ptxas_facts_free(&f);
    kp_ptxas_facts_free(&g);
    break;
  }
  case 9: { /* a facts file, and the facts applied to a prediction's input */
    kp_ptxas_facts f;
    kp_ptxas_facts_init(&f);
    if (kp_ptxas_facts_parse(text, strlen(text), &f, err, sizeof err) == 0) {
      kp_kernel k;
      memset(&k, 0, sizeof k);
      k.name = k.mangled = second;
      kp_gpu g;
      memset(&g, 0, sizeof g);
      g.cc_major = 8;
      g.cc_minor = 6;
      kp_predict_input in;
      kp_predict_input_init(&in);
      char note[128];
      if (kp_ptxas_apply(&f, &k, &g, &in, note, sizeof note) &&
          (in.regs_per_thread <= 0 || in.spill_bytes < 0))
        abort();
    }
    kp_ptxas_facts_free(&f);
    break;
  }
  }
  free(text);
  return 0;
}
