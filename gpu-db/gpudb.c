/* The GPU database: open, locate, the shared statement helpers, the limits of a
 * compute capability, the list of GPUs.  Looking a GPU up is gpudb_find.c, its
 * facts gpudb_facts.c, the kp_gpu helpers gpudb_gpu.c.  Uses SQLite and the
 * model layer (errmsg) only.  Every statement is a fixed SQL string with bound
 * parameters. */
#define _XOPEN_SOURCE 700
#include "gpudb_internal.h"
#include "kperf/invariant.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef KPERF_INSTALLED_DB
#define KPERF_INSTALLED_DB ""
#endif

/* The embedded database (gpu-db/embed-db.cmake): defined only in programs
 * that link the object kperf_gpudb_embedded, else these weak references are
 * null. */
extern const unsigned char kp_gpudb_embedded_bytes[] __attribute__((weak));
extern const size_t kp_gpudb_embedded_size __attribute__((weak));
extern const char kp_gpudb_embedded_sha256[] __attribute__((weak));

int kp_gpudb_embedded(size_t *size, const char **sha256) {
  int has = kp_gpudb_embedded_bytes != NULL && &kp_gpudb_embedded_size != NULL &&
            kp_gpudb_embedded_sha256 != NULL && kp_gpudb_embedded_size > 0;
  if (size)
    *size = has ? kp_gpudb_embedded_size : 0;
  if (sha256)
    *sha256 = has ? kp_gpudb_embedded_sha256 : NULL;
  return has;
}

/* ---------------------------------------------------------------- open */

static const char *const required_tables[] = {"meta",        "cc_limits",  "cc_throughput",
                                              "gpus",        "gpu_aliases", "gpu_memory",
                                              "gpu_latency", "launch_overhead", "arch_default"};

int kp__check_schema(sqlite3 *h, const char *path, char *err, size_t errlen) {
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2(h, "PRAGMA application_id", -1, &st, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    int code = sqlite3_errcode(h);
    char msg[256];
    snprintf(msg, sizeof msg, "%s", sqlite3_errmsg(h));
    sqlite3_finalize(st);
    if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
      return kp__err(err, errlen, "GPU database '%s' is corrupt or not an SQLite database (%s)",
                     path, msg);
    return kp__err(err, errlen, "cannot read GPU database '%s': %s", path, msg);
  }
  long long app = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  st = NULL;
  if (app != KP_GPUDB_APPLICATION_ID)
    return kp__err(err, errlen,
                   "'%s' is not a kperf GPU database (application_id %lld, expected %d)", path,
                   app, KP_GPUDB_APPLICATION_ID);
  rc = sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    kp__err(err, errlen, "cannot read GPU database '%s': %s", path, sqlite3_errmsg(h));
    sqlite3_finalize(st);
    return -1;
  }
  long long ver = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  st = NULL;
  if (ver != KP_GPUDB_SCHEMA_VERSION)
    return kp__err(err, errlen,
                   "GPU database '%s' has schema version %lld, but this kperf reads version %d "
                   "(rebuild or re-import it)",
                   path, ver, KP_GPUDB_SCHEMA_VERSION);
  rc = sqlite3_prepare_v2(h, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1,
                          &st, NULL);
  if (rc != SQLITE_OK)
    return kp__err(err, errlen, "cannot read GPU database '%s': %s", path, sqlite3_errmsg(h));
  for (size_t i = 0; i < sizeof required_tables / sizeof required_tables[0]; i++) {
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, required_tables[i], -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
      if (rc == SQLITE_DONE)
        kp__err(err, errlen, "GPU database '%s' lacks table '%s' of schema version %d", path,
                required_tables[i], KP_GPUDB_SCHEMA_VERSION);
      else
        kp__err(err, errlen, "cannot read GPU database '%s': %s", path, sqlite3_errmsg(h));
      sqlite3_finalize(st);
      return -1;
    }
  }
  sqlite3_finalize(st);
  return 0;
}

/* A file made before the isa column (a user's older database) holds NVIDIA
 * rows only: temporary views of its tables, which shadow them on this
 * connection, add isa = '' so that every query reads the column. */
