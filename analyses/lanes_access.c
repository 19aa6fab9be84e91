/* Facts about an access at a lane context: the byte step of its loop, the
 * loops that move its address (kp_access_uses_loop, kp__access_reaches), the
 * unknowns its formulas name and the one it shifts by.  Uses lanes_internal.h
 * (the context's bindings) and the model layer. */
#include "lanes_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t kp_access_loop_step_bytes(const kp_kernel *k, const kp_access *a, const kp_binding *b,
                                  size_t nb) {
  if (a->loop < 0 || (size_t)a->loop >= k->nloops || !a->index.known)
    return 0;
  int64_t step = 0;
  for (size_t t = 0; t < a->index.nterms; t++) {
    int64_t v;
    if (a->index.terms[t].var != KP_V_LOOP + a->loop)
      continue;
    if (!kp_sym_eval(a->index.terms[t].coef, b, nb, &v))
      return 0;
    step += v;
  }
  if (step < 0)
    step = -step;
  return step > INT64_MAX / 64 ? 0 : step * (int64_t)a->elem_bytes;
}

int kp_access_uses_loop(const kp_access *a, const kp_loop *l) {
  for (size_t t = 0; t < a->index.nterms; t++)
    if (a->index.terms[t].var == KP_V_LOOP + l->id)
      return 1;
  const char *n = kp__lane_iter_name((unsigned)l->id);
  const char *v = l->step_kind != KP_STEP_ADD ? l->var : NULL;
  const kp_sym *syms[2];
  for (size_t g = 0; g < a->nguards; g++) {
    syms[0] = a->guards[g].lhs;
    syms[1] = a->guards[g].rhs;
    for (int i = 0; i < 2; i++)
      if ((n && kp_sym_uses(syms[i], n)) || (v && kp_sym_uses(syms[i], v)))
        return 1;
  }
  if (n && kp_sym_uses(a->index_formula, n))
    return 1;
  /* A variable the body moves next to the counter (offset *= 2) is a
   * formula of the iteration in the index's base or coefficients. */
  if (n && kp_sym_uses(a->index.base, n))
    return 1;
  for (size_t t = 0; n && t < a->index.nterms; t++)
    if (kp_sym_uses(a->index.terms[t].coef, n))
      return 1;
  if (v) {
    if (kp_sym_uses(a->index.base, v) || kp_sym_uses(a->index_formula, v))
      return 1;
    for (size_t t = 0; t < a->index.nterms; t++)
      if (kp_sym_uses(a->index.terms[t].coef, v))
        return 1;
  }
  return 0;
}

/* Whether formula s names loop l: its iteration, or the variable of a
 * doubling/halving counter. */
static int names_loop(const kp_sym *s, const kp_loop *l) {
  const char *n = kp__lane_iter_name((unsigned)l->id);
  if (n && kp_sym_uses(s, n))
    return 1;
  return l->step_kind != KP_STEP_ADD && l->var && kp_sym_uses(s, l->var);
}

/* Whether loop l, one of the loops around a, moves the address of a: its
 * counter is in the address or guards, or it sets where an inner loop whose
 * counter is in them starts or how long it runs (for (j = size / 2; j > 0;
 * j >>= 1) inside a loop over size). */
int kp__access_reaches(const kp_kernel *k, const kp_access *a, const kp_loop *l) {
  /* The loops from the innermost around a out to l, decided inside out (the
   * plugin stops kernels nested deeper than the limit; a model nested deeper
   * from elsewhere falls back to whether a names l's counter). */
  int chain[KP_LIMIT_LOOP_DEPTH], used[KP_LIMIT_LOOP_DEPTH], n = 0;
  for (int m = a->loop; m >= 0 && (size_t)m < k->nloops && n < KP_LIMIT_LOOP_DEPTH; m = k->loops[m]->parent) {
    chain[n++] = m;
    if (m == l->id)
      break;
  }
  if (n == 0 || chain[n - 1] != l->id)
    return kp_access_uses_loop(a, l);
  for (int i = 0; i < n; i++) {
    const kp_loop *li = k->loops[chain[i]];
    int u = kp_access_uses_loop(a, li);
    for (int j = 0; j < i && !u; j++) {
      const kp_loop *lj = k->loops[chain[j]];
      u = used[j] && (names_loop(lj->init, li) || names_loop(lj->trip, li) || names_loop(lj->step, li));
    }
    used[i] = u;
  }
  return used[n - 1];
}

/* Whether l's trip count depends on an enclosing loop (and not on the thread). */
int kp__loop_trip_follows_outer(const kp_kernel *k, const kp_loop *l) {
  if (kp_sym_uses_prefix(l->trip, "threadIdx."))
    return 0;
  for (int m = l->parent; m >= 0 && (size_t)m < k->nloops; m = k->loops[m]->parent)
    if (names_loop(l->trip, k->loops[m]))
      return 1;
  return 0;
}

/* l's trip count with the enclosing loops at the iterations of iter (NULL:
 * their first) and, when unknown_value > 0, the parameters the file does not
 * give at that value; -1 when it does not evaluate.  A trip count can only
 * use the loops around the loop. */
int64_t kp__lane_trip_at(kp_lane_ctx *c, const kp_loop *l, const int64_t *iter, int64_t unknown_value) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  p.iter = iter;
  p.unknown_value = unknown_value > 0 ? unknown_value : 0;
  int64_t t;
  if (!kp__lane_bind_point_in(c, &p, NULL, l->parent >= 0 ? l->parent : -1) ||
      (unknown_value > 0 && !kp__lane_bind_unknowns(c, l->trip, p.unknown_value)) ||
      !kp_sym_eval(l->trip, c->b, c->nb, &t))
    return -1;
  return t;
}

