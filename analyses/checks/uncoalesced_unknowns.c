/* kperf-uncoalesced over the parameters the file does not give: unknowns
 * that only move the whole warp bound (lane_ctx), one swept over SWEEP with
 * the others at their OTHERS values, probes, combinations, and the scan
 * budgets.  Uses uncoalesced.h (the scan state and its visit), check_util.h
 * and lanes.h. */
#include "uncoalesced.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- Unknowns that only move the whole warp ----------------------------- */

/* Whether name enters formula s only through +, - and * (then a value of
 * 1024 adds a multiple of 1024 to it). */
static int linear_in(const kp_sym *s, const char *name) {
  if (!s || !kp_sym_uses(s, name))
    return 1;
  if (s->kind == KP_SYM_VAR)
    return 1;
  if (s->kind != KP_SYM_ADD && s->kind != KP_SYM_SUB && s->kind != KP_SYM_MUL)
    return 0;
  return linear_in(s->a, name) && linear_in(s->b, name);
}

/* Whether unknown name only moves every lane of access a alike: it is in the
 * index's base or the coefficients of block ids, linearly, and nowhere else
 * (no thread or loop coefficient, no guard; a grid extent, gridDim.x of a
 * linear block id `blockIdx.y * gridDim.x + blockIdx.x`, may be in guards
 * linearly: it moves the second block judged, whose threads the guards'
 * other unknowns are swept against).  Bound to 1024, it moves the warp by a
 * multiple of 1024 elements, which changes no sector count. */
static int offset_only(const kp_access *a, const char *name) {
  if (!a->index.known || !linear_in(a->index.base, name))
    return 0;
  int grid = strncmp(name, "gridDim.", 8) == 0;
  for (size_t g = 0; g < a->nguards; g++)
    if ((kp_sym_uses(a->guards[g].lhs, name) || kp_sym_uses(a->guards[g].rhs, name)) &&
        !(grid && linear_in(a->guards[g].lhs, name) && linear_in(a->guards[g].rhs, name)))
      return 0;
  for (size_t t = 0; t < a->index.nterms; t++) {
    int v = a->index.terms[t].var;
    int block = v >= KP_V_CTAID_X && v <= KP_V_CTAID_Z;
    if (kp_sym_uses(a->index.terms[t].coef, name) &&
        (!block || !linear_in(a->index.terms[t].coef, name)))
      return 0;
  }
  return 1;
}

/* The lane context the check judges with: an access under a condition on
 * loaded data (kp_access.guards_data) is judged with every lane its other
 * guards let through taking it (the ideal has the same lanes).  With more
 * unknowns in a's address than a sweep judges, those that only move the
 * whole warp (offset_only) but the first are bound to 1024 until few enough
 * are left: the first still moves the warp across every alignment the
 * sweep looks at.  Their names in fixed[] (*nfixed), when given. */
int lane_ctx(const kp_check_ctx *ctx, kp_lane_ctx *c, const kp_kernel *k,
                    const kp_shape *s, const kp_access *a, const char **fixed, size_t *nfixed) {
  int ok = kpc_lane_ctx_init(ctx, c, k, s, KP_SPACE_GLOBAL);
  c->data_all_lanes = 1;
  if (nfixed)
    *nfixed = 0;
  if (!ok || !a)
    return ok;
  const char *unk[8];
  size_t nu = kp_access_unknowns(c, a, unk, 8);
  if (nu <= KP_UNKNOWNS_MAX_ || nu > 8)
    return ok;
  int kept = 0;
  for (size_t u = 0; u < nu && ok; u++) {
    if (!offset_only(a, unk[u]))
      continue;
    if (!kept) {
      kept = 1;
      continue;
    }
    ok = kp_lane_ctx_bind(c, unk[u], 1024);
    if (fixed && nfixed)
      fixed[(*nfixed)++] = unk[u];
    if (--nu <= KP_UNKNOWNS_MAX_)
      break;
  }
  return ok;
}

/* ---- One parameter the file does not give ------------------------------ */

/* A quick scan (kp_lane_ctx.quick) of access a under shape s with unknown
 * names[u] bound to v[u], only whole warps judged when whole: 0 when the
 * context cannot be made, else 1 with *st and the points visited in *n. */
