/* The block-size search of a launch's evaluation (launch_eval.c) and the
 * block shapes a kernel is analysed under: whether a kernel computes the same
 * result with another block shape (kernel_reshapable), the 1-D and 2-D
 * candidates the model is asked about and the one recommended, and the
 * shapes of a kernel's launches (kp_kernel_shapes, lanes.h) the checks scan.
 * It may use the model, formulas, counts and the models (predict.h); nothing
 * of diagnostics/ or tools/. */
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

/* ---- Block shapes ------------------------------------------------------ */

/* Launches a and b give the kernel's integer parameters the same values
 * (both folded to the same constant, or both unknown). */
static int same_arguments(const kp_launch *a, const kp_launch *b) {
  if (!a || !b || a == b)
    return 1;
  if (a->nargs != b->nargs || !a->args || !b->args)
    return a->nargs == b->nargs;
  for (size_t i = 0; i < a->nargs; i++)
    if (a->args[i].known != b->args[i].known ||
        (a->args[i].known && a->args[i].value != b->args[i].value))
      return 0;
  return 1;
}

/* out has room for KP_SHAPES_MAX; a distinct shape beyond them is counted
 * in *dropped. */
static void add_shape(kp_shape *out, size_t *n, int64_t x, int64_t y, int64_t z,
                      kp_shape_source src, const kp_launch *l, size_t *dropped) {
  /* Each dimension at most 1024 first, so that the product cannot overflow. */
  if (x < 1 || y < 1 || z < 1 || x > 1024 || y > 1024 || z > 1024 || x * y * z > 1024)
    return;
  /* One shape per block size and arguments: stride<<<g, 256>>>(a, 1) and
   * stride<<<g, 256>>>(a, s) are judged apart. */
  for (size_t i = 0; i < *n; i++)
    if (out[i].x == x && out[i].y == y && out[i].z == z && same_arguments(out[i].launch, l))
      return;
  if (*n >= KP_SHAPES_MAX) {
    ++*dropped;
    return;
  }
  out[*n] = (kp_shape){x, y, z, src, l};
  ++*n;
}

size_t kp_kernel_shapes(const kp_module *m, const kp_kernel *k, kp_shape *out) {
  size_t dropped;
  return kp_kernel_shapes_counted(m, k, out, &dropped);
}

size_t kp_kernel_shapes_counted(const kp_module *m, const kp_kernel *k, kp_shape *out,
                                size_t *dropped) {
  size_t n = 0;
  *dropped = 0;
  int ki = (int)(k - m->kernels);
  kp_binding b[256];
  for (size_t i = 0; i < m->nlaunches; i++) {
    const kp_launch *l = &m->launches[i];
    if (l->kernel != ki)
      continue;
    size_t nb = kp_launch_bindings(m, l, b, sizeof b / sizeof *b);
    int64_t d[3];
    if (kp_binding_lookup(b, nb, kp_block_dim_names[0], &d[0]) && kp_binding_lookup(b, nb, kp_block_dim_names[1], &d[1]) &&
        kp_binding_lookup(b, nb, kp_block_dim_names[2], &d[2]))
      add_shape(out, &n, d[0], d[1], d[2], KP_SHAPE_LAUNCH, l, dropped);
  }
  if (n)
    return n;
  if (k->block_pragma[0] > 0) {
    add_shape(out, &n, k->block_pragma[0], k->block_pragma[1] ? k->block_pragma[1] : 1,
              k->block_pragma[2] ? k->block_pragma[2] : 1, KP_SHAPE_PRAGMA, NULL, dropped);
    if (n)
      return n;
  }
  int64_t d[3] = {0, 1, 1};
  int have = kp_binding_lookup(m->assume, m->nassume, kp_block_dim_names[0], &d[0]);
  kp_binding_lookup(m->assume, m->nassume, kp_block_dim_names[1], &d[1]);
  kp_binding_lookup(m->assume, m->nassume, kp_block_dim_names[2], &d[2]);
  if (have)
    add_shape(out, &n, d[0], d[1], d[2], KP_SHAPE_ASSUMED, NULL, dropped);
  if (!n && k->max_threads_per_block > 0)
    add_shape(out, &n, k->max_threads_per_block, 1, 1, KP_SHAPE_BOUNDS, NULL, dropped);
  if (!n)
    add_shape(out, &n, 256, 1, 1, KP_SHAPE_DEFAULT, NULL, dropped);
  return n;
}

