/* kperf checks: the registered checks (include/kperf/checks.def), their
 * default severity, documentation and options, from the registry rows. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kperf/checks.h"

static void checks_help(FILE *out) {
  fputs("usage: kperf checks [--json | --names]\n"
        "\n"
        "Lists kperf's checks: name, default severity, what each reports, its\n"
        "documentation, and its options with the plugin key\n"
        "(-fplugin-arg-kperf-KEY=V), the clang-tidy option (kperf-CHECK.NAME), the\n"
        "values accepted and the default.  --names: one check name a line.\n",
        out);
}

static const char *severity_name(kp_severity s) {
  return s == KP_ERROR ? "error" : s == KP_WARNING ? "warning" : "remark";
}

static const char *type_name(kp_option_type t) {
  return t == KP_OPT_REAL ? "number" : t == KP_OPT_INT ? "integer" : "choice";
}

static int checks_run(int argc, char **argv) {
  int json = 0, names = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else if (strcmp(argv[i], "--names") == 0)
      names = 1;
    else {
      kp_cli_error("checks: unexpected argument '%s' (see 'kperf checks --help')", argv[i]);
      return KP_EXIT_USAGE;
    }
  }
  if (json && names) {
    kp_cli_error("checks: --json and --names exclude each other");
    return KP_EXIT_USAGE;
  }
  size_t n = 0;
  const kp_check_info *const *c = kp_checks(&n);
  if (names) {
    for (size_t i = 0; i < n; i++)
      puts(c[i]->name);
    return KP_EXIT_OK;
  }
  if (json) {
    cJSON *root = cJSON_CreateObject();
    cJSON *arr = cJSON_AddArrayToObject(root, "checks");
    for (size_t i = 0; i < n; i++) {
      char doc[128];
      snprintf(doc, sizeof doc, "docs/checks/%s.md", c[i]->name + 6);
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "name", c[i]->name);
      cJSON_AddStringToObject(o, "summary", c[i]->summary);
      cJSON_AddStringToObject(o, "severity", severity_name(c[i]->severity));
      cJSON_AddStringToObject(o, "sarif_rule", c[i]->rule_name);
      cJSON_AddStringToObject(o, "doc", doc);
      cJSON *opts = cJSON_AddArrayToObject(o, "options");
      for (size_t k = 0; k < c[i]->noptions; k++) {
        const kp_check_option *d = &c[i]->options[k];
        char accepts[160];
        kp_check_option_accepts(d, accepts, sizeof accepts);
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "key", d->key);
        cJSON_AddStringToObject(p, "tidy_name", d->tidy_name);
        cJSON_AddStringToObject(p, "type", type_name(d->type));
        cJSON_AddStringToObject(p, "accepts", accepts);
        cJSON_AddStringToObject(p, "default", d->def);
        cJSON_AddStringToObject(p, "help", d->help);
        cJSON_AddItemToArray(opts, p);
      }
      cJSON_AddItemToArray(arr, o);
    }
    char *text = cJSON_Print(root);
    if (text)
      puts(text);
    free(text);
    cJSON_Delete(root);
    return text ? KP_EXIT_OK : KP_EXIT_FAIL;
  }
  for (size_t i = 0; i < n; i++) {
    printf("%s (%s by default): %s; docs/checks/%s.md\n", c[i]->name,
           severity_name(c[i]->severity), c[i]->summary, c[i]->name + 6);
    for (size_t k = 0; k < c[i]->noptions; k++) {
      const kp_check_option *d = &c[i]->options[k];
      char accepts[160];
      kp_check_option_accepts(d, accepts, sizeof accepts);
      printf("  %s=V (clang-tidy %s.%s): %s; %s, default %s\n", d->key, c[i]->name, d->tidy_name,
             d->help, accepts, d->def);
    }
  }
  return KP_EXIT_OK;
}

const kp_command kp_cmd_checks = {"checks", "list the checks and their options", checks_run,
                                  checks_help};
