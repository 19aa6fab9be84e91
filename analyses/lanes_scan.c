/* The scan of an access over the points worth looking at (kp_access_scan):
 * block shapes, warps, blocks, loop iterations and sample values of the
 * unknowns; its key for memos; the GPU's rules (warp.h) at a scan point.
 * Uses lanes_internal.h (points prepared and evaluated) and warp.h. */
#include "lanes_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Scanning ---------------------------------------------------------- */

static int64_t loop_trip(kp_lane_ctx *c, const kp_loop *l, int64_t unknown_value) {
  return kp__lane_trip_at(c, l, NULL, unknown_value);
}

int kp_access_primary_loop(kp_lane_ctx *c, const kp_access *a, unsigned *iterations) {
  *iterations = 0;
  const kp_kernel *k = c->k;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops; l = k->loops[l]->parent) {
    const kp_loop *lp = k->loops[l];
    if (!kp__access_reaches(k, a, lp))
      continue;
    int64_t t = loop_trip(c, lp, 1024);
    if (kp__loop_trip_follows_outer(k, lp)) {
      /* The longest run over the first, second and last iterations of the
       * enclosing loops (the scan skips iterations beyond each run). */
      int64_t *it = calloc(k->nloops + 1, sizeof *it);
      for (int pick = 1; it && pick <= 2; pick++) {
        for (int m = lp->parent; m >= 0 && (size_t)m < k->nloops; m = k->loops[m]->parent) {
          int64_t tm = pick == 1 ? 2 : loop_trip(c, k->loops[m], 1024);
          it[m] = tm > 0 ? tm - 1 : 0;
        }
        int64_t tp = kp__lane_trip_at(c, lp, it, 0);
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
    if (l != primary && kp__access_reaches(k, a, k->loops[l]) && nothers < 8) {
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
          if (kp__loop_trip_follows_outer(k, k->loops[l])) {
            int64_t t = kp__lane_trip_at(c, k->loops[l], iter, 0);
            beyond = t >= 0 && iter[l] >= t;
          }
        if (beyond)
          continue;
        /* Each block's point prepared once for all its warps. */
        kp__lanes_prep prep[2];
        for (int64_t blk = 0; blk < (uses_block ? 2 : 1); blk++) {
          kp_lane_point p = {s, 0, blk, iter, unknown};
          kp__lanes_prepare(c, a, &p, pad, &prep[blk]);
        }
        for (unsigned wi = 0; wi < nw; wi++)
          for (int64_t blk = 0; blk < (uses_block ? 2 : 1); blk++) {
            kp_lane_point p = {s, warps[wi] * per, blk, iter, unknown};
            kp_warp_access wa, hi;
            if (!kp__lanes_eval_prepared(c, &prep[blk], a, &p, &wa))
              continue;
            if (per == 2) {
              kp_lane_point ph = p;
              ph.warp = p.warp + 1;
              memset(&hi, 0, sizeof hi);
              hi.width = wa.width;
              if (ph.warp < nhalves && !kp__lanes_eval_prepared(c, &prep[blk], a, &ph, &hi))
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
          kp__lanes_prep_free(&prep[blk]);
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
  kp__access_formulas(a, 1, key_of, &w);
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
