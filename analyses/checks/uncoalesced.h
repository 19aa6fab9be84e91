/* What the two files of kperf-uncoalesced share and nothing else reads:
 * uncoalesced.c (the scan of an access, the judgement, the messages, the
 * check's run) and uncoalesced_unknowns.c (an access judged over the
 * parameters the file does not give).  The shared functions keep their short
 * names in the code and get a kp__uncoalesced_ prefix as symbols (the
 * defines below), so that nothing outside the check can bind to them. */
#ifndef KPERF_CHECKS_UNCOALESCED_H
#define KPERF_CHECKS_UNCOALESCED_H

#include "check_util.h"
#include "kperf/checks.h"
#include "kperf/warp.h"

#include <stddef.h>
#include <stdint.h>

#define visit kp__uncoalesced_visit
#define lane_ctx kp__uncoalesced_lane_ctx
#define loaded_var kp__uncoalesced_loaded_var
#define picks_lanes kp__uncoalesced_picks_lanes
#define probe_scan kp__uncoalesced_probe_scan
#define sweep_unknowns kp__uncoalesced_sweep_unknowns

/* At most this many unknowns in one access are judged (7^2 values of the
 * others per swept one); with more, nothing is said. */
#define KP_UNKNOWNS_MAX_ 3

typedef struct worst {
  int have;
  double ratio;
  kp_coalescing co;
  unsigned warp;
  int64_t block_id;
  unsigned primary_index;
  unsigned lanes; /* lanes that made the access there */
  int64_t iter[64]; /* every loop's iteration at this point (k->nloops <= 64) */
} worst;

typedef struct scan_state {
  const kp_gpu *gpu;
  worst w[KP_SCAN_SAMPLES];
  unsigned nsamples;
  size_t nloops;
  int full; /* some warp made the access with all the lanes its block gives it */
  int only_full; /* judge only warps whose every lane makes the access */
  unsigned need;     /* > 0: a warp with this many lanes counts as whole too */
  unsigned maxlanes; /* the most lanes a visited warp made the access with */
} scan_state;

/* The lane context the check judges with: an access under a condition on
 * loaded data (kp_access.guards_data) is judged with every lane its other
 * guards let through taking it (the ideal has the same lanes). */
int lane_ctx(const kp_check_ctx *ctx, kp_lane_ctx *c, const kp_kernel *k,
             const kp_shape *s, const kp_access *a, const char **fixed, size_t *nfixed);

/* The values a parameter is judged at: small sizes one by one, then powers
 * of two and their neighbours up to 2^16 (strides, widths, counts). */
static const int64_t SWEEP[] = {1,   2,   3,    4,    5,    6,    7,    8,    9,     12,
                                16,  17,  31,   32,   33,   64,   65,   127,  128,   129,
                                256, 257, 1000, 1023, 1024, 1025, 4096, 4097, 65536, 65537};
#define NSWEEP (sizeof SWEEP / sizeof *SWEEP)
#define KP_UNKNOWNS_MAX KP_UNKNOWNS_MAX_
/* A condition that starts above this is no statement about real sizes. */
#define SWEEP_MAX_FROM 1024

typedef struct sweep_result {
  int64_t from;                     /* uncoalesced for every value >= from */
  int64_t figure;                   /* the value the message's figures are for */
  unsigned first_tx, max_tx, ideal; /* transactions at from, the most, ideal */
  unsigned min_tx;                  /* the fewest from `from` on */
  int64_t max_from;                 /* the first value with max_tx */
  int monotonic;                    /* transactions never fall as the value grows */
  int partial; /* values left out: no whole warp made the access there */
  int64_t fig[KP_UNKNOWNS_MAX]; /* every unknown's value in the figures */
} sweep_result;

/* At most this many scans per access and block shape; past it nothing is
 * said (a scan per value judged: the old two samples cost one). */
#define SCAN_BUDGET 1200
/* And at most this many in a file: past it, accesses with unknowns get no
 * finding (the rest of kperf's work keeps its time). */
#define FILE_SCAN_BUDGET 20000

/* ---- uncoalesced.c ---- */

/* kp_access_scan's visitor: the worst request per sample (a scan_state). */
void visit(void *user, const kp_scan_point *sp);

/* ---- uncoalesced_unknowns.c ---- */

/* Whether name stands for a warp-uniform loaded value of k. */
int loaded_var(const kp_kernel *k, const char *name);
/* Whether an unknown decides which lanes make access a. */
int picks_lanes(const kp_kernel *k, const kp_access *a, const char *const *names, size_t nu);
/* A probe of a at the values v: 1 with *st when a warp made it. */
int probe_scan(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
               const kp_shape *s, const char *const *names, size_t nu, const int64_t *v,
               scan_state *st);
/* Judges access a over its unknowns: 1 with *r (*which: the swept one), else 0. */
int sweep_unknowns(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                   const kp_shape *s, const char *const *names, size_t nu, int whole,
                   unsigned long *file_budget, size_t *which, sweep_result *r);

#endif