int kp_lanes_mentions_unknown(kp_lane_ctx *c, const kp_sym *s) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!kp__lane_bind_point(c, &p, NULL))
    return 1;
  return kp__lane_any_unknown(c, s);
}

int kp_access_mentions_unknown(kp_lane_ctx *c, const kp_access *a, const kp_sym *s) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!kp__lane_bind_point_in(c, &p, NULL, a->loop))
    return 1;
  return kp__lane_any_unknown(c, s);
}

int kp_lane_ctx_bind(kp_lane_ctx *c, const char *name, int64_t value) {
  c->nb = c->fixed;
  if (!kp__lane_push(c, name, value))
    return 0;
  c->fixed = c->nb;
  return 1;
}

/* The unknown (unbound) variables of s: each right operand of a shift that
 * is one (*shift, when they agree), and whether one is used elsewhere. */
static void shift_vars(const kp_lane_ctx *c, const kp_sym *s, int as_shift, const char **shift,
                       int *conflict, int *other) {
  if (!s)
    return;
  if (s->kind == KP_SYM_VAR) {
    if (kp__lane_bound(c, s->name) || strncmp(s->name, "iteration@", 10) == 0)
      return;
    for (size_t l = 0; l < c->k->nloops; l++) /* a doubling/halving counter */
      if (c->k->loops[l]->var && c->k->loops[l]->step_kind != KP_STEP_ADD &&
          strcmp(c->k->loops[l]->var, s->name) == 0)
        return;
    if (!as_shift) {
      *other = 1;
      return;
    }
    if (*shift && strcmp(*shift, s->name) != 0)
      *conflict = 1;
    *shift = s->name;
    return;
  }
  int sh = s->kind == KP_SYM_SHL || s->kind == KP_SYM_SHR;
  shift_vars(c, s->a, 0, shift, conflict, other);
  shift_vars(c, s->b, sh && s->b && s->b->kind == KP_SYM_VAR, shift, conflict, other);
}

const char *kp_access_shift_unknown(kp_lane_ctx *c, const kp_access *a) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!kp__lane_bind_point(c, &p, NULL))
    return NULL;
  const char *shift = NULL;
  int conflict = 0, other = 0;
  const kp_sym *f[4] = {a->index.base, a->index_formula, NULL, NULL};
  for (int i = 0; i < 2; i++)
    shift_vars(c, f[i], 0, &shift, &conflict, &other);
  for (size_t t = 0; t < a->index.nterms; t++)
    shift_vars(c, a->index.terms[t].coef, 0, &shift, &conflict, &other);
  for (size_t g = 0; g < a->nguards; g++) {
    shift_vars(c, a->guards[g].lhs, 0, &shift, &conflict, &other);
    shift_vars(c, a->guards[g].rhs, 0, &shift, &conflict, &other);
  }
  const kp_kernel *k = c->k;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent) {
    const kp_loop *lp = k->loops[l];
    shift_vars(c, lp->init, 0, &shift, &conflict, &other);
    shift_vars(c, lp->step, 0, &shift, &conflict, &other);
    shift_vars(c, lp->trip, 0, &shift, &conflict, &other);
  }
  return shift && !conflict && !other ? shift : NULL;
}

int kp_access_loops_run(kp_lane_ctx *c, const kp_access *a) {
  const kp_kernel *k = c->k;
  int64_t *it = calloc(k->nloops + 1, sizeof *it);
  if (!it)
    return -1;
  int r = 1;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops && r != 0; l = k->loops[l]->parent) {
    int64_t t = kp__lane_trip_at(c, k->loops[l], it, 0);
    if (t == 0 && !kp_sym_uses_prefix(k->loops[l]->trip, "threadIdx."))
      r = 0;
    else if (t == 0)
      r = -1; /* the main thread skips it; others may not */
    else if (t < 0)
      r = -1;
  }
  free(it);
  return r;
}

static void collect_unknowns(const kp_lane_ctx *c, const kp_sym *s, const char **names,
                             size_t max, size_t *n) {
  if (!s)
    return;
  if (s->kind != KP_SYM_VAR) {
    collect_unknowns(c, s->a, names, max, n);
    collect_unknowns(c, s->b, names, max, n);
    return;
  }
  if (kp__lane_bound(c, s->name))
    return;
  for (size_t i = 0; i < *n && i < max; i++)
    if (strcmp(names[i], s->name) == 0)
      return;
  if (*n < max)
    names[*n] = s->name;
  ++*n;
}

typedef struct unknowns_walk {
  kp_lane_ctx *c;
  const char **names;
  size_t max, n;
  int any;
} unknowns_walk;

static void collect_in(const kp_sym *s, void *user) {
  unknowns_walk *w = user;
  collect_unknowns(w->c, s, w->names, w->max, &w->n);
}

static void any_in(const kp_sym *s, void *user) {
  unknowns_walk *w = user;
  w->any = w->any || kp__lane_any_unknown(w->c, s);
}

size_t kp_access_unknowns(kp_lane_ctx *c, const kp_access *a, const char **names, size_t max) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!kp__lane_bind_point(c, &p, NULL))
    return 0;
  unknowns_walk w = {c, names, max, 0, 0};
  kp__access_formulas(a, 0, collect_in, &w);
  return w.n;
}

int kp_access_has_unknowns(kp_lane_ctx *c, const kp_access *a) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!kp__lane_bind_point(c, &p, NULL))
    return 0;
  unknowns_walk w = {c, NULL, 0, 0, 0};
  kp__access_formulas(a, 0, any_in, &w);
  return w.any;
}
