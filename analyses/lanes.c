/* The lanes of a warp at one point (include/kperf/lanes.h): the evaluation
 * context and its bindings, a point's thread and block ids, loop counters and
 * unknowns bound, and each lane's address and activity evaluated from the
 * access's affine forms, formulas and guards.  Uses lanes_internal.h, the
 * model layer's formulas (sym.h) and trip counts. */
#include "lanes_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Addresses are placed this far from 0 (a multiple of every segment size),
 * so that negative indices stay positive and alignment is unchanged. */
#define ADDR_BASE ((uint64_t)1 << 40)

/* ---- Evaluation context ------------------------------------------------ */

int kp__lane_push(kp_lane_ctx *c, const char *name, int64_t v) {
  if (c->nb == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 64;
    kp_binding *b = realloc(c->b, cap * sizeof *b);
    if (!b)
      return 0;
    c->b = b;
    c->cap = cap;
  }
  c->b[c->nb++] = (kp_binding){name, v};
  return 1;
}

int kp_lane_ctx_init(kp_lane_ctx *c, const kp_module *m, const kp_kernel *k, const kp_shape *s) {
  KP_ASSERT(c && m && k && s);
  memset(c, 0, sizeof *c);
  c->m = m;
  c->k = k;
  if (s->source == KP_SHAPE_LAUNCH && s->launch) {
    kp_binding b[256];
    size_t nb = kp_launch_bindings(m, s->launch, b, sizeof b / sizeof *b);
    for (size_t i = 0; i < nb; i++)
      if (!kp__lane_push(c, b[i].name, b[i].value))
        return 0;
  } else {
    for (size_t i = 0; i < m->nassume; i++)
      if (m->assume[i].name && !kp__lane_push(c, m->assume[i].name, m->assume[i].value))
        return 0;
  }
  /* The shape itself (an assumption of blockDim already agrees with it). */
  if (!kp__lane_push(c, kp_block_dim_names[0], s->x) || !kp__lane_push(c, kp_block_dim_names[1], s->y) ||
      !kp__lane_push(c, kp_block_dim_names[2], s->z))
    return 0;
  c->fixed = c->nb;
  return 1;
}

void kp_lane_ctx_free(kp_lane_ctx *c) {
  free(c->b);
  memset(c, 0, sizeof *c);
}

/* Names of the loop-iteration variables of guards: "iteration@N" (loops 0
 * to 63; constant, so that concurrent analyses share them). */
