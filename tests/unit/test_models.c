/* Unit tests of the performance models (analyses/predict.c, model_*.c).
 * Every expected number is worked out by hand in the comments from the
 * formulas of docs/models.md; the GPUs are built here, no database. */
#include "check.h"
#include "kperf/model.h"
#include "kperf/predict.h"
#include "../../analyses/predict/bn.h"
#include "../../analyses/predict/hongkim.h"
#include "../../analyses/predict/kolpakov.h"
#include "../../analyses/predict/kp.h"
#include "../../analyses/predict/qu.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

static int near(double got, double want, double tol) {
  int ok = fabs(got - want) <= tol * fmax(1.0, fabs(want));
  if (!ok)
    fprintf(stderr, "  got %.12g, want %.12g\n", got, want);
  return ok;
}
#define CHECK_NEAR(got, want) CHECK(near((got), (want), 1e-9))
#define CHECK_NEAR_TOL(got, want, tol) CHECK(near((got), (want), (tol)))

/* CC 5.0 limits, as gpu-db/data/10-cc-limits.sql has them. */
static void cc50_limits(kp_cc_limits *l) {
  memset(l, 0, sizeof *l);
  l->cc_major = 5;
  l->cc_minor = 0;
  l->known = 1;
  l->warp_size = 32;
  l->max_threads_per_block = 1024;
  l->max_threads_per_sm = 2048;
  l->max_warps_per_sm = 64;
  l->max_blocks_per_sm = 32;
  l->regs_per_sm = 65536;
  l->regs_per_block = 65536;
  l->max_regs_per_thread = 255;
  l->reg_alloc_unit = 256;
  l->reg_alloc_per_warp = 1;
  l->warp_alloc_granularity = -1;
  l->sub_partitions = 4;
  l->smem_per_sm = 65536;
  l->smem_per_block = 49152;
  l->smem_per_block_optin = 49152;
  l->smem_alloc_unit = 256;
  l->smem_reserved_per_block = 0;
  l->n_carveouts = 0;
  l->l1_smem_unified_bytes = -1;
  l->smem_banks = 32;
  l->smem_bank_bytes = 4;
  l->barriers_per_sm = -1;
}

/* Everything unknown (the database's initialiser), CC 5.0 limits. */
static void blank_gpu(kp_gpu *g) {
  kp_gpu_init(g);
  cc50_limits(&g->limits);
  g->cc_major = 5;
  g->cc_minor = 0;
}

/* The toy GPU of most tests: 2 SMs of CC 5.0 (4 sub-partitions), 1000 MHz
 * (1 cycle = 1 ns), FP32 and INT 128 lanes per SM (issue 32*4/128 = 1 cycle),
 * FP64 4 lanes (32 cycles); latencies FP32 4, INT 4, FP64 8, shared 20,
 * L1 30, L2 200, DRAM 400 cycles; DRAM 64 GB/s = 64 bytes per cycle;
 * launch: simulator latency 5000 cycles = 5 us. */
static void toy_gpu(kp_gpu *g) {
  blank_gpu(g);
  strcpy(g->id, "toy");
  strcpy(g->vendor, "NVIDIA");
  g->sm_count = 2;
  g->boost_clock_mhz = 1000;
  g->per_clock_per_sm[KP_OP_FP32] = 128;
  g->per_clock_per_sm[KP_OP_INT_ADD] = 128;
  g->per_clock_per_sm[KP_OP_FP64] = 4;
  g->latency_cycles[KP_OP_FP32] = 4;
  g->latency_cycles[KP_OP_INT_ADD] = 4;
  g->latency_cycles[KP_OP_FP64] = 8;
  g->mem[KP_MEM_SHARED].latency_cycles = 20;
  g->mem[KP_MEM_L1].latency_cycles = 30;
  g->mem[KP_MEM_L2].latency_cycles = 200;
  g->mem[KP_MEM_DRAM].latency_cycles = 400;
  g->mem[KP_MEM_DRAM].bandwidth_gbs = 64;
  g->launch_latency_cycles = 5000;
}

static kp_prediction run(kp_model_kind kind, const kp_gpu *g, const kp_predict_input *in) {
  kp_prediction p;
  char err[256] = "";
  int rc = kp_predict(kind, g, in, &p, err, sizeof err);
  if (rc != 0) {
    fprintf(stderr, "kp_predict failed: %s\n", err);
    kp_test_failures++;
  }
  return p;
}

/* ---- Names ---- */

static void test_names(void) {
  CHECK(kp_model_by_name("kp") == KP_MODEL_KP);
  CHECK(kp_model_by_name("hongkim") == KP_MODEL_HONGKIM);
  CHECK(kp_model_by_name("HongKim") == KP_MODEL_HONGKIM);
  CHECK(kp_model_by_name("kolpakov") == KP_MODEL_KOLPAKOV);
  CHECK(kp_model_by_name("qu") == KP_MODEL_QU);
  CHECK(kp_model_by_name("bn") == KP_MODEL_BN);
  CHECK(kp_model_by_name("hong-kim") == -1);
  CHECK(kp_model_by_name("") == -1);
  CHECK(kp_model_by_name(NULL) == -1);
  CHECK_STR(kp_model_name(KP_MODEL_KP), "kp");
  CHECK_STR(kp_model_name(KP_MODEL_QU), "qu");
  CHECK_STR(kp_model_name(KP_MODEL_COUNT), "?");
  for (int i = 0; i < KP_MODEL_COUNT; i++)
    CHECK(kp_model_by_name(kp_model_name((kp_model_kind)i)) == i);
  /* The registry: a complete row per kind, nothing past the end. */
  for (int i = 0; i < KP_MODEL_COUNT; i++) {
    const kp_model_def *d = kp_model_def_of((kp_model_kind)i);
    CHECK(d && d->name && d->title && d->title[0] && d->predict && d->fields);
  }
  CHECK(kp_model_def_of(KP_MODEL_COUNT) == NULL);
  CHECK(kp_model_def_of(KP_MODEL_DEFAULT) != NULL);
}

/* ---- Model 000 ---- */

/* Bank-conflict replays add the class's issue delay to time and delay, on
 * top of the counted instructions. */
static void test_replays(void) {
  kp_predict_input in;
  kp_predict_input_init(&in);
  double lat[KP_I_COUNT], issue[KP_I_COUNT];
  for (int c = 0; c < KP_I_COUNT; c++) {
    lat[c] = 4;
    issue[c] = 2;
  }
  lat[KP_I_LD_SHARED] = 30;
  issue[KP_I_LD_SHARED] = 1;
  in.count[KP_I_LD_SHARED] = 2;
  in.count[KP_I_FP32] = 3;
  double t, d;
  CHECK(kp_predict_thread_time(&in, lat, issue, &t, &d) == 1);
  CHECK_NEAR(t, 2 * 30 + 3 * 4);
  CHECK_NEAR(d, 2 * 1 + 3 * 2);
  in.replays[KP_I_LD_SHARED] = 31; /* one 32-way access */
  CHECK(kp_predict_thread_time(&in, lat, issue, &t, &d) == 1);
  CHECK_NEAR(t, 2 * 30 + 3 * 4 + 31);
  CHECK_NEAR(d, 2 * 1 + 3 * 2 + 31);
}

