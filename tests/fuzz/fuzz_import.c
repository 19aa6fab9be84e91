/* libFuzzer target: kperf import (gpu-db/gpudb_import.c).  The input is the
 * SQL file given by the user; it is imported into a fresh database with the
 * built database as the reference for compute-capability limits
 * ($KPERF_FUZZ_DB).  Whatever the text, the import either succeeds or fails
 * with a message, and a database it succeeds on opens and lists its GPUs. */
#define _POSIX_C_SOURCE 200809L
#include "kperf/gpu.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static kp_gpudb *reference;
static char dir[256];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  char err[256];
  const char *db = getenv("KPERF_FUZZ_DB");
  if (db) {
    reference = kp_gpudb_open(db, err, sizeof err);
    if (!reference)
      fprintf(stderr, "fuzz_import: %s\n", err);
  }
  snprintf(dir, sizeof dir, "/tmp/kperf-fuzz-import-%ld", (long)getpid());
  char cmd[300];
  snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
  if (system(cmd) != 0)
    abort();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char sql[300], db[300], err[512];
  snprintf(sql, sizeof sql, "%s/in.sql", dir);
  snprintf(db, sizeof db, "%s/out.db", dir);
  unlink(db);
  FILE *f = fopen(sql, "wb");
  if (!f)
    abort();
  if (size && fwrite(data, 1, size, f) != size)
    abort();
  fclose(f);
  int n = -1;
  err[0] = '\0';
  if (kp_gpudb_import(sql, db, reference, &n, err, sizeof err) == 0) {
    kp_gpudb *d = kp_gpudb_open(db, err, sizeof err);
    if (!d)
      abort(); /* an import that succeeded leaves a database that opens */
    kp_gpu_summary *list = NULL;
    size_t nl = 0;
    if (kp_gpudb_list(d, &list, &nl, err, sizeof err) == 0) {
      for (size_t i = 0; i < nl; i++) {
        kp_gpu g;
        (void)kp_gpudb_find(d, list[i].id, &g, err, sizeof err);
      }
      free(list);
    }
    kp_gpudb_close(d);
  } else if (!err[0] || strlen(err) >= sizeof err) {
    abort(); /* a failure says why */
  }
  unlink(db);
  return 0;
}
