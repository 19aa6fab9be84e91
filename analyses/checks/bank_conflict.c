/* kperf-bank-conflict: shared memory loads and stores whose lanes fall into
 * the same bank at different addresses, so the hardware splits the request
 * into n serialized accesses (warp.h: 32 banks of 4 bytes, 8-byte accesses
 * in two and 16-byte ones in four phases, one word read by many lanes is a
 * broadcast; CC 1.x: 16 banks per half-warp).
 *
 * Loops whose counter moves the address are scanned iteration by iteration
 * and the message gives the range ("2-way at s = 1 rising to 32-way at
 * s = 16").  When padding the innermost dimension of the array by one
 * element makes every access to it conflict-free, the finding carries that
 * fix-it.  A parameter the file does not give must not decide the finding:
 * one used only as a shift amount is judged at every value 0 to 30, one
 * that only offsets every lane alike or only sets how often a loop runs is
 * judged where the degree is the same for every value (the loop's first
 * iteration), and any other use keeps kperf silent (unknown_role).
 * docs/checks/bank-conflict.md. */
#include "check_util.h"
#include "kperf/checks.h"
#include "kperf/trip.h"
#include "kperf/warp.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CHECK = "kperf-bank-conflict";

typedef struct iter_worst {
  int have;
  kp_bank_result r;
  unsigned warp;
  int64_t block_id;
  int64_t counter;
  int counter_known;
} iter_worst;

typedef struct scan_state {
  const kp_gpu *gpu;
  unsigned nsamples;
  unsigned niters; /* primary iterations seen (1 without a primary loop) */
  iter_worst w[KP_SCAN_SAMPLES][KP_SCAN_MAX_ITERS];
  int error; /* a point the rules reject */
  int full;  /* some warp ran the access with all the lanes its block gives it */
  /* Judge only the warps that make the access with all the lanes their block
   * gives them (set before the scan: the guards name a parameter the file
   * does not give, and only such warps are the same for every value of it). */
  int full_only;
  /* The iteration of every loop at the worst point of each sample (the
   * point w[smp][worst_iter] records), for the message's stride text. */
  size_t nloops;
  unsigned best_degree[KP_SCAN_SAMPLES];
  int64_t best_iter[KP_SCAN_SAMPLES][64];
} scan_state;

/* CC 1.x serves per step the addresses of one broadcast word and "one
 * address for each bank" (warp.h counts one lane per bank).  Whether lanes
 * that read the very same address in another bank are served together is
 * not spelled out, so kperf also counts the steps with such lanes merged
 * and keeps the smaller degree: it never overstates a conflict.  (They
 * differ only for patterns such as s[t / 2].) */
static int cc1_merged(int cc_minor, const kp_warp_access *a, kp_bank_result *r) {
  kp_warp_access d = *a;
  for (unsigned i = 0; i < KP_WARP_SIZE; i++)
    for (unsigned j = i / 16 * 16; j < i && (d.active >> i & 1u); j++)
      if ((d.active >> j & 1u) && d.addr[j] == d.addr[i])
        d.active &= ~(1u << i);
  kp_bank_result m;
  if (d.active == a->active || kp_shared_conflict(1, cc_minor, &d, &m) != KP_WARP_OK ||
      m.degree >= r->degree)
    return 0;
  *r = m;
  return 1;
}

static void visit(void *user, const kp_scan_point *sp) {
  scan_state *st = user;
  kp_bank_result r;
  if (kp_scan_point_conflict(st->gpu, sp, &r) != KP_WARP_OK) {
    st->error = 1;
    return;
  }
  if (st->gpu->cc_major == 1)
    cc1_merged(st->gpu->cc_minor, sp->lanes, &r);
  st->nsamples = sp->nsamples;
  int full = kp_scan_point_full(sp);
  st->full |= full;
  if (st->full_only && !full)
    return;
  unsigned j = sp->primary >= 0 ? sp->primary_index : 0;
  if (j >= KP_SCAN_MAX_ITERS)
    return;
  if (j + 1 > st->niters)
    st->niters = j + 1;
  iter_worst *w = &st->w[sp->sample][j];
  if (!w->have || r.degree > w->r.degree) {
    w->have = 1;
    w->r = r;
    w->warp = sp->point->warp;
    w->block_id = sp->point->block_id;
    w->counter = sp->primary_counter;
    w->counter_known = sp->primary_counter_known;
  }
  if (r.degree > st->best_degree[sp->sample]) {
    st->best_degree[sp->sample] = r.degree;
    for (size_t l = 0; l < st->nloops && l < 64; l++)
      st->best_iter[sp->sample][l] = sp->point->iter ? sp->point->iter[l] : 0;
  }
}

