/* Test helper: reads JSON on stdin and checks it.
 *   KEY=VALUE   top-level KEY equals VALUE (number or string; null for null)
 *   KEY#N       top-level KEY is an array of at least N elements
 *   KEY?        top-level KEY exists
 * Exits 0 when all hold, 1 (printing each failure) otherwise. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  static char buf[4 << 20];
  size_t n = fread(buf, 1, sizeof buf - 1, stdin);
  buf[n] = '\0';
  cJSON *root = cJSON_Parse(buf);
  if (!root) {
    fprintf(stderr, "jsoncheck: invalid JSON\n");
    return 1;
  }
  int bad = 0;
  for (int i = 1; i < argc; i++) {
    char key[256];
    const char *a = argv[i], *op = strpbrk(a, "=#?");
    if (!op) {
      fprintf(stderr, "jsoncheck: bad check '%s'\n", a);
      bad++;
      continue;
    }
    snprintf(key, sizeof key, "%.*s", (int)(op - a), a);
    const char *want = op + 1;
    cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v) {
      fprintf(stderr, "jsoncheck: no key '%s'\n", key);
      bad++;
      continue;
    }
    if (*op == '?')
      continue;
    if (*op == '#') {
      if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < atoi(want)) {
        fprintf(stderr, "jsoncheck: '%s' is not an array of at least %s\n", key, want);
        bad++;
      }
      continue;
    }
    int ok;
    if (cJSON_IsNumber(v))
      ok = fabs(v->valuedouble - strtod(want, NULL)) < 1e-9;
    else if (cJSON_IsString(v))
      ok = strcmp(v->valuestring, want) == 0;
    else if (cJSON_IsNull(v))
      ok = strcmp(want, "null") == 0;
    else if (cJSON_IsBool(v))
      ok = strcmp(want, cJSON_IsTrue(v) ? "true" : "false") == 0;
    else
      ok = 0;
    if (!ok) {
      char *s = cJSON_PrintUnformatted(v);
      fprintf(stderr, "jsoncheck: '%s' is %s, expected %s\n", key, s ? s : "?", want);
      cJSON_free(s);
      bad++;
    }
  }
  cJSON_Delete(root);
  return bad ? 1 : 0;
}