void kp_shape_describe(const kp_shape *s, char *buf, size_t len) {
  switch (s->source) {
  case KP_SHAPE_LAUNCH: {
    const kp_loc *l = s->launch ? &s->launch->loc : NULL;
    const char *f = l && l->file ? strrchr(l->file, '/') : NULL;
    f = f ? f + 1 : l && l->file ? l->file : "?";
    snprintf(buf, len, "block (%lld, %lld, %lld) of the launch at %s:%u", (long long)s->x,
             (long long)s->y, (long long)s->z, f, l ? l->line : 0);
    break;
  }
  case KP_SHAPE_PRAGMA:
    snprintf(buf, len, "block (%lld, %lld, %lld) from #pragma kperf block", (long long)s->x,
             (long long)s->y, (long long)s->z);
    break;
  case KP_SHAPE_ASSUMED:
    snprintf(buf, len, "block (%lld, %lld, %lld) from the assumed blockDim", (long long)s->x,
             (long long)s->y, (long long)s->z);
    break;
  case KP_SHAPE_BOUNDS:
    snprintf(buf, len,
             "block (%lld, 1, 1) assumed from __launch_bounds__(%lld) (no launch in this file; "
             "give the shape with #pragma kperf block(x, y, z))",
             (long long)s->x, (long long)s->x);
    break;
  case KP_SHAPE_DEFAULT:
    snprintf(buf, len,
             "block shape unknown (no launch in this file): assumed 1-D with 256 threads; give it "
             "with #pragma kperf block(x, y, z)");
    break;
  }
}

/* ---- Kernel shape ---------------------------------------------------------- */

/* Whether a kernel reshaped in `dims` dimensions (1: x, 2: x and y) reads
 * thread ids of the dimensions that must stay 1 (y and z, or z). */
static int sym_uses_above(const kp_sym *s, int dims) {
  return s && ((dims < 2 && kp_sym_uses(s, kp_id_names[KP_V_TID_Y])) ||
               kp_sym_uses(s, kp_id_names[KP_V_TID_Z]));
}

/* Branch conditions are kept as written (kp_branch.cond). */
static int text_uses_above(const char *t, int dims) {
  return t && ((dims < 2 && strstr(t, "threadIdx.y")) || strstr(t, "threadIdx.z"));
}

static int region_uses_above(const kp_region *r, int dims) {
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_BRANCH && n->branch &&
        (text_uses_above(n->branch->cond, dims) || region_uses_above(&n->branch->then_r, dims) ||
         region_uses_above(&n->branch->else_r, dims)))
      return 1;
    if (n->kind == KP_NODE_LOOP && n->loop && region_uses_above(&n->loop->body, dims))
      return 1;
  }
  return 0;
}

/* Whether s reads dimension d's thread or block id (d: 0 x, 1 y). */
static int is_thread_sym(const kp_sym *s, int d) {
  return s && (kp_sym_uses(s, kp_id_names[KP_V_TID_X + d]) ||
               kp_sym_uses(s, kp_id_names[KP_V_CTAID_X + d]));
}

static int is_ids_free(const kp_sym *s) {
  return s && !kp_sym_uses_prefix(s, "threadIdx.") && !kp_sym_uses_prefix(s, "blockIdx.");
}

/* Whether s places dimension d's blocks by a stride other than the block's
 * size: it reads blockIdx but not blockDim of d (`blockIdx.x * 32 +
 * threadIdx.x`). */
