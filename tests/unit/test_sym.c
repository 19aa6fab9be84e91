/* Unit tests of symbolic formulas: folding, identities, evaluation, printing. */
#include "check.h"
#include "kperf/arena.h"
#include "kperf/sym.h"

#include <stdint.h>
#include <stdio.h>

static kp_arena *A;

static const kp_sym *C(int64_t v) { return kp_sym_const(A, v); }
static const kp_sym *V(const char *name) { return kp_sym_var(A, name); }
static const kp_sym *B(kp_sym_kind k, const kp_sym *x, const kp_sym *y) {
  return kp_sym_bin(A, k, x, y);
}
static const char *S(const kp_sym *s) { return kp_sym_str(A, s); }

/* 1 when s is the constant v. */
static int is(const kp_sym *s, int64_t v) {
  int64_t c;
  return kp_sym_is_const(s, &c) && c == v;
}

/* The value of s under no bindings; INT64_MIN + 1 when unknown. */
static int64_t ev(const kp_sym *s) {
  int64_t v;
  return kp_sym_eval(s, NULL, 0, &v) ? v : INT64_MIN + 1;
}

static void test_folding(void) {
  const kp_sym *n = V("n"), *m = V("m");
  CHECK(is(kp_sym_add(A, C(2), C(3)), 5));
  CHECK(is(kp_sym_mul(A, C(-4), C(6)), -24));
  CHECK(is(B(KP_SYM_DIV, C(-7), C(2)), -4));     /* floor */
  CHECK(is(B(KP_SYM_CEILDIV, C(7), C(2)), 4));
  CHECK(is(B(KP_SYM_CEILDIV, C(-7), C(2)), -3)); /* ceiling */
  CHECK(is(B(KP_SYM_MOD, C(-7), C(3)), 2));      /* a - b*floor(a/b) */
  CHECK(is(B(KP_SYM_SHR, C(-5), C(1)), -3));     /* arithmetic */
  CHECK(is(B(KP_SYM_SHL, C(3), C(4)), 48));
  CHECK(is(B(KP_SYM_MAX, C(3), C(-4)), 3));
  /* Identities keep the very operand. */
  CHECK(kp_sym_add(A, n, C(0)) == n);
  CHECK(kp_sym_add(A, C(0), n) == n);
  CHECK(kp_sym_sub(A, n, C(0)) == n);
  CHECK(kp_sym_mul(A, n, C(1)) == n);
  CHECK(kp_sym_mul(A, C(1), n) == n);
  CHECK(is(kp_sym_mul(A, n, C(0)), 0));
  CHECK(is(kp_sym_mul(A, C(0), n), 0));
  CHECK(B(KP_SYM_CEILDIV, n, C(1)) == n);
  CHECK(B(KP_SYM_DIV, n, C(1)) == n);
  CHECK(is(B(KP_SYM_MOD, n, C(1)), 0));
  CHECK(B(KP_SYM_SHL, n, C(0)) == n);
  /* Structurally equal, built separately. */
  const kp_sym *x1 = kp_sym_mul(A, V("a"), kp_sym_add(A, V("b"), C(2)));
  const kp_sym *x2 = kp_sym_mul(A, V("a"), kp_sym_add(A, V("b"), C(2)));
  CHECK(x1 != x2 && kp_sym_equal(x1, x2));
  CHECK(!kp_sym_equal(x1, kp_sym_mul(A, V("a"), kp_sym_add(A, V("b"), C(3)))));
  CHECK(is(kp_sym_sub(A, x1, x2), 0));
  CHECK(kp_sym_equal(B(KP_SYM_MAX, x1, x2), x1));
  CHECK(kp_sym_equal(B(KP_SYM_MIN, x1, x2), x1));
  CHECK(!is(kp_sym_sub(A, n, m), 0));
  /* Constants collect: (n + 3) + 4 -> n + 7, (n + 3) - n -> 3, 2*(3*n) -> 6*n. */
  CHECK_STR(S(kp_sym_add(A, kp_sym_add(A, n, C(3)), C(4))), "n + 7");
  CHECK_STR(S(kp_sym_add(A, C(4), kp_sym_add(A, n, C(3)))), "n + 7");
  CHECK(kp_sym_add(A, kp_sym_add(A, n, C(3)), C(-3)) == n);
  CHECK(is(kp_sym_sub(A, kp_sym_add(A, n, C(3)), n), 3));
  CHECK(is(kp_sym_sub(A, kp_sym_add(A, n, C(3)), kp_sym_add(A, n, C(5))), -2));
  CHECK_STR(S(kp_sym_mul(A, C(2), kp_sym_mul(A, n, C(3)))), "6*n");
  CHECK_STR(S(kp_sym_add(A, kp_sym_add(A, n, C(3)), m)), "n + m + 3");
  CHECK_STR(S(B(KP_SYM_MAX, C(1), B(KP_SYM_MAX, n, C(5)))), "max(5, n)");
  /* Undefined constant operations stay formulas whose value is unknown. */
  const kp_sym *d0 = B(KP_SYM_DIV, C(5), C(0));
  CHECK(d0 && !kp_sym_is_const(d0, NULL));
  CHECK(ev(d0) == INT64_MIN + 1);
  const kp_sym *big = kp_sym_mul(A, C(INT64_MAX), C(2));
  CHECK(big && !kp_sym_is_const(big, NULL));
  CHECK(ev(big) == INT64_MIN + 1);
  /* NULL operands propagate. */
  CHECK(kp_sym_add(A, NULL, n) == NULL);
  CHECK(kp_sym_un(A, KP_SYM_FLOG2, NULL) == NULL);
  CHECK(B(KP_SYM_FLOG2, n, n) == NULL); /* not a binary kind */
}

