/* Symbolic int64 formulas (see include/kperf/sym.h).
 *
 * Formulas are immutable trees in an arena.  The constructors keep them in a
 * small canonical form so that equal quantities usually print the same way
 * and constants collect in one place:
 *   - constant operands are folded when the operation is defined and does not
 *     overflow (an undefined constant operation, e.g. 5/0, stays a node whose
 *     value is unknown);
 *   - x + c keeps the constant on the right and x - c becomes x + (-c), so
 *     (n + 3) + 4 is n + 7 and (n + 3) - n is 3; c*x keeps it on the left;
 *   - min/max keep a constant on the left and merge nested constants;
 *   - the identities x+0, x-0, x-x, x*1, x*0, x/1, ceildiv(x,1), x%1,
 *     x<<0, x>>0, min(x,x), max(x,x), x|0, x^0, x&0 (for the C operators
 *     too).
 * Printing (x + (-c) back as "x - c") is sym_print.c's.  Uses the arena only. */
#include "kperf/sym.h"
#include "kperf/arena.h"
#include "kperf/limits.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Semantics --------------------------------------------------------- */

static int is_unary(kp_sym_kind k) { return k == KP_SYM_FLOG2 || k == KP_SYM_CLOG2; }

static int is_binary(kp_sym_kind k) {
  return (k >= KP_SYM_ADD && k <= KP_SYM_SHR) || (k >= KP_SYM_TDIV && k <= KP_SYM_XOR);
}

/* floor(log2 v) for v >= 1. */
static int64_t floor_log2(int64_t v) {
  int64_t r = 0;
  while (v > 1) {
    v >>= 1;
    r++;
  }
  return r;
}

/* One operation on constants.  Returns 0 when it is undefined (division by a
 * non-positive number, shift count out of range) or overflows int64_t. */
static int apply(kp_sym_kind kind, int64_t a, int64_t b, int64_t *out) {
  switch (kind) {
  case KP_SYM_ADD:
    return !__builtin_add_overflow(a, b, out);
  case KP_SYM_SUB:
    return !__builtin_sub_overflow(a, b, out);
  case KP_SYM_MUL:
    return !__builtin_mul_overflow(a, b, out);
  case KP_SYM_DIV: /* floor division; b > 0 so a / b cannot overflow */
    if (b <= 0)
      return 0;
    *out = a / b - (a % b != 0 && a < 0);
    return 1;
  case KP_SYM_CEILDIV:
    if (b <= 0)
      return 0;
    *out = a / b + (a % b != 0 && a > 0);
    return 1;
  case KP_SYM_MOD: /* a - b*floor(a/b), in [0, b) */
    if (b <= 0)
      return 0;
    *out = a % b < 0 ? a % b + b : a % b;
    return 1;
  case KP_SYM_MIN:
    *out = a < b ? a : b;
    return 1;
  case KP_SYM_MAX:
    *out = a > b ? a : b;
    return 1;
  case KP_SYM_SHL: /* a * 2^b, so that negative a and overflow are well defined */
    if (b < 0 || b >= 63)
      return 0;
    return !__builtin_mul_overflow(a, (int64_t)1 << b, out);
  case KP_SYM_SHR: /* arithmetic: floor(a / 2^b), written without shifting a negative */
    if (b < 0 || b >= 63)
      return 0;
    *out = a >= 0 ? a >> b : ~(~a >> b);
    return 1;
  case KP_SYM_FLOG2:
    *out = a >= 1 ? floor_log2(a) : -1;
    return 1;
  case KP_SYM_CLOG2:
    *out = a <= 1 ? 0 : floor_log2(a - 1) + 1;
    return 1;
  case KP_SYM_TDIV: /* C: truncated; INT64_MIN / -1 overflows */
    if (b == 0 || (a == INT64_MIN && b == -1))
      return 0;
    *out = a / b;
    return 1;
  case KP_SYM_TMOD:
    if (b == 0 || (a == INT64_MIN && b == -1))
      return 0;
    *out = a % b;
    return 1;
  case KP_SYM_AND:
    *out = a & b;
    return 1;
  case KP_SYM_OR:
    *out = a | b;
    return 1;
  case KP_SYM_XOR:
    *out = a ^ b;
    return 1;
  case KP_SYM_CONST:
  case KP_SYM_VAR:
    break;
  }
  return 0;
}

