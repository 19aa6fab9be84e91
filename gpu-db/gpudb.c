/* The GPU database: open, locate, look up, list.  Every statement is a fixed
 * SQL string with bound parameters. */
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

static const char *const op_names[KP_OP_COUNT] = {"fp16",    "fp32",    "fp64",
                                                  "sfu",     "int_add", "int_mul",
                                                  "conv",    "conv64",  "div_f32",
                                                  "ldst",    "shared",  "int_own"};
static const char *const mem_names[KP_MEM_COUNT] = {"shared", "l1", "l2", "dram", "llc"};

const char *kp_op_name(kp_op op) {
  return (unsigned)op < KP_OP_COUNT ? op_names[op] : "?";
}
const char *kp_mem_level_name(kp_mem_level level) {
  return (unsigned)level < KP_MEM_COUNT ? mem_names[level] : "?";
}
static const char *const launch_timing_names[KP_LAUNCH_TIMING_COUNT] = {"event", "nsight",
                                                                         "stream", "graph"};
const char *kp_launch_timing_name(kp_launch_timing t) {
  return (unsigned)t < KP_LAUNCH_TIMING_COUNT ? launch_timing_names[t] : "?";
}
static int launch_timing_index(const char *name) {
  for (int i = 0; i < KP_LAUNCH_TIMING_COUNT; i++)
    if (name && strcmp(name, launch_timing_names[i]) == 0)
      return i;
  return -1;
}
static const char *const stream_kernel_names[KP_STREAM_COUNT] = {"read", "write", "copy",
                                                                   "triad"};
const char *kp_stream_kernel_name(kp_stream_kernel k) {
  return (unsigned)k < KP_STREAM_COUNT ? stream_kernel_names[k] : "?";
}
static int stream_kernel_index(const char *name) {
  for (int i = 0; i < KP_STREAM_COUNT; i++)
    if (name && strcmp(name, stream_kernel_names[i]) == 0)
      return i;
  return -1;
}
static int op_index(const char *name) {
  for (int i = 0; i < KP_OP_COUNT; i++)
    if (name && strcmp(name, op_names[i]) == 0)
      return i;
  return -1;
}
static int mem_index(const char *name) {
  for (int i = 0; i < KP_MEM_COUNT; i++)
    if (name && strcmp(name, mem_names[i]) == 0)
      return i;
  return -1;
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

static int prep(kp_gpudb *db, int i, const char *sql, sqlite3_stmt **st, char *err, size_t errlen) {
  if (sqlite3_prepare_v2(db->h[i], sql, -1, st, NULL) != SQLITE_OK)
    return kp__err(err, errlen, "cannot read GPU database '%s': %s", db->path[i],
                   sqlite3_errmsg(db->h[i]));
  return 0;
}

static int step_err(kp_gpudb *db, int i, sqlite3_stmt *st, char *err, size_t errlen) {
  kp__err(err, errlen, "cannot read GPU database '%s': %s", db->path[i], sqlite3_errmsg(db->h[i]));
  sqlite3_finalize(st);
  return -1;
}

static long long col_int(sqlite3_stmt *st, int c) {
  return sqlite3_column_type(st, c) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, c);
}
static double col_real(sqlite3_stmt *st, int c) {
  return sqlite3_column_type(st, c) == SQLITE_NULL ? NAN : sqlite3_column_double(st, c);
}
static void col_text(sqlite3_stmt *st, int c, char *dst, size_t n) {
  const unsigned char *t = sqlite3_column_text(st, c);
  snprintf(dst, n, "%s", t ? (const char *)t : "");
}

/* Lower-case letters and digits only: "GeForce RTX-3090" -> "geforcertx3090". */
static void normalize(const char *in, char *out, size_t n) {
  size_t j = 0;
  for (; in && *in && j + 1 < n; in++)
    if (isalnum((unsigned char)*in))
      out[j++] = (char)tolower((unsigned char)*in);
  out[j] = '\0';
}