static int sym_fixed_stride(const kp_sym *s, int d) {
  return s && kp_sym_uses(s, kp_id_names[KP_V_CTAID_X + d]) &&
         !kp_sym_uses(s, kp_block_dim_names[d]);
}

/* Whether s reads dimension d's grid size apart from its thread count
 * (gridDim.x without blockDim.x): its value changes with the block size. */
static int sym_grid_alone(const kp_sym *s, int d) {
  return s && kp_sym_uses(s, kp_grid_dim_names[d]) && !kp_sym_uses(s, kp_block_dim_names[d]);
}

/* Whether s reads a thread or block id. */
static int sym_uses_ids(const kp_sym *s) {
  return s && (kp_sym_uses_prefix(s, "threadIdx.") || kp_sym_uses_prefix(s, "blockIdx."));
}

/* Whether pred(s, d) holds for one of the kernel's formulas: an access's
 * index (its base and the terms' coefficients) and guards, a loop's init,
 * step and trip. */
static int kernel_any_sym(const kp_kernel *k, int (*pred)(const kp_sym *s, int d), int d) {
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->index.known && pred(a->index.base, d))
      return 1;
    for (size_t t = 0; a->index.known && t < a->index.nterms; t++)
      if (pred(a->index.terms[t].coef, d))
        return 1;
    for (size_t g = 0; g < a->nguards; g++)
      if (pred(a->guards[g].lhs, d) || pred(a->guards[g].rhs, d))
        return 1;
  }
  for (size_t i = 0; i < k->nloops; i++) {
    const kp_loop *l = k->loops[i];
    if (pred(l->init, d) || pred(l->step, d) || pred(l->trip, d))
      return 1;
  }
  return 0;
}

/* Whether an access's index has a term in variable var whose coefficient
 * does not read `needs` (NULL: any term in var). */
static int kernel_any_term(const kp_kernel *k, int var, const char *needs) {
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_affine *x = &k->accesses[i].index;
    for (size_t t = 0; x->known && t < x->nterms; t++)
      if (x->terms[t].var == var && !(needs && x->terms[t].coef && kp_sym_uses(x->terms[t].coef, needs)))
        return 1;
  }
  return 0;
}

/* Whether the kernel computes the same result with another block shape in
 * `dims` dimensions (1: 1-D blocks; 2: 2-D blocks, x and y sizes changed)
 * and a grid that covers the problem; why not in why.  A kernel that places
 * its blocks by a constant (`blockIdx.x * 32 + threadIdx.x`) assumes its
 * block size: another one would skip or repeat elements; one that singles
 * out threads (`threadIdx.x == 0`) or reads gridDim.x alone does work per
 * block.  Returns 1 when any shape does (a bounds check per dimension, or in
 * 1-D a grid-stride loop: *grid_stride says which), 2 (1-D only) when only
 * sizes that divide the problem do (no bounds check: the launch must keep
 * its exact thread count), 0 when none is proved to. */
