/* Integer values as affine forms (kperf/affine.h): each operation's result,
 * affine or not, and its conversion to the model's kp_affine. */
#include "check.h"
#include "kperf/affine.h"
#include "kperf/arena.h"

#include <stdint.h>

static kp_arena *A;

static const kp_sym *C(int64_t v) { return kp_sym_const(A, v); }
static const kp_sym *V(const char *name) { return kp_sym_var(A, name); }
static const char *S(const kp_sym *s) { return kp_sym_str(A, s); }

/* 1 when s is the constant v. */
static int is(const kp_sym *s, int64_t v) {
  int64_t c;
  return kp_sym_is_const(s, &c) && c == v;
}

/* c * var + b, with constants. */
static kp_lin lin(int var, int64_t c, int64_t b) {
  kp_lin t = kp_lin_var(A, var, C(c)), k = kp_lin_const(A, b);
  return kp_lin_add(A, &t, &k);
}

/* The value of x's formula at threadIdx.x = tx, blockIdx.x = bx, n = n,
 * iteration@0 = it; INT64_MIN + 1 when it has none. */
static int64_t at(const kp_lin *x, int64_t tx, int64_t bx, int64_t n, int64_t it) {
  kp_binding b[] = {{"threadIdx.x", tx}, {"blockIdx.x", bx}, {"n", n}, {"iteration@0", it}};
  int64_t v;
  const kp_sym *f = kp_lin_value(A, x);
  return f && kp_sym_eval(f, b, 4, &v) ? v : INT64_MIN + 1;
}

static void test_constructors(void) {
  kp_lin c = kp_lin_const(A, 7);
  CHECK(c.valid && is(c.base, 7) && c.nterms == 0 && kp_lin_term_free(&c));
  kp_lin n = kp_lin_of(V("n"));
  CHECK(n.valid && kp_lin_term_free(&n) && S(n.base) && S(kp_lin_value(A, &n)));
  CHECK_STR(S(kp_lin_value(A, &n)), "n");
  kp_lin none = kp_lin_of(NULL);
  CHECK(!none.valid && !none.sym && !kp_lin_value(A, &none));
  kp_lin t = kp_lin_var(A, KP_V_TID_X, C(3));
  CHECK(t.valid && is(t.base, 0) && t.nterms == 1 && t.terms[0].var == KP_V_TID_X &&
        is(t.terms[0].coef, 3) && !kp_lin_term_free(&t));
  CHECK_STR(S(kp_lin_value(A, &t)), "3*threadIdx.x");
  /* Loop counters are "iteration@N" in formulas. */
  kp_lin it = kp_lin_var(A, KP_V_LOOP + 2, C(1));
  CHECK_STR(S(kp_lin_affine_sym(A, &it)), "iteration@2");
  kp_lin f = kp_lin_formula(kp_sym_bin(A, KP_SYM_MOD, V("i"), V("n")));
  CHECK(!f.valid && f.sym && !kp_lin_term_free(&f) && !kp_lin_affine_sym(A, &f));
  CHECK(kp_lin_value(A, &f) == f.sym);
}

static void test_add_sub(void) {
  /* (2*tid.x + 3) - (tid.x + 1) = tid.x + 2 */
  kp_lin x = lin(KP_V_TID_X, 2, 3), y = lin(KP_V_TID_X, 1, 1);
  kp_lin d = kp_lin_sub(A, &x, &y);
  CHECK(d.valid && is(d.base, 2) && d.nterms == 1 && d.terms[0].var == KP_V_TID_X &&
        is(d.terms[0].coef, 1));
  CHECK(at(&d, 5, 0, 0, 0) == 7);
  /* ... and + gives 3*tid.x + 4. */
  kp_lin s = kp_lin_add(A, &x, &y);
  CHECK(s.valid && is(s.base, 4) && s.nterms == 1 && is(s.terms[0].coef, 3));
  /* A term whose coefficient folds to 0 is dropped: (tid.x + n) - tid.x = n. */
  kp_lin t = kp_lin_var(A, KP_V_TID_X, C(1)), n = kp_lin_of(V("n"));
  kp_lin tn = kp_lin_add(A, &t, &n);
  kp_lin back = kp_lin_sub(A, &tn, &t);
  CHECK(back.valid && back.nterms == 0 && kp_lin_term_free(&back));
  CHECK_STR(S(back.base), "n");
  /* Terms keep the order their vars first came in; equal vars merge. */
  kp_lin bx = kp_lin_var(A, KP_V_CTAID_X, V("blockDim.x"));
  kp_lin g = kp_lin_add(A, &bx, &t); /* blockDim.x*blockIdx.x + threadIdx.x */
  kp_lin ty = kp_lin_var(A, KP_V_TID_Y, C(4));
  kp_lin g2 = kp_lin_add(A, &g, &ty);
  kp_lin g3 = kp_lin_add(A, &g2, &bx);
  CHECK(g3.valid && g3.nterms == 3 && g3.terms[0].var == KP_V_CTAID_X &&
        g3.terms[1].var == KP_V_TID_X && g3.terms[2].var == KP_V_TID_Y);
  kp_binding bd = {"blockDim.x", 64};
  int64_t v = 0;
  CHECK(kp_sym_eval(g3.terms[0].coef, &bd, 1, &v) && v == 128); /* blockDim.x twice */
  /* The operands are left as they were. */
  CHECK(g.nterms == 2 && x.nterms == 1 && is(x.terms[0].coef, 2) && is(x.base, 3));
  /* A non-affine operand: the formulas' sum or difference, not affine. */
  kp_lin f = kp_lin_formula(kp_sym_bin(A, KP_SYM_MOD, V("threadIdx.x"), C(4)));
  kp_lin fs = kp_lin_sub(A, &f, &x);
  CHECK(!fs.valid && fs.sym);
  CHECK(at(&fs, 6, 0, 0, 0) == 2 - 15); /* 6 % 4 - (2*6 + 3) */
  /* An unknown operand: unknown. */
  kp_lin u = {0};
  kp_lin us = kp_lin_add(A, &x, &u);
  CHECK(!us.valid && !us.sym);
}