static void test_eval(void) {
  const kp_sym *n = V("n"), *m = V("m");
  kp_binding b[] = {{"n", 10}, {"m", 3}, {"n", 20}}; /* the later n wins */
  int64_t v = 12345;
  CHECK(kp_sym_eval(kp_sym_add(A, n, m), b, 3, &v) && v == 23);
  CHECK(kp_sym_eval(kp_sym_add(A, n, m), b, 2, &v) && v == 13);
  /* A missing binding: unknown, *out untouched. */
  v = 12345;
  CHECK(!kp_sym_eval(kp_sym_add(A, n, V("k")), b, 3, &v) && v == 12345);
  CHECK(!kp_sym_eval(n, NULL, 0, &v));
  CHECK(!kp_sym_eval(NULL, b, 3, &v));
  /* Division and modulo by zero or a negative number: unknown. */
  CHECK(!kp_sym_eval(B(KP_SYM_DIV, n, kp_sym_sub(A, m, C(3))), b, 3, &v));
  CHECK(!kp_sym_eval(B(KP_SYM_CEILDIV, n, kp_sym_sub(A, m, C(3))), b, 3, &v));
  CHECK(!kp_sym_eval(B(KP_SYM_MOD, n, kp_sym_sub(A, m, C(4))), b, 3, &v));
  CHECK(kp_sym_eval(B(KP_SYM_MOD, n, kp_sym_sub(A, m, C(2))), b, 3, &v) && v == 0);
  /* Overflow: unknown. */
  kp_binding huge[] = {{"n", INT64_MAX}, {"m", INT64_MIN}};
  CHECK(!kp_sym_eval(kp_sym_add(A, n, C(1)), huge, 2, &v));
  CHECK(!kp_sym_eval(kp_sym_mul(A, C(2), n), huge, 2, &v));
  CHECK(!kp_sym_eval(kp_sym_sub(A, C(0), m), huge, 2, &v));
  CHECK(!kp_sym_eval(B(KP_SYM_SHL, n, C(1)), huge, 2, &v));
  CHECK(kp_sym_eval(kp_sym_add(A, n, m), huge, 2, &v) && v == -1);
  /* Shift counts outside [0, 63): unknown. */
  kp_binding sh[] = {{"s", 63}, {"t", -1}, {"u", 62}};
  CHECK(!kp_sym_eval(B(KP_SYM_SHL, C(1), V("s")), sh, 3, &v));
  CHECK(!kp_sym_eval(B(KP_SYM_SHR, C(1), V("t")), sh, 3, &v));
  CHECK(kp_sym_eval(B(KP_SYM_SHL, C(1), V("u")), sh, 3, &v) && v == (int64_t)1 << 62);
  CHECK(!kp_sym_eval(B(KP_SYM_SHL, C(2), V("u")), sh, 3, &v)); /* 2^63 overflows */
  CHECK(kp_sym_eval(B(KP_SYM_SHL, C(-1), V("u")), sh, 3, &v) && v == -((int64_t)1 << 62));
}

