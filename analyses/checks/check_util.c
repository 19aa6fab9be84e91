/* Helpers shared by the access checks (check_util.h): lane sets and strides as
 * text, the shapes and loops a finding names.  Uses the model, lanes and the
 * findings list; nothing of diagnostics/ or tools/. */
#include "check_util.h"

#include "kperf/checks.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void kpc_lanes_text(uint32_t lanes, unsigned first, char *buf, size_t len) {
  unsigned idx[32], n = 0;
  for (unsigned i = 0; i < 32; i++)
    if (lanes >> i & 1)
      idx[n++] = first + i;
  if (n == 0) {
    snprintf(buf, len, "no lanes");
    return;
  }
  if (n == 1) {
    snprintf(buf, len, "lane %u", idx[0]);
    return;
  }
  if (n == 2) {
    snprintf(buf, len, "lanes %u and %u", idx[0], idx[1]);
    return;
  }
  unsigned step = idx[1] - idx[0];
  int progression = 1;
  for (unsigned i = 2; i < n; i++)
    if (idx[i] - idx[i - 1] != step)
      progression = 0;
  if (progression && step == 1)
    snprintf(buf, len, "lanes %u-%u", idx[0], idx[n - 1]);
  else if (progression && n > 4)
    snprintf(buf, len, "lanes %u, %u, %u, ..., %u", idx[0], idx[1], idx[2], idx[n - 1]);
  else {
    size_t used = (size_t)snprintf(buf, len, "lanes");
    for (unsigned i = 0; i < n && used < len; i++) {
      if (i == 8 && n > 9) {
        snprintf(buf + used, len - used, ", ...");
        break;
      }
      used += (size_t)snprintf(buf + used, len - used, "%s%u", i ? ", " : " ", idx[i]);
    }
  }
}

/* The coefficient of thread-id variable v in the index, or NULL. */
static const kp_sym *coef_of(const kp_access *a, int v) {
  for (size_t t = 0; t < a->index.nterms; t++)
    if (a->index.terms[t].var == v)
      return a->index.terms[t].coef;
  return NULL;
}

/* A coefficient as a number, or its spelling with the known values put in. */
static int coef_text(kp_lane_ctx *c, const kp_lane_point *p, const kp_sym *cf, int64_t *val,
                     char *buf, size_t len) {
  /* Known without guessing: no sample value for unbound parameters. */
  if (kp_lanes_value(c, p, cf, 0, val)) {
    snprintf(buf, len, "%" PRId64, *val);
    return 1;
  }
  kp_sym_print(cf, buf, len);
  return 0;
}

/* The first variable of s nothing binds at p (a parameter the file does not
 * give), or NULL. */
static const char *unbound_var(kp_lane_ctx *c, const kp_lane_point *p, const kp_sym *s) {
  if (!s)
    return NULL;
  if (s->kind == KP_SYM_VAR) {
    int64_t v;
    return kp_lanes_value(c, p, s, 0, &v) ? NULL : s->name;
  }
  const char *n = unbound_var(c, p, s->a);
  return n ? n : unbound_var(c, p, s->b);
}

/* The stride text of a non-affine index (kp_access.index_formula): how the
 * lanes' elements move at point p, and the index as written. */