static int kernel_reshapable(const kp_kernel *k, const kp_launch_eval *e, double syncs, int dims,
                             char *why, size_t len, int *grid_stride) {
  *grid_stride = 0;
  if (dims == 1 && (e->block[1] != 1 || e->block[2] != 1)) {
    snprintf(why, len, "the block is not 1-D");
    return 0;
  }
  if (dims == 2 && e->block[2] != 1) {
    snprintf(why, len, "the block is 3-D");
    return 0;
  }
  if (k->nshared_decls > 0 || k->shared_static_bytes > 0 || k->uses_dynamic_shared) {
    snprintf(why, len, "the kernel uses __shared__ arrays, whose size or indexing may assume "
                       "the block shape");
    return 0;
  }
  if (syncs > 0 || k->body.nnodes == 0) {
    snprintf(why, len, "the kernel synchronises its block (__syncthreads), as reductions over "
                       "blockDim do");
    return 0;
  }
  if (k->block_pragma[0] > 0) {
    snprintf(why, len, "#pragma kperf block fixes the block shape");
    return 0;
  }
  if (region_uses_above(&k->body, dims) || kernel_any_sym(k, sym_uses_above, dims) ||
      (dims < 2 && kernel_any_term(k, KP_V_TID_Y, NULL)) || kernel_any_term(k, KP_V_TID_Z, NULL)) {
    snprintf(why, len, dims == 1 ? "the kernel uses threadIdx.y/z" : "the kernel uses threadIdx.z");
    return 0;
  }
  for (int d = 0; d < dims; d++) {
    if (kernel_any_sym(k, sym_fixed_stride, d) ||
        kernel_any_term(k, KP_V_CTAID_X + d, kp_block_dim_names[d])) {
      snprintf(why, len, "the kernel places its blocks by blockIdx.%c times a size other than "
                         "blockDim.%c, so it assumes its block size", "xy"[d], "xy"[d]);
      return 0;
    }
    int singles = 0;
    for (size_t i = 0; d == 0 && i < k->naccesses && !singles; i++)
      for (size_t g = 0; g < k->accesses[i].nguards && !singles; g++) {
        const kp_guard *gd = &k->accesses[i].guards[g];
        singles = (gd->op == KP_GUARD_EQ || gd->op == KP_GUARD_NE) &&
                  (sym_uses_ids(gd->lhs) || sym_uses_ids(gd->rhs));
      }
    if (singles || kernel_any_sym(k, sym_grid_alone, d)) {
      snprintf(why, len, "the kernel singles out threads (threadIdx.x == 0) or reads gridDim.%c, "
                         "so its work depends on the block size", "xy"[d]);
      return 0;
    }
  }
  /* Evidence that any thread count is handled: a grid-stride loop (1-D) or
   * a bounds check in each dimension. */
  for (size_t i = 0; dims == 1 && i < k->nloops; i++) {
    const kp_loop *l = k->loops[i];
    if (l->step && kp_sym_uses(l->step, kp_grid_dim_names[0]) &&
        kp_sym_uses(l->step, kp_block_dim_names[0]))
      *grid_stride = 1;
  }
  int bounds[2] = {0, 0};
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    for (size_t g = 0; g < a->nguards; g++) {
      const kp_guard *gd = &a->guards[g];
      if (gd->op == KP_GUARD_EQ || gd->op == KP_GUARD_NE)
        continue;
      for (int d = 0; d < dims; d++)
        if ((is_thread_sym(gd->lhs, d) && is_ids_free(gd->rhs)) ||
            (is_thread_sym(gd->rhs, d) && is_ids_free(gd->lhs)))
          bounds[d] = 1;
    }
  }
  if (dims == 2) {
    if (!bounds[0] || !bounds[1]) {
      snprintf(why, len, "the kernel has no bounds check in %s, so its work may depend on the "
                         "exact thread count", !bounds[0] && !bounds[1] ? "x and y" :
                                                !bounds[0] ? "x" : "y");
      return 0;
    }
    snprintf(why, len, "bounds checks in x and y");
    return 1;
  }
  if (!*grid_stride && !bounds[0]) {
    snprintf(why, len, "the kernel has neither a bounds check (if (i < n)) nor a grid-stride "
                       "loop: only block sizes that divide the problem keep its thread count");
    return 2;
  }
  snprintf(why, len, "%s", *grid_stride ? "grid-stride loop" : "bounds check");
  return 1;
}


/* The problem text of cover n: "n", "N", "(rows * cols)". */
static void problem_text_of(const kp_expr *n, char *buf, size_t len) {
  snprintf(buf, len, n->name || n->known ? "%s" : "(%s)", n->text ? n->text : "?");
}