/* The worst iteration of a sample; -1 when none was seen. */
static int worst_iter(const scan_state *st, unsigned smp) {
  int best = -1;
  for (unsigned j = 0; j < st->niters; j++)
    if (st->w[smp][j].have &&
        (best < 0 || st->w[smp][j].r.degree > st->w[smp][best].r.degree))
      best = (int)j;
  return best;
}

static int conflicted(const kp_bank_result *r, unsigned min) {
  return r->degree >= min && r->degree > r->ideal;
}

static size_t scan(const kp_check_ctx *ctx, kp_lane_ctx *c, const kp_access *a,
                   const kp_shape *s, int64_t pad, scan_state *st) {
  int full_only = st->full_only;
  memset(st, 0, sizeof *st);
  st->full_only = full_only;
  st->gpu = ctx->gpu;
  st->nloops = c->k->nloops;
  size_t n = kp_access_scan(c, a, s, pad, visit, st);
  return st->error ? 0 : n;
}

/* Every access of every kernel to the shared array declared at decl->loc is
 * conflict-free with its innermost extent padded by pad (and the access
 * kperf reports is among them). */
static int padding_fixes(const kp_check_ctx *ctx, const kp_shared_decl *decl, int64_t pad) {
  const kp_module *m = ctx->m;
  size_t checked = 0;
  for (size_t ki = 0; ki < m->nkernels; ki++) {
    const kp_kernel *k = &m->kernels[ki];
    for (size_t ai = 0; ai < k->naccesses; ai++) {
      const kp_access *a = &k->accesses[ai];
      if (kp_check_out_of_time(ctx))
        return 0; /* not confirmed: no fix-it */
      if (a->shared_decl < 0 || (size_t)a->shared_decl >= k->nshared_decls)
        continue;
      const kp_shared_decl *d = &k->shared_decls[a->shared_decl];
      if (d->loc.line != decl->loc.line || d->loc.col != decl->loc.col ||
          strcmp(d->name, decl->name) != 0)
        continue;
      if (!a->subs || a->ndims != d->ndims || a->is_atomic)
        return 0; /* accessed through a pointer or flattened: padding may break it */
      kp_shape shapes[KP_SHAPES_MAX];
      size_t ns = kp_kernel_shapes(m, k, shapes);
      for (size_t si = 0; si < ns; si++) {
        kp_lane_ctx c;
        if (!kpc_lane_ctx_init(ctx, &c, k, &shapes[si], KP_SPACE_SHARED)) {
          kp_lane_ctx_free(&c);
          return 0;
        }
        scan_state st;
        st.full_only = 0;
        size_t n = scan(ctx, &c, a, &shapes[si], pad, &st);
        kp_lane_ctx_free(&c);
        if (n == 0)
          return 0;
        for (unsigned smp = 0; smp < st.nsamples; smp++)
          for (unsigned j = 0; j < st.niters; j++)
            if (st.w[smp][j].have && st.w[smp][j].r.degree > 1 &&
                st.w[smp][j].r.degree > st.w[smp][j].r.ideal)
              return 0;
      }
      checked++;
    }
  }
  return checked > 0;
}

