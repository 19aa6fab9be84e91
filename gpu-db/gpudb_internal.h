/* Internals shared by the GPU database's files (gpudb.c, gpudb_find.c,
 * gpudb_facts.c, gpudb_gpu.c, gpudb_import.c). */
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

/* ---- Statement helpers (gpudb.c). */
/* Prepares sql on database i; -1 with "cannot read GPU database" on error. */
int kp__db_prep(kp_gpudb *db, int i, const char *sql, sqlite3_stmt **st, char *err, size_t errlen);
/* A failed step: the message, st finalized, -1. */
int kp__db_step_err(kp_gpudb *db, int i, sqlite3_stmt *st, char *err, size_t errlen);
/* Runs sql with ?1 bound to the GPU id, calling row(st, user) for each row:
 * 0, or -1 with a message. */
int kp__db_gpu_rows(kp_gpudb *db, int i, const char *sql, const char *gpu_id,
                    void (*row)(sqlite3_stmt *st, void *user), void *user, char *err,
                    size_t errlen);
/* Column c of the current row: -1 / NaN when NULL; text copied ("" when NULL). */
long long kp__col_int(sqlite3_stmt *st, int c);
double kp__col_real(sqlite3_stmt *st, int c);
void kp__col_text(sqlite3_stmt *st, int c, char *dst, size_t n);
/* 1 when database i has the table (the optional tables of later data), 0
 * when not, -1 on error. */
int kp__db_has_table(kp_gpudb *db, int i, const char *name, char *err, size_t errlen);

/* ---- Names of the kp_gpu enums back to their index, -1 when none (gpudb_gpu.c). */
int kp__op_index(const char *name);
int kp__mem_index(const char *name);
int kp__launch_timing_index(const char *name);
int kp__stream_kernel_index(const char *name);

/* ---- Looking a GPU up (gpudb_find.c). */
/* A name's match: the database and canonical id, else the best suggestion. */
typedef struct kp__gpu_match {
  int db;           /* -1: none */
  char id[64];
  int best_dist;    /* for suggestions */
  int best_prefix;  /* 1: the name is the start of the suggestion ("mi250" of "mi250x") */
  int best_first;   /* 1: the suggestion starts with the name's first character */
  int best_family;  /* 1: the suggestion has the name's series and model number */
  char suggestion[64];
} kp__gpu_match;

/* Finds the database and canonical id for a name. 0 found, 1 not found, -1 error. */
int kp__gpudb_resolve(kp_gpudb *db, const char *name, kp__gpu_match *m, char *err, size_t errlen);
/* The error for a name not found (an architecture named, a suggestion); -1. */
int kp__gpudb_unknown_gpu(kp_gpudb *db, const kp__gpu_match *m, const char *name, char *err,
                          size_t errlen);

#endif
