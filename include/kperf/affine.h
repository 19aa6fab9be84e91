/* kperf integer values as affine forms, while a kernel's model is built.
 *
 * The plugin follows each integer value of a kernel as base + sum(coef * var):
 * the vars are thread and block ids and loop counters (KP_V_* of model.h),
 * base and coefficients are formulas (sym.h) over parameters, launch sizes
 * and constants.  blockIdx.x * blockDim.x + threadIdx.x is the base 0 with
 * the terms blockDim.x * KP_V_CTAID_X and 1 * KP_V_TID_X.  A value that is
 * not affine but that each thread computes from ids, loop counters, launch
 * sizes, parameters and constants alone ((i * 7) % n, t * (k + 1)) keeps a
 * formula of it instead; a value loaded from memory has neither.
 *
 * kp_lin is kp_affine's twin for the values being computed: the accesses of
 * the model get theirs through kp_lin_to_affine.  Values are immutable: each
 * operation returns a new one, its terms allocated in the arena (copies of a
 * kp_lin share their terms).  An operand with neither form makes the result
 * unknown, as does running out of memory.  In formulas, ids are named as in
 * kp_id_names ("threadIdx.x") and the counter of loop N as "iteration@N".
 */
#ifndef KPERF_AFFINE_H
#define KPERF_AFFINE_H

#include "kperf/model.h"
#include "kperf/sym.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct kp_arena;

typedef struct kp_lin {
  int valid;            /* base + sum(terms) is the value */
  const kp_sym *base;   /* the part that does not vary with ids or counters */
  const kp_term *terms; /* coef * var, in the order the vars first appeared */
  size_t nterms;
  const kp_sym *sym;    /* !valid: the value as a formula, or NULL (unknown) */
  /* !valid, a sum some of whose addends are not affine (a[x + off[i]]): the
   * sum of the affine addends (valid), or NULL when there is none or the
   * value is not such a sum. */
  const struct kp_lin *part;
} kp_lin;

/* Constructors.  An all-zero kp_lin is the unknown value. */
kp_lin kp_lin_const(struct kp_arena *a, int64_t v);
/* base s, no terms (valid when s is not NULL: a parameter, a launch size). */
kp_lin kp_lin_of(const kp_sym *s);
/* coef * var. */
kp_lin kp_lin_var(struct kp_arena *a, int var, const kp_sym *coef);
/* A value that is not affine, with formula s (NULL: unknown). */
kp_lin kp_lin_formula(const kp_sym *s);

/* Affine with no terms: the same for every thread and iteration. */
int kp_lin_term_free(const kp_lin *x);
/* A thread id (KP_V_TID_X .. KP_V_TID_Z) among x's terms. */
int kp_lin_thread_dependent(const kp_lin *x);
/* The same for every thread of a warp, and known: affine with no thread id
 * among its terms, or a formula that names no "threadIdx.". */
int kp_lin_uniform(const kp_lin *x);

/* The affine form as a formula (ids and counters as variables); NULL when x
 * is not affine. */
const kp_sym *kp_lin_affine_sym(struct kp_arena *a, const kp_lin *x);
/* The value as a formula: the affine form's, or the non-affine formula; NULL
 * when it has neither. */
const kp_sym *kp_lin_value(struct kp_arena *a, const kp_lin *x);

/* x + y and x - y: affine when both are (terms of the same var merged, terms
 * whose coefficient folds to 0 dropped), else the sum of their formulas. */
kp_lin kp_lin_add(struct kp_arena *a, const kp_lin *x, const kp_lin *y);
kp_lin kp_lin_sub(struct kp_arena *a, const kp_lin *x, const kp_lin *y);
/* x * s: the base and each coefficient times s (a NULL s: unknown); a
 * non-affine x's formula times s. */
kp_lin kp_lin_scale(struct kp_arena *a, const kp_lin *x, const kp_sym *s);
kp_lin kp_lin_scale_const(struct kp_arena *a, const kp_lin *x, int64_t v);
/* -x, as x * -1. */
kp_lin kp_lin_neg(struct kp_arena *a, const kp_lin *x);
/* x * y: affine when one side is term-free (the other scaled by its base),
 * else the product of their formulas, not affine. */
kp_lin kp_lin_mul(struct kp_arena *a, const kp_lin *x, const kp_lin *y);
/* min(x, y) (is_min) or max(x, y): a constant when both values are, else
 * the formula min(x, y), not affine; unknown when either has no formula. */
kp_lin kp_lin_minmax(struct kp_arena *a, int is_min, const kp_lin *x, const kp_lin *y);

/* The model's form of x: known, with x's base and a copy of its terms; not
 * known when x is not affine (why: "non-affine index") or out of memory. */
kp_affine kp_lin_to_affine(struct kp_arena *a, const kp_lin *x);

#ifdef __cplusplus
}
#endif
#endif
