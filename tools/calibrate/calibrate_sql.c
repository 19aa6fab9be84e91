/* kperf-calibrate-sql RAW [-o OUT.sql] [--gpu-id ID] [--based-on BASE]:
 * turns kperf-calibrate's raw measurements into SQL for `kperf import-gpus`
 * (plain C: builds and runs without CUDA). */
#include <stdio.h>
#include <string.h>

#include "sqlout.h"

int main(int argc, char **argv) {
  const char *raw = NULL, *out_path = NULL, *id = NULL, *base = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc) out_path = argv[++i];
    else if (!strcmp(argv[i], "--gpu-id") && i + 1 < argc) id = argv[++i];
    else if (!strcmp(argv[i], "--based-on") && i + 1 < argc) base = argv[++i];
    else if (argv[i][0] != '-' && !raw) raw = argv[i];
    else {
      fputs("usage: kperf-calibrate-sql RAW [-o OUT.sql] [--gpu-id ID] [--based-on BASE]\n", stderr);
      return 2;
    }
  }
  if (!raw) {
    fputs("usage: kperf-calibrate-sql RAW [-o OUT.sql] [--gpu-id ID] [--based-on BASE]\n", stderr);
    return 2;
  }
  FILE *in = fopen(raw, "r");
  if (!in) {
    fprintf(stderr, "kperf-calibrate-sql: cannot read '%s'\n", raw);
    return 1;
  }
  kpc_meas m;
  char err[256];
  int rc = kpc_read_raw(in, &m, err, sizeof err);
  fclose(in);
  if (rc != 0) {
    fprintf(stderr, "kperf-calibrate-sql: %s: %s\n", raw, err);
    return 1;
  }
  if (id) snprintf(m.gpu_id, sizeof m.gpu_id, "%s", id);
  if (base) snprintf(m.based_on, sizeof m.based_on, "%s", base);
  FILE *out = out_path ? fopen(out_path, "w") : stdout;
  if (!out) {
    fprintf(stderr, "kperf-calibrate-sql: cannot write '%s'\n", out_path);
    return 1;
  }
  if (kpc_write_sql(out, &m, err, sizeof err) != 0) {
    fprintf(stderr, "kperf-calibrate-sql: %s\n", err);
    return 1;
  }
  if (out_path && fclose(out) != 0) {
    fprintf(stderr, "kperf-calibrate-sql: cannot write '%s'\n", out_path);
    return 1;
  }
  return 0;
}