/* "(2-way at s = 1 rising to 32-way at s = 16, then falling to 2-way at s = 64)" */
static void range_text(const scan_state *st, const kp_loop *l, unsigned min, char *buf,
                       size_t len) {
  buf[0] = 0;
  /* The iterations in which the access runs (a loop the enclosing ones make
   * empty has none). */
  const iter_worst *w[KP_SCAN_MAX_ITERS];
  unsigned n = 0;
  for (unsigned j = 0; j < st->niters && j < KP_SCAN_MAX_ITERS; j++)
    if (st->w[0][j].have)
      w[n++] = &st->w[0][j];
  if (n < 2)
    return;
  unsigned maxd = 0, first = n, jmax = 0;
  int varies = 0;
  for (unsigned j = 0; j < n; j++) {
    if (!w[j]->counter_known)
      return;
    if (w[j]->r.degree != w[0]->r.degree)
      varies = 1;
    if (first == n && w[j]->r.degree >= min)
      first = j;
    if (w[j]->r.degree > maxd) {
      maxd = w[j]->r.degree;
      jmax = j;
    }
  }
  if (!varies || first == n)
    return;
  const char *v = kpc_counter_name(l);
  size_t used = 0;
  int stays = 1;
  for (unsigned j = jmax; j < n; j++)
    stays &= w[j]->r.degree == maxd;
  int up = n > 1 && w[1]->counter > w[0]->counter;
  if (first == jmax)
    used = (size_t)snprintf(buf, len, "%u-way at %s %s %" PRId64, maxd, v,
                            stays && jmax + 1 < n ? (up ? ">=" : "<=") : "=", w[jmax]->counter);
  else
    used = (size_t)snprintf(buf, len, "%u-way at %s = %" PRId64 " rising to %u-way at %s %s %" PRId64,
                            w[first]->r.degree, v, w[first]->counter, maxd, v,
                            stays && jmax + 1 < n ? (up ? ">=" : "<=") : "=", w[jmax]->counter);
  if (!stays && used < len)
    snprintf(buf + used, len - used, ", then falling to %u-way at %s = %" PRId64, w[n - 1]->r.degree, v,
             w[n - 1]->counter);
}

/* What parameters the file does not give (and counters starting from them)
 * do to access a, whose degree must hold for every value of them. */
typedef struct unknown_roles {
  /* -1: they reach which lanes take part or how far apart the lanes are
   *     (the coefficients of thread ids, a formula): kperf cannot judge every
   *     value and says nothing;
   *  1: they set how many times a loop whose counter moves the address runs:
   *     its first iteration runs whenever the access does, and only that
   *     iteration is judged;
   *  0: none, or only a uniform offset of whole words (the index's base with
   *     elements of 4 bytes or more), which moves every lane alike and leaves
   *     the degree unchanged. */
  int role;
  /* They appear in the guards (`if (start + 16 * t < n)`): a warp all of
   * whose lanes pass them makes the access as if they were not there, for
   * every value that lets it: only such warps are judged. */
  int full_only;
  /* The id of a halving loop around the access (`for (s = n / 2; s > 0;
   * s >>= 1)`) whose start they set and through whose counter alone they
   * reach the address: its last iteration (s = 1) runs whenever the loop
   * does, and only that iteration is judged; -1 when none. */
  int halving;
} unknown_roles;

/* Whether any of the index's parts (its formula or coefficients, and its
 * base when it may offset lanes by part of a word) mentions an unknown. */
static int index_mentions_unknown(kp_lane_ctx *c, const kp_access *a) {
  if (kp_access_mentions_unknown(c, a, a->index.known ? NULL : a->index_formula))
    return 1;
  for (size_t t = 0; t < a->index.nterms; t++)
    if (kp_access_mentions_unknown(c, a, a->index.terms[t].coef))
      return 1;
  return a->index.known && a->elem_bytes % 4 != 0 && kp_access_mentions_unknown(c, a, a->index.base);
}

