/* libFuzzer target: kperf's formulas (model/sym.c).  The input is a
 * program of a small stack machine that builds formulas of every kind from
 * constants (extreme ones too) and variables, then evaluates, substitutes,
 * compares and prints them.  Nothing may crash, overflow or read out of
 * bounds (run under ASan and UBSan); printing obeys its size argument. */
#include "fz.h"
#include "kperf/arena.h"
#include "kperf/sym.h"

#include <stdlib.h>

#define STACK 64
static const char *const NAMES[] = {"n", "m", "threadIdx.x", "blockIdx.x", "blockDim.x", "gridDim.x",
                                    "i", "trip@k.cu:3", ""};
#define NNAMES (sizeof NAMES / sizeof NAMES[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz f = {data, size, 0};
  kp_arena *a = kp_arena_new();
  if (!a)
    return 0;
  const kp_sym *st[STACK];
  size_t sp = 0;
  kp_binding b[8];
  size_t nb = fz_below(&f, 9);
  for (size_t k = 0; k < nb; k++) {
    b[k].name = NAMES[fz_below(&f, NNAMES)];
    b[k].value = fz_int(&f);
  }
  for (int steps = 0; steps < 4096 && !fz_done(&f); steps++) {
    unsigned op = fz_byte(&f);
    const kp_sym *r = NULL;
    if (op < 40 || sp == 0) {
      r = op & 1 ? kp_sym_var(a, NAMES[fz_below(&f, NNAMES)]) : kp_sym_const(a, fz_int(&f));
    } else if (op < 200 && sp >= 2) {
      kp_sym_kind k = (kp_sym_kind)(KP_SYM_ADD + fz_below(&f, KP_SYM_XOR - KP_SYM_ADD + 1));
      if (k == KP_SYM_FLOG2 || k == KP_SYM_CLOG2)
        r = kp_sym_un(a, k, st[sp - 1]);
      else
        r = kp_sym_bin(a, k, st[sp - 2], st[sp - 1]);
      sp -= fz_below(&f, 2); /* sometimes keep the operands: shared subformulas */
    } else if (op < 220) {
      r = kp_sym_un(a, op & 1 ? KP_SYM_FLOG2 : KP_SYM_CLOG2, st[sp - 1]);
    } else if (op < 230) {
      r = kp_sym_subst(a, st[sp - 1], b, nb);
    } else {
      r = st[fz_below(&f, (unsigned)sp)]; /* dup: a formula used twice */
    }
    if (!r)
      continue;
    if (sp == STACK)
      sp--;
    st[sp++] = r;
  }
  char small[16], big[4096];
  for (size_t k = 0; k < sp; k++) {
    int64_t v;
    (void)kp_sym_eval(st[k], b, nb, &v);
    (void)kp_sym_is_const(st[k], &v);
    (void)kp_sym_uses(st[k], "n");
    (void)kp_sym_uses_prefix(st[k], "threadIdx.");
    (void)kp_sym_equal(st[k], st[sp - 1 - k]);
    size_t need = kp_sym_print(st[k], small, sizeof small);
    if (strlen(small) >= sizeof small || (need < sizeof small && strlen(small) != need))
      abort();
    size_t need2 = kp_sym_print(st[k], big, sizeof big);
    if (need2 != need)
      abort(); /* the length needed does not depend on the buffer */
    const char *s = kp_sym_str(a, st[k]);
    if (s && strlen(s) != need)
      abort();
  }
  kp_arena_free(a);
  return 0;
}
