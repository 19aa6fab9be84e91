/* The GPU database C API: lookups, aliases, arch defaults, facts, errors for
 * broken databases, several databases, import, locate.
 * usage: test_gpudb DB TMPDIR   (TMPDIR is created; Inputs/ is next to this file) */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"
#include "kperf/gpu.h"

#ifndef KP_TEST_INPUTS
#define KP_TEST_INPUTS "."
#endif

static char tmp[1024];

static const char *tmp_path(const char *name) {
  static char buf[4][PATH_MAX + 64];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", tmp, name);
  return buf[k];
}

static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
  if (!in || !out) {
    if (in) fclose(in);
    if (out) fclose(out);
    return -1;
  }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    fwrite(buf, 1, n, out);
  fclose(in);
  return fclose(out);
}

/* The number of GPUs in the database file at path, read with SQLite itself
 * (the tests never hard-code it). */
static long long gpus_in_file(const char *path) {
  sqlite3 *raw;
  long long rows = -1;
  if (sqlite3_open_v2(path, &raw, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(raw, "SELECT count(*) FROM gpus", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      rows = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
  }
  sqlite3_close(raw);
  return rows;
}

/* Opening path must fail with one line containing want. */
static void expect_open_error(const char *path, const char *want) {
  char err[1024] = "";
  kp_gpudb *db = kp_gpudb_open(path, err, sizeof err);
  CHECK(db == NULL);
  kp_gpudb_close(db);
  CHECK_CONTAINS(err, want);
  CHECK(strchr(err, '\n') == NULL);
}

static void test_lookups(kp_gpudb *db) {
  static const char *const names[][2] = {
      {"8600gt", "8600gt"},     {"gtx280", "gtx280"},       {"gtx940mx", "gtx940mx"},
      {"gtx1050", "gtx1050"},   {"v100", "v100"},           {"t4", "t4"},
      {"a100", "a100"},         {"a100-80gb", "a100-80gb"}, {"rtx3090", "rtx3090"},
      {"rtx4090", "rtx4090"},   {"l4", "l4"},               {"h100", "h100"},
      {"h100-pcie", "h100-pcie"}, {"h200", "h200"},         {"b200", "b200"},
      {"GTX940MX", "gtx940mx"}, {"RTX 3090", "rtx3090"},    {"rtx-4090", "rtx4090"},
      {"A100_80GB", "a100-80gb"}, {"NVIDIA H100 SXM5 80GB", "h100"}, {"Tesla T4", "t4"},
      {"940MX", "gtx940mx"},    {"H100 PCIe", "h100-pcie"}, {"geforce-8600-gt", "8600gt"},
  };
  char err[512];
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    kp_gpu g;
    int rc = kp_gpudb_find(db, names[i][0], &g, err, sizeof err);
    if (rc != 0)
      fprintf(stderr, "find '%s': %s\n", names[i][0], err);
    CHECK(rc == 0);
    if (rc == 0)
      CHECK_STR(g.id, names[i][1]);
  }

  /* Names as users type them: ids, bare model numbers, marketing names with
   * or without the brand words, the names drivers report. */
  static const char *const typed[][2] = {
      {"rtx3090", "rtx3090"},       {"3090", "rtx3090"},
      {"a4000", "rtx-a4000"},       {"RTX A4000", "rtx-a4000"},
      {"NVIDIA RTX A4000", "rtx-a4000"}, {"2080ti", "rtx2080ti"},
      {"RTX 2080 Ti", "rtx2080ti"}, {"GeForce RTX 2080 Ti", "rtx2080ti"},
      {"NVIDIA GeForce RTX 2080 Ti", "rtx2080ti"}, {"TITAN RTX", "titan-rtx"},
      {"titanrtx", "titan-rtx"},    {"RTX A6000", "rtx-a6000"},
      {"a6000", "rtx-a6000"},       {"RTX 3060 Laptop", "rtx3060-laptop"},
      {"NVIDIA GeForce RTX 3060 Laptop GPU", "rtx3060-laptop"}, {"3060m", "rtx3060-laptop"},
      {"NVIDIA A100-PCIE-40GB", "a100"}, {"A100 PCIe 80GB", "a100-pcie-80gb"},
      {"Tesla V100-SXM2-16GB", "v100-sxm2"}, {"Tesla P100", "p100-pcie"},
      {"rtx5090", "rtx5090"},       {"5090", "rtx5090"},
      {"RTX 6000 Ada", "rtx6000-ada"}, {"Quadro RTX 6000", "quadro-rtx-6000"},
      {"H100 NVL", "h100-nvl"},     {"GH200", "gh200"},
      {"L40S", "l40s"},             {"1080ti", "gtx1080ti"},
      {"GTX 980", "gtx980"},        {"Jetson AGX Orin", "jetson-agx-orin"},
  };
  for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
    kp_gpu t;
    int rc = kp_gpudb_find(db, typed[i][0], &t, err, sizeof err);
    if (rc != 0)
      fprintf(stderr, "find '%s': %s\n", typed[i][0], err);
    CHECK(rc == 0);
    if (rc == 0)
      CHECK_STR(t.id, typed[i][1]);
  }

  kp_gpu g;
  /* A GPU that exists resolves; it is never "corrected" to a neighbour. */
  CHECK(kp_gpudb_find(db, "rtx5090", &g, err, sizeof err) == 0);
  CHECK_STR(g.id, "rtx5090");
  CHECK(kp_gpudb_find(db, "rtx5909", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "did you mean 'rtx5090'?");
  CHECK(kp_gpudb_find(db, "rtx3O90", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "did you mean 'rtx3090'?");
  CHECK(kp_gpudb_find(db, "a4O00", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "did you mean 'a4000'?");
  CHECK(kp_gpudb_find(db, "gtx94Omx", &g, err, sizeof err) == -1);
  CHECK_STR(err, "unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'? (list them with 'kperf gpus')");
  CHECK(kp_gpudb_find(db, "h10", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "did you mean 'h100'?");
  /* The model typed, with a suffix it does not have: that model, not another
   * one with that suffix closer in letters. */
  CHECK(kp_gpudb_find(db, "rtx5090ti", &g, err, sizeof err) == -1);
  CHECK_STR(err, "unknown GPU 'rtx5090ti'; did you mean 'rtx5090'? (list them with 'kperf gpus')");
  CHECK(kp_gpudb_find(db, "RTX 5090 Super", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "did you mean 'rtx5090'?");
  CHECK(kp_gpudb_find(db, "rtx3090tii", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "did you mean 'rtx3090ti'?");
  CHECK(kp_gpudb_find(db, "quadro-fx-5800", &g, err, sizeof err) == -1);
  CHECK_STR(err, "unknown GPU 'quadro-fx-5800' (list them with 'kperf gpus')");
  CHECK(kp_gpudb_find(db, "", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "unknown GPU ''");

  /* Facts of one GPU. */
  CHECK(kp_gpudb_find(db, "h100", &g, err, sizeof err) == 0);
  CHECK_STR(g.full_name, "NVIDIA H100 SXM5 80GB");
  CHECK(g.cc_major == 9 && g.cc_minor == 0);
  CHECK(g.sm_count == 132);
  CHECK(g.boost_clock_mhz == 1980);
  CHECK(isnan(g.base_clock_mhz));
  CHECK(g.limits.known && g.limits.max_warps_per_sm == 64 && g.limits.max_blocks_per_sm == 32);
  CHECK(g.limits.smem_per_sm == 233472 && g.limits.smem_reserved_per_block == 1024);
  CHECK(g.limits.n_carveouts == 10 && g.limits.carveouts_kb[9] == 228);
  CHECK(g.limits.barriers_per_sm == 64);
  CHECK(g.mem[KP_MEM_L2].size_bytes == 52428800);
  CHECK(fabs(g.mem[KP_MEM_DRAM].latency_cycles - 834.4758182706399) < 1e-9);
  CHECK(g.mem[KP_MEM_SHARED].size_bytes == 233472); /* from the CC limits */
  CHECK(g.per_clock_per_sm[KP_OP_FP64] == 64);
  CHECK(kp_gpu_issue_cycles(&g, KP_OP_FP64) == 2.0);   /* 32 * 4 / 64 */
  CHECK(kp_gpu_issue_cycles(&g, KP_OP_FP32) == 1.0);   /* 32 * 4 / 128 */
  CHECK(kp_gpu_issue_cycles(&g, KP_OP_SFU) == 8.0);    /* 32 * 4 / 16 */
  CHECK(isnan(kp_gpu_issue_cycles(&g, KP_OP_DIV_F32))); /* no throughput row */
  CHECK(isnan(g.per_clock_per_sm[KP_OP_SHARED]));       /* one pass per clock */
  const char *how = NULL;
  double t = kp_gpu_launch_overhead_us(&g, 256, 1000, &how);
  CHECK_STR(how, "simulator latency");
  CHECK(fabs(t - 3000.0 / 1980.0) < 1e-12);

  /* Turing's shared memory: a pass every other cycle (measured). */
  CHECK(kp_gpudb_find(db, "rtx2080ti", &g, err, sizeof err) == 0);
  CHECK(g.per_clock_per_sm[KP_OP_SHARED] == 16 && g.per_clock_per_sm[KP_OP_LDST] == 16);
  CHECK(g.per_clock_per_sm[KP_OP_INT_OWN] == 64); /* integer lanes beside FP32's */

  /* Ampere's shared-memory latency (Accel-Sim's models), no longer L1's. */
  CHECK(kp_gpudb_find(db, "rtx-a4000", &g, err, sizeof err) == 0);
  CHECK(g.mem[KP_MEM_SHARED].latency_cycles == 29 && g.mem[KP_MEM_L1].latency_cycles == 39);
  CHECK(isnan(g.per_clock_per_sm[KP_OP_INT_OWN])); /* GA10x: integer on an FP32 datapath */
  CHECK(kp_gpudb_find(db, "a100", &g, err, sizeof err) == 0);
  CHECK(g.mem[KP_MEM_SHARED].latency_cycles == 28);
  CHECK(kp_gpudb_find(db, "rtx4090", &g, err, sizeof err) == 0);
  CHECK(!(g.mem[KP_MEM_SHARED].latency_cycles > 0)); /* Ada: still none */

  CHECK(kp_gpudb_find(db, "gtx1050", &g, err, sizeof err) == 0);
  CHECK(kp_gpu_issue_cycles(&g, KP_OP_FP64) == 32.0); /* 32 * 4 / 4 */
  CHECK(g.limits.partitioned_gc == 1);
  t = kp_gpu_launch_overhead_us(&g, 256, 1000, &how);
  CHECK_STR(how, "unknown");
  CHECK(t == 0.0);

  CHECK(kp_gpudb_find(db, "8600gt", &g, err, sizeof err) == 0);
  CHECK(g.shader_clock_mhz == 1190);
  CHECK(kp_gpu_sm_clock_mhz(&g) == 1190);
  CHECK(g.limits.smem_banks == 16);
  CHECK(g.mem[KP_MEM_L2].size_bytes == 0);
  CHECK(g.limits.reg_alloc_per_warp == 0);
  CHECK(isnan(g.per_clock_per_sm[KP_OP_FP64]));

  CHECK(kp_gpudb_find(db, "b200", &g, err, sizeof err) == 0);
  CHECK(g.sm_count == 148);
  CHECK(g.boost_clock_mhz == 1980); /* third-party figure, labelled as such */
  CHECK(isnan(g.base_clock_mhz));
  CHECK(g.mem[KP_MEM_L2].size_bytes == -1);
}

static void test_arch(kp_gpudb *db) {
  static const char *const arch[][2] = {
      {"sm_90", "h100"},     {"sm_90a", "h100"},  {"sm_80", "a100"},   {"sm_75", "t4"},
      {"sm_70", "v100"},     {"sm_86", "rtx3090"}, {"sm_89", "rtx4090"}, {"sm_50", "gtx940mx"},
      {"sm_61", "gtx1050"},  {"sm_100", "b200"},  {"sm_100a", "b200"}, {"sm_11", "8600gt"},
      {"sm_13", "gtx280"},   {"compute_80", "a100"}, {"SM_75", "t4"},
      {"sm_120", "rtx5090"}, {"sm_120a", "rtx5090"}, {"sm_87", "jetson-agx-orin"},
      {"sm_52", "gtx980"},   {"sm_60", "p100-pcie"},
  };
  char err[512];
  for (size_t i = 0; i < sizeof arch / sizeof arch[0]; i++) {
    kp_gpu g;
    int rc = kp_gpudb_for_arch(db, arch[i][0], &g, err, sizeof err);
    if (rc)
      fprintf(stderr, "arch '%s': %s\n", arch[i][0], err);
    CHECK(rc == 0);
    if (!rc)
      CHECK_STR(g.id, arch[i][1]);
  }
  kp_gpu g;
  CHECK(kp_gpudb_for_arch(db, "sm_72", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "no GPU is assumed for architecture 'sm_72'");
  CHECK_CONTAINS(err, "sm_90");
  CHECK(kp_gpudb_for_arch(db, "gfx90a", &g, err, sizeof err) == -1);
  CHECK_STR(err, "invalid GPU architecture 'gfx90a' (expected sm_XY, e.g. sm_90)");
  CHECK(kp_gpudb_for_arch(db, "sm_9", &g, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "invalid GPU architecture");
}

/* The architecture that stands in for one without a GPU of its own. */
static void test_nearest_arch(kp_gpudb *db) {
  static const char *const near[][2] = {
      {"sm_72", "sm_70"},   {"sm_121", "sm_120"}, {"sm_103", "sm_100"}, {"sm_101a", "sm_100"},
      {"sm_53", "sm_52"},   {"sm_62", "sm_61"},   {"sm_88", "sm_87"},   {"sm_37", "sm_13"},
      {"sm_110", "sm_100"}, {"sm_10", "sm_11"},   {"compute_72", "sm_70"}, {"sm_99", "sm_90"},
  };
  char err[512], out[32];
  for (size_t i = 0; i < sizeof near / sizeof near[0]; i++) {
    int rc = kp_gpudb_nearest_arch(db, near[i][0], out, sizeof out, err, sizeof err);
    if (rc)
      fprintf(stderr, "nearest '%s': %s\n", near[i][0], err);
    CHECK(rc == 0);
    if (!rc)
      CHECK_STR(out, near[i][1]);
    /* the stand-in has its GPU */
    kp_gpu g;
    CHECK(rc != 0 || kp_gpudb_for_arch(db, out, &g, err, sizeof err) == 0);
  }
  CHECK(kp_gpudb_nearest_arch(db, "gfx90a", out, sizeof out, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "invalid GPU architecture 'gfx90a'");
}

typedef struct fact_count {
  int total, with_value, value_without_source, l2_latency_seen;
} fact_count;

static int count_fact(const kp_fact *f, void *user) {
  fact_count *c = user;
  c->total++;
  if (f->kind != KP_FACT_NULL) {
    c->with_value++;
    if (!f->source || !*f->source) {
      fprintf(stderr, "fact %s.%s has no source\n", f->group, f->name);
      c->value_without_source++;
    }
  }
  if (strcmp(f->name, "l2.latency_cycles") == 0 && f->kind == KP_FACT_REAL)
    c->l2_latency_seen = 1;
  return 0;
}

/* One fact of a GPU, picked by name, for the checks below. */
typedef struct fact_pick {
  const char *name;
  double value;
  int seen, with_source;
} fact_pick;

static int pick_fact(const kp_fact *f, void *user) {
  fact_pick *p = user;
  if (strcmp(f->name, p->name) == 0) {
    p->seen = 1;
    p->value = f->d;
    p->with_source = f->source != NULL;
  }
  return 0;
}

static void test_launch_floor(kp_gpudb *db, const char *path) {
  char err[512];
  kp_gpu g;
  /* nvbench on an RTX 3080: cold (event) and batch (stream) times. */
  CHECK(kp_gpudb_find(db, "rtx3080", &g, err, sizeof err) == 0);
  CHECK(g.launch_floor_us[KP_LAUNCH_EVENT] == 3.137);
  CHECK(kp_gpu_launch_floor_us(&g, KP_LAUNCH_STREAM) == 1.708);
  CHECK(isnan(kp_gpu_launch_floor_us(&g, KP_LAUNCH_NSIGHT)));
  CHECK(isnan(kp_gpu_launch_floor_us(&g, KP_LAUNCH_GRAPH)));
  CHECK(isnan(kp_gpu_launch_floor_us(&g, KP_LAUNCH_TIMING_COUNT)));
  /* gpu-small-kernels on an L40: stream and graph. */
  CHECK(kp_gpudb_find(db, "l40", &g, err, sizeof err) == 0);
  CHECK(g.launch_floor_us[KP_LAUNCH_STREAM] == 1.638);
  CHECK(g.launch_floor_us[KP_LAUNCH_GRAPH] == 0.936);
  CHECK(isnan(g.launch_floor_us[KP_LAUNCH_EVENT]));
  /* A GPU without rows reads NaN. */
  CHECK(kp_gpudb_find(db, "gtx940mx", &g, err, sizeof err) == 0);
  for (int t = 0; t < KP_LAUNCH_TIMING_COUNT; t++)
    CHECK(isnan(g.launch_floor_us[t]));
  CHECK_STR(kp_launch_timing_name(KP_LAUNCH_NSIGHT), "nsight");
  CHECK_STR(kp_launch_timing_name(KP_LAUNCH_TIMING_COUNT), "?");

  /* Listed as facts with their sources. */
  fact_pick p = {"floor.event_us", NAN, 0, 0};
  CHECK(kp_gpudb_facts(db, "rtx3080", pick_fact, &p, err, sizeof err) == 0);
  CHECK(p.seen && p.value == 3.137 && p.with_source);
  fact_pick q = {"floor.nsight_us", 0, 0, 0};
  CHECK(kp_gpudb_facts(db, "rtx3080", pick_fact, &q, err, sizeof err) == 0);
  CHECK(q.seen && isnan(q.value) && !q.with_source);

  /* A database made before the table (a user's older one) still opens, and
   * its GPUs have no launch floor. */
  const char *old = tmp_path("no-launch-floor.db");
  CHECK(copy_file(path, old) == 0);
  sqlite3 *h = NULL;
  CHECK(sqlite3_open(old, &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, "DROP TABLE launch_floor", NULL, NULL, NULL) == SQLITE_OK);
  sqlite3_close(h);
  kp_gpudb *odb = kp_gpudb_open(old, err, sizeof err);
  CHECK(odb != NULL);
  if (odb) {
    CHECK(kp_gpudb_find(odb, "rtx3080", &g, err, sizeof err) == 0);
    CHECK(isnan(g.launch_floor_us[KP_LAUNCH_EVENT]));
    fact_pick r = {"floor.event_us", 0, 0, 0};
    CHECK(kp_gpudb_facts(odb, "rtx3080", pick_fact, &r, err, sizeof err) == 0);
    CHECK(r.seen && isnan(r.value));
    kp_gpudb_close(odb);
  }
}

static void test_dram_stream(kp_gpudb *db, const char *path) {
  char err[512];
  kp_gpu g;
  /* gpu-stream on an H100 PCIe: the scale (copy) kernel's scan. */
  CHECK(kp_gpudb_find(db, "h100-pcie", &g, err, sizeof err) == 0);
  CHECK(kp_gpu_dram_achieved_gbs(&g, KP_STREAM_COPY) == 1704);
  CHECK(g.dram_achieved_gbs[KP_STREAM_TRIAD] == 1832);
  CHECK(g.dram_occupancy[KP_STREAM_COPY].n == 32);
  CHECK(g.dram_occupancy[KP_STREAM_COPY].warps_per_sm[0] == 2);
  CHECK(g.dram_occupancy[KP_STREAM_COPY].gbs[0] == 183);
  CHECK(g.dram_occupancy[KP_STREAM_COPY].warps_per_sm[31] == 64);
  CHECK(kp_gpu_dram_gbs_at_warps(&g, KP_STREAM_COPY, 16) == 1037);
  CHECK(fabs(kp_gpu_dram_gbs_at_warps(&g, KP_STREAM_COPY, 17) - 1080.5) < 1e-9);
  CHECK(fabs(kp_gpu_dram_gbs_at_warps(&g, KP_STREAM_COPY, 1) - 91.5) < 1e-9);
  CHECK(kp_gpu_dram_gbs_at_warps(&g, KP_STREAM_COPY, 100) == 1704);
  CHECK(isnan(kp_gpu_dram_gbs_at_warps(&g, KP_STREAM_COPY, 0)));
  CHECK(isnan(kp_gpu_dram_gbs_at_warps(&g, KP_STREAM_COUNT, 8)));
  /* A GPU without rows. */
  CHECK(kp_gpudb_find(db, "gtx940mx", &g, err, sizeof err) == 0);
  for (int k = 0; k < KP_STREAM_COUNT; k++) {
    CHECK(isnan(kp_gpu_dram_achieved_gbs(&g, k)));
    CHECK(g.dram_occupancy[k].n == 0);
    CHECK(isnan(kp_gpu_dram_gbs_at_warps(&g, k, 32)));
  }
  CHECK_STR(kp_stream_kernel_name(KP_STREAM_TRIAD), "triad");
  /* Listed as facts. */
  fact_pick p = {"dram.achieved.copy_gbs", NAN, 0, 0};
  CHECK(kp_gpudb_facts(db, "h100-pcie", pick_fact, &p, err, sizeof err) == 0);
  CHECK(p.seen && p.value == 1704 && p.with_source);
  /* A database made before the tables. */
  const char *old = tmp_path("no-dram-stream.db");
  CHECK(copy_file(path, old) == 0);
  sqlite3 *h = NULL;
  CHECK(sqlite3_open(old, &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, "DROP TABLE dram_achieved; DROP TABLE dram_occupancy", NULL, NULL,
                     NULL) == SQLITE_OK);
  sqlite3_close(h);
  kp_gpudb *odb = kp_gpudb_open(old, err, sizeof err);
  CHECK(odb != NULL);
  if (odb) {
    CHECK(kp_gpudb_find(odb, "h100-pcie", &g, err, sizeof err) == 0);
    CHECK(isnan(g.dram_achieved_gbs[KP_STREAM_COPY]) && g.dram_occupancy[KP_STREAM_COPY].n == 0);
    fact_pick r = {"dram.achieved.copy_gbs", 0, 0, 0};
    CHECK(kp_gpudb_facts(odb, "h100-pcie", pick_fact, &r, err, sizeof err) == 0);
    CHECK(r.seen && isnan(r.value));
    kp_gpudb_close(odb);
  }
}

static void test_facts(kp_gpudb *db, const char *path) {
  kp_gpu_summary *s;
  size_t n;
  char err[512];
  CHECK(kp_gpudb_list(db, &s, &n, err, sizeof err) == 0);
  CHECK((long long)n == gpus_in_file(path));
  CHECK(n >= 60);
  for (size_t i = 0; i < n; i++) {
    fact_count c = {0, 0, 0, 0};
    CHECK(kp_gpudb_facts(db, s[i].id, count_fact, &c, err, sizeof err) == 0);
    CHECK(c.total > 60);
    CHECK(c.with_value > 30);
    CHECK(c.value_without_source == 0);
    if (strcmp(s[i].id, "h100") == 0)
      CHECK(c.l2_latency_seen);
  }
  /* Sorted by compute capability. */
  for (size_t i = 1; i < n; i++)
    CHECK(s[i - 1].cc_major * 10 + s[i - 1].cc_minor <= s[i].cc_major * 10 + s[i].cc_minor);
  CHECK_STR(s[0].id, "8600gt");
  free(s);
  fact_count c = {0, 0, 0, 0};
  CHECK(kp_gpudb_facts(db, "nope", count_fact, &c, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "unknown GPU 'nope'");

  kp_cc_limits *ccs;
  CHECK(kp_gpudb_list_cc(db, &ccs, &n, err, sizeof err) == 0);
  CHECK(n >= 20);
  CHECK(ccs[0].cc_major == 1 && ccs[0].cc_minor == 0);
  free(ccs);
}

static void test_broken(const char *good) {
  expect_open_error(tmp_path("missing.db"), "No such file or directory");
  expect_open_error(tmp, "Is a directory");
  expect_open_error("", "empty path");

  /* Garbage bytes. */
  const char *garbage = tmp_path("garbage.db");
  FILE *f = fopen(garbage, "wb");
  CHECK(f != NULL);
  for (int i = 0; f && i < 4096; i++)
    fputc((i * 7919 + 13) & 0xff, f);
  if (f)
    fclose(f);
  expect_open_error(garbage, "is corrupt or not an SQLite database");

  /* A good header with a damaged body: the first pages overwritten. */
  const char *damaged = tmp_path("damaged.db");
  CHECK(copy_file(good, damaged) == 0);
  f = fopen(damaged, "r+b");
  CHECK(f != NULL);
  if (f) {
    fseek(f, 100, SEEK_SET);
    for (int i = 0; i < 8000; i++)
      fputc(0xA5, f);
    fclose(f);
  }
  {
    char err[512] = "";
    kp_gpudb *db = kp_gpudb_open(damaged, err, sizeof err);
    if (db) { /* the header survived: the damage shows on use, as an error */
      kp_gpu g;
      CHECK(kp_gpudb_find(db, "h100", &g, err, sizeof err) == -1);
      kp_gpudb_close(db);
    }
    CHECK(err[0] != '\0');
    CHECK(strchr(err, '\n') == NULL);
  }

  /* An SQLite database that is not kperf's. */
  const char *other = tmp_path("other.db");
  remove(other);
  sqlite3 *h;
  CHECK(sqlite3_open(other, &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, "CREATE TABLE t (x)", NULL, NULL, NULL) == SQLITE_OK);
  sqlite3_close(h);
  expect_open_error(other, "is not a kperf GPU database");

  /* kperf's database with another schema version. */
  const char *newer = tmp_path("newer.db");
  CHECK(copy_file(good, newer) == 0);
  chmod(newer, 0644);
  CHECK(sqlite3_open(newer, &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, "PRAGMA user_version = 99", NULL, NULL, NULL) == SQLITE_OK);
  sqlite3_close(h);
  expect_open_error(newer, "has schema version 99, but this kperf reads version 1");

  /* Right ids, missing table. */
  const char *partial = tmp_path("partial.db");
  CHECK(copy_file(good, partial) == 0);
  chmod(partial, 0644);
  CHECK(sqlite3_open(partial, &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, "DROP TABLE arch_default", NULL, NULL, NULL) == SQLITE_OK);
  sqlite3_close(h);
  expect_open_error(partial, "lacks table 'arch_default'");

  /* Unreadable. */
  const char *locked = tmp_path("locked.db");
  CHECK(copy_file(good, locked) == 0);
  CHECK(chmod(locked, 0) == 0);
  if (access(locked, R_OK) == 0 && geteuid() == 0) {
    /* root reads mode-000 files: try as an unprivileged user in a child. */
    pid_t pid = fork();
    if (pid == 0) {
      if (setgid(65534) != 0 || setuid(65534) != 0)
        _exit(77);
      char err[1024] = "";
      kp_gpudb *db = kp_gpudb_open(locked, err, sizeof err);
      if (db) {
        kp_gpudb_close(db);
        _exit(1);
      }
      if (!strstr(err, "Permission denied")) {
        fprintf(stderr, "unreadable database: unexpected message: %s\n", err);
        _exit(1);
      }
      _exit(0);
    }
    int st = 0;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st));
    if (WIFEXITED(st) && WEXITSTATUS(st) == 77)
      printf("SKIP: mode-000 file is readable (root) and privileges cannot be dropped; "
             "unreadable case not tested\n");
    else
      CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  } else if (access(locked, R_OK) == 0) {
    printf("SKIP: mode-000 file is readable; unreadable case not tested\n");
  } else {
    expect_open_error(locked, "Permission denied");
  }
  chmod(locked, 0600);

  /* A list with one bad member fails as a whole. */
  char list[2 * PATH_MAX + 2];
  snprintf(list, sizeof list, "%s:%s", good, tmp_path("missing.db"));
  expect_open_error(list, "missing.db");
}

static void test_import_and_search(const char *good) {
  char err[1024];
  kp_gpudb *ref = kp_gpudb_open(good, err, sizeof err);
  CHECK(ref != NULL);
  char user[1200];
  snprintf(user, sizeof user, "%s", tmp_path("user.db"));
  remove(user);
  int n = -1;
  int rc = kp_gpudb_import(KP_TEST_INPUTS "/user-gpus.sql", user, ref, &n, err, sizeof err);
  if (rc)
    fprintf(stderr, "import: %s\n", err);
  CHECK(rc == 0);
  CHECK(n == 2);

  /* Rejected imports leave the database as it was. */
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/bad-drop.sql", user, ref, NULL, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "only INSERT, UPDATE and DELETE");
  CHECK_CONTAINS(err, "schema change");
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/bad-pragma.sql", user, ref, NULL, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "PRAGMA");
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/bad-cc.sql", user, ref, NULL, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "compute capability 7.7");
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/bad-alias.sql", user, ref, NULL, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "names a GPU that is not in table 'gpus'");
  CHECK(kp_gpudb_import(tmp_path("no-such.sql"), user, ref, NULL, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "cannot read");
  /* A failed import into a new file leaves no file behind. */
  const char *fresh = tmp_path("fresh.db");
  remove(fresh);
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/bad-cc.sql", fresh, ref, NULL, err, sizeof err) == -1);
  CHECK(access(fresh, F_OK) != 0);
  /* Importing into kperf's own database file is refused (read-only copy). */
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/user-gpus.sql", tmp_path("garbage.db"), ref, NULL, err,
                        sizeof err) == -1);
  CHECK_CONTAINS(err, "corrupt or not an SQLite database");
  /* A GPU of a new compute capability brings its own limits. */
  const char *withcc = tmp_path("with-cc.db");
  remove(withcc);
  CHECK(kp_gpudb_import(KP_TEST_INPUTS "/with-cc.sql", withcc, NULL, &n, err, sizeof err) == 0);
  CHECK(n == 1);
  kp_gpudb_close(ref);

  /* user first: its GPUs, and its variant of l4, win. */
  char list[2 * PATH_MAX + 2];
  snprintf(list, sizeof list, "%s:%s", user, good);
  kp_gpudb *db = kp_gpudb_open(list, err, sizeof err);
  CHECK(db != NULL);
  if (db) {
    CHECK(kp_gpudb_count(db) == 2);
    kp_gpu g;
    CHECK(kp_gpudb_find(db, "My GPU", &g, err, sizeof err) == 0);
    CHECK_STR(g.id, "mygpu");
    CHECK(g.db_index == 0);
    CHECK(g.limits.known && g.limits.max_warps_per_sm == 48); /* CC 8.6 from kperf's database */
    CHECK(g.per_clock_per_sm[KP_OP_FP32] == 128);
    CHECK(g.mem[KP_MEM_L2].latency_cycles == 250);
    const char *how;
    double t = kp_gpu_launch_overhead_us(&g, 256, 100, &how); /* 8 warps: measured */
    CHECK_STR(how, "measured");
    CHECK(fabs(t - (0.002 * 100 + 3.5)) < 1e-12);
    t = kp_gpu_launch_overhead_us(&g, 64, 100, &how);
    CHECK_STR(how, "measured (nearest block size)");
    CHECK(kp_gpudb_find(db, "l4", &g, err, sizeof err) == 0);
    CHECK(g.sm_count == 60);
    CHECK(kp_gpudb_find(db, "h100", &g, err, sizeof err) == 0);
    CHECK(g.db_index == 1);
    kp_gpu_summary *s;
    size_t n2;
    CHECK(kp_gpudb_list(db, &s, &n2, err, sizeof err) == 0);
    CHECK((long long)n2 == gpus_in_file(good) + 1); /* + mygpu; l4 once */
    free(s);
    kp_gpudb_close(db);
  }
  /* kperf's database first: its l4 wins. */
  snprintf(list, sizeof list, "%s:%s", good, user);
  db = kp_gpudb_open(list, err, sizeof err);
  CHECK(db != NULL);
  if (db) {
    kp_gpu g;
    CHECK(kp_gpudb_find(db, "l4", &g, err, sizeof err) == 0);
    CHECK(g.sm_count == 58);
    kp_gpudb_close(db);
  }
  /* The user database alone cannot know the limits of CC 8.6. */
  db = kp_gpudb_open(user, err, sizeof err);
  CHECK(db != NULL);
  if (db) {
    kp_gpu g;
    CHECK(kp_gpudb_find(db, "mygpu", &g, err, sizeof err) == 0);
    CHECK(!g.limits.known);
    kp_gpudb_close(db);
  }
}

static void test_locate(const char *good) {
  char out[4 * PATH_MAX], dir[PATH_MAX], real[PATH_MAX];
  CHECK(realpath(good, real) != NULL);
  snprintf(dir, sizeof dir, "%s", real);
  *strrchr(dir, '/') = '\0';

  setenv("KPERF_DB", good, 1);
  CHECK(kp_gpudb_locate(NULL, out, sizeof out) == 0);
  CHECK_STR(out, good);
  setenv("KPERF_DB", tmp_path("missing.db"), 1);
  CHECK(kp_gpudb_locate(dir, out, sizeof out) == -1);
  CHECK_CONTAINS(out, "KPERF_DB names");
  CHECK_CONTAINS(out, "missing.db");

  unsetenv("KPERF_DB");
  setenv("KPERF_USER_DB", tmp_path("no-user.db"), 1);
  CHECK(kp_gpudb_locate(dir, out, sizeof out) == 0);
  CHECK_STR(out, real);
  /* near_dir/../share/kperf/kperf-gpus.db */
  char share[1200], bin[1200];
  snprintf(share, sizeof share, "%s/share", tmp);
  mkdir(share, 0755);
  snprintf(share, sizeof share, "%s/share/kperf", tmp);
  mkdir(share, 0755);
  snprintf(bin, sizeof bin, "%s/share/kperf/kperf-gpus.db", tmp);
  CHECK(copy_file(good, bin) == 0);
  snprintf(bin, sizeof bin, "%s/lib", tmp);
  mkdir(bin, 0755);
  CHECK(kp_gpudb_locate(bin, out, sizeof out) == 0);
  CHECK_CONTAINS(out, "/share/kperf/kperf-gpus.db");
  /* This test links no embedded database (the object kperf_gpudb_embedded):
   * none is found, and naming it is an error that says so. */
  CHECK(!kp_gpudb_embedded(NULL, NULL));
  char eerr[256];
  CHECK(kp_gpudb_open(KP_GPUDB_EMBEDDED, eerr, sizeof eerr) == NULL);
  CHECK_STR(eerr, "cannot open GPU database '<embedded>': this program has none embedded");
  /* Nothing found: the message says where it looked. */
  int rc = kp_gpudb_locate("/nonexistent-kperf-dir", out, sizeof out);
  if (rc == -1) {
    CHECK_CONTAINS(out, "/nonexistent-kperf-dir/kperf-gpus.db");
    CHECK_CONTAINS(out, "/nonexistent-kperf-dir/../share/kperf/kperf-gpus.db");
  } else {
    printf("note: an installed GPU database was found at %s\n", out);
  }
  /* The user database, when it exists, is searched first. */
  setenv("KPERF_USER_DB", tmp_path("user.db"), 1);
  CHECK(kp_gpudb_locate(dir, out, sizeof out) == 0);
  char want[3 * PATH_MAX];
  snprintf(want, sizeof want, "%s:%s", tmp_path("user.db"), real);
  CHECK_STR(out, want);
  kp_gpudb *db = kp_gpudb_open(out, NULL, 0);
  CHECK(db != NULL);
  kp_gpudb_close(db);
  setenv("KPERF_USER_DB", tmp_path("no-user.db"), 1);

  char user[PATH_MAX];
  unsetenv("KPERF_USER_DB");
  setenv("XDG_DATA_HOME", "/xdg", 1);
  CHECK(kp_gpudb_user_path(user, sizeof user) == 0);
  CHECK_STR(user, "/xdg/kperf/user-gpus.db");
  unsetenv("XDG_DATA_HOME");
  setenv("HOME", "/home/someone", 1);
  CHECK(kp_gpudb_user_path(user, sizeof user) == 0);
  CHECK_STR(user, "/home/someone/.local/share/kperf/user-gpus.db");
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s DB TMPDIR\n", argv[0]);
    return 2;
  }
  const char *good = argv[1];
  snprintf(tmp, sizeof tmp, "%s", argv[2]);
  mkdir(tmp, 0755);
  char err[512];
  kp_gpudb *db = kp_gpudb_open(good, err, sizeof err);
  if (!db) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  CHECK(kp_gpudb_count(db) == 1);
  CHECK_STR(kp_gpudb_path(db, 0), good);
  test_lookups(db);
  /* AMD ISAs with a gfx number, and TeraScale's without one */
  CHECK(kp_isa_is_gfx("gfx90a") && kp_isa_is_gfx("gfx1100"));
  CHECK(!kp_isa_is_gfx("cayman") && !kp_isa_is_gfx("") && !kp_isa_is_gfx(NULL));
  kp_gpu hd;
  CHECK(kp_gpudb_find(db, "radeon-hd-6970", &hd, err, sizeof err) == 0);
  CHECK(kp_gpu_is_amd(&hd) && !kp_isa_is_gfx(hd.isa) && !kp_gpu_amd_rules(&hd));
  CHECK(hd.limits.known && hd.limits.warp_size == 64 && hd.limits.max_blocks_per_sm == 8);
  char arch[64];
  CHECK_STR(kp_gpu_arch_text(&hd, arch, sizeof arch), "ISA cayman");
  kp_gpu h100;
  CHECK(kp_gpudb_find(db, "h100", &h100, err, sizeof err) == 0);
  CHECK_STR(kp_gpu_arch_text(&h100, arch, sizeof arch), "compute capability 9.0");
  kp_gpu mi;
  CHECK(kp_gpudb_find(db, "mi250x", &mi, err, sizeof err) == 0);
  CHECK(kp_isa_has_cc(h100.isa) && kp_isa_has_cc(mi.isa) && !kp_isa_has_cc(hd.isa)); /* HIP's for gfx */
  test_arch(db);
  test_nearest_arch(db);
  test_facts(db, good);
  test_launch_floor(db, good);
  test_dram_stream(db, good);
  kp_gpudb_close(db);
  test_broken(good);
  test_import_and_search(good);
  test_locate(good);
  return TEST_RESULT();
}