static void test_kp_latency_and_issue(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);

  /* 100 FP32 on one chain: time = 100*4 = 400 cycles, delay = 100*1 = 100.
   * 2 blocks of 128 threads (4 warps): occupancy 64/4 = 16 blocks per SM,
   * a wave holds 16*2 = 32 blocks, so one partial wave with
   * ceil(2/2) = 1 block on the busiest SM: 4 warps over 4 sub-partitions,
   * 1 warp each: time_pb = max(400, 1*100) = 400 cycles = 0.4 us.
   * Launch: simulator latency 5000 / 1000 MHz = 5 us.  Total 5.4 us. */
  in.count[KP_I_FP32] = 100;
  in.block_threads = 128;
  in.grid_blocks = 2;
  kp_prediction p = run(KP_MODEL_KP, &g, &in);
  CHECK(p.occ.active_blocks_per_sm == 16);
  CHECK_NEAR(p.thread_cycles, 400);
  CHECK_NEAR(p.thread_delay, 100);
  CHECK_NEAR(p.exec_cycles, 400);
  CHECK_NEAR(p.exec_us, 0.4);
  CHECK_NEAR(p.launch_us, 5);
  CHECK_NEAR(p.predicted_us, 5.4);
  CHECK_NEAR(p.waves, 1);
  CHECK_STR(p.bound, "latency");
  CHECK_CONTAINS(p.note, "launch overhead: simulator latency");

  /* A measured launch model for 4-warp blocks: 0.01 us/block + 2 us
   * = 2.02 us for 2 blocks; nothing to note. */
  g.launch_x1_us[3] = 0.01;
  g.launch_x0_us[3] = 2;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.launch_us, 2.02);
  CHECK_NEAR(p.predicted_us, 2.42);
  CHECK(strstr(p.note, "launch") == NULL);

  /* Fallbacks are named: INT and CMP without their own latency take
   * FP32's (4); INT_MUL 4 cycles but no throughput entry:
   * 100*4 + 4 + 4 + 4 = 412. */
  g.latency_cycles[KP_OP_INT_ADD] = NAN;
  in.count[KP_I_INT] = 1;
  in.count[KP_I_CMP] = 1;
  in.count[KP_I_INT_MUL] = 1;
  g.latency_cycles[KP_OP_INT_MUL] = 4;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.thread_cycles, 412);
  CHECK_CONTAINS(p.note, "latency of int, cmp from fp32");
  CHECK_CONTAINS(p.note, "issue delay of int.mul unknown");
  g.latency_cycles[KP_OP_INT_ADD] = 4;
  in.count[KP_I_INT] = in.count[KP_I_CMP] = in.count[KP_I_INT_MUL] = 0;

  /* Issue bound: 1024-thread blocks (32 warps): 64/32 = 2 blocks per SM,
   * 4 blocks = one full wave, 64 warps per SM = 16 per sub-partition:
   * time_pb = max(400, 16*100) = 1600 cycles. */
  in.block_threads = 1024;
  in.grid_blocks = 4;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK(p.occ.active_blocks_per_sm == 2);
  CHECK_NEAR(p.exec_cycles, 1600);
  CHECK_STR(p.bound, "issue");

  /* 10 blocks: waves of 4: two full (1600 each) and a last one of 2
   * blocks, 1 per SM: 32 warps, 8 per sub-partition: max(400, 800) = 800.
   * Total 2*1600 + 800 = 4000 cycles, 3 waves. */
  in.grid_blocks = 10;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.waves, 3);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_wave_cycles, 1600);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_last_wave_cycles, 800);
  CHECK_NEAR(p.exec_cycles, 4000);

  /* time_sync = syncs * delay_dep * (blockSize - 1) = 2 * 3 * 127 = 762:
   * 128-thread blocks, 2 blocks: 400 + 762 = 1162 cycles. */
  in.block_threads = 128;
  in.grid_blocks = 2;
  in.syncs = 2;
  in.delay_dep = 3;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_time_sync, 762);
  CHECK_NEAR(p.exec_cycles, 1162);
  /* Default delay_dep: one integer issue delay, 1 cycle: 2*1*127 = 254. */
  in.delay_dep = NAN;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_time_sync, 254);
  CHECK_CONTAINS(p.note, "delay_dep");
}

static void test_kp_bandwidth(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);

  /* One 16-byte global load per thread (all from DRAM): time = 400 cycles.
   * 64 blocks of 128 threads: 2 full waves of 32 blocks.  A wave moves
   * 32*128*16 = 65536 bytes; at 64 bytes per cycle that needs 1024 cycles
   * > 400.  Fixed point: mul = 1024/400 = 2.56, lat_DRAM = 1024, time 1024,
   * mul = 1: done.  2 waves: 2048 cycles. */
  in.count[KP_I_LD_GLOBAL] = 1;
  in.bytes[KP_SPACE_GLOBAL] = 16;
  in.block_threads = 128;
  in.grid_blocks = 64;
  kp_prediction p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.thread_cycles, 400);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_wave_cycles, 1024);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_lat_dram, 1024);
  CHECK_NEAR(p.exec_cycles, 2048);
  CHECK_STR(p.bound, "dram");
  CHECK(kp_cdetail_kp(&p)->kp_iterations >= 1 && kp_cdetail_kp(&p)->kp_iterations <= 4);

  /* One FP32 after the load, with its latency overridden to 400: time =
   * 400 + lat (delay 2, 16 warps per sub-partition: 32, not limiting).  The
   * fixed point settles where 400 + lat = 1024, i.e. lat_DRAM = 624; the
   * times rise 800, 912, 974.9, ... towards 1024 without overshooting. */
  in.count[KP_I_FP32] = 1;
  in.lat[KP_I_FP32] = 400;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.thread_cycles, 800);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_wave_cycles, 1024);
  CHECK_NEAR_TOL(kp_cdetail_kp(&p)->kp_lat_dram, 624, 1e-6);
  CHECK_STR(p.bound, "dram");
  CHECK(kp_cdetail_kp(&p)->kp_iterations <= 2 * 100);

  /* Half the bytes: 32768 / 64 = 512 cycles < 800: DRAM does not limit. */
  in.bytes[KP_SPACE_GLOBAL] = 8;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_wave_cycles, 800);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_lat_dram, 400);
  CHECK_STR(p.bound, "latency");

  /* L1 per SM: every byte hits L1 (latency 30); L1 128 GB/s for the GPU =
   * 64 bytes per cycle per SM.  One full wave of 32 blocks, 16 per SM:
   * 16*128*16 = 32768 bytes per SM / 64 = 512 cycles > 30: lat_L1 = 512. */
  in.count[KP_I_FP32] = 0;
  in.bytes[KP_SPACE_GLOBAL] = 16;
  in.l1_hit = 1;
  in.grid_blocks = 32;
  g.mem[KP_MEM_L1].bandwidth_gbs = 128;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.thread_cycles, 30);
  CHECK_NEAR(p.exec_cycles, 512);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_lat_l1, 512);
  CHECK_STR(p.bound, "l1");
  /* L1 bandwidth unknown: not limiting, said so. */
  g.mem[KP_MEM_L1].bandwidth_gbs = NAN;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.exec_cycles, 30);
  CHECK_CONTAINS(p.note, "L1 bandwidth unknown");

  /* Uncoalesced: all 16 bytes by uncoalesced requests; the database has
   * neither their latency nor bandwidth: DRAM's (400, 64 B/cycle), as in the
   * first case: 65536 / 64 = 1024 cycles per wave of 32 blocks. */
  in.l1_hit = NAN;
  in.uncoal_bytes = 16;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.exec_cycles, 1024);
  CHECK_STR(p.bound, "uncoalesced");
  CHECK_CONTAINS(p.note, "uncoalesced latency and bandwidth: DRAM's");
}

/* A thread time that ignores the memory latency (memory off the critical path). */
static int flat_time(void *user, const double lat[KP_I_COUNT], const double issue[KP_I_COUNT],
                     double *time, double *delay) {
  (void)lat;
  (void)issue;
  (*(int *)user)++;
  *time = 50;
  *delay = 1;
  return 1;
}

/* Pathological times (not a critical path): (lat/100)^2 overshoots the
 * bandwidth time, sqrt(lat) approaches it slowly. */
static int square_time(void *user, const double lat[KP_I_COUNT], const double issue[KP_I_COUNT],
                       double *time, double *delay) {
  (void)issue;
  (*(int *)user)++;
  *time = (lat[KP_I_LD_GLOBAL] / 100) * (lat[KP_I_LD_GLOBAL] / 100);
  *delay = 1;
  return 1;
}

static int sqrt_time(void *user, const double lat[KP_I_COUNT], const double issue[KP_I_COUNT],
                     double *time, double *delay) {
  (void)issue;
  (*(int *)user)++;
  *time = sqrt(lat[KP_I_LD_GLOBAL]);
  *delay = 1;
  return 1;
}

