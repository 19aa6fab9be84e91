/* kperf-grid-coverage: a launch whose grid does not cover the elements its
 * kernel indexes.  docs/checks/grid-coverage.md.
 *
 * Read from the launch's grid as a quotient (kp_quotient: `n / B`, `(n + B
 * - 1) / B`), whose divisor is the block's size (its value, or the same
 * expression: `n / threads.x` for a block `threads`), and the kernel's
 * global thread index `blockIdx.d * blockDim.d + threadIdx.d`:
 *   - a grid `n / B` for a kernel that bounds that index by the n it is
 *     given (`if (i < n)`), or that reads or writes a[i] without a bound
 *     where the launch passes for a an allocation of n elements
 *     (kp_launch.arg_bytes): the last n % B elements get no thread;
 *   - a grid `(n + B - 1) / B` for a kernel that reads or writes a[i]
 *     without any bounds check: the threads past n of the last block access
 *     elements past n;
 *   - a 2-D grid whose x size covers the extent the kernel bounds its y
 *     index by, and the other way round (also when the two sizes are equal
 *     here, but written as two: right only while they are).
 * Nothing is said when the kernel reads gridDim (a grid-stride loop covers
 * any grid), when n is a multiple of B (its value, its formula, or the host
 * takes n % B itself: an assert, a test), or when the kernel's bound or the
 * array is not the launch's n.
 *
 * This file: what a launch and its kernel say, the 1-D statements and the
 * check's run; the 2-D statements are in grid_coverage_2d.c.  Uses
 * grid_coverage.h, launch.h and the model layer. */
#include "grid_coverage.h"

#include <ctype.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The value of x: folded, or from the module's assumptions (#pragma kperf
 * assume, --arg). */
