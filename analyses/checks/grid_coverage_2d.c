/* kperf-grid-coverage's 2-D statements: a grid whose x size covers the
 * kernel's bound in y and the other way round, and a grid rounded up for a
 * kernel whose bounds check lets a thread through when either index is in
 * range.  Uses grid_coverage.h (what a launch and its kernel say). */
#include "grid_coverage.h"

#include <ctype.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Whether x and y name one size: the same value, formula or spelling, or
 * (names) the same name in another case. */
static int same_size(const kp_expr *x, const kp_expr *y) {
  return same_value(x, y) || same_name(x, y);
}

/* Whether x and y are written as two different names (`NI`, `NJ`). */
static int two_names(const kp_expr *x, const kp_expr *y) {
  char a[128], b[128];
  if (!x->text || !y->text)
    return 0;
  squeeze(x->text, a, sizeof a);
  squeeze(y->text, b, sizeof b);
  for (const char *c = a; *c; c++)
    if (!isalnum((unsigned char)*c) && *c != '_')
      return 0;
  for (const char *c = b; *c; c++)
    if (!isalnum((unsigned char)*c) && *c != '_')
      return 0;
  return a[0] && b[0] && !isdigit((unsigned char)a[0]) && !isdigit((unsigned char)b[0]) &&
         strcmp(a, b) != 0;
}

/* A 2-D grid whose x size covers the kernel's bound in y and the other way
 * round. */
void swapped(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                    const int64_t bs[2], const int known[2], kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *nx, *ny;
  int kx = grid_quotient(m, l, 0, bs[0], known[0], &nx);
  int ky = grid_quotient(m, l, 1, bs[1], known[1], &ny);
  if (!kx || !ky)
    return;
  /* A block read at run time: the sizes must be this function's own. */
  if ((!known[0] || !known[1]) && (l->grid.x.quot->num_param || l->grid.y.quot->num_param))
    return;
  /* Equal sizes written as two names (NI and NJ, both 512) are swapped as
   * well, harmlessly here: read by name only. */
  int equal = same_value(nx, ny);
  if (equal && !two_names(nx, ny))
    return;
  int px = bound_param(k, 0, known[0] ? bs[0] : 16, 1);
  int py = bound_param(k, 1, known[1] ? bs[1] : 16, 1);
  if (px < 0 || py < 0 || px == py || (size_t)px >= l->nargs || (size_t)py >= l->nargs)
    return;
  const kp_expr *ax = &l->args[px], *ay = &l->args[py];
  if (equal ? !(same_name(ax, ny) && same_name(ay, nx)) || same_name(ax, nx) || same_name(ay, ny)
            : !same_size(ax, ny) || !same_size(ay, nx) || same_size(ax, nx) || same_size(ay, ny))
    return;
  char xt[128], yt[128];
  text_of(nx, xt, sizeof xt);
  text_of(ny, yt, sizeof yt);
  int64_t w, h;
  char count[700] = "";
  if (equal) {
    int64_t v;
    if (value_of(m, nx, &v))
      snprintf(count, sizeof count,
               "; %s and %s are equal here (%" PRId64 "), so every element gets a thread, but "
               "the launch is right only while %s == %s",
               xt, yt, v, xt, yt);
    else
      snprintf(count, sizeof count, "; right only while %s == %s", xt, yt);
  } else if (known[0] && known[1] && value_of(m, ax, &w) && value_of(m, ay, &h)) {
    if (w <= 0 || h <= 0)
      return;
    /* The grid covers x up to gx * bx and y up to gy * by. */
    int64_t gx = kx == 2 ? (h + bs[0] - 1) / bs[0] : h / bs[0];
    int64_t gy = ky == 2 ? (w + bs[1] - 1) / bs[1] : w / bs[1];
    int64_t cx = gx * bs[0] < w ? gx * bs[0] : w, cy = gy * bs[1] < h ? gy * bs[1] : h;
    int64_t missed = w * h - cx * cy;
    if (missed <= 0)
      return;
    snprintf(count, sizeof count, ": %" PRId64 " of the %" PRId64 " x %" PRId64 " elements get no thread",
             missed, w, h);
  }
  kp_findings_add(out, CHECK, kp_check_grid_coverage.severity, l->loc,
                  "the grid of this launch of '%s' has its extents swapped: its x size covers "
                  "%s, which '%s' bounds its y index by (%s), and its y size covers %s, which "
                  "bounds its x index (%s)%s",
                  k->name, xt, k->name, k->params[py].name, yt, k->params[px].name,
                  count[0] ? count : "; when they differ, part of the problem gets no thread");
  kp_findings_note(out, l->loc, "the grid's x size should cover %s and its y size %s", yt, xt);
}