/* The candidate to recommend: the fastest; within 2% of it, a power of two
 * of threads before another, then the fewest threads, then the widest x.
 * It is recommended when it is another shape and at least 10% faster than
 * the launch. */
static void choose_best(kp_launch_eval *e) {
  for (size_t i = 0; i < e->ncand; i++)
    if (isfinite(e->cand[i].predicted_us) &&
        (e->best < 0 || e->cand[i].predicted_us < e->cand[e->best].predicted_us))
      e->best = (int)i;
  if (e->best < 0)
    return;
  double lim = e->cand[e->best].predicted_us * 1.02;
  int pick = -1;
  for (size_t i = 0; i < e->ncand; i++) {
    const kp_launch_candidate *c = &e->cand[i];
    int64_t t = c->block * c->block_y;
    if (!isfinite(c->predicted_us) || c->predicted_us > lim || (t & (t - 1)) != 0)
      continue;
    const kp_launch_candidate *p = pick >= 0 ? &e->cand[pick] : NULL;
    if (!p || t < p->block * p->block_y || (t == p->block * p->block_y && c->block > p->block))
      pick = (int)i;
  }
  if (pick >= 0)
    e->best = pick;
  const kp_launch_candidate *b = &e->cand[e->best];
  if ((b->block != e->block[0] || b->block_y != e->block[1]) &&
      b->predicted_us <= 0.9 * e->pred.predicted_us)
    e->recommend = 1;
}

/* No other launch is searched for an AMD GPU: the time model is far from
 * the measurements of AMD GPUs (docs/models.md, "AMD GPUs"), and a
 * recommendation built on it could cost more than it saves. */
static int amd_no_reshape(const kp_gpu *gpu, kp_launch_eval *e) {
  if (!kp_gpu_is_amd(gpu))
    return 0;
  e->reshape_ok = 0;
  snprintf(e->reshape_why, sizeof e->reshape_why,
           "kperf does not search launches for AMD GPUs (%s): its time model does not yet "
           "rank launches on them as measured",
           gpu->id);
  return 1;
}

/* 2-D candidates for a 2-D launch of a kernel that runs correctly with any
 * block shape in x and y (kernel_reshapable, dims 2) and whose grid covers a
 * problem in each dimension: blocks of bx x by threads (powers of two, bx
 * from 8, whole warps, up to the kernel's maximum), the grid recomputed.
 * Each candidate's coalescing and bank conflicts are scanned for its own
 * shape (a narrow block spreads a warp over rows).  Sets e->two_d, cand,
 * best and recommend; 0, or -1 out of memory. */