static int quick_scan(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                      const kp_shape *s, const char *const *names, size_t nu, const int64_t *v,
                      int whole, unsigned need, scan_state *st, size_t *n) {
  kp_lane_ctx cv;
  int ok = lane_ctx(ctx, &cv, k, s, a, NULL, NULL);
  for (size_t u = 0; ok && u < nu; u++)
    ok = kp_lane_ctx_bind(&cv, names[u], v[u]);
  if (ok) {
    memset(st, 0, sizeof *st);
    st->gpu = ctx->gpu;
    st->nloops = k->nloops;
    st->only_full = whole;
    st->need = need;
    cv.quick = 1;
    *n = kp_access_scan(&cv, a, s, 0, visit, st);
  }
  kp_lane_ctx_free(&cv);
  return ok;
}

/* Access a without its guards that mention one of names[] (a copy in
 * *copy, its guards in buf): where a whole warp would make it whatever those
 * parameters are.  0 when no guard mentions them or there are too many. */
static int guards_dropped(const kp_access *a, const char *const *names, size_t nu,
                          kp_access *copy, kp_guard *buf, size_t cap) {
  size_t n = 0;
  for (size_t g = 0; g < a->nguards; g++) {
    int uses = 0;
    for (size_t u = 0; u < nu; u++)
      uses |= kp_sym_uses(a->guards[g].lhs, names[u]) || kp_sym_uses(a->guards[g].rhs, names[u]);
    if (uses)
      continue;
    if (n == cap)
      return 0;
    buf[n++] = a->guards[g];
  }
  if (n == a->nguards)
    return 0;
  *copy = *a;
  copy->guards = n ? buf : NULL;
  copy->nguards = n;
  return 1;
}

#define PROBE_GUARDS 16

/* A probe of a at the values v: the lanes its guards without the unknowns
 * let through (guards_dropped).  1 with *st when a warp made it. */
int probe_scan(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                      const kp_shape *s, const char *const *names, size_t nu, const int64_t *v,
                      scan_state *st) {
  kp_access copy;
  kp_guard buf[PROBE_GUARDS];
  size_t n = 0;
  if (!guards_dropped(a, names, nu, &copy, buf, PROBE_GUARDS) ||
      !quick_scan(ctx, k, &copy, s, names, nu, v, 0, 0, st, &n))
    return 0;
  return n > 0 && st->w[0].have;
}

/* Judges access a under shape s at every value of unknown names[which],
 * the other unknowns bound to others[]: 1 with *r filled when it is
 * uncoalesced at every value from some size on (at most SWEEP_MAX_FROM) at
 * which a whole warp makes it, -1 when no value has a whole warp make it
 * (too few threads, or none, work to speak of), else 0. */
