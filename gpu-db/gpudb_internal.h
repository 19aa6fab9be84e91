/* Internals shared by gpudb.c and gpudb_import.c. */
#ifndef KPERF_GPUDB_INTERNAL_H
#define KPERF_GPUDB_INTERNAL_H

#include <stddef.h>
#include <sqlite3.h>

#include "kperf/gpu.h"

struct kp_gpudb {
  int n;
  sqlite3 *h[KP_GPUDB_MAX_FILES];
  char *path[KP_GPUDB_MAX_FILES];
};

/* gpu-db/schema.sql, embedded at configure time (kp_schema_sql.c). */
extern const char kp_gpudb_schema_sql[];

#include "kperf/errmsg.h" /* kp__err */

/* Checks application_id, user_version and the tables of an open handle. */
int kp__check_schema(sqlite3 *h, const char *path, char *err, size_t errlen);

#endif
