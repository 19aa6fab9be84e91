/* Symbolic formulas printed (kp_sym_print, kp_sym_str; see include/kperf/sym.h):
 * C-like text with the fewest parentheses, x + (-c) as "x - c", min/max and
 * the other functions as calls.  Uses sym.h and the arena only. */
#include "kperf/sym.h"
#include "kperf/arena.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Output that counts what it would write, like snprintf. */
typedef struct writer {
  char *buf;
  size_t size, len;
} writer;

static void put(writer *w, const char *s) {
  for (; *s; s++, w->len++)
    if (w->len + 1 < w->size)
      w->buf[w->len] = *s;
}

/* Precedence levels: a node printed where an operand of higher level is
 * needed gets parentheses.  Shifts sit below + and - as in C, and their
 * operands are parenthesised unless multiplicative or tighter ("(n + 1) << 2",
 * which C would parse the same way without them, reads better). */
enum { P_OR = 1, P_XOR = 2, P_AND = 3, P_SHIFT = 4, P_ADD = 5, P_MUL = 6, P_UNARY = 7, P_PRIMARY = 8 };

static int is_negative_const(const kp_sym *s) { return s->kind == KP_SYM_CONST && s->value < 0; }

static int prec(const kp_sym *s) {
  switch (s->kind) {
  case KP_SYM_CONST:
    return s->value < 0 ? P_UNARY : P_PRIMARY;
  case KP_SYM_ADD:
  case KP_SYM_SUB:
    return P_ADD;
  case KP_SYM_MUL:
  case KP_SYM_DIV:
  case KP_SYM_MOD:
  case KP_SYM_TDIV:
  case KP_SYM_TMOD:
    return P_MUL;
  case KP_SYM_SHL:
  case KP_SYM_SHR:
    return P_SHIFT;
  case KP_SYM_AND:
    return P_AND;
  case KP_SYM_XOR:
    return P_XOR;
  case KP_SYM_OR:
    return P_OR;
  default: /* variables and function calls */
    return P_PRIMARY;
  }
}

static void print(writer *w, const kp_sym *s, int min_prec);

/* A right operand: a negative constant always gets parentheses ("x*(-3)"). */
static void print_right(writer *w, const kp_sym *s, int min_prec) {
  print(w, s, s && is_negative_const(s) ? P_PRIMARY + 1 : min_prec);
}

static void print_call(writer *w, const char *fn, const kp_sym *s) {
  put(w, fn);
  put(w, "(");
  print(w, s->a, 0);
  if (s->b) {
    put(w, ", ");
    print(w, s->b, 0);
  }
  put(w, ")");
}

static void print(writer *w, const kp_sym *s, int min_prec) {
  if (!s) {
    put(w, "?");
    return;
  }
  int paren = prec(s) < min_prec;
  char num[32];
  if (paren)
    put(w, "(");
  switch (s->kind) {
  case KP_SYM_CONST:
    snprintf(num, sizeof num, "%" PRId64, s->value);
    put(w, num);
    break;
  case KP_SYM_VAR:
    put(w, s->name ? s->name : "?");
    break;
  case KP_SYM_ADD:
    print(w, s->a, P_ADD);
    if (s->b && is_negative_const(s->b)) { /* x + (-c) reads "x - c" */
      /* the magnitude, computed in unsigned so that INT64_MIN works */
      snprintf(num, sizeof num, " - %" PRIu64, (uint64_t)0 - (uint64_t)s->b->value);
      put(w, num);
    } else {
      put(w, " + ");
      print_right(w, s->b, P_ADD); /* + is associative: a + b + c either way */
    }
    break;
  case KP_SYM_SUB:
    print(w, s->a, P_ADD);
    put(w, " - ");
    print_right(w, s->b, P_ADD + 1);
    break;
  case KP_SYM_MUL:
    print(w, s->a, P_MUL);
    put(w, "*");
    /* a*b*c either way, but a*(b/c) is not a*b/c */
    print_right(w, s->b, s->b && s->b->kind == KP_SYM_MUL ? P_MUL : P_MUL + 1);
    break;
  case KP_SYM_DIV:
  case KP_SYM_MOD:
  case KP_SYM_TDIV:
  case KP_SYM_TMOD:
    print(w, s->a, P_MUL);
    put(w, s->kind == KP_SYM_DIV || s->kind == KP_SYM_TDIV ? "/" : "%");
    print_right(w, s->b, P_MUL + 1);
    break;
  case KP_SYM_AND:
  case KP_SYM_OR:
  case KP_SYM_XOR:
    /* operands parenthesised unless multiplicative or tighter, as for shifts */
    print(w, s->a, P_MUL);
    put(w, s->kind == KP_SYM_AND ? " & " : s->kind == KP_SYM_OR ? " | " : " ^ ");
    print_right(w, s->b, P_MUL);
    break;
  case KP_SYM_SHL:
  case KP_SYM_SHR:
    print(w, s->a, P_MUL);
    put(w, s->kind == KP_SYM_SHL ? " << " : " >> ");
    print_right(w, s->b, P_MUL);
    break;
  case KP_SYM_CEILDIV:
    print_call(w, "ceildiv", s);
    break;
  case KP_SYM_MIN:
    print_call(w, "min", s);
    break;
  case KP_SYM_MAX:
    print_call(w, "max", s);
    break;
  case KP_SYM_FLOG2:
    print_call(w, "flog2", s);
    break;
  case KP_SYM_CLOG2:
    print_call(w, "clog2", s);
    break;
  }
  if (paren)
    put(w, ")");
}

size_t kp_sym_print(const kp_sym *s, char *buf, size_t size) {
  writer w = {buf, buf ? size : 0, 0};
  print(&w, s, 0);
  if (w.size)
    w.buf[w.len < w.size ? w.len : w.size - 1] = '\0';
  return w.len;
}

const char *kp_sym_str(struct kp_arena *a, const kp_sym *s) {
  size_t n = kp_sym_print(s, NULL, 0);
  char *p = kp_arena_alloc(a, n + 1);
  if (p)
    kp_sym_print(s, p, n + 1);
  return p;
}
