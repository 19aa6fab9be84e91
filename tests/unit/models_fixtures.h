/* What the unit tests of the performance models share (test_models.c,
 * test_models_bn.c): a tolerance check, the GPUs built here (no database),
 * one prediction, a thread time.  Uses check.h and the models' interface. */
#ifndef KPERF_TEST_MODELS_FIXTURES_H
#define KPERF_TEST_MODELS_FIXTURES_H

#include "check.h"
#include "kperf/model.h"
#include "kperf/predict.h"

#include <math.h>
#include <string.h>

static inline int near(double got, double want, double tol) {
  int ok = fabs(got - want) <= tol * fmax(1.0, fabs(want));
  if (!ok)
    fprintf(stderr, "  got %.12g, want %.12g\n", got, want);
  return ok;
}
#define CHECK_NEAR(got, want) CHECK(near((got), (want), 1e-9))
#define CHECK_NEAR_TOL(got, want, tol) CHECK(near((got), (want), (tol)))

/* CC 5.0 limits, as gpu-db/data/10-cc-limits.sql has them. */
static inline void cc50_limits(kp_cc_limits *l) {
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
static inline void blank_gpu(kp_gpu *g) {
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
static inline void toy_gpu(kp_gpu *g) {
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

static inline kp_prediction run(kp_model_kind kind, const kp_gpu *g, const kp_predict_input *in) {
  kp_prediction p;
  char err[256] = "";
  int rc = kp_predict(kind, g, in, &p, err, sizeof err);
  if (rc != 0) {
    fprintf(stderr, "kp_predict failed: %s\n", err);
    kp_test_failures++;
  }
  return p;
}
/* A thread time that ignores the memory latency (memory off the critical path). */
static inline int flat_time(void *user, const double lat[KP_I_COUNT], const double issue[KP_I_COUNT],
                     double *time, double *delay) {
  (void)lat;
  (void)issue;
  (*(int *)user)++;
  *time = 50;
  *delay = 1;
  return 1;
}

#endif