static void test_kp_fixed_point_stops(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.count[KP_I_LD_GLOBAL] = 1;
  in.block_threads = 128;
  in.grid_blocks = 64;

  /* Memory off the critical path: the latency cannot raise the time; one
   * step sees no change, then the floor demand / bandwidth applies:
   * 65536 / 64 = 1024 per wave. */
  int calls = 0;
  in.thread_time = flat_time;
  in.thread_time_user = &calls;
  in.bytes[KP_SPACE_GLOBAL] = 16;
  kp_prediction p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.exec_cycles, 2048);
  CHECK_STR(p.bound, "dram");
  CHECK(calls <= 10);

  /* Huge demand: 1e300 bytes per thread.  32*128*1e300 = 4.096e303 bytes per
   * wave / 64 = 6.4e301 cycles; stops at once. */
  in.bytes[KP_SPACE_GLOBAL] = 1e300;
  calls = 0;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_wave_cycles, 6.4e301);
  CHECK(calls <= 10);
  /* Beyond double range (demand = inf): still stops, time infinite. */
  in.bytes[KP_SPACE_GLOBAL] = 1e307;
  calls = 0;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK(isinf(p.exec_cycles));
  CHECK(calls <= 10);

  /* Superlinear time: (400/100)^2 = 16; mul = 1024/16 = 64, lat = 25600,
   * time 65536 > 1024: the loop ends (mul < 1) above the floor. */
  in.thread_time = square_time;
  in.bytes[KP_SPACE_GLOBAL] = 16;
  calls = 0;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(kp_cdetail_kp(&p)->kp_wave_cycles, 65536);
  CHECK(calls <= 1 + 1 + 4 * 100);
  /* sqrt: time = sqrt(t * 1024) each step, log error halves: converges to
   * 1024 within the cap; whatever happens, at most 100 steps per level. */
  in.thread_time = sqrt_time;
  calls = 0;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR_TOL(kp_cdetail_kp(&p)->kp_wave_cycles, 1024, 1e-9);
  CHECK(calls <= 1 + 1 + 4 * 100);
  CHECK(kp_cdetail_kp(&p)->kp_iterations <= 4 * 100);

  /* Zero bandwidth (the database's "unknown" is NaN; 0 is treated alike):
   * not limiting.  Plain sums: time = 400. */
  in.thread_time = NULL;
  g.mem[KP_MEM_DRAM].bandwidth_gbs = 0;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.exec_cycles, 2 * 400);
  CHECK_CONTAINS(p.note, "DRAM bandwidth unknown");
  g.mem[KP_MEM_DRAM].bandwidth_gbs = NAN;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.exec_cycles, 2 * 400);

  /* NaN facts: no memory latency at all: the time is unknown, not invented. */
  g.mem[KP_MEM_L1].latency_cycles = g.mem[KP_MEM_L2].latency_cycles = NAN;
  g.mem[KP_MEM_DRAM].latency_cycles = NAN;
  char err[256];
  CHECK(kp_predict(KP_MODEL_KP, &g, &in, &p, err, sizeof err) == 0);
  CHECK(isnan(p.predicted_us));
  CHECK_STR(p.bound, "unknown");
  CHECK_CONTAINS(p.note, "no DRAM latency");
  CHECK_CONTAINS(p.note, "latency unknown for ld.global");

  /* DRAM latency unknown but L2's known: L2's, said so. */
  g.mem[KP_MEM_L2].latency_cycles = 200;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.thread_cycles, 200);
  CHECK_CONTAINS(p.note, "DRAM latency unknown: L2's used");

  /* No clock: cycles but no microseconds. */
  toy_gpu(&g);
  g.boost_clock_mhz = NAN;
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.exec_cycles, 2 * 400);
  CHECK(isnan(p.predicted_us));
  CHECK_CONTAINS(p.note, "SM clock unknown");
}

static void test_errors(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);
  kp_prediction p;
  char err[256];
  in.count[KP_I_FP32] = 1;
  in.grid_blocks = 1;
  CHECK(kp_predict(KP_MODEL_KP, &g, &in, &p, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "block size unknown");
  in.block_threads = 2048; /* more than 1024 threads per block */
  CHECK(kp_predict(KP_MODEL_KP, &g, &in, &p, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "no block fits");
  in.block_threads = 32;
  in.count[KP_I_FP32] = -1;
  CHECK(kp_predict(KP_MODEL_QU, &g, &in, &p, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "fp32");
  in.count[KP_I_FP32] = NAN;
  CHECK(kp_predict(KP_MODEL_QU, &g, &in, &p, err, sizeof err) == -1);
  in.count[KP_I_FP32] = 1;
  in.l1_hit = 0.7;
  in.l2_hit = 0.7;
  CHECK(kp_predict(KP_MODEL_KP, &g, &in, &p, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "hit fractions");
  in.l1_hit = in.l2_hit = NAN;
  in.uncoal_bytes = 4;
  CHECK(kp_predict(KP_MODEL_KP, &g, &in, &p, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "uncoalesced bytes");
  in.uncoal_bytes = 0;
  CHECK(kp_predict((kp_model_kind)7, &g, &in, &p, err, sizeof err) == -1);
  g.limits.known = 0;
  CHECK(kp_predict(KP_MODEL_KP, &g, &in, &p, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "no occupancy limits");
}

/* ---- Model 003 (Hong & Kim) ---- */

static void test_hongkim(void) {
  /* A GT200-like SM: one sub-partition, 8 FP32/INT lanes: 32/8 = 4 issue
   * cycles per instruction (Hong & Kim's #Issue_cycles); a memory
   * instruction issues like FP32: departure delay 4 (their GT200 value);
   * DRAM latency 420. */
  kp_gpu g;
  toy_gpu(&g);
  g.limits.sub_partitions = 1;
  g.per_clock_per_sm[KP_OP_FP32] = g.per_clock_per_sm[KP_OP_INT_ADD] = 8;
  g.mem[KP_MEM_DRAM].latency_cycles = 420;
  g.mem[KP_MEM_DRAM].bandwidth_gbs = 8; /* 8 bytes per cycle */
  kp_predict_input in;
  kp_predict_input_init(&in);
  /* 10 FP32 + 2 loads of 4 bytes per thread; 64 blocks of 128 threads. */
  in.count[KP_I_FP32] = 10;
  in.count[KP_I_LD_GLOBAL] = 2;
  in.bytes[KP_SPACE_GLOBAL] = 8;
  in.block_threads = 128;
  in.grid_blocks = 64;
  /* Occupancy 16 blocks/SM; ceil(64/2) = 32, so 16 per SM: N = 64 warps;
   * #Rep = 64 / (16*2) = 2.  Comp = 12 insts * 4 = 48.  Mem_L = 420,
   * departure 4: MWP_without_BW = min(105, 64) = 64.  Load bytes per warp
   * = 8/2 * 32 = 128; BW_per_warp = 128/420 bytes/cycle; MWP_peak_BW =
   * 8 / (128/420 * 2) = 13.125.  MWP = 13.125.  Mem_cycles = 2*420 = 840;
   * CWP = (840+48)/48 = 18.5 >= MWP: memory-bound (case 2):
   * (840*64/13.125 + 48/2*(13.125-1)) * 2 = (4096 + 291) * 2 = 8774. */
  kp_prediction p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_n, 64);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_rep, 2);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_comp_cycles, 48);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_mwp_peak_bw, 13.125);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_mwp, 13.125);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_cwp, 18.5);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_mem_cycles, 840);
  CHECK(kp_cdetail_hongkim(&p)->hk_case == 2);
  CHECK_NEAR(p.exec_cycles, 8774);
  /* Every model's time adds the launch's floor: here the GPU's launch
   * latency, 5000 cycles at 1000 MHz. */
  CHECK_NEAR(p.launch_us, 5);
  CHECK_NEAR(p.predicted_us, 8.774 + 5);
  CHECK_STR(p.bound, "dram");

  /* One barrier per thread: Synch_cost = 4 * (13.125-1) * 1 * 16 * 2 = 1552. */
  in.syncs = 1;
  p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_sync_cycles, 1552);
  CHECK_NEAR(p.exec_cycles, 8774 + 1552);
  in.syncs = 0;

  /* 64 bytes per cycle: MWP_peak_BW = 64*420/256 = 105, MWP = 64 = N but
   * CWP = 18.5 < MWP and Comp < Mem: compute-bound (case 3):
   * (420 + 48*64) * 2 = 6984. */
  g.mem[KP_MEM_DRAM].bandwidth_gbs = 64;
  p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK(kp_cdetail_hongkim(&p)->hk_case == 3);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_mwp, 64);
  CHECK_NEAR(p.exec_cycles, 6984);
  CHECK_STR(p.bound, "issue");

  /* 2 blocks of one warp: 1 block per SM, N = 1, #Rep = 2/(1*2) = 1;
   * MWP = CWP = 1 = N (case 1): (840 + 48 + 48/2*0) * 1 = 888. */
  in.block_threads = 32;
  in.grid_blocks = 2;
  p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK(kp_cdetail_hongkim(&p)->hk_case == 1);
  CHECK_NEAR(p.exec_cycles, 888);
  CHECK_STR(p.bound, "latency");

  /* All uncoalesced, 32 transactions per warp request, departure 4 each:
   * Mem_L_Uncoal = 420 + 31*4 = 544, departure = 4*32 = 128,
   * MWP = 544/128 = 4.25 (peak 64*544/256 = 136); Mem_cycles = 1088;
   * CWP = (1088+48)/48 = 23.67 >= MWP: case 2:
   * (1088*64/4.25 + 24*3.25) * 2 = (16384 + 78) * 2 = 32924. */
  in.block_threads = 128;
  in.grid_blocks = 64;
  in.uncoal_bytes = 8;
  p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_mem_l, 544);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_departure_delay, 128);
  CHECK_NEAR(kp_cdetail_hongkim(&p)->hk_mwp, 4.25);
  CHECK(kp_cdetail_hongkim(&p)->hk_case == 2);
  CHECK_NEAR(p.exec_cycles, 32924);
  CHECK_STR(p.bound, "uncoalesced");
  CHECK_CONTAINS(p.note, "transactions per uncoalesced warp request");

  /* No memory: every warp's 10 FP32 issue in turn: 40 * 64 * 2 = 5120. */
  in.uncoal_bytes = 0;
  in.count[KP_I_LD_GLOBAL] = 0;
  in.bytes[KP_SPACE_GLOBAL] = 0;
  p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK(kp_cdetail_hongkim(&p)->hk_case == 0);
  CHECK_NEAR(p.exec_cycles, 5120);

  /* Seed 003's worked example: 2347008 cycles at 900 MHz = 2607.787 us. */
  g.boost_clock_mhz = 900;
  in.count[KP_I_FP32] = 2347008.0 / 4 / 64 / 2; /* 4584 instructions: comp*N*rep = 2347008 */
  p = run(KP_MODEL_HONGKIM, &g, &in);
  CHECK_NEAR(p.exec_cycles, 2347008);
  CHECK_NEAR_TOL(p.exec_us, 2607.787, 1e-6);
  CHECK_NEAR_TOL(p.predicted_us, 2607.787 + 5000.0 / 900, 1e-6); /* + the launch latency */
}

