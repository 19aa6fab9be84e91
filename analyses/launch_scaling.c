/* The time of a launch as a function of its unknown (kp_launch_scaling_of,
 * launch.h): the launch evaluated (launch_eval.c) at 2^12 .. 2^24 of the
 * variable it misses, with the variables tied to it (a grid of n / threads
 * blocks), or at block sizes when only block sizes are unknown; and the
 * statement's text.  The kperf-launch check and the prediction JSON print it.
 * It may use the model, formulas and the evaluation; nothing of diagnostics/
 * or tools/. */
#include "kperf/arena.h"
#include "kperf/checks.h"
#include "kperf/count.h"
#include "kperf/launch.h"
#include "kperf/lanes.h"
#include "kperf/ptxas.h"
#include "kperf/siblings.h"
#include "kperf/atomics.h"
#include "kperf/sym.h"
#include "kperf/warp.h"
#include "launch_internal.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The value of variable i of s (0: the variable itself) when the variable is v. */
static int64_t scaling_value(const kp_launch_scaling *s, int i, int64_t v) {
  if (i == 0 || s->tie_kind[i - 1] == KP_TIE_EQUAL)
    return v;
  if (s->tie_kind[i - 1] == KP_TIE_BLOCK || s->tie_kind[i - 1] == KP_TIE_FIXED ||
      s->tie_kind[i - 1] == KP_TIE_ONCE)
    return s->tie_div[i - 1];
  return (v + s->tie_div[i - 1] - 1) / s->tie_div[i - 1];
}

/* Assumes every variable of s for the variable's value v (as[0..nties]). */
static void scaling_assume(const kp_launch_scaling *s, int64_t v, kp_binding *as) {
  as[0] = (kp_binding){s->variable, v};
  for (int t = 0; t < s->nties; t++)
    as[1 + t] = (kp_binding){s->tie_var[t], scaling_value(s, t + 1, v)};
}

/* Whether name is one of the launch's whole grid sizes (`blocks` of
 * <<<blocks, b>>>, `grid.y` of a dim3 grid); grid_var_dim: which (0-2), or -1. */
static int grid_var_dim(const kp_launch *l, const char *name) {
  const kp_expr *d[3] = {&l->grid.x, &l->grid.y, &l->grid.z};
  for (int i = 0; i < 3; i++) {
    const char *v = kp__launch_expr_var(d[i]);
    if (v && strcmp(v, name) == 0)
      return i;
  }
  return -1;
}
static int is_grid_var(const kp_launch *l, const char *name) {
  return grid_var_dim(l, name) >= 0;
}

/* Whether name is the launch's dynamic shared memory size (`<<<g, b,
 * smem_size>>>`): a statement takes it as 0 bytes and says so. */
static int is_smem_var(const kp_launch *l, const char *name) {
  const char *v = l->smem.text && !l->smem.known ? kp__launch_expr_var(&l->smem) : NULL;
  return v && strcmp(v, name) == 0;
}

/* How many of the launch's block sizes the variable name gives (`<<<g,
 * threads>>>`: 1, `dim3 b(t, t)`: 2, `dimBlock.y` of (32, `dimBlock.y`): 1);
 * *other (may be NULL): the product of the block's known other sizes. */
static int block_var_dims_other(const kp_launch *l, const char *name, int64_t *other) {
  const kp_expr *d[3] = {&l->block.x, &l->block.y, &l->block.z};
  int n = 0;
  int64_t o = 1;
  for (int i = 0; i < 3; i++) {
    const char *v = kp__launch_expr_var(d[i]);
    if (v && strcmp(v, name) == 0)
      n++;
    else if (d[i]->known && d[i]->value > 0 && o <= (1 << 20))
      o *= d[i]->value;
  }
  if (other)
    *other = o;
  return n;
}
static int block_var_dims(const kp_launch *l, const char *name) {
  return block_var_dims_other(l, name, NULL);
}

/* Whether name is one of the launch's block sizes (<<<g, threads>>>, or a
 * dim3 built from it). */
