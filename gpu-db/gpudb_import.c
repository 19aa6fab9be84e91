/* Importing a user's own GPUs (SQL INSERT statements) into a user database. */
#define _POSIX_C_SOURCE 200809L
#include "gpudb_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_IMPORT_BYTES (16 * 1024 * 1024)

static const char *const data_tables[] = {"cc_limits",   "cc_throughput",  "gpus",
                                          "gpu_aliases", "gpu_memory",     "gpu_latency",
                                          "launch_overhead", "arch_default",
                                          "launch_floor", "dram_achieved", "dram_occupancy"};

typedef struct auth_ctx {
  char denied[160];
} auth_ctx;

static int is_data_table(const char *t) {
  for (size_t i = 0; t && i < sizeof data_tables / sizeof data_tables[0]; i++)
    if (strcmp(t, data_tables[i]) == 0)
      return 1;
  return 0;
}

/* Only data changes to kperf's tables, and reads, are allowed in an import. */
static int authorize(void *user, int action, const char *a, const char *b, const char *dbname,
                     const char *trigger) {
  auth_ctx *ctx = user;
  (void)b;
  (void)trigger;
  if (dbname && strcmp(dbname, "main") != 0 && strcmp(dbname, "temp") != 0)
    goto deny;
  switch (action) {
  case SQLITE_INSERT:
  case SQLITE_UPDATE:
  case SQLITE_DELETE:
    if (is_data_table(a))
      return SQLITE_OK;
    goto deny;
  case SQLITE_READ:
  case SQLITE_SELECT:
  case SQLITE_FUNCTION:
  case SQLITE_RECURSIVE:
    return SQLITE_OK;
  default:
    goto deny;
  }
deny:
  if (!ctx->denied[0]) {
    static const struct { int code; const char *what; } names[] = {
        {SQLITE_PRAGMA, "PRAGMA"},           {SQLITE_ATTACH, "ATTACH"},
        {SQLITE_DETACH, "DETACH"},           {SQLITE_TRANSACTION, "BEGIN/COMMIT/ROLLBACK"},
        {SQLITE_SAVEPOINT, "SAVEPOINT"},     {SQLITE_CREATE_TABLE, "CREATE TABLE"},
        {SQLITE_DROP_TABLE, "DROP TABLE"},   {SQLITE_ALTER_TABLE, "ALTER TABLE"},
        {SQLITE_CREATE_INDEX, "CREATE INDEX"}, {SQLITE_CREATE_TRIGGER, "CREATE TRIGGER"},
        {SQLITE_CREATE_VIEW, "CREATE VIEW"}, {SQLITE_INSERT, "INSERT"},
        {SQLITE_UPDATE, "UPDATE"},           {SQLITE_DELETE, "DELETE"},
    };
    const char *what = "this statement";
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
      if (names[i].code == action)
        what = names[i].what;
    if (a && strncmp(a, "sqlite_", 7) == 0)
      snprintf(ctx->denied, sizeof ctx->denied, "a schema change (CREATE, DROP or ALTER)");
    else if (a && (action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE))
      snprintf(ctx->denied, sizeof ctx->denied, "%s on table '%s'", what, a);
    else
      snprintf(ctx->denied, sizeof ctx->denied, "%s", what);
  }
  return SQLITE_DENY;
}

static char *read_file(const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return (void)kp__err(err, errlen, "cannot read '%s': %s", path, strerror(errno)), NULL;
  struct stat sb;
  if (fstat(fileno(f), &sb) != 0 || S_ISDIR(sb.st_mode)) {
    fclose(f);
    return (void)kp__err(err, errlen, "cannot read '%s': %s", path, strerror(EISDIR)), NULL;
  }
  if (sb.st_size > MAX_IMPORT_BYTES) {
    fclose(f);
    return (void)kp__err(err, errlen, "'%s' is larger than %d bytes", path, MAX_IMPORT_BYTES), NULL;
  }
  char *buf = malloc((size_t)sb.st_size + 1);
  if (!buf) {
    fclose(f);
    return (void)kp__err(err, errlen, "out of memory"), NULL;
  }
  size_t n = fread(buf, 1, (size_t)sb.st_size, f);
  int bad = ferror(f);
  fclose(f);
  if (bad)
    return free(buf), (void)kp__err(err, errlen, "cannot read '%s'", path), NULL;
  buf[n] = '\0';
  if (strlen(buf) != n)
    return free(buf), (void)kp__err(err, errlen, "'%s' is not a text file", path), NULL;
  return buf;
}