/* ---- Constructors ------------------------------------------------------ */

static kp_sym *node(struct kp_arena *a, kp_sym_kind kind) {
  kp_sym *s = kp_arena_alloc(a, sizeof *s);
  if (s) {
    s->kind = kind;
    s->nodes = 1;
  }
  return s;
}

unsigned kp_sym_too_large(const struct kp_arena *a) { return kp_arena_counted(a); }

const kp_sym *kp_sym_const(struct kp_arena *a, int64_t v) {
  kp_sym *s = node(a, KP_SYM_CONST);
  if (s)
    s->value = v;
  return s;
}

const kp_sym *kp_sym_var(struct kp_arena *a, const char *name) {
  if (!name)
    return NULL;
  kp_sym *s = node(a, KP_SYM_VAR);
  if (!s)
    return NULL;
  s->name = kp_arena_strdup(a, name, (size_t)-1);
  return s->name ? s : NULL;
}

int kp_sym_is_const(const kp_sym *s, int64_t *out) {
  if (!s || s->kind != KP_SYM_CONST)
    return 0;
  if (out)
    *out = s->value;
  return 1;
}

/* The one place a non-leaf node is made: formulas beyond the size limit are
 * refused (NULL, an unknown value), so that walking one stays cheap. */
static const kp_sym *make(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x,
                          const kp_sym *y) {
  unsigned n = 1 + x->nodes + (y ? y->nodes : 0);
  if (n > KP_LIMIT_FORMULA_NODES) {
    kp_arena_count(a);
    return NULL;
  }
  kp_sym *s = node(a, kind);
  if (s) {
    s->a = x;
    s->b = y;
    s->nodes = n;
  }
  return s;
}

/* x + c with c a constant operand: merges into x's own trailing constant. */
static const kp_sym *add_const(struct kp_arena *a, const kp_sym *x, const kp_sym *c) {
  int64_t c1, sum;
  if (x->kind == KP_SYM_ADD && kp_sym_is_const(x->b, &c1) &&
      !__builtin_add_overflow(c1, c->value, &sum))
    return kp_sym_bin(a, KP_SYM_ADD, x->a, kp_sym_const(a, sum));
  return make(a, KP_SYM_ADD, x, c);
}

static const kp_sym *build_add(struct kp_arena *a, const kp_sym *x, const kp_sym *y) {
  int64_t cx, cy;
  int kx = kp_sym_is_const(x, &cx), ky = kp_sym_is_const(y, &cy);
  if (kx && cx == 0)
    return y;
  if (ky && cy == 0)
    return x;
  if (kx) /* constant on the right */
    return add_const(a, y, x);
  if (ky)
    return add_const(a, x, y);
  /* (x' + c) + y -> (x' + y) + c and x + (y' + c) -> (x + y') + c */
  if (x->kind == KP_SYM_ADD && kp_sym_is_const(x->b, NULL))
    return kp_sym_bin(a, KP_SYM_ADD, kp_sym_bin(a, KP_SYM_ADD, x->a, y), x->b);
  if (y->kind == KP_SYM_ADD && kp_sym_is_const(y->b, NULL))
    return kp_sym_bin(a, KP_SYM_ADD, kp_sym_bin(a, KP_SYM_ADD, x, y->a), y->b);
  return make(a, KP_SYM_ADD, x, y);
}

