/* Integer values as affine forms (see include/kperf/affine.h). */
#include "kperf/affine.h"

#include "kperf/arena.h"

#include <stdio.h>
#include <string.h>

kp_lin kp_lin_const(struct kp_arena *a, int64_t v) {
  kp_lin r = {0};
  r.valid = 1;
  r.base = kp_sym_const(a, v);
  return r;
}

kp_lin kp_lin_of(const kp_sym *s) {
  kp_lin r = {0};
  r.valid = s != NULL;
  r.base = s;
  return r;
}

kp_lin kp_lin_var(struct kp_arena *a, int var, const kp_sym *coef) {
  kp_lin r = {0};
  r.valid = 1;
  r.base = kp_sym_const(a, 0);
  kp_term *t = kp_arena_alloc(a, sizeof *t);
  if (!t)
    return (kp_lin){0};
  t->var = var;
  t->coef = coef;
  r.terms = t;
  r.nterms = 1;
  return r;
}

kp_lin kp_lin_formula(const kp_sym *s) {
  kp_lin r = {0};
  r.sym = s;
  return r;
}

int kp_lin_term_free(const kp_lin *x) { return x->valid && x->nterms == 0; }

int kp_lin_thread_dependent(const kp_lin *x) {
  for (size_t i = 0; i < x->nterms; i++)
    if (x->terms[i].var >= KP_V_TID_X && x->terms[i].var <= KP_V_TID_Z)
      return 1;
  return 0;
}

int kp_lin_uniform(const kp_lin *x) {
  if (x->valid)
    return !kp_lin_thread_dependent(x);
  return x->sym && !kp_sym_uses_prefix(x->sym, "threadIdx.");
}

const kp_sym *kp_lin_affine_sym(struct kp_arena *a, const kp_lin *x) {
  if (!x->valid)
    return NULL;
  const kp_sym *s = x->base;
  for (size_t i = 0; i < x->nterms; i++) {
    int var = x->terms[i].var;
    char name[32];
    if (var >= 0 && var < 6)
      snprintf(name, sizeof name, "%s", kp_id_names[var]);
    else
      snprintf(name, sizeof name, "iteration@%d", var - KP_V_LOOP);
    s = kp_sym_add(a, s, kp_sym_mul(a, x->terms[i].coef, kp_sym_var(a, name)));
  }
  return s;
}

const kp_sym *kp_lin_value(struct kp_arena *a, const kp_lin *x) {
  return x->valid ? kp_lin_affine_sym(a, x) : x->sym;
}

static int zero(const kp_sym *s) {
  int64_t v;
  return kp_sym_is_const(s, &v) && v == 0;
}

/* x + y (sign > 0) or x - y. */
static kp_lin sum(struct kp_arena *a, const kp_lin *x, const kp_lin *y, int sign) {
  kp_lin r = {0};
  if (!x->valid || !y->valid) {
    const kp_sym *fx = kp_lin_value(a, x);
    const kp_sym *fy = kp_lin_value(a, y);
    if (fx && fy)
      r.sym = sign > 0 ? kp_sym_add(a, fx, fy) : kp_sym_sub(a, fx, fy);
    /* The affine addends of the sum, kept beside the opaque ones. */
    const kp_lin *px = x->valid ? x : x->part, *py = y->valid ? y : y->part;
    if (px || py) {
      /* Arena-owned: x and y may be the caller's temporaries. */
      kp_lin *p = kp_arena_alloc(a, sizeof *p);
      if (p) {
        *p = px && py ? sum(a, px, py, sign) : px ? *px : sign > 0 ? *py : kp_lin_neg(a, py);
        p->part = NULL;
        r.part = p->valid ? p : NULL;
      }
    }
    return r;
  }
  r.valid = 1;
  r.base = sign > 0 ? kp_sym_add(a, x->base, y->base) : kp_sym_sub(a, x->base, y->base);
  /* Adding a term-free value to one with no zero coefficient: x's terms as they are. */
  int share = y->nterms == 0;
  for (size_t i = 0; share && i < x->nterms; i++)
    if (zero(x->terms[i].coef))
      share = 0;
  if (share) {
    r.terms = x->terms;
    r.nterms = x->nterms;
  } else {
    kp_term *t = kp_arena_alloc(a, sizeof *t * (x->nterms + y->nterms));
    if (!t)
      return (kp_lin){0};
    size_t n = x->nterms;
    if (n)
      memcpy(t, x->terms, sizeof *t * n);
    for (size_t j = 0; j < y->nterms; j++) {
      const kp_term *u = &y->terms[j];
      const kp_sym *cf = sign > 0 ? u->coef : kp_sym_sub(a, kp_sym_const(a, 0), u->coef);
      int merged = 0;
      for (size_t i = 0; i < n; i++)
        if (t[i].var == u->var) {
          t[i].coef = kp_sym_add(a, t[i].coef, cf);
          merged = 1;
        }
      if (!merged) {
        t[n].var = u->var;
        t[n].coef = cf;
        n++;
      }
    }
    /* Drop the terms whose coefficient folded to 0. */
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
      if (!zero(t[i].coef))
        t[kept++] = t[i];
    r.terms = t;
    r.nterms = kept;
  }
  if (!r.base)
    r.valid = 0;
  return r;
}