static int sweep_one(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                     const kp_shape *s, const char *const *names, size_t nu, size_t which,
                     const int64_t *others, int whole, unsigned *budget, sweep_result *r) {
  int runs[NSWEEP] = {0}, bad[NSWEEP] = {0}, probed[NSWEEP] = {0}, partial = 0;
  unsigned tx[NSWEEP] = {0}, ideal[NSWEEP] = {0};
  /* From the largest value down, until one that runs is not uncoalesced:
   * the values below it cannot change the answer (most accesses stop at
   * the first).  When the unknowns decide which lanes make the access
   * (whole), each value is first probed without the guards that name them
   * (probe_scan): a warp with as many lanes as the probe's fullest one is
   * whole (`if (y == 0)` leaves 4 of a 4x4 block's 16 at every value).  A
   * value at which no whole warp makes it is judged by the probe alone:
   * coalesced there, it ends the run of values the statement is about (the
   * lanes of `a[n * i]` are adjacent at n = 1 even where `i < n - 1 - t`
   * lets no thread through); uncoalesced, it extends it. */
  for (size_t i = NSWEEP; i-- > 0;) {
    if (kp_check_out_of_time(ctx) || *budget < (whole ? 2u : 1u))
      return 0;
    --*budget;
    int64_t v[KP_UNKNOWNS_MAX];
    for (size_t u = 0; u < nu; u++)
      v[u] = u == which ? SWEEP[i] : others[u];
    scan_state st, pr;
    size_t n;
    int have_probe = whole && probe_scan(ctx, k, a, s, names, nu, v, &pr);
    if (whole)
      --*budget;
    if (!quick_scan(ctx, k, a, s, names, nu, v, whole, have_probe ? pr.maxlanes : 0, &st, &n))
      return 0;
    partial |= whole && n > 0 && st.w[0].have && !st.full;
    if (n == 0 || !st.w[0].have || (whole && !st.full)) {
      /* no (whole) warp makes the access at this value */
      if (!have_probe)
        continue;
      int pbad = pr.w[0].ratio >= ctx->opts->uncoalesced_ratio;
      probed[i] = pbad ? 1 : 2;
      tx[i] = pr.w[0].co.transactions;
      ideal[i] = pr.w[0].co.ideal;
      partial = 1;
      if (!pbad)
        break;
      continue;
    }
    runs[i] = 1;
    bad[i] = st.w[0].ratio >= ctx->opts->uncoalesced_ratio;
    tx[i] = st.w[0].co.transactions;
    ideal[i] = st.w[0].co.ideal;
    if (!bad[i])
      break;
  }
  /* The smallest value from which every value that runs (or is probed) is
   * uncoalesced. */
  size_t from = NSWEEP;
  for (size_t i = NSWEEP; i-- > 0;) {
    if ((runs[i] && !bad[i]) || probed[i] == 2)
      break;
    if (runs[i] || probed[i])
      from = i;
  }
  int any = 0;
  for (size_t i = 0; i < NSWEEP; i++)
    any |= runs[i];
  if (!any)
    return -1;
  if (from == NSWEEP || SWEEP[from] > SWEEP_MAX_FROM)
    return 0;
  /* Sizes are most often powers of two: a statement that holds at none of
   * them (a window of odd values) says nothing of the program. */
  int pow2 = 0;
  for (size_t i = from; i < NSWEEP; i++)
    pow2 |= (runs[i] || probed[i]) && SWEEP[i] >= 2 && (SWEEP[i] & (SWEEP[i] - 1)) == 0;
  if (!pow2)
    return 0;
  memset(r, 0, sizeof *r);
  r->from = SWEEP[from];
  r->first_tx = tx[from];
  r->ideal = ideal[from];
  r->monotonic = 1;
  r->figure = -1;
  r->partial = partial;
  unsigned prev = 0;
  for (size_t i = from; i < NSWEEP; i++) {
    if (!runs[i] && !probed[i])
      continue;
    if (tx[i] < prev)
      r->monotonic = 0;
    prev = tx[i];
    if (tx[i] > r->max_tx) {
      r->max_tx = tx[i];
      r->max_from = SWEEP[i];
    }
    if (r->min_tx == 0 || tx[i] < r->min_tx)
      r->min_tx = tx[i];
    if (runs[i] && (SWEEP[i] <= 1024 || r->figure < 0))
      r->figure = SWEEP[i];
  }
  for (size_t u = 0; u < nu; u++)
    r->fig[u] = u == which ? r->figure : others[u];
  return r->figure >= 0;
}

/* Whether name stands for a warp-uniform loaded value of k. */
int loaded_var(const kp_kernel *k, const char *name) {
  for (size_t i = 0; i < k->nloaded_vars; i++)
    if (k->loaded_vars[i] && strcmp(k->loaded_vars[i], name) == 0)
      return 1;
  return 0;
}

/* Values the other unknowns take while one is swept (large first: most
 * accesses are settled by the first), fewer of them with three unknowns. */
static const int64_t OTHERS[] = {1024, 1025, 17, 2, 1};
#define NOTHERS (sizeof OTHERS / sizeof *OTHERS)
#define NOTHERS_3 3

/* Whether unknown name sets the distance between the lanes of a (a
 * coefficient of a thread id, or the non-affine index), rather than moving
 * the whole warp or deciding which lanes take part. */