static int is_block_var(const kp_launch *l, const char *name) {
  return block_var_dims(l, name) > 0;
}

/* The per-dimension value of block variable name for `total` threads in the
 * block (powers of two, at least 1): total / (the other sizes) for one
 * dimension, its square or cube root for two or three; 1 for a y or z size
 * when the x size is unknown too. */
static int64_t block_var_for(const kp_launch *l, const char *name, int64_t total) {
  int64_t other;
  int dims = block_var_dims_other(l, name, &other);
  const char *x = kp__launch_expr_var(&l->block.x);
  if (!l->block.x.known && !(x && strcmp(x, name) == 0))
    return 1; /* a y or z size beside an unknown x size */
  int64_t per = total / (other > 0 ? other : 1), v = 1;
  while (dims > 0 && (dims == 3 ? 8 * v * v * v : dims == 2 ? 4 * v * v : 2 * v) <= per)
    v *= 2;
  return v;
}

/* The value a statement takes for a block variable: KP_SCALING_BLOCK threads
 * in all (16 x 16, 8 x 8 x 8), no more than maxb. */
static int64_t block_var_value(const kp_launch *l, const char *name, int64_t maxb) {
  return block_var_for(l, name, maxb < KP_SCALING_BLOCK ? maxb : KP_SCALING_BLOCK);
}

/* The host's name for a missing variable: the argument of the launch when
 * the variable is the kernel parameter it is passed to and the argument is
 * a plain name (`size` for the kernel's `n`), else the variable. */
static void host_name(const kp_module *m, const kp_launch *l, const char *var, char *out,
                      size_t len) {
  snprintf(out, len, "%s", var);
  if (l->kernel < 0 || (size_t)l->kernel >= m->nkernels || !l->args)
    return;
  const kp_kernel *k = &m->kernels[l->kernel];
  for (size_t i = 0; i < l->nargs && i < k->nparams; i++) {
    const char *a = l->args[i].name;
    if (!k->params[i].name || strcmp(k->params[i].name, var) != 0)
      continue;
    if (a && strlen(a) < len)
      memcpy(out, a, strlen(a) + 1);
    return;
  }
}

/* A loop's iteration inside the kernel ("iteration@N"): no host variable
 * gives it a value, so it cannot be a statement's variable. */
static int is_loop_iteration(const char *name) {
  return strncmp(name, "iteration@", 10) == 0;
}

/* The trip count of a loop kperf cannot follow ("trip@FILE:LINE"): a
 * statement may be a function of it alone; beside other unknowns it is taken
 * as one iteration (KP_TIE_ONCE), never equal to another variable (taken
 * equal to n it would make the time grow as n^2 on a guess). */
static int is_unknown_trip(const char *name) {
  return strncmp(name, "trip@", 5) == 0;
}

/* Point n of s: the evaluation e at the variable's 2^power. */
static void scaling_point(kp_launch_scaling *s, int n, int power, const kp_launch_eval *e) {
  s->predicted_us[n] = e->pred.predicted_us;
  s->exec_us[n] = e->pred.exec_us;
  s->threads[n] = (double)e->grid[0] * (double)e->grid[1] * (double)e->grid[2] *
                  (double)e->block[0] * (double)e->block[1] * (double)e->block[2];
  s->stores[n] = (e->in.count[KP_I_ST_GLOBAL] + e->in.count[KP_I_ATOMIC]) * s->threads[n];
  s->power[n] = power;
}

/* dst = src, both of 64 bytes. */
static void copy_name(char dst[64], const char *src) {
  size_t k = 0;
  while (k < 63 && src[k])
    k++;
  memcpy(dst, src, k);
  dst[k] = '\0';
}

/* The statement of a launch whose only unknowns are block sizes (names[0..nv),
 * bound at as[0..nv) of mm's assumptions): the variable is names[0], the
 * others are taken at their usual value; the points are block sizes. */