/* C's operators for per-thread indices: truncating / and %, bitwise & | ^. */
static void test_c_operators(void) {
  const kp_sym *n = V("n");
  CHECK(is(B(KP_SYM_TDIV, C(-7), C(2)), -3)); /* toward zero, unlike DIV */
  CHECK(is(B(KP_SYM_TMOD, C(-7), C(3)), -1)); /* the sign of a, unlike MOD */
  CHECK(is(B(KP_SYM_TMOD, C(7), C(-3)), 1));
  CHECK(is(B(KP_SYM_TDIV, C(7), C(-2)), -3));
  CHECK(is(B(KP_SYM_XOR, C(5), C(1)), 4));
  CHECK(is(B(KP_SYM_AND, C(-1), C(12)), 12));
  CHECK(is(B(KP_SYM_OR, C(8), C(3)), 11));
  CHECK(B(KP_SYM_TDIV, n, C(1)) == n);
  CHECK(is(B(KP_SYM_TMOD, n, C(1)), 0));
  CHECK(B(KP_SYM_XOR, n, C(0)) == n);
  CHECK(B(KP_SYM_OR, n, C(0)) == n);
  CHECK(is(B(KP_SYM_AND, n, C(0)), 0));
  /* Division by zero, INT64_MIN / -1: unknown. */
  CHECK(ev(B(KP_SYM_TDIV, C(5), C(0))) == INT64_MIN + 1);
  CHECK(ev(B(KP_SYM_TMOD, C(5), C(0))) == INT64_MIN + 1);
  CHECK(ev(B(KP_SYM_TDIV, C(INT64_MIN), C(-1))) == INT64_MIN + 1);
  kp_binding b[] = {{"t", 0}, {"n", 32}};
  int64_t v;
  const kp_sym *m = B(KP_SYM_TMOD, kp_sym_sub(A, V("t"), C(1)), n); /* (t - 1) % n */
  CHECK(kp_sym_eval(m, b, 2, &v) && v == -1);
  CHECK(kp_sym_eval(B(KP_SYM_XOR, V("t"), C(16)), b, 2, &v) && v == 16);
  CHECK_STR(S(m), "(t - 1)%n");
  CHECK_STR(S(B(KP_SYM_XOR, kp_sym_add(A, V("i"), C(1)), C(1))), "(i + 1) ^ 1");
  CHECK_STR(S(B(KP_SYM_AND, kp_sym_mul(A, C(4), V("i")), C(31))), "4*i & 31");
  CHECK_STR(S(kp_sym_mul(A, C(8), B(KP_SYM_TMOD, V("t"), C(32)))), "8*(t%32)");
  CHECK(kp_sym_equal(B(KP_SYM_XOR, V("i"), C(1)), B(KP_SYM_XOR, V("i"), C(1))));
  CHECK(!kp_sym_equal(B(KP_SYM_XOR, V("i"), C(1)), B(KP_SYM_OR, V("i"), C(1))));
}

static void test_log2(void) {
  static const struct {
    int64_t a, flog2, clog2;
  } cases[] = {{-5, -1, 0}, {0, -1, 0}, {1, 0, 0},   {2, 1, 1},
               {3, 1, 2},   {4, 2, 2},  {5, 2, 3},   {(int64_t)1 << 40, 40, 40},
               {((int64_t)1 << 40) + 1, 40, 41},     {INT64_MAX, 62, 63}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    /* folded by the constructor */
    CHECK(is(kp_sym_un(A, KP_SYM_FLOG2, C(cases[i].a)), cases[i].flog2));
    CHECK(is(kp_sym_un(A, KP_SYM_CLOG2, C(cases[i].a)), cases[i].clog2));
    /* and evaluated */
    kp_binding b = {"x", cases[i].a};
    int64_t f = 99, c = 99;
    CHECK(kp_sym_eval(kp_sym_un(A, KP_SYM_FLOG2, V("x")), &b, 1, &f) && f == cases[i].flog2);
    CHECK(kp_sym_eval(kp_sym_un(A, KP_SYM_CLOG2, V("x")), &b, 1, &c) && c == cases[i].clog2);
  }
  CHECK(kp_sym_un(A, KP_SYM_ADD, V("x")) == NULL); /* not a unary kind */
}

