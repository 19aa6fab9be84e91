/* Per-thread counts and model 000's thread time (see include/kperf/count.h).
 *
 * Both walk the kernel body's tree of regions for the "main thread": loops
 * repeat their body trip times, a branch whose condition folded runs its
 * taken side, and any other branch runs its longer side.  kp_count_kernel
 * keeps everything symbolic; kp_thread_time evaluates trip counts under
 * bindings and works in cycles. */
#include "kperf/count.h"
#include "kperf/arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Symbolic counts --------------------------------------------------- */

typedef struct counter {
  struct kp_arena *a;
  const kp_kernel *k;
  const kp_sym *zero;
} counter;

enum { NSPACES = KP_SPACE_UNKNOWN + 1 };

static void counts_zero(const counter *ct, kp_counts *c) {
  for (int i = 0; i < KP_I_COUNT; i++)
    c->by_class[i] = ct->zero;
  for (int i = 0; i < NSPACES; i++)
    c->bytes[i] = ct->zero;
  c->total = c->divergent = c->syncs = ct->zero;
}

/* dst += f * src, field by field. */
static void counts_add_scaled(const counter *ct, kp_counts *dst, const kp_counts *src,
                              const kp_sym *f) {
  struct kp_arena *a = ct->a;
  for (int i = 0; i < KP_I_COUNT; i++)
    dst->by_class[i] = kp_sym_add(a, dst->by_class[i], kp_sym_mul(a, f, src->by_class[i]));
  for (int i = 0; i < NSPACES; i++)
    dst->bytes[i] = kp_sym_add(a, dst->bytes[i], kp_sym_mul(a, f, src->bytes[i]));
  dst->total = kp_sym_add(a, dst->total, kp_sym_mul(a, f, src->total));
  dst->divergent = kp_sym_add(a, dst->divergent, kp_sym_mul(a, f, src->divergent));
  dst->syncs = kp_sym_add(a, dst->syncs, kp_sym_mul(a, f, src->syncs));
}

/* dst += max(x, y), field by field (a branch whose longer side is unknown). */
static void counts_add_max(const counter *ct, kp_counts *dst, const kp_counts *x,
                           const kp_counts *y) {
  struct kp_arena *a = ct->a;
  kp_counts m;
  for (int i = 0; i < KP_I_COUNT; i++)
    m.by_class[i] = kp_sym_bin(a, KP_SYM_MAX, x->by_class[i], y->by_class[i]);
  for (int i = 0; i < NSPACES; i++)
    m.bytes[i] = kp_sym_bin(a, KP_SYM_MAX, x->bytes[i], y->bytes[i]);
  m.total = kp_sym_bin(a, KP_SYM_MAX, x->total, y->total);
  m.divergent = kp_sym_bin(a, KP_SYM_MAX, x->divergent, y->divergent);
  m.syncs = kp_sym_bin(a, KP_SYM_MAX, x->syncs, y->syncs);
  counts_add_scaled(ct, dst, &m, kp_sym_const(a, 1));
}

/* A loop's iteration as a variable of the formulas of the loops inside it
 * ("iteration@ID": 0 on the first iteration), e.g. the bounds of
 * `for (j = i; j < n; j++)` inside a loop over i. */
static void iteration_name(const kp_loop *l, char *buf, size_t n) {
  snprintf(buf, n, "iteration@%d", l->id);
}

/* Whether any count uses the variable. */
static int counts_use(const kp_counts *c, const char *name) {
  for (int i = 0; i < KP_I_COUNT; i++)
    if (kp_sym_uses(c->by_class[i], name))
      return 1;
  for (int i = 0; i < NSPACES; i++)
    if (kp_sym_uses(c->bytes[i], name))
      return 1;
  return kp_sym_uses(c->total, name) || kp_sym_uses(c->divergent, name) ||
         kp_sym_uses(c->syncs, name);
}

/* dst = src with one variable bound. */
static void counts_subst(const counter *ct, kp_counts *dst, const kp_counts *src,
                         const kp_binding *b) {
  struct kp_arena *a = ct->a;
  for (int i = 0; i < KP_I_COUNT; i++)
    dst->by_class[i] = kp_sym_subst(a, src->by_class[i], b, 1);
  for (int i = 0; i < NSPACES; i++)
    dst->bytes[i] = kp_sym_subst(a, src->bytes[i], b, 1);
  dst->total = kp_sym_subst(a, src->total, b, 1);
  dst->divergent = kp_sym_subst(a, src->divergent, b, 1);
  dst->syncs = kp_sym_subst(a, src->syncs, b, 1);
}

