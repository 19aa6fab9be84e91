/* Unit tests of the bottleneck model (analyses/predict/bn.c) and of a
 * launch's floor and its time per way of timing it.  Every expected number
 * is worked out by hand in the comments from the formulas of docs/models.md;
 * the GPUs are built in models_fixtures.h, no database. */
#include "check.h"
#include "models_fixtures.h"
#include "kperf/model.h"
#include "kperf/predict.h"
#include "../../analyses/predict/bn.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

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
  return TEST_RESULT();
}