/* The halving loop of unknown_roles.halving, or -1. */
static int halving_from_unknown(kp_lane_ctx *c, const kp_access *a) {
  const kp_kernel *k = c->k;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent) {
    const kp_loop *lp = k->loops[l];
    if (!lp->var || lp->step_kind != KP_STEP_SHR1 || lp->shift > 1 ||
        !kp_access_mentions_unknown(c, a, lp->init))
      continue;
    /* With its counter given, nothing in the index is unknown any more. */
    size_t nb = c->nb, fixed = c->fixed;
    int alone = kp_lane_ctx_bind(c, lp->var, 1) && !index_mentions_unknown(c, a);
    c->nb = nb;
    c->fixed = fixed;
    if (!alone)
      return -1;
    /* The other loops around it run as many times whatever the unknowns. */
    for (int m = a->loop; m >= 0 && (size_t)m < k->nloops; m = k->loops[m]->parent)
      if (m != l && kp_access_mentions_unknown(c, a, k->loops[m]->trip)) {
        int inside = 0; /* a loop nested in l may follow l's counter */
        for (int q = k->loops[m]->parent; q >= 0 && (size_t)q < k->nloops; q = k->loops[q]->parent)
          inside |= q == l;
        if (!inside)
          return -1;
      }
    return l;
  }
  return -1;
}

/* Binds the unknowns a halving loop's start mentions to 1024, so that the
 * scan follows its counter down to 1 (any start >= 1 ends there). */
static int bind_start(kp_lane_ctx *c, const kp_access *a, const kp_sym *s) {
  if (!s)
    return 1;
  if (s->kind == KP_SYM_VAR)
    return !kp_access_mentions_unknown(c, a, s) || kp_lane_ctx_bind(c, s->name, 1024);
  return bind_start(c, a, s->a) && bind_start(c, a, s->b);
}

static unknown_roles unknown_role(kp_lane_ctx *c, const kp_access *a) {
  unknown_roles u = {0, 0, -1};
  for (size_t g = 0; g < a->nguards; g++)
    if (kp_access_mentions_unknown(c, a, a->guards[g].lhs) ||
        kp_access_mentions_unknown(c, a, a->guards[g].rhs))
      u.full_only = 1;
  if (index_mentions_unknown(c, a)) {
    u.halving = halving_from_unknown(c, a);
    u.role = u.halving >= 0 ? 0 : -1;
    return u;
  }
  const kp_kernel *k = c->k;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent)
    if (kp_access_mentions_unknown(c, a, k->loops[l]->trip))
      u.role = 1;
  return u;
}

/* How one block shape judges an access: the lane context (with the value
 * of a shift-amount parameter bound), what the unknowns do, and the
 * figures' provenance. */
typedef struct judged {
  kp_lane_ctx c;
  const char *shv;
  int64_t shv_best, shv_from, shv_to, shv_partial;
  unknown_roles u;
  unsigned degree; /* the least worst degree over the samples */
} judged;

/* Judges access a under shape s into st and j: 1 when it conflicts (j->c
 * then holds the context, freed by the caller), 0 when not or when kperf
 * cannot tell, -1 when only warps some guard naming an unknown leaves
 * partial make it (nothing to free but with 1). */