static void formula_stride_text(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p,
                                char *buf, size_t len, char *symbolic, size_t symlen) {
  char what[200], at[96] = "";
  if (a->index_text)
    snprintf(what, sizeof what, "'%s%s'", a->array ? a->array : "", a->index_text);
  else {
    char f[160];
    kp_sym_print(a->index_formula, f, sizeof f);
    snprintf(what, sizeof what, "'%s'", f);
  }
  /* The counter of the innermost loop the index moves with, at p. */
  unsigned nprim = 0;
  int primary = kp_access_primary_loop(c, a, &nprim);
  int64_t counter;
  if (primary >= 0 && p->iter &&
      kp_loop_counter(c, p, c->k->loops[primary], p->iter[primary], &counter))
    snprintf(at, sizeof at, " at %s = %" PRId64, kpc_counter_name(c->k->loops[primary]), counter);
  const char *u = unbound_var(c, p, a->index_formula);
  if (u) {
    snprintf(symbolic, symlen, "%s", u);
  }
  kp_warp_access wa;
  unsigned w = a->elem_bytes ? a->elem_bytes : 1;
  if (!kp_lanes_eval(c, a, p, 0, &wa) || !wa.active) {
    snprintf(buf, len, "index %s%s, computed per thread", what, at);
    return;
  }
  unsigned lane[KP_WARP_SIZE], n = 0;
  int64_t el[KP_WARP_SIZE];
  for (unsigned i = 0; i < KP_WARP_SIZE; i++)
    if (wa.active >> i & 1u) {
      lane[n] = i;
      el[n] = (int64_t)(wa.addr[i] - wa.addr[lane[0]]) / (int64_t)w;
      n++;
    }
  int constant = n >= 2;
  int64_t d = n >= 2 ? el[1] - el[0] : 0;
  for (unsigned j = 1; j < n && constant; j++)
    constant = lane[j] == lane[j - 1] + 1 && el[j] - el[j - 1] == d;
  if (constant && d == 0) {
    snprintf(buf, len, "adjacent threads access the same element%s, from the index %s", at, what);
  } else if (constant) {
    snprintf(buf, len,
             "stride %" PRId64 " element%s (%" PRId64 " B) between adjacent threads%s, from the "
             "index %s",
             d, d == 1 || d == -1 ? "" : "s", d * (int64_t)w, at, what);
  } else {
    /* No constant stride: the first lanes' elements, relative to the first. */
    char ls[64] = "", es[96] = "";
    size_t ul = 0, ue = 0;
    unsigned shown = n < 4 ? n : 4;
    for (unsigned j = 0; j < shown; j++) {
      ul += (size_t)snprintf(ls + ul, sizeof ls - ul, "%s%u", j ? ", " : "", lane[j]);
      ue += (size_t)snprintf(es + ue, sizeof es - ue, "%s%s%" PRId64, j ? ", " : "",
                             el[j] >= 0 ? "+" : "", el[j]);
      if (ul >= sizeof ls || ue >= sizeof es)
        break;
    }
    snprintf(buf, len,
             "index %s%s: no constant stride between adjacent threads; lanes %s%s access "
             "elements %s%s relative to lane %u",
             what, at, ls, n > shown ? ", ..." : "", es, n > shown ? ", ..." : "", lane[0]);
  }
}

void kpc_stride_text(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, char *buf,
                     size_t len, char *symbolic, size_t symlen) {
  if (symlen)
    symbolic[0] = 0;
  buf[0] = 0;
  if (!a->index.known && a->index_formula) {
    formula_stride_text(c, a, p, buf, len, symbolic, symlen);
    return;
  }
  const kp_shape *s = p->shape;
  const kp_sym *cx = coef_of(a, KP_V_TID_X), *cy = coef_of(a, KP_V_TID_Y);
  char t[128];
  int64_t v = 0;
  size_t used = 0;
  if (s->x >= 2) {
    if (!cx) {
      used += (size_t)snprintf(buf, len, "adjacent threads access the same element");
    } else if (coef_text(c, p, cx, &v, t, sizeof t)) {
      used += (size_t)snprintf(buf, len, "stride %" PRId64 " element%s (%" PRId64
                               " B) between adjacent threads",
                               v, v == 1 || v == -1 ? "" : "s", v * (int64_t)a->elem_bytes);
    } else {
      used += (size_t)snprintf(buf, len, "stride %s elements between adjacent threads", t);
      snprintf(symbolic, symlen, "%s", t);
    }
  }
  unsigned wl = c->wave == 2 * KP_WARP_SIZE ? c->wave : KP_WARP_SIZE;
  const char *unit = c->wave == 2 * KP_WARP_SIZE ? "wavefront"
                     : c->wave == KP_WARP_SIZE   ? "half-wavefront"
                                                 : "warp";
  if (s->x < wl && s->y > 1 && used < len) {
    unsigned rows = (unsigned)((wl + s->x - 1) / s->x);
    if (rows > s->y)
      rows = (unsigned)s->y;
    if (!cy)
      snprintf(buf + used, len - used, "%sa %s spans %u rows of %" PRId64 " threads",
               used ? "; " : "", unit, rows, s->x);
    else if (coef_text(c, p, cy, &v, t, sizeof t))
      snprintf(buf + used, len - used,
               "%sa %s spans %u rows of %" PRId64 " threads, %" PRId64 " element%s apart",
               used ? "; " : "", unit, rows, s->x, v, v == 1 || v == -1 ? "" : "s");
    else {
      snprintf(buf + used, len - used, "%sa %s spans %u rows of %" PRId64 " threads, %s elements apart",
               used ? "; " : "", unit, rows, s->x, t);
      if (symlen && !symbolic[0])
        snprintf(symbolic, symlen, "%s", t);
    }
  }
}