static int candidates_2d(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                         const kp_gpu *gpu, kp_model_kind model, int maxb, kp_launch_eval *e) {
  int gs;
  if (amd_no_reshape(gpu, e))
    return 0;
  e->reshape_ok = kernel_reshapable(k, e, e->in.syncs, 2, e->reshape_why,
                                    sizeof e->reshape_why, &gs) == 1;
  if (!e->reshape_ok)
    return 0;
  const kp_expr *g[2] = {&l->grid.x, &l->grid.y}, *n[2] = {NULL, NULL};
  int64_t P[2];
  for (int d = 0; d < 2; d++) {
    int64_t p;
    if (!kp__launch_grid_cover(g[d], e->block[d], e->b, e->nb, &n[d])) {
      e->reshape_ok = 0;
      snprintf(e->reshape_why, sizeof e->reshape_why,
               "the grid's %c size is not written as the problem divided by the block's", "xy"[d]);
      return 0;
    }
    P[d] = kp__launch_expr_value(n[d], e->b, e->nb, &p) && p > 0 ? p : e->grid[d] * e->block[d];
  }
  e->two_d = e->grid_from_problem = 1;
  e->problem_size = P[0];
  e->problem_size_y = P[1];
  problem_text_of(n[0], e->problem_text, sizeof e->problem_text);
  problem_text_of(n[1], e->problem_text_y, sizeof e->problem_text_y);
  if (e->nb + 4 > KP_LAUNCH_MAX_BINDINGS)
    return 0;
  e->cand = calloc(KP_LAUNCH_MAX_CANDIDATES, sizeof *e->cand);
  kp_launch_eval *ec = malloc(sizeof *ec);
  if (!e->cand || !ec) {
    free(ec);
    return -1;
  }
  for (int64_t bx = 8; bx <= 1024; bx *= 2)
    for (int64_t by = 1; bx * by <= maxb && e->ncand < KP_LAUNCH_MAX_CANDIDATES; by *= 2) {
      int64_t gx = (P[0] + bx - 1) / bx, gy = (P[1] + by - 1) / by;
      if (bx * by < 32 || gy > 65535)
        continue;
      kp_launch_candidate *c = &e->cand[e->ncand];
      c->block = bx;
      c->block_y = by;
      c->grid = gx;
      c->grid_y = gy;
      c->predicted_us = NAN;
      *ec = *e;
      ec->cand = NULL;
      ec->block[0] = bx, ec->block[1] = by, ec->grid[0] = gx, ec->grid[1] = gy;
      const int64_t v[4] = {bx, by, gx, gy};
      const char *const nm[4] = {kp_block_dim_names[0], kp_block_dim_names[1],
                                 kp_grid_dim_names[0], kp_grid_dim_names[1]};
      for (int i = 0; i < 4; i++)
        ec->b[ec->nb++] = (kp_binding){nm[i], v[i]};
      kp_launch lc = *l;
      kp_expr *const sizes[4] = {&lc.block.x, &lc.block.y, &lc.grid.x, &lc.grid.y};
      for (int i = 0; i < 4; i++) {
        sizes[i]->known = 1;
        sizes[i]->value = v[i];
      }
      kp_predict_input in;
      char err[256];
      kp_predict_input_init(&in);
      in.smem_bytes = ec->smem_dynamic;
      if (kp_predict_input_from_kernel(k, ec->b, ec->nb, &in, err, sizeof err) == 0) {
        ec->global_bytes = in.bytes[KP_SPACE_GLOBAL];
        kp__launch_uncoalesced(m, k, &lc, gpu, ec);
        kp__launch_bank_replays(m, k, &lc, gpu, ec, NULL);
        if (kp__launch_predict_with(m, k, ec, ec->b, ec->nb, gpu, model, &in, &c->pred, err, sizeof err) == 0)
          c->predicted_us = c->pred.predicted_us;
      }
      e->ncand++;
    }
  free(ec);
  choose_best(e);
  return 0;
}


/* The block sizes the model predicts faster for launch l (evaluated in e,
 * ok): 1-D candidates of 32 to the kernel's maximum threads when the
 * kernel runs correctly with any block size and its grid covers a problem
 * (or `problem` is given); 2-D ones for a 2-D launch (candidates_2d).
 * Sets e->cand, best and recommend; 0, or -1 out of memory. */