static void test_print(void) {
  const kp_sym *n = V("n"), *bx = V("blockDim.x"), *gx = V("gridDim.x");
  CHECK_STR(S(kp_sym_add(A, kp_sym_mul(A, C(4), n), C(3))), "4*n + 3");
  CHECK_STR(S(kp_sym_add(A, C(3), kp_sym_mul(A, n, C(4)))), "4*n + 3");
  CHECK_STR(S(B(KP_SYM_CEILDIV, kp_sym_sub(A, n, C(1)), kp_sym_mul(A, bx, gx))),
            "ceildiv(n - 1, blockDim.x*gridDim.x)");
  CHECK_STR(S(B(KP_SYM_MAX, C(0), kp_sym_sub(A, n, C(2)))), "max(0, n - 2)");
  CHECK_STR(S(B(KP_SYM_MAX, kp_sym_sub(A, n, C(2)), C(0))), "max(0, n - 2)");
  CHECK_STR(S(B(KP_SYM_MIN, n, V("m"))), "min(n, m)");
  CHECK_STR(S(kp_sym_un(A, KP_SYM_FLOG2, n)), "flog2(n)");
  CHECK_STR(S(kp_sym_un(A, KP_SYM_CLOG2, V("x"))), "clog2(x)");
  CHECK_STR(S(B(KP_SYM_SHL, n, C(2))), "n << 2");
  CHECK_STR(S(B(KP_SYM_SHR, kp_sym_add(A, n, C(1)), C(2))), "(n + 1) >> 2");
  CHECK_STR(S(kp_sym_add(A, B(KP_SYM_SHL, n, C(2)), C(1))), "(n << 2) + 1");
  /* Parentheses only where precedence needs them. */
  CHECK_STR(S(kp_sym_mul(A, kp_sym_add(A, n, C(1)), V("m"))), "(n + 1)*m");
  CHECK_STR(S(kp_sym_mul(A, V("m"), kp_sym_add(A, n, C(1)))), "m*(n + 1)");
  CHECK_STR(S(kp_sym_sub(A, V("a"), kp_sym_sub(A, V("b"), V("c")))), "a - (b - c)");
  CHECK_STR(S(kp_sym_sub(A, kp_sym_sub(A, V("a"), V("b")), V("c"))), "a - b - c");
  CHECK_STR(S(kp_sym_add(A, V("a"), kp_sym_sub(A, V("b"), V("c")))), "a + b - c");
  CHECK_STR(S(kp_sym_mul(A, V("a"), B(KP_SYM_DIV, V("b"), V("c")))), "a*(b/c)");
  CHECK_STR(S(B(KP_SYM_DIV, kp_sym_mul(A, V("a"), V("b")), V("c"))), "a*b/c");
  CHECK_STR(S(B(KP_SYM_MOD, V("a"), kp_sym_mul(A, V("b"), V("c")))), "a%(b*c)");
  CHECK_STR(S(kp_sym_mul(A, V("a"), kp_sym_mul(A, V("b"), V("c")))), "a*b*c");
  CHECK_STR(S(kp_sym_sub(A, C(1), n)), "1 - n");
  CHECK_STR(S(kp_sym_mul(A, C(-3), n)), "-3*n");
  CHECK_STR(S(C(-42)), "-42");
  CHECK_STR(S(kp_sym_add(A, n, C(INT64_MIN))), "n - 9223372036854775808");
  CHECK_STR(S(V("trip@k.cu:12")), "trip@k.cu:12");
  CHECK_STR(S(NULL), "?");
  /* snprintf-like truncation. */
  char buf[6];
  const kp_sym *s = kp_sym_add(A, kp_sym_mul(A, C(4), n), C(3));
  CHECK(kp_sym_print(s, buf, sizeof buf) == 7);
  CHECK_STR(buf, "4*n +");
  CHECK(kp_sym_print(s, NULL, 0) == 7);
  char one[1] = {'x'};
  CHECK(kp_sym_print(s, one, 1) == 7 && one[0] == '\0');
}

