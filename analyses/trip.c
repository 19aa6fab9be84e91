/* Loop trip counts as formulas (see include/kperf/trip.h). */
#include "kperf/trip.h"

#include <stddef.h>

static const kp_sym *counted(struct kp_arena *a, const kp_sym *from, const kp_sym *to, int inclusive,
                             const kp_sym *stride) {
  const kp_sym *span = kp_sym_sub(a, to, from);
  if (inclusive)
    span = kp_sym_add(a, span, kp_sym_const(a, 1));
  return kp_sym_bin(a, KP_SYM_CEILDIV, kp_sym_bin(a, KP_SYM_MAX, kp_sym_const(a, 0), span), stride);
}

const kp_sym *kp_trip_count(struct kp_arena *a, const kp_sym *init, kp_step_kind kind,
                            const kp_sym *step, kp_cmp cmp, const kp_sym *limit) {
  if (!a || !init || !limit)
    return NULL;
  const kp_sym *one = kp_sym_const(a, 1);
  int64_t v;
  switch (kind) {
  case KP_STEP_ADD: {
    if (!step)
      return NULL;
    int is_const = kp_sym_is_const(step, &v);
    if (is_const && v == 0)
      return NULL;
    if (!is_const || v > 0) { /* counting up */
      if (cmp != KP_CMP_LT && cmp != KP_CMP_NE && cmp != KP_CMP_LE)
        return NULL;
      return counted(a, init, limit, cmp == KP_CMP_LE, step);
    }
    if (cmp != KP_CMP_GT && cmp != KP_CMP_NE && cmp != KP_CMP_GE)
      return NULL;
    return counted(a, limit, init, cmp == KP_CMP_GE, kp_sym_const(a, -v));
  }
  case KP_STEP_MUL2: {
    /* The smallest k with init * 2^k >= bound; init must be positive. */
    if (kp_sym_is_const(init, &v) && v <= 0)
      return NULL;
    const kp_sym *bound = cmp == KP_CMP_LT ? limit : cmp == KP_CMP_LE ? kp_sym_add(a, limit, one) : NULL;
    if (!bound)
      return NULL;
    return kp_sym_un(a, KP_SYM_CLOG2, kp_sym_bin(a, KP_SYM_CEILDIV, bound, init));
  }
  case KP_STEP_SHR1: {
    /* While i > b (b >= 0): the smallest k with init >> k <= b. */
    const kp_sym *b = cmp == KP_CMP_GT || cmp == KP_CMP_NE ? limit
                      : cmp == KP_CMP_GE                 ? kp_sym_sub(a, limit, one)
                                                         : NULL;
    if (!b || !kp_sym_is_const(b, &v) || v < 0)
      return NULL;
    return kp_sym_add(
        a, kp_sym_un(a, KP_SYM_FLOG2, kp_sym_bin(a, KP_SYM_DIV, init, kp_sym_const(a, v + 1))), one);
  }
  }
  return NULL;
}

const kp_sym *kp_guard_indicator(struct kp_arena *a, const kp_guard *g) {
  if (!a || !g || !g->lhs || !g->rhs)
    return NULL;
  const kp_sym *zero = kp_sym_const(a, 0), *one = kp_sym_const(a, 1);
  const kp_sym *lhs = g->lhs, *rhs = g->rhs;
  /* b - a >= 1 exactly when a < b */
  const kp_sym *gap;
  switch (g->op) {
  case KP_GUARD_LT: gap = kp_sym_sub(a, rhs, lhs); break;
  case KP_GUARD_LE: gap = kp_sym_add(a, kp_sym_sub(a, rhs, lhs), one); break;
  case KP_GUARD_GT: gap = kp_sym_sub(a, lhs, rhs); break;
  case KP_GUARD_GE: gap = kp_sym_add(a, kp_sym_sub(a, lhs, rhs), one); break;
  case KP_GUARD_NE:
  case KP_GUARD_EQ:
    gap = kp_sym_add(a, kp_sym_bin(a, KP_SYM_MAX, zero, kp_sym_sub(a, lhs, rhs)),
                     kp_sym_bin(a, KP_SYM_MAX, zero, kp_sym_sub(a, rhs, lhs)));
    break;
  default: return NULL;
  }
  const kp_sym *ind = kp_sym_bin(a, KP_SYM_MIN, one, kp_sym_bin(a, KP_SYM_MAX, zero, gap));
  return g->op == KP_GUARD_EQ ? kp_sym_sub(a, one, ind) : ind;
}

const kp_sym *kp_trip_conjunction(struct kp_arena *a, const kp_sym *const *trips, size_t n,
                                  const kp_guard *when, size_t nwhen) {
  if (!a || !trips || n == 0)
    return NULL;
  const kp_sym *t = trips[0];
  for (size_t i = 1; i < n && t; i++)
    t = kp_sym_equal(t, trips[i]) ? t : kp_sym_bin(a, KP_SYM_MIN, t, trips[i]);
  for (size_t i = 0; i < nwhen && t; i++)
    t = kp_sym_mul(a, kp_guard_indicator(a, &when[i]), t);
  return t;
}