static int exec_fixed(sqlite3 *h, const char *sql) {
  return sqlite3_exec(h, sql, NULL, NULL, NULL);
}

static int count_rows(sqlite3 *h, const char *sql, long long *out) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK)
    return -1;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW)
    *out = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 0 : -1;
}

/* Checks the imported rows; 0 ok, -1 with message. */
static int validate(sqlite3 *h, const char *into, const char *sql_path, kp_gpudb *ref, char *err,
                    size_t errlen) {
  sqlite3_stmt *st;
  int rc;
  /* Foreign keys (aliases, memory, latency, launch rows name existing GPUs). */
  if (sqlite3_prepare_v2(h, "PRAGMA foreign_key_check", -1, &st, NULL) != SQLITE_OK)
    return kp__err(err, errlen, "cannot check '%s': %s", into, sqlite3_errmsg(h));
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    char table[64], parent[64];
    snprintf(table, sizeof table, "%s", (const char *)sqlite3_column_text(st, 0));
    snprintf(parent, sizeof parent, "%s", (const char *)sqlite3_column_text(st, 2));
    sqlite3_finalize(st);
    return kp__err(err, errlen,
                   "cannot import '%s': a row of table '%s' names a GPU that is not in table '%s'",
                   sql_path, table, parent);
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE)
    return kp__err(err, errlen, "cannot check '%s': %s", into, sqlite3_errmsg(h));

  /* Every GPU's compute capability must have limits here or in the reference. */
  if (sqlite3_prepare_v2(h,
                         "SELECT g.id, g.cc_major, g.cc_minor, g.isa FROM gpus AS g WHERE NOT "
                         "EXISTS (SELECT 1 FROM cc_limits AS c WHERE c.cc_major = g.cc_major AND "
                         "c.cc_minor = g.cc_minor AND c.isa = g.isa) ORDER BY g.id",
                         -1, &st, NULL) != SQLITE_OK)
    return kp__err(err, errlen, "cannot check '%s': %s", into, sqlite3_errmsg(h));
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    char id[64], isa[16];
    int major = sqlite3_column_int(st, 1), minor = sqlite3_column_int(st, 2);
    snprintf(id, sizeof id, "%s", (const char *)sqlite3_column_text(st, 0));
    snprintf(isa, sizeof isa, "%s", (const char *)sqlite3_column_text(st, 3));
    kp_cc_limits lim;
    lim.known = 0;
    if (ref && kp_gpudb_isa_limits(ref, isa, major, minor, &lim, err, errlen) != 0) {
      sqlite3_finalize(st);
      return -1;
    }
    if (!lim.known) {
      sqlite3_finalize(st);
      return kp__err(err, errlen,
                     "cannot import '%s': GPU '%s' has compute capability %d.%d%s%s, which has "
                     "no cc_limits row in '%s' nor in kperf's GPU database; add one",
                     sql_path, id, major, minor, *isa ? " of ISA " : "", isa, into);
    }
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE)
    return kp__err(err, errlen, "cannot check '%s': %s", into, sqlite3_errmsg(h));

  /* arch_default rows must name a GPU here or in the reference. */
  if (sqlite3_prepare_v2(h,
                         "SELECT a.arch, a.gpu_id FROM arch_default AS a WHERE NOT EXISTS "
                         "(SELECT 1 FROM gpus AS g WHERE g.id = a.gpu_id) ORDER BY a.arch",
                         -1, &st, NULL) != SQLITE_OK)
    return kp__err(err, errlen, "cannot check '%s': %s", into, sqlite3_errmsg(h));
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    char arch[32], gid[64];
    snprintf(arch, sizeof arch, "%s", (const char *)sqlite3_column_text(st, 0));
    snprintf(gid, sizeof gid, "%s", (const char *)sqlite3_column_text(st, 1));
    kp_gpu g;
    char ferr[256];
    if (!ref || kp_gpudb_find(ref, gid, &g, ferr, sizeof ferr) != 0) {
      sqlite3_finalize(st);
      return kp__err(err, errlen, "cannot import '%s': arch_default '%s' names unknown GPU '%s'",
                     sql_path, arch, gid);
    }
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE)
    return kp__err(err, errlen, "cannot check '%s': %s", into, sqlite3_errmsg(h));
  return 0;
}