static int judge(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                 const kp_shape *s, unsigned min, scan_state *st, judged *j) {
  memset(j, 0, sizeof *j);
  j->shv_best = j->shv_from = j->shv_to = j->shv_partial = -1;
  kp_lane_ctx *c = &j->c;
  if (!kpc_lane_ctx_init(ctx, c, k, s, KP_SPACE_SHARED)) {
    kp_lane_ctx_free(c);
    return 0;
  }
  /* A parameter the file does not give that the address depends on only
   * as a shift amount (n = 1 << lg): every value 0 to 30 is judged; the
   * access is reported when it conflicts at every value at which its
   * loops run and some warp runs it with all its lanes (below that, as
   * for (p = tid; p < (1 << lg) / 2; ...) at lg = 1, too few threads
   * work to speak of), with the figures of the value where it conflicts
   * least. */
  const char *shv = kp_access_shift_unknown(c, a);
  j->shv = shv;
  int bad = 1;
  if (shv) {
    unsigned best = 0;
    for (int64_t v = 0; v <= 30 && bad; v++) {
      kp_lane_ctx cv;
      if (!kpc_lane_ctx_init(ctx, &cv, k, s, KP_SPACE_SHARED) || !kp_lane_ctx_bind(&cv, shv, v)) {
        kp_lane_ctx_free(&cv);
        bad = 0;
        break;
      }
      int runs = kp_access_loops_run(&cv, a);
      if (runs == 0) {
        kp_lane_ctx_free(&cv);
        continue;
      }
      st->full_only = 0;
      size_t nv = runs > 0 ? scan(ctx, &cv, a, s, 0, st) : 0;
      kp_lane_ctx_free(&cv);
      if (!st->error && ((nv > 0 && !st->full) || (nv == 0 && runs < 0))) {
        /* Only partial warps run it, or (a loop bound that depends on the
         * thread) no thread at all. */
        j->shv_partial = v;
        continue;
      }
      int ok = nv > 0 && st->nsamples > 0;
      unsigned deg = 0;
      for (unsigned smp = 0; ok && smp < st->nsamples; smp++) {
        int w = worst_iter(st, smp);
        ok = w >= 0 && conflicted(&st->w[smp][w].r, min);
        if (ok && (deg == 0 || st->w[smp][w].r.degree < deg))
          deg = st->w[smp][w].r.degree;
      }
      if (!ok) {
        bad = 0;
        break;
      }
      if (j->shv_best < 0 || deg <= best) {
        best = deg;
        j->shv_best = v;
      }
      if (j->shv_from < 0)
        j->shv_from = v;
      j->shv_to = v;
    }
    bad = bad && j->shv_best >= 0 && kp_lane_ctx_bind(c, shv, j->shv_best);
  }
  if (bad)
    j->u = unknown_role(c, a);
  if (bad && j->u.halving >= 0)
    bad = bind_start(c, a, c->k->loops[j->u.halving]->init);
  int role = bad ? j->u.role : -1;
  st->full_only = j->u.full_only;
  size_t n = bad && role >= 0 ? scan(ctx, c, a, s, 0, st) : 0;
  if (n > 0 && st->full_only && !st->full) {
    /* No warp makes it with all its lanes at the values the scan samples. */
    kp_lane_ctx_free(c);
    return -1;
  }
  bad = n > 0 && st->nsamples > 0;
  if (bad && j->u.halving >= 0) {
    /* Only the halving loop's last iteration (counter 1) is judged. */
    unsigned nprim = 0;
    bad = kp_access_primary_loop(c, a, &nprim) == j->u.halving;
    for (unsigned smp = 0; bad && smp < st->nsamples; smp++) {
      int seen = 0;
      for (unsigned i = 0; i < st->niters; i++) {
        iter_worst *w = &st->w[smp][i];
        if (w->have && (!w->counter_known || w->counter != 1))
          w->have = 0;
        seen |= w->have;
      }
      bad = seen;
    }
    if (bad)
      for (size_t l = 0; l < st->nloops && l < 64; l++)
        st->best_iter[0][l] = 0;
  }
  for (unsigned smp = 0; bad && smp < st->nsamples; smp++) {
    int w = role == 1 ? (st->w[smp][0].have ? 0 : -1) : worst_iter(st, smp);
    bad = w >= 0 && conflicted(&st->w[smp][w].r, min);
    if (bad && (j->degree == 0 || st->w[smp][w].r.degree < j->degree))
      j->degree = st->w[smp][w].r.degree;
  }
  if (bad && role == 1) {
    /* Only the first iteration is known to run: it is the finding. */
    for (unsigned smp = 0; smp < st->nsamples; smp++)
      for (unsigned i = 1; i < st->niters; i++)
        st->w[smp][i].have = 0;
    st->niters = 1;
    memset(st->best_iter[0], 0, sizeof st->best_iter[0]);
  }
  if (bad && j->u.halving >= 0) {
    /* The worst point's iterations, for the stride text: the last one. */
    int w = worst_iter(st, 0);
    if (w >= 0 && (size_t)j->u.halving < 64)
      st->best_iter[0][j->u.halving] = w;
  }
  if (!bad)
    kp_lane_ctx_free(c);
  return bad;
}