#define IT(n) "iteration@" #n
#define IT10(t) IT(t##0), IT(t##1), IT(t##2), IT(t##3), IT(t##4), IT(t##5), IT(t##6), IT(t##7), \
                IT(t##8), IT(t##9)
static const char *const ITER_NAMES[64] = {IT(0), IT(1), IT(2), IT(3), IT(4), IT(5), IT(6),
                                           IT(7), IT(8), IT(9), IT10(1), IT10(2), IT10(3),
                                           IT10(4), IT10(5), IT(60), IT(61), IT(62), IT(63)};
#undef IT10
#undef IT
const char *kp__lane_iter_name(unsigned id) { return id < 64 ? ITER_NAMES[id] : NULL; }

int kp__lane_bound(const kp_lane_ctx *c, const char *name) {
  int64_t v;
  return kp_binding_lookup(c->b, c->nb, name, &v);
}

/* Binds the variables of s nothing binds to value. */
int kp__lane_bind_unknowns(kp_lane_ctx *c, const kp_sym *s, int64_t value) {
  if (!s)
    return 1;
  if (s->kind == KP_SYM_VAR)
    return kp__lane_bound(c, s->name) || kp__lane_push(c, s->name, value);
  return kp__lane_bind_unknowns(c, s->a, value) && kp__lane_bind_unknowns(c, s->b, value);
}

int kp__lane_any_unknown(const kp_lane_ctx *c, const kp_sym *s) {
  if (!s)
    return 0;
  if (s->kind == KP_SYM_VAR)
    return !kp__lane_bound(c, s->name);
  return kp__lane_any_unknown(c, s->a) || kp__lane_any_unknown(c, s->b);
}

/* Calls fn(s, user) on each formula of access a that evaluating it reads:
 * the index's base, its formula and coefficients, then each guard's two
 * sides, and with subs each subscript's base and coefficients. */
void kp__access_formulas(const kp_access *a, int subs, void (*fn)(const kp_sym *, void *),
                            void *user) {
  fn(a->index.base, user);
  fn(a->index_formula, user);
  for (size_t t = 0; t < a->index.nterms; t++)
    fn(a->index.terms[t].coef, user);
  for (size_t g = 0; g < a->nguards; g++) {
    fn(a->guards[g].lhs, user);
    fn(a->guards[g].rhs, user);
  }
  for (unsigned d = 0; subs && a->subs && d < a->ndims; d++) {
    fn(a->subs[d].base, user);
    for (size_t t = 0; t < a->subs[d].nterms; t++)
      fn(a->subs[d].terms[t].coef, user);
  }
}

typedef struct bind_walk {
  kp_lane_ctx *c;
  int64_t value;
  int ok;
} bind_walk;

static void bind_in(const kp_sym *s, void *user) {
  bind_walk *w = user;
  w->ok = w->ok && kp__lane_bind_unknowns(w->c, s, w->value);
}

/* Sets up the bindings of point p for lane 0: thread and block ids, loop
 * counters, then the unknowns of a's formulas.  Returns 0 when out of memory. */
#define ALL_LOOPS (-2)

int kp__lane_bind_point_in(kp_lane_ctx *c, const kp_lane_point *p, const kp_access *a,
                         int innermost) {
  c->nb = c->fixed;
  for (int i = 0; i < 3; i++)
    if (!kp__lane_push(c, kp_id_names[i], 0))
      return 0;
  for (int i = 3; i < 6; i++)
    if (!kp__lane_push(c, kp_id_names[i], p->block_id))
      return 0;
  const kp_kernel *k = c->k;
  /* The loops whose iteration and counters are bound: for an access, the
   * loops around it (its formulas cannot name another loop's; a kernel of
   * hundreds of loops would otherwise make every evaluation search hundreds
   * of bindings), else every loop; outermost first (an inner counter may
   * start from an outer one's value). */
  size_t ids[KP_LIMIT_LOOP_DEPTH], n = 0;
  int some = innermost != ALL_LOOPS;
  if (some) {
    int chain[KP_LIMIT_LOOP_DEPTH], m = 0;
    for (int l = innermost; l >= 0 && (size_t)l < k->nloops && k->loops[l] && m < KP_LIMIT_LOOP_DEPTH;
         l = k->loops[l]->parent)
      chain[m++] = l;
    while (m > 0)
      ids[n++] = (size_t)chain[--m];
  }
  size_t nl = some ? n : k->nloops;
  for (size_t i = 0; i < nl; i++) {
    size_t l = some ? ids[i] : i;
    int64_t it = p->iter ? p->iter[l] : 0;
    const char *name = kp__lane_iter_name((unsigned)l);
    if (name && !kp__lane_push(c, name, it))
      return 0;
  }
  /* Doubling/halving counters. */
  for (size_t i = 0; i < nl; i++) {
    size_t l = some ? ids[i] : i;
    const kp_loop *lp = k->loops[l];
    int64_t v;
    if (lp && lp->var && lp->step_kind != KP_STEP_ADD &&
        kp_loop_counter(c, p, lp, p->iter ? p->iter[l] : 0, &v) && !kp__lane_push(c, lp->var, v))
      return 0;
  }
  if (a) {
    bind_walk w = {c, p->unknown_value, 1};
    kp__access_formulas(a, 1, bind_in, &w);
    if (!w.ok)
      return 0;
  }
  return 1;
}

int kp__lane_bind_point(kp_lane_ctx *c, const kp_lane_point *p, const kp_access *a) {
  return kp__lane_bind_point_in(c, p, a, a ? a->loop : ALL_LOOPS);
}

int kp_loop_counter(kp_lane_ctx *c, const kp_lane_point *p, const kp_loop *l, int64_t iter,
                    int64_t *out) {
  (void)p;
  int64_t init;
  if (!l->init || !kp_sym_eval(l->init, c->b, c->nb, &init))
    return 0;
  int64_t bits = l->shift > 1 ? l->shift : 1;
  if (l->step_kind == KP_STEP_MUL2) {
    if (iter < 0 || iter > 62 || iter * bits > 62 || init < 0 ||
        (init > 0 && init > (INT64_MAX >> (iter * bits))))
      return 0;
    *out = init << (iter * bits);
    return 1;
  }
  if (l->step_kind == KP_STEP_SHR1) {
    if (iter < 0)
      return 0;
    *out = iter * bits > 62 ? (init < 0 ? -1 : 0) : init >= 0 ? init >> (iter * bits) : ~(~init >> (iter * bits));
    return 1;
  }
  int64_t step;
  if (!l->step || !kp_sym_eval(l->step, c->b, c->nb, &step))
    return 0;
  *out = init + iter * step;
  return 1;
}

int kp_lanes_value(kp_lane_ctx *c, const kp_lane_point *p, const kp_sym *s, int guess,
                   int64_t *out) {
  if (!kp__lane_bind_point(c, p, NULL) || (guess && !kp__lane_bind_unknowns(c, s, p->unknown_value)))
    return 0;
  return kp_sym_eval(s, c->b, c->nb, out);
}

/* The value of variable var (KP_V_*) for a lane at point p. */
static int var_value(const kp_lane_point *p, int var, const unsigned tid[3], int64_t *out) {
  if (var >= KP_V_TID_X && var <= KP_V_TID_Z) {
    *out = tid[var - KP_V_TID_X];
    return 1;
  }
  if (var >= KP_V_CTAID_X && var <= KP_V_CTAID_Z) {
    *out = p->block_id;
    return 1;
  }
  if (var >= KP_V_LOOP) {
    *out = p->iter ? p->iter[var - KP_V_LOOP] : 0;
    return 1;
  }
  return 0;
}

static int affine_at_point(kp_lane_ctx *c, const kp_affine *f, point_affine *out) {
  if (!f->known || f->nterms > MAX_TERMS || !kp_sym_eval(f->base, c->b, c->nb, &out->base))
    return 0;
  out->n = f->nterms;
  for (size_t t = 0; t < f->nterms; t++) {
    int v = f->terms[t].var;
    if (v >= KP_V_LOOP && (size_t)(v - KP_V_LOOP) >= c->k->nloops)
      return 0;
    if (!kp_sym_eval(f->terms[t].coef, c->b, c->nb, &out->coef[t]))
      return 0;
    out->var[t] = v;
  }
  return 1;
}

/* Its value for one lane. */
static int affine_lane(const point_affine *f, const kp_lane_point *p, const unsigned tid[3],
                       int64_t *out) {
  int64_t v = f->base;
  for (size_t t = 0; t < f->n; t++) {
    int64_t x, cf;
    if (!var_value(p, f->var[t], tid, &x) || __builtin_mul_overflow(f->coef[t], x, &cf) ||
        __builtin_add_overflow(v, cf, &v))
      return 0;
  }
  *out = v;
  return 1;
}

int kp_access_index_known(const kp_access *a) {
  return a->index.known || a->index_formula != NULL;
}

/* 1 when the guard mentions threadIdx.x, .y or .z. */
static int guard_names_thread(const kp_guard *g) {
  for (int i = 0; i < 3; i++)
    if (kp_sym_uses(g->lhs, kp_id_names[i]) || kp_sym_uses(g->rhs, kp_id_names[i]))
      return 1;
  return 0;
}

static int tid_affine_fits(const tid_affine *f) {
  if (f->base > AFFINE_LIM || f->base < -AFFINE_LIM)
    return 0;
  for (int i = 0; i < 3; i++)
    if (f->coef[i] > AFFINE_COEF || f->coef[i] < -AFFINE_COEF)
      return 0;
  return 1;
}

static int tid_affine_const(const tid_affine *f) {
  return f->coef[0] == 0 && f->coef[1] == 0 && f->coef[2] == 0;
}

/* s as a tid_affine over c's bindings, the thread indices those at tid_at
 * (a later binding of one of them is a constant, as evaluation takes it).
 * 0 when s is not affine in them, names a variable nothing binds or leaves
 * the limits. */
static int tid_affine_of(const kp_lane_ctx *c, size_t tid_at, const kp_sym *s, tid_affine *out) {
  memset(out, 0, sizeof *out);
  if (!s)
    return 0;
  if (s->kind == KP_SYM_CONST) {
    out->base = s->value;
    return tid_affine_fits(out);
  }
  if (s->kind == KP_SYM_VAR) {
    const kp_binding *bd = kp_binding_find(c->b, c->nb, s->name);
    if (!bd)
      return 0;
    for (int i = 0; i < 3; i++)
      if (bd == &c->b[tid_at + i]) {
        out->coef[i] = 1;
        return 1;
      }
    out->base = bd->value;
    return tid_affine_fits(out);
  }
  tid_affine x, y;
  if (!tid_affine_of(c, tid_at, s->a, &x))
    return 0;
  int unary = s->kind == KP_SYM_FLOG2 || s->kind == KP_SYM_CLOG2;
  if (!unary && !tid_affine_of(c, tid_at, s->b, &y))
    return 0;
  /* Within the limits none of these overflows. */
  switch (s->kind) {
  case KP_SYM_ADD:
  case KP_SYM_SUB: {
    int64_t sg = s->kind == KP_SYM_ADD ? 1 : -1;
    out->base = x.base + sg * y.base;
    for (int i = 0; i < 3; i++)
      out->coef[i] = x.coef[i] + sg * y.coef[i];
    return tid_affine_fits(out);
  }
  case KP_SYM_MUL: {
    if (!tid_affine_const(&x) && !tid_affine_const(&y))
      return 0;
    const tid_affine *f = tid_affine_const(&x) ? &y : &x;
    int64_t k = tid_affine_const(&x) ? x.base : y.base, v;
    if (__builtin_mul_overflow(f->base, k, &v))
      return 0;
    out->base = v;
    for (int i = 0; i < 3; i++)
      if (__builtin_mul_overflow(f->coef[i], k, &out->coef[i]))
        return 0;
    return tid_affine_fits(out);
  }
  default: {
    /* Any other operation of values that are the same at every lane: the
     * formula's own semantics on them. */
    if (!tid_affine_const(&x) || (!unary && !tid_affine_const(&y)))
      return 0;
    kp_sym ca = {.kind = KP_SYM_CONST, .nodes = 1, .value = x.base};
    kp_sym cb = {.kind = KP_SYM_CONST, .nodes = 1, .value = unary ? 0 : y.base};
    kp_sym op = {.kind = s->kind, .nodes = 3, .a = &ca, .b = unary ? NULL : &cb};
    if (!kp_sym_eval(&op, NULL, 0, &out->base))
      return 0;
    return tid_affine_fits(out);
  }
  }
}

static int64_t tid_affine_at(const tid_affine *f, const unsigned t[3]) {
  return f->base + f->coef[0] * (int64_t)t[0] + f->coef[1] * (int64_t)t[1] +
         f->coef[2] * (int64_t)t[2];
}

static int guard_compare(kp_guard_op op, int64_t l, int64_t r, int *holds) {
  switch (op) {
  case KP_GUARD_LT: *holds = l < r; break;
  case KP_GUARD_LE: *holds = l <= r; break;
  case KP_GUARD_GT: *holds = l > r; break;
  case KP_GUARD_GE: *holds = l >= r; break;
  case KP_GUARD_EQ: *holds = l == r; break;
  case KP_GUARD_NE: *holds = l != r; break;
  default: return 0;
  }
  return 1;
}

int kp_guard_holds(const kp_guard *g, const kp_binding *b, size_t nb, int *holds) {
  int64_t l, r;
  if (!kp_sym_eval(g->lhs, b, nb, &l) || !kp_sym_eval(g->rhs, b, nb, &r))
    return 0;
  return guard_compare(g->op, l, r, holds);
}

int kp_guard_compile(const kp_guard *g, const kp_binding *b, size_t nb, size_t vary_lo,
                     size_t vary_hi, kp_sym_prog side[2]) {
  if (kp_sym_compile(&side[0], g->lhs, b, nb, vary_lo, vary_hi) &&
      kp_sym_compile(&side[1], g->rhs, b, nb, vary_lo, vary_hi))
    return 1;
  kp_sym_prog_free(&side[0]);
  return 0;
}

int kp_guard_run_lanes(const kp_guard *g, const kp_sym_prog side[2], const kp_binding *b,
                       size_t lane_at, size_t nvars, const int64_t (*lane_vals)[KP_SYM_LANES],
                       uint32_t *mask) {
  int64_t lhs[KP_SYM_LANES], rhs[KP_SYM_LANES];
  uint32_t m = *mask;
  if (kp_sym_run_lanes(&side[0], b, lane_at, nvars, lane_vals, m, lhs) ||
      kp_sym_run_lanes(&side[1], b, lane_at, nvars, lane_vals, m, rhs))
    return 0;
  for (uint32_t x = m; x; x &= x - 1) {
    unsigned lane = (unsigned)__builtin_ctz(x);
    int holds;
    if (!guard_compare(g->op, lhs[lane], rhs[lane], &holds))
      return 0;
    if (!holds)
      m &= ~(1u << lane);
  }
  *mask = m;
  return 1;
}

void kp_guard_prog_free(kp_sym_prog side[2]) {
  kp_sym_prog_free(&side[0]);
  kp_sym_prog_free(&side[1]);
}

void kp__lanes_prep_free(kp__lanes_prep *r) {
  if (!r->a)
    return;
  kp_sym_prog_free(&r->idx_p);
  for (size_t g = 0; g < r->a->nguards && g < CACHED_GUARDS; g++)
    if (r->once[g] == -1)
      kp_guard_prog_free(r->prog[g]);
  free(r->b);
  r->a = NULL;
}

static int lanes_prepare_in(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p,
                            int64_t pad, kp__lanes_prep *r);

/* Binds point p and prepares r (freed with lanes_prep_free whatever the
 * outcome); r->ok, 0 when no warp can be evaluated there. */
int kp__lanes_prepare(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, int64_t pad,
                         kp__lanes_prep *r) {
  memset(r, 0, sizeof *r);
  r->ok = lanes_prepare_in(c, a, p, pad, r);
  r->fixed = c->fixed;
  r->pad = pad;
  return r->ok;
}

static int lanes_prepare_in(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p,
                            int64_t pad, kp__lanes_prep *r) {
  unsigned w = a->elem_bytes;
  if (!kp_access_index_known(a) || (a->guards_unknown && !(a->guards_data && c->data_all_lanes)) ||
      !(w == 1 || w == 2 || w == 4 || w == 8 || w == 16))
    return 0;
  /* A non-affine index is evaluated per lane from its formula (as declared
   * only: padding needs the subscripts). */
  const kp_sym *per_lane = a->index.known ? NULL : a->index_formula;
  if (pad && (per_lane || !a->subs || a->ndims < 2 || a->ndims > 4))
    return 0;
  if (!kp__lane_bind_point(c, p, a))
    return 0;
  r->a = a;
  r->per_lane = per_lane;
  for (size_t g = 0; g < a->nguards && g < CACHED_GUARDS; g++)
    r->once[g] = 2; /* nothing compiled yet, whatever fails below */
  /* What does not vary by lane: the index's base and coefficients, and for a
   * padded array each subscript's and the padded strides. */
  if (per_lane) {
    /* nothing to prepare: the formula is evaluated for each lane */
  } else if (!pad) {
    if (!affine_at_point(c, &a->index, &r->idx_f))
      return 0;
  } else {
    for (unsigned d = 0; d < a->ndims; d++) {
      if (!affine_at_point(c, &a->subs[d], &r->sub_f[d]))
        return 0;
      r->stride[d] = 1;
      for (unsigned e = d + 1; e < a->ndims; e++)
        r->stride[d] *= a->dims[e] + (e == a->ndims - 1 ? pad : 0);
    }
  }
  size_t tid_at = c->fixed; /* threadIdx.x/y/z are the first three point bindings */
  for (size_t g = 0; g < a->nguards && g < CACHED_GUARDS; g++) {
    const kp_guard *gd = &a->guards[g];
    tid_affine *side = r->side[g];
    int holds;
    if (tid_affine_of(c, tid_at, gd->lhs, &side[0]) && tid_affine_of(c, tid_at, gd->rhs, &side[1])) {
      if (!tid_affine_const(&side[0]) || !tid_affine_const(&side[1]))
        r->once[g] = -3;
      else if (guard_compare(gd->op, side[0].base, side[1].base, &holds))
        r->once[g] = (signed char)(holds != 0);
      else
        r->once[g] = 2;
    } else if (!guard_names_thread(gd))
      r->once[g] = 2;
    else
      r->once[g] = kp_guard_compile(gd, c->b, c->nb, tid_at, tid_at + 3, r->prog[g]) ? -1 : -2;
  }
  /* A per-lane index compiled likewise (evaluated over every binding when it
   * does not compile).  Programs are compiled for this point: what reads no
   * thread index is evaluated once. */
  if (per_lane && !kp_sym_compile(&r->idx_p, per_lane, c->b, c->nb, tid_at, tid_at + 3))
    r->idx_p.n = 0;
  /* The bindings, to be put back when another point was bound since. */
  r->b = malloc(c->nb * sizeof *r->b);
  if (!r->b)
    return 0;
  memcpy(r->b, c->b, c->nb * sizeof *r->b);
  r->nb = c->nb;
  return 1;
}

static int lanes_run(kp_lane_ctx *c, kp__lanes_prep *r, const kp_lane_point *p,
                     kp_warp_access *out);

/* Warp p->warp at the point r was prepared for; c's bindings are those of
 * that point afterwards. */
int kp__lanes_eval_prepared(kp_lane_ctx *c, kp__lanes_prep *r, const kp_access *a,
                               const kp_lane_point *p, kp_warp_access *out) {
  if (c->fixed != r->fixed) { /* the launch's bindings changed since: prepare again */
    int64_t pad = r->pad;
    kp__lanes_prep_free(r);
    kp__lanes_prepare(c, a, p, pad, r);
  }
  if (!r->ok)
    return 0;
  if (c->nb != r->nb || memcmp(c->b, r->b, r->nb * sizeof *r->b) != 0) {
    memcpy(c->b, r->b, r->nb * sizeof *r->b); /* c->cap >= r->nb: c held them */
    c->nb = r->nb;
  }
  return lanes_run(c, r, p, out);
}

int kp_lanes_eval(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, int64_t pad,
                  kp_warp_access *out) {
  kp__lanes_prep r;
  int ok = kp__lanes_prepare(c, a, p, pad, &r) && lanes_run(c, &r, p, out);
  kp__lanes_prep_free(&r);
  return ok;
}

/* Sets the thread-index bindings (at tid_at) to thread t. */
static void bind_thread(kp_lane_ctx *c, size_t tid_at, const unsigned t[3]) {
  for (int i = 0; i < 3; i++)
    c->b[tid_at + i].value = t[i];
}

/* kp_lanes_eval's work over the lanes, with what it prepared: the lanes'
 * threads first, then each guard over the lanes still active (a guard
 * compiled runs for all of them at once), then the index.  A failure at
 * any active lane fails the whole. */
static int lanes_run(kp_lane_ctx *c, kp__lanes_prep *r, const kp_lane_point *p,
                     kp_warp_access *out) {
  const kp_access *a = r->a;
  const kp_sym *per_lane = r->per_lane;
  const kp_sym_prog *idx_p = r->idx_p.n ? &r->idx_p : NULL;
  signed char *once = r->once; /* a guard decided once is remembered */
  unsigned w = a->elem_bytes;
  size_t tid_at = c->fixed;
  memset(out, 0, sizeof *out);
  out->width = w;
  const kp_shape *s = p->shape;
  /* Lane 0's thread, then the next lane's by one step in x (the lanes of a
   * warp are consecutive threads, x fastest); past the block's last thread
   * no lane is one. */
  unsigned t[KP_WARP_SIZE][3], x, y, z;
  int64_t tv[3][KP_SYM_LANES]; /* the same, by index: what compiled programs read */
  if (!kp_lane_thread((unsigned)s->x, (unsigned)s->y, (unsigned)s->z, p->warp, 0, &x, &y, &z))
    return 1;
  unsigned n = 0;
  for (unsigned lane = 0; lane < KP_WARP_SIZE; lane++, n++) {
    if (lane > 0 && ++x == (unsigned)s->x) {
      x = 0;
      if (++y == (unsigned)s->y) {
        y = 0;
        if (++z == (unsigned)s->z)
          break;
      }
    }
    t[lane][0] = x;
    t[lane][1] = y;
    t[lane][2] = z;
    tv[0][lane] = x;
    tv[1][lane] = y;
    tv[2][lane] = z;
  }
  uint32_t active = n == 32 ? 0xffffffffu : (1u << n) - 1;
  for (size_t g = 0; g < a->nguards && active; g++) {
    const kp_guard *gd = &a->guards[g];
    int h;
    if (g < CACHED_GUARDS && once[g] >= 0) {
      if (once[g] == 2) { /* at the first lane that reaches it */
        bind_thread(c, tid_at, t[__builtin_ctz(active)]);
        if (!kp_guard_holds(gd, c->b, c->nb, &h))
          return 0;
        once[g] = (signed char)(h != 0);
      }
      if (!once[g])
        active = 0;
    } else if (g < CACHED_GUARDS && once[g] == -1) {
      if (!kp_guard_run_lanes(gd, r->prog[g], c->b, tid_at, 3, tv, &active))
        return 0;
    } else {
      for (uint32_t m = active; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctz(m);
        if (g < CACHED_GUARDS && once[g] == -3) {
          if (!guard_compare(gd->op, tid_affine_at(&r->side[g][0], t[lane]),
                             tid_affine_at(&r->side[g][1], t[lane]), &h))
            return 0;
        } else {
          bind_thread(c, tid_at, t[lane]);
          if (!kp_guard_holds(gd, c->b, c->nb, &h))
            return 0;
        }
        if (!h)
          active &= ~(1u << lane);
      }
    }
  }
  int64_t idx[KP_SYM_LANES];
  if (per_lane && idx_p) {
    if (kp_sym_run_lanes(idx_p, c->b, tid_at, 3, tv, active, idx))
      return 0;
  } else {
    for (uint32_t m = active; m; m &= m - 1) {
      unsigned lane = (unsigned)__builtin_ctz(m);
      if (per_lane) {
        bind_thread(c, tid_at, t[lane]);
        if (!kp_sym_eval(per_lane, c->b, c->nb, &idx[lane]))
          return 0;
      } else if (!r->pad) {
        if (!affine_lane(&r->idx_f, p, t[lane], &idx[lane]))
          return 0;
      } else {
        /* Row-major with the innermost extent padded. */
        idx[lane] = 0;
        for (unsigned d = 0; d < a->ndims; d++) {
          int64_t sub;
          if (!affine_lane(&r->sub_f[d], p, t[lane], &sub))
            return 0;
          idx[lane] += sub * r->stride[d];
        }
      }
    }
  }
  for (uint32_t m = active; m; m &= m - 1) {
    unsigned lane = (unsigned)__builtin_ctz(m);
    int64_t byte;
    if (__builtin_mul_overflow(idx[lane], (int64_t)w, &byte) ||
        byte < -(int64_t)(ADDR_BASE / 2) || byte > (int64_t)(ADDR_BASE / 2))
      return 0;
    out->addr[lane] = ADDR_BASE + (uint64_t)byte;
  }
  out->active = active;
  /* The thread-index bindings are left at the last lane's thread, which a
   * caller's later evaluation at this point reads (a counter starting at
   * threadIdx.x). */
  if (a->nguards || per_lane)
    bind_thread(c, tid_at, t[n - 1]);
  return 1;
}
