/* kperf-uncoalesced: global loads and stores whose warp requests need at
 * least `uncoalesced_ratio` times the memory transactions of a coalesced
 * request (lane i reading element i of an aligned array), by the rules of the
 * target's compute capability (warp.h: 32-byte sectors from CC 5.0, 128-byte
 * lines on 2.x/3.x, the segment protocol of 1.2/1.3, the strict half-warp
 * rule of 1.0/1.1).
 *
 * The lanes of a warp are consecutive linear thread ids of the block shapes
 * the kernel runs with (lanes.h).  An address that depends on parameters the
 * file does not give is judged at every value of one of them (SWEEP) and
 * several of each other one (OTHERS); the check warns when, from some size of
 * the first on, every value at which a whole warp makes the access needs the
 * extra transactions, and says from which size.  Atomics on global
 * memory are judged like loads on CC >= 5.0, where the L2 atomic units work
 * on the same 32-byte sectors; the guide documents no transaction rule for
 * atomics on older generations, so there they are not reported.  Indirect
 * (loaded) indices, accesses whose active threads kperf cannot tell and
 * uniform addresses are never reported.  docs/checks/uncoalesced.md.
 *
 * This file: the scan of an access and its worst request, the judgement and
 * the messages, the check's run; the parameters the file does not give are
 * judged in uncoalesced_unknowns.c.  Uses uncoalesced.h, check_util.h,
 * lanes.h and warp.h. */
#include "uncoalesced.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *const CHECK = "kperf-uncoalesced";

/* Whether a request's lanes ask for one unbroken run of bytes that needs one
 * sector (or line) more than the ideal: its misalignment alone, at most one
 * transaction a request whatever its width, shared with the neighbouring
 * requests.  Not worth a warning: `a[i + 1]` over 32 floats is 5 sectors where
 * 4 would do, and 32 bytes of a packed struct read one a lane, 2 where 1 would
 * do, the same one sector.  Where the unit is the sector or cache line only:
 * the older generations' rules make a misaligned request cost far more. */
static int misaligned_run(const kp_gpu *g, const kp_coalescing *co) {
  return (g->cc_major >= 5 || kp_gpu_amd_rules(g)) && co->span_bytes == co->bytes_used &&
         co->transactions <= co->ideal + 1;
}

void visit(void *user, const kp_scan_point *sp) {
  scan_state *st = user;
  kp_coalescing co;
  if (kp_scan_point_requests(st->gpu, sp, &co) != KP_WARP_OK || co.ideal == 0)
    return;
  st->nsamples = sp->nsamples;
  unsigned lanes = (unsigned)__builtin_popcount(sp->lanes->active) +
                   (sp->lanes_hi ? (unsigned)__builtin_popcount(sp->lanes_hi->active) : 0);
  if (lanes > st->maxlanes)
    st->maxlanes = lanes;
  int full = kp_scan_point_full(sp) || (st->need > 0 && lanes >= st->need);
  st->full |= full;
  if (st->only_full && !full)
    return;
  double r = misaligned_run(st->gpu, &co) ? 1.0 : (double)co.transactions / co.ideal;
  worst *w = &st->w[sp->sample];
  if (!w->have || r > w->ratio) {
    w->have = 1;
    w->ratio = r;
    w->co = co;
    w->warp = sp->point->warp;
    w->block_id = sp->point->block_id;
    w->primary_index = sp->primary_index;
    w->lanes = lanes;
    for (size_t l = 0; l < st->nloops && l < 64; l++)
      w->iter[l] = sp->point->iter ? sp->point->iter[l] : 0;
  }
}

/* "sectors" / "128-byte transactions" for the generation's unit. */
static void unit_text(const kp_gpu *g, const kp_coalescing *co, char *buf, size_t len) {
  int cc_major = g->cc_major, cc_minor = g->cc_minor;
  if (kp_gpu_amd_rules(g))
    snprintf(buf, len, "%u-byte cache lines", co->transaction_bytes);
  else if (cc_major >= 5)
    snprintf(buf, len, "sectors");
  else if (cc_major == 1 && cc_minor >= 2)
    snprintf(buf, len, "memory segments");
  else
    snprintf(buf, len, "transactions of %u bytes", co->transaction_bytes);
}

/* The note on the unknowns a finding holds for: "'w' is not known in this
 * file: the access is uncoalesced for every w >= 2, whatever 'r': 8 sectors
 * where 4 would do at w = 2, rising to 32 from w = 8; figures for w = 1024,
 * r = 1024".  which == nu: none was swept (they only move the warp or pick
 * its lanes). */