static void test_subst_uses(void) {
  /* The grid-stride trip count: ceildiv(max(0, n - 0), blockDim.x*gridDim.x). */
  const kp_sym *n = V("n");
  const kp_sym *trip = B(KP_SYM_CEILDIV, B(KP_SYM_MAX, C(0), kp_sym_sub(A, n, C(0))),
                         kp_sym_mul(A, V("blockDim.x"), V("gridDim.x")));
  CHECK_STR(S(trip), "ceildiv(max(0, n), blockDim.x*gridDim.x)");
  kp_binding b[] = {{"n", 1000000}, {"blockDim.x", 256}, {"gridDim.x", 40}};
  int64_t v = 0;
  CHECK(kp_sym_eval(trip, b, 3, &v) && v == 98); /* 1000000 / 10240 = 97.66 */
  b[0].value = -5;
  CHECK(kp_sym_eval(trip, b, 3, &v) && v == 0);
  b[0].value = 10240;
  CHECK(kp_sym_eval(trip, b, 3, &v) && v == 1);
  /* n replaced by a formula (the middle iteration of a loop of m: (m - 1) / 2);
   * a formula without the variable is returned as it is. */
  const kp_sym *mid = B(KP_SYM_DIV, kp_sym_sub(A, V("m"), C(1)), C(2));
  const kp_sym *r = kp_sym_replace(A, trip, "n", mid);
  CHECK_STR(S(r), "ceildiv(max(0, (m - 1)/2), blockDim.x*gridDim.x)");
  CHECK(kp_sym_replace(A, trip, "m", C(3)) == trip);
  CHECK(!kp_sym_uses(r, "n") && kp_sym_uses(r, "m"));
  CHECK(!kp_sym_eval(trip, b, 2, &v)); /* gridDim.x unbound */

  CHECK(kp_sym_uses(trip, "n"));
  CHECK(kp_sym_uses(trip, "gridDim.x"));
  CHECK(!kp_sym_uses(trip, "gridDim"));
  CHECK(!kp_sym_uses(trip, "m"));
  CHECK(kp_sym_uses_prefix(trip, "gridDim."));
  CHECK(kp_sym_uses_prefix(trip, "block"));
  CHECK(!kp_sym_uses_prefix(trip, "threadIdx."));

  /* Substituting the launch sizes leaves a formula in n. */
  const kp_sym *t2 = kp_sym_subst(A, trip, b + 1, 2);
  CHECK_STR(S(t2), "ceildiv(max(0, n), 10240)");
  CHECK(!kp_sym_uses_prefix(t2, "gridDim"));
  CHECK(kp_sym_subst(A, trip, NULL, 0) == trip || kp_sym_equal(kp_sym_subst(A, trip, NULL, 0), trip));
  /* Substituting everything folds to a constant. */
  b[0].value = 20481;
  CHECK(is(kp_sym_subst(A, trip, b, 3), 3));
  /* Substitution refolds identities: n*m with m = 0. */
  kp_binding z = {"m", 0};
  CHECK(is(kp_sym_subst(A, kp_sym_mul(A, n, V("m")), &z, 1), 0));
  kp_binding o = {"m", 1};
  CHECK(kp_sym_subst(A, kp_sym_mul(A, n, V("m")), &o, 1) == n);
}

/* An environment: the variables of formulas with the binding evaluation
 * takes (the last), refreshed from the list they came from. */
/* Random formulas over four variables (every kind, division by zero and
 * overflow included, some variables unbound): the compiled program gives
 * what kp_sym_eval gives, value and failure alike, for many values of the
 * bindings it lets vary (the rest folded when compiled). */