static int add_isa_views(sqlite3 *h, const char *path, char *err, size_t errlen) {
  sqlite3_stmt *probe = NULL;
  int has = sqlite3_prepare_v2(h, "SELECT c.isa, t.isa, g.isa FROM cc_limits AS c, "
                                  "cc_throughput AS t, gpus AS g LIMIT 0",
                               -1, &probe, NULL) == SQLITE_OK;
  sqlite3_finalize(probe);
  if (has)
    return 0;
  if (sqlite3_exec(h,
                   "CREATE TEMP VIEW cc_limits AS SELECT *, '' AS isa FROM main.cc_limits;"
                   "CREATE TEMP VIEW cc_throughput AS SELECT *, '' AS isa FROM main.cc_throughput;"
                   "CREATE TEMP VIEW gpus AS SELECT *, '' AS isa FROM main.gpus;",
                   NULL, NULL, NULL) != SQLITE_OK)
    return kp__err(err, errlen, "cannot read GPU database '%s': %s", path, sqlite3_errmsg(h));
  return 0;
}

/* A file by its path, or KP_GPUDB_EMBEDDED: the embedded database, read in
 * place (SQLite's memdb over the program's own read-only bytes: never
 * copied, never written, never freed). */
static int open_one(const char *path, sqlite3 **out, char *err, size_t errlen) {
  struct stat sb;
  *out = NULL;
  int embedded = strcmp(path, KP_GPUDB_EMBEDDED) == 0;
  size_t n = 0;
  if (!*path)
    return kp__err(err, errlen, "cannot open GPU database '': empty path");
  if (embedded) {
    if (!kp_gpudb_embedded(&n, NULL))
      return kp__err(err, errlen, "cannot open GPU database '%s': this program has none embedded",
                     path);
  } else {
    if (stat(path, &sb) != 0)
      return kp__err(err, errlen, "cannot open GPU database '%s': %s", path, strerror(errno));
    if (S_ISDIR(sb.st_mode))
      return kp__err(err, errlen, "cannot open GPU database '%s': %s", path, strerror(EISDIR));
    int fd = open(path, O_RDONLY);
    if (fd < 0)
      return kp__err(err, errlen, "cannot open GPU database '%s': %s", path, strerror(errno));
    close(fd);
  }
  sqlite3 *h = NULL;
  int rc = sqlite3_open_v2(embedded ? ":memory:" : path, &h,
                           embedded ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, NULL);
  if (rc == SQLITE_OK && embedded)
    rc = sqlite3_deserialize(h, "main", (unsigned char *)kp_gpudb_embedded_bytes,
                             (sqlite3_int64)n, (sqlite3_int64)n, SQLITE_DESERIALIZE_READONLY);
  if (rc != SQLITE_OK) {
    kp__err(err, errlen, "cannot open GPU database '%s': %s", path,
            h ? sqlite3_errmsg(h) : sqlite3_errstr(rc));
    sqlite3_close(h);
    return -1;
  }
  sqlite3_busy_timeout(h, 10000);
  sqlite3_extended_result_codes(h, 0);
  if (kp__check_schema(h, path, err, errlen) != 0 || add_isa_views(h, path, err, errlen) != 0) {
    sqlite3_close(h);
    return -1;
  }
  *out = h;
  return 0;
}