static const kp_sym *build_sub(struct kp_arena *a, const kp_sym *x, const kp_sym *y) {
  int64_t cx, cy, c;
  int kx = kp_sym_is_const(x, &cx), ky = kp_sym_is_const(y, &cy);
  if (ky && cy == 0)
    return x;
  if (kp_sym_equal(x, y))
    return kp_sym_const(a, 0);
  if (ky && cy != INT64_MIN) /* x - c -> x + (-c) */
    return build_add(a, x, kp_sym_const(a, -cy));
  /* (x' + c) - y -> (x' - y) + c */
  if (x->kind == KP_SYM_ADD && kp_sym_is_const(x->b, NULL) && !ky)
    return kp_sym_bin(a, KP_SYM_ADD, kp_sym_bin(a, KP_SYM_SUB, x->a, y), x->b);
  /* x - (y' + c) -> (x - y') + (-c); c0 - (y' + c) -> (c0 - c) - y' */
  if (y->kind == KP_SYM_ADD && kp_sym_is_const(y->b, &c) && c != INT64_MIN) {
    int64_t d;
    if (kx)
      return __builtin_sub_overflow(cx, c, &d)
                 ? make(a, KP_SYM_SUB, x, y)
                 : kp_sym_bin(a, KP_SYM_SUB, kp_sym_const(a, d), y->a);
    return kp_sym_bin(a, KP_SYM_ADD, kp_sym_bin(a, KP_SYM_SUB, x, y->a), kp_sym_const(a, -c));
  }
  return make(a, KP_SYM_SUB, x, y);
}

static const kp_sym *build_mul(struct kp_arena *a, const kp_sym *x, const kp_sym *y) {
  int64_t cx, cy, c;
  int kx = kp_sym_is_const(x, &cx), ky = kp_sym_is_const(y, &cy);
  if ((kx && cx == 0) || (ky && cy == 0))
    return kp_sym_const(a, 0);
  if (kx && cx == 1)
    return y;
  if (ky && cy == 1)
    return x;
  if (ky && !kx) /* constant on the left (both constant: an overflowing product) */
    return build_mul(a, y, x);
  if (kx) { /* c1 * (c2 * y') -> (c1*c2) * y' */
    int64_t p;
    if (y->kind == KP_SYM_MUL && kp_sym_is_const(y->a, &c) && !__builtin_mul_overflow(cx, c, &p))
      return kp_sym_bin(a, KP_SYM_MUL, kp_sym_const(a, p), y->b);
    return make(a, KP_SYM_MUL, x, y);
  }
  /* (c*x') * y -> c*(x'*y) and x * (c*y') -> c*(x*y'): one constant, in front */
  if (x->kind == KP_SYM_MUL && kp_sym_is_const(x->a, NULL))
    return kp_sym_bin(a, KP_SYM_MUL, x->a, kp_sym_bin(a, KP_SYM_MUL, x->b, y));
  if (y->kind == KP_SYM_MUL && kp_sym_is_const(y->a, NULL))
    return kp_sym_bin(a, KP_SYM_MUL, y->a, kp_sym_bin(a, KP_SYM_MUL, x, y->b));
  return make(a, KP_SYM_MUL, x, y);
}

/* DIV, CEILDIV, MOD by a constant. */
static const kp_sym *build_div(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x,
                               const kp_sym *y) {
  int64_t cy, c, p;
  if (kp_sym_is_const(y, &cy) && cy == 1)
    return kind == KP_SYM_MOD ? kp_sym_const(a, 0) : x;
  /* (x' / c1) / c2 -> x' / (c1*c2) for c1, c2 > 0 (floor and ceiling alike) */
  if (kind != KP_SYM_MOD && x->kind == kind && kp_sym_is_const(y, &cy) && cy > 0 &&
      kp_sym_is_const(x->b, &c) && c > 0 && !__builtin_mul_overflow(c, cy, &p))
    return kp_sym_bin(a, kind, x->a, kp_sym_const(a, p));
  return make(a, kind, x, y);
}

static const kp_sym *build_minmax(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x,
                                  const kp_sym *y) {
  int64_t cx, c, m;
  if (kp_sym_equal(x, y))
    return x;
  if (kp_sym_is_const(y, NULL) && !kp_sym_is_const(x, NULL)) /* constant on the left */
    return build_minmax(a, kind, y, x);
  /* max(c1, max(c2, y')) -> max(max(c1, c2), y') */
  if (kp_sym_is_const(x, &cx) && y->kind == kind && kp_sym_is_const(y->a, &c)) {
    apply(kind, cx, c, &m);
    return kp_sym_bin(a, kind, kp_sym_const(a, m), y->b);
  }
  return make(a, kind, x, y);
}