/* An assumed block (no launch gives it) cannot speak for an access whose
 * index names blockDim.x (`s[t + blockDim.x]`, an offset that follows the
 * block's size): every 1-D block width that is a multiple of the warp size,
 * up to the limit (1024, or __launch_bounds__' count), is judged instead.
 * The widest block the access can be judged at, with *from the narrowest
 * (0: the rule does not apply). */
static int64_t width_range(const kp_shape *s, const kp_access *a, int64_t *from) {
  *from = 0;
  if (s->source < KP_SHAPE_BOUNDS || s->y != 1 || s->z != 1 || a->index.known)
    return 0;
  const kp_sym *f = a->index_formula;
  if (kp_sym_uses(f, "threadIdx.y") || kp_sym_uses(f, "threadIdx.z") ||
      kp_sym_uses(f, "blockDim.y") || kp_sym_uses(f, "blockDim.z") ||
      !kp_sym_uses(f, "blockDim.x"))
    return 0;
  kp_access only_x = *a;
  only_x.index_formula = NULL; /* the rest must let the shape speak for it */
  only_x.index.known = 1;
  only_x.index.nterms = 0;
  if (!kpc_shape_speaks_for(s, &only_x))
    return 0;
  int64_t to = s->source == KP_SHAPE_BOUNDS ? s->x : 1024; /* CUDA's limit of a block */
  if (to < KP_WARP_SIZE)
    return 0;
  *from = KP_WARP_SIZE;
  return to / KP_WARP_SIZE * KP_WARP_SIZE;
}

/* The finding of access a, judged under shape s into st and j; width > 0:
 * figures for that width of an assumed block, every width from wfrom to
 * wto conflicting. */
