/* The GPU database: looking a GPU up by name or architecture (the match and its
 * "did you mean"), loading a GPU's facts into a kp_gpu, the nearest architecture.
 * Uses gpudb.c's statement helpers (gpudb_internal.h), SQLite and the model layer. */
#define _XOPEN_SOURCE 700
#include "gpudb_internal.h"
#include "kperf/invariant.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void consider(kp__gpu_match *m, const char *key, const char *display, int *prio, int this_prio) {
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
int kp__gpudb_resolve(kp_gpudb *db, const char *name, kp__gpu_match *m, char *err, size_t errlen) {
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
    if (kp__db_prep(db, i,
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
      return kp__db_step_err(db, i, st, err, errlen);
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

int kp__gpudb_unknown_gpu(kp_gpudb *db, const kp__gpu_match *m, const char *name, char *err, size_t errlen) {
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


static void floor_row(sqlite3_stmt *st, void *user) {
  kp_gpu *g = user;
  int t = kp__launch_timing_index((const char *)sqlite3_column_text(st, 0));
  if (t >= 0)
    g->launch_floor_us[t] = kp__col_real(st, 1);
}

static int load_launch_floor(kp_gpudb *db, int i, kp_gpu *g, char *err, size_t errlen) {
  int rc = kp__db_has_table(db, i, "launch_floor", err, errlen);
  if (rc <= 0)
    return rc;
  return kp__db_gpu_rows(db, i, "SELECT method, time_us FROM launch_floor WHERE gpu_id = ?1", g->id,
                         floor_row, g, err, errlen);
}

static void achieved_row(sqlite3_stmt *st, void *user) {
  kp_gpu *g = user;
  int k = kp__stream_kernel_index((const char *)sqlite3_column_text(st, 0));
  if (k >= 0)
    g->dram_achieved_gbs[k] = kp__col_real(st, 1);
}

static void latency_row(sqlite3_stmt *st, void *user) {
  kp_gpu *g = user;
  int op = kp__op_index((const char *)sqlite3_column_text(st, 0));
  if (op >= 0)
    g->latency_cycles[op] = kp__col_real(st, 1);
}

static void overhead_row(sqlite3_stmt *st, void *user) {
  kp_gpu *g = user;
  int w = sqlite3_column_int(st, 0);
  if (w >= 1 && w <= 32) {
    g->launch_x1_us[w - 1] = kp__col_real(st, 1);
    g->launch_x0_us[w - 1] = kp__col_real(st, 2);
  }
}

static int load_dram_stream(kp_gpudb *db, int i, kp_gpu *g, char *err, size_t errlen) {
  sqlite3_stmt *st;
  int rc = kp__db_has_table(db, i, "dram_achieved", err, errlen);
  if (rc < 0)
    return -1;
  if (rc == 1 && kp__db_gpu_rows(db, i,
                                  "SELECT kernel, bandwidth_gbs FROM dram_achieved WHERE gpu_id = ?1",
                                  g->id, achieved_row, g, err, errlen))
    return -1;
  rc = kp__db_has_table(db, i, "dram_occupancy", err, errlen);
  if (rc <= 0)
    return rc;
  if (kp__db_prep(db, i,
           "SELECT kernel, warps_per_sm, bandwidth_gbs FROM dram_occupancy WHERE gpu_id = ?1 "
           "ORDER BY kernel, warps_per_sm",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int k = kp__stream_kernel_index((const char *)sqlite3_column_text(st, 0));
    if (k < 0)
      continue;
    if (g->dram_occupancy[k].n >= KP_MAX_OCC_POINTS) {
      kp__err(err, errlen,
              "GPU database '%s': GPU '%s' has more than %d DRAM bandwidth points for '%s' "
              "(KP_MAX_OCC_POINTS, kperf/gpu.h)",
              db->path[i], g->id, KP_MAX_OCC_POINTS, kp_stream_kernel_name((kp_stream_kernel)k));
      sqlite3_finalize(st);
      return -1;
    }
    kp_bw_curve *c = &g->dram_occupancy[k];
    c->warps_per_sm[c->n] = kp__col_real(st, 1);
    c->gbs[c->n] = kp__col_real(st, 2);
    c->n++;
  }
  if (rc != SQLITE_DONE)
    return kp__db_step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  return 0;
}

static int load_gpu(kp_gpudb *db, int i, const char *id, kp_gpu *g, char *err, size_t errlen) {
  sqlite3_stmt *st;
  int rc;
  kp_gpu_init(g);
  if (kp__db_prep(db, i,
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
    return kp__db_step_err(db, i, st, err, errlen);
  kp__col_text(st, 0, g->id, sizeof g->id);
  kp__col_text(st, 1, g->full_name, sizeof g->full_name);
  kp__col_text(st, 2, g->vendor, sizeof g->vendor);
  kp__col_text(st, 3, g->architecture, sizeof g->architecture);
  kp__col_text(st, 4, g->chip, sizeof g->chip);
  g->cc_major = (int)kp__col_int(st, 5);
  g->cc_minor = (int)kp__col_int(st, 6);
  g->sm_count = (int)kp__col_int(st, 7);
  g->base_clock_mhz = kp__col_real(st, 8);
  g->boost_clock_mhz = kp__col_real(st, 9);
  g->shader_clock_mhz = kp__col_real(st, 10);
  kp__col_text(st, 11, g->dram_type, sizeof g->dram_type);
  g->dram_bus_bits = (int)kp__col_int(st, 12);
  g->dram_bytes = kp__col_int(st, 13);
  g->launch_latency_cycles = kp__col_real(st, 14);
  kp__col_text(st, 15, g->isa, sizeof g->isa);
  g->db_index = i;
  sqlite3_finalize(st);

  if (kp_gpudb_isa_limits(db, g->isa, g->cc_major, g->cc_minor, &g->limits, err, errlen))
    return -1;

  /* Throughput: per class, the first database with a row for this CC. */
  int have[KP_OP_COUNT] = {0};
  for (int k = 0; k < db->n; k++) {
    if (kp__db_prep(db, k,
             "SELECT class, per_clock_per_sm FROM cc_throughput "
             "WHERE cc_major = ?1 AND cc_minor = ?2 AND isa = ?3",
             &st, err, errlen))
      return -1;
    sqlite3_bind_int(st, 1, g->cc_major);
    sqlite3_bind_int(st, 2, g->cc_minor);
    sqlite3_bind_text(st, 3, g->isa, -1, SQLITE_TRANSIENT);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      int op = kp__op_index((const char *)sqlite3_column_text(st, 0));
      if (op >= 0 && !have[op]) {
        have[op] = 1;
        g->per_clock_per_sm[op] = kp__col_real(st, 1);
      }
    }
    if (rc != SQLITE_DONE)
      return kp__db_step_err(db, k, st, err, errlen);
    sqlite3_finalize(st);
  }

  if (kp__db_prep(db, i,
           "SELECT level, size_bytes, line_bytes, latency_cycles, bandwidth_gbs "
           "FROM gpu_memory WHERE gpu_id = ?1",
           &st, err, errlen))
    return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int lv = kp__mem_index((const char *)sqlite3_column_text(st, 0));
    if (lv < 0)
      continue;
    g->mem[lv].size_bytes = kp__col_int(st, 1);
    g->mem[lv].line_bytes = (int)kp__col_int(st, 2);
    g->mem[lv].latency_cycles = kp__col_real(st, 3);
    g->mem[lv].bandwidth_gbs = kp__col_real(st, 4);
  }
  if (rc != SQLITE_DONE)
    return kp__db_step_err(db, i, st, err, errlen);
  sqlite3_finalize(st);
  if (g->mem[KP_MEM_SHARED].size_bytes < 0 && g->limits.known)
    g->mem[KP_MEM_SHARED].size_bytes = g->limits.smem_per_sm;

  if (kp__db_gpu_rows(db, i, "SELECT class, latency_cycles FROM gpu_latency WHERE gpu_id = ?1", g->id,
                      latency_row, g, err, errlen) ||
      kp__db_gpu_rows(db, i,
                      "SELECT warps_per_block, x1_us, x0_us FROM launch_overhead WHERE gpu_id = ?1",
                      g->id, overhead_row, g, err, errlen))
    return -1;
  if (load_launch_floor(db, i, g, err, errlen))
    return -1;
  return load_dram_stream(db, i, g, err, errlen);
}

int kp_gpudb_find(kp_gpudb *db, const char *name, kp_gpu *out, char *err, size_t errlen) {
  if (!db || !name || !out)
    return kp__err(err, errlen, "kp_gpudb_find: missing argument");
  kp__gpu_match m;
  int rc = kp__gpudb_resolve(db, name, &m, err, errlen);
  if (rc < 0)
    return -1;
  if (rc > 0)
    return kp__gpudb_unknown_gpu(db, &m, name, err, errlen);
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
  int cut = 0;
  for (int i = 0; i < db->n; i++) {
    sqlite3_stmt *st;
    int rc;
    if (kp__db_prep(db, i, "SELECT gpu_id FROM arch_default WHERE arch = ?1", &st, err, errlen))
      return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      char gid[64];
      kp__col_text(st, 0, gid, sizeof gid);
      sqlite3_finalize(st);
      kp__gpu_match m;
      int r = kp__gpudb_resolve(db, gid, &m, err, errlen);
      if (r < 0)
        return -1;
      if (r > 0)
        return kp__err(err, errlen,
                       "architecture '%s' maps to GPU '%s', which is not in the GPU database", arch,
                       gid);
      return load_gpu(db, m.db, m.id, out, err, errlen);
    }
    if (rc != SQLITE_DONE)
      return kp__db_step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
    if (kp__db_prep(db, i,
             "SELECT arch FROM arch_default ORDER BY CAST(substr(arch, 4) AS INTEGER), arch", &st,
             err, errlen))
      return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      /* The list is for the message: once full it says so (", ...") and stops. */
      size_t l = strlen(known);
      const char *a = (const char *)sqlite3_column_text(st, 0);
      if (cut)
        continue;
      if (l + strlen(a ? a : "") + sizeof ", , ..." > sizeof known) {
        snprintf(known + l, sizeof known - l, ", ...");
        cut = 1;
      } else {
        snprintf(known + l, sizeof known - l, "%s%s", l ? ", " : "", a ? a : "");
      }
    }
    if (rc != SQLITE_DONE)
      return kp__db_step_err(db, i, st, err, errlen);
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
    if (kp__db_prep(db, i, "SELECT arch FROM arch_default", &st, err, errlen))
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
      return kp__db_step_err(db, i, st, err, errlen);
    sqlite3_finalize(st);
  }
  int k = same >= 0 ? same : lower;
  if (k < 0)
    return kp__err(err, errlen, "no GPU architecture in the database is near '%s'", arch);
  snprintf(out, outlen, "sm_%d", k);
  return 0;
}