const kp_sym *kp_sym_bin(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x, const kp_sym *y) {
  if (!x || !y || !is_binary(kind))
    return NULL;
  int64_t cx, cy, v;
  if (kp_sym_is_const(x, &cx) && kp_sym_is_const(y, &cy) && apply(kind, cx, cy, &v))
    return kp_sym_const(a, v);
  switch (kind) {
  case KP_SYM_ADD:
    return build_add(a, x, y);
  case KP_SYM_SUB:
    return build_sub(a, x, y);
  case KP_SYM_MUL:
    return build_mul(a, x, y);
  case KP_SYM_DIV:
  case KP_SYM_CEILDIV:
  case KP_SYM_MOD:
    return build_div(a, kind, x, y);
  case KP_SYM_MIN:
  case KP_SYM_MAX:
    return build_minmax(a, kind, x, y);
  case KP_SYM_SHL:
  case KP_SYM_SHR:
    if (kp_sym_is_const(y, &cy) && cy == 0)
      return x;
    return make(a, kind, x, y);
  case KP_SYM_TDIV:
  case KP_SYM_TMOD:
    if (kp_sym_is_const(y, &cy) && cy == 1)
      return kind == KP_SYM_TMOD ? kp_sym_const(a, 0) : x;
    return make(a, kind, x, y);
  case KP_SYM_OR:
  case KP_SYM_XOR:
    if (kp_sym_is_const(y, &cy) && cy == 0)
      return x;
    return make(a, kind, x, y);
  case KP_SYM_AND:
    if (kp_sym_is_const(y, &cy) && cy == 0)
      return kp_sym_const(a, 0);
    return make(a, kind, x, y);
  default:
    return NULL;
  }
}

const kp_sym *kp_sym_un(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x) {
  if (!x || !is_unary(kind))
    return NULL;
  int64_t cx, v;
  if (kp_sym_is_const(x, &cx) && apply(kind, cx, 0, &v))
    return kp_sym_const(a, v);
  return make(a, kind, x, NULL);
}

const kp_sym *kp_sym_add(struct kp_arena *a, const kp_sym *x, const kp_sym *y) {
  return kp_sym_bin(a, KP_SYM_ADD, x, y);
}

const kp_sym *kp_sym_sub(struct kp_arena *a, const kp_sym *x, const kp_sym *y) {
  return kp_sym_bin(a, KP_SYM_SUB, x, y);
}

const kp_sym *kp_sym_mul(struct kp_arena *a, const kp_sym *x, const kp_sym *y) {
  return kp_sym_bin(a, KP_SYM_MUL, x, y);
}

/* ---- Evaluation and substitution --------------------------------------- */

/* The binding of name, the last one winning; NULL when unbound.  (The
 * first bytes are compared before strcmp: every variable of every
 * evaluation searches here, many of them per lane of a warp.) */
static const kp_binding *lookup(const char *name, const kp_binding *b, size_t nb) {
  for (size_t i = nb; i-- > 0;) {
    const char *n = b[i].name;
    if (n && (n == name || (n[0] == name[0] && strcmp(n, name) == 0)))
      return &b[i];
  }
  return NULL;
}

const kp_binding *kp_binding_find(const kp_binding *b, size_t nb, const char *name) {
  return name && b ? lookup(name, b, nb) : NULL;
}

int kp_binding_lookup(const kp_binding *b, size_t nb, const char *name, int64_t *out) {
  const kp_binding *bd = name && b ? lookup(name, b, nb) : NULL;
  if (bd && out)
    *out = bd->value;
  return bd != NULL;
}

int kp_sym_eval(const kp_sym *s, const kp_binding *b, size_t nb, int64_t *out) {
  if (!s)
    return 0;
  int64_t x, y = 0, v;
  switch (s->kind) {
  case KP_SYM_CONST:
    v = s->value;
    break;
  case KP_SYM_VAR: {
    const kp_binding *bd = s->name ? lookup(s->name, b, nb) : NULL;
    if (!bd)
      return 0;
    v = bd->value;
    break;
  }
  default:
    if (!kp_sym_eval(s->a, b, nb, &x))
      return 0;
    if (!is_unary(s->kind) && !kp_sym_eval(s->b, b, nb, &y))
      return 0;
    if (!apply(s->kind, x, y, &v))
      return 0;
    break;
  }
  if (out)
    *out = v;
  return 1;
}