static void report(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                   const kp_shape *s, size_t nshapes, unsigned min, scan_state *st, judged *j,
                   int64_t wfrom, int64_t wto, int *fixit_given, kp_findings *out) {
  const kp_gpu *g = ctx->gpu;
  kp_lane_ctx *c = &j->c;
  int jw = worst_iter(st, 0);
  const iter_worst *w = &st->w[0][jw];
  const kp_loop *pl = NULL;
  unsigned nprim = 0;
  int primary = kp_access_primary_loop(c, a, &nprim);
  if (primary >= 0)
    pl = k->loops[primary];
  char lanes[160], stride[256], range[200];
  /* On AMD the warp scanned is half a wavefront: lanes 32-63 for odd ones. */
  int amd = kp_gpu_amd_rules(g);
  unsigned first = amd && w->warp % 2 ? KP_WARP_SIZE : 0;
  kpc_lanes_text(w->r.lanes, first, lanes, sizeof lanes);
  /* The worst point's loop iterations, for the stride text. */
  kp_lane_point p = {s, w->warp, w->block_id, k->nloops <= 64 ? st->best_iter[0] : NULL, 1024};
  char sym[128];
  kpc_stride_text(c, a, &p, stride, sizeof stride, sym, sizeof sym);
  range_text(st, pl, min, range, sizeof range);
  unsigned nlanes = 0;
  for (unsigned i = 0; i < 32; i++)
    nlanes += w->r.lanes >> i & 1;
  const char *how = nlanes > 2 && nlanes == w->r.degree ? "all hit" : "hit";
  if (!kp_findings_add(out, CHECK, KP_WARNING, a->loc,
                       "%u-way shared-memory bank conflict on '%s'%s%s%s: %s %s bank %u at %u "
                       "different addresses (%s)",
                       w->r.degree, a->array, range[0] ? " (" : "", range, range[0] ? ")" : "",
                       lanes, how, w->r.bank, w->r.degree, stride))
    return;
  if (amd)
    kp_findings_note(out, a->loc,
                     "the %s is split into %u serialized accesses: the LDS serves it at 1/%u "
                     "of its bandwidth on %s (%s: %u banks of 4 bytes, a wavefront's two "
                     "halves of 32 lanes served one after the other)",
                     kpc_kind(k, a), w->r.degree, w->r.degree, g->id, g->isa, w->r.banks);
  else
    kp_findings_note(out, a->loc,
                     "the %s is split into %u serialized accesses: shared memory serves it at "
                     "1/%u of its bandwidth on %s (compute capability %d.%d: %u banks of 4 "
                     "bytes%s)",
                     kpc_kind(k, a), w->r.degree, w->r.degree, g->id, g->cc_major, g->cc_minor,
                     w->r.banks, g->cc_major == 1 ? ", per half-warp" : "");
  if (j->u.role == 1)
    kp_findings_note(out, a->loc,
                     "how many times the loop around it runs depends on values this file does "
                     "not give: figures for its first iteration, which runs whenever the access "
                     "does");
  if (j->u.halving >= 0 && (size_t)j->u.halving < k->nloops)
    kp_findings_note(out, a->loc,
                     "where the loop around it starts depends on values this file does not give: "
                     "figures for its last iteration (%s = 1), which runs whenever the loop does",
                     kpc_counter_name(k->loops[j->u.halving]));
  if (j->u.full_only)
    kp_findings_note(out, a->loc,
                     "which threads make it depends on values this file does not give: figures "
                     "for a %s all of whose lanes make it",
                     amd ? "half-wavefront" : "warp");
  if (j->shv)
    kp_findings_note(out, a->loc,
                     "'%s' is not known in this file: the access conflicts for every value of it "
                     "from %" PRId64 " to %" PRId64 " (where the loops around it run%s); figures "
                     "for %s = %" PRId64 ", where it conflicts least",
                     j->shv, j->shv_from, j->shv_to,
                     j->shv_partial >= 0 ? (amd ? " and a whole half-wavefront makes it"
                                                : " and a whole warp makes it")
                                         : "",
                     j->shv, j->shv_best);
  if (sym[0])
    kp_findings_note(out, a->loc, "'%s' is not known in this file: figures for %s = 1024", sym,
                     sym);
  if (wto > 0) {
    kp_findings_note(out, a->loc,
                     "the block's size is not known in this file (no launch gives it) and the "
                     "index follows blockDim.x: the access conflicts with every 1-D block whose "
                     "width is a multiple of %d from %" PRId64 " to %" PRId64 "; figures for "
                     "blockDim.x = %" PRId64 ", where it conflicts least (give the shape with "
                     "#pragma kperf block(x, y, z))",
                     KP_WARP_SIZE, wfrom, wto, s->x);
  } else if (s->source != KP_SHAPE_LAUNCH || nshapes > 1) {
    char shape[320];
    kp_shape_describe(s, shape, sizeof shape);
    kp_findings_note(out, a->loc, "for %s", shape);
  }
  const kp_shared_decl *d = a->shared_decl >= 0 && (size_t)a->shared_decl < k->nshared_decls
                                ? &k->shared_decls[a->shared_decl]
                                : NULL;
  if (d && d->ndims >= 2 && d->inner_begin.line && !fixit_given[a->shared_decl] &&
      padding_fixes(ctx, d, 1)) {
    /* "32" -> "33"; "TILE" -> "TILE + 1" */
    char repl[160];
    const char *tx = d->inner_text ? d->inner_text : "";
    int literal = *tx != 0;
    for (const char *q = tx; *q; q++)
      literal &= *q >= '0' && *q <= '9';
    if (literal || !*tx)
      snprintf(repl, sizeof repl, "%" PRId64, d->dims[d->ndims - 1] + 1);
    else
      snprintf(repl, sizeof repl, "%.140s + 1", tx);
    kp_findings_note(out, d->loc,
                     "pad the rows of '%s' by one element ([%s] -> [%s]): every access to it "
                     "is then conflict-free",
                     d->name, *tx ? tx : "?", repl);
    kp_findings_fixit(out, d->inner_begin, d->inner_end, repl);
    fixit_given[a->shared_decl] = 1;
  } else if (d && d->ndims >= 2 && fixit_given[a->shared_decl]) {
    kp_findings_note(out, d->loc, "padding the rows of '%s' by one element removes it", d->name);
  } else {
    kp_findings_note(out, a->loc,
                     "make adjacent threads access consecutive 4-byte words, or make the "
                     "stride between them an odd number of words (e.g. pad each row by one "
                     "element)");
  }
}

