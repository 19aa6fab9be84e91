/* kperf symbolic integer expressions.
 *
 * Trip counts, instruction counts and address coefficients are formulas over
 * what the compiler could not fold: kernel parameters ("n"), launch sizes
 * ("blockDim.x", "gridDim.x"), thread ids ("threadIdx.x", "blockIdx.x") and
 * trip parameters of loops kperf cannot bound ("trip@k.cu:12").  A formula is
 * an immutable tree allocated in an arena; constructors fold constants and
 * apply the obvious identities (x+0, x*1, x*0, ...), so a formula whose
 * variables are all known is a single constant.
 *
 * Semantics (all on int64_t):
 *   DIV      floor division, b > 0 (b <= 0: the formula's value is unknown)
 *   CEILDIV  ceiling division, b > 0
 *   MOD      a - b*DIV(a,b), b > 0
 *   FLOG2    a >= 1 ? floor(log2 a) : -1
 *   CLOG2    a <= 1 ? 0 : ceil(log2 a)
 *   SHL/SHR  a << b, a >> b (arithmetic), 0 <= b < 63
 *   MIN/MAX  the usual
 *   TDIV     C's a / b: truncated toward zero, b != 0
 *   TMOD     C's a % b: a - b*TDIV(a,b) (the sign of a), b != 0
 *   AND/OR/XOR  bitwise a & b, a | b, a ^ b on two's complement int64_t
 * An operation that would overflow int64_t makes the value unknown.
 */
#ifndef KPERF_SYM_H
#define KPERF_SYM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct kp_arena;

typedef enum kp_sym_kind {
  KP_SYM_CONST = 0,
  KP_SYM_VAR,
  KP_SYM_ADD,
  KP_SYM_SUB,
  KP_SYM_MUL,
  KP_SYM_DIV,
  KP_SYM_CEILDIV,
  KP_SYM_MOD,
  KP_SYM_MIN,
  KP_SYM_MAX,
  KP_SYM_SHL,
  KP_SYM_SHR,
  KP_SYM_FLOG2, /* unary: a */
  KP_SYM_CLOG2, /* unary: a */
  /* C's integer operators, for indices computed per thread. */
  KP_SYM_TDIV,
  KP_SYM_TMOD,
  KP_SYM_AND,
  KP_SYM_OR,
  KP_SYM_XOR
} kp_sym_kind;

typedef struct kp_sym {
  kp_sym_kind kind;
  unsigned nodes;          /* nodes of the tree (<= KP_LIMIT_FORMULA_NODES) */
  int64_t value;           /* KP_SYM_CONST */
  const char *name;        /* KP_SYM_VAR, arena-owned */
  const struct kp_sym *a;  /* operands */
  const struct kp_sym *b;  /* NULL for unary kinds */
} kp_sym;

/* A value for a variable. */
typedef struct kp_binding {
  const char *name;
  int64_t value;
} kp_binding;

/* The value of name among b[0..nb), the last binding of it winning: 1 and
 * *out set, or 0 when unbound.  The one lookup of bindings every part of
 * kperf uses. */
int kp_binding_lookup(const kp_binding *b, size_t nb, const char *name, int64_t *out);
/* The binding lookup takes for name (the last one), or NULL. */
const kp_binding *kp_binding_find(const kp_binding *b, size_t nb, const char *name);

/* A formula compiled against a binding list b[0..nb): its nodes in postfix
 * order, each variable as the index in b of the binding evaluation takes
 * for it (the last), so that a caller that changes b's values (not its
 * layout) between evaluations runs it without searching names or walking
 * the tree.  Only the bindings at [vary_lo, vary_hi) may change value
 * between runs: every part of the formula that reads none of them is
 * evaluated once, when compiled (a part whose evaluation fails makes every
 * run fail).  A run (kp_sym_run_lanes) gives what kp_sym_eval(s, b, nb, &v)
 * gives over the same values, failures included. */
typedef struct kp_sym_step {
  int kind;      /* kp_sym_kind, or -1: fail */
  int64_t value; /* KP_SYM_CONST: the value; KP_SYM_VAR: the binding's index */
} kp_sym_step;
typedef struct kp_sym_prog {
  kp_sym_step *steps;
  size_t n;
} kp_sym_prog;
/* Deepest evaluation stack a program may need. */
#define KP_SYM_PROG_DEPTH 64
/* Compiles s (p->steps malloc'd); 0 (p empty) when a variable of s is not
 * bound in b, its evaluation would need more than KP_SYM_PROG_DEPTH values
 * at once, or memory ran out: evaluate s with kp_sym_eval then. */