/* ---- Model 004 (Kolpakov) ---- */

static void test_kolpakov(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);
  /* C_T = 10*4 + 2*400 = 840; 64 blocks of 128 on 2 SMs: N_B = 32, N_w = 4,
   * N_t = 32, N_c = 128, D = FP32 latency 4:
   * 32*4*32*840 / (128*4) = 6720 cycles = 6.72 us. */
  in.count[KP_I_FP32] = 10;
  in.count[KP_I_LD_GLOBAL] = 2;
  in.bytes[KP_SPACE_GLOBAL] = 8;
  in.block_threads = 128;
  in.grid_blocks = 64;
  kp_prediction p = run(KP_MODEL_KOLPAKOV, &g, &in);
  CHECK_NEAR(kp_cdetail_kolpakov(&p)->kol_ct, 840);
  CHECK_NEAR(kp_cdetail_kolpakov(&p)->kol_nb, 32);
  CHECK_NEAR(kp_cdetail_kolpakov(&p)->kol_depth, 4);
  CHECK_NEAR(p.exec_cycles, 6720);
  CHECK_NEAR(p.predicted_us, 6.72 + 5); /* + the launch latency, 5 us */
  CHECK_CONTAINS(p.note, "pipeline depth = FP32 latency");
  /* D = 8 given; transfers 1e6 bytes at 10 GB/s (100 us) and 5e5 bytes at
   * 5 GB/s (100 us): 3.36 + 200 = 203.36 us. */
  in.pipeline_depth = 8;
  in.h2d_bytes = 1e6;
  in.h2d_gbs = 10;
  in.d2h_bytes = 5e5;
  in.d2h_gbs = 5;
  p = run(KP_MODEL_KOLPAKOV, &g, &in);
  CHECK_NEAR(p.exec_cycles, 3360);
  CHECK_NEAR(p.transfer_us, 200);
  CHECK_NEAR(p.predicted_us, 203.36 + 5);
  /* 63 blocks: N_B = ceil(63/2) = 32 still. */
  in.grid_blocks = 63;
  p = run(KP_MODEL_KOLPAKOV, &g, &in);
  CHECK_NEAR(p.exec_cycles, 3360);
}

/* ---- Model 001 (Qu) ---- */

/* Seed 001, Table 6: VecAdd of P = 1920 elements on the GTX 940MX (3 SMs,
 * 128 CUDA cores each, CC 5.0) with at most 16 resident blocks per SM (the
 * I column implies it).  Columns W, I, v, v/I by hand:
 *   W = roundup(g,3)*v/3, I = D/(roundup(g,3)*v), D = 3*a, a = active warps. */
static void test_qu_table6(void) {
  kp_gpu g;
  blank_gpu(&g);
  strcpy(g.id, "gtx940mx");
  g.sm_count = 3;
  g.boost_clock_mhz = 1242;
  g.per_clock_per_sm[KP_OP_FP32] = 128;
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.max_blocks_per_sm = 16;
  in.problem_size = 1920;
  in.count[KP_I_FP32] = 150; /* 50 add, sub, mul per element */
  static const struct {
    int g, b;
    double W, I, v, v_over_I;
  } rows[] = {
      /* <15,128>: v 4, a = min(16, 64/4)*4 = 64, D 192; W 15*4/3 = 20; I 192/60 = 3.2 */
      {15, 128, 20, 3.2, 4, 1.25},
      /* <12,160>: v 5, a = 12*5 = 60 (64/5 = 12 blocks), D 180; W 20; I 180/60 = 3 */
      {12, 160, 20, 3, 5, 5.0 / 3},
      {6, 320, 20, 3, 10, 10.0 / 3},   /* a = 6*10 = 60 */
      {3, 640, 20, 3, 20, 20.0 / 3},   /* a = 3*20 = 60 */
      {60, 32, 20, 0.8, 1, 1},         /* a = 16 (block cap), D 48, I 48/60; v/max(I,1) = 1 */
      {30, 64, 20, 1.6, 2, 1.25},      /* a = 16*2 = 32, D 96, I 96/60 */
      {20, 96, 21, 144.0 / 63, 3, 3 / (144.0 / 63)}, /* roundup 21: W 21; a 48, I 144/63 = 2.29 */
      {10, 192, 24, 2.5, 6, 2.4},      /* roundup 12: W 24; a = 10*6 = 60, I 180/72 */
      {5, 384, 24, 2.5, 12, 4.8},      /* roundup 6: W 24; a = 5*12 = 60 */
      {4, 480, 30, 2, 15, 7.5},        /* roundup 6: W 30; a = 4*15 = 60, I 180/90 */
      {2, 960, 30, 2, 30, 15},         /* roundup 3: W 30; a = 2*30 = 60 */
      /* tail rows (P < g*b): <8,256> g mod 3 = 2: W = 9*8/3 = 24; <4,512>
       * g mod 3 = 1: W = 6*16/3 - 16 + ceil((1920 mod 512)/32) = 16 + 12 = 28;
       * <2,1024>: W = 3*32/3 = 32. */
      {8, 256, 24, 192.0 / 72, 8, 8 / (192.0 / 72)},
      {4, 512, 28, 192.0 / 96, 16, 8},
      {2, 1024, 32, 192.0 / 96, 32, 16},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    in.grid_blocks = rows[i].g;
    in.block_threads = rows[i].b;
    kp_prediction p = run(KP_MODEL_QU, &g, &in);
    if (!near(p.qu_W, rows[i].W, 1e-12) || !near(p.qu_I, rows[i].I, 1e-12) ||
        !near(p.qu_v, rows[i].v, 1e-12) || !near(p.qu_v_over_I, rows[i].v_over_I, 1e-12)) {
      fprintf(stderr, "Table 6 row <%d,%d>: W %g I %g v %g v/I %g\n", rows[i].g, rows[i].b,
              p.qu_W, p.qu_I, p.qu_v, p.qu_v_over_I);
      kp_test_failures++;
    }
    /* The paper prints I and v/I to 2 decimals. */
    static const double printed_I[] = {3.2, 3, 3, 3, 0.8, 1.6, 2.29, 2.5, 2.5, 2, 2};
    static const double printed_vI[] = {1.25, 1.67, 3.33, 6.67, 1, 1.25, 1.31, 2.4, 4.8, 7.5, 15};
    if (i < 11) {
      CHECK(fabs(p.qu_I - printed_I[i]) < 0.005 + 1e-12);
      CHECK(fabs(p.qu_v_over_I - printed_vI[i]) < 0.005 + 1e-12);
    }
    /* No latencies for the 940MX: features, but no time. */
    CHECK(isnan(p.predicted_us));
  }
  /* Without the cap, CC 5.0 allows 32 blocks: <60,32> gets a = 32, I = 1.6. */
  in.max_blocks_per_sm = 0;
  in.grid_blocks = 60;
  in.block_threads = 32;
  kp_prediction p = run(KP_MODEL_QU, &g, &in);
  CHECK_NEAR(p.qu_I, 1.6);
}

