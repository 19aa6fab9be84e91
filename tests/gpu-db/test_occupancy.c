/* Known answers of the occupancy calculator, worked out by hand from the
 * rules in analyses/occupancy.c (CUDA Occupancy Calculator spreadsheet for
 * CC 1.x/2.x, cuda_occupancy.h for CC >= 3).  usage: test_occupancy DB */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "kperf/gpu.h"
#include "kperf/occupancy.h"

static kp_gpudb *db;

static kp_occ_result run_cc(int major, int minor, int block, int regs, long long smem, int optin) {
  kp_cc_limits lim;
  char err[512];
  kp_occ_result r;
  memset(&r, 0, sizeof r);
  CHECK(kp_gpudb_cc_limits(db, major, minor, &lim, err, sizeof err) == 0);
  CHECK(lim.known);
  kp_occ_input in;
  kp_occ_input_init(&in);
  in.block_threads = block;
  in.regs_per_thread = regs;
  in.smem_bytes = smem;
  in.smem_optin = optin;
  if (kp_occupancy_cc(&lim, &in, &r, err, sizeof err) != 0) {
    fprintf(stderr, "occupancy failed: %s\n", err);
    kp_test_failures++;
  }
  return r;
}

static kp_occ_result run_gpu(const char *name, int block, int regs, long long smem, int optin) {
  kp_gpu g;
  char err[512];
  CHECK(kp_gpudb_find(db, name, &g, err, sizeof err) == 0);
  return run_cc(g.cc_major, g.cc_minor, block, regs, smem, optin);
}