int kp_sym_compile(kp_sym_prog *p, const kp_sym *s, const kp_binding *b, size_t nb,
                   size_t vary_lo, size_t vary_hi);
/* Runs p for up to KP_SYM_LANES lanes at once: lane i evaluates over b with
 * the bindings at [lane_at, lane_at + nvars) taking lane_vals[v][i] instead
 * of their values in b (nvars 0: every lane the same, one lane enough).
 * Lanes not in mask are not looked at.  Sets out[i] for each lane of mask
 * whose run succeeds and returns the lanes of mask whose run fails. */
#define KP_SYM_LANES 32
uint32_t kp_sym_run_lanes(const kp_sym_prog *p, const kp_binding *b, size_t lane_at,
                          size_t nvars, const int64_t (*lane_vals)[KP_SYM_LANES],
                          uint32_t mask, int64_t out[KP_SYM_LANES]);
void kp_sym_prog_free(kp_sym_prog *p);

/* Constructors.  Return NULL when out of memory or when the formula would
 * have more than KP_LIMIT_FORMULA_NODES nodes (kperf/limits.h; counted by
 * kp_sym_too_large); every constructor accepts NULL operands and then returns
 * NULL (so failures propagate: NULL is an unknown value). */
const kp_sym *kp_sym_const(struct kp_arena *a, int64_t v);
const kp_sym *kp_sym_var(struct kp_arena *a, const char *name); /* copies name */
const kp_sym *kp_sym_bin(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x, const kp_sym *y);
const kp_sym *kp_sym_un(struct kp_arena *a, kp_sym_kind kind, const kp_sym *x);
/* Shorthands for kp_sym_bin. */
const kp_sym *kp_sym_add(struct kp_arena *a, const kp_sym *x, const kp_sym *y);
const kp_sym *kp_sym_sub(struct kp_arena *a, const kp_sym *x, const kp_sym *y);
const kp_sym *kp_sym_mul(struct kp_arena *a, const kp_sym *x, const kp_sym *y);

/* How many formulas built in this arena were refused for their size. */
unsigned kp_sym_too_large(const struct kp_arena *a);

/* 1 and *out = the constant when s is a constant node; 0 otherwise. */
int kp_sym_is_const(const kp_sym *s, int64_t *out);

/* Evaluates s with the given bindings (later bindings of the same name win).
 * Returns 1 and sets *out when every variable is bound and no operation is
 * undefined; 0 otherwise. */
int kp_sym_eval(const kp_sym *s, const kp_binding *b, size_t nb, int64_t *out);

/* The first variable of s (depth first, left to right) without a binding,
 * or NULL. */
const char *kp_sym_first_unbound(const kp_sym *s, const kp_binding *b, size_t nb);
/* A copy of s with the bound variables replaced by their values, folded. */
const kp_sym *kp_sym_subst(struct kp_arena *a, const kp_sym *s, const kp_binding *b, size_t nb);
/* A copy of s with the variable `name` replaced by the formula `with` (s itself
 * when it does not use the variable). */
const kp_sym *kp_sym_replace(struct kp_arena *a, const kp_sym *s, const char *name,
                             const kp_sym *with);

/* 1 when s mentions a variable with this name / one whose name starts with prefix. */
int kp_sym_uses(const kp_sym *s, const char *name);
int kp_sym_uses_prefix(const kp_sym *s, const char *prefix);

/* Structural equality. */
int kp_sym_equal(const kp_sym *x, const kp_sym *y);

/* Writes s in C-like infix notation ("ceildiv(n, blockDim.x*gridDim.x)",
 * "4*n + 3") into buf, truncating to size-1 chars.  Returns the length the
 * full text needs (like snprintf).  NULL prints "?". */
size_t kp_sym_print(const kp_sym *s, char *buf, size_t size);
/* The same text, allocated in the arena. */
const char *kp_sym_str(struct kp_arena *a, const kp_sym *s);

#ifdef __cplusplus
}
#endif
#endif