static void test_scale_neg(void) {
  kp_lin x = lin(KP_V_TID_X, 2, 3);
  /* (2*tid.x + 3) * n = 2n*tid.x + 3n */
  kp_lin xn = kp_lin_scale(A, &x, V("n"));
  CHECK(xn.valid && xn.nterms == 1 && xn.terms[0].var == KP_V_TID_X);
  CHECK_STR(S(xn.base), "3*n");
  CHECK(at(&xn, 5, 0, 10, 0) == 130);
  kp_lin x4 = kp_lin_scale_const(A, &x, 4);
  CHECK(x4.valid && is(x4.base, 12) && is(x4.terms[0].coef, 8));
  kp_lin un = kp_lin_scale(A, &x, NULL);
  CHECK(!un.valid && !un.sym);
  /* A non-affine value: its formula scaled. */
  kp_lin f = kp_lin_formula(kp_sym_bin(A, KP_SYM_MOD, V("threadIdx.x"), C(4)));
  kp_lin f3 = kp_lin_scale_const(A, &f, 3);
  CHECK(!f3.valid && at(&f3, 7, 0, 0, 0) == 9);
  /* -(2*tid.x + 3) = -2*tid.x - 3 */
  kp_lin m = kp_lin_neg(A, &x);
  CHECK(m.valid && is(m.base, -3) && m.nterms == 1 && is(m.terms[0].coef, -2));
  CHECK(at(&m, 4, 0, 0, 0) == -11);
}

static void test_mul(void) {
  kp_lin x = lin(KP_V_TID_X, 1, 1), four = kp_lin_const(A, 4);
  /* One side term-free: the other scaled, either way round. */
  kp_lin a = kp_lin_mul(A, &x, &four), b = kp_lin_mul(A, &four, &x);
  CHECK(a.valid && is(a.base, 4) && a.nterms == 1 && is(a.terms[0].coef, 4));
  CHECK(b.valid && is(b.base, 4) && b.nterms == 1 && is(b.terms[0].coef, 4));
  /* Both varying: the product of the formulas, not affine. */
  kp_lin bx = kp_lin_var(A, KP_V_CTAID_X, C(1));
  kp_lin p = kp_lin_mul(A, &x, &bx);
  CHECK(!p.valid && p.sym && at(&p, 3, 5, 0, 0) == 20); /* (3 + 1) * 5 */
  /* A loop counter times a thread id, and the product with a formula. */
  kp_lin i = kp_lin_var(A, KP_V_LOOP, C(2));
  kp_lin q = kp_lin_mul(A, &i, &x);
  CHECK(!q.valid && kp_sym_uses(q.sym, "iteration@0") && at(&q, 1, 0, 0, 3) == 12);
  kp_lin q2 = kp_lin_mul(A, &q, &bx);
  CHECK(!q2.valid && at(&q2, 1, 2, 0, 3) == 24);
  /* An unknown factor: unknown. */
  kp_lin u = {0};
  kp_lin pu = kp_lin_mul(A, &x, &u);
  CHECK(!pu.valid && !pu.sym);
}

static void test_minmax(void) {
  kp_lin a = kp_lin_const(A, 3), b = kp_lin_const(A, 7);
  kp_lin mn = kp_lin_minmax(A, 1, &a, &b), mx = kp_lin_minmax(A, 0, &a, &b);
  CHECK(mn.valid && is(mn.base, 3) && mx.valid && is(mx.base, 7));
  kp_lin n = kp_lin_of(V("n")), t = lin(KP_V_TID_X, 1, 0);
  kp_lin m = kp_lin_minmax(A, 1, &n, &t);
  CHECK(!m.valid && m.sym && at(&m, 5, 0, 3, 0) == 3 && at(&m, 2, 0, 3, 0) == 2);
  kp_lin u = {0};
  kp_lin mu = kp_lin_minmax(A, 0, &n, &u);
  CHECK(!mu.valid && !mu.sym);
}