static void unknowns_note(kp_findings *out, const kp_kernel *k, const kp_access *a,
                          const char *const *unk, size_t nu, size_t which, const sweep_result *sw,
                          const char *unit, const char *warp) {
  char names[160] = "", figures[200] = "", range[160], what[240], every[200];
  size_t nl = 0, fl = 0;
  for (size_t u = 0; u < nu; u++) {
    if (u != which && nl < sizeof names)
      nl += (size_t)snprintf(names + nl, sizeof names - nl, "%s'%s'", nl ? " and " : "", unk[u]);
    if (fl < sizeof figures)
      fl += (size_t)snprintf(figures + fl, sizeof figures - fl, "%s%s = %" PRId64,
                             fl ? ", " : "", unk[u], sw->fig[u]);
  }
  const char *swept = which < nu ? unk[which] : NULL;
  if (sw->min_tx == sw->max_tx)
    snprintf(range, sizeof range, "%u %s where %u would do at each", sw->max_tx, unit, sw->ideal);
  else if (sw->monotonic && swept)
    snprintf(range, sizeof range,
             "%u %s where %u would do at %s = %" PRId64 ", rising to %u from %s = %" PRId64,
             sw->first_tx, unit, sw->ideal, swept, sw->from, sw->max_tx, swept, sw->max_from);
  else
    snprintf(range, sizeof range, "%u to %u %s where %u would do", sw->min_tx, sw->max_tx, unit,
             sw->ideal);
  const char *first = swept ? swept : unk[0];
  if (nu == 1 && loaded_var(k, first))
    snprintf(what, sizeof what, "'%s' is loaded from memory (one value per %s)", first, warp);
  else if (swept)
    snprintf(what, sizeof what, "'%s' is not known in this file", swept);
  else
    snprintf(what, sizeof what, "%s %s not known in this file", names, nu == 1 ? "is" : "are");
  if (!swept)
    snprintf(every, sizeof every, "whatever %s", nu == 1 ? "its value" : "their values");
  else if (sw->from <= SWEEP[0])
    snprintf(every, sizeof every, "for every value of '%s'%s%s", swept, nu > 1 ? ", whatever " : "",
             nu > 1 ? names : "");
  else
    snprintf(every, sizeof every, "for every %s >= %" PRId64 "%s%s", swept, sw->from,
             nu > 1 ? ", whatever " : "", nu > 1 ? names : "");
  kp_findings_note(out, a->loc, "%s: the access is uncoalesced %s%s%s%s: %s; figures for %s",
                   what, every, sw->partial ? ", wherever a whole " : "", sw->partial ? warp : "",
                   sw->partial ? " makes it" : "", range, figures);
}

/* The note on an access under a condition on loaded data: which lanes make
 * it is the data's choice; the figures are for every lane taking it. */
static void data_mask_note(kp_findings *out, const kp_access *a, const char *warp,
                           const char *unit) {
  const kp_branch *b = a->branch;
  while (b && !(b->data && b->divergent))
    b = b->outer;
  char cond[200] = "";
  if (b && b->cond && strlen(b->cond) < 120)
    snprintf(cond, sizeof cond, " ('%s')", b->cond);
  kp_findings_note(out, a->loc,
                   "which lanes make the access depends on values loaded from memory%s: the "
                   "figures are for data that lets every lane of the %s through; each lane "
                   "touches %s of its own, so the request is uncoalesced whichever two or more "
                   "lanes the data lets through",
                   cond, warp, unit);
}