static int block_statement(kp_module *mm, const kp_launch *l, const kp_gpu *gpu,
                           kp_model_kind model, const struct kp_check_ctx *ctx,
                           char (*names)[64], int nv, int64_t maxb, kp_binding *as,
                           kp__scan_memo *memo, kp_launch_eval *e, kp_launch_scaling *s) {
  int64_t other;
  int dims = block_var_dims_other(l, names[0], &other);
  static const int64_t totals[KP_SCALING_POINTS] = {32, 128, 256, 1024};
  if (dims < 1 || dims > 3)
    return 0;
  copy_name(s->variable, names[0]);
  s->block_dims = dims;
  s->block_other = other;
  for (int i = 1; i < nv && s->nties < KP_SCALING_TIES; i++) {
    int t = s->nties++;
    copy_name(s->tie_var[t], names[i]);
    s->tie_kind[t] = is_smem_var(l, names[i]) ? KP_TIE_FIXED : KP_TIE_BLOCK;
    s->tie_div[t] = is_smem_var(l, names[i]) ? 0 : block_var_value(l, names[i], maxb);
  }
  int n = 0;
  int64_t last = 0;
  for (int i = 0; i < KP_SCALING_POINTS; i++) {
    int64_t v = block_var_for(l, names[0], totals[i]);
    if (v == last)
      continue;
    last = v;
    if ((dims == 3 ? v * v * v : dims == 2 ? v * v : v) * other > maxb)
      break;
    int pw = 0;
    while (((int64_t)1 << pw) < v)
      pw++;
    scaling_assume(s, v, as);
    /* Each block shape scanned anew: coalescing depends on it. */
    if (kp_check_out_of_time(ctx) || kp__launch_evaluate_at(mm, l, gpu, model, 0, 0, 0, NULL, memo, e) != 0)
      break;
    if (e->ok && !e->invalid && isfinite(e->pred.predicted_us) && e->pred.predicted_us > 0) {
      scaling_point(s, n, pw, e);
      if (n == 0 || s->predicted_us[n] < s->predicted_us[s->best]) {
        s->best = n;
        s->bound = e->pred.bound;
        s->bound2 = e->pred.bound2;
        s->bound2_ratio = e->pred.bound2_ratio;
      }
      n++;
    }
    kp_launch_eval_free(e);
  }
  s->npoints = n;
  return n >= 2;
}

/* Long: four phases sharing one evaluation buffer, the assumed copy of the
 * module and the scan memo (freed at `done`): find the unknowns (the loop
 * at 2^16, 2^12 when refused), choose the variable and its ties, evaluate
 * the points, classify the curve (flat, flat from a point, growing).  Each
 * phase is commented where it starts. */
