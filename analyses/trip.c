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