/* The trip count of a loop; never NULL unless memory ran out. */
static const kp_sym *trip_of(struct kp_arena *a, const kp_loop *l) {
  if (l->trip)
    return l->trip;
  /* Guard only: the model promises a trip.  An unbound variable keeps the
   * counts symbolic (and unevaluable) rather than wrong. */
  return kp_sym_var(a, l->trip_param ? l->trip_param : "trip?");
}

/* One operation node: count instructions of class cls. */
static void count_op(const counter *ct, const kp_node *n, int divergent, kp_counts *c) {
  struct kp_arena *a = ct->a;
  kp_iclass cls = (unsigned)n->cls < KP_I_COUNT ? n->cls : KP_I_OTHER;
  const kp_sym *cnt = kp_sym_const(a, n->count);
  c->by_class[cls] = kp_sym_add(a, c->by_class[cls], cnt);
  c->total = kp_sym_add(a, c->total, cnt);
  if (divergent)
    c->divergent = kp_sym_add(a, c->divergent, cnt);
  if (cls == KP_I_BARRIER)
    c->syncs = kp_sym_add(a, c->syncs, cnt);
  if (n->access >= 0 && (size_t)n->access < ct->k->naccesses) {
    const kp_access *acc = &ct->k->accesses[n->access];
    kp_space sp = (unsigned)acc->space < NSPACES ? acc->space : KP_SPACE_UNKNOWN;
    /* an atomic reads and writes its element */
    int64_t bytes = (int64_t)acc->elem_bytes * n->count * (acc->is_atomic ? 2 : 1);
    c->bytes[sp] = kp_sym_add(a, c->bytes[sp], kp_sym_const(a, bytes));
  }
}

static void count_region(const counter *ct, const kp_region *r, int divergent, kp_counts *c);

static void count_branch(const counter *ct, const kp_branch *br, int divergent, kp_counts *c) {
  int div = divergent || br->divergent;
  kp_counts t, e;
  if (br->taken == 1 || br->taken == 0) { /* the condition folded */
    count_region(ct, br->taken ? &br->then_r : &br->else_r, div, c);
    return;
  }
  counts_zero(ct, &t);
  counts_zero(ct, &e);
  count_region(ct, &br->then_r, div, &t);
  count_region(ct, &br->else_r, div, &e);
  int64_t tt, te;
  if (kp_sym_is_const(t.total, &tt) && kp_sym_is_const(e.total, &te))
    counts_add_scaled(ct, c, tt >= te ? &t : &e, kp_sym_const(ct->a, 1));
  else if (kp_sym_equal(t.total, e.total))
    counts_add_scaled(ct, c, &t, kp_sym_const(ct->a, 1));
  else /* not comparable: each count at its larger side */
    counts_add_max(ct, c, &t, &e);
}

/* Adds the counts of region r to *c; with only_grouped, only its operations
 * that run once per unrolled group of iterations (kp_node.per_group), else
 * everything else. */
static void count_nodes(const counter *ct, const kp_region *r, int divergent, kp_counts *c,
                        int only_grouped);

static void count_region(const counter *ct, const kp_region *r, int divergent, kp_counts *c) {
  count_nodes(ct, r, divergent, c, 0);
}

static void count_nodes(const counter *ct, const kp_region *r, int divergent, kp_counts *c,
                        int only_grouped) {
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (only_grouped && !(n->kind == KP_NODE_OP && n->per_group))
      continue;
    if (!only_grouped && n->kind == KP_NODE_OP && n->per_group)
      continue;
    switch (n->kind) {
    case KP_NODE_OP:
      count_op(ct, n, divergent, c);
      break;
    case KP_NODE_LOOP:
      if (n->loop) {
        /* trip x the body; operations once per unrolled group: ceil(trip / group). */
        kp_counts body, grouped;
        counts_zero(ct, &body);
        counts_zero(ct, &grouped);
        count_nodes(ct, &n->loop->body, divergent, &body, 0);
        count_nodes(ct, &n->loop->body, divergent, &grouped, 1);
        const kp_sym *trip = trip_of(ct->a, n->loop);
        int g = n->loop->unrolled_by > 1 ? n->loop->unrolled_by : 1;
        char it[32];
        int64_t tc;
        iteration_name(n->loop, it, sizeof it);
        if (counts_use(&body, it) && kp_sym_is_const(trip, &tc) && tc <= KP_ITERATION_SUM_MAX) {
          /* The body depends on the iteration (an inner loop's bounds):
           * the sum over the iterations. */
          for (int64_t i = 0; i < tc; i++) {
            kp_binding bi = {it, i};
            kp_counts bk;
            counts_subst(ct, &bk, &body, &bi);
            counts_add_scaled(ct, c, &bk, kp_sym_const(ct->a, 1));
          }
        } else {
          counts_add_scaled(ct, c, &body, trip);
        }
        counts_add_scaled(ct, c, &grouped,
                          kp_sym_bin(ct->a, KP_SYM_CEILDIV, trip, kp_sym_const(ct->a, g)));
      }
      break;
    case KP_NODE_BRANCH:
      if (n->branch)
        count_branch(ct, n->branch, divergent, c);
      break;
    }
  }
}