kp_lin kp_lin_add(struct kp_arena *a, const kp_lin *x, const kp_lin *y) { return sum(a, x, y, 1); }

kp_lin kp_lin_sub(struct kp_arena *a, const kp_lin *x, const kp_lin *y) { return sum(a, x, y, -1); }

kp_lin kp_lin_scale(struct kp_arena *a, const kp_lin *x, const kp_sym *s) {
  kp_lin r = {0};
  if (!x->valid) {
    if (x->sym && s)
      r.sym = kp_sym_mul(a, x->sym, s);
    if (x->part && s) { /* s * (affine + opaque): s * affine + opaque */
      kp_lin *p = kp_arena_alloc(a, sizeof *p);
      if (p) {
        *p = kp_lin_scale(a, x->part, s);
        p->part = NULL;
        r.part = p->valid ? p : NULL;
      }
    }
    return r;
  }
  if (!s)
    return r;
  r.valid = 1;
  r.base = kp_sym_mul(a, x->base, s);
  if (x->nterms) {
    kp_term *t = kp_arena_alloc(a, sizeof *t * x->nterms);
    if (!t)
      return (kp_lin){0};
    for (size_t i = 0; i < x->nterms; i++) {
      t[i].var = x->terms[i].var;
      t[i].coef = kp_sym_mul(a, x->terms[i].coef, s);
    }
    r.terms = t;
    r.nterms = x->nterms;
  }
  return r;
}

kp_lin kp_lin_scale_const(struct kp_arena *a, const kp_lin *x, int64_t v) {
  return kp_lin_scale(a, x, kp_sym_const(a, v));
}

kp_lin kp_lin_neg(struct kp_arena *a, const kp_lin *x) { return kp_lin_scale_const(a, x, -1); }

kp_lin kp_lin_mul(struct kp_arena *a, const kp_lin *x, const kp_lin *y) {
  if (kp_lin_term_free(x))
    return kp_lin_scale(a, y, x->base);
  if (kp_lin_term_free(y))
    return kp_lin_scale(a, x, y->base);
  /* A product of two varying values (i * (k + 1), threadIdx.x * s). */
  const kp_sym *fx = kp_lin_value(a, x);
  const kp_sym *fy = kp_lin_value(a, y);
  return kp_lin_formula(fx && fy ? kp_sym_mul(a, fx, fy) : NULL);
}

kp_lin kp_lin_minmax(struct kp_arena *a, int is_min, const kp_lin *x, const kp_lin *y) {
  const kp_sym *fx = kp_lin_value(a, x);
  const kp_sym *fy = kp_lin_value(a, y);
  if (!fx || !fy)
    return (kp_lin){0};
  int64_t vx, vy;
  if (kp_sym_is_const(fx, &vx) && kp_sym_is_const(fy, &vy))
    return kp_lin_const(a, is_min ? (vx < vy ? vx : vy) : (vx > vy ? vx : vy));
  return kp_lin_formula(kp_sym_bin(a, is_min ? KP_SYM_MIN : KP_SYM_MAX, fx, fy));
}

kp_affine kp_lin_to_affine(struct kp_arena *a, const kp_lin *x) {
  kp_affine r;
  memset(&r, 0, sizeof r);
  if (!x->valid) {
    r.why = "non-affine index";
    return r;
  }
  r.known = 1;
  r.base = x->base;
  r.nterms = x->nterms;
  r.terms = kp_arena_alloc(a, sizeof(kp_term) * (x->nterms + 1));
  for (size_t i = 0; r.terms && i < x->nterms; i++)
    r.terms[i] = x->terms[i];
  if (!r.terms)
    r.known = 0;
  return r;
}
