/* kperf loop trip counts: how many times a counted loop runs.
 *
 * The plugin recognises a loop's counter, its first value, its update and
 * the comparison that ends it; this turns them into a formula (see sym.h).
 * Thread ids in init or limit stay variables: bind them to get the count of
 * one thread. */
#ifndef KPERF_TRIP_H
#define KPERF_TRIP_H

#include "kperf/model.h"
#include "kperf/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kp_step_kind {
  KP_STEP_ADD = 0, /* i += step (step may be negative or symbolic; symbolic is taken as > 0) */
  KP_STEP_MUL2,    /* i *= 2, i <<= 1 */
  KP_STEP_SHR1     /* i >>= 1, i /= 2 */
} kp_step_kind;

/* The loop runs while `i cmp limit`. */
typedef enum kp_cmp { KP_CMP_LT = 0, KP_CMP_LE, KP_CMP_GT, KP_CMP_GE, KP_CMP_NE } kp_cmp;

/* The trip count of `for (i = init; i cmp limit; update)`, or NULL when this
 * combination does not give one kperf can state (a zero step, a counter that
 * moves away from its bound, a doubling counter that starts at 0, a halving
 * counter compared with a symbolic or negative bound):
 *   ADD up:    ceildiv(max(0, limit - init [+1 for <=]), step)
 *   ADD down:  ceildiv(max(0, init - limit [+1 for >=]), -step)
 *   MUL2:      clog2(ceildiv(limit [+1 for <=], init))
 *   SHR1:      flog2(init / (b + 1)) + 1 for i > b (i >= b: b - 1; i != b: b) */
const kp_sym *kp_trip_count(struct kp_arena *a, const kp_sym *init, kp_step_kind kind,
                            const kp_sym *step, kp_cmp cmp, const kp_sym *limit);

/* 1 when the comparison g holds and 0 when not, as a formula of integers
 * (`a < b`: min(1, max(0, b - a)); `a != b`: min(1, max(0, a - b) + max(0,
 * b - a)); `a == b`: 1 minus that), or NULL when g's sides are NULL. */
const kp_sym *kp_guard_indicator(struct kp_arena *a, const kp_guard *g);

/* The trip count of a loop whose condition is the conjunction of several
 * bounds on its counter (`k < blockDim.x && base + k < n`): the counter
 * stops at the first that fails, so the trip count is the smallest of the
 * conjuncts' counts (trips[0..n), each from kp_trip_count), times the
 * indicator of every condition that does not mention the counter
 * (when[0..nwhen): `i < n && flag`).  NULL when one of them is NULL. */
const kp_sym *kp_trip_conjunction(struct kp_arena *a, const kp_sym *const *trips, size_t n,
                                  const kp_guard *when, size_t nwhen);

#ifdef __cplusplus
}
#endif
#endif