int kp_gpudb_import(const char *sql_path, const char *into, kp_gpudb *ref, int *n_gpus,
                    char *err, size_t errlen) {
  if (!sql_path || !into)
    return kp__err(err, errlen, "kp_gpudb_import: missing argument");
  char *sql = read_file(sql_path, err, errlen);
  if (!sql)
    return -1;

  struct stat sb;
  int existed = stat(into, &sb) == 0;
  if (existed && S_ISDIR(sb.st_mode)) {
    free(sql);
    return kp__err(err, errlen, "cannot open GPU database '%s': %s", into, strerror(EISDIR));
  }
  sqlite3 *h = NULL;
  int rc = sqlite3_open_v2(into, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK) {
    kp__err(err, errlen, "cannot open GPU database '%s': %s", into,
            h ? sqlite3_errmsg(h) : sqlite3_errstr(rc));
    sqlite3_close(h);
    free(sql);
    return -1;
  }
  sqlite3_busy_timeout(h, 10000);

  long long objects = 0;
  if (count_rows(h, "SELECT count(*) FROM sqlite_master", &objects) != 0) {
    kp__err(err, errlen, "GPU database '%s' is corrupt or not an SQLite database (%s)", into,
            sqlite3_errmsg(h));
    goto fail_closed;
  }
  int fresh = objects == 0;
  if (!fresh && kp__check_schema(h, into, err, errlen) != 0)
    goto fail_closed;

  if (exec_fixed(h, "PRAGMA foreign_keys = ON") != SQLITE_OK ||
      exec_fixed(h, "BEGIN IMMEDIATE") != SQLITE_OK) {
    kp__err(err, errlen, "cannot write GPU database '%s': %s", into, sqlite3_errmsg(h));
    goto fail_closed;
  }
  if (exec_fixed(h, "PRAGMA defer_foreign_keys = ON") != SQLITE_OK ||
      (fresh && sqlite3_exec(h, kp_gpudb_schema_sql, NULL, NULL, NULL) != SQLITE_OK)) {
    kp__err(err, errlen, "cannot create GPU database '%s': %s", into, sqlite3_errmsg(h));
    goto fail_rollback;
  }

  auth_ctx ctx;
  ctx.denied[0] = '\0';
  sqlite3_set_authorizer(h, authorize, &ctx);
  char *emsg = NULL;
  rc = sqlite3_exec(h, sql, NULL, NULL, &emsg);
  sqlite3_set_authorizer(h, NULL, NULL);
  if (rc != SQLITE_OK) {
    if (ctx.denied[0])
      kp__err(err, errlen,
              "cannot import '%s': only INSERT, UPDATE and DELETE on kperf's GPU tables are "
              "allowed (found %s)",
              sql_path, ctx.denied);
    else
      kp__err(err, errlen, "cannot import '%s': %s", sql_path, emsg ? emsg : sqlite3_errmsg(h));
    sqlite3_free(emsg);
    goto fail_rollback;
  }
  if (validate(h, into, sql_path, ref, err, errlen) != 0)
    goto fail_rollback;
  if (exec_fixed(h, "COMMIT") != SQLITE_OK) {
    kp__err(err, errlen, "cannot write GPU database '%s': %s", into, sqlite3_errmsg(h));
    goto fail_rollback;
  }
  long long ngpus = 0;
  count_rows(h, "SELECT count(*) FROM gpus", &ngpus);
  if (n_gpus)
    *n_gpus = (int)ngpus;
  sqlite3_close(h);
  free(sql);
  return 0;

fail_rollback:
  exec_fixed(h, "ROLLBACK");
fail_closed:
  sqlite3_close(h);
  free(sql);
  if (!existed)
    remove(into); /* leave no half-made database behind */
  return -1;
}