static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { return check_random(&rng); }
static const char *const PV[5] = {"a", "b", "c", "d", "free"};
static const int64_t SPECIAL[] = {0, 1, -1, 3, 31, 32, -64, 1000, INT64_MAX, INT64_MIN};
static int64_t random_value(void) {
  return next() % 2 ? SPECIAL[next() % 10] : (int64_t)(next() % 201) - 100;
}
static const kp_sym *random_formula(int depth) {
  if (depth == 0 || next() % 4 == 0) {
    if (next() % 3 == 0) {
      static const int64_t K[] = {0, 1, -1, 2, 3, 7, 64, -5, INT64_MAX, INT64_MIN, 1 << 20};
      return C(K[next() % (sizeof K / sizeof K[0])]);
    }
    return V(PV[next() % (next() % 8 == 0 ? 5 : 4)]);
  }
  kp_sym_kind k = (kp_sym_kind)(KP_SYM_ADD + next() % (KP_SYM_XOR - KP_SYM_ADD + 1));
  if (k == KP_SYM_FLOG2 || k == KP_SYM_CLOG2)
    return kp_sym_un(A, k, random_formula(depth - 1));
  return kp_sym_bin(A, k, random_formula(depth - 1), random_formula(depth - 1));
}
/* One run of p over b's values (one lane, nothing varying by lane). */
static int run1(const kp_sym_prog *p, const kp_binding *b, int64_t *out) {
  int64_t v[KP_SYM_LANES];
  if (kp_sym_run_lanes(p, b, 0, 0, NULL, 1u, v))
    return 0;
  *out = v[0];
  return 1;
}
static void test_prog(void) {
  /* "a" twice: the later one is read. */
  kp_binding b[6] = {{"a", 0}, {"b", 0}, {"c", 0}, {"a", 0}, {"d", 0}, {"x", 5}};
  static const size_t vary[4][2] = {{0, 6}, {1, 3}, {3, 5}, {0, 0}};
  int same = 1, compiled = 0, failed = 0, ran = 0, shorter = 0;
  for (int f = 0; f < 4000; f++) {
    const kp_sym *s = random_formula(1 + (int)(next() % 7));
    if (!s)
      continue;
    const size_t *vr = vary[f % 4];
    for (int i = 0; i < 5; i++)
      b[i].value = random_value();
    kp_sym_prog p;
    int ok = kp_sym_compile(&p, s, b, 6, vr[0], vr[1]);
    compiled += ok;
    shorter += ok && p.n < s->nodes;
    for (int r = 0; r < 20; r++) {
      for (size_t i = vr[0]; i < vr[1] && i < 5; i++)
        b[i].value = random_value();
      int64_t e = 0, v = 0;
      int eok = kp_sym_eval(s, b, 6, &e);
      int vok = ok && run1(&p, b, &v);
      if (!ok) {
        same &= !eok || s->nodes > 64; /* unbound: eval fails too */
        continue;
      }
      ran++;
      failed += !eok;
      same &= eok == vok && (!eok || e == v);
    }
    kp_sym_prog_free(&p);
  }
  CHECK(same);
  /* both outcomes exercised, and folding */
  CHECK(compiled > 1000 && ran > 20000 && failed > 100 && shorter > 500);
  /* The last binding of a name is the one read; a layout's values changed later. */
  const kp_sym *g = kp_sym_add(A, kp_sym_mul(A, V("a"), V("x")), V("b"));
  kp_sym_prog p;
  int64_t v = 0;
  b[0].value = 100;
  b[3].value = 2;
  b[1].value = 1;
  CHECK(kp_sym_compile(&p, g, b, 6, 0, 6) && run1(&p, b, &v) && v == 11);
  b[3].value = 4;
  CHECK(run1(&p, b, &v) && v == 21);
  kp_sym_prog_free(&p);
  /* Only b varies: a * x folded to 20 (one constant, one variable, one add). */
  CHECK(kp_sym_compile(&p, g, b, 6, 1, 2) && p.n == 3 && run1(&p, b, &v) && v == 21);
  b[1].value = 7;
  CHECK(run1(&p, b, &v) && v == 27);
  kp_sym_prog_free(&p);
  /* A folded part that fails (x / 0) makes every run fail. */
  const kp_sym *h = kp_sym_add(A, kp_sym_bin(A, KP_SYM_DIV, V("x"), kp_sym_sub(A, V("a"), C(4))),
                               V("b"));
  CHECK(kp_sym_compile(&p, h, b, 6, 1, 2) && !run1(&p, b, &v) && !kp_sym_eval(h, b, 6, &v));
  kp_sym_prog_free(&p);
  CHECK(!kp_sym_compile(&p, V("free"), b, 6, 0, 6) && p.n == 0 && !run1(&p, b, &v));
  /* Deeper than the evaluation stack: not compiled. */
  const kp_sym *deep = V("a");
  for (int i = 0; i < KP_SYM_PROG_DEPTH + 2; i++)
    deep = kp_sym_bin(A, KP_SYM_SUB, V("b"), deep);
  CHECK(deep && !kp_sym_compile(&p, deep, b, 6, 0, 6));
  const kp_sym *left = V("a");
  for (int i = 0; i < KP_SYM_PROG_DEPTH + 2; i++)
    left = kp_sym_bin(A, KP_SYM_SUB, left, V("b"));
  CHECK(left && kp_sym_compile(&p, left, b, 6, 0, 6)); /* left-deep needs 2 */
  kp_sym_prog_free(&p);
}