int kp__launch_candidates(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                          const kp_gpu *gpu, kp_model_kind model, int64_t problem,
                          int candidates, kp_launch_eval *e) {
  /* Candidates. */
  int grid_stride = 0;
  int reshape = amd_no_reshape(gpu, e) ? 0
                                        : kernel_reshapable(k, e, e->in.syncs, 1, e->reshape_why,
                                                            sizeof e->reshape_why, &grid_stride);
  e->reshape_ok = reshape != 0;
  e->exact_fit = reshape == 2 && candidates == 1;
  const kp_expr *cover = NULL;
  int cover_kind = 0, cover_known = 0;
  if (problem > 0) {
    e->grid_from_problem = 1;
    e->problem_size = problem;
    snprintf(e->problem_text, sizeof e->problem_text, "%" PRId64, problem);
  } else if (e->block[1] == 1 && e->block[2] == 1 && e->grid[1] == 1 && e->grid[2] == 1 &&
             (cover_kind = kp__launch_grid_cover(&l->grid.x, e->block[0], e->b, e->nb, &cover))) {
    int64_t p;
    e->grid_from_problem = 1;
    problem_text_of(cover, e->problem_text, sizeof e->problem_text);
    cover_known = kp__launch_expr_value(cover, e->b, e->nb, &p) && p > 0;
    e->problem_size = cover_known ? p : e->grid[0] * e->block[0];
  }
  if (candidates == 2 && !e->grid_from_problem && !grid_stride) {
    /* Asked for a sweep: the launch covers grid x block elements. */
    e->grid_from_problem = 1;
    e->problem_size = e->grid[0] * e->block[0];
    snprintf(e->problem_text, sizeof e->problem_text, "%" PRId64, e->problem_size);
  }
  int maxb = gpu->limits.max_threads_per_block > 0 ? gpu->limits.max_threads_per_block : 1024;
  if (k->max_threads_per_block > 0 && k->max_threads_per_block < maxb)
    maxb = k->max_threads_per_block;
  if (candidates == 1 && problem <= 0 && isfinite(e->pred.predicted_us) && e->block[2] == 1 &&
      e->grid[2] == 1 && (e->block[1] != 1 || e->grid[1] != 1)) {
    e->grid_from_problem = 0;
    return candidates_2d(m, k, l, gpu, model, maxb, e);
  }
  if (candidates == 0 || (candidates == 1 && !isfinite(e->pred.predicted_us)) || e->block[1] != 1 || e->block[2] != 1 ||
      e->grid[1] != 1 || e->grid[2] != 1)
    return 0;
  if (candidates == 1 && !e->reshape_ok)
    return 0;
  /* A bounds-checked kernel needs its grid to cover the problem; one with no
   * bounds check, a grid of exactly P / block threads' blocks with P known. */
  if (candidates == 1 && !e->grid_from_problem && !grid_stride)
    return 0;
  if (e->exact_fit &&
      !(problem > 0 || (cover_kind == 1 && cover_known)) ) {
    snprintf(e->reshape_why, sizeof e->reshape_why,
             "the kernel has no bounds check and its grid is not the problem size / the block "
             "size with a known problem size");
    return 0;
  }
  if (e->exact_fit && e->problem_size != e->grid[0] * e->block[0]) {
    snprintf(e->reshape_why, sizeof e->reshape_why,
             "the kernel has no bounds check and its launch does not fit the problem exactly");
    return 0;
  }
  e->cand = calloc(KP_LAUNCH_MAX_CANDIDATES, sizeof *e->cand);
  if (!e->cand)
    return -1;
  kp_binding *b = malloc((e->nb + 2) * sizeof *b);
  if (!b)
    return -1;
  memcpy(b, e->b, e->nb * sizeof *b);
  for (int bs = 32; bs <= maxb && e->ncand < KP_LAUNCH_MAX_CANDIDATES; bs += 32) {
    kp_launch_candidate *c = &e->cand[e->ncand];
    if (e->exact_fit && e->problem_size % bs != 0)
      continue; /* would launch more or fewer threads than the kernel has work for */
    c->block = bs;
    c->grid = e->grid_from_problem ? (e->problem_size + bs - 1) / bs : e->grid[0];
    c->block_y = c->grid_y = 1;
    b[e->nb].name = kp_block_dim_names[0];
    b[e->nb].value = bs;
    b[e->nb + 1].name = kp_grid_dim_names[0];
    b[e->nb + 1].value = c->grid;
    kp_predict_input cin;
    char err[256];
    c->predicted_us = NAN;
    if (kp__launch_predict_with(m, k, e, b, e->nb + 2, gpu, model, &cin, &c->pred, err, sizeof err) == 0)
      c->predicted_us = c->pred.predicted_us;
    e->ncand++;
  }
  free(b);
  choose_best(e);
  return 0;
}