int kp_launch_scaling_of(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                         kp_model_kind model, const kp_launch_eval *e0,
                         const struct kp_check_ctx *ctx, kp_launch_scaling *s) {
  static const int pw[KP_SCALING_POINTS] = {12, 16, 20, 24};
  memset(s, 0, sizeof *s);
  s->growth = s->per_2_20_us = NAN;
  if (!m || !e0 || !e0->missing[0] || e0->invalid || is_loop_iteration(e0->missing))
    return 0;
  enum { NV = KP_SCALING_TIES + 1 };
  char names[NV][64];
  int nv = 0;
  host_name(m, l, e0->missing, names[nv++], sizeof names[0]);
  kp_module mm = *m; /* read-only copy with the variables assumed */
  kp_binding *as = malloc((m->nassume + NV) * sizeof *as);
  kp_launch_eval *e = malloc(sizeof *e);
  kp_launch_eval *scanned = malloc(sizeof *scanned); /* the scans, done once */
  kp__scan_memo memo = {NULL, 0, 0};                    /* the bank-conflict scans, likewise */
  int said = 0;
  if (!as || !e || !scanned)
    goto done;
  scanned->ok = 0;
  if (m->nassume)
    memcpy(as, m->assume, m->nassume * sizeof *as);
  mm.assume = as;
  /* The variables: what is missing once the ones found so far have a value
   * (at 2^16, the grid's at 2^16 / threads). */
  /* A block given by a variable: KP_SCALING_BLOCK threads, or the kernel's
   * __launch_bounds__ when lower. */
  int64_t maxb = gpu && gpu->limits.max_threads_per_block > 0 ? gpu->limits.max_threads_per_block
                                                              : 1024;
  if (l->kernel >= 0 && (size_t)l->kernel < m->nkernels &&
      m->kernels[l->kernel].max_threads_per_block > 0 &&
      m->kernels[l->kernel].max_threads_per_block < maxb)
    maxb = m->kernels[l->kernel].max_threads_per_block;
  int64_t threads = e0->block[0] > 0 && e0->block[1] > 0 && e0->block[2] > 0
                        ? e0->block[0] * e0->block[1] * e0->block[2]
                        : 0;
  /* The threads per element a grid variable is divided by: the whole block
   * for a 1-D grid (one thread per element), else the block's size in the
   * variable's dimension. */
  int64_t bdim[3] = {e0->block[0], e0->block[1], e0->block[2]};
  int grid_1d = (!l->grid.y.text || (l->grid.y.known && l->grid.y.value == 1)) &&
                (!l->grid.z.text || (l->grid.z.known && l->grid.z.value == 1));
#define GRID_DIV(d) ((d) == 0 && grid_1d ? threads : bdim[(d)])
  int base = 16; /* the power of two the variables are given while they are found */
  for (;;) {
    mm.nassume = m->nassume + (size_t)nv;
    for (int i = 0; i < nv; i++) {
      int64_t v = (int64_t)1 << base;
      int gd = grid_var_dim(l, names[i]);
      if (is_unknown_trip(names[i]) && nv > 1)
        v = 1; /* KP_TIE_ONCE */
      else if (is_block_var(l, names[i]))
        v = block_var_value(l, names[i], maxb);
      else if (is_smem_var(l, names[i]))
        v = 0; /* KP_TIE_FIXED */
      else if (gd > 0 && !l->grid.x.known)
        v = 1; /* KP_TIE_FIXED */
      else if (gd >= 0 && nv > 1 && GRID_DIV(gd) > 0)
        v = (v + GRID_DIV(gd) - 1) / GRID_DIV(gd);
      as[m->nassume + (size_t)i] = (kp_binding){names[i], v};
    }
    if (kp_check_out_of_time(ctx) || kp__launch_evaluate_at(&mm, l, gpu, model, 0, 0, 0, NULL, &memo, e) != 0)
      goto done;
    int ok = e->ok, grew = 0;
    if (ok) {
      memcpy(scanned, e, sizeof *e);
      scanned->cand = NULL;
      scanned->ncand = 0;
    }
    if (!ok && !e->invalid && e->missing[0] && nv < NV && !is_loop_iteration(e->missing)) {
      char name[64];
      host_name(m, l, e->missing, name, sizeof name);
      grew = 1;
      for (int i = 0; i < nv; i++)
        if (strcmp(names[i], name) == 0)
          grew = 0;
      if (grew)
        snprintf(names[nv++], sizeof names[0], "%s", name);
      if (threads <= 0 && e->block[0] > 0 && e->block[1] > 0 && e->block[2] > 0) {
        threads = e->block[0] * e->block[1] * e->block[2];
        memcpy(bdim, e->block, sizeof bdim);
      }
    }
    /* Every value given and the model refuses the launch (no block fits on an
     * SM): the launch's reason when it refuses it at 2^12 too, for the same
     * reason (the shared memory a size asks for may fit at one and not at the
     * other); no statement either way. */
    int refused = !ok && !grew && e->refused && e->why[0];
    if (base == 12 && !(refused && strcmp(s->why_none, e->why) == 0))
      s->why_none[0] = '\0';
    else if (refused && base == 16)
      snprintf(s->why_none, sizeof s->why_none, "%s", e->why);
    kp_launch_eval_free(e);
    if (refused && base == 16) {
      base = 12;
      continue;
    }
    if (ok && base == 16)
      break;
    if (!grew || base == 12)
      goto done;
  }
  /* The variable: the first that is neither the grid nor a value taken
   * whatever the variable (a block size, the shared memory size, a loop
   * kperf cannot follow beside other unknowns); they are tied to it. */
#define FIXED_VAR(i)                                                                              \
  (is_block_var(l, names[i]) || is_smem_var(l, names[i]) || (nv > 1 && is_unknown_trip(names[i])))
  int first = 0, trips = 0;
  for (int i = 0; i < nv; i++)
    trips += is_unknown_trip(names[i]);
  while (first < nv && (is_grid_var(l, names[first]) || FIXED_VAR(first)))
    first++;
  if (first == nv)
    for (first = 0; first < nv && FIXED_VAR(first);)
      first++;
#undef FIXED_VAR
  if (first == nv && trips)
    goto done; /* block sizes and loops kperf cannot follow: no variable to state over */
  if (first == nv) {
    /* Block sizes (and the shared memory size): the block variable first. */
    for (int i = 1; i < nv && is_smem_var(l, names[0]); i++) {
      char t[64];
      memcpy(t, names[0], sizeof t);
      memcpy(names[0], names[i], sizeof t);
      memcpy(names[i], t, sizeof t);
    }
    said = block_statement(&mm, l, gpu, model, ctx, names, nv, maxb, as + m->nassume, &memo, e,
                           s);
    goto done;
  }
  if (nv > 1 && (threads <= 0 || bdim[1] <= 0 || bdim[2] <= 0))
    goto done;
  snprintf(s->variable, sizeof s->variable, "%s", names[first]);
  for (int i = 0; i < nv; i++) {
    if (i == first)
      continue;
    int t = s->nties++;
    snprintf(s->tie_var[t], sizeof s->tie_var[t], "%s", names[i]);
    int gd = grid_var_dim(l, names[i]);
    s->tie_kind[t] = is_unknown_trip(names[i])      ? KP_TIE_ONCE
                     : is_block_var(l, names[i])    ? KP_TIE_BLOCK
                     : is_smem_var(l, names[i])   ? KP_TIE_FIXED
                     : gd > 0 && !l->grid.x.known ? KP_TIE_FIXED
                     : gd >= 0                    ? KP_TIE_GRID
                                                  : KP_TIE_EQUAL;
    s->tie_div[t] = s->tie_kind[t] == KP_TIE_ONCE    ? 1
                    : s->tie_kind[t] == KP_TIE_GRID  ? GRID_DIV(gd)
                    : s->tie_kind[t] == KP_TIE_FIXED ? (is_smem_var(l, names[i]) ? 0 : 1)
                    : s->tie_kind[t] == KP_TIE_BLOCK
                        ? block_var_value(l, names[i], maxb)
                        : 1;
  }
  int n = 0;
  for (int i = 0; i < KP_SCALING_POINTS; i++) {
    scaling_assume(s, (int64_t)1 << pw[i], as + m->nassume);
    if (kp_check_out_of_time(ctx) || kp__launch_evaluate_at(&mm, l, gpu, model, 0, 0, 0, scanned, &memo, e) != 0)
      break;
    if (e->ok && !e->invalid && isfinite(e->pred.predicted_us) && e->pred.predicted_us > 0) {
      scaling_point(s, n++, pw[i], e);
      s->bound = e->pred.bound;
      s->bound2 = e->pred.bound2;
      s->bound2_ratio = e->pred.bound2_ratio;
    }
    kp_launch_eval_free(e);
  }
  s->npoints = n;
  /* The last two powers, and a time that grows with the variable (else it
   * does not size this launch). */
  if (n < 2 || s->power[n - 1] != s->power[n - 2] + 4)
    goto done;
  double lo = s->predicted_us[0], hi = s->predicted_us[0];
  for (int i = 1; i < n; i++) {
    lo = fmin(lo, s->predicted_us[i]);
    hi = fmax(hi, s->predicted_us[i]);
  }
  if (n == KP_SCALING_POINTS && hi <= lo * 1.01) {
    /* Flat at powers of two: also at odd values (k % 4 is 0 at every power
     * of two, not at 2^12 + 3). */
    static const int64_t odd[2] = {((int64_t)1 << 12) + 3, ((int64_t)1 << 20) - 1};
    int flat = 1;
    for (int i = 0; i < 2 && flat; i++) {
      scaling_assume(s, odd[i], as + m->nassume);
      flat = !kp_check_out_of_time(ctx) &&
             kp__launch_evaluate_at(&mm, l, gpu, model, 0, 0, 0, scanned, &memo, e) == 0 && e->ok &&
             !e->invalid && isfinite(e->pred.predicted_us) &&
             fabs(e->pred.predicted_us - lo) <= lo * 0.01 &&
             fabs(e->pred.predicted_us - hi) <= hi * 0.01;
      kp_launch_eval_free(e);
    }
    s->flat = flat;
    said = flat;
    goto done;
  }
  if (n == KP_SCALING_POINTS && s->predicted_us[n - 1] <= s->predicted_us[n - 2] * 1.01 &&
      s->predicted_us[n - 2] <= s->predicted_us[n - 1] * 1.01) {
    /* Changing, then flat: from the first point within 1 % of the last (a
     * grid capped by min(n, N), a grid-stride loop whose extra threads do
     * no work). */
    int from = n - 1;
    while (from > 0 && fabs(s->predicted_us[from - 1] - s->predicted_us[n - 1]) <=
                           s->predicted_us[n - 1] * 0.01)
      from--;
    if (from == 0)
      goto done;
    /* Also flat at an odd value past that point. */
    int64_t odd = ((int64_t)1 << 20) - 1;
    if (odd > ((int64_t)1 << s->power[from])) {
      scaling_assume(s, odd, as + m->nassume);
      int same = !kp_check_out_of_time(ctx) &&
                 kp__launch_evaluate_at(&mm, l, gpu, model, 0, 0, 0, scanned, &memo, e) == 0 && e->ok &&
                 !e->invalid && isfinite(e->pred.predicted_us) &&
                 fabs(e->pred.predicted_us - s->predicted_us[n - 1]) <=
                     s->predicted_us[n - 1] * 0.01;
      kp_launch_eval_free(e);
      if (!same)
        goto done;
    }
    s->flat_from = from;
    said = 1;
    goto done;
  }
  if (!(s->predicted_us[n - 1] > s->predicted_us[n - 2]))
    goto done;
  if (s->exec_us[n - 2] > 0 && s->exec_us[n - 1] > 0)
    s->growth = log(s->exec_us[n - 1] / s->exec_us[n - 2]) / log(16.0);
  if (isfinite(s->growth) && fabs(s->growth - 1) <= 0.1)
    s->per_2_20_us = (s->predicted_us[n - 1] - s->predicted_us[n - 2]) /
                     (double)(((int64_t)1 << s->power[n - 1]) - ((int64_t)1 << s->power[n - 2])) *
                     (double)(1 << 20);
  said = 1;
#undef GRID_DIV
done:
  kp__scan_memo_free(&memo);
  free(as);
  free(e);
  free(scanned);
  return said;
}

