/* Per-lane evaluation of access addresses: see include/kperf/lanes.h. */
#include "kperf/sym.h"
#include "kperf/invariant.h"
#include "kperf/lanes.h"
#include "kperf/count.h"
#include "kperf/trip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Addresses are placed this far from 0 (a multiple of every segment size),
 * so that negative indices stay positive and alignment is unchanged. */
#define ADDR_BASE ((uint64_t)1 << 40)

/* ---- Evaluation context ------------------------------------------------ */

static int push(kp_lane_ctx *c, const char *name, int64_t v) {
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
      if (!push(c, b[i].name, b[i].value))
        return 0;
  } else {
    for (size_t i = 0; i < m->nassume; i++)
      if (m->assume[i].name && !push(c, m->assume[i].name, m->assume[i].value))
        return 0;
  }
  /* The shape itself (an assumption of blockDim already agrees with it). */
  if (!push(c, kp_block_dim_names[0], s->x) || !push(c, kp_block_dim_names[1], s->y) ||
      !push(c, kp_block_dim_names[2], s->z))
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
static const char *iter_name(unsigned id) { return id < 64 ? ITER_NAMES[id] : NULL; }

static int bound(const kp_lane_ctx *c, const char *name) {
  int64_t v;
  return kp_binding_lookup(c->b, c->nb, name, &v);
}

/* Binds the variables of s nothing binds to value. */
static int bind_unknowns(kp_lane_ctx *c, const kp_sym *s, int64_t value) {
  if (!s)
    return 1;
  if (s->kind == KP_SYM_VAR)
    return bound(c, s->name) || push(c, s->name, value);
  return bind_unknowns(c, s->a, value) && bind_unknowns(c, s->b, value);
}

static int any_unknown(const kp_lane_ctx *c, const kp_sym *s) {
  if (!s)
    return 0;
  if (s->kind == KP_SYM_VAR)
    return !bound(c, s->name);
  return any_unknown(c, s->a) || any_unknown(c, s->b);
}

/* Calls fn(s, user) on each formula of access a that evaluating it reads:
 * the index's base, its formula and coefficients, then each guard's two
 * sides, and with subs each subscript's base and coefficients. */
static void access_formulas(const kp_access *a, int subs, void (*fn)(const kp_sym *, void *),
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
  w->ok = w->ok && bind_unknowns(w->c, s, w->value);
}

/* Sets up the bindings of point p for lane 0: thread and block ids, loop
 * counters, then the unknowns of a's formulas.  Returns 0 when out of memory. */
#define ALL_LOOPS (-2)

static int bind_point_in(kp_lane_ctx *c, const kp_lane_point *p, const kp_access *a,
                         int innermost) {
  c->nb = c->fixed;
  for (int i = 0; i < 3; i++)
    if (!push(c, kp_id_names[i], 0))
      return 0;
  for (int i = 3; i < 6; i++)
    if (!push(c, kp_id_names[i], p->block_id))
      return 0;
  const kp_kernel *k = c->k;
  /* The loops whose iteration and counters are bound: for an access, the
   * loops around it (its formulas cannot name another loop's; a kernel of
   * hundreds of loops would otherwise make every evaluation search hundreds
   * of bindings), else every loop; outermost first (an inner counter may
   * start from an outer one's value). */
  size_t ids[64], n = 0;
  int some = innermost != ALL_LOOPS;
  if (some) {
    int chain[64], m = 0;
    for (int l = innermost; l >= 0 && (size_t)l < k->nloops && k->loops[l] && m < 64;
         l = k->loops[l]->parent)
      chain[m++] = l;
    while (m > 0)
      ids[n++] = (size_t)chain[--m];
  }
  size_t nl = some ? n : k->nloops;
  for (size_t i = 0; i < nl; i++) {
    size_t l = some ? ids[i] : i;
    int64_t it = p->iter ? p->iter[l] : 0;
    const char *name = iter_name((unsigned)l);
    if (name && !push(c, name, it))
      return 0;
  }
  /* Doubling/halving counters. */
  for (size_t i = 0; i < nl; i++) {
    size_t l = some ? ids[i] : i;
    const kp_loop *lp = k->loops[l];
    int64_t v;
    if (lp && lp->var && lp->step_kind != KP_STEP_ADD &&
        kp_loop_counter(c, p, lp, p->iter ? p->iter[l] : 0, &v) && !push(c, lp->var, v))
      return 0;
  }
  if (a) {
    bind_walk w = {c, p->unknown_value, 1};
    access_formulas(a, 1, bind_in, &w);
    if (!w.ok)
      return 0;
  }
  return 1;
}