/* The kernel parameter guard g bounds the global index of dimension d by
 * (`i < p`, `p > i`), or -1. */
static int guard_bound(const kp_kernel *k, const kp_guard *g, int d, int64_t bsize) {
  const kp_sym *idx = g->op == KP_GUARD_LT ? g->lhs : g->op == KP_GUARD_GT ? g->rhs : NULL;
  const kp_sym *bound = g->op == KP_GUARD_LT ? g->rhs : g->op == KP_GUARD_GT ? g->lhs : NULL;
  if (!idx || !bound || bound->kind != KP_SYM_VAR || !is_global_index(idx, d, bsize))
    return -1;
  for (size_t p = 0; p < k->nparams; p++)
    if (k->params[p].name && strcmp(k->params[p].name, bound->name) == 0)
      return (int)p;
  return -1;
}

/* A 2-D grid rounded up for a kernel whose bounds check lets a thread
 * through when either of its indices is in range (`if (i >= n && j >= n)
 * return;`: kp_access.any_guards `i < n || j < n`). */
void either_bound(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                         const int64_t bs[2], const int known[2], kp_findings *out) {
  const kp_module *m = ctx->m;
  const kp_expr *n[2];
  int kind[2];
  for (int d = 0; d < 2; d++)
    if (!(kind[d] = grid_quotient(m, l, d, bs[d], known[d], &n[d])) ||
        (d ? l->grid.y.quot : l->grid.x.quot)->num_param)
      return; /* the sizes must be this function's own */
  int64_t bsample[2] = {known[0] ? bs[0] : 16, known[1] ? bs[1] : 16};
  const kp_access *hit = NULL;
  int p[2] = {-1, -1};
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->space != KP_SPACE_GLOBAL || !a->guards_unknown || a->nguards || a->nany_guards != 2 ||
        (hit && (hit->is_store || !a->is_store)))
      continue;
    int px = -1, py = -1;
    for (size_t g = 0; g < 2; g++) {
      int x = guard_bound(k, &a->any_guards[g], 0, bsample[0]);
      int y = guard_bound(k, &a->any_guards[g], 1, bsample[1]);
      if (x >= 0 && px < 0)
        px = x;
      else if (y >= 0 && py < 0)
        py = y;
    }
    if (px < 0 || py < 0 || (size_t)px >= l->nargs || (size_t)py >= l->nargs)
      continue;
    hit = a;
    p[0] = px;
    p[1] = py;
  }
  if (!hit)
    return;
  /* Threads past the bound exist in a dimension whose grid rounds its
   * bound up (the launch passes the grid's n for it), unless that n is a
   * multiple of the block. */
  char why[2][400];
  int extra = 0;
  for (int d = 0; d < 2; d++) {
    why[d][0] = '\0';
    if (kind[d] != 2 || !same_value(&l->args[p[d]], n[d]) ||
        multiple(m, l, d, n[d], known[d] ? bs[d] : 0))
      continue;
    char nt[128], bt[128];
    text_of(n[d], nt, sizeof nt);
    if (known[d])
      snprintf(bt, sizeof bt, "%" PRId64, bs[d]);
    else
      text_of(&(d ? l->grid.y.quot : l->grid.x.quot)->den, bt, sizeof bt);
    int64_t v;
    if (known[d] && value_of(m, n[d], &v))
      snprintf(why[d], sizeof why[d], "%s = %" PRId64 " is not a multiple of %s (%c)", nt, v, bt,
               "xy"[d]);
    else
      snprintf(why[d], sizeof why[d], "%s is not a multiple of %s (%c)", nt, bt, "xy"[d]);
    extra++;
  }
  if (!extra)
    return;
  const char *px = k->params[p[0]].name, *py = k->params[p[1]].name;
  kp_finding *f = kp_findings_add(
      out, CHECK, kp_check_grid_coverage.severity, l->loc,
      "the grid of this launch of '%s' is rounded up to whole blocks, but '%s' stops only the "
      "threads out of range in both dimensions (it runs on when its x index < %s or its y "
      "index < %s, where both are needed): when %s%s%s, the threads past the bound in one "
      "dimension and inside it in the other %s '%s%s' out of bounds",
      k->name, k->name, px, py, why[0][0] ? why[0] : why[1],
      why[0][0] && why[1][0] ? " or " : "", why[0][0] && why[1][0] ? why[1] : "",
      hit->is_atomic ? "update" : hit->is_store ? "write" : "read", hit->array,
      hit->index_text ? hit->index_text : "[i]");
  if (f)
    kp_findings_note(out, hit->loc,
                     "stop a thread when either index is out of range: its x index >= %s || its "
                     "y index >= %s (|| where the check has &&)",
                     px, py);
}
