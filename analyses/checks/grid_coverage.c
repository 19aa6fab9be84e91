/* kperf-grid-coverage: a launch whose grid does not cover the elements its
 * kernel indexes.  docs/checks/grid-coverage.md.
 *
 * Three shapes, each read from the launch's grid as a quotient (kp_quotient:
 * `n / B`, `(n + B - 1) / B`) and the kernel's global thread index
 * `blockIdx.x * blockDim.x + threadIdx.x`:
 *   - a grid `n / B` for a kernel that bounds that index by the n it is
 *     given (`if (i < n)`): the last n % B elements get no thread;
 *   - a grid `(n + B - 1) / B` for a kernel that reads or writes a[i]
 *     without any bounds check: the threads past n of the last block access
 *     elements past n;
 *   - a 2-D grid whose x size covers the extent the kernel bounds its y
 *     index by, and the other way round.
 * Nothing is said when the kernel reads gridDim (a grid-stride loop covers
 * any grid), when the sizes are known and leave no tail, or when the
 * kernel's bound is not the launch's n. */
#include "kperf/checks.h"
#include "kperf/launch.h"

#include <ctype.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const CHECK = "kperf-grid-coverage";

/* The value of x: folded, or from the module's assumptions (#pragma kperf
 * assume, --arg). */
static int value_of(const kp_module *m, const kp_expr *x, int64_t *out) {
  if (!x || (!x->text && !x->known))
    return 0;
  if (x->known) {
    *out = x->value;
    return 1;
  }
  return (x->name && kp_binding_lookup(m->assume, m->nassume, x->name, out)) ||
         (x->sym && kp_sym_eval(x->sym, m->assume, m->nassume, out));
}

/* s without blanks and without parentheses around the whole. */
static void squeeze(const char *s, char *buf, size_t len) {
  size_t n = 0;
  for (; s && *s && n + 1 < len; s++)
    if (!isspace((unsigned char)*s))
      buf[n++] = *s;
  buf[n] = '\0';
  while (n >= 2 && buf[0] == '(' && buf[n - 1] == ')') {
    int depth = 0, whole = 1;
    for (size_t i = 0; i < n - 1 && whole; i++) {
      depth += buf[i] == '(' ? 1 : buf[i] == ')' ? -1 : 0;
      whole = depth > 0;
    }
    if (!whole)
      break;
    memmove(buf, buf + 1, n - 2);
    n -= 2;
    buf[n] = '\0';
  }
}

/* Whether x and y are one value: the same folded value, the same formula,
 * or the same spelling. */
static int same_value(const kp_expr *x, const kp_expr *y) {
  if (x->known && y->known)
    return x->value == y->value;
  if (x->known || y->known)
    return 0;
  if (x->sym && y->sym && kp_sym_equal(x->sym, y->sym))
    return 1;
  if (!x->text || !y->text)
    return 0;
  char a[256], b[256];
  squeeze(x->text, a, sizeof a);
  squeeze(y->text, b, sizeof b);
  return a[0] && strcmp(a, b) == 0;
}

/* Whether formula s is the global index of dimension d, blockIdx.d *
 * blockDim.d + threadIdx.d, for blocks of bsize threads in d (checked at
 * sample points: any other variable leaves it without a value). */
static int is_global_index(const kp_sym *s, int d, int64_t bsize) {
  static const int64_t samples[][2] = {{0, 0}, {1, 0}, {0, 1}, {5, 3}, {7, 11}};
  if (!s || bsize <= 1)
    return 0;
  for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
    int64_t t = samples[i][0] % bsize, b = samples[i][1];
    kp_binding bd[3] = {{kp_id_names[KP_V_TID_X + d], t},
                        {kp_id_names[KP_V_CTAID_X + d], b},
                        {kp_block_dim_names[d], bsize}};
    int64_t v;
    if (!kp_sym_eval(s, bd, 3, &v) || v != b * bsize + t)
      return 0;
  }
  return 1;
}

/* The same for an affine index: base 0, blockIdx.d with coefficient
 * blockDim.d (or its value), threadIdx.d with coefficient 1, nothing else. */