static int bind_point(kp_lane_ctx *c, const kp_lane_point *p, const kp_access *a) {
  return bind_point_in(c, p, a, a ? a->loop : ALL_LOOPS);
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
  if (!bind_point(c, p, NULL) || (guess && !bind_unknowns(c, s, p->unknown_value)))
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

/* An affine form with its base and coefficients evaluated for a point (they
 * do not depend on the lane). */
#define MAX_TERMS 16
typedef struct point_affine {
  int64_t base;
  int64_t coef[MAX_TERMS];
  int var[MAX_TERMS];
  size_t n;
} point_affine;

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

/* What kp_lanes_eval prepares at a point before looking at its lanes (none
 * of it depends on the warp): the point's bindings, the index's affine
 * forms, each guard's way of being decided and the programs compiled. */
typedef struct lanes_prep {
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
} lanes_prep;

static void lanes_prep_free(lanes_prep *r) {
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
                            int64_t pad, lanes_prep *r);

/* Binds point p and prepares r (freed with lanes_prep_free whatever the
 * outcome); r->ok, 0 when no warp can be evaluated there. */
static int lanes_prepare(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, int64_t pad,
                         lanes_prep *r) {
  memset(r, 0, sizeof *r);
  r->ok = lanes_prepare_in(c, a, p, pad, r);
  r->fixed = c->fixed;
  r->pad = pad;
  return r->ok;
}

static int lanes_prepare_in(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p,
                            int64_t pad, lanes_prep *r) {
  unsigned w = a->elem_bytes;
  if (!kp_access_index_known(a) || (a->guards_unknown && !(a->guards_data && c->data_all_lanes)) ||
      !(w == 1 || w == 2 || w == 4 || w == 8 || w == 16))
    return 0;
  /* A non-affine index is evaluated per lane from its formula (as declared
   * only: padding needs the subscripts). */
  const kp_sym *per_lane = a->index.known ? NULL : a->index_formula;
  if (pad && (per_lane || !a->subs || a->ndims < 2 || a->ndims > 4))
    return 0;
  if (!bind_point(c, p, a))
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

static int lanes_run(kp_lane_ctx *c, lanes_prep *r, const kp_lane_point *p,
                     kp_warp_access *out);

/* Warp p->warp at the point r was prepared for; c's bindings are those of
 * that point afterwards. */
static int lanes_eval_prepared(kp_lane_ctx *c, lanes_prep *r, const kp_access *a,
                               const kp_lane_point *p, kp_warp_access *out) {
  if (c->fixed != r->fixed) { /* the launch's bindings changed since: prepare again */
    int64_t pad = r->pad;
    lanes_prep_free(r);
    lanes_prepare(c, a, p, pad, r);
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
  lanes_prep r;
  int ok = lanes_prepare(c, a, p, pad, &r) && lanes_run(c, &r, p, out);
  lanes_prep_free(&r);
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
static int lanes_run(kp_lane_ctx *c, lanes_prep *r, const kp_lane_point *p,
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
  const char *n = iter_name((unsigned)l->id);
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
  const char *n = iter_name((unsigned)l->id);
  if (n && kp_sym_uses(s, n))
    return 1;
  return l->step_kind != KP_STEP_ADD && l->var && kp_sym_uses(s, l->var);
}

/* Whether loop l, one of the loops around a, moves the address of a: its
 * counter is in the address or guards, or it sets where an inner loop whose
 * counter is in them starts or how long it runs (for (j = size / 2; j > 0;
 * j >>= 1) inside a loop over size). */
static int reaches(const kp_kernel *k, const kp_access *a, const kp_loop *l) {
  /* The loops from the innermost around a out to l, decided inside out. */
  int chain[64], used[64], n = 0;
  for (int m = a->loop; m >= 0 && (size_t)m < k->nloops && n < 64; m = k->loops[m]->parent) {
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
static int trip_follows_outer(const kp_kernel *k, const kp_loop *l) {
  if (kp_sym_uses_prefix(l->trip, "threadIdx."))
    return 0;
  for (int m = l->parent; m >= 0 && (size_t)m < k->nloops; m = k->loops[m]->parent)
    if (names_loop(l->trip, k->loops[m]))
      return 1;
  return 0;
}

/* l's trip count with the enclosing loops at the iterations of iter; -1
 * when it does not evaluate. */
static int64_t trip_at(kp_lane_ctx *c, const kp_loop *l, const int64_t *iter) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  p.iter = iter;
  int64_t t;
  if (!bind_point_in(c, &p, NULL, l->parent >= 0 ? l->parent : -1) ||
      !kp_sym_eval(l->trip, c->b, c->nb, &t))
    return -1;
  return t;
}

int kp_lanes_mentions_unknown(kp_lane_ctx *c, const kp_sym *s) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!bind_point(c, &p, NULL))
    return 1;
  return any_unknown(c, s);
}

int kp_access_mentions_unknown(kp_lane_ctx *c, const kp_access *a, const kp_sym *s) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!bind_point_in(c, &p, NULL, a->loop))
    return 1;
  return any_unknown(c, s);
}

int kp_lane_ctx_bind(kp_lane_ctx *c, const char *name, int64_t value) {
  c->nb = c->fixed;
  if (!push(c, name, value))
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
    if (bound(c, s->name) || strncmp(s->name, "iteration@", 10) == 0)
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
  if (!bind_point(c, &p, NULL))
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
    int64_t t = trip_at(c, k->loops[l], it);
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
  if (bound(c, s->name))
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
  w->any = w->any || any_unknown(w->c, s);
}

size_t kp_access_unknowns(kp_lane_ctx *c, const kp_access *a, const char **names, size_t max) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!bind_point(c, &p, NULL))
    return 0;
  unknowns_walk w = {c, names, max, 0, 0};
  access_formulas(a, 0, collect_in, &w);
  return w.n;
}