static int in_stride(const kp_access *a, const char *name) {
  if (!a->index.known)
    return kp_sym_uses(a->index_formula, name);
  for (size_t t = 0; t < a->index.nterms; t++) {
    int v = a->index.terms[t].var;
    if (v >= KP_V_TID_X && v <= KP_V_TID_Z && kp_sym_uses(a->index.terms[t].coef, name))
      return 1;
  }
  return 0;
}

/* Whether guard g compares name with 1 (`n == 1`, `1 != n`, `n > 1`, `n <= 1`). */
static int tests_one(const kp_guard *g, const char *name) {
  int64_t v;
  const kp_sym *x = g->lhs, *y = g->rhs;
  if (x && x->kind == KP_SYM_CONST)
    x = g->rhs, y = g->lhs;
  return x && y && x->kind == KP_SYM_VAR && strcmp(x->name, name) == 0 && kp_sym_is_const(y, &v) &&
         v == 1;
}

/* Whether a branch of region r (and the regions in it) tests name against 1. */
static int region_tests_one(const kp_region *r, const char *name, int depth) {
  for (size_t i = 0; r && depth < 64 && i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_LOOP && n->loop && region_tests_one(&n->loop->body, name, depth + 1))
      return 1;
    if (n->kind != KP_NODE_BRANCH || !n->branch)
      continue;
    const kp_branch *b = n->branch;
    for (size_t g = 0; g < b->nthen_needs; g++)
      if (tests_one(&b->then_needs[g], name))
        return 1;
    for (size_t g = 0; g < b->nelse_needs; g++)
      if (tests_one(&b->else_needs[g], name))
        return 1;
    if (region_tests_one(&b->then_r, name, depth + 1) ||
        region_tests_one(&b->else_r, name, depth + 1))
      return 1;
  }
  return 0;
}

/* Whether the code suggests that a parameter setting the distance between
 * lanes is often 1, where the access is coalesced: the kernel tests it
 * against 1 (`if (incx == 1)`: a case it expects), or it is named as the
 * BLAS interfaces name a vector's increment (`inc`, `incx`, `incY`: 1 for a
 * contiguous vector, the usual call).  Then "uncoalesced for every value >=
 * 2" is no statement about the program, and nothing is said. */
static int stride_often_one(const kp_kernel *k, const char *name) {
  if (strncmp(name, "inc", 3) == 0 &&
      (name[3] == 0 || ((name[3] == 'x' || name[3] == 'y' || name[3] == 'X' || name[3] == 'Y') &&
                        name[4] == 0)))
    return 1;
  return region_tests_one(&k->body, name, 0);
}

/* Whether an unknown decides which lanes make access a (a guard, or the
 * bound of a loop whose trip count differs by thread): then small values of
 * it leave too few threads to speak of, and only whole warps are judged. */
int picks_lanes(const kp_kernel *k, const kp_access *a, const char *const *names,
                       size_t nu) {
  for (size_t u = 0; u < nu; u++) {
    for (size_t g = 0; g < a->nguards; g++)
      if (kp_sym_uses(a->guards[g].lhs, names[u]) || kp_sym_uses(a->guards[g].rhs, names[u]))
        return 1;
    for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent)
      if (k->loops[l]->thread_dependent && kp_sym_uses(k->loops[l]->trip, names[u]))
        return 1;
  }
  return 0;
}

/* Unknowns that only move the warp or choose its lanes: a at every
 * combination of their OTHERS values; 1 when it is uncoalesced at each
 * combination at which a whole warp makes it (and one does), with *r. */