static void check_access(const kp_check_ctx *ctx, const kp_kernel *k, size_t ai,
                         const kp_shape *shapes, size_t nshapes, unsigned long *file_budget,
                         kp_findings *out) {
  const kp_access *a = &k->accesses[ai];
  const kp_gpu *g = ctx->gpu;
  for (size_t si = 0; si < nshapes; si++) {
    const kp_shape *s = &shapes[si];
    kp_lane_ctx c;
    const char *fixed[8];
    size_t nfixed = 0;
    if (!lane_ctx(ctx, &c, k, s, a, fixed, &nfixed)) {
      kp_lane_ctx_free(&c);
      return;
    }
    if (!kpc_shape_speaks_for(s, a)) {
      kp_lane_ctx_free(&c);
      continue;
    }
    /* A parameter the file does not give must not decide the finding: with
     * one, every value is judged and the finding says from which size on it
     * holds; with several, nothing is said. */
    const char *unk[KP_UNKNOWNS_MAX];
    size_t nu = kp_access_unknowns(&c, a, unk, KP_UNKNOWNS_MAX), which = 0;
    int whole = picks_lanes(k, a, unk, nu < KP_UNKNOWNS_MAX ? nu : KP_UNKNOWNS_MAX);
    sweep_result sw;
    int judged = nu <= KP_UNKNOWNS_MAX;
    if (nu > 0 && judged) {
      judged = sweep_unknowns(ctx, k, a, s, unk, nu, whole, file_budget, &which, &sw);
      for (size_t u = 0; judged && u < nu; u++)
        judged = kp_lane_ctx_bind(&c, unk[u], sw.fig[u]);
    }
    if (!judged) {
      kp_lane_ctx_free(&c);
      continue;
    }
    scan_state st;
    memset(&st, 0, sizeof st);
    st.gpu = g;
    st.nloops = k->nloops;
    st.only_full = nu > 0 && whole; /* as the sweep judged it */
    scan_state pr;
    if (st.only_full && probe_scan(ctx, k, a, s, unk, nu, sw.fig, &pr))
      st.need = pr.maxlanes;
    size_t n = kp_access_scan(&c, a, s, 0, visit, &st);
    int bad = n > 0 && st.nsamples > 0;
    for (unsigned i = 0; bad && i < st.nsamples; i++)
      bad = st.w[i].have && st.w[i].ratio >= ctx->opts->uncoalesced_ratio;
    if (!bad) {
      kp_lane_ctx_free(&c);
      continue;
    }
    const worst *w = &st.w[0];
    /* Under a mask the data decides, the finding must hold whichever lanes it
     * lets through: each lane in sectors (lines) of its own, elements of at
     * most 8 bytes (then any k >= 2 lanes need k where ceil(k w / 32) <= k / 2
     * would do).  `p[i].first` of an 8-byte record whose other half the loop
     * test reads is not (8 sectors for 32 lanes). */
    if (a->guards_unknown && a->guards_data &&
        (w->co.transactions < w->lanes || a->elem_bytes > 8 ||
         !(g->cc_major >= 5 || kp_gpu_amd_rules(g)))) {
      kp_lane_ctx_free(&c);
      continue;
    }
    /* The worst point's loop iterations, for the stride text. */
    kp_lane_point p = {s, w->warp, w->block_id, k->nloops <= 64 ? w->iter : NULL, 1024};
    char stride[256], unit[64];
    char sym[128];
    if (nu > 0) { /* the stride as written ("stride s elements"), not at the figure */
      kp_lane_ctx_free(&c);
      if (!lane_ctx(ctx, &c, k, s, a, NULL, NULL)) {
        kp_lane_ctx_free(&c);
        return;
      }
    }
    kpc_stride_text(&c, a, &p, stride, sizeof stride, sym, sizeof sym);
    unit_text(g, &w->co, unit, sizeof unit);
    const char *warp = kpc_warp_word(g);
    unsigned lanes = kpc_warp_lanes(g);
    if (!kp_findings_add(out, CHECK, KP_WARNING, a->loc,
                         "uncoalesced global %s of '%s': each %s request touches %u %s where "
                         "%u would do (%s)",
                         kpc_kind(k, a), a->array, warp, w->co.transactions, unit, w->co.ideal,
                         stride)) {
      kp_lane_ctx_free(&c);
      return;
    }
    double pct = w->co.bytes_moved ? 100.0 * (double)w->co.bytes_used / (double)w->co.bytes_moved : 0;
    if (kp_gpu_amd_rules(g))
      kp_findings_note(out, a->loc,
                       "a wavefront moves %llu bytes to use %llu: only %.1f%% of the memory "
                       "traffic it causes is useful on %s (%s: the vector L1 cache serves "
                       "%u-byte lines)",
                       w->co.bytes_moved, w->co.bytes_used, pct, g->id, g->isa, w->co.transaction_bytes);
    else
      kp_findings_note(out, a->loc,
                       "a warp moves %llu bytes to use %llu: only %.1f%% of the memory traffic "
                       "it causes is useful on %s (compute capability %d.%d)",
                       w->co.bytes_moved, w->co.bytes_used, pct, g->id, g->cc_major, g->cc_minor);
    /* A lane that steps fewer bytes than a sector per iteration of its loop
     * finds its next elements in the sectors this request moved. */
    int64_t step = kp_access_loop_step_bytes(k, a, ctx->m->assume, ctx->m->nassume);
    const kp_loop *lp = a->loop >= 0 && (size_t)a->loop < k->nloops ? k->loops[a->loop] : NULL;
    if (!kp_gpu_amd_rules(g) && step > 0 && step < (int64_t)w->co.transaction_bytes && lp &&
        w->co.bytes_moved > 128)
      kp_findings_note(out, a->loc,
                       "each lane's next %lld elements are in the %u-byte %s this request "
                       "moves (%s%s%s advances %lld bytes per iteration): L1 serves them while "
                       "it keeps the %s's %u %s, so the loss is mostly L1 bandwidth, %llu "
                       "cycles per request instead of 1",
                       (long long)(w->co.transaction_bytes / step - 1), w->co.transaction_bytes,
                       unit, lp->var ? "'" : "", lp->var ? lp->var : "the loop",
                       lp->var ? "'" : "", (long long)step, warp, w->co.transactions, unit,
                       (w->co.bytes_moved + 127) / 128);
    if (nu > 0)
      unknowns_note(out, k, a, unk, nu, which, &sw, unit, warp);
    if (a->guards_unknown && a->guards_data)
      data_mask_note(out, a, warp, unit);
    for (size_t f = 0; f < nfixed; f++)
      kp_findings_note(out, a->loc,
                       "'%s' only moves the whole %s (it is in no thread's offset from "
                       "another): judged at %s = 1024, which moves it by a multiple of 1024 "
                       "elements",
                       fixed[f], warp, fixed[f]);
    char shape[320];
    kp_shape_describe(s, shape, sizeof shape);
    kp_findings_note(out, a->loc, "for %s", shape);
    if (s->x < lanes && s->y > 1 && strstr(stride, "rows"))
      kp_findings_note(out, a->loc,
                       "use blocks at least %u threads wide so that a %s covers one row "
                       "(e.g. dim3(%u, %" PRId64 ") instead of dim3(%" PRId64 ", %" PRId64 "))",
                       lanes, warp, lanes, s->x * s->y / lanes > 0 ? s->x * s->y / lanes : 1,
                       s->x, s->y);
    else
      kp_findings_note(out, a->loc,
                       "make adjacent threads access adjacent elements: let threadIdx.x index "
                       "the contiguous (last) dimension, or stage the data through shared "
                       "memory and access global memory row by row");
    kp_lane_ctx_free(&c);
    return; /* one finding per access */
  }
}