int value_of(const kp_module *m, const kp_expr *x, int64_t *out) {
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
void squeeze(const char *s, char *buf, size_t len) {
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
int same_value(const kp_expr *x, const kp_expr *y) {
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
int is_global_index(const kp_sym *s, int d, int64_t bsize) {
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

/* Whether x and y are names that differ only in case (`NI` and `ni`: a
 * size and the variable that holds it), unless their values are known to
 * differ. */
int same_name(const kp_expr *x, const kp_expr *y) {
  if (!x->text || !y->text || (x->known && y->known && x->value != y->value))
    return 0;
  char a[128], b[128];
  squeeze(x->text, a, sizeof a);
  squeeze(y->text, b, sizeof b);
  if (!a[0] || strlen(a) != strlen(b))
    return 0;
  for (size_t i = 0; a[i]; i++)
    if (!(isalnum((unsigned char)a[i]) || a[i] == '_') ||
        tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
      return 0;
  return 1;
}

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A number every value of s is a multiple of, read from its form (0: s is
 * 0; 1: nothing known): `k * 256` 256, `(n + 255) / 256 * 256` 256,
 * `m << 8` 256 times m's. */
static int64_t sym_divisor(const kp_sym *s, int depth) {
  const int64_t cap = (int64_t)1 << 40;
  if (!s || depth > 32)
    return 1;
  int64_t a, b;
  switch (s->kind) {
  case KP_SYM_CONST:
    return s->value < 0 ? (s->value < -cap ? 1 : -s->value) : (s->value > cap ? 1 : s->value);
  case KP_SYM_ADD:
  case KP_SYM_SUB:
  case KP_SYM_MIN:
  case KP_SYM_MAX:
    return gcd64(sym_divisor(s->a, depth + 1), sym_divisor(s->b, depth + 1));
  case KP_SYM_MUL:
    a = sym_divisor(s->a, depth + 1);
    b = sym_divisor(s->b, depth + 1);
    if (!a || !b)
      return 0;
    return a <= cap / b ? a * b : (a > b ? a : b); /* any divisor of the product will do */
  case KP_SYM_SHL:
    a = sym_divisor(s->a, depth + 1);
    if (s->b && s->b->kind == KP_SYM_CONST && s->b->value >= 0 && s->b->value < 40 && a &&
        a <= cap >> s->b->value)
      return a << s->b->value;
    return a ? a : 0;
  case KP_SYM_DIV:
  case KP_SYM_TDIV:
    a = sym_divisor(s->a, depth + 1);
    if (s->b && s->b->kind == KP_SYM_CONST && s->b->value > 0 && a % s->b->value == 0)
      return a / s->b->value; /* an exact division keeps the rest */
    return 1;
  default:
    return 1;
  }
}

/* Whether n is known to be a multiple of bsize (0: unknown size): its value,
 * its formula or what its variable holds (kp_quotient.num_held), or the host
 * takes it modulo the divisor itself (kp_launch.grid_remainder: an assert,
 * a test, a launch for the rest). */
int multiple(const kp_module *m, const kp_launch *l, int d, const kp_expr *n,
                    int64_t bsize) {
  if (l->grid_remainder & (1u << d))
    return 1;
  if (bsize <= 0)
    return 0;
  int64_t v;
  if (value_of(m, n, &v))
    return v % bsize == 0;
  const kp_quotient *q = d ? l->grid.y.quot : l->grid.x.quot;
  const kp_sym *forms[2] = {n->sym, q ? q->num_held : NULL};
  for (size_t i = 0; i < 2; i++)
    if (forms[i] && sym_divisor(forms[i], 0) % bsize == 0)
      return 1;
  return 0;
}

/* The kernel parameter that bounds the global index of dimension d in a
 * guard `i < p` (`p > i`), or `i < p - c` when with_offset, of some access:
 * its index, or -1 (also when two different parameters do). */
int bound_param(const kp_kernel *k, int d, int64_t bsize, int with_offset) {
  int found = -1;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    for (size_t g = 0; g < a->nguards; g++) {
      const kp_guard *gd = &a->guards[g];
      const kp_sym *idx = NULL, *bound = NULL;
      if (gd->op == KP_GUARD_LT || gd->op == KP_GUARD_LE) {
        idx = gd->lhs;
        bound = gd->rhs;
      } else if (gd->op == KP_GUARD_GT || gd->op == KP_GUARD_GE) {
        idx = gd->rhs;
        bound = gd->lhs;
      }
      if (gd->op == KP_GUARD_LE || gd->op == KP_GUARD_GE) {
        if (!with_offset)
          continue;
      }
      /* p - c, p + (-c): the parameter with an offset. */
      if (with_offset && bound && (bound->kind == KP_SYM_ADD || bound->kind == KP_SYM_SUB)) {
        const kp_sym *x = bound->a, *y = bound->b;
        if (x && y && y->kind == KP_SYM_VAR && x->kind == KP_SYM_CONST && bound->kind == KP_SYM_ADD)
          bound = y;
        else if (x && y && x->kind == KP_SYM_VAR && y->kind == KP_SYM_CONST)
          bound = x;
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

/* The block's size in dimension d: its value (*known 1), or 0 with *known 0
 * when the launch gives it as an expression kperf cannot fold (a block read
 * from argv); -1 when it has none. */
static int64_t block_size(const kp_module *m, const kp_launch *l, int d, int *known) {
  const kp_expr *b = d == 0 ? &l->block.x : d == 1 ? &l->block.y : &l->block.z;
  int64_t v;
  *known = 0;
  if (!b->text && !b->known) {
    *known = d > 0; /* dim3's default 1 */
    return d == 0 ? -1 : 1;
  }
  if (value_of(m, b, &v)) {
    *known = 1;
    return v;
  }
  return 0;
}

/* Whether den is the block's size in dimension d: its value, or the same
 * expression (`threads.x` of a block `threads`, `bs` of a block `bs`). */
static int den_is_block(const kp_module *m, const kp_launch *l, int d, const kp_expr *den,
                        int64_t bsize, int known) {
  int64_t v;
  if (known)
    return value_of(m, den, &v) && v == bsize;
  const kp_expr *b = d == 0 ? &l->block.x : &l->block.y;
  if (!den->text || den->known)
    return 0;
  if (same_value(den, b))
    return 1;
  if (!l->block.var)
    return 0;
  char want[160], got[160];
  snprintf(want, sizeof want, "%s.%c", l->block.var, "xyz"[d]);
  squeeze(den->text, got, sizeof got);
  return strcmp(want, got) == 0;
}

/* The grid size of dimension d as a quotient whose divisor is the block's
 * size (bsize, or an expression when !known): 1 for `n / B` (*n the n), 2
 * rounded up; 0 otherwise. */
int grid_quotient(const kp_module *m, const kp_launch *l, int d, int64_t bsize, int known,
                         const kp_expr **n) {
  const kp_quotient *q = d ? l->grid.y.quot : l->grid.x.quot;
  if (!q || !den_is_block(m, l, d, &q->den, bsize, known))
    return 0;
  if (q->has_tail) {
    if (!known || q->round_up || q->tail != bsize - 1)
      return 0;
    *n = &q->head;
    return 2;
  }
  *n = &q->num;
  return q->round_up ? 2 : 1;
}

const char *text_of(const kp_expr *x, char *buf, size_t len) {
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

/* Whether every access of k is unguarded (no condition on the thread at
 * all): a kernel that checks anything about its threads may bound them in
 * a way kperf does not read. */
static int all_unguarded(const kp_kernel *k) {
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->nguards || a->guards_unknown || a->divergent)
      return 0;
  }
  return 1;
}

/* Whether a is a global access at the global x index, outside loops and
 * branches. */
static int at_global_index(const kp_access *a, int64_t bsize) {
  return a->space == KP_SPACE_GLOBAL && a->loop < 0 && !a->branch &&
         affine_is_global_index(&a->index, 0, bsize);
}

/* The value of x with the variables bound. */
static int eval_with(const kp_expr *x, const kp_binding *b, size_t nb, int64_t *out) {
  if (x->known) {
    *out = x->value;
    return 1;
  }
  if (x->sym)
    return kp_sym_eval(x->sym, b, nb, out);
  return x->name && kp_binding_lookup(b, nb, x->name, out);
}

/* Whether bytes is the size of elem-byte elements, n of them: equal values,
 * or formulas equal at sample values of the variables they read. */
static int holds_n(const kp_expr *bytes, const kp_expr *n, unsigned elem) {
  if (!bytes || !bytes->text || !elem)
    return 0;
  if (bytes->known && n->known)
    return bytes->value == n->value * (int64_t)elem;
  enum { MAXV = 8 };
  kp_binding b[MAXV];
  size_t nb = 0;
  const kp_sym *forms[2] = {bytes->sym, n->sym};
  for (size_t f = 0; f < 2; f++)
    for (const char *v; forms[f] && (v = kp_sym_first_unbound(forms[f], b, nb));) {
      if (nb == MAXV)
        return 0;
      b[nb].name = v;
      b[nb++].value = 0;
    }
  if (!n->sym && !n->known && n->name && !kp_binding_find(b, nb, n->name)) {
    if (nb == MAXV)
      return 0;
    b[nb].name = n->name;
    b[nb++].value = 0;
  }
  if (!nb)
    return 0;
  static const int64_t samples[] = {1031, 4099, 77, 65537};
  for (size_t s = 0; s < sizeof samples / sizeof *samples; s++) {
    for (size_t i = 0; i < nb; i++)
      b[i].value = samples[(s + i) % 4] + (int64_t)i;
    int64_t x, y;
    if (!eval_with(bytes, b, nb, &x) || !eval_with(n, b, nb, &y) || x != y * (int64_t)elem)
      return 0;
  }
  return 1;
}

/* For a kernel without bounds checks: an access at the global x index to an
 * array for which the launch passes an allocation of n elements; NULL
 * otherwise. */
static const kp_access *n_element_access(const kp_launch *l, const kp_kernel *k, const kp_expr *n,
                                         int64_t bsize, const char **arg) {
  if (!l->arg_bytes || !all_unguarded(k))
    return NULL;
  const kp_access *hit = NULL;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (!a->array || !at_global_index(a, bsize))
      continue;
    for (size_t p = 0; p < k->nparams && p < l->nargs; p++)
      if (k->params[p].name && strcmp(k->params[p].name, a->array) == 0 &&
          holds_n(&l->arg_bytes[p], n, a->elem_bytes) &&
          (!hit || (a->is_store && !hit->is_store))) {
        hit = a; /* a store when there is one */
        *arg = l->args[p].text;
      }
  }
  return hit;
}

/* The round-up of n by the divisor as written: the fix of a grid `n / B`. */
static void round_up_text(const kp_launch *l, int d, const char *nt, char *buf, size_t len) {
  const kp_quotient *q = d ? l->grid.y.quot : l->grid.x.quot;
  if (q && q->num.text && q->den.text)
    snprintf(buf, len, "(%s + %s - 1) / %s", q->num.text, q->den.text, q->den.text);
  else
    snprintf(buf, len, "(%s + B - 1) / B", nt);
}

/* A grid `n / B` in dimension d for a kernel that bounds its index by that
 * n, or (x only, a kernel without bounds) indexes an array of n elements.
 * 1 when a finding was added. */
static int truncated(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k, int d,
                     const int64_t bs[2], const int known[2], int said, kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *n;
  int64_t bsample = known[d] ? bs[d] : 16; /* any size checks the index's form */
  if (grid_quotient(m, l, d, bs[d], known[d], &n) != 1 || multiple(m, l, d, n, known[d] ? bs[d] : 0))
    return 0;
  const kp_quotient *q = d ? l->grid.y.quot : l->grid.x.quot;
  /* n must be this function's own: a caller may pass only multiples of
   * the block (cuda-samples simpleCUFFT_2d_MGPU: N / 4 for N = 64). */
  if (q->num_param)
    return 0;
  int p = bound_param(k, d, bsample, 0);
  const kp_access *hit = NULL;
  const char *arg = NULL;
  if (p < 0 || (size_t)p >= l->nargs || !same_value(&l->args[p], n)) {
    p = -1;
    if (d != 0 || !(hit = n_element_access(l, k, n, bsample, &arg)))
      return 0;
  }
  char nt[128], bt[128], fix[400], idx[160];
  text_of(n, nt, sizeof nt);
  text_of(&q->den, bt, sizeof bt);
  round_up_text(l, d, nt, fix, sizeof fix);
  if (p >= 0)
    snprintf(idx, sizeof idx, d ? "its y index < %s" : "i < %s", k->params[p].name);
  int64_t nv;
  int nknown = known[d] && value_of(m, n, &nv);
  if (nknown && nv <= 0)
    return 0;
  kp_finding *f;
  if (said) {
    /* The x size was reported: the y size in a note of that finding. */
    kp_findings_note(out, l->loc,
                     "its y size rounds %s down to a multiple of %s the same way, although '%s' "
                     "checks %s; round it up too: %s",
                     nt, bt, k->name, idx, fix);
    if (q->begin.line)
      kp_findings_fixit(out, q->begin, q->end, fix);
    return 1;
  }
  if (p >= 0 && nknown) {
    int64_t blocks = nv / bs[d];
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s down: %" PRId64
                        " blocks of %" PRId64 " threads cover %" PRId64 " of the %" PRId64
                        " elements '%s' checks (%s); the last %" PRId64
                        " are never processed",
                        k->name, nt, blocks, bs[d], blocks * bs[d], nv, k->name, idx,
                        nv - blocks * bs[d]);
  } else if (p >= 0) {
    char mult[160];
    if (known[d])
      snprintf(mult, sizeof mult, "%" PRId64 " threads", bs[d]);
    else
      snprintf(mult, sizeof mult, "the block's %c size (%s)", "xy"[d], bt);
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s down to a multiple of %s: "
                        "when %s is not a multiple of %s, its last %s %% %s elements get no "
                        "thread, although '%s' checks %s for a partial block",
                        k->name, nt, mult, nt, bt, nt, bt, k->name, idx);
  } else if (nknown) {
    int64_t blocks = nv / bs[d];
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s down: %" PRId64
                        " blocks of %" PRId64 " threads cover %" PRId64 " of the %" PRId64
                        " elements of '%s'; the last %" PRId64 " are never processed",
                        k->name, nt, blocks, bs[d], blocks * bs[d], nv, arg ? arg : hit->array,
                        nv - blocks * bs[d]);
  } else {
    f = kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                        "the grid of this launch of '%s' rounds %s down to a multiple of %s: "
                        "for %s not a multiple of %s, the last %s %% %s of the %s elements of "
                        "'%s' are never processed ('%s' %s '%s%s' at its global index only)",
                        k->name, nt, bt, nt, bt, nt, bt, nt, arg ? arg : hit->array, k->name,
                        hit->is_atomic ? "updates" : hit->is_store ? "writes" : "reads",
                        hit->array, hit->index_text ? hit->index_text : "[i]");
  }
  if (!f)
    return 0;
  if (p >= 0) {
    /* The kernel checks its bound: rounding the grid up is the whole fix. */
    kp_findings_note(out, q->begin.line ? q->begin : l->loc, "round the grid up: %s", fix);
    if (q->begin.line)
      kp_findings_fixit(out, q->begin, q->end, fix);
  } else {
    /* Rounded up alone, the grid would make the kernel's last threads
     * access past the array: the kernel needs the bound too (no fix-it). */
    kp_findings_note(out, hit->loc,
                     "use %s blocks and pass %s to '%s' to stop its threads past the end "
                     "(return when the index is not below %s): this access has no bounds check",
                     fix, nt, k->name, nt);
  }
  return 1;
}

/* A grid rounded up for a kernel whose accesses at the global index have no
 * bounds check. */
static void unguarded_tail(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                           int64_t bsize, kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *n;
  if (grid_quotient(m, l, 0, bsize, 1, &n) != 2 || l->grid.x.quot->num_param || !all_unguarded(k))
    return; /* n must be this function's own, as for truncated() */
  const kp_access *hit = NULL;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if ((!hit || (a->is_store && !hit->is_store)) && at_global_index(a, bsize))
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
    int64_t bs[3];
    int known[3];
    for (int d = 0; d < 3; d++)
      bs[d] = block_size(m, l, d, &known[d]);
    /* A block whose size kperf cannot fold is compared by expression; one
     * of size 1 or less, or without z = 1, is not read. */
    if (bs[0] < 0 || (known[0] && bs[0] <= 1) || !known[2] || bs[2] != 1 ||
        (known[1] && bs[1] < 1))
      continue;
    int two_d = l->grid.y.text && l->grid.y.quot;
    int one_d = known[1] && bs[1] == 1;
    if (!two_d && one_d) {
      if (!other_launch(m, l))
        truncated(ctx, l, k, 0, bs, known, 0, out);
      if (known[0])
        unguarded_tail(ctx, l, k, bs[0], out);
    } else if (two_d && !(known[1] && bs[1] <= 1)) {
      size_t before = out->n;
      int said = !other_launch(m, l) && truncated(ctx, l, k, 0, bs, known, 0, out);
      if (!other_launch(m, l))
        said |= truncated(ctx, l, k, 1, bs, known, said, out);
      if (out->n == before)
        swapped(ctx, l, k, bs, known, out);
      if (out->n == before)
        either_bound(ctx, l, k, bs, known, out);
    }
  }
}

const kp_check_info kp_check_grid_coverage = {
    "kperf-grid-coverage", "a launch whose grid does not cover the elements its kernel indexes",
    run, "GridCoverage", KP_WARNING, NULL, 0};