static int affine_is_global_index(const kp_affine *a, int d, int64_t bsize) {
  int64_t v;
  if (!a->known || a->nterms != 2 || !kp_sym_is_const(a->base, &v) || v != 0)
    return 0;
  int seen_t = 0, seen_b = 0;
  kp_binding bd[1] = {{kp_block_dim_names[d], bsize}};
  for (size_t i = 0; i < 2; i++) {
    const kp_term *t = &a->terms[i];
    if (!kp_sym_eval(t->coef, bd, 1, &v))
      return 0;
    if (t->var == KP_V_TID_X + d && v == 1)
      seen_t = 1;
    else if (t->var == KP_V_CTAID_X + d && v == bsize)
      seen_b = 1;
  }
  return seen_t && seen_b;
}

/* Whether s reads gridDim (a grid-stride loop, or work split by the grid). */
static int uses_grid(const kp_sym *s) { return s && kp_sym_uses_prefix(s, "gridDim"); }

static int affine_uses_grid(const kp_affine *a) {
  if (!a->known)
    return 0;
  if (uses_grid(a->base))
    return 1;
  for (size_t i = 0; i < a->nterms; i++)
    if (uses_grid(a->terms[i].coef))
      return 1;
  return 0;
}

static int kernel_uses_grid(const kp_kernel *k) {
  for (size_t i = 0; i < k->nloops; i++) {
    const kp_loop *l = k->loops[i];
    if (uses_grid(l->init) || uses_grid(l->step) || uses_grid(l->trip))
      return 1;
  }
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (affine_uses_grid(&a->index) || uses_grid(a->index_formula) ||
        affine_uses_grid(&a->index_part))
      return 1;
    for (size_t g = 0; g < a->nguards; g++)
      if (uses_grid(a->guards[g].lhs) || uses_grid(a->guards[g].rhs))
        return 1;
  }
  return 0;
}

/* The kernel parameter that bounds the global index of dimension d in a
 * guard `i < p` (`p > i`) of some access: its index, or -1 (also when two
 * different parameters do). */
static int bound_param(const kp_kernel *k, int d, int64_t bsize) {
  int found = -1;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    for (size_t g = 0; g < a->nguards; g++) {
      const kp_guard *gd = &a->guards[g];
      const kp_sym *idx = NULL, *bound = NULL;
      if (gd->op == KP_GUARD_LT) {
        idx = gd->lhs;
        bound = gd->rhs;
      } else if (gd->op == KP_GUARD_GT) {
        idx = gd->rhs;
        bound = gd->lhs;
      }
      if (!idx || !bound || bound->kind != KP_SYM_VAR || !is_global_index(idx, d, bsize))
        continue;
      for (size_t p = 0; p < k->nparams; p++)
        if (k->params[p].name && strcmp(k->params[p].name, bound->name) == 0) {
          if (found >= 0 && found != (int)p)
            return -1;
          found = (int)p;
        }
    }
  }
  return found;
}

/* The grid size of dimension d as a quotient whose divisor is the block's
 * size bsize: 1 for `n / B` (*n the n), 2 rounded up; 0 otherwise. */
static int grid_quotient(const kp_module *m, const kp_expr *g, int64_t bsize, const kp_expr **n) {
  const kp_quotient *q = g->quot;
  int64_t den;
  if (!q || !value_of(m, &q->den, &den) || den != bsize)
    return 0;
  if (q->has_tail) {
    if (q->round_up || q->tail != bsize - 1)
      return 0;
    *n = &q->head;
    return 2;
  }
  *n = &q->num;
  return q->round_up ? 2 : 1;
}

static const char *text_of(const kp_expr *x, char *buf, size_t len) {
  if (x->text)
    snprintf(buf, len, "%s", x->text);
  else
    snprintf(buf, len, "%" PRId64, x->value);
  return buf;
}

/* Another launch of the same kernel whose grid is not a quotient (`1`,
 * `rest`): the host may cover the rest of the problem with it. */