/* kp_sym_run_lanes: each lane of the mask gets what kp_sym_eval gives with
 * the lane's values in the bindings that vary, value and failure alike;
 * lanes outside the mask are neither set nor reported. */
static void test_prog_lanes(void) {
  kp_binding b[6] = {{"a", 0}, {"b", 0}, {"c", 0}, {"a", 0}, {"d", 0}, {"x", 5}};
  static const size_t vary[4][2] = {{0, 6}, {1, 3}, {3, 5}, {0, 0}};
  int same = 1, lanes = 0, failed = 0, mixed = 0, untouched = 1;
  for (int f = 0; f < 3000; f++) {
    const kp_sym *s = random_formula(1 + (int)(next() % 7));
    const size_t *vr = vary[f % 4];
    for (int i = 0; i < 5; i++)
      b[i].value = random_value();
    kp_sym_prog p;
    if (!s || !kp_sym_compile(&p, s, b, 6, vr[0], vr[1]))
      continue;
    size_t nv = vr[1] - vr[0];
    int64_t vals[6][KP_SYM_LANES];
    for (int r = 0; r < 4; r++) {
      for (size_t v = 0; v < nv; v++)
        for (int l = 0; l < KP_SYM_LANES; l++)
          vals[v][l] = random_value();
      uint32_t mask = r == 0 ? 0xffffffffu : (uint32_t)next();
      if (r == 3)
        mask &= 0xffu;
      int64_t out[KP_SYM_LANES];
      for (int l = 0; l < KP_SYM_LANES; l++)
        out[l] = -77;
      uint32_t fail = kp_sym_run_lanes(&p, b, vr[0], nv, vals, mask, out);
      int some_fail = 0, some_ok = 0;
      for (int l = 0; l < KP_SYM_LANES; l++) {
        if (!(mask >> l & 1u)) {
          untouched &= !(fail >> l & 1u) && (out[l] == -77 || l < 32 - __builtin_clz(mask | 1u));
          continue;
        }
        kp_binding bl[6];
        memcpy(bl, b, sizeof bl);
        for (size_t v = 0; v < nv; v++)
          bl[vr[0] + v].value = vals[v][l];
        int64_t e = 0;
        int ok = kp_sym_eval(s, bl, 6, &e);
        int lok = !(fail >> l & 1u);
        same &= ok == lok && (!ok || e == out[l]);
        lanes++;
        failed += !ok;
        some_fail |= !ok;
        some_ok |= ok;
      }
      mixed += some_fail && some_ok;
    }
    kp_sym_prog_free(&p);
  }
  CHECK(same && untouched);
  /* lanes that fail beside lanes that do not, in one run */
  CHECK(lanes > 100000 && failed > 1000 && mixed > 100);
  /* No lane asked: nothing fails. */
  int64_t out[KP_SYM_LANES], vals[1][KP_SYM_LANES] = {{0}};
  kp_sym_prog p;
  b[1].value = 3;
  CHECK(kp_sym_compile(&p, kp_sym_add(A, V("b"), C(1)), b, 6, 1, 2));
  CHECK(kp_sym_run_lanes(&p, b, 1, 1, vals, 0, out) == 0);
  vals[0][0] = 4;
  vals[0][1] = INT64_MAX;
  CHECK(kp_sym_run_lanes(&p, b, 1, 1, vals, 3u, out) == 2u && out[0] == 5);
  kp_sym_prog_free(&p);
}

int main(void) {
  A = kp_arena_new();
  test_folding();
  test_prog();
  test_prog_lanes();
  test_eval();
  test_c_operators();
  test_log2();
  test_print();
  test_subst_uses();
  kp_arena_free(A);
  return TEST_RESULT();
}