int kp_count_kernel(struct kp_arena *a, const kp_kernel *k, kp_counts *out) {
  if (!a || !k || !out || !k->has_body)
    return 0;
  counter ct = {a, k, kp_sym_const(a, 0)};
  if (!ct.zero)
    return 0;
  counts_zero(&ct, out);
  count_region(&ct, &k->body, 0, out);
  /* Constructors propagate NULL: any NULL field means memory ran out. */
  int ok = out->total && out->divergent && out->syncs;
  for (int i = 0; i < KP_I_COUNT; i++)
    ok &= out->by_class[i] != NULL;
  for (int i = 0; i < NSPACES; i++)
    ok &= out->bytes[i] != NULL;
  return ok;
}

/* ---- Launch bindings --------------------------------------------------- */

typedef struct binder {
  kp_binding *out;
  size_t n, cap;
} binder;

static void bind(binder *b, const char *name, int64_t value) {
  if (b->n < b->cap) {
    b->out[b->n].name = name;
    b->out[b->n].value = value;
    b->n++;
  }
}

/* blockDim.x ... or gridDim.x ...: the known components.  A component with
 * no text and no value was not written ("<<<n, 256>>>" leaves y and z out),
 * which means 1 when x is known; when x is not known either the whole shape
 * is an expression kperf could not follow and y and z stay unknown. */
static void bind_dim3(binder *b, const kp_dim3 *d, const char *const names[3]) {
  const kp_expr *c[3] = {&d->x, &d->y, &d->z};
  for (int i = 0; i < 3; i++) {
    if (c[i]->known)
      bind(b, names[i], c[i]->value);
    else if (i > 0 && !c[i]->text && d->x.known)
      bind(b, names[i], 1);
  }
}

size_t kp_launch_bindings(const kp_module *m, const kp_launch *l, kp_binding *out, size_t cap) {
  static const char *const block[3] = {"blockDim.x", "blockDim.y", "blockDim.z"};
  static const char *const grid[3] = {"gridDim.x", "gridDim.y", "gridDim.z"};
  static const char *const ids[6] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                     "blockIdx.x",  "blockIdx.y",  "blockIdx.z"};
  binder b = {out, 0, out ? cap : 0};
  if (!m || !l)
    return 0;
  bind_dim3(&b, &l->block, block);
  bind_dim3(&b, &l->grid, grid);
  /* Parameters whose argument folded to a constant. */
  if (l->kernel >= 0 && (size_t)l->kernel < m->nkernels && l->args) {
    const kp_kernel *k = &m->kernels[l->kernel];
    for (size_t i = 0; i < l->nargs && i < k->nparams; i++) {
      const char *name = k->params[i].name;
      if (l->args[i].known && name && *name)
        bind(&b, name, l->args[i].value);
    }
  }
  /* The main thread: thread 0 of block 0. */
  for (int i = 0; i < 6; i++)
    bind(&b, ids[i], 0);
  /* Assumptions last: kp_sym_eval lets the last binding of a name win, and
   * an assumption overrides anything derived from the launch. */
  for (size_t i = 0; i < m->nassume; i++)
    if (m->assume[i].name)
      bind(&b, m->assume[i].name, m->assume[i].value);
  return b.n;
}

/* ---- Model 000: thread time -------------------------------------------- */

typedef struct timer {
  const kp_kernel *k;
  const double *lat, *issue;
  const kp_binding *b;
  size_t nb;
} timer;

static int region_time(const timer *tm, const kp_region *r, double *time, double *delay);
static int iterations_time(const timer *tm, const kp_loop *l, int64_t trip, double *t,
                           double *d);

/* Cost of one node: its own critical path and its issue delay.  Returns 0
 * when a trip count does not evaluate (or memory ran out). */