int kp_access_has_unknowns(kp_lane_ctx *c, const kp_access *a) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  if (!bind_point(c, &p, NULL))
    return 0;
  unknowns_walk w = {c, NULL, 0, 0, 0};
  access_formulas(a, 0, any_in, &w);
  return w.any;
}

/* ---- Scanning ---------------------------------------------------------- */

static int64_t loop_trip(kp_lane_ctx *c, const kp_loop *l, int64_t unknown_value) {
  kp_lane_point p = {0};
  kp_shape one = {1, 1, 1, KP_SHAPE_DEFAULT, NULL};
  p.shape = &one;
  p.unknown_value = unknown_value;
  int64_t t;
  /* A trip count can only use the loops around the loop. */
  if (!bind_point_in(c, &p, NULL, l->parent >= 0 ? l->parent : -1) ||
      !bind_unknowns(c, l->trip, p.unknown_value) || !kp_sym_eval(l->trip, c->b, c->nb, &t))
    return -1;
  return t;
}

int kp_access_primary_loop(kp_lane_ctx *c, const kp_access *a, unsigned *iterations) {
  *iterations = 0;
  const kp_kernel *k = c->k;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent) {
    const kp_loop *lp = k->loops[l];
    if (!reaches(k, a, lp))
      continue;
    int64_t t = loop_trip(c, lp, 1024);
    if (trip_follows_outer(k, lp)) {
      /* The longest run over the first, second and last iterations of the
       * enclosing loops (the scan skips iterations beyond each run). */
      int64_t *it = calloc(k->nloops + 1, sizeof *it);
      for (int pick = 1; it && pick <= 2; pick++) {
        for (int m = lp->parent; m >= 0 && (size_t)m < k->nloops; m = k->loops[m]->parent) {
          int64_t tm = pick == 1 ? 2 : loop_trip(c, k->loops[m], 1024);
          it[m] = tm > 0 ? tm - 1 : 0;
        }
        int64_t tp = trip_at(c, lp, it);
        if (tp > t)
          t = tp;
      }
      free(it);
    }
    if (t < 0 || t > KP_SCAN_MAX_ITERS)
      t = KP_SCAN_MAX_ITERS;
    *iterations = (unsigned)t;
    return l;
  }
  return -1;
}