static void test_qu_regimes(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);
  /* t = 10*4 + 2*400 = 840 cycles; S = 0.05 given.  128-thread blocks:
   * v = 4, a = 64 (16 blocks of 4 warps), D = 128, c = 128:
   * A = floor(min(128, 64*32)/(32*4)) * 2 = 2; W1 = 2*4/2 = 4, W2 = 64. */
  in.count[KP_I_FP32] = 10;
  in.count[KP_I_LD_GLOBAL] = 2;
  in.bytes[KP_SPACE_GLOBAL] = 8;
  in.block_threads = 128;
  in.spef = 0.05;
  /* Regime 1: g = 2 <= A: K = 1, k = t = 840 cycles. */
  in.grid_blocks = 2;
  kp_prediction p = run(KP_MODEL_QU, &g, &in);
  CHECK_NEAR(p.qu_A, 2);
  CHECK_NEAR(p.qu_D, 128);
  CHECK_NEAR(kp_cdetail_qu(&p)->qu_t_cycles, 840);
  CHECK(kp_cdetail_qu(&p)->qu_regime == 1);
  CHECK_NEAR(kp_cdetail_qu(&p)->qu_K, 1);
  CHECK_NEAR(p.exec_cycles, 840);
  CHECK_NEAR(p.launch_us, 5); /* the GPU's launch latency, as every model */
  /* Regime 2: g = 10: W = 10*4/2 = 20, I = 128/40 = 3.2;
   * K = 1 + (64*0.05 - 1)/(64 - 4) * (20 - 4) = 1 + 2.2*16/60 = 1.586667. */
  in.grid_blocks = 10;
  p = run(KP_MODEL_QU, &g, &in);
  CHECK(kp_cdetail_qu(&p)->qu_regime == 2);
  CHECK_NEAR(p.qu_W, 20);
  CHECK_NEAR(p.qu_I, 3.2);
  CHECK_NEAR(kp_cdetail_qu(&p)->qu_K, 1 + 2.2 * 16 / 60);
  CHECK_NEAR(p.exec_cycles, 840 * (1 + 2.2 * 16 / 60));
  /* Regime 3: g = 40: W = 80 > a = 64 (I = 0.8): K = 80*0.05 = 4, k = 3360. */
  in.grid_blocks = 40;
  p = run(KP_MODEL_QU, &g, &in);
  CHECK(kp_cdetail_qu(&p)->qu_regime == 3);
  CHECK_NEAR(kp_cdetail_qu(&p)->qu_K, 4);
  CHECK_NEAR(p.exec_cycles, 3360);
  CHECK_NEAR(p.predicted_us, 3.36 + 5);
  /* S estimated: max(1/64, delay/(4*t)) = max(0.015625, 12/3360) = 0.015625;
   * K = 80/64 = 1.25. */
  in.spef = NAN;
  p = run(KP_MODEL_QU, &g, &in);
  CHECK_NEAR(kp_cdetail_qu(&p)->qu_S, 0.015625);
  CHECK_NEAR(kp_cdetail_qu(&p)->qu_K, 1.25);
  CHECK_CONTAINS(p.note, "SPEF not given");
  /* Every model reports the features. */
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.qu_W, 80);
  CHECK_NEAR(p.qu_A, 2);
  /* K, t and S are qu's own numbers: the kp model's prediction holds its own. */
  CHECK(kp_cdetail_kp(&p)->kp_wave_cycles > 0);
}

/* ---- Input from a kernel model ---- */

static int op(kp_module *m, kp_region *r, kp_iclass cls, unsigned count, int access) {
  kp_node *n = kp_region_add(m, r);
  CHECK(n != NULL);
  if (!n)
    return -1;
  n->kind = KP_NODE_OP;
  n->cls = cls;
  n->count = count;
  n->access = access;
  return (int)(r->nnodes - 1);
}

static void test_from_kernel(void) {
  kp_module m;
  kp_module_init(&m);
  kp_kernel *k = kp_module_add_kernel(&m);
  CHECK(k != NULL);
  if (!k) {
    kp_module_free(&m);
    return;
  }
  /* for (j < n) { x = ld.global (4 bytes); fp32(x); fp32 } ; __syncthreads() after it */
  k->name = "k";
  k->has_body = 1;
  k->registers_estimate = 20;
  k->shared_static_bytes = 1024;
  kp_access *acc = kp_kernel_add_access(&m, k);
  if (acc) {
    acc->space = KP_SPACE_GLOBAL;
    acc->elem_bytes = 4;
  }
  kp_loop *l = kp_kernel_add_loop(&m, k);
  kp_node *ln = kp_region_add(&m, &k->body);
  CHECK(l && ln);
  if (!l || !ln) {
    kp_module_free(&m);
    return;
  }
  l->trip = kp_sym_var(m.arena, "n");
  ln->kind = KP_NODE_LOOP;
  ln->loop = l;
  op(&m, &l->body, KP_I_LD_GLOBAL, 1, 0);
  op(&m, &l->body, KP_I_FP32, 1, -1);
  kp_node_add_dep(&m, &l->body.nodes[1], 0);
  op(&m, &l->body, KP_I_FP32, 1, -1);
  kp_node_add_dep(&m, &l->body.nodes[2], 1);
  op(&m, &k->body, KP_I_BARRIER, 1, -1);
  kp_node_add_dep(&m, &k->body.nodes[1], 0);

  kp_predict_input in;
  kp_predict_input_init(&in);
  char err[256] = "";
  kp_binding none[] = {{"blockDim.x", 128}};
  CHECK(kp_predict_input_from_kernel(k, none, 1, &in, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "depends on 'n'");

  kp_binding b[] = {{"n", 10}, {"blockDim.x", 128}, {"gridDim.x", 2}};
  kp_predict_input_init(&in);
  CHECK(kp_predict_input_from_kernel(k, b, 3, &in, err, sizeof err) == 0);
  CHECK_NEAR(in.count[KP_I_LD_GLOBAL], 10);
  CHECK_NEAR(in.count[KP_I_FP32], 20);
  CHECK_NEAR(in.count[KP_I_BARRIER], 1);
  CHECK_NEAR(in.bytes[KP_SPACE_GLOBAL], 40);
  CHECK_NEAR(in.syncs, 1);
  CHECK(in.block_threads == 128); /* y, z default to 1 */
  CHECK(in.grid_blocks == 2);
  CHECK(in.smem_bytes == 1024);
  CHECK(in.regs_per_thread == 20);
  CHECK(in.kernel == k);

  /* kp with kp_thread_time: per iteration 400 (load) + 4 + 4 = 408, times
   * 10 = 4080; the barrier (latency 4, an integer op) after the loop: 4084.
   * time_sync = 1 * 1 * 127 = 127.  2 blocks, one per SM, 1 warp per
   * sub-partition, delay 31 cycles: 4084 + 127 = 4211.  DRAM: 2*128*40 =
   * 10240 bytes / 64 = 160 cycles: not limiting. */
  kp_gpu g;
  toy_gpu(&g);
  kp_prediction p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.thread_cycles, 4084);
  CHECK_NEAR(p.thread_delay, 31);
  CHECK_NEAR(p.exec_cycles, 4211);
  CHECK_STR(p.bound, "latency");
  kp_module_free(&m);
}


/* ---- The bottleneck model ---- */

/* The value of one of bn's JSON fields (a resource's cycles over the waves),
 * -1 when the prediction has none. */
static double bn_field(const kp_prediction *p, const char *name) {
  kp_model_field f[KP_MODEL_MAX_FIELDS];
  int n = kp_model_def_of(KP_MODEL_BN)->fields(p, f);
  for (int i = 0; i < n; i++)
    if (strcmp(f[i].name, name) == 0)
      return f[i].value;
  return -1;
}

