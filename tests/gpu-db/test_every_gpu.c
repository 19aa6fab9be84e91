/* Every GPU of the database gives a time with every model, and has the facts
 * the models need, each with a source; latencies taken from another chip say
 * so.  The GPUs are listed from the database, never counted here.
 * usage: test_every_gpu DB */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "check.h"
#include "kperf/gpu.h"
#include "kperf/predict.h"

static const kp_model_kind models[] = {KP_MODEL_KP, KP_MODEL_HONGKIM, KP_MODEL_KOLPAKOV,
                                       KP_MODEL_QU, KP_MODEL_BN};
static const char *const model_names[] = {"kp", "hongkim", "kolpakov", "qu", "bn"};

/* A small launch that touches every kind of fact: global loads and stores
 * (some hitting L1 and L2), shared memory, a barrier, FP32, FP64, integer,
 * SFU, conversions and branches. */
static void small_launch(kp_predict_input *in) {
  kp_predict_input_init(in);
  in->grid_blocks = 4096;
  in->block_threads = 256;
  in->smem_bytes = 4096;
  in->regs_per_thread = 32;
  in->count[KP_I_FP32] = 40;
  in->count[KP_I_FP64] = 2;
  in->count[KP_I_INT] = 20;
  in->count[KP_I_INT_MUL] = 4;
  in->count[KP_I_SFU] = 2;
  in->count[KP_I_CONV] = 2;
  in->count[KP_I_CMP] = 4;
  in->count[KP_I_BRANCH] = 4;
  in->count[KP_I_LD_PARAM] = 3;
  in->count[KP_I_LD_GLOBAL] = 4;
  in->count[KP_I_ST_GLOBAL] = 1;
  in->count[KP_I_LD_SHARED] = 8;
  in->count[KP_I_ST_SHARED] = 1;
  in->count[KP_I_BARRIER] = 1;
  in->bytes[KP_SPACE_GLOBAL] = 20;
  in->bytes[KP_SPACE_SHARED] = 36;
  in->syncs = 1;
  in->l1_hit = 0.25;
  in->l2_hit = 0.25;
}

/* The facts a prediction needs: nothing a model would have to skip. */
static void check_facts(const kp_gpu *g) {
  int ok = 1;
#define NEED(cond, what)                                                                    \
  do {                                                                                      \
    if (!(cond)) {                                                                          \
      fprintf(stderr, "GPU %s: %s missing\n", g->id, what);                                 \
      ok = 0;                                                                               \
    }                                                                                       \
  } while (0)
  NEED(g->sm_count > 0, "SM count");
  NEED(kp_gpu_sm_clock_mhz(g) > 0, "SM clock");
  NEED(g->limits.known, "compute-capability limits");
  NEED(g->per_clock_per_sm[KP_OP_FP32] > 0, "FP32 throughput");
  NEED(g->latency_cycles[KP_OP_FP32] > 0, "FP32 latency");
  NEED(g->mem[KP_MEM_DRAM].latency_cycles > 0, "DRAM latency");
  NEED(g->mem[KP_MEM_DRAM].bandwidth_gbs > 0, "DRAM bandwidth");
  NEED(g->mem[KP_MEM_SHARED].latency_cycles > 0 || g->mem[KP_MEM_L1].latency_cycles > 0,
       "shared-memory and L1 latency");
  if (g->mem[KP_MEM_L2].size_bytes != 0) /* CC 1.x has no L2 */
    NEED(g->mem[KP_MEM_L2].latency_cycles > 0, "L2 latency");
#undef NEED
  CHECK(ok);
}

/* The GPUs for which no measurement of any latency was found (none is
 * borrowed from another architecture): the AMD Radeon HD 6970 (TeraScale 3,
 * seed 003's GPU; gpu-db/data/73-amd-terascale.sql).  Only these may lack
 * latencies, and only while the database has none for them. */
static int unmeasured(const kp_gpu *g) {
  return strcmp(g->id, "hd6970") == 0 && !(g->latency_cycles[KP_OP_FP32] > 0) &&
         !(g->mem[KP_MEM_DRAM].latency_cycles > 0);
}

/* Notes that say a prediction lacked a fact it needs (bandwidths that are
 * unknown only stop limiting; launch overhead falls back as documented). */