const char *kpc_counter_name(const kp_loop *l) { return l && l->var ? l->var : "iteration"; }

int kpc_same_terms(const kp_affine *x, const kp_affine *y) {
  if (!x->known || !y->known || x->nterms != y->nterms)
    return 0;
  for (size_t t = 0; t < x->nterms; t++)
    if (x->terms[t].var != y->terms[t].var || !kp_sym_equal(x->terms[t].coef, y->terms[t].coef))
      return 0;
  return 1;
}

static int same_affine(const kp_affine *x, const kp_affine *y) {
  return kpc_same_terms(x, y) && kp_sym_equal(x->base, y->base);
}

static int same_index(const kp_access *a, const kp_access *b) {
  if (a->index.known || b->index.known)
    return same_affine(&a->index, &b->index);
  return a->index_formula && b->index_formula &&
         kp_sym_equal(a->index_formula, b->index_formula);
}

static int same_place(const kp_access *a, const kp_access *b) {
  return a->loc.line == b->loc.line && a->space == b->space && a->loop == b->loop &&
         a->is_atomic == b->is_atomic && strcmp(a->array, b->array) == 0 && same_index(a, b);
}

int kpc_repeat(const kp_kernel *k, const kp_access *a) {
  for (const kp_access *b = k->accesses; b < a; b++)
    if (same_place(a, b))
      return 1;
  return 0;
}

const char *kpc_kind(const kp_kernel *k, const kp_access *a) {
  if (a->is_atomic)
    return "atomic";
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *b = &k->accesses[i];
    if (b != a && b->is_store != a->is_store && same_place(a, b))
      return "load and store";
  }
  return a->is_store ? "store" : "load";
}

void kpc_elem_text(unsigned bytes, char *buf, size_t len) {
  snprintf(buf, len, "%u-byte elements", bytes);
}

int kpc_shape_speaks_for(const kp_shape *s, const kp_access *a) {
  if (s->source < KP_SHAPE_BOUNDS)
    return 1;
  for (size_t t = 0; t < a->index.nterms; t++) {
    int v = a->index.terms[t].var;
    /* Terms of block ids and loop counters are the same for the whole warp. */
    if (v == KP_V_TID_Y || v == KP_V_TID_Z ||
        (v == KP_V_TID_X && kp_sym_uses_prefix(a->index.terms[t].coef, "blockDim.")))
      return 0;
  }
  /* A formula: any use of threadIdx.y/z or of the block's size. */
  if (!a->index.known &&
      (kp_sym_uses(a->index_formula, "threadIdx.y") || kp_sym_uses(a->index_formula, "threadIdx.z") ||
       kp_sym_uses_prefix(a->index_formula, "blockDim.")))
    return 0;
  for (size_t g = 0; g < a->nguards; g++)
    if (kp_sym_uses_prefix(a->guards[g].lhs, "threadIdx.y") ||
        kp_sym_uses_prefix(a->guards[g].rhs, "threadIdx.y") ||
        kp_sym_uses_prefix(a->guards[g].lhs, "threadIdx.z") ||
        kp_sym_uses_prefix(a->guards[g].rhs, "threadIdx.z"))
      return 0;
  return 1;
}

size_t kpc_kernel_shapes(const kp_check_ctx *ctx, const char *check, const kp_kernel *k,
                         kp_shape *out, kp_findings *findings) {
  size_t dropped = 0;
  size_t n = kp_kernel_shapes_counted(ctx->m, k, out, &dropped);
  if (dropped && ctx->opts->verbose)
    kp_findings_add(findings, check, KP_REMARK, k->loc,
                    "%zu more block shape%s of '%s' not judged (kperf judges at most %d per "
                    "kernel)",
                    dropped, dropped == 1 ? "" : "s", k->name ? k->name : "?", KP_SHAPES_MAX);
  return n;
}

const char *kpc_warp_word(const kp_gpu *g) { return kp_gpu_amd_rules(g) ? "wavefront" : "warp"; }

unsigned kpc_warp_lanes(const kp_gpu *g) {
  return kp_gpu_amd_rules(g) ? 2 * KP_WARP_SIZE : KP_WARP_SIZE;
}

int kpc_lane_ctx_init(const kp_check_ctx *ctx, kp_lane_ctx *c, const kp_kernel *k,
                      const kp_shape *s, kp_space space) {
  int ok = kp_lane_ctx_init(c, ctx->m, k, s);
  c->wave = kp_gpu_scan_wave(ctx->gpu, space);
  return ok;
}