enum { STEP_FAIL = -1 }; /* a folded part whose evaluation fails */

/* What compiling a subtree gave: a folded value (ok 0 when its evaluation
 * fails), or steps from steps[start] on. */
typedef struct part {
  int folded, ok;
  int64_t value;
  size_t start;
} part;

static int emit(kp_sym_prog *p, size_t cap, size_t at, kp_sym_step st) {
  if (p->n == cap)
    return 0;
  memmove(&p->steps[at + 1], &p->steps[at], (p->n - at) * sizeof *p->steps);
  p->steps[at] = st;
  p->n++;
  return 1;
}

/* A folded part as a step (a constant, or a failure) at steps[at]. */
static int emit_folded(kp_sym_prog *p, size_t cap, size_t at, const part *x) {
  kp_sym_step st = {x->ok ? (int)KP_SYM_CONST : STEP_FAIL, x->ok ? x->value : 0};
  return emit(p, cap, at, st);
}

/* Compiles s into p (postfix), folding what reads no binding of [lo, hi);
 * 0 on an unbound variable, a NULL node or no room. */
static int compile_part(kp_sym_prog *p, size_t cap, const kp_sym *s, const kp_binding *b,
                        size_t nb, size_t lo, size_t hi, part *out) {
  if (!s)
    return 0;
  part x, y = {1, 1, 0, 0};
  int64_t v;
  switch (s->kind) {
  case KP_SYM_CONST:
    *out = (part){1, 1, s->value, p->n};
    return 1;
  case KP_SYM_VAR: {
    const kp_binding *bd = s->name ? lookup(s->name, b, nb) : NULL;
    if (!bd)
      return 0;
    size_t at = (size_t)(bd - b);
    if (at < lo || at >= hi) {
      *out = (part){1, 1, bd->value, p->n};
      return 1;
    }
    *out = (part){0, 1, 0, p->n};
    return emit(p, cap, p->n, (kp_sym_step){KP_SYM_VAR, (int64_t)at});
  }
  default:
    if (!compile_part(p, cap, s->a, b, nb, lo, hi, &x))
      return 0;
    if (!is_unary(s->kind) && !compile_part(p, cap, s->b, b, nb, lo, hi, &y))
      return 0;
    if (x.folded && y.folded) {
      int ok = x.ok && y.ok && apply(s->kind, x.value, is_unary(s->kind) ? 0 : y.value, &v);
      *out = (part){1, ok, ok ? v : 0, p->n};
      return 1;
    }
    /* One side folded: its step goes where its code would have been. */
    size_t start = x.folded ? y.start : x.start;
    if (x.folded && !emit_folded(p, cap, y.start, &x))
      return 0;
    if (!is_unary(s->kind) && y.folded && !emit_folded(p, cap, p->n, &y))
      return 0;
    *out = (part){0, 1, 0, start};
    return emit(p, cap, p->n, (kp_sym_step){(int)s->kind, 0});
  }
}

int kp_sym_compile(kp_sym_prog *p, const kp_sym *s, const kp_binding *b, size_t nb,
                   size_t vary_lo, size_t vary_hi) {
  p->steps = NULL;
  p->n = 0;
  if (!s || s->nodes == 0)
    return 0;
  size_t cap = s->nodes;
  part r;
  p->steps = malloc(cap * sizeof *p->steps);
  if (!p->steps || !compile_part(p, cap, s, b, nb, vary_lo, vary_hi, &r) ||
      (r.folded && !emit_folded(p, cap, p->n, &r))) {
    kp_sym_prog_free(p);
    return 0;
  }
  /* The deepest the evaluation stack gets. */
  int top = 0, depth = 0;
  for (size_t i = 0; i < p->n; i++) {
    int k = p->steps[i].kind;
    top += k == KP_SYM_CONST || k == KP_SYM_VAR || k == STEP_FAIL ? 1
           : is_unary((kp_sym_kind)k)                             ? 0
                                                                  : -1;
    if (top > depth)
      depth = top;
  }
  if (depth > KP_SYM_PROG_DEPTH) {
    kp_sym_prog_free(p);
    return 0;
  }
  return 1;
}

