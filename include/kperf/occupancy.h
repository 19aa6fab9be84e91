/* kperf occupancy calculator: resident blocks and warps per SM.
 *
 * CC >= 3.0 follows the rules of NVIDIA's cuda_occupancy.h (the oracle of
 * tests/gpu-db/test_occupancy_oracle.cpp); CC 1.x and 2.x follow the CUDA
 * Occupancy Calculator spreadsheet.  Every limit comes from the database
 * (kp_cc_limits); see docs/gpu-db.md.
 */
#ifndef KPERF_OCCUPANCY_H
#define KPERF_OCCUPANCY_H

#include <stddef.h>
#include "kperf/gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Factors that limit the resident blocks (bit set; several may tie). */
enum {
  KP_OCC_LIMIT_WARPS = 0x01,
  KP_OCC_LIMIT_REGISTERS = 0x02,
  KP_OCC_LIMIT_SHARED_MEMORY = 0x04,
  KP_OCC_LIMIT_BLOCKS = 0x08,
  KP_OCC_LIMIT_BARRIERS = 0x10
};

typedef enum kp_occ_gc {
  KP_OCC_GC_OFF = 0,      /* partitioned global caching off (default) */
  KP_OCC_GC_ON = 1,       /* on where supported, off when the block does not fit */
  KP_OCC_GC_ON_STRICT = 2 /* forced on */
} kp_occ_gc;

typedef struct kp_occ_input {
  int block_threads;       /* threads per block */
  int regs_per_thread;     /* registers per thread (0: none) */
  long long smem_bytes;    /* shared memory per block, static + dynamic */
  int smem_optin;          /* 1: the kernel opted in to the larger per-block limit
                            * (cudaFuncAttributeMaxDynamicSharedMemorySize) */
  int carveout_percent;    /* -1: default (largest); 0..100: preferred shared share */
  int barriers;            /* named block barriers the kernel uses (default 1) */
  kp_occ_gc partitioned_gc;
} kp_occ_input;

typedef struct kp_occ_result {
  int active_blocks_per_sm;
  int active_warps_per_sm;
  int max_warps_per_sm;
  double occupancy;        /* active warps / max warps, 0..1 */
  unsigned limiters;       /* KP_OCC_LIMIT_* bits that equal the result */
  const char *limiter;     /* the first of: "warps", "registers", "shared_memory",
                              "blocks", "barriers" */
  /* Blocks each resource alone would allow (INT_MAX: not limiting). */
  int limit_warps, limit_registers, limit_shared_memory, limit_blocks, limit_barriers;
  int regs_per_block;             /* allocated registers per block */
  long long smem_per_block;       /* allocated shared memory per block (incl. reserved) */
  long long smem_per_sm;          /* shared memory per SM under the carveout used */
  int partitioned_gc;             /* 1 when partitioned global caching stays on */
  char note[160];                 /* why nothing fits, "" otherwise */
} kp_occ_result;

/* block_threads 0, regs 0, smem 0, no opt-in, default carveout, 1 barrier, GC off. */
void kp_occ_input_init(kp_occ_input *in);

/* Occupancy from compute-capability limits.  0 ok (possibly 0 blocks, with
 * result->note saying why), -1 with message when the limits are unknown or
 * the input is invalid (block_threads <= 0, negative counts). */
int kp_occupancy_cc(const kp_cc_limits *lim, const kp_occ_input *in, kp_occ_result *out,
                    char *err, size_t errlen);
/* Same, with the GPU's limits. */
int kp_occupancy(const kp_gpu *gpu, const kp_occ_input *in, kp_occ_result *out, char *err,
                 size_t errlen);

/* Name of one KP_OCC_LIMIT_* bit. */
const char *kp_occ_limiter_name(unsigned bit);

#ifdef __cplusplus
}
#endif
#endif