/* bn.c's BN_LATENCY_OVERLAP_P. */
#define OVERLAP_P 3.0

/* bn's wave time: its busiest throughput resource and its warps' latency as
 * a p-norm (analyses/predict/bn.c, BN_LATENCY_OVERLAP_P); with waves of equal
 * times the launch's totals combine the same way. */
static double bn_wave(double thr, const kp_prediction *p) {
  double lat = bn_field(p, "bn_latency_cycles");
  if (!(lat > 0))
    return thr;
  return pow(pow(thr, OVERLAP_P) + pow(lat, OVERLAP_P), 1 / OVERLAP_P);
}

/* Toy GPU (2 SMs, 4 sub-partitions, FP32 issue 1 cycle, shared latency 20,
 * DRAM 400 cycles and 64 bytes per cycle) with 16 load/store lanes per SM (a
 * warp's memory instruction: 2 cycles).  128-thread blocks, 64 of them: 16
 * blocks per SM (2048 threads), 32 per wave, 2 full waves, 64 warps per SM
 * in a wave. */
/* bn.c's BN_ISSUE_ACTIVE: the issue slots a scheduler fills when issue binds. */
#define ISSUE_ACTIVE 0.805

static void test_bn(void) {
  kp_gpu g;
  toy_gpu(&g);
  g.per_clock_per_sm[KP_OP_LDST] = 16;
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.block_threads = 128;
  in.grid_blocks = 64;

  /* 100 fp32 and 50 shared loads per thread, per wave and SM:
   *   fp32 pipe 64 * 100 * 1 / 4 = 1600, issue 64 * 150 / 4 = 2400,
   *   shared 64 * 50 passes = 3200, ld/st 64 * 50 * 2 = 6400,
   *   latency 100 * 4 + 50 * 20 = 1400.
   * FP32 and the load/store units add up: fp32+ld/st 1600 + 6400 = 8000;
   * the rest overlaps: the wave takes 8000 (not the sum of all), 2 waves
   * 16000. */
  in.count[KP_I_FP32] = 100;
  in.count[KP_I_LD_SHARED] = 50;
  kp_prediction p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(16000, &p));
  CHECK_STR(p.bound, "fp32+ld/st");
  CHECK_STR(p.bound2, "ld/st");
  CHECK_NEAR(p.bound2_ratio, 0.8);
  /* Its JSON fields: each resource's cycles over the waves. */
  {
    kp_model_field f[KP_MODEL_MAX_FIELDS];
    int n = kp_model_def_of(KP_MODEL_BN)->fields(&p, f);
    CHECK(n > 0 && n <= KP_MODEL_MAX_FIELDS);
    CHECK_NEAR(bn_field(&p, "bn_fp32_ldst_cycles"), 16000);
    CHECK_NEAR(bn_field(&p, "bn_ldst_cycles"), 12800);
    CHECK_NEAR(bn_field(&p, "bn_shared_cycles"), 6400);
    CHECK_NEAR(bn_field(&p, "bn_fp32_cycles"), 3200);
  }
  /* Without FP32 work there is nothing to add: ld/st alone, 12800, and no
   * fp32+ld/st field. */
  in.count[KP_I_FP32] = 0;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(12800, &p));
  CHECK_STR(p.bound, "ld/st");
  CHECK_STR(p.bound2, "shared");
  CHECK_NEAR(bn_field(&p, "bn_fp32_ldst_cycles"), -1);
  /* Nor without memory instructions: fp32 alone (1600 per wave), not
   * named twice; its 1600 issue slots take 1600 / 0.805 cycles. */
  in.count[KP_I_FP32] = 100;
  in.count[KP_I_LD_SHARED] = 0;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_STR(p.bound, "issue");
  CHECK_STR(p.bound2, "fp32");
  CHECK_NEAR(p.bound2_ratio, ISSUE_ACTIVE);
  CHECK_NEAR(bn_field(&p, "bn_fp32_ldst_cycles"), -1);
  in.count[KP_I_LD_SHARED] = 50;

  /* A 4-way conflict on every load: 3 more passes each, 64 * 200 = 12800
   * per wave; the issue slots and the load/store units do not change, and
   * the extra passes overlap FP32: shared binds, fp32+ld/st's 8000 next. */
  in.replays[KP_I_LD_SHARED] = 150;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(25600, &p));
  CHECK_STR(p.bound, "shared");
  CHECK_STR(p.bound2, "fp32+ld/st");
  CHECK_NEAR(p.bound2_ratio, 8000.0 / 12800);

  /* A shared-memory data path of 16 lanes (Turing): a pass takes 2 cycles,
   * 64 * 200 * 2 = 25600 per wave; 32 lanes (as many as the warp) change
   * nothing. */
  g.per_clock_per_sm[KP_OP_SHARED] = 16;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(51200, &p));
  CHECK_STR(p.bound, "shared");
  g.per_clock_per_sm[KP_OP_SHARED] = 32;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(25600, &p));
  /* Without conflicts the 16-lane path ties the load/store units (6400),
   * and FP32 adds to the latter. */
  g.per_clock_per_sm[KP_OP_SHARED] = 16;
  in.replays[KP_I_LD_SHARED] = 0;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(16000, &p));
  in.replays[KP_I_LD_SHARED] = 150;
  g.per_clock_per_sm[KP_OP_SHARED] = NAN;

  /* Emitted counts replace the source counts: 10 shared loads after
   * merging: shared 640, ld/st 1280, issue 64 * 110 / 4 = 1760, fp32 1600,
   * fp32+ld/st 2880. */
  in.replays[KP_I_LD_SHARED] = 0;
  in.emitted[KP_I_FP32] = 100;
  in.emitted[KP_I_LD_SHARED] = 10;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 2880, &p));
  CHECK_STR(p.bound, "fp32+ld/st");
  CHECK_STR(p.bound2, "issue");
  CHECK_NEAR(p.bound2_ratio, 1760.0 / ISSUE_ACTIVE / 2880);

  /* DRAM: 4 loads of 16 bytes per thread, 64 * 128 * 64 = 524288 bytes at
   * 64 per cycle = 8192 cycles, 4096 per wave; issue 64 * 104 / 4 = 1664;
   * latency 100 * 4 + 4 * 400 = 2000; fp32+ld/st 1600 + 64 * 4 * 2 = 2112. */
  kp_predict_input_init(&in);
  in.block_threads = 128;
  in.grid_blocks = 64;
  in.count[KP_I_FP32] = 100;
  in.count[KP_I_LD_GLOBAL] = 4;
  in.bytes[KP_SPACE_GLOBAL] = 64;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(8192, &p));
  CHECK_STR(p.bound, "dram");
  /* The arrays span 64 KiB: 1024 cycles of DRAM; the latency (2000 and a
   * block's BN_BLOCK_CYCLES, 200: 2200 per wave) binds, FP32 and the loads
   * next. */
  in.footprint_bytes = 65536;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 2 * 2200);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 2112, &p));
  CHECK_STR(p.bound, "latency");
  CHECK_STR(p.bound2, "fp32+ld/st");
  CHECK_NEAR(bn_field(&p, "bn_dram_cycles"), 1024);
  /* Register spills, with their traffic as kp_ptxas_apply adds it: 400
   * bytes per thread through DRAM ((65536 + 400 * 8192) / 64 = 52224
   * cycles, 26112 per wave) and 100 local instructions per thread (ld/st
   * 64 * 104 * 2 = 13312 per wave).  Without a kernel the thread's path is
   * the sum of its instructions' latencies, the spills' included: 100 * 4 +
   * 4 * 400 + 100 * 400 = 42000, and 200 for the block: 42200 per wave
   * binds. */
  in.spill_bytes = 400;
  in.bytes[KP_SPACE_LOCAL] = 400;
  in.count[KP_I_ST_LOCAL] = in.count[KP_I_LD_LOCAL] = 50;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 84400);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 26112, &p)); /* dram, under the latency */
  CHECK_STR(p.bound, "latency");
  CHECK_STR(p.bound2, "dram");
  CHECK_NEAR(p.bound2_ratio, 26112.0 / 42200);
  /* The resident threads' stacks (400 bytes each, 32 blocks of 128 threads:
   * 1.6 MB) fit in a last-level cache of 1 GiB (latency 100, 128 bytes per
   * cycle): the spills leave DRAM (512 cycles per wave) for it, 3276800 /
   * 128 / 2 = 12800 per wave, and cost its latency: 100 * 4 + 4 * 400 +
   * 100 * 100 = 12000.  fp32+ld/st's 1600 + 13312 = 14912 per wave binds,
   * ld/st alone next. */
  in.stack_bytes = 400;
  g.mem[KP_MEM_LLC].size_bytes = 1LL << 30;
  g.mem[KP_MEM_LLC].latency_cycles = 100;
  g.mem[KP_MEM_LLC].bandwidth_gbs = 128;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.facts.blocks_per_wave, 32);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 14912, &p));
  CHECK_STR(p.bound, "fp32+ld/st");
  CHECK_STR(p.bound2, "ld/st");
  CHECK_NEAR(bn_field(&p, "bn_llc_cycles"), 2 * 12800);
  CHECK(strstr(p.note, "spills served by the last-level cache 100% (a wave's stacks: 1.64 MB)") !=
        NULL);
  /* A cache too small for them (a quarter of them): DRAM, as without a
   * stack size. */
  g.mem[KP_MEM_LLC].size_bytes = 409600;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 84400);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 26112, &p));
  CHECK(strstr(p.note, "spills served") == NULL);
  /* An L2 that holds them serves them first, at L2's latency (200): the
   * path is 100 * 4 + 4 * 400 + 100 * 200 = 22000, 22200 per wave. */
  g.mem[KP_MEM_L2].size_bytes = 1LL << 30;
  g.mem[KP_MEM_LLC].size_bytes = 1LL << 30;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 2 * 22200);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 14912, &p)); /* fp32+ld/st under it */
  CHECK_STR(p.bound, "latency");
  CHECK(strstr(p.note, "spills served by L2 100% (a wave's stacks: 1.64 MB)") != NULL);
  CHECK(strstr(p.note, "last-level") == NULL);
  /* An L1 of 204800 bytes per SM holds a quarter of an SM's stacks (16
   * blocks of 128 threads, 400 bytes each: 819200 bytes): a quarter of the
   * spills hit it at its latency (30) and never reach L2; with no L2 size
   * the rest reach DRAM ((65536 + 0.75 * 3276800) / 64 = 39424 cycles) at
   * 400: the path is 100 * 4 + 4 * 400 + 100 * (0.25 * 30 + 0.75 * 400) =
   * 32750, 32950 per wave with the block's 200. */
  g.mem[KP_MEM_L2].size_bytes = -1;
  g.mem[KP_MEM_LLC].size_bytes = -1;
  g.mem[KP_MEM_L1].size_bytes = 204800;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 2 * 32950);
  CHECK_NEAR(bn_field(&p, "bn_dram_cycles"), 39424);
  CHECK(strstr(p.note, "spills served by L1 25% (an SM's stacks: 0.819 MB)") != NULL);
  /* L2 serves what an L1 holding a quarter of an SM's stacks leaves (above):
   * 100 * 4 + 4 * 400 + 100 * (0.25 * 30 + 0.75 * 200) = 17750, and 200. */
  g.mem[KP_MEM_L2].size_bytes = 1LL << 30;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 2 * 17950);
  CHECK(strstr(p.note, "spills served by L1 25% (an SM's stacks: 0.819 MB), L2 75% (a wave's "
                       "stacks: 1.64 MB)") != NULL);
  g.mem[KP_MEM_L1].size_bytes = -1;
  g.mem[KP_MEM_L2].size_bytes = -1;
  g.mem[KP_MEM_LLC].size_bytes = -1;

  /* Math pipes the scheduler feeds itself hold it for their cycles: with a
   * 64-lane integer pipe (2 cycles a warp instruction per sub-partition),
   * 100 integer and 100 FP32 instructions take 64 * (100 * 2 + 100) / 4 =
   * 4800 issue cycles per wave (not 64 * 200 / 4 = 3200), more than the
   * integer pipe's 3200.  Special functions go to a queue: 100 of them (16
   * lanes: 8 cycles each) add 1600 issue cycles, not 12800, and their own
   * pipe's 12800 binds. */
  kp_predict_input_init(&in);
  in.block_threads = 128;
  in.grid_blocks = 64;
  g.per_clock_per_sm[KP_OP_INT_ADD] = 64;
  in.count[KP_I_INT] = 100;
  in.count[KP_I_FP32] = 100;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 4800 / ISSUE_ACTIVE, &p));
  CHECK_STR(p.bound, "issue");
  CHECK_STR(p.bound2, "int");
  CHECK_NEAR(p.bound2_ratio, 3200.0 * ISSUE_ACTIVE / 4800);
  g.per_clock_per_sm[KP_OP_SFU] = 16;
  in.count[KP_I_SFU] = 100;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_issue_cycles"), 2 * 6400 / ISSUE_ACTIVE);
  CHECK_NEAR(bn_field(&p, "bn_sfu_cycles"), 2 * 12800);
  CHECK_STR(p.bound, "sfu");
  CHECK_STR(p.bound2, "issue");
  g.per_clock_per_sm[KP_OP_SFU] = NAN;

  /* Integer lanes of the SM's own (Volta, Turing, GA100, Hopper): integer
   * and FP32 instructions issue in alternate cycles, one slot each.  100
   * integer and 50 FP32 instructions: 64 * 150 / 4 = 2400 issue slots per
   * wave (held: 64 * (200 + 50) / 4 = 4000), 2981 cycles at 0.805 of them
   * filled, and the integer pipe's 64 * 100 * 2 / 4 = 3200 binds. */
  kp_predict_input_init(&in);
  in.block_threads = 128;
  in.grid_blocks = 64;
  in.count[KP_I_INT] = 100;
  in.count[KP_I_FP32] = 50;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_issue_cycles"), 2 * 4000 / ISSUE_ACTIVE);
  CHECK_STR(p.bound, "issue");
  g.per_clock_per_sm[KP_OP_INT_OWN] = 64;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_issue_cycles"), 2 * 2400 / ISSUE_ACTIVE);
  CHECK_NEAR(bn_field(&p, "bn_int_cycles"), 2 * 3200);
  CHECK_NEAR(p.exec_cycles, bn_wave(2 * 3200, &p));
  CHECK_STR(p.bound, "int");
  CHECK_STR(p.bound2, "issue");
  CHECK_NEAR(p.bound2_ratio, 2400.0 / ISSUE_ACTIVE / 3200);
  /* FP64 still holds it: 100 on a 32-lane pipe (4 cycles) add 64 * 400 / 4. */
  double fp64 = g.per_clock_per_sm[KP_OP_FP64];
  g.per_clock_per_sm[KP_OP_FP64] = 32;
  in.count[KP_I_FP64] = 100;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_issue_cycles"), 2 * (2400 + 6400) / ISSUE_ACTIVE);
  g.per_clock_per_sm[KP_OP_FP64] = fp64;
  g.per_clock_per_sm[KP_OP_INT_OWN] = NAN;
  g.per_clock_per_sm[KP_OP_INT_ADD] = 128;

  /* Too few warps to hide latency: one block of one warp whose critical
   * path is short (50 cycles: independent instructions), 100 fp32 (latency
   * 4) and 50 shared loads (latency 20).  The warp's stream still takes
   * (100 * 4 + 50 * 20) / 2 = 700 cycles with two instructions in flight;
   * issue is 150 / 4 = 37.5, ld/st 50 * 2 = 100, fp32+ld/st 25 + 100. */
  kp_predict_input_init(&in);
  in.block_threads = 32;
  in.grid_blocks = 1;
  in.count[KP_I_FP32] = 100;
  in.count[KP_I_LD_SHARED] = 50;
  int calls = 0;
  in.thread_time = flat_time;
  in.thread_time_user = &calls;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 700 + 200); /* and the block's 200 */
  CHECK(p.exec_cycles > 900.8 && p.exec_cycles < 900.9); /* (900^3 + 125^3)^(1/3) */
  CHECK_NEAR(p.exec_cycles, bn_wave(125, &p)); /* fp32+ld/st */
  CHECK_STR(p.bound, "latency");
  CHECK_STR(p.bound2, "fp32+ld/st");

  /* A global store is done when L2 (latency 200) has it, not DRAM (400): a
   * load and a store cost 400 + 200 on the path, and the block 200. */
  kp_predict_input_init(&in);
  in.block_threads = 32;
  in.grid_blocks = 1;
  in.count[KP_I_LD_GLOBAL] = 1;
  in.count[KP_I_ST_GLOBAL] = 1;
  in.bytes[KP_SPACE_GLOBAL] = 8;
  g.mem[KP_MEM_L2].size_bytes = 1 << 20;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.facts.lat[KP_I_ST_GLOBAL], 400); /* the shared facts keep DRAM's */
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 400 + 200 + 200);

  /* Stores only: the warps never wait on DRAM, so DRAM's time and their
   * latency take the longer of the two, not the p-norm.  64 blocks of 128
   * threads (2 waves of 32), one 8-byte store each: 65536 bytes, 1024
   * cycles of DRAM, 512 a wave; the latency is L2's 200 and the block's 200
   * a wave; ld/st 64 warps x 2 = 128. */
  kp_predict_input_init(&in);
  in.block_threads = 128;
  in.grid_blocks = 64;
  in.count[KP_I_ST_GLOBAL] = 1;
  in.bytes[KP_SPACE_GLOBAL] = 8;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_latency_cycles"), 2 * 400);
  CHECK_NEAR(p.exec_cycles, 1024);
  CHECK_STR(p.bound, "dram");
  /* A load beside it: the warps wait on DRAM, the p-norm (more than the
   * maximum). */
  in.count[KP_I_LD_GLOBAL] = 1;
  in.bytes[KP_SPACE_GLOBAL] = 16;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK(p.exec_cycles > bn_field(&p, "bn_dram_cycles") * 1.01);
  CHECK_NEAR(p.exec_cycles, bn_wave(bn_field(&p, "bn_dram_cycles"), &p));
  /* The bandwidth a store stream was measured to reach on the GPU
   * (dram_achieved), where the database has it: 32 GB/s, half the peak. */
  in.count[KP_I_LD_GLOBAL] = 0;
  in.bytes[KP_SPACE_GLOBAL] = 8;
  g.dram_achieved_gbs[KP_STREAM_WRITE] = 32;
  g.dram_achieved_gbs[KP_STREAM_COPY] = 16;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.exec_cycles, 2048);
  CHECK_CONTAINS(p.note, "DRAM at 32 GB/s (what a store stream was measured to reach)");
  g.dram_achieved_gbs[KP_STREAM_WRITE] = NAN;
  g.dram_achieved_gbs[KP_STREAM_COPY] = NAN;

  /* The last block starts once every other one has been handed out (0.484
   * ns each, 1000 MHz: 0.484 cycles), then lives its whole life: one wave
   * of 64 blocks of one warp doing one FP32 operation takes 64 x 0.484 +
   * its latency, more than the p-norm of the two; bound by dispatch. */
  kp_predict_input_init(&in);
  in.block_threads = 32;
  in.grid_blocks = 64; /* 32 blocks per SM (CC 5.0): one wave */
  in.count[KP_I_FP32] = 1;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.waves, 1);
  CHECK_NEAR(p.exec_cycles, 64 * 0.484 + bn_field(&p, "bn_latency_cycles"));
  CHECK_STR(p.bound, "dispatch");
}