static void test_uniform(void) {
  kp_lin t = lin(KP_V_TID_Y, 1, 0), b = lin(KP_V_CTAID_X, 8, 1), n = kp_lin_of(V("n"));
  CHECK(kp_lin_thread_dependent(&t) && !kp_lin_uniform(&t));
  CHECK(!kp_lin_thread_dependent(&b) && kp_lin_uniform(&b) && kp_lin_uniform(&n));
  kp_lin ft = kp_lin_formula(kp_sym_bin(A, KP_SYM_MOD, V("threadIdx.x"), C(4)));
  kp_lin fb = kp_lin_formula(kp_sym_bin(A, KP_SYM_MOD, V("blockIdx.x"), C(4)));
  kp_lin u = {0};
  CHECK(!kp_lin_uniform(&ft) && kp_lin_uniform(&fb) && !kp_lin_uniform(&u));
}

static void test_to_affine(void) {
  /* blockDim.x*blockIdx.x + threadIdx.x + 3 */
  kp_lin bx = kp_lin_var(A, KP_V_CTAID_X, V("blockDim.x")), t = lin(KP_V_TID_X, 1, 3);
  kp_lin g = kp_lin_add(A, &bx, &t);
  kp_affine f = kp_lin_to_affine(A, &g);
  CHECK(f.known && is(f.base, 3) && f.nterms == 2 && f.terms && f.terms != g.terms);
  CHECK(f.terms[0].var == KP_V_CTAID_X && f.terms[1].var == KP_V_TID_X && is(f.terms[1].coef, 1));
  CHECK_STR(S(f.terms[0].coef), "blockDim.x");
  kp_lin c = kp_lin_const(A, 5);
  kp_affine fc = kp_lin_to_affine(A, &c);
  CHECK(fc.known && is(fc.base, 5) && fc.nterms == 0);
  kp_lin p = kp_lin_mul(A, &t, &bx);
  kp_affine fp = kp_lin_to_affine(A, &p);
  CHECK(!fp.known);
  CHECK_STR(fp.why, "non-affine index");
}

/* A sum with an opaque addend (a value loaded from memory) keeps its affine
 * addends as the part; scaling scales it; products and unknown parts drop it. */
static void test_part(void) {
  kp_lin x = lin(KP_V_CTAID_X, 256, 0), t = kp_lin_var(A, KP_V_TID_X, C(1));
  kp_lin opaque = {0}; /* unknown: loaded from memory */
  kp_lin xt = kp_lin_add(A, &x, &t);
  kp_lin s1 = kp_lin_add(A, &xt, &opaque);
  CHECK(!s1.valid && s1.part && s1.part->valid && s1.part->nterms == 2);
  CHECK(!s1.part->part);
  /* (x + opaque) + c * 4096: the part grows, the sum stays opaque. */
  kp_lin c = kp_lin_var(A, KP_V_LOOP + 0, C(4096));
  kp_lin s2 = kp_lin_add(A, &c, &s1);
  CHECK(!s2.valid && s2.part && s2.part->nterms == 3);
  CHECK(at(s2.part, 3, 2, 0, 1) == 512 + 3 + 4096);
  /* opaque - x: -x... */
  kp_lin s3 = kp_lin_sub(A, &opaque, &xt);
  CHECK(!s3.valid && s3.part && s3.part->nterms == 2 && at(s3.part, 1, 1, 0, 0) == -257);
  /* ...and x - opaque keeps x. */
  kp_lin s4 = kp_lin_sub(A, &xt, &opaque);
  CHECK(!s4.valid && s4.part && at(s4.part, 1, 1, 0, 0) == 257);
  /* 4 * (x + opaque): 4x. */
  kp_lin s5 = kp_lin_scale_const(A, &s1, 4);
  CHECK(!s5.valid && s5.part && at(s5.part, 1, 1, 0, 0) == 4 * 257);
  /* Two opaque values: no affine addend. */
  kp_lin s6 = kp_lin_add(A, &opaque, &opaque);
  CHECK(!s6.valid && !s6.part);
  /* A product with a varying value: not a sum, no part. */
  kp_lin s7 = kp_lin_mul(A, &s1, &t);
  CHECK(!s7.valid && !s7.part);
  /* Affine values have none. */
  CHECK(!xt.part);
}

int main(void) {
  A = kp_arena_new();
  test_part();
  test_constructors();
  test_add_sub();
  test_scale_neg();
  test_mul();
  test_minmax();
  test_uniform();
  test_to_affine();
  kp_arena_free(A);
  return TEST_RESULT();
}