/* One operation over lanes [0, n) of x (and y): x[l] takes the result, 0
 * where it fails (the lane's bit set in *fail).  Each kind its own loop, so
 * that apply is specialised to it. */
static void apply_lanes(kp_sym_kind kind, unsigned n, int64_t *x, const int64_t *y,
                        uint32_t *fail) {
  uint32_t f = 0;
#define LANES_LOOP(K)                                                                          \
  for (unsigned l = 0; l < n; l++) {                                                           \
    int64_t v = 0;                                                                             \
    if (!apply(K, x[l], y[l], &v)) {                                                           \
      f |= 1u << l;                                                                            \
      v = 0;                                                                                   \
    }                                                                                          \
    x[l] = v;                                                                                  \
  }
#define LANES_OF(K)                                                                            \
  case K:                                                                                      \
    LANES_LOOP(K)                                                                              \
    break;
  switch (kind) {
    LANES_OF(KP_SYM_ADD)
    LANES_OF(KP_SYM_SUB)
    LANES_OF(KP_SYM_MUL)
    LANES_OF(KP_SYM_DIV)
    LANES_OF(KP_SYM_MOD)
    LANES_OF(KP_SYM_TDIV)
    LANES_OF(KP_SYM_TMOD)
    LANES_OF(KP_SYM_MIN)
    LANES_OF(KP_SYM_MAX)
    LANES_OF(KP_SYM_SHL)
    LANES_OF(KP_SYM_SHR)
    LANES_OF(KP_SYM_AND)
  default:
    LANES_LOOP(kind)
    break;
  }
#undef LANES_LOOP
#undef LANES_OF
  *fail |= f;
}

uint32_t kp_sym_run_lanes(const kp_sym_prog *p, const kp_binding *b, size_t lane_at,
                          size_t nvars, const int64_t (*lane_vals)[KP_SYM_LANES],
                          uint32_t mask, int64_t out[KP_SYM_LANES]) {
  /* A stack entry is one value for every lane (uni) until a lane's value
   * enters it; failed lanes go on with 0. */
  int64_t stack[KP_SYM_PROG_DEPTH][KP_SYM_LANES];
  unsigned char uni[KP_SYM_PROG_DEPTH];
  uint32_t fail = 0;
  int top = 0;
  if (!mask)
    return 0;
  if (!p || p->n == 0)
    return mask;
  unsigned n = 32 - (unsigned)__builtin_clz(mask); /* lanes [0, n) hold every lane of mask */
  for (size_t i = 0; i < p->n; i++) {
    const kp_sym_step *st = &p->steps[i];
    switch (st->kind) {
    case STEP_FAIL:
      return mask;
    case KP_SYM_CONST:
      stack[top][0] = st->value;
      uni[top++] = 1;
      break;
    case KP_SYM_VAR: {
      size_t at = (size_t)st->value;
      if (at >= lane_at && at - lane_at < nvars) {
        memcpy(stack[top], lane_vals[at - lane_at], n * sizeof stack[top][0]);
        uni[top++] = 0;
      } else {
        stack[top][0] = b[at].value;
        uni[top++] = 1;
      }
      break;
    }
    default: {
      kp_sym_kind kind = (kp_sym_kind)st->kind;
      int un = is_unary(kind);
      int xi = top - (un ? 1 : 2);
      int64_t *x = stack[xi], *y = un ? NULL : stack[top - 1];
      int uy = un || uni[top - 1];
      if (uni[xi] && uy) {
        int64_t v;
        if (!apply(kind, x[0], un ? 0 : y[0], &v))
          return mask; /* the same operation fails at every lane */
        x[0] = v;
      } else {
        /* Uniform operands spread to every lane first. */
        int64_t zero[KP_SYM_LANES];
        if (un) {
          memset(zero, 0, n * sizeof zero[0]);
          y = zero;
        } else if (uni[top - 1]) {
          for (unsigned l = 1; l < n; l++)
            y[l] = y[0];
        }
        if (uni[xi])
          for (unsigned l = 1; l < n; l++)
            x[l] = x[0];
        apply_lanes(kind, n, x, y, &fail);
        uni[xi] = 0;
      }
      top = xi + 1;
      break;
    }
    }
  }
  for (unsigned l = 0; l < n; l++)
    out[l] = stack[0][uni[0] ? 0 : l];
  return fail & mask;
}

