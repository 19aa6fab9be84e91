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
static void test_env(void) {
  kp_binding b[5] = {{"n", 1}, {"m", 2}, {"n", 3}, {"threadIdx.x", 0}, {"k", 9}};
  const kp_sym *f = kp_sym_add(A, kp_sym_mul(A, V("n"), V("threadIdx.x")), V("m"));
  kp_sym_env e = {.n = 0};
  CHECK(kp_sym_env_add(&e, f, b, 5));
  CHECK(kp_sym_env_add(&e, V("n"), b, 5)); /* already there */
  CHECK(e.n == 3);
  int64_t v = 0;
  b[3].value = 7;
  kp_sym_env_refresh(&e, b);
  CHECK(kp_sym_eval(f, e.b, e.n, &v) && v == 3 * 7 + 2); /* the later n */
  b[2].value = 5;
  kp_sym_env_refresh(&e, b);
  CHECK(kp_sym_eval(f, e.b, e.n, &v) && v == 5 * 7 + 2);
  /* A variable nothing binds: left out, and the evaluation fails. */
  const kp_sym *g = kp_sym_add(A, f, V("unbound"));
  CHECK(kp_sym_env_add(&e, g, b, 5) && e.n == 3 && !kp_sym_eval(g, e.b, e.n, &v));
  /* More variables than it holds. */
  kp_binding many[KP_SYM_ENV_VARS + 1];
  char names[KP_SYM_ENV_VARS + 1][8];
  const kp_sym *sum = C(0);
  for (int i = 0; i <= KP_SYM_ENV_VARS; i++) {
    snprintf(names[i], sizeof names[i], "v%d", i);
    many[i] = (kp_binding){names[i], i};
    sum = kp_sym_add(A, sum, V(names[i]));
  }
  kp_sym_env full = {.n = 0};
  CHECK(!kp_sym_env_add(&full, sum, many, KP_SYM_ENV_VARS + 1));
}

int main(void) {
  A = kp_arena_new();
  test_folding();
  test_env();
  test_eval();
  test_c_operators();
  test_log2();
  test_print();
  test_subst_uses();
  kp_arena_free(A);
  return TEST_RESULT();
}