void kp_launch_scaling_vars(const kp_launch_scaling *s, char *buf, size_t len) {
  size_t used = (size_t)snprintf(buf, len, "'%s'", s->variable);
  for (int t = 0; t < s->nties && used < len; t++)
    used += (size_t)snprintf(buf + used, len - used, "%s'%s'",
                             t + 1 == s->nties ? " and " : ", ", s->tie_var[t]);
}

void kp_launch_scaling_ties(const kp_launch_scaling *s, char *buf, size_t len) {
  size_t used = 0;
  if (len)
    buf[0] = '\0';
  int once = kp_launch_scaling_once(s);
  for (int t = 0; t < s->nties && used < len; t++) {
    const char *sep = used ? "; " : "";
    if (s->tie_kind[t] == KP_TIE_ONCE)
      continue; /* together, below */
    if (s->tie_kind[t] == KP_TIE_BLOCK || s->tie_kind[t] == KP_TIE_FIXED)
      used += (size_t)snprintf(buf + used, len - used, "%s%s = %" PRId64, sep, s->tie_var[t],
                               s->tie_div[t]);
    else if (s->tie_kind[t] == KP_TIE_GRID)
      used += (size_t)snprintf(buf + used, len - used,
                               "%s%s = ceil(%s/%" PRId64 "), one thread per element", sep,
                               s->tie_var[t], s->variable, s->tie_div[t]);
    else
      used += (size_t)snprintf(buf + used, len - used, "%s%s = %s", sep, s->tie_var[t],
                               s->variable);
  }
  /* Loops kperf cannot follow, together: "trip@k.cu:8 = trip@k.cu:9 = 1: ...". */
  for (int t = 0, k = 0; t < s->nties && once && used < len; t++) {
    if (s->tie_kind[t] != KP_TIE_ONCE)
      continue;
    const char *sep = k ? " = " : used ? "; " : "";
    const char *end = k + 1 < once ? ""
                      : once > 1   ? " = 1: loops whose trip counts kperf cannot follow, taken "
                                     "to run once, so the times are lower bounds"
                                   : " = 1: a loop whose trip count kperf cannot follow, taken "
                                     "to run once, so the times are lower bounds";
    used += (size_t)snprintf(buf + used, len - used, "%s%s%s", sep, s->tie_var[t], end);
    k++;
  }
}