void kp_sym_prog_free(kp_sym_prog *p) {
  free(p->steps);
  p->steps = NULL;
  p->n = 0;
}

const kp_sym *kp_sym_subst(struct kp_arena *a, const kp_sym *s, const kp_binding *b, size_t nb) {
  if (!s)
    return NULL;
  switch (s->kind) {
  case KP_SYM_CONST:
    return s;
  case KP_SYM_VAR: {
    const kp_binding *bd = s->name ? lookup(s->name, b, nb) : NULL;
    return bd ? kp_sym_const(a, bd->value) : s;
  }
  default:
    if (is_unary(s->kind))
      return kp_sym_un(a, s->kind, kp_sym_subst(a, s->a, b, nb));
    return kp_sym_bin(a, s->kind, kp_sym_subst(a, s->a, b, nb), kp_sym_subst(a, s->b, b, nb));
  }
}

const kp_sym *kp_sym_replace(struct kp_arena *a, const kp_sym *s, const char *name,
                             const kp_sym *with) {
  if (!s || !name)
    return s;
  switch (s->kind) {
  case KP_SYM_CONST:
    return s;
  case KP_SYM_VAR:
    return s->name && strcmp(s->name, name) == 0 ? with : s;
  default: {
    const kp_sym *x = kp_sym_replace(a, s->a, name, with);
    const kp_sym *y = is_unary(s->kind) ? NULL : kp_sym_replace(a, s->b, name, with);
    if (x == s->a && y == s->b)
      return s; /* the variable is not below: no new node */
    return is_unary(s->kind) ? kp_sym_un(a, s->kind, x) : kp_sym_bin(a, s->kind, x, y);
  }
  }
}

/* ---- Queries ----------------------------------------------------------- */

/* 1 when s mentions a variable whose name starts with the first n bytes of
 * name (and is exactly name when exact). */
static int uses(const kp_sym *s, const char *name, size_t n, int exact) {
  if (!s)
    return 0;
  if (s->kind == KP_SYM_VAR)
    return s->name && strncmp(s->name, name, n) == 0 && (!exact || s->name[n] == '\0');
  return uses(s->a, name, n, exact) || uses(s->b, name, n, exact);
}

int kp_sym_uses(const kp_sym *s, const char *name) {
  return name && uses(s, name, strlen(name), 1);
}

int kp_sym_uses_prefix(const kp_sym *s, const char *prefix) {
  return prefix && uses(s, prefix, strlen(prefix), 0);
}

int kp_sym_equal(const kp_sym *x, const kp_sym *y) {
  if (x == y)
    return 1;
  if (!x || !y || x->kind != y->kind)
    return 0;
  switch (x->kind) {
  case KP_SYM_CONST:
    return x->value == y->value;
  case KP_SYM_VAR:
    return x->name && y->name && strcmp(x->name, y->name) == 0;
  default:
    return kp_sym_equal(x->a, y->a) && kp_sym_equal(x->b, y->b);
  }
}

const char *kp_sym_first_unbound(const kp_sym *s, const kp_binding *b, size_t nb) {
  if (!s)
    return NULL;
  if (s->kind == KP_SYM_VAR)
    return s->name && !lookup(s->name, b, nb) ? s->name : NULL;
  const char *n = kp_sym_first_unbound(s->a, b, nb);
  return n ? n : kp_sym_first_unbound(s->b, b, nb);
}