/* st: the caller's scan state (large: one per run, reused by each access).
 * The first shape whose judgement finds a conflict gives the finding. */
static void check_access(const kp_check_ctx *ctx, const kp_kernel *k, const kp_access *a,
                         const kp_shape *shapes, size_t nshapes, int *fixit_given,
                         scan_state *st, kp_findings *out) {
  unsigned min = ctx->opts->bank_conflict_min < 2 ? 2u : (unsigned)ctx->opts->bank_conflict_min;
  for (size_t si = 0; si < nshapes; si++) {
    const kp_shape *s = &shapes[si];
    judged j;
    if (kpc_shape_speaks_for(s, a)) {
      if (judge(ctx, k, a, s, min, st, &j) != 1)
        continue;
      report(ctx, k, a, s, nshapes, min, st, &j, 0, 0, fixit_given, out);
      kp_lane_ctx_free(&j.c);
      return;
    }
    int64_t wfrom, wto = width_range(s, a, &wfrom);
    if (wto <= 0)
      continue;
    /* Every width must conflict; the figures are those of the least. */
    kp_shape best = *s, sw = *s;
    unsigned least = 0;
    int all = 1;
    for (int64_t x = wfrom; x <= wto && all; x += KP_WARP_SIZE) {
      if (kp_check_out_of_time(ctx))
        return;
      sw.x = x;
      int r = judge(ctx, k, a, &sw, min, st, &j);
      if (r < 0)
        continue; /* no whole warp makes it at this width */
      all = r;
      if (all) {
        kp_lane_ctx_free(&j.c);
        if (least == 0 || j.degree < least) {
          least = j.degree;
          best = sw;
        }
      }
    }
    if (!all || least == 0 || judge(ctx, k, a, &best, min, st, &j) != 1)
      continue;
    report(ctx, k, a, &best, nshapes, min, st, &j, wfrom, wto, fixit_given, out);
    kp_lane_ctx_free(&j.c);
    return;
  }
}

static void run(const kp_check_ctx *ctx, kp_findings *out) {
  const kp_module *m = ctx->m;
  scan_state *st = malloc(sizeof *st);
  if (!st)
    return;
  for (size_t ki = 0; ki < m->nkernels; ki++) {
    const kp_kernel *k = &m->kernels[ki];
    if (!k->has_body)
      continue;
    kp_shape shapes[KP_SHAPES_MAX];
    size_t ns = kpc_kernel_shapes(ctx, CHECK, k, shapes, out);
    int fixit_given[256] = {0};
    for (size_t ai = 0; ai < k->naccesses; ai++) {
      const kp_access *a = &k->accesses[ai];
      if (kp_check_out_of_time(ctx))
        goto done;
      if (a->space != KP_SPACE_SHARED || a->is_atomic || !kp_access_index_known(a) || a->guards_unknown)
        continue;
      if (a->shared_decl >= 256) { /* fixit_given's size */
        if (ctx->opts->verbose)
          kp_findings_add(out, CHECK, KP_REMARK, a->loc,
                          "access to '%s' not judged: the kernel declares more than 256 "
                          "__shared__ arrays (kperf's limit)",
                          a->array ? a->array : "?");
        continue;
      }
      /* A load and a store of the same place (x[i] += ...): one finding. */
      if (!kpc_repeat(k, a))
        check_access(ctx, k, a, shapes, ns, fixit_given, st, out);
    }
  }
done:
  free(st);
}

static const kp_check_option OPTIONS[] = {
    {"bank-conflict-min", "MinDegree", KP_OPT_INT, 2, 32, NULL, "2",
     "warn from this degree of conflict on (2: every conflict; 32: only 32-way ones)",
     offsetof(kp_check_options, bank_conflict_min)},
};

const kp_check_info kp_check_bank_conflict = {
    "kperf-bank-conflict", "shared memory accesses whose lanes collide in a bank", run,
    "SharedMemoryBankConflict", KP_WARNING, OPTIONS, sizeof OPTIONS / sizeof *OPTIONS};
