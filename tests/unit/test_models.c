/* Unit tests of the performance models (analyses/predict/): their names,
 * model 000, errors, models 003, 004 and 001, and the models' input from a
 * kernel model; the bottleneck model is in test_models_bn.c.  Every expected
 * number is worked out by hand in the comments from the formulas of
 * docs/models.md; the GPUs are built in models_fixtures.h, no database. */
#include "check.h"
#include "models_fixtures.h"
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

int main(void) {
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