static int missing_fact(const char *note) {
  static const char *const bad[] = {
      "latency unknown",      "no DRAM latency",          "SM clock unknown",
      "sub-partitions per SM unknown", "FP32 lanes per SM unknown", "pipeline depth unknown",
      "CUDA cores per SM unknown",    "DRAM bandwidth unknown",    "issue delays unknown",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    if (strstr(note, bad[i]))
      return 1;
  return 0;
}

/* Every fact with a value has a source; a latency measured on another chip
 * says so ("not on this GPU" / "not measured on this GPU"). */
typedef struct src_check {
  const char *id;
  int values, unsourced, borrowed;
} src_check;

static int visit(const kp_fact *f, void *user) {
  src_check *c = user;
  if (f->kind == KP_FACT_NULL)
    return 0;
  c->values++;
  if (!f->source || !f->source[0]) {
    fprintf(stderr, "GPU %s: %s %s has no source\n", c->id, f->group, f->name);
    c->unsourced++;
  } else if (strstr(f->source, "not on this GPU") || strstr(f->source, "not measured on this GPU")) {
    c->borrowed++;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: test_every_gpu DB\n");
    return 2;
  }
  char err[512];
  kp_gpudb *db = kp_gpudb_open(argv[1], err, sizeof err);
  if (!db) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  kp_gpu_summary *s;
  size_t n;
  CHECK(kp_gpudb_list(db, &s, &n, err, sizeof err) == 0);

  /* The list is the whole table, and every alias and full name finds its own
   * GPU (no two GPUs answer to the same spelling). */
  sqlite3 *raw;
  long long rows = -1, spellings = 0;
  if (sqlite3_open_v2(argv[1], &raw, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(raw, "SELECT count(*) FROM gpus", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      rows = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (sqlite3_prepare_v2(raw,
                           "SELECT alias, gpu_id FROM gpu_aliases UNION ALL "
                           "SELECT full_name, id FROM gpus",
                           -1, &st, NULL) == SQLITE_OK) {
      while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        const char *id = (const char *)sqlite3_column_text(st, 1);
        kp_gpu g;
        spellings++;
        if (kp_gpudb_find(db, name, &g, err, sizeof err) != 0 || strcmp(g.id, id) != 0) {
          fprintf(stderr, "'%s' does not find %s\n", name, id);
          CHECK(0);
        }
      }
    }
    sqlite3_finalize(st);
  }
  sqlite3_close(raw);
  CHECK(spellings > (long long)n);
  CHECK(rows == (long long)n);
  CHECK(n >= 60); /* the database covers the GPUs users own */

  kp_predict_input in;
  small_launch(&in);
  size_t borrowed_gpus = 0, unmeasured_gpus = 0;
  for (size_t i = 0; i < n; i++) {
    kp_gpu g;
    if (kp_gpudb_find(db, s[i].id, &g, err, sizeof err) != 0) {
      fprintf(stderr, "find %s: %s\n", s[i].id, err);
      CHECK(0);
      continue;
    }
    if (unmeasured(&g)) {
      /* No latency to predict with: every model says so, none makes one up. */
      for (size_t m = 0; m < sizeof models / sizeof models[0]; m++) {
        kp_prediction p;
        int rc = kp_predict(models[m], &g, &in, &p, err, sizeof err);
        if (rc == 0 && p.predicted_us > 0 && isfinite(p.predicted_us) && !missing_fact(p.note)) {
          fprintf(stderr, "GPU %s, model %s: a time without its latencies\n", s[i].id,
                  model_names[m]);
          CHECK(0);
        }
      }
      unmeasured_gpus++;
      src_check c = {s[i].id, 0, 0, 0};
      CHECK(kp_gpudb_facts(db, s[i].id, visit, &c, err, sizeof err) == 0);
      CHECK(c.values > 0 && c.unsourced == 0);
      continue;
    }
    check_facts(&g);
    for (size_t m = 0; m < sizeof models / sizeof models[0]; m++) {
      kp_prediction p;
      int rc = kp_predict(models[m], &g, &in, &p, err, sizeof err);
      if (rc != 0 || !(p.predicted_us > 0) || !isfinite(p.predicted_us)) {
        fprintf(stderr, "GPU %s, model %s: no time (%s%s)\n", s[i].id, model_names[m],
                rc ? err : "", rc ? "" : p.note);
        CHECK(0);
      } else if (missing_fact(p.note)) {
        /* A fact a model needed was missing. */
        fprintf(stderr, "GPU %s, model %s: %s\n", s[i].id, model_names[m], p.note);
        CHECK(0);
      }
    }
    src_check c = {s[i].id, 0, 0, 0};
    CHECK(kp_gpudb_facts(db, s[i].id, visit, &c, err, sizeof err) == 0);
    CHECK(c.values > 0 && c.unsourced == 0);
    if (c.borrowed)
      borrowed_gpus++;
  }
  /* Most GPUs have no measurement of their own; a measured GPU is not
   * labelled as borrowing for its own measured facts. */
  CHECK(borrowed_gpus > 0 && borrowed_gpus < n);
  CHECK(unmeasured_gpus <= 1);

  /* The measured GPUs keep their own measurements. */
  src_check own = {"v100", 0, 0, 0};
  CHECK(kp_gpudb_facts(db, "v100", visit, &own, err, sizeof err) == 0);
  CHECK(own.values > 0 && own.borrowed == 0);

  free(s);
  kp_gpudb_close(db);
  return TEST_RESULT();
}
