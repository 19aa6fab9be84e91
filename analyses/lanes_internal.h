/* What the three files of the lanes share and nothing else reads: lanes.c
 * (the evaluation context, a point's bindings, a warp's addresses at a
 * point), lanes_access.c (an access's loops, unknowns and the shift it
 * names) and lanes_scan.c (the scan of an access over its points, the GPU's
 * rules at a scan point).  The public interface is include/kperf/lanes.h. */
#ifndef KPERF_LANES_INTERNAL_H
#define KPERF_LANES_INTERNAL_H

#include "kperf/sym.h"
#include "kperf/invariant.h"
#include "kperf/lanes.h"
#include "kperf/limits.h"
#include "kperf/count.h"
#include "kperf/trip.h"

#include <stddef.h>
#include <stdint.h>

/* An affine form with its base and coefficients evaluated for a point (they
 * do not depend on the lane). */
#define MAX_TERMS 16
typedef struct point_affine {
  int64_t base;
  int64_t coef[MAX_TERMS];
  int var[MAX_TERMS];
  size_t n;
} point_affine;

/* The guards of an access prepared once per point (kp__lanes_prep). */
enum { CACHED_GUARDS = 16 };

/* A guard's side as base + coef . (threadIdx.x, .y, .z) at a point: the
 * other variables take their value there once, the lanes only multiply and
 * add.  Taken only while every node of the formula stays within AFFINE_LIM
 * (and each coefficient within AFFINE_COEF), so that no node's value can
 * overflow at any lane (thread indices < 1024) and the lane's value is what
 * evaluating the formula would give; else the guard is evaluated per lane. */
enum { AFFINE_COEF = 1 << 20 };
#define AFFINE_LIM ((int64_t)1 << 40)
typedef struct {
  int64_t base, coef[3];
} tid_affine;

/* What kp_lanes_eval prepares at a point before looking at its lanes (none
 * of it depends on the warp): the point's bindings, the index's affine
 * forms, each guard's way of being decided and the programs compiled. */
typedef struct kp__lanes_prep {
  int ok;                 /* 0: no warp can be evaluated at the point */
  const kp_access *a;
  int64_t pad;
  size_t fixed;           /* c->fixed when prepared */
  const kp_sym *per_lane; /* a non-affine index, evaluated per lane from its formula */
  kp_binding *b;          /* the point's bindings (a copy of c->b[0, nb)) */
  size_t nb;
  point_affine idx_f, sub_f[4];
  int64_t stride[4];
  /* The first CACHED_GUARDS guards: one that names no thread index holds
   * for every lane or for none (the lanes differ only in those), evaluated
   * at the first lane that reaches it; one that does, over its own
   * sides compiled (kp_sym_prog).  Later guards: over every binding, per lane.
   * A guard whose sides are affine in the thread indices (tid_affine) is
   * decided per lane from its two forms instead.
   * once[g]: 2 not yet evaluated; 0/1 its value; -1 per lane from its
   * sides compiled (prog[g]); -2 per lane over every binding (a side that
   * does not compile); -3 per lane from side[g]. */
  signed char once[CACHED_GUARDS];
  kp_sym_prog prog[CACHED_GUARDS][2];
  tid_affine side[CACHED_GUARDS][2];
  kp_sym_prog idx_p; /* the per-lane index compiled (n 0: evaluated over every binding) */
} kp__lanes_prep;

/* ---- lanes.c ---- */

/* Adds binding name = v to c; 0 when out of memory. */
int kp__lane_push(kp_lane_ctx *c, const char *name, int64_t v);
/* Whether c binds name. */
int kp__lane_bound(const kp_lane_ctx *c, const char *name);
/* The name of loop id's iteration variable ("iteration@N"), NULL past 63. */
const char *kp__lane_iter_name(unsigned id);
/* Binds the variables of s nothing binds to value. */
int kp__lane_bind_unknowns(kp_lane_ctx *c, const kp_sym *s, int64_t value);
/* Whether s names a variable c does not bind. */
int kp__lane_any_unknown(const kp_lane_ctx *c, const kp_sym *s);
/* Calls fn(s, user) on each formula of access a that evaluating it reads. */
void kp__access_formulas(const kp_access *a, int subs, void (*fn)(const kp_sym *, void *),
                         void *user);
/* Binds point p for lane 0 with the loops from innermost out (-2: every loop). */
int kp__lane_bind_point_in(kp_lane_ctx *c, const kp_lane_point *p, const kp_access *a,
                           int innermost);
/* Binds point p for lane 0 with the loops around a (every loop without a). */
int kp__lane_bind_point(kp_lane_ctx *c, const kp_lane_point *p, const kp_access *a);
/* Binds point p and prepares r (freed with kp__lanes_prep_free). */
int kp__lanes_prepare(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, int64_t pad,
                      kp__lanes_prep *r);
void kp__lanes_prep_free(kp__lanes_prep *r);
/* Warp p->warp at the point r was prepared for. */
int kp__lanes_eval_prepared(kp_lane_ctx *c, kp__lanes_prep *r, const kp_access *a,
                            const kp_lane_point *p, kp_warp_access *out);

/* ---- lanes_access.c ---- */

/* Whether loop l, one of the loops around a, moves the address of a. */
int kp__access_reaches(const kp_kernel *k, const kp_access *a, const kp_loop *l);
/* Whether l's trip count depends on an enclosing loop (and not on the thread). */
int kp__loop_trip_follows_outer(const kp_kernel *k, const kp_loop *l);
/* l's trip count with the enclosing loops at the iterations of iter; -1
 * when it does not evaluate. */
int64_t kp__lane_trip_at(kp_lane_ctx *c, const kp_loop *l, const int64_t *iter, int64_t unknown_value);

#endif