int kp_launch_scaling_once(const kp_launch_scaling *s) {
  int n = 0;
  for (int t = 0; t < s->nties; t++)
    n += s->tie_kind[t] == KP_TIE_ONCE;
  return n;
}

/* The JSON spelling of each tie kind, in kp_scaling_tie's order. */
static const char *const TIE_NAMES[] = {"equal", "grid", "block", "fixed", "once"};

const char *kp_scaling_tie_name(kp_scaling_tie t) {
  return (unsigned)t < sizeof TIE_NAMES / sizeof *TIE_NAMES ? TIE_NAMES[t] : "equal";
}

kp_scaling_tie kp_scaling_tie_of_name(const char *name) {
  for (unsigned t = 0; name && t < sizeof TIE_NAMES / sizeof *TIE_NAMES; t++)
    if (strcmp(name, TIE_NAMES[t]) == 0)
      return (kp_scaling_tie)t;
  return KP_TIE_EQUAL;
}

void kp_bound_next_text(const char *bound2, double ratio, char *buf, size_t len) {
  if (bound2 && bound2[0] && ratio >= 0.005)
    snprintf(buf, len, " (next: %s at %.0f%%)", bound2, 100.0 * ratio);
  else if (len)
    buf[0] = '\0';
}

/* kp_launch_scaling_text of a block variable: "1.2 us at threads = 32, 1.1 us
 * at 128, 1.05 us at 256, 1.3 us at 1024 (the least at 256), bound by ...". */