int kp_scan_point_full(const kp_scan_point *sp) {
  const kp_shape *sh = sp->point->shape;
  int64_t size = sp->lanes_hi ? 2 * KP_WARP_SIZE : KP_WARP_SIZE;
  int64_t left = sh->x * sh->y * sh->z - (int64_t)sp->point->warp * KP_WARP_SIZE;
  unsigned lanes = left >= size ? (unsigned)size : (unsigned)(left > 0 ? left : 0);
  unsigned n = 0;
  for (unsigned i = 0; i < KP_WARP_SIZE; i++)
    n += (sp->lanes->active >> i & 1u) + (sp->lanes_hi ? sp->lanes_hi->active >> i & 1u : 0);
  return lanes > 0 && n == lanes;
}

/* Whether some binding of c makes the grid's size in dimension d 1. */
static int grid_of_one(const kp_lane_ctx *c, int d) {
  for (size_t i = 0; i < c->nb; i++)
    if (strcmp(c->b[i].name, kp_grid_dim_names[d]) == 0 && c->b[i].value == 1)
      return 1;
  return 0;
}

/* Whether blockIdx = (1, 1, 1) is a block of the launch for access a: no
 * dimension whose block id a's index, formula or guards use is bound to a
 * grid of one block. */
static int second_block_exists(const kp_lane_ctx *c, const kp_access *a) {
  for (int d = 0; d < 3; d++) {
    const char *id = kp_id_names[KP_V_CTAID_X + d];
    int used = 0;
    for (size_t t = 0; t < a->index.nterms; t++)
      used |= a->index.terms[t].var == KP_V_CTAID_X + d;
    used |= !a->index.known && kp_sym_uses(a->index_formula, id);
    for (size_t g = 0; g < a->nguards; g++)
      used |= kp_sym_uses(a->guards[g].lhs, id) || kp_sym_uses(a->guards[g].rhs, id);
    if (used && grid_of_one(c, d))
      return 0;
  }
  return 1;
}

