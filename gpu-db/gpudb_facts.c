/* The GPU database: every fact of one GPU with its source, table by table, for
 * `kperf gpu NAME` (kp_gpudb_facts).  Uses gpudb.c's statement helpers and
 * gpudb_find.c's lookup (gpudb_internal.h), SQLite and the model layer. */
#define _XOPEN_SOURCE 700
#include "gpudb_internal.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  if (kp__db_prep(db, i, sql, st, err, errlen))
    return -1;
  sqlite3_bind_text(*st, 1, id, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(*st, 2, key, -1, SQLITE_STATIC);
  int r = sqlite3_step(*st);
  if (r == SQLITE_ROW) {
    fact_from_col(f, *st, 0);
    f->source = text_or_null(*st, 1);
  } else if (r != SQLITE_DONE) {
    return kp__db_step_err(db, i, *st, err, errlen);
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

/* The GPU's aliases in database i, ","-separated in order ("" none), as a
 * string the caller frees (as long as they are: no cap); NULL with the error. */
static char *aliases_of(kp_gpudb *db, int i, const char *id, char *err, size_t errlen) {
  sqlite3_stmt *st;
  if (kp__db_prep(db, i, "SELECT alias FROM gpu_aliases WHERE gpu_id = ?1 ORDER BY alias", &st,
                  err, errlen))
    return NULL;
  sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
  char *out = calloc(1, 1);
  size_t len = 0;
  int rc = SQLITE_DONE;
  while (out && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    const char *a = (const char *)sqlite3_column_text(st, 0);
    size_t n = a ? strlen(a) : 0;
    char *grown = realloc(out, len + n + 2);
    if (!grown) {
      free(out);
      out = NULL;
      break;
    }
    out = grown;
    if (len)
      out[len++] = ',';
    memcpy(out + len, a ? a : "", n);
    len += n;
    out[len] = '\0';
  }
  if (!out) {
    sqlite3_finalize(st);
    kp__err(err, errlen, "out of memory reading the aliases of GPU '%s'", id);
    return NULL;
  }
  if (rc != SQLITE_DONE) {
    free(out);
    kp__db_step_err(db, i, st, err, errlen);
    return NULL;
  }
  sqlite3_finalize(st);
  return out;
}

/* Long: one query per table of the database (aliases, limits, throughput,
 * memory, latencies, launch overhead and floors, stream bandwidths), each
 * a commented block emitting its rows; they share the statement handling. */
int kp_gpudb_facts(kp_gpudb *db, const char *name, kp_fact_fn fn, void *user, char *err,
                   size_t errlen) {
  kp__gpu_match m;
  int rc = kp__gpudb_resolve(db, name, &m, err, errlen);
  if (rc < 0)
    return -1;
  if (rc > 0)
    return kp__gpudb_unknown_gpu(db, &m, name, err, errlen);
  int i = m.db;
  sqlite3_stmt *st;
  int cc_major = -1, cc_minor = -1, stop = 0;

  if (emit(fn, user, "identity", "database", "", KP_FACT_TEXT, 0, NAN, db->path[i],
           "the GPU database that holds this GPU"))
    return 0;

  char *aliases = aliases_of(db, i, m.id, err, errlen);
  if (!aliases)
    return -1;
  if (kp__db_prep(db, i, "SELECT * FROM gpus WHERE id = ?1", &st, err, errlen)) {
    free(aliases);
    return -1;
  }
  sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    free(aliases);
    if (rc == SQLITE_DONE) {
      sqlite3_finalize(st);
      return kp__err(err, errlen, "GPU '%s' vanished from '%s'", m.id, db->path[i]);
    }
    return kp__db_step_err(db, i, st, err, errlen);
  }
  cc_major = sqlite3_column_int(st, col_index(st, "cc_major"));
  cc_minor = sqlite3_column_int(st, col_index(st, "cc_minor"));
  char isa[16] = "";
  kp__col_text(st, col_index(st, "isa"), isa, sizeof isa);
  stop = emit_row(st, gpu_cols, 7, fn, user) ||
         emit(fn, user, "identity", "aliases", "", KP_FACT_TEXT, 0, NAN, aliases,
              "gpu_aliases table") ||
         emit_row(st, gpu_cols + 7, sizeof gpu_cols / sizeof gpu_cols[0] - 7, fn, user);
  sqlite3_finalize(st);
  free(aliases);
  if (stop)
    return 0;

  /* Limits of the compute capability: first database that has them. */
  int limits_found = 0;
  for (int k = 0; k < db->n && !limits_found; k++) {
    if (kp__db_prep(db, k, "SELECT * FROM cc_limits WHERE cc_major = ?1 AND cc_minor = ?2 AND isa = ?3",
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
      return kp__db_step_err(db, k, st, err, errlen);
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
      if (kp__db_prep(db, k,
               "SELECT per_clock_per_sm, source FROM cc_throughput "
               "WHERE cc_major = ?1 AND cc_minor = ?2 AND class = ?3 AND isa = ?4",
               &st, err, errlen))
        return -1;
      sqlite3_bind_int(st, 1, cc_major);
      sqlite3_bind_int(st, 2, cc_minor);
      sqlite3_bind_text(st, 3, kp_op_name(op), -1, SQLITE_STATIC);
      sqlite3_bind_text(st, 4, isa, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step(st);
      if (rc == SQLITE_ROW) {
        kp_fact f = {"throughput", kp_op_name(op), "per clock per SM", KP_FACT_NULL, 0, NAN, NULL,
                     NULL};
        fact_from_col(&f, st, 0);
        f.source = text_or_null(st, 1);
        done = 1;
        stop = fn(&f, user);
      } else if (rc != SQLITE_DONE) {
        return kp__db_step_err(db, k, st, err, errlen);
      }
      sqlite3_finalize(st);
      if (stop)
        return 0;
    }
    if (!done && emit(fn, user, "throughput", kp_op_name(op), "per clock per SM", KP_FACT_NULL, 0,
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
    if (kp__db_prep(db, i, "SELECT * FROM gpu_memory WHERE gpu_id = ?1 AND level = ?2", &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, kp_mem_level_name(lv), -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
      return kp__db_step_err(db, i, st, err, errlen);
    /* The last-level cache is listed only where the GPU has one. */
    for (size_t k = 0; k < 4 && !stop && (lv != KP_MEM_LLC || rc == SQLITE_ROW); k++) {
      char nm[64];
      snprintf(nm, sizeof nm, "%s.%s", kp_mem_level_name(lv), mem_fields[k][0]);
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
    if (kp__db_prep(db, i, "SELECT latency_cycles, source FROM gpu_latency WHERE gpu_id = ?1 AND class = ?2",
             &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, kp_op_name(op), -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    kp_fact f = {"latency", kp_op_name(op), "cycles", KP_FACT_NULL, 0, NAN, NULL, NULL};
    if (rc == SQLITE_ROW) {
      fact_from_col(&f, st, 0);
      f.source = text_or_null(st, 1);
    } else if (rc != SQLITE_DONE) {
      return kp__db_step_err(db, i, st, err, errlen);
    }
    stop = fn(&f, user);
    sqlite3_finalize(st);
    if (stop)
      return 0;
  }

  /* Launch-overhead model rows. */
  if (kp__db_prep(db, i,
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
    return kp__db_step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  if (!stop && nrows == 0)
    stop = emit(fn, user, "launch", "model", "", KP_FACT_NULL, 0, NAN, NULL,
                "no measured launch-overhead rows; kperf uses the fallback of docs/gpu-db.md");
  if (stop)
    return 0;

  /* Launch floor, one fact per way of timing (unknown ones included). */
  rc = kp__db_has_table(db, i, "launch_floor", err, errlen);
  if (rc < 0)
    return -1;
  for (int t = 0; t < KP_LAUNCH_TIMING_COUNT && !stop; t++) {
    char nm[64];
    snprintf(nm, sizeof nm, "floor.%s_us", kp_launch_timing_name(t));
    kp_fact f = {"launch", nm, "us", KP_FACT_NULL, 0, NAN, NULL, NULL};
    st = NULL;
    if (rc == 1 && keyed_fact(db, i, "SELECT time_us, source FROM launch_floor WHERE gpu_id = ?1 "
                              "AND method = ?2", m.id, kp_launch_timing_name(t), &st, &f, err,
                              errlen) != 0)
      return -1;
    stop = fn(&f, user);
    sqlite3_finalize(st);
  }
  if (stop)
    return 0;

  /* Achieved DRAM bandwidth per streaming kernel, and the number of points
   * of its occupancy scan. */
  int has_ach = kp__db_has_table(db, i, "dram_achieved", err, errlen);
  int has_occ = kp__db_has_table(db, i, "dram_occupancy", err, errlen);
  if (has_ach < 0 || has_occ < 0)
    return -1;
  for (int k = 0; k < KP_STREAM_COUNT && !stop; k++) {
    char nm[64];
    snprintf(nm, sizeof nm, "dram.achieved.%s_gbs", kp_stream_kernel_name(k));
    kp_fact f = {"memory", nm, "GB/s", KP_FACT_NULL, 0, NAN, NULL, NULL};
    st = NULL;
    if (has_ach == 1 && keyed_fact(db, i, "SELECT bandwidth_gbs, source FROM dram_achieved WHERE "
                                   "gpu_id = ?1 AND kernel = ?2", m.id, kp_stream_kernel_name(k),
                                   &st, &f, err, errlen) != 0)
      return -1;
    stop = fn(&f, user);
    sqlite3_finalize(st);
    if (stop || has_occ != 1)
      continue;
    if (kp__db_prep(db, i,
             "SELECT count(*), min(warps_per_sm), max(warps_per_sm), min(source) FROM "
             "dram_occupancy WHERE gpu_id = ?1 AND kernel = ?2",
             &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, m.id, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, kp_stream_kernel_name(k), -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_ROW)
      return kp__db_step_err(db, i, st, err, errlen);
    if (sqlite3_column_int(st, 0) > 0) {
      char text[128];
      snprintf(text, sizeof text, "%d points, %g to %g warps per SM", sqlite3_column_int(st, 0),
               sqlite3_column_double(st, 1), sqlite3_column_double(st, 2));
      snprintf(nm, sizeof nm, "dram.occupancy.%s", kp_stream_kernel_name(k));
      stop = emit(fn, user, "memory", nm, "", KP_FACT_TEXT, 0, NAN, text,
                  text_or_null(st, 3));
    }
    sqlite3_finalize(st);
  }
  return 0;
}
