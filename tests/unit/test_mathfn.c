/* Unit tests of the math function table (analyses/mathfn.c and the generated
 * analyses/mathfn_table.h). */
#include "check.h"
#include "kperf/mathfn.h"
#include "kperf/model.h"

#include <stddef.h>
#include <string.h>

static unsigned only(const kp_mathfn *f, kp_iclass c) {
  /* f's count in class c when it is the only nonzero class, else 0. */
  if (!f)
    return 0;
  for (int i = 0; i < KP_I_COUNT; i++)
    if (i != (int)c && f->counts[i])
      return 0;
  return f->counts[c];
}

static void test_lookup(void) {
  const kp_mathfn *p = kp_mathfn_find("sinf", 0);
  const kp_mathfn *f = kp_mathfn_find("sinf", 1);
  CHECK(p != NULL && f != NULL);
  if (p && f) {
    CHECK_STR(p->name, "sinf");
    CHECK(p->fast_math == 0 && f->fast_math == 1);
    CHECK(p != f);
    CHECK(memcmp(p->counts, f->counts, sizeof p->counts) != 0);
    /* Precise sinf: a range reduction and a polynomial, no SFU op. */
    CHECK(kp_mathfn_total(p) > 10);
    CHECK(p->counts[KP_I_FP32] > 5);
    CHECK(p->counts[KP_I_SFU] == 0);
    /* Fast sinf: one sin.approx. */
    CHECK(only(f, KP_I_SFU) == 1);
    CHECK(p->chain > f->chain);
  }

  /* __sinf is exactly one SFU instruction, with or without fast math. */
  const kp_mathfn *s = kp_mathfn_find("__sinf", 0);
  CHECK(only(s, KP_I_SFU) == 1);
  CHECK(kp_mathfn_total(s) == 1 && s && s->chain == 1);
  CHECK(kp_mathfn_find("__sinf", 1) == s);

  /* Float division: one div.rn (fp.div) precise, one div.full (sfu) fast. */
  const kp_mathfn *d = kp_mathfn_find("fdiv", 0);
  CHECK(only(d, KP_I_FP_DIV) == 1);
  const kp_mathfn *df = kp_mathfn_find("fdiv", 1);
  CHECK(df && df->fast_math == 1);
  CHECK(only(df, KP_I_SFU) == 1);
  CHECK(only(kp_mathfn_find("ddiv", 1), KP_I_FP_DIV) == 1);
  CHECK(only(kp_mathfn_find("frcp", 0), KP_I_FP_DIV) == 1);

  /* expf: precise has one ex2.approx among fma/mov; fast is ex2 plus a mul. */
  const kp_mathfn *e = kp_mathfn_find("expf", 0);
  CHECK(e && e->counts[KP_I_SFU] == 1 && kp_mathfn_total(e) > 5);
  const kp_mathfn *ef = kp_mathfn_find("expf", 1);
  CHECK(ef && ef->counts[KP_I_SFU] == 1 && ef->counts[KP_I_FP32] == 1 && kp_mathfn_total(ef) == 2);

  /* Integer intrinsics. */
  CHECK(only(kp_mathfn_find("__popc", 0), KP_I_INT) == 1);
  CHECK(only(kp_mathfn_find("__umulhi", 0), KP_I_INT_MUL) == 1);

  /* A function without a fast variant gives its precise entry either way. */
  const kp_mathfn *a = kp_mathfn_find("fabsf", 1);
  CHECK(a && a->fast_math == 0 && a == kp_mathfn_find("fabsf", 0));

  /* Unknown names. */
  CHECK(kp_mathfn_find("nosuchfn", 0) == NULL);
  CHECK(kp_mathfn_find("nosuchfn", 1) == NULL);
  CHECK(kp_mathfn_find("", 0) == NULL);
  CHECK(kp_mathfn_find(NULL, 0) == NULL);
  CHECK(kp_mathfn_find("__nv_", 0) == NULL);
  CHECK(kp_mathfn_find("SINF", 0) == NULL);
}

/* Half and bfloat16 intrinsics: their device path's PTX (analyses/mathfn.c),
 * not the host emulation the host pass's headers hold. */