size_t kp_access_scan(kp_lane_ctx *c, const kp_access *a, const kp_shape *s, int64_t pad,
                      kp_scan_fn fn, void *user) {
  const kp_kernel *k = c->k;
  size_t visited = 0;
  int64_t *iter = calloc(k->nloops + 1, sizeof *iter);
  if (!iter)
    return 0;
  unsigned nsamples = kp_access_has_unknowns(c, a) ? KP_SCAN_SAMPLES : 1;
  unsigned nprim = 0;
  int primary = kp_access_primary_loop(c, a, &nprim);
  if (c->quick && nprim > 4)
    nprim = 4;
  /* Other loops the address depends on: first, second and last iteration. */
  int others[8];
  int64_t other_trip[8];
  size_t nothers = 0;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent)
    if (l != primary && reaches(k, a, k->loops[l]) && nothers < 8) {
      int64_t t = loop_trip(c, k->loops[l], 1024);
      other_trip[nothers] = t > 0 ? t : 1;
      others[nothers++] = l;
    }
  /* What makes warps and blocks differ: block ids in the address, thread
   * ids other than x, rows narrower than a warp, or guards. */
  int uses_block = 0, uses_yz = 0;
  for (size_t t = 0; t < a->index.nterms; t++) {
    int v = a->index.terms[t].var;
    uses_block |= v >= KP_V_CTAID_X && v <= KP_V_CTAID_Z;
    uses_yz |= v == KP_V_TID_Y || v == KP_V_TID_Z;
  }
  for (size_t g = 0; g < a->nguards; g++)
    uses_block |= kp_sym_uses_prefix(a->guards[g].lhs, "blockIdx.") ||
                  kp_sym_uses_prefix(a->guards[g].rhs, "blockIdx.");
  /* A formula (a[(i * 7) % N]) need not treat warps, blocks and iterations
   * alike: look at each of them. */
  const kp_sym *per_lane = a->index.known ? NULL : a->index_formula;
  if (per_lane)
    uses_block |= kp_sym_uses_prefix(per_lane, "blockIdx.");
  /* Block 1 is blockIdx (1, 1, 1): it does not exist when a dimension the
   * access uses has a grid of one block. */
  if (uses_block && !second_block_exists(c, a))
    uses_block = 0;
  /* Units a scan visits: warps of 32 lanes, or wavefronts of two of them. */
  unsigned per = c->wave == 2 * KP_WARP_SIZE ? 2 : 1;
  int simple_warps = !uses_yz && !a->nguards && !per_lane && s->x % (KP_WARP_SIZE * per) == 0;
  /* An additive counter shifts the whole warp's addresses alike: a few
   * iterations show every alignment that matters. */
  if (primary >= 0 && k->loops[primary]->step_kind == KP_STEP_ADD && !a->nguards && !per_lane &&
      nprim > 8)
    nprim = 8;
  unsigned threads = (unsigned)(s->x * s->y * s->z);
  unsigned nhalves = (threads + KP_WARP_SIZE - 1) / KP_WARP_SIZE;
  unsigned nwarps = (nhalves + per - 1) / per;
  unsigned warps[8], nw = 0;
  if (c->quick && nwarps > 3) {
    warps[nw++] = 0;
    warps[nw++] = 1;
    warps[nw++] = nwarps - 1;
  } else if (simple_warps && nwarps > 3) {
    warps[nw++] = 0;
    warps[nw++] = 1;
    warps[nw++] = nwarps - 1;
  } else if (nwarps <= 8) {
    for (unsigned w = 0; w < nwarps; w++)
      warps[nw++] = w;
  } else {
    for (unsigned w = 0; w < 4; w++)
      warps[nw++] = w;
    warps[nw++] = nwarps - 2;
    warps[nw++] = nwarps - 1;
  }
  /* Combinations of the other loops: 3^nothers, at most 27. */
  size_t ncomb = 1;
  for (size_t o = 0; o < nothers && o < 3 && !c->quick; o++)
    ncomb *= 3;
  for (unsigned smp = 0; smp < nsamples; smp++) {
    int64_t unknown = 1024 + smp;
    for (unsigned j = 0; j < (nprim ? nprim : 1); j++) {
      for (size_t comb = 0; comb < ncomb; comb++) {
        memset(iter, 0, (k->nloops + 1) * sizeof *iter);
        if (primary >= 0)
          iter[primary] = j;
        size_t cc = comb;
        for (size_t o = 0; o < nothers && o < 3; o++, cc /= 3) {
          int64_t pick[3] = {0, 1, other_trip[o] - 1};
          int64_t v = pick[cc % 3];
          iter[others[o]] = v < other_trip[o] ? v : 0;
        }
        /* An iteration a loop whose run the enclosing loops set does not
         * reach at these iterations of theirs (or a loop they make empty:
         * for (j = 0; j < i; j++) at i = 0). */
        int beyond = 0;
        for (int l = a->loop; l >= 0 && (size_t)l < k->nloops && !beyond; l = k->loops[l]->parent)
          if (trip_follows_outer(k, k->loops[l])) {
            int64_t t = trip_at(c, k->loops[l], iter);
            beyond = t >= 0 && iter[l] >= t;
          }
        if (beyond)
          continue;
        /* Each block's point prepared once for all its warps. */
        lanes_prep prep[2];
        for (int64_t blk = 0; blk < (uses_block ? 2 : 1); blk++) {
          kp_lane_point p = {s, 0, blk, iter, unknown};
          lanes_prepare(c, a, &p, pad, &prep[blk]);
        }
        for (unsigned wi = 0; wi < nw; wi++)
          for (int64_t blk = 0; blk < (uses_block ? 2 : 1); blk++) {
            kp_lane_point p = {s, warps[wi] * per, blk, iter, unknown};
            kp_warp_access wa, hi;
            if (!lanes_eval_prepared(c, &prep[blk], a, &p, &wa))
              continue;
            if (per == 2) {
              kp_lane_point ph = p;
              ph.warp = p.warp + 1;
              memset(&hi, 0, sizeof hi);
              hi.width = wa.width;
              if (ph.warp < nhalves && !lanes_eval_prepared(c, &prep[blk], a, &ph, &hi))
                continue; /* the second half cannot be told: neither can the wavefront */
            }
            if (!wa.active && (per == 1 || !hi.active) && !c->visit_idle)
              continue;
            kp_scan_point sp = {&p, smp, nsamples, primary, j, 0, 0, &wa, per == 2 ? &hi : NULL};
            if (primary >= 0)
              sp.primary_counter_known = kp_loop_counter(c, &p, k->loops[primary], j,
                                                         &sp.primary_counter);
            fn(user, &sp);
            visited++;
          }
        for (int blk = 0; blk < (uses_block ? 2 : 1); blk++)
          lanes_prep_free(&prep[blk]);
      }
    }
  }
  free(iter);
  return visited;
}