static void block_scaling_text(const kp_launch_scaling *s, char *buf, size_t len) {
  int n = s->npoints, dims = s->block_dims;
  char pts[320] = "", tb[32], next[64];
  size_t used = 0;
  double lo = s->predicted_us[0], hi = s->predicted_us[0];
  for (int i = 1; i < n; i++) {
    lo = fmin(lo, s->predicted_us[i]);
    hi = fmax(hi, s->predicted_us[i]);
  }
  kp_bound_next_text(s->bound2, s->bound2_ratio, next, sizeof next);
  int best = s->best >= 0 && s->best < n ? s->best : 0;
  if (hi <= lo * 1.01) {
    kp_format_time_us(s->predicted_us[best], tb, sizeof tb);
    snprintf(buf, len, "%s at every %s from %lld to %lld (the block size does not change the "
             "time), bound by %s%s", tb, s->variable, (long long)1 << s->power[0],
             (long long)1 << s->power[n - 1], s->bound ? s->bound : "?", next);
    return;
  }
  for (int i = 0; i < n && used < sizeof pts; i++) {
    long long v = 1LL << s->power[i];
    long long threads = (dims == 3 ? v * v * v : dims == 2 ? v * v : v) *
                        (s->block_other > 0 ? s->block_other : 1);
    char at[64];
    if (threads != v)
      snprintf(at, sizeof at, "%lld (%lld threads)", v, threads);
    else
      snprintf(at, sizeof at, "%lld", v);
    kp_format_time_us(s->predicted_us[i], tb, sizeof tb);
    if (i == 0)
      used += (size_t)snprintf(pts, sizeof pts, "%s at %s = %s", tb, s->variable, at);
    else
      used += (size_t)snprintf(pts + used, sizeof pts - used, ", %s at %s", tb, at);
  }
  snprintf(buf, len, "%s (the least at %s = %lld), bound by %s%s", pts, s->variable,
           1LL << s->power[best], s->bound ? s->bound : "?", next);
}