static void test_half(void) {
  CHECK(only(kp_mathfn_find("__half2float", 0), KP_I_CONV) == 1);
  CHECK(only(kp_mathfn_find("__float2half_rn", 1), KP_I_CONV) == 1);
  CHECK(only(kp_mathfn_find("__bfloat162float", 0), KP_I_CONV) == 1);
  CHECK(only(kp_mathfn_find("__bfloat1622float2", 0), KP_I_CONV) == 2);
  CHECK(only(kp_mathfn_find("__hfma2", 0), KP_I_FP16) == 1);
  CHECK(only(kp_mathfn_find("__hadd", 0), KP_I_FP16) == 1);
  CHECK(only(kp_mathfn_find("__hlt", 0), KP_I_CMP) == 2);
  const kp_mathfn *u = kp_mathfn_find("__half22float2", 0);
  CHECK(u && u->counts[KP_I_CONV] == 2 && u->counts[KP_I_INT] == 2 && kp_mathfn_total(u) == 4);
  CHECK(only(kp_mathfn_find("__low2half", 0), KP_I_INT) == 2);
  /* The first and last rows of the table (its binary search). */
  CHECK(kp_mathfn_find("__bfloat1622float2", 0) != NULL);
  CHECK(kp_mathfn_find("__low2half", 0) != NULL);
  /* Not in it: their device paths are not one straight-line sequence. */
  CHECK(kp_mathfn_find("__hdiv", 0) == NULL);
  CHECK(kp_mathfn_find("__half2", 0) == NULL);
  /* The generated table's names still come first. */
  CHECK(kp_mathfn_find("expf", 0) && strcmp(kp_mathfn_find("expf", 0)->name, "expf") == 0);
}

static void test_aliases(void) {
  const kp_mathfn *e = kp_mathfn_find("expf", 0);
  CHECK(e != NULL);
  CHECK(kp_mathfn_find("__nv_expf", 0) == e);
  CHECK(kp_mathfn_find("__nv_expf", 1) == kp_mathfn_find("expf", 1));
  CHECK(kp_mathfn_find("::sinf", 0) == kp_mathfn_find("sinf", 0));
  CHECK(kp_mathfn_find("std::sinf", 1) == kp_mathfn_find("sinf", 1));
  CHECK(kp_mathfn_find("::std::sinf", 0) == kp_mathfn_find("sinf", 0));
  CHECK(kp_mathfn_find("std::sin", 0) == kp_mathfn_find("sin", 0));
  CHECK(kp_mathfn_find("__nv_fast_sinf", 0) == kp_mathfn_find("__sinf", 0));
  CHECK(kp_mathfn_find("__nv_popc", 0) == kp_mathfn_find("__popc", 0));
  CHECK(kp_mathfn_find("__nv_frcp_rn", 0) == kp_mathfn_find("__frcp_rn", 0));
  CHECK(kp_mathfn_find("__nv_pow", 0) == kp_mathfn_find("pow", 0));
  CHECK(kp_mathfn_find("__nv_nosuchfn", 0) == NULL);
}

static void test_table(void) {
  size_t n = 0;
  const kp_mathfn *t = kp_mathfn_all(&n);
  CHECK(t != NULL && n > 50);
  for (size_t i = 0; t && i < n; i++) {
    CHECK(t[i].name && t[i].name[0]);
    CHECK(t[i].fast_math == 0 || t[i].fast_math == 1);
    CHECK(kp_mathfn_total(&t[i]) >= 1);
    CHECK(t[i].chain >= 1 && t[i].chain <= kp_mathfn_total(&t[i]));
    /* Harness classes never appear in a math function's counts. */
    CHECK(t[i].counts[KP_I_LD_PARAM] == 0 && t[i].counts[KP_I_LD_GLOBAL] == 0 &&
          t[i].counts[KP_I_ST_GLOBAL] == 0);
    if (i > 0) {
      int c = strcmp(t[i - 1].name, t[i].name);
      CHECK(c < 0 || (c == 0 && t[i - 1].fast_math == 0 && t[i].fast_math == 1));
    }
    /* Every entry is found by its own name. */
    CHECK(kp_mathfn_find(t[i].name, t[i].fast_math) == &t[i]);
  }
  CHECK(kp_mathfn_total(NULL) == 0);
}

int main(void) {
  test_lookup();
  test_aliases();
  test_half();
  test_table();
  return TEST_RESULT();
}