/* kp_access_scan_key's walk of formula s: two values a variable. */
typedef struct key_walk {
  const kp_lane_ctx *c;
  int64_t *out;
  size_t cap, n;
} key_walk;

static void key_of(const kp_sym *s, void *user) {
  key_walk *w = user;
  if (!s)
    return;
  if (s->kind != KP_SYM_VAR) {
    key_of(s->a, w);
    key_of(s->b, w);
    return;
  }
  int64_t v = 0;
  int have = kp_binding_lookup(w->c->b, w->c->nb, s->name, &v);
  if (w->n + 2 <= w->cap) {
    w->out[w->n] = have;
    w->out[w->n + 1] = v;
  }
  w->n += 2;
}

size_t kp_access_scan_key(const kp_lane_ctx *c, const kp_access *a, int64_t *out, size_t cap) {
  const kp_kernel *k = c->k;
  key_walk w = {c, out, cap, 0};
  access_formulas(a, 1, key_of, &w);
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops && k->loops[l]; l = k->loops[l]->parent) {
    key_of(k->loops[l]->trip, &w);
    key_of(k->loops[l]->init, &w);
    key_of(k->loops[l]->step, &w);
  }
  size_t n = w.n;
  for (int d = 0; d < 3; d++, n++) /* what second_block_exists reads */
    if (n < cap)
      out[n] = grid_of_one(c, d);
  return n;
}

/* ---- The GPU's rules at a scan point ------------------------------------ */

unsigned kp_gpu_scan_wave(const kp_gpu *g, kp_space space) {
  if (!kp_gpu_amd_rules(g))
    return 0;
  return space == KP_SPACE_SHARED ? KP_WARP_SIZE : 2 * KP_WARP_SIZE;
}

int kp_scan_point_requests(const kp_gpu *g, const kp_scan_point *sp, kp_coalescing *out) {
  if (kp_gpu_amd_rules(g))
    return kp_amd_global_lines((unsigned)g->mem[KP_MEM_L1].line_bytes, sp->lanes, sp->lanes_hi,
                               out);
  if (kp_gpu_is_amd(g))
    return KP_WARP_EARG;
  return kp_global_transactions(g->cc_major, g->cc_minor, sp->lanes, out);
}

int kp_scan_point_conflict(const kp_gpu *g, const kp_scan_point *sp, kp_bank_result *out) {
  if (kp_gpu_amd_rules(g))
    return kp_amd_lds_conflict(g->limits.smem_banks, g->limits.smem_bank_bytes, sp->lanes, out);
  if (kp_gpu_is_amd(g))
    return KP_WARP_EARG;
  return kp_shared_conflict_banks(g->cc_major, g->cc_minor, g->limits.smem_banks,
                                  g->limits.smem_bank_bytes, sp->lanes, out);
}