/* ---- The launch's floor and its time per way of timing it ---- */

static void test_launch_floor(void) {
  kp_gpu g;
  toy_gpu(&g);
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.count[KP_I_FP32] = 100; /* 0.4 us of execution (test_kp_latency_and_issue) */
  in.block_threads = 128;
  in.grid_blocks = 2;
  /* A measured floor per way of timing: a cudaEvent pair adds its floor to
   * the execution; back-to-back launches in a stream add their execution
   * beyond what the floor's own kernel holds (bn: a block's 200 cycles, a
   * DRAM and an L2 latency, 800 cycles = 0.8 us here: this launch's 0.4 us
   * adds nothing); a CUDA graph takes the longer of its floor and the
   * execution; Nsight's duration adds its own. */
  g.launch_floor_us[KP_LAUNCH_EVENT] = 6.5;
  g.launch_floor_us[KP_LAUNCH_STREAM] = 2;
  g.launch_floor_us[KP_LAUNCH_GRAPH] = 0.25;
  g.launch_floor_us[KP_LAUNCH_NSIGHT] = 1.5;
  kp_prediction p = run(KP_MODEL_BN, &g, &in);
  double e = p.exec_us;
  CHECK(e > 0.3 && e < 1);
  CHECK_NEAR(p.launch_us, 6.5);
  CHECK_NEAR(p.predicted_us, 6.5 + e);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_EVENT], 6.5 + e);
  CHECK_NEAR(p.floor_exec_cycles, 200 + 400 + 200);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_STREAM], 2);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_GRAPH], e);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_NSIGHT], 1.5 + e);
  CHECK_CONTAINS(p.note, "launch floor 6.5 us (measured");
  /* Every model gets the same floor. */
  p = run(KP_MODEL_QU, &g, &in);
  CHECK_NEAR(p.launch_us, 6.5);
  /* Nothing measured, no overhead model, no simulator latency: the medians
   * of the measured GPUs; Nsight's stands in by the graph's. */
  for (int t = 0; t < KP_LAUNCH_TIMING_COUNT; t++)
    g.launch_floor_us[t] = NAN;
  g.launch_latency_cycles = NAN;
  p = run(KP_MODEL_BN, &g, &in);
  e = p.exec_us;
  CHECK_NEAR(p.launch_us, 5.67);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_STREAM], 2.16);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_NSIGHT], 1.14 + e);
  CHECK_CONTAINS(p.note, "no measurement of this GPU: the median of the measured GPUs");
  /* Another vendor's GPU without a measurement: no floor. */
  strcpy(g.vendor, "AMD");
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.launch_us, 0);
  CHECK_CONTAINS(p.note, "launch overhead unknown: not counted");
  strcpy(g.vendor, "NVIDIA");
  /* A longer launch in a stream: the floor plus its execution beyond the
   * floor kernel's 0.8 us. */
  in.count[KP_I_FP32] = 10000;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK(p.exec_us > 2.16);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_STREAM], 2.16 + p.exec_us - 0.8);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_GRAPH], p.exec_us);
  /* A model without the floor's execution (kp): the longer of the two. */
  p = run(KP_MODEL_KP, &g, &in);
  CHECK_NEAR(p.floor_exec_cycles, 0);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_STREAM], fmax(2.16, p.exec_us));

  /* Back-to-back launches over data that fits in L2: the launch before left
   * it there.  128 blocks of 128 threads (4 waves of 32), one 8-byte load
   * and store each: 262144 bytes, DRAM at 64 bytes per cycle = 4096 cycles,
   * 1024 per wave, a DRAM-bound launch; L2 holds 1 MB: warm, no DRAM term
   * (L2's bandwidth unknown: not limiting), the latency binds. */
  kp_predict_input_init(&in);
  in.block_threads = 128;
  in.grid_blocks = 128;
  in.count[KP_I_LD_GLOBAL] = 1;
  in.count[KP_I_ST_GLOBAL] = 1;
  in.bytes[KP_SPACE_GLOBAL] = 16;
  in.footprint_bytes = 262144;
  g.mem[KP_MEM_L2].size_bytes = 1 << 20;
  g.launch_floor_us[KP_LAUNCH_STREAM] = 2;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(bn_field(&p, "bn_dram_cycles"), 4096);
  double lat = bn_field(&p, "bn_latency_cycles"); /* 4 waves of 200 + 400 + 200 */
  CHECK_NEAR(lat, 3200);
  CHECK(p.warm_cycles >= lat && p.warm_cycles < 1.01 * lat);
  CHECK(p.warm_cycles < p.exec_cycles);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_STREAM], 2 + fmax(0, p.warm_cycles / 1000 - 0.8));
  /* An L2 of 128 KB does not hold it: warm is the execution. */
  g.mem[KP_MEM_L2].size_bytes = 1 << 17;
  p = run(KP_MODEL_BN, &g, &in);
  CHECK_NEAR(p.warm_cycles, p.exec_cycles);
  CHECK_NEAR(p.timing_us[KP_LAUNCH_STREAM], 2 + p.exec_us - 0.8);
}

int main(void) {
  test_bn();
  test_launch_floor();
  test_names();
  test_replays();
  test_kp_latency_and_issue();
  test_kp_bandwidth();
  test_kp_fixed_point_stops();
  test_errors();
  test_hongkim();
  test_kolpakov();
  test_qu_table6();
  test_qu_regimes();
  test_from_kernel();
  return TEST_RESULT();
}