int main(int argc, char **argv) {
  char err[512];
  if (argc < 2) {
    fprintf(stderr, "usage: %s DB\n", argv[0]);
    return 2;
  }
  db = kp_gpudb_open(argv[1], err, sizeof err);
  if (!db) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  kp_occ_result r;

  /* GTX 280 (CC 1.3): 256 threads = 8 warps; registers per block
   * ceil(ceil(8,2)*16*32, 512) = 4096 -> 16384/4096 = 4; warps 32/8 = 4;
   * shared 16384/4096 = 4. */
  r = run_gpu("gtx280", 256, 16, 4096, 0);
  CHECK(r.active_blocks_per_sm == 4);
  CHECK(r.active_warps_per_sm == 32);
  CHECK(fabs(r.occupancy - 1.0) < 1e-12);
  CHECK(r.limiters == (KP_OCC_LIMIT_WARPS | KP_OCC_LIMIT_REGISTERS | KP_OCC_LIMIT_SHARED_MEMORY));
  CHECK_STR(r.limiter, "warps");

  /* 8600 GT (CC 1.1): 128 threads, 10 regs: ceil(4*10*32, 256) = 1280 ->
   * 8192/1280 = 6 blocks; warps 24/4 = 6. */
  r = run_gpu("8600gt", 128, 10, 0, 0);
  CHECK(r.active_blocks_per_sm == 6);
  CHECK(r.active_warps_per_sm == 24);
  CHECK(r.limiters == (KP_OCC_LIMIT_WARPS | KP_OCC_LIMIT_REGISTERS));

  /* 8600 GT: 96 threads = 3 warps, allocated as 4: ceil(4*20*32, 256) = 2560
   * -> 3 blocks, 9 warps of 24. */
  r = run_gpu("8600gt", 96, 20, 0, 0);
  CHECK(r.active_blocks_per_sm == 3);
  CHECK(r.active_warps_per_sm == 9);
  CHECK(fabs(r.occupancy - 9.0 / 24.0) < 1e-12);
  CHECK_STR(r.limiter, "registers");

  /* CC 1.x limits: 512 threads per block, 124 registers, 16 KB shared. */
  r = run_cc(1, 3, 513, 0, 0, 0);
  CHECK(r.active_blocks_per_sm == 0);
  CHECK_STR(r.limiter, "warps");
  CHECK_CONTAINS(r.note, "512");
  r = run_cc(1, 3, 64, 125, 0, 0);
  CHECK(r.active_blocks_per_sm == 0);
  CHECK_STR(r.limiter, "registers");
  r = run_cc(1, 1, 64, 0, 16385, 0);
  CHECK(r.active_blocks_per_sm == 0);
  CHECK_STR(r.limiter, "shared_memory");
  /* 1.1, 64 threads, no resources: 8 blocks (blocks limit), 16 warps. */
  r = run_cc(1, 1, 64, 0, 0, 0);
  CHECK(r.active_blocks_per_sm == 8);
  CHECK_STR(r.limiter, "blocks");

  /* CC 2.0: 256 threads, 21 regs: ceil(21*32, 64) = 704 per warp; warps that
   * fit floor(32768/704 = 46, 2) = 46 -> 46/8 = 5 blocks, 40 of 48 warps. */
  r = run_cc(2, 0, 256, 21, 0, 0);
  CHECK(r.active_blocks_per_sm == 5);
  CHECK(r.active_warps_per_sm == 40);
  CHECK_STR(r.limiter, "registers");
  /* CC 2.0 shared: 5000 bytes -> 5120 allocated, 49152/5120 = 9, blocks 8. */
  r = run_cc(2, 0, 32, 0, 5000, 0);
  CHECK(r.active_blocks_per_sm == 8);
  CHECK_STR(r.limiter, "blocks");
  r = run_cc(2, 1, 32, 0, 7000, 0); /* 7040 allocated: 49152/7040 = 6 */
  CHECK(r.active_blocks_per_sm == 6);
  CHECK_STR(r.limiter, "shared_memory");

  /* H100: 256 threads, 64 regs (2048 per warp: 8 warps per sub-partition,
   * 32 per SM = 4 blocks); 48 KB + 1 KB reserved: 233472/50176 = 4. */
  r = run_gpu("h100", 256, 64, 49152, 0);
  CHECK(r.active_blocks_per_sm == 4);
  CHECK(r.active_warps_per_sm == 32);
  CHECK(fabs(r.occupancy - 0.5) < 1e-12);
  CHECK(r.limiters == (KP_OCC_LIMIT_REGISTERS | KP_OCC_LIMIT_SHARED_MEMORY));
  CHECK_STR(r.limiter, "registers");
  CHECK(r.smem_per_block == 50176);

  /* GTX 940MX (CC 5.0), seed 001 Table 6 <60,32>: 1-warp blocks are limited by
   * the 32-block limit of CC 5.0: 32 blocks, 32 of 64 warps.  (The paper's I
   * column implies 16 blocks; CUDA's rules say 32, see docs/gpu-db.md.) */
  r = run_gpu("gtx940mx", 32, 0, 0, 0);
  CHECK(r.active_blocks_per_sm == 32);
  CHECK(r.active_warps_per_sm == 32);
  CHECK_STR(r.limiter, "blocks");
  /* <15,128>: 4-warp blocks: 16 blocks, 64 warps. */
  r = run_gpu("gtx940mx", 128, 0, 0, 0);
  CHECK(r.active_blocks_per_sm == 16);
  CHECK_STR(r.limiter, "warps");

  /* RTX 3090 (CC 8.6, 48 warps): 1024 threads -> 1 block, 32 of 48 warps. */
  r = run_gpu("rtx3090", 1024, 32, 0, 0);
  CHECK(r.active_blocks_per_sm == 1);
  CHECK(r.active_warps_per_sm == 32);
  CHECK(fabs(r.occupancy - 32.0 / 48.0) < 1e-12);
  CHECK_STR(r.limiter, "warps");

  /* A100: 100 KB of shared memory needs the opt-in. */
  r = run_gpu("a100", 128, 32, 100 * 1024, 0);
  CHECK(r.active_blocks_per_sm == 0);
  CHECK_STR(r.limiter, "shared_memory");
  CHECK_CONTAINS(r.note, "opt in");
  r = run_gpu("a100", 128, 32, 100 * 1024, 1);
  CHECK(r.active_blocks_per_sm == 1); /* 103424 allocated of 167936 */
  CHECK_STR(r.limiter, "shared_memory");

  /* T4: 64 threads, 255 registers: 8192 per warp, 2 warps per sub-partition
   * -> 8 warps = 4 blocks; the block check needs 4 warps' worth (32768). */
  r = run_gpu("t4", 64, 255, 0, 0);
  CHECK(r.active_blocks_per_sm == 4);
  CHECK_STR(r.limiter, "registers");

  /* Barriers (CC 9.0): 64 per SM, 4 per block -> 16 blocks. */
  {
    kp_gpu g;
    CHECK(kp_gpudb_find(db, "h100", &g, err, sizeof err) == 0);
    kp_occ_input in;
    kp_occ_input_init(&in);
    in.block_threads = 32;
    in.barriers = 4;
    CHECK(kp_occupancy(&g, &in, &r, err, sizeof err) == 0);
    CHECK(r.active_blocks_per_sm == 16);
    CHECK_STR(r.limiter, "barriers");
    /* Carveout 0% with 1 KB of shared memory: the carveout grows to 8 KB. */
    kp_occ_input_init(&in);
    in.block_threads = 32;
    in.smem_bytes = 1024;
    in.carveout_percent = 0;
    CHECK(kp_occupancy(&g, &in, &r, err, sizeof err) == 0);
    CHECK(r.smem_per_sm == 8192);
    CHECK(r.active_blocks_per_sm == 4); /* 8192 / 2048 */
    /* Invalid input. */
    in.block_threads = 0;
    CHECK(kp_occupancy(&g, &in, &r, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "block size");
    /* Unknown limits. */
    kp_cc_limits none;
    CHECK(kp_gpudb_cc_limits(db, 4, 2, &none, err, sizeof err) == 0);
    CHECK(!none.known);
    in.block_threads = 32;
    CHECK(kp_occupancy_cc(&none, &in, &r, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "no occupancy limits for compute capability 4.2");
  }

  kp_gpudb_close(db);
  return TEST_RESULT();
}