static int other_launch(const kp_module *m, const kp_launch *l) {
  for (size_t i = 0; i < m->nlaunches; i++) {
    const kp_launch *o = &m->launches[i];
    if (o != l && o->kernel == l->kernel && !o->grid.x.quot)
      return 1;
  }
  return 0;
}

/* A grid `n / B` for a kernel that bounds its index by that n. */
static void truncated(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                      int64_t bsize, kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *n;
  if (grid_quotient(m, &l->grid.x, bsize, &n) != 1 || other_launch(m, l))
    return;
  int p = bound_param(k, 0, bsize);
  if (p < 0 || (size_t)p >= l->nargs || !same_value(&l->args[p], n))
    return;
  char nt[128], bt[64];
  text_of(n, nt, sizeof nt);
  snprintf(bt, sizeof bt, "%" PRId64, bsize);
  int64_t nv;
  kp_finding *f;
  if (value_of(m, n, &nv)) {
    if (nv <= 0 || nv % bsize == 0)
      return;
    int64_t blocks = nv / bsize;
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s down: %" PRId64
                        " blocks of %" PRId64 " threads cover %" PRId64 " of the %" PRId64
                        " elements '%s' checks (i < %s); the last %" PRId64
                        " are never processed",
                        k->name, nt, blocks, bsize, blocks * bsize, nv, k->name,
                        k->params[p].name, nv - blocks * bsize);
  } else {
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s down to a multiple of %" PRId64
                        " threads: when %s is not a multiple of %" PRId64
                        ", its last %s %% %" PRId64
                        " elements get no thread, although '%s' checks i < %s for a partial "
                        "block",
                        k->name, nt, bsize, nt, bsize, nt, bsize, k->name, k->params[p].name);
  }
  if (!f)
    return;
  const kp_quotient *q = l->grid.x.quot;
  char repl[400];
  if (q && q->begin.line && q->num.text && q->den.text) {
    snprintf(repl, sizeof repl, "(%s + %s - 1) / %s", q->num.text, q->den.text, q->den.text);
    kp_findings_note(out, q->begin, "round the grid up: %s", repl);
    kp_findings_fixit(out, q->begin, q->end, repl);
  } else {
    kp_findings_note(out, l->loc, "round the grid up: (%s + %" PRId64 " - 1) / %" PRId64, nt,
                     bsize, bsize);
  }
}

/* A grid rounded up for a kernel whose accesses at the global index have no
 * bounds check. */
static void unguarded_tail(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                           int64_t bsize, kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *n;
  if (grid_quotient(m, &l->grid.x, bsize, &n) != 2)
    return;
  /* Every access unguarded: a kernel that checks anything about its threads
   * may bound them in a way kperf does not read. */
  const kp_access *hit = NULL;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->nguards || a->guards_unknown || a->divergent)
      return;
    if ((!hit || (a->is_store && !hit->is_store)) && a->space == KP_SPACE_GLOBAL &&
        a->loop < 0 && !a->branch && affine_is_global_index(&a->index, 0, bsize))
      hit = a; /* a store when there is one */
  }
  if (!hit)
    return;
  char nt[128];
  text_of(n, nt, sizeof nt);
  int64_t nv;
  kp_finding *f;
  const char *what = hit->is_atomic ? "update" : hit->is_store ? "write" : "read";
  if (value_of(m, n, &nv)) {
    if (nv <= 0 || nv % bsize == 0)
      return;
    int64_t blocks = (nv + bsize - 1) / bsize;
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s = %" PRId64 " up to %" PRId64
                        " blocks of %" PRId64 " threads, but '%s' has no bounds check: its "
                        "last %" PRId64 " threads %s '%s%s' past the %" PRId64
                        " elements the grid covers",
                        k->name, nt, nv, blocks, bsize, k->name, blocks * bsize - nv, what,
                        hit->array, hit->index_text ? hit->index_text : "[i]", nv);
  } else {
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s up to whole blocks of %" PRId64
                        " threads, but '%s' has no bounds check: when %s is not a multiple of "
                        "%" PRId64 ", the threads of the last block past %s %s '%s%s' past the "
                        "elements the grid covers",
                        k->name, nt, bsize, k->name, nt, bsize, nt, what, hit->array,
                        hit->index_text ? hit->index_text : "[i]");
  }
  if (f)
    kp_findings_note(out, hit->loc,
                     "this access has no bounds check; pass %s to '%s' and return early when "
                     "the index is not below it",
                     nt, k->name);
}