static int edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 63 || lb > 63)
    return INT_MAX;
  int row[64];
  for (size_t j = 0; j <= lb; j++)
    row[j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= lb; j++) {
      int up = row[j];
      int best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
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

static void limits_from_row(sqlite3_stmt *st, kp_cc_limits *l) {
  limits_init(l, (int)sqlite3_column_int(st, 0), (int)sqlite3_column_int(st, 1));
  l->known = 1;
  l->warp_size = (int)col_int(st, 2);
  l->max_threads_per_block = (int)col_int(st, 3);
  l->max_threads_per_sm = (int)col_int(st, 4);
  l->max_warps_per_sm = (int)col_int(st, 5);
  l->max_blocks_per_sm = (int)col_int(st, 6);
  l->regs_per_sm = (int)col_int(st, 7);
  l->regs_per_block = (int)col_int(st, 8);
  l->max_regs_per_thread = (int)col_int(st, 9);
  l->reg_alloc_unit = (int)col_int(st, 10);
  const unsigned char *g = sqlite3_column_text(st, 11);
  l->reg_alloc_per_warp = !g ? -1 : strcmp((const char *)g, "warp") == 0 ? 1 : 0;
  l->warp_alloc_granularity = (int)col_int(st, 12);
  l->sub_partitions = (int)col_int(st, 13);
  l->smem_per_sm = col_int(st, 14);
  l->smem_per_block = col_int(st, 15);
  l->smem_per_block_optin = col_int(st, 16);
  l->smem_alloc_unit = col_int(st, 17);
  l->smem_reserved_per_block = col_int(st, 18);
  const unsigned char *c = sqlite3_column_text(st, 19);
  l->n_carveouts = 0;
  for (const char *p = (const char *)c; p && *p && l->n_carveouts < KP_MAX_CARVEOUTS;) {
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p)
      break;
    l->carveouts_kb[l->n_carveouts++] = (int)v;
    p = end;
    while (*p == ',' || *p == ' ')
      p++;
  }
  qsort(l->carveouts_kb, (size_t)l->n_carveouts, sizeof(int), cmp_int);
  l->l1_smem_unified_bytes = col_int(st, 20);
  l->smem_banks = (int)col_int(st, 21);
  l->smem_bank_bytes = (int)col_int(st, 22);
  l->barriers_per_sm = (int)col_int(st, 23);
  l->partitioned_gc = (int)(col_int(st, 24) > 0);
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
    if (prep(db, i,
             "SELECT " LIMITS_COLUMNS " FROM cc_limits WHERE isa = ?3 AND "
             "(isa <> '' OR (cc_major = ?1 AND cc_minor = ?2))",
             &st, err, errlen))
      return -1;
    sqlite3_bind_int(st, 1, major);
    sqlite3_bind_int(st, 2, minor);
    sqlite3_bind_text(st, 3, isa, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      limits_from_row(st, out);
      snprintf(out->isa, sizeof out->isa, "%s", isa);
      sqlite3_finalize(st);
      return 0;
    }
    if (rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
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
    if (prep(db, i,
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
      limits_from_row(st, &(*out)[(*n)++]);
    }
    if (rc != SQLITE_DONE) {
      step_err(db, i, st, err, errlen);
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

/* ---------------------------------------------------------------- find */

typedef struct match {
  int db;           /* -1: none */
  char id[64];
  int best_dist;    /* for suggestions */
  int best_prefix;  /* 1: the name is the start of the suggestion ("mi250" of "mi250x") */
  int best_first;   /* 1: the suggestion starts with the name's first character */
  int best_family;  /* 1: the suggestion has the name's series and model number */
  char suggestion[64];
} match;

/* Without a leading "nvidia" and then "geforce" or "tesla": the words people
 * leave out ("RTX 3060 Laptop GPU" for "NVIDIA GeForce RTX 3060 Laptop GPU"). */
static const char *strip_brand(const char *k) {
  if (strncmp(k, "nvidia", 6) == 0)
    k += 6;
  if (strncmp(k, "geforce", 7) == 0)
    k += 7;
  else if (strncmp(k, "tesla", 5) == 0)
    k += 5;
  return k;
}

/* The length of a normalized name's series and model number: its letters up
 * to the first digit and that run of digits ("rtx5090ti" -> 7, "rtx5090");
 * 0 when it has no digit. */
static size_t family_len(const char *k) {
  size_t i = 0;
  while (k[i] && !isdigit((unsigned char)k[i]))
    i++;
  if (!k[i])
    return 0;
  while (isdigit((unsigned char)k[i]))
    i++;
  return i;
}

/* 1 when a and b (normalized) have the same series and model number and one
 * of them is the other with a suffix: "rtx5090ti" and "rtx5090", "mi250" and
 * "mi250x" (not "rtx3090ti": another model; not "a10" for "h10"). */
static int same_family(const char *a, const char *b) {
  size_t fa = family_len(a), fb = family_len(b);
  if (fa == 0 || fa != fb || strncmp(a, b, fa) != 0)
    return 0;
  size_t la = strlen(a), lb = strlen(b);
  return strncmp(a, b, la < lb ? la : lb) == 0;
}

static void consider(match *m, const char *key, const char *display, int *prio, int this_prio) {
  char k[128];
  normalize(display, k, sizeof k);
  int d = edit_distance(key, k);
  size_t len = strlen(key);
  int limit = len <= 4 ? 1 : 2;
  /* The same model with a suffix added or left out first, however far
   * ("rtx5090ti" -> rtx5090, not rtx3090ti, another model one letter
   * away); then the closest; among equally close names, one the typed name
   * begins (a suffix left out: "mi250" -> mi250x, not mi210), then one that
   * starts like it (first letters are rarely mistyped: "h10" -> h100, not
   * a10), then ids before aliases. */
  int family = same_family(key, k);
  int prefix = len > 0 && strncmp(k, key, len) == 0;
  int first = k[0] != '\0' && k[0] == key[0];
  if (d > 0 && (d <= limit || family) &&
      (family > m->best_family ||
       (family == m->best_family &&
        (d < m->best_dist ||
         (d == m->best_dist &&
          (prefix > m->best_prefix ||
           (prefix == m->best_prefix &&
            (first > m->best_first || (first == m->best_first && this_prio < *prio))))))))) {
    m->best_family = family;
    m->best_dist = d;
    m->best_prefix = prefix;
    m->best_first = first;
    *prio = this_prio;
    snprintf(m->suggestion, sizeof m->suggestion, "%s", display);
  }
}

/* Finds the database and canonical id for a name. 0 found, 1 not found, -1 error. */
static int resolve(kp_gpudb *db, const char *name, match *m, char *err, size_t errlen) {
  char key[128];
  normalize(name, key, sizeof key);
  m->db = -1;
  m->best_dist = INT_MAX;
  m->best_prefix = 0;
  m->best_first = 0;
  m->best_family = 0;
  m->suggestion[0] = '\0';
  int sugg_prio = INT_MAX;
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st;
    int rc, level = 6; /* 0 id, 1 alias, 2 full name; 3-5 the same without the brand */
    char found[64] = "";
    /* Every name a GPU answers to, best kind first: its id, an alias, its full
     * name.  Ids and aliases also feed the "did you mean" suggestion. */
    if (prep(db, i,
             "SELECT id, id, 0 FROM gpus UNION ALL SELECT alias, gpu_id, 1 FROM gpu_aliases "
             "UNION ALL SELECT full_name, id, 2 FROM gpus ORDER BY 3, 1",
             &st, err, errlen))
      return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      const char *spelling = (const char *)sqlite3_column_text(st, 0);
      const char *gid = (const char *)sqlite3_column_text(st, 1);
      int kind = sqlite3_column_int(st, 2);
      char k[128];
      if (!spelling || !gid)
        continue;
      normalize(spelling, k, sizeof k);
      if (key[0] && strcmp(k, key) == 0 && level > kind) {
        level = kind;
        snprintf(found, sizeof found, "%s", gid);
      } else if (key[0] && *strip_brand(key) && strcmp(strip_brand(k), strip_brand(key)) == 0 &&
                 level > kind + 3) {
        level = kind + 3;
        snprintf(found, sizeof found, "%s", gid);
      }
      if (kind < 2)
        consider(m, key, spelling, &sugg_prio, kind);
    }
    if (rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
    if (found[0]) {
      m->db = i;
      snprintf(m->id, sizeof m->id, "%s", found);
      return 0;
    }
  }
  return 1;
}

int kp_gpudb_for_arch(kp_gpudb *db, const char *arch, kp_gpu *out, char *err, size_t errlen);

static int unknown_gpu(kp_gpudb *db, const match *m, const char *name, char *err, size_t errlen) {
  /* An architecture given as a GPU name: say which GPU stands for it. */
  if (strncmp(name, "sm_", 3) == 0 || strncmp(name, "SM_", 3) == 0 ||
      strncmp(name, "compute_", 8) == 0) {
    kp_gpu *g = malloc(sizeof *g);
    char e2[256];
    if (g && kp_gpudb_for_arch(db, name, g, e2, sizeof e2) == 0) {
      int rc = kp__err(err, errlen,
                       "unknown GPU '%s': that is an architecture, whose GPU in the database is "
                       "'%s' (name a GPU, e.g. %s; list them with 'kperf gpus')",
                       name, g->id, g->id);
      free(g);
      return rc;
    }
    free(g);
  }
  if (m->suggestion[0])
    return kp__err(err, errlen, "unknown GPU '%s'; did you mean '%s'? (list them with 'kperf gpus')",
                   name, m->suggestion);
  return kp__err(err, errlen, "unknown GPU '%s' (list them with 'kperf gpus')", name);
}

int kp_gpu_is_amd(const kp_gpu *g) { return g && g->isa[0] != '\0'; }

int kp_isa_is_gfx(const char *isa) { return isa && strncmp(isa, "gfx", 3) == 0; }

int kp_isa_has_cc(const char *isa) { return isa && (isa[0] == '\0' || kp_isa_is_gfx(isa)); }

const char *kp_gpu_arch_text(const kp_gpu *g, char *buf, size_t n) {
  if (kp_gpu_is_amd(g))
    snprintf(buf, n, "ISA %s", g->isa);
  else
    snprintf(buf, n, "compute capability %d.%d", g->cc_major, g->cc_minor);
  return buf;
}

int kp_gpu_amd_rules(const kp_gpu *g) {
  return kp_gpu_is_amd(g) && strncmp(g->isa, "gfx9", 4) == 0 && g->limits.warp_size == 64 &&
         g->mem[KP_MEM_L1].line_bytes > 0 && g->limits.smem_banks == 32 &&
         g->limits.smem_bank_bytes == 4;
}

void kp_gpu_init(kp_gpu *g) {
  memset(g, 0, sizeof *g);
  g->cc_major = g->cc_minor = g->sm_count = g->dram_bus_bits = -1;
  g->dram_bytes = -1;
  g->base_clock_mhz = g->boost_clock_mhz = g->shader_clock_mhz = NAN;
  g->launch_latency_cycles = NAN;
  for (int i = 0; i < KP_OP_COUNT; i++)
    g->per_clock_per_sm[i] = g->latency_cycles[i] = NAN;
  for (int i = 0; i < KP_MEM_COUNT; i++) {
    g->mem[i].size_bytes = -1;
    g->mem[i].line_bytes = -1;
    g->mem[i].latency_cycles = g->mem[i].bandwidth_gbs = NAN;
  }
  for (int i = 0; i < 32; i++)
    g->launch_x1_us[i] = g->launch_x0_us[i] = NAN;
  for (int i = 0; i < KP_LAUNCH_TIMING_COUNT; i++)
    g->launch_floor_us[i] = NAN;
  for (int i = 0; i < KP_STREAM_COUNT; i++) {
    g->dram_achieved_gbs[i] = NAN;
    g->dram_occupancy[i].n = 0;
  }
  g->db_index = -1;
}

/* 1 when database i has the table (the optional tables of later data), 0
 * when not, -1 on error. */
static int has_table(kp_gpudb *db, int i, const char *name, char *err, size_t errlen) {
  sqlite3_stmt *st;
  if (prep(db, i, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", &st, err,
           errlen))
    return -1;
  sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
  int rc = sqlite3_step(st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW;
}

static int load_launch_floor(kp_gpudb *db, int i, kp_gpu *g, char *err, size_t errlen) {
  sqlite3_stmt *st;
  int rc = has_table(db, i, "launch_floor", err, errlen);
  if (rc <= 0)
    return rc;
  if (prep(db, i, "SELECT method, time_us FROM launch_floor WHERE gpu_id = ?1", &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int t = launch_timing_index((const char *)sqlite3_column_text(st, 0));
    if (t >= 0)
      g->launch_floor_us[t] = col_real(st, 1);
  }
  if (rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  return 0;
}

static int load_dram_stream(kp_gpudb *db, int i, kp_gpu *g, char *err, size_t errlen) {
  sqlite3_stmt *st;
  int rc = has_table(db, i, "dram_achieved", err, errlen);
  if (rc < 0)
    return -1;
  if (rc == 1) {
    if (prep(db, i, "SELECT kernel, bandwidth_gbs FROM dram_achieved WHERE gpu_id = ?1", &st, err,
             errlen))
      return -1;
    sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      int k = stream_kernel_index((const char *)sqlite3_column_text(st, 0));
      if (k >= 0)
        g->dram_achieved_gbs[k] = col_real(st, 1);
    }
    if (rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
  }
  rc = has_table(db, i, "dram_occupancy", err, errlen);
  if (rc <= 0)
    return rc;
  if (prep(db, i,
           "SELECT kernel, warps_per_sm, bandwidth_gbs FROM dram_occupancy WHERE gpu_id = ?1 "
           "ORDER BY kernel, warps_per_sm",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int k = stream_kernel_index((const char *)sqlite3_column_text(st, 0));
    if (k < 0 || g->dram_occupancy[k].n >= KP_MAX_OCC_POINTS)
      continue;
    kp_bw_curve *c = &g->dram_occupancy[k];
    c->warps_per_sm[c->n] = col_real(st, 1);
    c->gbs[c->n] = col_real(st, 2);
    c->n++;
  }
  if (rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  return 0;
}

static int load_gpu(kp_gpudb *db, int i, const char *id, kp_gpu *g, char *err, size_t errlen) {
  sqlite3_stmt *st;
  int rc;
  kp_gpu_init(g);
  if (prep(db, i,
           "SELECT id, full_name, vendor, architecture, chip, cc_major, cc_minor, sm_count, "
           "base_clock_mhz, boost_clock_mhz, shader_clock_mhz, dram_type, dram_bus_bits, "
           "dram_bytes, launch_latency_cycles, isa FROM gpus WHERE id = ?1",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step(st);
  if (rc == SQLITE_DONE) {
    sqlite3_finalize(st);
    return kp__err(err, errlen, "GPU database '%s' has an alias for GPU '%s', which is not in it",
                   db->path[i], id);
  }
  if (rc != SQLITE_ROW)
    return step_err(db, i, st, err, errlen);
  col_text(st, 0, g->id, sizeof g->id);
  col_text(st, 1, g->full_name, sizeof g->full_name);
  col_text(st, 2, g->vendor, sizeof g->vendor);
  col_text(st, 3, g->architecture, sizeof g->architecture);
  col_text(st, 4, g->chip, sizeof g->chip);
  g->cc_major = (int)col_int(st, 5);
  g->cc_minor = (int)col_int(st, 6);
  g->sm_count = (int)col_int(st, 7);
  g->base_clock_mhz = col_real(st, 8);
  g->boost_clock_mhz = col_real(st, 9);
  g->shader_clock_mhz = col_real(st, 10);
  col_text(st, 11, g->dram_type, sizeof g->dram_type);
  g->dram_bus_bits = (int)col_int(st, 12);
  g->dram_bytes = col_int(st, 13);
  g->launch_latency_cycles = col_real(st, 14);
  col_text(st, 15, g->isa, sizeof g->isa);
  g->db_index = i;
  sqlite3_finalize(st);

  if (kp_gpudb_isa_limits(db, g->isa, g->cc_major, g->cc_minor, &g->limits, err, errlen))
    return -1;

  /* Throughput: per class, the first database with a row for this CC. */
  int have[KP_OP_COUNT] = {0};
  for (int k = 0; k < db->n; k++) {
    if (prep(db, k,
             "SELECT class, per_clock_per_sm FROM cc_throughput "
             "WHERE cc_major = ?1 AND cc_minor = ?2 AND isa = ?3",
             &st, err, errlen))
      return -1;
    sqlite3_bind_int(st, 1, g->cc_major);
    sqlite3_bind_int(st, 2, g->cc_minor);
    sqlite3_bind_text(st, 3, g->isa, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      int op = op_index((const char *)sqlite3_column_text(st, 0));
      if (op >= 0 && !have[op]) {
        have[op] = 1;
        g->per_clock_per_sm[op] = col_real(st, 1);
      }
    }
    if (rc != SQLITE_DONE)
      return step_err(db, k, st, err, errlen);
    sqlite3_finalize(st);
  }

  if (prep(db, i,
           "SELECT level, size_bytes, line_bytes, latency_cycles, bandwidth_gbs "
           "FROM gpu_memory WHERE gpu_id = ?1",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int lv = mem_index((const char *)sqlite3_column_text(st, 0));
    if (lv < 0)
      continue;
    g->mem[lv].size_bytes = col_int(st, 1);
    g->mem[lv].line_bytes = (int)col_int(st, 2);
    g->mem[lv].latency_cycles = col_real(st, 3);
    g->mem[lv].bandwidth_gbs = col_real(st, 4);
  }
  if (rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  if (g->mem[KP_MEM_SHARED].size_bytes < 0 && g->limits.known)
    g->mem[KP_MEM_SHARED].size_bytes = g->limits.smem_per_sm;

  if (prep(db, i, "SELECT class, latency_cycles FROM gpu_latency WHERE gpu_id = ?1", &st, err,
           errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int op = op_index((const char *)sqlite3_column_text(st, 0));
    if (op >= 0)
      g->latency_cycles[op] = col_real(st, 1);
  }
  if (rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);

  if (prep(db, i, "SELECT warps_per_block, x1_us, x0_us FROM launch_overhead WHERE gpu_id = ?1",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int w = sqlite3_column_int(st, 0);
    if (w >= 1 && w <= 32) {
      g->launch_x1_us[w - 1] = col_real(st, 1);
      g->launch_x0_us[w - 1] = col_real(st, 2);
    }
  }
  if (rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  if (load_launch_floor(db, i, g, err, errlen))
    return -1;
  return load_dram_stream(db, i, g, err, errlen);
}

int kp_gpudb_find(kp_gpudb *db, const char *name, kp_gpu *out, char *err, size_t errlen) {
  if (!db || !name || !out)
    return kp__err(err, errlen, "kp_gpudb_find: missing argument");
  match m;
  int rc = resolve(db, name, &m, err, errlen);
  if (rc < 0)
    return -1;
  if (rc > 0)
    return unknown_gpu(db, &m, name, err, errlen);
  rc = load_gpu(db, m.db, m.id, out, err, errlen);
  /* A GPU found has its id (the key every other fact hangs on). */
  KP_ASSERT(rc != 0 || out->id[0] != '\0');
  return rc;
}

int kp_gpudb_for_arch(kp_gpudb *db, const char *arch, kp_gpu *out, char *err, size_t errlen) {
  if (!db || !arch || !out)
    return kp__err(err, errlen, "kp_gpudb_for_arch: missing argument");
  const char *p = arch;
  if (strncmp(p, "sm_", 3) == 0 || strncmp(p, "SM_", 3) == 0)
    p += 3;
  else if (strncmp(p, "compute_", 8) == 0)
    p += 8;
  else
    return kp__err(err, errlen, "invalid GPU architecture '%s' (expected sm_XY, e.g. sm_90)", arch);
  size_t nd = 0;
  while (isdigit((unsigned char)p[nd]))
    nd++;
  size_t tail = nd;
  while (isalpha((unsigned char)p[tail]))
    tail++;
  if (nd < 2 || nd > 4 || p[tail] != '\0' || tail - nd > 1)
    return kp__err(err, errlen, "invalid GPU architecture '%s' (expected sm_XY, e.g. sm_90)", arch);
  char key[16];
  snprintf(key, sizeof key, "sm_%.*s", (int)nd, p);

  char known[256] = "";
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st;
    int rc;
    if (prep(db, i, "SELECT gpu_id FROM arch_default WHERE arch = ?1", &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      char gid[64];
      col_text(st, 0, gid, sizeof gid);
      sqlite3_finalize(st);
      match m;
      int r = resolve(db, gid, &m, err, errlen);
      if (r < 0)
        return -1;
      if (r > 0)
        return kp__err(err, errlen,
                       "architecture '%s' maps to GPU '%s', which is not in the GPU database", arch,
                       gid);
      return load_gpu(db, m.db, m.id, out, err, errlen);
    }
    if (rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
    if (prep(db, i,
             "SELECT arch FROM arch_default ORDER BY CAST(substr(arch, 4) AS INTEGER), arch", &st,
             err, errlen))
      return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      size_t l = strlen(known);
      snprintf(known + l, sizeof known - l, "%s%s", l ? ", " : "",
               (const char *)sqlite3_column_text(st, 0));
    }
    if (rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
  }
  return kp__err(err, errlen,
                 "no GPU is assumed for architecture '%s' (defaults exist for %s); name a GPU "
                 "explicitly (list them with 'kperf gpus')",
                 arch, known[0] ? known : "none");
}

/* The number XY of "sm_XY" / "compute_XY" / "sm_XYa"; -1 when not one. */
static int arch_number(const char *arch) {
  const char *p = arch;
  if (strncmp(p, "sm_", 3) == 0 || strncmp(p, "SM_", 3) == 0)
    p += 3;
  else if (strncmp(p, "compute_", 8) == 0)
    p += 8;
  else
    return -1;
  int n = 0, nd = 0;
  while (isdigit((unsigned char)p[nd]) && nd < 5)
    n = n * 10 + (p[nd++] - '0');
  if (nd < 2 || nd > 4)
    return -1;
  while (isalpha((unsigned char)p[nd]))
    nd++;
  return p[nd] == '\0' ? n : -1;
}

int kp_gpudb_nearest_arch(kp_gpudb *db, const char *arch, char *out, size_t outlen, char *err,
                          size_t errlen) {
  if (!db || !arch || !out)
    return kp__err(err, errlen, "kp_gpudb_nearest_arch: missing argument");
  int n = arch_number(arch);
  if (n < 0)
    return kp__err(err, errlen, "invalid GPU architecture '%s' (expected sm_XY, e.g. sm_90)", arch);
  int major = n / 10, minor = n % 10;
  int same = -1, lower = -1; /* the best key of the same major, the highest one below */
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st;
    int rc;
    if (prep(db, i, "SELECT arch FROM arch_default", &st, err, errlen))
      return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      int k = arch_number((const char *)sqlite3_column_text(st, 0));
      if (k < 0)
        continue;
      if (k / 10 == major) {
        int d = abs(k % 10 - minor), best = same < 0 ? 99 : abs(same % 10 - minor);
        if (same < 0 || d < best || (d == best && k < same))
          same = k;
      } else if (k < n && k > lower) {
        lower = k;
      }
    }
    if (rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
  }
  int k = same >= 0 ? same : lower;
  if (k < 0)
    return kp__err(err, errlen, "no GPU architecture in the database is near '%s'", arch);
  snprintf(out, outlen, "sm_%d", k);
  return 0;
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
    if (prep(db, i,
             "SELECT id, full_name, architecture, cc_major, cc_minor, sm_count, isa "
             "FROM gpus ORDER BY id",
             &st, err, errlen))
      goto fail;
    if (prep(db, i, "SELECT alias FROM gpu_aliases WHERE gpu_id = ?1 ORDER BY alias", &al, err,
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
      col_text(st, 0, s->id, sizeof s->id);
      col_text(st, 1, s->full_name, sizeof s->full_name);
      col_text(st, 2, s->architecture, sizeof s->architecture);
      s->cc_major = (int)col_int(st, 3);
      s->cc_minor = (int)col_int(st, 4);
      s->sm_count = (int)col_int(st, 5);
      col_text(st, 6, s->isa, sizeof s->isa);
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
        step_err(db, i, al, err, errlen);
        goto fail;
      }
    }
    sqlite3_finalize(al);
    if (rc != SQLITE_DONE) {
      step_err(db, i, st, err, errlen);
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

/* --------------------------------------------------------------- facts */

typedef struct coldesc {
  const char *col, *group, *name, *unit, *src;
} coldesc;

static const coldesc gpu_cols[] = {
    {"id", "identity", "id", "", "identity_source"},
    {"full_name", "identity", "full_name", "", "identity_source"},
    {"vendor", "identity", "vendor", "", "identity_source"},
    {"architecture", "identity", "architecture", "", "identity_source"},
    {"chip", "identity", "chip", "", "identity_source"},
    {"cc_major", "identity", "cc_major", "", "identity_source"},
    {"cc_minor", "identity", "cc_minor", "", "identity_source"},
    {"sm_count", "config", "sm_count", "SMs", "config_source"},
    {"base_clock_mhz", "config", "base_clock_mhz", "MHz", "config_source"},
    {"boost_clock_mhz", "config", "boost_clock_mhz", "MHz", "config_source"},
    {"shader_clock_mhz", "config", "shader_clock_mhz", "MHz", "config_source"},
    {"dram_type", "dram", "dram_type", "", "dram_source"},
    {"dram_bus_bits", "dram", "dram_bus_bits", "bits", "dram_source"},
    {"dram_bytes", "dram", "dram_bytes", "bytes", "dram_source"},
    {"launch_latency_cycles", "launch", "launch_latency_cycles", "cycles", "launch_latency_source"},
};

static const coldesc limit_cols[] = {
    {"warp_size", "limits", "warp_size", "threads", "source"},
    {"max_threads_per_block", "limits", "max_threads_per_block", "threads", "source"},
    {"max_threads_per_sm", "limits", "max_threads_per_sm", "threads", "source"},
    {"max_warps_per_sm", "limits", "max_warps_per_sm", "warps", "source"},
    {"max_blocks_per_sm", "limits", "max_blocks_per_sm", "blocks", "source"},
    {"regs_per_sm", "limits", "regs_per_sm", "registers", "source"},
    {"regs_per_block", "limits", "regs_per_block", "registers", "source"},
    {"max_regs_per_thread", "limits", "max_regs_per_thread", "registers", "source"},
    {"reg_alloc_unit", "limits", "reg_alloc_unit", "registers", "source"},
    {"reg_alloc_granularity", "limits", "reg_alloc_granularity", "", "source"},
    {"warp_alloc_granularity", "limits", "warp_alloc_granularity", "warps", "source"},
    {"sub_partitions", "limits", "sub_partitions", "", "source"},
    {"smem_per_sm", "limits", "smem_per_sm", "bytes", "source"},
    {"smem_per_block", "limits", "smem_per_block", "bytes", "source"},
    {"smem_per_block_optin", "limits", "smem_per_block_optin", "bytes", "source"},
    {"smem_alloc_unit", "limits", "smem_alloc_unit", "bytes", "source"},
    {"smem_reserved_per_block", "limits", "smem_reserved_per_block", "bytes", "source"},
    {"smem_carveouts_kb", "limits", "smem_carveouts_kb", "KiB", "source"},
    {"l1_smem_unified_bytes", "limits", "l1_smem_unified_bytes", "bytes", "source"},
    {"smem_banks", "limits", "smem_banks", "banks", "source"},
    {"smem_bank_bytes", "limits", "smem_bank_bytes", "bytes", "source"},
    {"barriers_per_sm", "limits", "barriers_per_sm", "barriers", "source"},
    {"partitioned_gc", "limits", "partitioned_gc", "", "source"},
};

static int col_index(sqlite3_stmt *st, const char *name) {
  int n = sqlite3_column_count(st);
  for (int c = 0; c < n; c++)
    if (strcmp(sqlite3_column_name(st, c), name) == 0)
      return c;
  return -1;
}

static void fact_from_col(kp_fact *f, sqlite3_stmt *st, int c) {
  f->kind = KP_FACT_NULL;
  f->i = 0;
  f->d = NAN;
  f->text = NULL;
  if (c < 0)
    return;
  switch (sqlite3_column_type(st, c)) {
  case SQLITE_INTEGER:
    f->kind = KP_FACT_INT;
    f->i = sqlite3_column_int64(st, c);
    f->d = (double)f->i;
    break;
  case SQLITE_FLOAT:
    f->kind = KP_FACT_REAL;
    f->d = sqlite3_column_double(st, c);
    break;
  case SQLITE_TEXT:
    f->kind = KP_FACT_TEXT;
    f->text = (const char *)sqlite3_column_text(st, c);
    break;
  default:
    break;
  }
}

static const char *text_or_null(sqlite3_stmt *st, int c) {
  return c >= 0 ? (const char *)sqlite3_column_text(st, c) : NULL;
}

/* The fact of the one row `sql` (value, source; ?1 the GPU's id, ?2 key)
 * selects, into *f, left unknown when there is none; *st stays prepared for
 * the caller to finalize once f is used (f's text lives in it).  0, or -1
 * with the error. */
static int keyed_fact(kp_gpudb *db, int i, const char *sql, const char *id, const char *key,
                      sqlite3_stmt **st, kp_fact *f, char *err, size_t errlen) {
  if (prep(db, i, sql, st, err, errlen))
    return -1;
  sqlite3_bind_text(*st, 1, id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(*st, 2, key, -1, SQLITE_STATIC);
  int r = sqlite3_step(*st);
  if (r == SQLITE_ROW) {
    fact_from_col(f, *st, 0);
    f->source = text_or_null(*st, 1);
  } else if (r != SQLITE_DONE) {
    return step_err(db, i, *st, err, errlen);
  }
  return 0;
}

/* Emits the described columns of the current row; returns non-zero to stop. */
static int emit_row(sqlite3_stmt *st, const coldesc *d, size_t nd, kp_fact_fn fn, void *user) {
  for (size_t k = 0; k < nd; k++) {
    kp_fact f;
    f.group = d[k].group;
    f.name = d[k].name;
    f.unit = d[k].unit;
    fact_from_col(&f, st, col_index(st, d[k].col));
    f.source = text_or_null(st, col_index(st, d[k].src));
    if (fn(&f, user))
      return 1;
  }
  return 0;
}

static int emit(kp_fact_fn fn, void *user, const char *group, const char *name, const char *unit,
                kp_fact_kind kind, long long i, double d, const char *text, const char *source) {
  kp_fact f = {group, name, unit, kind, i, d, text, source};
  return fn(&f, user);
}

/* Long: one query per table of the database (aliases, limits, throughput,
 * memory, latencies, launch overhead and floors, stream bandwidths), each
 * a commented block emitting its rows; they share the statement handling. */
int kp_gpudb_facts(kp_gpudb *db, const char *name, kp_fact_fn fn, void *user, char *err,
                   size_t errlen) {
  match m;
  int rc = resolve(db, name, &m, err, errlen);
  if (rc < 0)
    return -1;
  if (rc > 0)
    return unknown_gpu(db, &m, name, err, errlen);
  int i = m.db;
  sqlite3_stmt *st;
  int cc_major = -1, cc_minor = -1, stop = 0;

  if (emit(fn, user, "identity", "database", "", KP_FACT_TEXT, 0, NAN, db->path[i],
           "the GPU database that holds this GPU"))
    return 0;

  /* Aliases. */
  if (prep(db, i, "SELECT alias FROM gpu_aliases WHERE gpu_id = ?1 ORDER BY alias", &st, err,
           errlen))
    return -1;
  sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
  char aliases[1024] = "";
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    size_t l = strlen(aliases);
    snprintf(aliases + l, sizeof aliases - l, "%s%s", l ? "," : "",
             (const char *)sqlite3_column_text(st, 0));
  }
  if (rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);


  if (prep(db, i, "SELECT * FROM gpus WHERE id = ?1", &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    if (rc == SQLITE_DONE) {
      sqlite3_finalize(st);
      return kp__err(err, errlen, "GPU '%s' vanished from '%s'", m.id, db->path[i]);
    }
    return step_err(db, i, st, err, errlen);
  }
  cc_major = sqlite3_column_int(st, col_index(st, "cc_major"));
  cc_minor = sqlite3_column_int(st, col_index(st, "cc_minor"));
  char isa[16] = "";
  col_text(st, col_index(st, "isa"), isa, sizeof isa);
  stop = emit_row(st, gpu_cols, 7, fn, user) ||
         emit(fn, user, "identity", "aliases", "", KP_FACT_TEXT, 0, NAN, aliases,
              "gpu_aliases table") ||
         emit_row(st, gpu_cols + 7, sizeof gpu_cols / sizeof gpu_cols[0] - 7, fn, user);
  sqlite3_finalize(st);
  if (stop)
    return 0;

  /* Limits of the compute capability: first database that has them. */
  int limits_found = 0;
  for (int k = 0; k < db->n && !limits_found; k++) {
    if (prep(db, k, "SELECT * FROM cc_limits WHERE cc_major = ?1 AND cc_minor = ?2 AND isa = ?3",
             &st, err, errlen))
      return -1;
    sqlite3_bind_int(st, 1, cc_major);
    sqlite3_bind_int(st, 2, cc_minor);
    sqlite3_bind_text(st, 3, isa, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      limits_found = 1;
      stop = emit_row(st, limit_cols, sizeof limit_cols / sizeof limit_cols[0], fn, user);
    } else if (rc != SQLITE_DONE) {
      return step_err(db, k, st, err, errlen);
    }
    sqlite3_finalize(st);
    if (stop)
      return 0;
  }
  if (!limits_found)
    for (size_t k = 0; k < sizeof limit_cols / sizeof limit_cols[0]; k++)
      if (emit(fn, user, "limits", limit_cols[k].name, limit_cols[k].unit, KP_FACT_NULL, 0, NAN,
               NULL, NULL))
        return 0;

  /* Throughput per class. */
  for (int op = 0; op < KP_OP_COUNT; op++) {
    if (op == KP_OP_DIV_F32)
      continue; /* latency only */
    int done = 0;
    for (int k = 0; k < db->n && !done; k++) {
      if (prep(db, k,
               "SELECT per_clock_per_sm, source FROM cc_throughput "
               "WHERE cc_major = ?1 AND cc_minor = ?2 AND class = ?3 AND isa = ?4",
               &st, err, errlen))
        return -1;
      sqlite3_bind_int(st, 1, cc_major);
      sqlite3_bind_int(st, 2, cc_minor);
      sqlite3_bind_text(st, 3, op_names[op], -1, SQLITE_STATIC);
      sqlite3_bind_text(st, 4, isa, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step(st);
      if (rc == SQLITE_ROW) {
        kp_fact f = {"throughput", op_names[op], "per clock per SM", KP_FACT_NULL, 0, NAN, NULL,
                     NULL};
        fact_from_col(&f, st, 0);
        f.source = text_or_null(st, 1);
        done = 1;
        stop = fn(&f, user);
      } else if (rc != SQLITE_DONE) {
        return step_err(db, k, st, err, errlen);
      }
      sqlite3_finalize(st);
      if (stop)
        return 0;
    }
    if (!done && emit(fn, user, "throughput", op_names[op], "per clock per SM", KP_FACT_NULL, 0,
                      NAN, NULL, NULL))
      return 0;
  }

  /* Memory hierarchy. */
  static const char *const mem_fields[][4] = {
      {"size_bytes", "bytes", "size_source", NULL},
      {"line_bytes", "bytes", "size_source", NULL},
      {"latency_cycles", "cycles", "latency_source", NULL},
      {"bandwidth_gbs", "GB/s", "bandwidth_source", NULL},
  };
  for (int lv = 0; lv < KP_MEM_COUNT; lv++) {
    if (prep(db, i, "SELECT * FROM gpu_memory WHERE gpu_id = ?1 AND level = ?2", &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, mem_names[lv], -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
      return step_err(db, i, st, err, errlen);
    /* The last-level cache is listed only where the GPU has one. */
    for (size_t k = 0; k < 4 && !stop && (lv != KP_MEM_LLC || rc == SQLITE_ROW); k++) {
      char nm[64];
      snprintf(nm, sizeof nm, "%s.%s", mem_names[lv], mem_fields[k][0]);
      kp_fact f = {"memory", nm, mem_fields[k][1], KP_FACT_NULL, 0, NAN, NULL, NULL};
      if (rc == SQLITE_ROW) {
        fact_from_col(&f, st, col_index(st, mem_fields[k][0]));
        f.source = text_or_null(st, col_index(st, mem_fields[k][2]));
      }
      if (lv == KP_MEM_SHARED && k == 0 && f.kind == KP_FACT_NULL)
        f.source = "per-SM capacity: limits.smem_per_sm";
      stop = fn(&f, user);
    }
    sqlite3_finalize(st);
    if (stop)
      return 0;
  }

  /* Instruction latencies. */
  for (int op = 0; op < KP_OP_COUNT; op++) {
    if (op == KP_OP_LDST || op == KP_OP_SHARED || op == KP_OP_INT_OWN)
      continue; /* throughput only */
    if (prep(db, i, "SELECT latency_cycles, source FROM gpu_latency WHERE gpu_id = ?1 AND class = ?2",
             &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, op_names[op], -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    kp_fact f = {"latency", op_names[op], "cycles", KP_FACT_NULL, 0, NAN, NULL, NULL};
    if (rc == SQLITE_ROW) {
      fact_from_col(&f, st, 0);
      f.source = text_or_null(st, 1);
    } else if (rc != SQLITE_DONE) {
      return step_err(db, i, st, err, errlen);
    }
    stop = fn(&f, user);
    sqlite3_finalize(st);
    if (stop)
      return 0;
  }

  /* Launch-overhead model rows. */
  if (prep(db, i,
           "SELECT warps_per_block, x1_us, x0_us, source FROM launch_overhead WHERE gpu_id = ?1 "
           "ORDER BY warps_per_block",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
  int nrows = 0;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int w = sqlite3_column_int(st, 0);
    for (int k = 0; k < 2 && !stop; k++) {
      char nm[64];
      snprintf(nm, sizeof nm, "w%d.%s", w, k ? "x0_us" : "x1_us");
      kp_fact f = {"launch", nm, k ? "us" : "us per block", KP_FACT_NULL, 0, NAN, NULL, NULL};
      fact_from_col(&f, st, 1 + k);
      f.source = text_or_null(st, 3);
      stop = fn(&f, user);
    }
    nrows++;
    if (stop)
      break;
  }
  if (!stop && rc != SQLITE_DONE)
    return step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  if (!stop && nrows == 0)
    stop = emit(fn, user, "launch", "model", "", KP_FACT_NULL, 0, NAN, NULL,
                "no measured launch-overhead rows; kperf uses the fallback of docs/gpu-db.md");
  if (stop)
    return 0;

  /* Launch floor, one fact per way of timing (unknown ones included). */
  rc = has_table(db, i, "launch_floor", err, errlen);
  if (rc < 0)
    return -1;
  for (int t = 0; t < KP_LAUNCH_TIMING_COUNT && !stop; t++) {
    char nm[64];
    snprintf(nm, sizeof nm, "floor.%s_us", launch_timing_names[t]);
    kp_fact f = {"launch", nm, "us", KP_FACT_NULL, 0, NAN, NULL, NULL};
    st = NULL;
    if (rc == 1 && keyed_fact(db, i, "SELECT time_us, source FROM launch_floor WHERE gpu_id = ?1 "
                              "AND method = ?2", m.id, launch_timing_names[t], &st, &f, err,
                              errlen) != 0)
      return -1;
    stop = fn(&f, user);
    sqlite3_finalize(st);
  }
  if (stop)
    return 0;

  /* Achieved DRAM bandwidth per streaming kernel, and the number of points
   * of its occupancy scan. */
  int has_ach = has_table(db, i, "dram_achieved", err, errlen);
  int has_occ = has_table(db, i, "dram_occupancy", err, errlen);
  if (has_ach < 0 || has_occ < 0)
    return -1;
  for (int k = 0; k < KP_STREAM_COUNT && !stop; k++) {
    char nm[64];
    snprintf(nm, sizeof nm, "dram.achieved.%s_gbs", stream_kernel_names[k]);
    kp_fact f = {"memory", nm, "GB/s", KP_FACT_NULL, 0, NAN, NULL, NULL};
    st = NULL;
    if (has_ach == 1 && keyed_fact(db, i, "SELECT bandwidth_gbs, source FROM dram_achieved WHERE "
                                   "gpu_id = ?1 AND kernel = ?2", m.id, stream_kernel_names[k],
                                   &st, &f, err, errlen) != 0)
      return -1;
    stop = fn(&f, user);
    sqlite3_finalize(st);
    if (stop || has_occ != 1)
      continue;
    if (prep(db, i,
             "SELECT count(*), min(warps_per_sm), max(warps_per_sm), min(source) FROM "
             "dram_occupancy WHERE gpu_id = ?1 AND kernel = ?2",
             &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, stream_kernel_names[k], -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_ROW)
      return step_err(db, i, st, err, errlen);
    if (sqlite3_column_int(st, 0) > 0) {
      char text[128];
      snprintf(text, sizeof text, "%d points, %g to %g warps per SM", sqlite3_column_int(st, 0),
               sqlite3_column_double(st, 1), sqlite3_column_double(st, 2));
      snprintf(nm, sizeof nm, "dram.occupancy.%s", stream_kernel_names[k]);
      stop = emit(fn, user, "memory", nm, "", KP_FACT_TEXT, 0, NAN, text,
                  text_or_null(st, 3));
    }
    sqlite3_finalize(st);
  }
  return 0;
}

/* ------------------------------------------------------------- derived */

double kp_gpu_issue_cycles(const kp_gpu *g, kp_op op) {
  if ((unsigned)op >= KP_OP_COUNT)
    return NAN;
  double t = g->per_clock_per_sm[op];
  int subs = g->limits.sub_partitions > 0 ? g->limits.sub_partitions : 1;
  int warp = g->limits.warp_size > 0 ? g->limits.warp_size : 32;
  if (!(t > 0))
    return NAN;
  double d = (double)warp * subs / t;
  return d < 1.0 ? 1.0 : d;
}

double kp_gpu_sm_clock_mhz(const kp_gpu *g) {
  if (g->shader_clock_mhz > 0)
    return g->shader_clock_mhz;
  if (g->boost_clock_mhz > 0)
    return g->boost_clock_mhz;
  if (g->base_clock_mhz > 0)
    return g->base_clock_mhz;
  return NAN;
}

double kp_gpu_launch_overhead_us(const kp_gpu *g, int block_threads, long long grid_blocks,
                                 const char **how) {
  int warp = g->limits.warp_size > 0 ? g->limits.warp_size : 32;
  int w = block_threads > 0 ? (block_threads + warp - 1) / warp : 1;
  if (w > 32)
    w = 32;
  int best = -1;
  for (int d = 0; d < 32 && best < 0; d++) {
    int cand[2] = {w - d, w + d};
    for (int k = 0; k < 2; k++)
      if (cand[k] >= 1 && cand[k] <= 32 && !isnan(g->launch_x1_us[cand[k] - 1]) &&
          !isnan(g->launch_x0_us[cand[k] - 1])) {
        best = cand[k];
        break;
      }
  }
  if (best > 0) {
    if (how)
      *how = best == w ? "measured" : "measured (nearest block size)";
    return g->launch_x1_us[best - 1] * (double)grid_blocks + g->launch_x0_us[best - 1];
  }
  double clk = kp_gpu_sm_clock_mhz(g);
  if (g->launch_latency_cycles >= 0 && clk > 0) {
    if (how)
      *how = "simulator latency";
    return g->launch_latency_cycles / clk;
  }
  if (how)
    *how = "unknown";
  return 0.0;
}

double kp_gpu_launch_floor_us(const kp_gpu *g, kp_launch_timing t) {
  if (!g || (unsigned)t >= KP_LAUNCH_TIMING_COUNT)
    return NAN;
  return g->launch_floor_us[t];
}

double kp_gpu_dram_achieved_gbs(const kp_gpu *g, kp_stream_kernel k) {
  if (!g || (unsigned)k >= KP_STREAM_COUNT)
    return NAN;
  return g->dram_achieved_gbs[k];
}

double kp_gpu_dram_gbs_at_warps(const kp_gpu *g, kp_stream_kernel k, double warps) {
  if (!g || (unsigned)k >= KP_STREAM_COUNT || !(warps > 0))
    return NAN;
  const kp_bw_curve *c = &g->dram_occupancy[k];
  if (c->n <= 0)
    return NAN;
  double x0 = 0.0, y0 = 0.0;
  for (int j = 0; j < c->n; j++) {
    double x1 = c->warps_per_sm[j], y1 = c->gbs[j];
    if (warps <= x1)
      return x1 > x0 ? y0 + (y1 - y0) * (warps - x0) / (x1 - x0) : y1;
    x0 = x1;
    y0 = y1;
  }
  return c->gbs[c->n - 1];
}