/* The base of an affine index as rest + c (rest NULL when the base is a
 * constant). */
static void split_const(const kp_sym *s, const kp_sym **rest, int64_t *c) {
  int64_t v;
  *rest = s;
  *c = 0;
  if (!s || kp_sym_is_const(s, &v)) {
    *rest = NULL;
    *c = s ? v : 0;
  } else if (s->kind == KP_SYM_ADD && s->b && kp_sym_is_const(s->b, &v)) {
    *rest = s->a;
    *c = v;
  } else if (s->kind == KP_SYM_ADD && s->a && kp_sym_is_const(s->a, &v)) {
    *rest = s->b;
    *c = v;
  } else if (s->kind == KP_SYM_SUB && s->b && kp_sym_is_const(s->b, &v) && v != INT64_MIN) {
    *rest = s->a;
    *c = -v;
  }
}

/* b's index is a's plus a constant (returned in *d): the same thread and loop
 * terms, bases that differ by a constant. */
static int index_offset(const kp_access *a, const kp_access *b, int64_t *d) {
  const kp_affine *x = &a->index, *y = &b->index;
  if (!kpc_same_terms(x, y))
    return 0;
  const kp_sym *ra, *rb;
  int64_t ca, cb;
  split_const(x->base, &ra, &ca);
  split_const(y->base, &rb, &cb);
  if ((ra || rb) && !(ra && rb && kp_sym_equal(ra, rb)))
    return 0;
  if ((cb > 0 && ca < INT64_MIN + cb) || (cb < 0 && ca > INT64_MAX + cb))
    return 0;
  *d = cb - ca;
  return 1;
}

/* Whether a's index has no loop counter: it names the same element in
 * whatever loop it is (`p[i].first` before a loop, `p[i].n` in its test). */
static int loop_free(const kp_access *a) {
  if (!a->index.known)
    return 0;
  for (size_t t = 0; t < a->index.nterms; t++)
    if (a->index.terms[t].var >= KP_V_LOOP)
      return 0;
  return 1;
}

