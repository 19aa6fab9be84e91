/* Sectors a thread's accesses to one array share (kperf/siblings.h).
 *
 * For each group of siblings, the first member's warps are scanned as the
 * coalescing check scans them (kp_access_scan under the launch's shape); at
 * each point the lanes' addresses are shifted by each member's constant
 * offset, and the distinct transactions (sectors; lines on AMD: the size
 * kp_scan_point_requests reports for the point) of every member alone are
 * compared with those of all members together.  What the members move alone
 * beyond the union is found in the sectors another member moved: that is
 * reuse, at most the members' own excess.
 *
 * Uses: model.h, lanes.h, warp.h, sym.h, active.h (executions per thread). */
#include "kperf/siblings.h"

#include "kperf/active.h"
#include "kperf/sym.h"
#include "kperf/warp.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The byte offset of access x from access a when they are siblings (see the
 * header): 1 and *off set, else 0. */
static int sibling_offset(const kp_access *a, const kp_access *x, const kp_binding *b, size_t nb,
                          int64_t *off) {
  if (x->space != KP_SPACE_GLOBAL || x->is_atomic || x->is_store != a->is_store ||
      x->loop != a->loop || x->elem_bytes != a->elem_bytes || !x->array || !a->array ||
      strcmp(x->array, a->array) != 0 || !x->index.known || !a->index.known ||
      x->index.nterms != a->index.nterms || x->nguards != a->nguards ||
      x->guards_unknown != a->guards_unknown)
    return 0;
  for (size_t t = 0; t < a->index.nterms; t++) {
    const kp_term *p = &a->index.terms[t];
    int found = 0;
    int64_t cp, cq;
    if (!kp_sym_eval(p->coef, b, nb, &cp))
      return 0;
    for (size_t u = 0; u < x->index.nterms && !found; u++)
      found = x->index.terms[u].var == p->var &&
              kp_sym_eval(x->index.terms[u].coef, b, nb, &cq) && cq == cp;
    if (!found)
      return 0;
  }
  int64_t ba = 0, bx = 0;
  if ((a->index.base && !kp_sym_eval(a->index.base, b, nb, &ba)) ||
      (x->index.base && !kp_sym_eval(x->index.base, b, nb, &bx)))
    return 0;
  /* The index counts elements: a byte offset, if it stays small. */
  int64_t d = bx - ba;
  if (d > INT32_MAX || d < -INT32_MAX)
    return 0;
  *off = d * (int64_t)a->elem_bytes;
  return 1;
}

typedef struct sib_scan {
  const kp_gpu *gpu;
  const int64_t *off; /* members' byte offsets from the first (off[0] = 0) */
  size_t n;
  double alone, together; /* transactions' bytes summed over the scanned points */
  double asked;           /* bytes the first member's lanes ask for */
  double points;
} sib_scan;

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return a < b ? -1 : a > b;
}

/* Distinct values of v[0..n), sorted in place. */
static size_t distinct(uint64_t *v, size_t n) {
  if (n == 0)
    return 0;
  qsort(v, n, sizeof *v, cmp_u64);
  size_t d = 1;
  for (size_t i = 1; i < n; i++)
    if (v[i] != v[i - 1])
      v[d++] = v[i];
  return d;
}

/* The transactions of the lanes of w shifted by off, appended to ids. */
static size_t add_transactions(const kp_warp_access *w, int64_t off, uint64_t tsize, uint64_t *ids,
                               size_t n) {
  if (!w)
    return n;
  for (unsigned l = 0; l < KP_WARP_SIZE; l++) {
    if (!(w->active & (1u << l)))
      continue;
    uint64_t lo = w->addr[l] + (uint64_t)off, hi = lo + (w->width ? w->width : 1) - 1;
    for (uint64_t t = lo / tsize; t <= hi / tsize; t++)
      ids[n++] = t;
  }
  return n;
}