void kp_launch_scaling_text(const kp_launch_scaling *s, char *buf, size_t len) {
  const char *name = s->variable;
  int n = s->npoints;
  char pts[160] = "", tb[32];
  size_t used = 0;
  if (s->block_dims) {
    block_scaling_text(s, buf, len);
    return;
  }
  for (int i = (n > 3 ? n - 3 : 0); i < n && used < sizeof pts; i++) {
    kp_format_time_us(s->predicted_us[i], tb, sizeof tb);
    if (used == 0)
      used += (size_t)snprintf(pts, sizeof pts, "%s at %s = 2^%d", tb, name, s->power[i]);
    else
      used += (size_t)snprintf(pts + used, sizeof pts - used, ", %s at 2^%d", tb, s->power[i]);
  }
  char scale[256];
  if (s->flat) {
    char next[64];
    kp_format_time_us(s->predicted_us[n - 1], tb, sizeof tb);
    kp_bound_next_text(s->bound2, s->bound2_ratio, next, sizeof next);
    snprintf(buf, len, "%s at every %s from 2^%d to 2^%d (the time does not grow with %s), "
             "bound by %s%s", tb, name, s->power[0], s->power[n - 1], name,
             s->bound ? s->bound : "?", next);
    return;
  }
  if (s->flat_from > 0 && s->flat_from < n) {
    char next[64], t0[32];
    kp_format_time_us(s->predicted_us[n - 1], tb, sizeof tb);
    kp_format_time_us(s->predicted_us[0], t0, sizeof t0);
    kp_bound_next_text(s->bound2, s->bound2_ratio, next, sizeof next);
    snprintf(buf, len, "%s at every %s from 2^%d to 2^%d (the time does not change beyond %s = "
             "2^%d; %s at 2^%d), bound by %s%s", tb, name, s->power[s->flat_from],
             s->power[n - 1], name, s->power[s->flat_from], t0, s->power[0],
             s->bound ? s->bound : "?", next);
    return;
  }
  if (isfinite(s->per_2_20_us)) {
    kp_format_time_us(s->per_2_20_us, tb, sizeof tb);
    snprintf(scale, sizeof scale, "linear at large %s: %s more per 2^20 of %s", name, tb, name);
  } else if (isfinite(s->growth)) {
    snprintf(scale, sizeof scale, "growing as %s^%.2g at large %s", name, s->growth, name);
  } else {
    snprintf(scale, sizeof scale, "growing with %s", name);
  }
  char next[64];
  kp_bound_next_text(s->bound2, s->bound2_ratio, next, sizeof next);
  snprintf(buf, len, "%s (%s), bound by %s%s", pts, scale, s->bound ? s->bound : "?", next);
}