static int judge_combos(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                        const kp_shape *s, const char *const *names, size_t nu, int whole,
                        unsigned *budget, sweep_result *r) {
  size_t no = nu >= 3 ? NOTHERS_3 : NOTHERS, ncomb = 1;
  for (size_t u = 0; u < nu; u++)
    ncomb *= no;
  memset(r, 0, sizeof *r);
  r->monotonic = 1;
  int any = 0;
  for (size_t comb = 0; comb < ncomb; comb++) {
    if (kp_check_out_of_time(ctx) || *budget == 0)
      return 0;
    --*budget;
    int64_t v[KP_UNKNOWNS_MAX] = {0};
    size_t cc = comb;
    for (size_t u = 0; u < nu; u++, cc /= no)
      v[u] = OTHERS[cc % no];
    scan_state st;
    size_t n;
    if (!quick_scan(ctx, k, a, s, names, nu, v, whole, 0, &st, &n))
      return 0;
    if (n == 0 || !st.w[0].have || (whole && !st.full)) {
      r->partial |= whole && n > 0 && st.w[0].have;
      continue;
    }
    if (st.w[0].ratio < ctx->opts->uncoalesced_ratio)
      return 0;
    unsigned tx = st.w[0].co.transactions;
    if (!any) {
      for (size_t u = 0; u < nu; u++)
        r->fig[u] = v[u];
      r->ideal = st.w[0].co.ideal;
      r->first_tx = tx;
    }
    any = 1;
    if (tx > r->max_tx)
      r->max_tx = tx;
    if (r->min_tx == 0 || tx < r->min_tx)
      r->min_tx = tx;
  }
  r->monotonic = 0;
  return any;
}

static int sweep_unknowns_in(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                             const kp_shape *s, const char *const *names, size_t nu, int whole,
                             unsigned *budgetp, size_t *which, sweep_result *r);

/* Judges access a over its unknowns: sweeps each one that sets the stride
 * between lanes with the others at their OTHERS values, and finds from which
 * size of it on a is uncoalesced whatever they are (*which: the one with the
 * lowest such size); with no such unknown, judge_combos (*which = nu).  1
 * with *r, else 0. */
int sweep_unknowns(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                          const kp_shape *s, const char *const *names, size_t nu, int whole,
                          unsigned long *file_budget, size_t *which, sweep_result *r) {
  unsigned budget = *file_budget < SCAN_BUDGET ? (unsigned)*file_budget : SCAN_BUDGET;
  unsigned start = budget;
  int rc = sweep_unknowns_in(ctx, k, a, s, names, nu, whole, &budget, which, r);
  *file_budget -= start - budget;
  return rc;
}

static int sweep_unknowns_in(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                             const kp_shape *s, const char *const *names, size_t nu, int whole,
                             unsigned *budgetp, size_t *which, sweep_result *r) {
  unsigned budget = *budgetp;
  size_t no = nu >= 3 ? NOTHERS_3 : NOTHERS, ncomb = 1;
  for (size_t u = 1; u < nu; u++)
    ncomb *= no;
  int strided = 0, found = 0;
  for (size_t w = 0; w < nu; w++) {
    if (!in_stride(a, names[w]))
      continue;
    strided = 1;
    if (stride_often_one(k, names[w]))
      continue;
    int64_t from = 0;
    int ok = 1, partial = 0, have = 0;
    sweep_result fig;
    for (size_t comb = 0; ok && comb < ncomb; comb++) {
      int64_t others[KP_UNKNOWNS_MAX] = {0};
      size_t cc = comb;
      for (size_t u = 0; u < nu; u++)
        if (u != w) {
          others[u] = OTHERS[cc % no];
          cc /= no;
        }
      sweep_result one;
      int j = sweep_one(ctx, k, a, s, names, nu, w, others, whole, &budget, &one);
      if (j < 0 && comb == 0)
        break; /* no whole warp at any value with the others large: not judged by this one */
      ok = j != 0;
      partial |= j < 0 || (j > 0 && one.partial);
      if (j > 0 && one.from > from)
        from = one.from;
      if (j > 0 && !have) { /* the first (the others large) gives the figures */
        fig = one;
        have = 1;
      }
    }
    if (!ok || !have)
      continue;
    /* Of the unknowns that work, the one whose statement starts lowest. */
    if (found && from >= r->from)
      continue;
    *r = fig;
    if (from != fig.from)
      r->monotonic = 0; /* the figures' run starts elsewhere: say the range only */
    r->from = from;
    r->partial |= partial;
    *which = w;
    found = 1;
  }
  if (found || strided) {
    *budgetp = budget;
    return found;
  }
  *which = nu;
  int rc = judge_combos(ctx, k, a, s, names, nu, whole, &budget, r);
  *budgetp = budget;
  return rc;
}