static void sib_visit(void *user, const kp_scan_point *sp) {
  sib_scan *c = user;
  kp_coalescing co;
  if (sp->sample != 0 || kp_scan_point_requests(c->gpu, sp, &co) != KP_WARP_OK ||
      co.transaction_bytes == 0)
    return;
  uint64_t tsize = co.transaction_bytes;
  unsigned lanes = (unsigned)__builtin_popcount(sp->lanes->active) +
                   (sp->lanes_hi ? (unsigned)__builtin_popcount(sp->lanes_hi->active) : 0);
  if (lanes == 0)
    return;
  /* A lane's bytes span at most two transactions of 16 bytes or more. */
  enum { PER_MEMBER = 2 * 2 * KP_WARP_SIZE };
  uint64_t own[PER_MEMBER], all[PER_MEMBER * KP_SIBLINGS_MAX];
  size_t nall = 0;
  double alone = 0;
  for (size_t j = 0; j < c->n; j++) {
    size_t n = add_transactions(sp->lanes, c->off[j], tsize, own, 0);
    n = add_transactions(sp->lanes_hi, c->off[j], tsize, own, n);
    n = distinct(own, n);
    alone += (double)n * (double)tsize;
    memcpy(all + nall, own, n * sizeof *own);
    nall += n;
  }
  c->alone += alone;
  c->together += (double)distinct(all, nall) * (double)tsize;
  c->asked += (double)lanes * sp->lanes->width;
  c->points += 1;
}

int kp_sibling_reuse_of(const kp_module *m, const kp_kernel *k, const kp_shape *s,
                        const kp_gpu *gpu, const kp_binding *b, size_t nb,
                        const double *excess_of, kp_sibling_reuse *out) {
  memset(out, 0, sizeof *out);
  if (!k->naccesses)
    return 1;
  char *taken = calloc(k->naccesses, 1);
  if (!taken)
    return 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (taken[i] || a->space != KP_SPACE_GLOBAL || a->is_atomic || !a->index.known ||
        a->elem_bytes == 0 || a->elem_bytes > 16)
      continue;
    int64_t off[KP_SIBLINGS_MAX] = {0};
    size_t member[KP_SIBLINGS_MAX] = {i};
    size_t n = 1;
    for (size_t j = i + 1; j < k->naccesses && n < KP_SIBLINGS_MAX; j++) {
      int64_t d;
      if (!taken[j] && sibling_offset(a, &k->accesses[j], b, nb, &d) && d != 0) {
        int dup = 0; /* the same address twice (a load in two statements) adds nothing */
        for (size_t q = 0; q < n && !dup; q++)
          dup = off[q] == d;
        if (dup)
          continue;
        off[n] = d;
        member[n++] = j;
      }
    }
    if (n < 2)
      continue;
    for (size_t q = 0; q < n; q++)
      taken[member[q]] = 1;
    double excess = 0;
    for (size_t q = 0; q < n; q++)
      excess += excess_of[member[q]] > 0 ? excess_of[member[q]] : 0;
    if (!(excess > 0) && a->is_store)
      continue; /* stores: only an excess to merge */
    kp_lane_ctx c;
    if (!kp_lane_ctx_init(&c, m, k, s)) {
      kp_lane_ctx_free(&c);
      continue;
    }
    c.wave = kp_gpu_scan_wave(gpu, KP_SPACE_GLOBAL);
    sib_scan sc = {gpu, off, n, 0, 0, 0, 0};
    size_t visited = kp_access_scan(&c, a, s, 0, sib_visit, &sc);
    kp_lane_ctx_free(&c);
    if (visited == 0 || !(sc.asked > 0) || !(sc.alone > sc.together))
      continue;
    double exec = kp_access_executions(k, a, b, nb);
    if (!(exec >= 0))
      exec = 1;
    double shared = (sc.alone - sc.together) / sc.asked * a->elem_bytes * exec; /* per thread */
    double saved = shared > excess ? excess : shared;
    out->bytes += saved;
    if (a->is_store)
      out->st_bytes += saved;
    else
      out->l1_bytes += shared - saved;
    out->set_bytes += sc.together / sc.points;
    out->groups++;
  }
  free(taken);
  return 1;
}
