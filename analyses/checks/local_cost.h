/* What local memory costs a launch (internal to analyses/checks/): the
 * launch predicted as it is and with the local-memory traffic of a kernel's
 * arrays (kperf-local-memory) or of its register spills (kperf-spill)
 * removed. */
#ifndef KPERF_LOCAL_COST_H
#define KPERF_LOCAL_COST_H

#include "kperf/checks.h"
#include "kperf/ptxas.h"

/* The launches of one kernel a finding gives a cost at (the first ones in
 * the file): a kernel launched in a loop of many sizes gets a few notes. */
#define KPC_COST_LAUNCHES 3

typedef struct kpc_local_cost {
  double with_us, without_us; /* the launch as it is, and without that traffic */
  double occ_with, occ_without; /* occupancy (0-1) of each */
  long long blocks;
  int block_threads;
  char why[256]; /* no time without the traffic (0 returned after with_us set): why */
} kpc_local_cost;

/* ptxas's record of kernel k for ctx's GPU (the module's ptxas facts), or
 * NULL when there is none. */
const kp_ptxas_func *kpc_ptxas_record(const kp_check_ctx *ctx, const kp_kernel *k);

/* Predicts launch l (of a kernel with a body) with ctx's model: as it is
 * (with_us) and without the local-memory traffic of its arrays (spills 0:
 * those accesses become registers, no instruction and no latency) or of its
 * spills (spills 1: ptxas's spill bytes removed and regs registers per
 * thread, which changes the occupancy).  2: both times; 1: only with_us
 * (why says why the other has none); 0: the launch has no time. */
int kpc_local_cost_of(const kp_check_ctx *ctx, const kp_launch *l, int spills, int regs,
                      kpc_local_cost *out);

/* A note on the last finding at launch l: "at this launch (1024 blocks of
 * 256 threads) kperf predicts 1.2 ms; without WHAT 0.8 ms (34% less)". */
void kpc_local_cost_note(const kp_check_ctx *ctx, const kp_launch *l, const kpc_local_cost *c,
                         int got, const char *what, kp_findings *out);

#endif