kp_gpudb *kp_gpudb_open(const char *path, char *err, size_t errlen) {
  if (!path)
    return (void)kp__err(err, errlen, "no GPU database path given"), NULL;
  if (!*path)
    return (void)kp__err(err, errlen, "cannot open GPU database '': empty path"), NULL;
  kp_gpudb *db = calloc(1, sizeof *db);
  char *list = strdup(path);
  if (!db || !list) {
    free(db);
    free(list);
    return (void)kp__err(err, errlen, "out of memory"), NULL;
  }
  char *save = NULL;
  for (char *p = strtok_r(list, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
    if (db->n == KP_GPUDB_MAX_FILES) {
      kp__err(err, errlen, "too many GPU databases in '%s' (at most %d)", path,
              KP_GPUDB_MAX_FILES);
      goto fail;
    }
    if (open_one(p, &db->h[db->n], err, errlen) != 0)
      goto fail;
    db->path[db->n] = strdup(p);
    if (!db->path[db->n]) {
      sqlite3_close(db->h[db->n]);
      kp__err(err, errlen, "out of memory");
      goto fail;
    }
    db->n++;
  }
  if (db->n == 0) {
    kp__err(err, errlen, "cannot open GPU database '%s': no file named", path);
    goto fail;
  }
  free(list);
  return db;
fail:
  free(list);
  kp_gpudb_close(db);
  return NULL;
}

void kp_gpudb_close(kp_gpudb *db) {
  if (!db)
    return;
  for (int i = 0; i < db->n; i++) {
    sqlite3_close(db->h[i]);
    free(db->path[i]);
  }
  free(db);
}

int kp_gpudb_count(const kp_gpudb *db) { return db ? db->n : 0; }
const char *kp_gpudb_path(const kp_gpudb *db, int i) {
  return db && i >= 0 && i < db->n ? db->path[i] : NULL;
}

/* -------------------------------------------------------------- locate */

static int file_exists(const char *p) {
  struct stat sb;
  return stat(p, &sb) == 0 && !S_ISDIR(sb.st_mode);
}

int kp_gpudb_user_path(char *out, size_t outlen) {
  const char *e = getenv("KPERF_USER_DB");
  int n;
  if (e && *e)
    n = snprintf(out, outlen, "%s", e);
  else if ((e = getenv("XDG_DATA_HOME")) && *e == '/')
    n = snprintf(out, outlen, "%s/kperf/user-gpus.db", e);
  else if ((e = getenv("HOME")) && *e)
    n = snprintf(out, outlen, "%s/.local/share/kperf/user-gpus.db", e);
  else
    return -1;
  return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int kp_gpudb_locate(const char *near_dir, char *out, size_t outlen) {
  if (!out || outlen == 0)
    return -1;
  const char *env = getenv("KPERF_DB");
  if (env && *env) {
    char *list = strdup(env);
    if (!list)
      return kp__err(out, outlen, "out of memory");
    char *save = NULL;
    for (char *p = strtok_r(list, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
      if (!file_exists(p)) {
        kp__err(out, outlen, "KPERF_DB names '%s', which does not exist or is not a file", p);
        free(list);
        return -1;
      }
    }
    free(list);
    if ((size_t)snprintf(out, outlen, "%s", env) >= outlen)
      return kp__err(out, outlen, "KPERF_DB is too long");
    return 0;
  }

  char cand[3][PATH_MAX];
  int ncand = 0;
  if (near_dir && *near_dir) {
    snprintf(cand[ncand++], PATH_MAX, "%s/%s", near_dir, KP_GPUDB_FILENAME);
    snprintf(cand[ncand++], PATH_MAX, "%s/../share/kperf/%s", near_dir, KP_GPUDB_FILENAME);
  }
  /* The embedded database is this build's own: it comes before the
   * installed path, which another kperf may have filled. */
  int embedded = kp_gpudb_embedded(NULL, NULL);
  if (KPERF_INSTALLED_DB[0] && !embedded)
    snprintf(cand[ncand++], PATH_MAX, "%s", KPERF_INSTALLED_DB);

  const char *found = NULL;
  char real[PATH_MAX];
  for (int i = 0; i < ncand && !found; i++)
    if (file_exists(cand[i]))
      found = realpath(cand[i], real) ? real : cand[i];
  if (!found && embedded)
    found = KP_GPUDB_EMBEDDED;

  if (!found) {
    char looked[3 * PATH_MAX + 64] = "";
    for (int i = 0; i < ncand; i++) {
      size_t l = strlen(looked);
      snprintf(looked + l, sizeof looked - l, "%s'%s'", i ? ", " : "", cand[i]);
    }
    kp__err(out, outlen,
            "no GPU database found: KPERF_DB is not set and none of %s exists "
            "(build kperf, set KPERF_DB, or pass --db)",
            ncand ? looked : "(no candidate paths)");
    return -1;
  }

  char user[PATH_MAX];
  int n;
  if (kp_gpudb_user_path(user, sizeof user) == 0 && file_exists(user) && strcmp(user, found) != 0)
    n = snprintf(out, outlen, "%s:%s", user, found);
  else
    n = snprintf(out, outlen, "%s", found);
  if (n < 0 || (size_t)n >= outlen)
    return kp__err(out, outlen, "GPU database path is too long");
  return 0;
}

/* ------------------------------------------------------------ helpers */

int kp__db_prep(kp_gpudb *db, int i, const char *sql, sqlite3_stmt **st, char *err, size_t errlen) {
  if (sqlite3_prepare_v2(db->h[i], sql, -1, st, NULL) != SQLITE_OK)
    return kp__err(err, errlen, "cannot read GPU database '%s': %s", db->path[i],
                   sqlite3_errmsg(db->h[i]));
  return 0;
}

int kp__db_step_err(kp_gpudb *db, int i, sqlite3_stmt *st, char *err, size_t errlen) {
  kp__err(err, errlen, "cannot read GPU database '%s': %s", db->path[i], sqlite3_errmsg(db->h[i]));
  sqlite3_finalize(st);
  return -1;
}

int kp__db_gpu_rows(kp_gpudb *db, int i, const char *sql, const char *gpu_id,
                    void (*row)(sqlite3_stmt *st, void *user), void *user, char *err,
                    size_t errlen) {
  sqlite3_stmt *st;
  if (kp__db_prep(db, i, sql, &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, gpu_id, -1, SQLITE_TRANSIENT);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW)
    row(st, user);
  if (rc != SQLITE_DONE)
    return kp__db_step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  return 0;
}

long long kp__col_int(sqlite3_stmt *st, int c) {
  return sqlite3_column_type(st, c) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, c);
}
double kp__col_real(sqlite3_stmt *st, int c) {
  return sqlite3_column_type(st, c) == SQLITE_NULL ? NAN : sqlite3_column_double(st, c);
}
void kp__col_text(sqlite3_stmt *st, int c, char *dst, size_t n) {
  const unsigned char *t = sqlite3_column_text(st, c);
  snprintf(dst, n, "%s", t ? (const char *)t : "");
}

/* 1 when database i has the table (the optional tables of later data), 0
 * when not, -1 on error. */
int kp__db_has_table(kp_gpudb *db, int i, const char *name, char *err, size_t errlen) {
  sqlite3_stmt *st;
  if (kp__db_prep(db, i, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", &st, err,
           errlen))
    return -1;
  sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
  int rc = sqlite3_step(st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return kp__db_step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW;
}

/* ------------------------------------------------------------- limits */

static void limits_init(kp_cc_limits *l, int major, int minor) {
  memset(l, 0, sizeof *l); /* isa "" */
  l->cc_major = major;
  l->cc_minor = minor;
  int *ints[] = {&l->warp_size, &l->max_threads_per_block, &l->max_threads_per_sm,
                 &l->max_warps_per_sm, &l->max_blocks_per_sm, &l->regs_per_sm,
                 &l->regs_per_block, &l->max_regs_per_thread, &l->reg_alloc_unit,
                 &l->reg_alloc_per_warp, &l->warp_alloc_granularity, &l->sub_partitions,
                 &l->smem_banks, &l->smem_bank_bytes, &l->barriers_per_sm};
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    *ints[i] = -1;
  l->smem_per_sm = l->smem_per_block = l->smem_per_block_optin = -1;
  l->smem_alloc_unit = l->smem_reserved_per_block = l->l1_smem_unified_bytes = -1;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

#define LIMITS_COLUMNS                                                                          \
  "cc_major, cc_minor, warp_size, max_threads_per_block, max_threads_per_sm, "                  \
  "max_warps_per_sm, max_blocks_per_sm, regs_per_sm, regs_per_block, max_regs_per_thread, "     \
  "reg_alloc_unit, reg_alloc_granularity, warp_alloc_granularity, sub_partitions, "             \
  "smem_per_sm, smem_per_block, smem_per_block_optin, smem_alloc_unit, "                        \
  "smem_reserved_per_block, smem_carveouts_kb, l1_smem_unified_bytes, smem_banks, "             \
  "smem_bank_bytes, barriers_per_sm, partitioned_gc"

/* The limits of the current row; 0, or -1 with the error when its carveouts
 * are more than kp_cc_limits holds (KP_MAX_CARVEOUTS, kperf/gpu.h). */
static int limits_from_row(kp_gpudb *db, int i, sqlite3_stmt *st, kp_cc_limits *l, char *err,
                           size_t errlen) {
  limits_init(l, (int)sqlite3_column_int(st, 0), (int)sqlite3_column_int(st, 1));
  l->known = 1;
  l->warp_size = (int)kp__col_int(st, 2);
  l->max_threads_per_block = (int)kp__col_int(st, 3);
  l->max_threads_per_sm = (int)kp__col_int(st, 4);
  l->max_warps_per_sm = (int)kp__col_int(st, 5);
  l->max_blocks_per_sm = (int)kp__col_int(st, 6);
  l->regs_per_sm = (int)kp__col_int(st, 7);
  l->regs_per_block = (int)kp__col_int(st, 8);
  l->max_regs_per_thread = (int)kp__col_int(st, 9);
  l->reg_alloc_unit = (int)kp__col_int(st, 10);
  const unsigned char *g = sqlite3_column_text(st, 11);
  l->reg_alloc_per_warp = !g ? -1 : strcmp((const char *)g, "warp") == 0 ? 1 : 0;
  l->warp_alloc_granularity = (int)kp__col_int(st, 12);
  l->sub_partitions = (int)kp__col_int(st, 13);
  l->smem_per_sm = kp__col_int(st, 14);
  l->smem_per_block = kp__col_int(st, 15);
  l->smem_per_block_optin = kp__col_int(st, 16);
  l->smem_alloc_unit = kp__col_int(st, 17);
  l->smem_reserved_per_block = kp__col_int(st, 18);
  const unsigned char *c = sqlite3_column_text(st, 19);
  l->n_carveouts = 0;
  for (const char *p = (const char *)c; p && *p;) {
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p)
      break;
    if (l->n_carveouts == KP_MAX_CARVEOUTS)
      return kp__err(err, errlen,
                     "GPU database '%s': compute capability %d.%d has more than %d shared-memory "
                     "carveouts (KP_MAX_CARVEOUTS, kperf/gpu.h)",
                     db->path[i], l->cc_major, l->cc_minor, KP_MAX_CARVEOUTS);
    l->carveouts_kb[l->n_carveouts++] = (int)v;
    p = end;
    while (*p == ',' || *p == ' ')
      p++;
  }
  qsort(l->carveouts_kb, (size_t)l->n_carveouts, sizeof(int), cmp_int);
  l->l1_smem_unified_bytes = kp__col_int(st, 20);
  l->smem_banks = (int)kp__col_int(st, 21);
  l->smem_bank_bytes = (int)kp__col_int(st, 22);
  l->barriers_per_sm = (int)kp__col_int(st, 23);
  l->partitioned_gc = (int)(kp__col_int(st, 24) > 0);
  return 0;
}

/* The limits of an ISA ("" for NVIDIA's compute capabilities): the first
 * database with a row.  Files without the isa column hold NVIDIA rows only. */
int kp_gpudb_isa_limits(kp_gpudb *db, const char *isa, int major, int minor, kp_cc_limits *out,
                        char *err, size_t errlen) {
  limits_init(out, major, minor);
  snprintf(out->isa, sizeof out->isa, "%s", isa);
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st;
    /* An ISA names its row alone (HIP's major/minor are the row's). */
    if (kp__db_prep(db, i,
             "SELECT " LIMITS_COLUMNS " FROM cc_limits WHERE isa = ?3 AND "
             "(isa <> '' OR (cc_major = ?1 AND cc_minor = ?2))",
             &st, err, errlen))
      return -1;
    sqlite3_bind_int(st, 1, major);
    sqlite3_bind_int(st, 2, minor);
    sqlite3_bind_text(st, 3, isa, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      if (limits_from_row(db, i, st, out, err, errlen)) {
        sqlite3_finalize(st);
        return -1;
      }
      snprintf(out->isa, sizeof out->isa, "%s", isa);
      sqlite3_finalize(st);
      return 0;
    }
    if (rc != SQLITE_DONE)
      return kp__db_step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
  }
  return 0;
}

int kp_gpudb_cc_limits(kp_gpudb *db, int major, int minor, kp_cc_limits *out, char *err,
                       size_t errlen) {
  return kp_gpudb_isa_limits(db, "", major, minor, out, err, errlen);
}

int kp_gpudb_list_cc(kp_gpudb *db, kp_cc_limits **out, size_t *n, char *err, size_t errlen) {
  *out = NULL;
  *n = 0;
  size_t cap = 0;
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st;
    if (kp__db_prep(db, i,
             "SELECT " LIMITS_COLUMNS " FROM cc_limits WHERE isa = '' ORDER BY cc_major, cc_minor",
             &st, err, errlen))
      goto fail;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      int major = sqlite3_column_int(st, 0), minor = sqlite3_column_int(st, 1);
      int dup = 0;
      for (size_t k = 0; k < *n; k++)
        dup |= (*out)[k].cc_major == major && (*out)[k].cc_minor == minor;
      if (dup)
        continue;
      if (*n == cap) {
        cap = cap ? 2 * cap : 32;
        kp_cc_limits *p = realloc(*out, cap * sizeof **out);
        if (!p) {
          sqlite3_finalize(st);
          kp__err(err, errlen, "out of memory");
          goto fail;
        }
        *out = p;
      }
      if (limits_from_row(db, i, st, &(*out)[(*n)++], err, errlen)) {
        sqlite3_finalize(st);
        goto fail;
      }
    }
    if (rc != SQLITE_DONE) {
      kp__db_step_err(db, i, st, err, errlen);
      goto fail;
    }
    sqlite3_finalize(st);
  }
  return 0;
fail:
  free(*out);
  *out = NULL;
  *n = 0;
  return -1;
}

