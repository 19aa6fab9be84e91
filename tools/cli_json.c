/* The JSON getters of the kperf subcommands (cJSON), one set: an absent item
 * or one of another type gives the caller's default. */
#include "cli.h"

const cJSON *kp_json_get(const cJSON *o, const char *key) {
  return o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

const char *kp_json_str(const cJSON *o, const char *key, const char *def) {
  const cJSON *v = kp_json_get(o, key);
  return cJSON_IsString(v) ? v->valuestring : def;
}

double kp_json_num(const cJSON *o, const char *key, double def) {
  const cJSON *v = kp_json_get(o, key);
  return cJSON_IsNumber(v) ? v->valuedouble : def;
}

int kp_json_int(const cJSON *o, const char *key, long long *out) {
  const cJSON *v = kp_json_get(o, key);
  if (!cJSON_IsNumber(v))
    return 0;
  *out = (long long)v->valuedouble;
  return 1;
}

int kp_json_bool(const cJSON *o, const char *key) { return cJSON_IsTrue(kp_json_get(o, key)); }