/* A 2-D grid whose x size covers the kernel's bound in y and the other way
 * round. */
static void swapped(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                    const int64_t bs[2], kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *nx, *ny;
  int kx = grid_quotient(m, &l->grid.x, bs[0], &nx), ky = grid_quotient(m, &l->grid.y, bs[1], &ny);
  if (!kx || !ky || same_value(nx, ny))
    return;
  int px = bound_param(k, 0, bs[0]), py = bound_param(k, 1, bs[1]);
  if (px < 0 || py < 0 || px == py || (size_t)px >= l->nargs || (size_t)py >= l->nargs)
    return;
  const kp_expr *ax = &l->args[px], *ay = &l->args[py];
  if (!same_value(ax, ny) || !same_value(ay, nx) || same_value(ax, nx) || same_value(ay, ny))
    return;
  char xt[128], yt[128];
  text_of(nx, xt, sizeof xt);
  text_of(ny, yt, sizeof yt);
  int64_t w, h;
  char count[200] = "";
  if (value_of(m, ax, &w) && value_of(m, ay, &h)) {
    if (w <= 0 || h <= 0)
      return;
    /* The grid covers x up to gx * bx and y up to gy * by. */
    int64_t gx = kx == 2 ? (h + bs[0] - 1) / bs[0] : h / bs[0];
    int64_t gy = ky == 2 ? (w + bs[1] - 1) / bs[1] : w / bs[1];
    int64_t cx = gx * bs[0] < w ? gx * bs[0] : w, cy = gy * bs[1] < h ? gy * bs[1] : h;
    int64_t missed = w * h - cx * cy;
    if (missed <= 0)
      return;
    snprintf(count, sizeof count, ": %" PRId64 " of the %" PRId64 " x %" PRId64 " elements get no thread",
             missed, w, h);
  }
  kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                  "the grid of this launch of '%s' has its extents swapped: its x size covers "
                  "%s, which '%s' bounds its y index by (%s), and its y size covers %s, which "
                  "bounds its x index (%s)%s",
                  k->name, xt, k->name, k->params[py].name, yt, k->params[px].name,
                  count[0] ? count : "; when they differ, part of the problem gets no thread");
  kp_findings_note(out, l->loc, "the grid's x size should cover %s and its y size %s", yt, xt);
}

static void run(const kp_check_ctx *ctx, kp_findings *out) {
  const kp_module *m = ctx->m;
  for (size_t li = 0; li < m->nlaunches; li++) {
    if (kp_check_out_of_time(ctx))
      return;
    const kp_launch *l = &m->launches[li];
    if (l->kernel < 0 || (size_t)l->kernel >= m->nkernels || l->via_pointer)
      continue;
    const kp_kernel *k = &m->kernels[l->kernel];
    if (!k->has_body || kernel_uses_grid(k))
      continue;
    int64_t bs[3] = {1, 1, 1};
    if (!value_of(m, &l->block.x, &bs[0]) || bs[0] <= 1)
      continue;
    if (l->block.y.text && !value_of(m, &l->block.y, &bs[1]))
      continue;
    if (l->block.z.text && !value_of(m, &l->block.z, &bs[2]))
      continue;
    int two_d = l->grid.y.text && l->grid.y.quot;
    if (!two_d && bs[1] == 1 && bs[2] == 1) {
      truncated(ctx, l, k, bs[0], out);
      unguarded_tail(ctx, l, k, bs[0], out);
    } else if (two_d && bs[1] > 1 && bs[2] == 1) {
      swapped(ctx, l, k, bs, out);
    }
  }
}

const kp_check_info kp_check_grid_coverage = {
    "kperf-grid-coverage", "a launch whose grid does not cover the elements its kernel indexes",
    run, "GridCoverage", KP_WARNING, NULL, 0};