/* ---------------------------------------------------------------- list */

static int cmp_summary(const void *a, const void *b) {
  const kp_gpu_summary *x = a, *y = b;
  if (x->cc_major != y->cc_major)
    return x->cc_major < y->cc_major ? -1 : 1;
  if (x->cc_minor != y->cc_minor)
    return x->cc_minor < y->cc_minor ? -1 : 1;
  return strcmp(x->id, y->id);
}

int kp_gpudb_list(kp_gpudb *db, kp_gpu_summary **out, size_t *n, char *err, size_t errlen) {
  *out = NULL;
  *n = 0;
  size_t cap = 0;
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st, *al;
    int rc;
    if (kp__db_prep(db, i,
             "SELECT id, full_name, architecture, cc_major, cc_minor, sm_count, isa "
             "FROM gpus ORDER BY id",
             &st, err, errlen))
      goto fail;
    if (kp__db_prep(db, i, "SELECT alias FROM gpu_aliases WHERE gpu_id = ?1 ORDER BY alias", &al, err,
             errlen)) {
      sqlite3_finalize(st);
      goto fail;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      const char *id = (const char *)sqlite3_column_text(st, 0);
      int dup = 0;
      for (size_t k = 0; k < *n && id; k++)
        dup |= strcasecmp((*out)[k].id, id) == 0;
      if (dup || !id)
        continue;
      if (*n == cap) {
        cap = cap ? 2 * cap : 32;
        kp_gpu_summary *p = realloc(*out, cap * sizeof **out);
        if (!p) {
          sqlite3_finalize(st);
          sqlite3_finalize(al);
          kp__err(err, errlen, "out of memory");
          goto fail;
        }
        *out = p;
      }
      kp_gpu_summary *s = &(*out)[(*n)++];
      memset(s, 0, sizeof *s);
      kp__col_text(st, 0, s->id, sizeof s->id);
      kp__col_text(st, 1, s->full_name, sizeof s->full_name);
      kp__col_text(st, 2, s->architecture, sizeof s->architecture);
      s->cc_major = (int)kp__col_int(st, 3);
      s->cc_minor = (int)kp__col_int(st, 4);
      s->sm_count = (int)kp__col_int(st, 5);
      kp__col_text(st, 6, s->isa, sizeof s->isa);
      s->db_index = i;
      sqlite3_reset(al);
      sqlite3_bind_text(al, 1, s->id, -1, SQLITE_TRANSIENT);
      int arc;
      while ((arc = sqlite3_step(al)) == SQLITE_ROW) {
        size_t l = strlen(s->aliases);
        snprintf(s->aliases + l, sizeof s->aliases - l, "%s%s", l ? "," : "",
                 (const char *)sqlite3_column_text(al, 0));
      }
      if (arc != SQLITE_DONE) {
        sqlite3_finalize(st);
        kp__db_step_err(db, i, al, err, errlen);
        goto fail;
      }
    }
    sqlite3_finalize(al);
    if (rc != SQLITE_DONE) {
      kp__db_step_err(db, i, st, err, errlen);
      goto fail;
    }
    sqlite3_finalize(st);
  }
  if (*n)
    qsort(*out, *n, sizeof **out, cmp_summary);
  return 0;
fail:
  free(*out);
  *out = NULL;
  *n = 0;
  return -1;
}
