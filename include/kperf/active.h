/* kperf active work: the share of a launch's threads' work that passes the
 * kernel's bounds checks.
 *
 * Counts are those of the main thread (count.h), which passes every check;
 * a grid rounded up or not shrunk by a tile size launches blocks whose
 * threads exit at `if (x < n)`.  kp_live_fraction evaluates the guards of the
 * kernel's heaviest accesses over a sample of the launch's blocks, warps,
 * lanes and loop iterations (analyses/active.c). */
#ifndef KPERF_ACTIVE_H
#define KPERF_ACTIVE_H

#include "kperf/model.h"
#include "kperf/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kp_live {
  /* Of the work the main thread's counts give every warp: the fraction the
   * launch's warps do (a warp with one live lane counts as a whole warp),
   * weighted by each sampled access's executions per thread. */
  double warps;
  /* The fraction of (sampled) blocks in which some warp does that work. */
  double blocks;
  int accesses; /* how many accesses were judged */
  /* Instructions a thread runs outside the kernel's loops and branches (its
   * index arithmetic and bounds checks): what a warp that does no work still
   * issues. */
  double prologue;
} kp_live;

/* With the bindings of a launch (gridDim.*, blockDim.* and the parameters
 * bound): 1 and *out when some access could be judged; 0 and 1, 1 when not
 * (unknown sizes, guards kperf cannot evaluate, no accesses). */
int kp_live_fraction(const kp_kernel *k, const kp_binding *b, size_t nb, kp_live *out);

/* Executions of access a per thread: the product of the trip counts of the
 * loops around it with bindings b; -1 when one does not evaluate. */
double kp_access_executions(const kp_kernel *k, const kp_access *a, const kp_binding *b,
                            size_t nb);

#ifdef __cplusplus
}
#endif
#endif