/* Fields of one small struct element read (or written) together:
 * p[i].x, p[i].y, p[i].z of a float4 or of a 12-byte struct, lane i's
 * element P elements from lane i-1's, P * element size <= 16 bytes.  A
 * compiler loads such a group as one vector (float4: one 16-byte load) or
 * the group's loads touch the same sectors, so the warp uses
 * fields / P of what it moves, not 1 / P.  1 when that share is at least
 * 1 / uncoalesced_ratio: then no access of the group is reported. */
static int fields_fill_element(const kp_check_ctx *ctx, const kp_kernel *k,
                               const kp_access *a) {
  int64_t stride = 0;
  for (size_t t = 0; t < a->index.nterms; t++)
    if (a->index.terms[t].var == KP_V_TID_X && !kp_sym_is_const(a->index.terms[t].coef, &stride))
      return 0;
  if (stride < 0)
    stride = -stride;
  if (stride < 2 || a->elem_bytes == 0 || (uint64_t)stride * a->elem_bytes > 16)
    return 0;
  unsigned char seen[16] = {0};
  int64_t lo = 0;
  /* The offsets of the group, relative to the smallest one within a stride. */
  int64_t offs[64];
  size_t n = 0;
  offs[n++] = 0;
  for (size_t i = 0; i < k->naccesses && n < 64; i++) {
    const kp_access *b = &k->accesses[i];
    int64_t d;
    if (b == a || b->space != a->space || b->is_store != a->is_store ||
        b->is_atomic != a->is_atomic || (b->loop != a->loop && !loop_free(a)) ||
        b->elem_bytes != a->elem_bytes ||
        strcmp(b->array, a->array) != 0 || !index_offset(a, b, &d) || d <= -stride ||
        d >= stride)
      continue;
    offs[n++] = d;
    if (d < lo)
      lo = d;
  }
  unsigned covered = 0;
  for (size_t i = 0; i < n; i++) {
    int64_t o = offs[i] - lo;
    if (o >= 0 && o < stride && !seen[o]) {
      seen[o] = 1;
      covered++;
    }
  }
  return covered > 1 && (double)stride / covered < ctx->opts->uncoalesced_ratio;
}

static void run(const kp_check_ctx *ctx, kp_findings *out) {
  const kp_module *m = ctx->m;
  unsigned long file_budget = FILE_SCAN_BUDGET;
  for (size_t ki = 0; ki < m->nkernels; ki++) {
    const kp_kernel *k = &m->kernels[ki];
    if (!k->has_body)
      continue;
    kp_shape shapes[KP_SHAPES_MAX];
    size_t ns = kpc_kernel_shapes(ctx, CHECK, k, shapes, out);
    for (size_t ai = 0; ai < k->naccesses; ai++) {
      if (kp_check_out_of_time(ctx))
        return;
      const kp_access *a = &k->accesses[ai];
      if (a->space != KP_SPACE_GLOBAL || !kp_access_index_known(a) ||
          (a->guards_unknown && !a->guards_data))
        continue;
      /* Atomics: 32-byte sectors from CC 5.0 on; no documented rule before. */
      if (a->is_atomic && ctx->gpu->cc_major < 5)
        continue;
      /* AMD: atomics are served in L2, not by the vector L1's lines. */
      if (a->is_atomic && kp_gpu_amd_rules(ctx->gpu))
        continue;
      /* Fields of one small struct read together (p[i].x, p[i].y, p[i].z). */
      if (fields_fill_element(ctx, k, a))
        continue;
      /* A load and a store of the same place (x[i] += ...): one finding. */
      if (!kpc_repeat(k, a))
        check_access(ctx, k, ai, shapes, ns, &file_budget, out);
    }
  }
}

static const kp_check_option OPTIONS[] = {
    {"uncoalesced-ratio", "UncoalescedRatio", KP_OPT_REAL, 1, 64, NULL, "2",
     "warn when a warp request needs at least this many times the transactions of a coalesced one",
     offsetof(kp_check_options, uncoalesced_ratio)},
};

const kp_check_info kp_check_uncoalesced = {
    "kperf-uncoalesced",
    "global memory accesses whose warp requests need several times the transactions of a "
    "coalesced access",
    run, "UncoalescedGlobalAccess", KP_WARNING, OPTIONS, sizeof OPTIONS / sizeof *OPTIONS};