static int node_time(const timer *tm, const kp_node *n, double *time, double *delay) {
  *time = *delay = 0;
  switch (n->kind) {
  case KP_NODE_OP: {
    kp_iclass cls = (unsigned)n->cls < KP_I_COUNT ? n->cls : KP_I_OTHER;
    /* count instructions of one class form a chain */
    *time = (tm->lat ? tm->lat[cls] : 0) * n->count;
    *delay = (tm->issue ? tm->issue[cls] : 0) * n->count;
    return 1;
  }
  case KP_NODE_LOOP: {
    if (!n->loop)
      return 1;
    int64_t trip;
    if (!kp_sym_eval(n->loop->trip, tm->b, tm->nb, &trip))
      return 0;
    if (trip <= 0)
      return 1;
    double t, d;
    if (!region_time(tm, &n->loop->body, &t, &d) &&
        !iterations_time(tm, n->loop, trip, &t, &d))
      return 0;
    /* Operations once per unrolled group issue ceil(trip / group) times. */
    double dg = 0;
    const kp_region *b = &n->loop->body;
    for (size_t i = 0; i < b->nnodes; i++)
      if (b->nodes[i].kind == KP_NODE_OP && b->nodes[i].per_group &&
          (unsigned)b->nodes[i].cls < KP_I_COUNT)
        dg += (tm->issue ? tm->issue[b->nodes[i].cls] : 0) * b->nodes[i].count;
    int64_t g = n->loop->unrolled_by > 1 ? n->loop->unrolled_by : 1;
    *time = (double)trip * t;
    *delay = (double)trip * (d - dg) + (double)((trip + g - 1) / g) * dg;
    return 1;
  }
  case KP_NODE_BRANCH: {
    const kp_branch *br = n->branch;
    if (!br)
      return 1;
    if (br->taken == 1 || br->taken == 0)
      return region_time(tm, br->taken ? &br->then_r : &br->else_r, time, delay);
    double tt, td, et, ed;
    if (!region_time(tm, &br->then_r, &tt, &td) || !region_time(tm, &br->else_r, &et, &ed))
      return 0;
    *time = tt > et ? tt : et;
    *delay = td > ed ? td : ed; /* the side that takes longer to issue */
    return 1;
  }
  }
  return 1;
}

/* A loop whose body has no time without its iteration bound (an inner
 * loop's bounds depend on it): the body's time on each iteration, averaged
 * (the caller multiplies by trip).  0 when that does not give one either. */
static int iterations_time(const timer *tm, const kp_loop *l, int64_t trip, double *t,
                           double *d) {
  if (trip > KP_ITERATION_SUM_MAX)
    return 0;
  kp_binding *b = malloc((tm->nb + 1) * sizeof *b);
  if (!b)
    return 0;
  char it[32];
  iteration_name(l, it, sizeof it);
  for (size_t i = 0; i < tm->nb; i++)
    b[i + 1] = tm->b[i];
  timer inner = *tm;
  inner.b = b;
  inner.nb = tm->nb + 1;
  double st = 0, sd = 0;
  int ok = 1;
  for (int64_t i = 0; i < trip && ok; i++) {
    double ti, di;
    b[0].name = it;
    b[0].value = i;
    ok = region_time(&inner, &l->body, &ti, &di);
    st += ti;
    sd += di;
  }
  free(b);
  *t = st / (double)trip;
  *d = sd / (double)trip;
  return ok;
}

/* Longest path through the region's dependency DAG:
 * finish(i) = cost(i) + max over deps of finish(dep); time = max finish. */
static int region_time(const timer *tm, const kp_region *r, double *time, double *delay) {
  *time = *delay = 0;
  if (!r->nnodes)
    return 1;
  double *finish = malloc(r->nnodes * sizeof *finish);
  if (!finish)
    return 0;
  int ok = 1;
  for (size_t i = 0; i < r->nnodes && ok; i++) {
    const kp_node *n = &r->nodes[i];
    double cost, d;
    ok = node_time(tm, n, &cost, &d);
    double start = 0; /* values from outside the region are ready at 0 */
    for (size_t j = 0; j < n->ndeps; j++) {
      int dep = n->deps[j];
      if (dep >= 0 && (size_t)dep < i && finish[dep] > start)
        start = finish[dep];
    }
    finish[i] = start + cost;
    if (finish[i] > *time)
      *time = finish[i];
    *delay += d;
  }
  free(finish);
  return ok;
}

int kp_thread_time(const kp_kernel *k, const double lat[KP_I_COUNT],
                   const double issue[KP_I_COUNT], const kp_binding *b, size_t nb,
                   double *time, double *delay) {
  double t = 0, d = 0;
  int ok = 0;
  if (k && k->has_body) {
    timer tm = {k, lat, issue, b, nb};
    ok = region_time(&tm, &k->body, &t, &d);
  }
  if (!ok)
    t = d = 0;
  if (time)
    *time = t;
  if (delay)
    *delay = d;
  return ok;
}
