/* The launch evaluation engine (launch.h): for one launch of the module, its
 * sizes, bindings, the prediction of the chosen model (predict.h), the 1-D
 * block sizes the model predicts faster when the kernel runs correctly with
 * any block size, and, with one unknown, the time as a function of it.  The
 * kperf-launch check (checks/launch.c) and the prediction JSON read it.
 *
 * Uncoalesced traffic feeds the model: each global access of the kernel is
 * scanned for the launch's block shape (lanes.h) and the bytes its warp
 * requests move beyond what a coalesced request of the same lanes moves
 * (warp.h: transactions over ideal), per active lane, times the access's
 * execution count (the trip counts of its loops at the launch; 1 when one
 * does not evaluate), are summed per thread; they are added to the thread's
 * global bytes and given to the model as uncoalesced bytes.  Candidates of another block
 * size reuse the launch's ratio of excess to global bytes (the scan is not
 * repeated for each block size). */
#include "kperf/arena.h"
#include "kperf/checks.h"
#include "kperf/count.h"
#include "kperf/launch.h"
#include "kperf/lanes.h"
#include "kperf/ptxas.h"
#include "kperf/report.h"
#include "kperf/siblings.h"
#include "kperf/atomics.h"
#include "kperf/sym.h"
#include "kperf/warp.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kp_format_time_us(double us, char *buf, size_t len) {
  if (!isfinite(us))
    snprintf(buf, len, "?");
  else if (us >= 1e6)
    snprintf(buf, len, "%.3g s", us / 1e6);
  else if (us >= 1e3)
    snprintf(buf, len, "%.3g ms", us / 1e3);
  else
    snprintf(buf, len, "%.3g us", us);
}

/* ---- Bindings ----------------------------------------------------------- */

/* ---- Sizes as the plugin kept them ------------------------------------------ */

/* The variable x is: the plain name it is written as, or the one variable
 * its formula is ("grid.x"); NULL otherwise. */
static const char *expr_var(const kp_expr *x) {
  if (x->name)
    return x->name;
  return x->sym && x->sym->kind == KP_SYM_VAR ? x->sym->name : NULL;
}

/* The value of x with the bindings: folded, given for its name, or its
 * formula evaluated.  1 and *out set, or 0. */
static int expr_value(const kp_expr *x, const kp_binding *b, size_t nb, int64_t *out) {
  if (x->known) {
    *out = x->value;
    return 1;
  }
  return (x->name && kp_binding_lookup(b, nb, x->name, out)) || kp_sym_eval(x->sym, b, nb, out);
}

/* What a grid size covers, when it is written as a quotient whose divisor
 * is the block's size bval (kp_quotient: its value with the bindings): 2
 * and *n its N for a rounded-up division (`(n + b - 1) / b`, `divUp(n, b)`),
 * 1 for n / b; 0 when the grid is written otherwise ((n + 7) / 32 included). */
static int grid_cover(const kp_expr *g, int64_t bval, const kp_binding *b, size_t nb,
                      const kp_expr **n) {
  const kp_quotient *q = g->quot;
  int64_t d;
  if (!q || bval <= 0 || !expr_value(&q->den, b, nb, &d) || d != bval)
    return 0;
  if (q->has_tail && !q->round_up) {
    if (q->tail != bval - 1)
      return 0; /* (n + 7) / 32: neither n / 32 nor n rounded up */
    *n = &q->head;
    return 2;
  }
  *n = &q->num;
  return q->round_up ? 2 : 1;
}

/* Copies name into e->missing when it fits; 1 when copied. */
static int set_missing(kp_launch_eval *e, const char *name) {
  if (!name || strlen(name) >= sizeof e->missing)
    return 0;
  memcpy(e->missing, name, strlen(name) + 1);
  return 1;
}

/* Whether name is a ceiling-division helper: iDivUp, cuda_iDivUp, divUp,
 * DIV_UP, divRndUp, ceil_div, ceilDiv, div_round_up, DIVIDE_ROUND_UP ... */
int kp_is_divup_name(const char *name, size_t len) {
  char low[64];
  size_t n = 0;
  for (size_t i = 0; i < len && n + 1 < sizeof low; i++)
    if (name[i] != '_')
      low[n++] = (char)tolower((unsigned char)name[i]);
  low[n] = '\0';
  size_t ll = strlen(low);
  static const char *const ends[] = {"divup", "ceildiv", "divroundup", "divrndup", "divideroundup",
                                     "divceil"};
  for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
    size_t le = strlen(ends[i]);
    if (ll >= le && strcmp(low + ll - le, ends[i]) == 0)
      return 1;
  }
  return 0;
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

/* ---- Uncoalesced traffic ------------------------------------------------------ */

typedef struct coal_acc {
  const kp_gpu *gpu;
  double excess, asked; /* bytes beyond a coalesced request; bytes the lanes ask for */
  double moved;         /* bytes the requests move */
  double requests;      /* warp requests scanned */
  double tsize;         /* bytes of a transaction (a sector; a line on AMD) */
  double total;         /* excess bytes per thread, over the accesses done */
  double reused;        /* of those, read again by the same lanes in later iterations */
  double reused_st;     /* the part of reused that stores write (L2 merges them; L1 does not) */
  double set;           /* bytes of sectors a warp keeps for that */
  double l1_extra;      /* L1 data-path cycles per warp beyond one per request */
  double *excess_of;    /* per access of the kernel: its excess bytes per thread (NULL) */
} coal_acc;

static void coal_visit(void *user, const kp_scan_point *sp) {
  coal_acc *c = user;
  kp_coalescing co;
  if (sp->sample != 0)
    return;
  if (kp_scan_point_requests(c->gpu, sp, &co) != KP_WARP_OK)
    return;
  unsigned lanes = (unsigned)__builtin_popcount(sp->lanes->active) +
                   (sp->lanes_hi ? (unsigned)__builtin_popcount(sp->lanes_hi->active) : 0);
  if (lanes == 0 || co.transactions == 0)
    return;
  if (co.transactions > co.ideal)
    c->excess += (double)co.bytes_moved * (double)(co.transactions - co.ideal) / co.transactions;
  c->asked += (double)lanes * sp->lanes->width;
  c->moved += (double)co.bytes_moved;
  c->requests += 1;
  if (co.transaction_bytes > c->tsize)
    c->tsize = co.transaction_bytes;
}

/* Executions of access a per thread: the product of its loops' trip counts. */
static double exec_count(const kp_kernel *k, const kp_access *a, const kp_binding *b, size_t nb) {
  double n = 1;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops;) {
    const kp_loop *lp = k->loops[l];
    int64_t t;
    if (kp_sym_eval(lp->trip, b, nb, &t))
      n *= t > 0 ? (double)t : 0;
    l = lp->parent;
  }
  return n * kp_access_share(a, b, nb);
}

/* Scans kept across the evaluations of one launch that differ in sizes an
 * access may not read (a statement's points): per access and block shape,
 * the scan's key (kp_access_scan_key), the points it visited and its
 * accumulator, which then holds only that access's state (reset() clears
 * all of it).  A scan whose key is equal is not run again. */
typedef struct scan_memo_entry {
  size_t access;
  int64_t block[3];
  int64_t *key;
  size_t nkey;
  size_t visited;
  void *acc;
} scan_memo_entry;

typedef struct scan_memo {
  scan_memo_entry *e;
  size_t n, cap;
} scan_memo;

static void scan_memo_free(scan_memo *mo) {
  for (size_t i = 0; mo && i < mo->n; i++) {
    free(mo->e[i].key);
    free(mo->e[i].acc);
  }
  if (mo)
    free(mo->e);
}

/* The entry of access i under shape s with key[0..nkey), or NULL. */
static const scan_memo_entry *scan_memo_find(const scan_memo *mo, size_t i, const kp_shape *s,
                                             const int64_t *key, size_t nkey) {
  for (size_t j = 0; mo && j < mo->n; j++) {
    const scan_memo_entry *me = &mo->e[j];
    if (me->access == i && me->block[0] == s->x && me->block[1] == s->y &&
        me->block[2] == s->z && me->nkey == nkey &&
        memcmp(me->key, key, nkey * sizeof *key) == 0)
      return me;
  }
  return NULL;
}

/* Keeps a scan's result (nothing when out of memory: it is scanned again). */
static void scan_memo_add(scan_memo *mo, size_t i, const kp_shape *s, const int64_t *key,
                          size_t nkey, size_t visited, const void *acc, size_t acc_size) {
  if (mo->n == mo->cap) {
    size_t cap = mo->cap ? 2 * mo->cap : 16;
    scan_memo_entry *e = realloc(mo->e, cap * sizeof *e);
    if (!e)
      return;
    mo->e = e;
    mo->cap = cap;
  }
  int64_t *k = malloc(nkey ? nkey * sizeof *k : 1);
  void *a = malloc(acc_size);
  if (!k || !a) {
    free(k);
    free(a);
    return;
  }
  memcpy(k, key, nkey * sizeof *k);
  memcpy(a, acc, acc_size);
  mo->e[mo->n++] = (scan_memo_entry){i, {s->x, s->y, s->z}, k, nkey, visited, a};
}

/* Longest scan key kept (values beyond: scanned every time). */
#define SCAN_KEY_MAX 512

/* The block shape of launch l as evaluated in e. */
static kp_shape launch_shape(const kp_launch_eval *e, const kp_launch *l) {
  kp_shape s = {e->block[0], e->block[1], e->block[2], KP_SHAPE_LAUNCH, l};
  return s;
}

/* Scans every access of space `space` (atomics and unsized ones left out)
 * under the launch's block shape, by the GPU's units (kp_gpu_scan_wave); for
 * each access with a point visited, calls done(a, scan state, e).  With a
 * memo, an access scanned before under an equal key is not scanned again:
 * acc (acc_size bytes) is then set as that scan left it. */
static void scan_accesses(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                          const kp_gpu *gpu, kp_launch_eval *e, kp_space space, kp_scan_fn visit,
                          void (*reset)(void *acc), void *acc, size_t acc_size, scan_memo *memo,
                          void (*done)(const kp_kernel *k, const kp_access *a, void *acc,
                                       kp_launch_eval *e)) {
  kp_shape s = launch_shape(e, l);
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->space != space || a->is_atomic || a->elem_bytes == 0)
      continue;
    kp_lane_ctx c;
    if (!kp_lane_ctx_init(&c, m, k, &s)) {
      kp_lane_ctx_free(&c);
      continue;
    }
    c.wave = kp_gpu_scan_wave(gpu, space);
    int64_t key[SCAN_KEY_MAX];
    size_t nkey = memo ? kp_access_scan_key(&c, a, key, SCAN_KEY_MAX) : 0;
    int keyed = memo && nkey <= SCAN_KEY_MAX;
    const scan_memo_entry *me = keyed ? scan_memo_find(memo, i, &s, key, nkey) : NULL;
    size_t n;
    if (me) {
      memcpy(acc, me->acc, acc_size);
      n = me->visited;
    } else {
      reset(acc);
      n = kp_access_scan(&c, a, &s, 0, visit, acc);
      if (keyed)
        scan_memo_add(memo, i, &s, key, nkey, n, acc, acc_size);
    }
    kp_lane_ctx_free(&c);
    if (n > 0)
      done(k, a, acc, e);
  }
}

static void coal_reset(void *user) {
  coal_acc *c = user;
  c->excess = c->asked = c->moved = c->requests = c->tsize = 0;
}

static void coal_done(const kp_kernel *k, const kp_access *a, void *user, kp_launch_eval *e) {
  coal_acc *c = user;
  if (c->asked <= 0 || c->requests <= 0)
    return;
  double exec = exec_count(k, a, e->b, e->nb);
  double per_request = c->moved / c->requests; /* bytes a warp request moves */
  /* The L1 data path moves 128 bytes a cycle: a request that moves more
   * takes more than its one cycle, whether its sectors hit or not. */
  if (per_request > 128)
    c->l1_extra += (per_request / 128 - 1) * exec;
  if (c->excess <= 0)
    return;
  double excess = c->excess / c->asked * a->elem_bytes * exec; /* per thread */
  c->total += excess;
  if (c->excess_of)
    c->excess_of[a - k->accesses] = excess;
  e->uncoal_accesses++;
  /* A lane that steps s < sector bytes per iteration finds its next
   * elements in the sectors this request moved: over the loop, each sector
   * is moved once per sector / s iterations, not once per iteration. */
  double sector = c->tsize;
  int64_t s = kp_access_loop_step_bytes(k, a, e->b, e->nb);
  const kp_loop *lp = a->loop >= 0 ? k->loops[a->loop] : NULL;
  int64_t trip = 0;
  if (sector > 0 && s > 0 && s < sector && lp && kp_sym_eval(lp->trip, e->b, e->nb, &trip) &&
      (double)trip * (double)s >= sector) {
    double moved = c->moved / c->asked * a->elem_bytes * exec; /* per thread, no reuse */
    double asked = a->elem_bytes * exec;
    double left = moved * (double)s / sector - asked; /* excess with the reuse */
    if (left < 0)
      left = 0;
    if (left < excess) {
      c->reused += excess - left;
      if (a->is_store)
        c->reused_st += excess - left;
      c->set += per_request;
    }
  }
}

/* On an AMD GPU whose rules kperf does not have (kp_gpu_amd_rules: RDNA) no
 * point is judged: its accesses count as coalesced and conflict-free
 * (predict.c says so in its notes). */
static void uncoalesced(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                        const kp_gpu *gpu, kp_launch_eval *e) {
  e->uncoal_fraction = e->uncoal_reused_fraction = e->l1_extra_fraction = 0;
  e->uncoal_reused_st_fraction = 0;
  e->sibling_l1_fraction = 0;
  e->same_address_atomics = 0;
  e->reuse_set_bytes = 0;
  e->uncoal_accesses = 0;
  coal_acc acc;
  memset(&acc, 0, sizeof acc);
  acc.gpu = gpu;
  acc.excess_of = k->naccesses ? calloc(k->naccesses, sizeof *acc.excess_of) : NULL;
  scan_accesses(m, k, l, gpu, e, KP_SPACE_GLOBAL, coal_visit, coal_reset, &acc, sizeof acc, NULL,
                coal_done);
  /* Sectors a thread's accesses to one array share (an RGB pixel's bytes, a
   * record's fields): the first moves them, the others find them in L1. */
  kp_shape s = launch_shape(e, l);
  kp_sibling_reuse sib;
  if (acc.excess_of && kp_sibling_reuse_of(m, k, &s, gpu, e->b, e->nb, acc.excess_of, &sib) &&
      e->global_bytes > 0)
    e->sibling_l1_fraction = sib.l1_bytes / e->global_bytes;
  if (acc.excess_of && acc.total > 0 && sib.bytes > 0) {
    double room = acc.total - acc.reused;
    double add = sib.bytes < room ? sib.bytes : room;
    if (add > 0) {
      acc.reused_st += sib.st_bytes < add ? sib.st_bytes : add;
      acc.reused += add;
      acc.set += sib.set_bytes;
    }
  }
  free(acc.excess_of);
  e->same_address_atomics = kp_same_address_atomics(m, k, &s, gpu, e->b, e->nb);
  if (e->global_bytes > 0) {
    e->uncoal_fraction = acc.total / e->global_bytes;
    e->uncoal_reused_fraction = acc.reused / e->global_bytes;
    e->uncoal_reused_st_fraction = acc.reused_st / e->global_bytes;
    e->l1_extra_fraction = acc.l1_extra / e->global_bytes;
  }
  e->reuse_set_bytes = acc.set;
}

/* ---- Bank-conflict replays ---------------------------------------------------- */

/* An n-way conflict serializes a warp's shared access into n accesses (seeds
 * 004 and the Programming Guide): n - 1 replays, which the model sees as
 * n - 1 more shared-memory instructions of the same kind per execution.  The
 * degree is averaged over the scanned configurations (warps, iterations). */
typedef struct bank_acc {
  const kp_gpu *gpu;
  double degree_sum;
  unsigned points;
} bank_acc;

static void bank_visit(void *user, const kp_scan_point *sp) {
  bank_acc *c = user;
  kp_bank_result r;
  if (sp->sample != 0)
    return;
  if (kp_scan_point_conflict(c->gpu, sp, &r) != KP_WARP_OK || r.degree == 0)
    return;
  c->degree_sum += r.degree;
  c->points++;
}

static void bank_reset(void *user) {
  bank_acc *c = user;
  c->degree_sum = 0;
  c->points = 0;
}

static void bank_done(const kp_kernel *k, const kp_access *a, void *user, kp_launch_eval *e) {
  bank_acc *c = user;
  double extra = c->points ? c->degree_sum / c->points - 1.0 : 0;
  if (extra <= 0)
    return;
  double x = extra * exec_count(k, a, e->b, e->nb);
  if (a->is_store)
    e->bank_replays_st += x;
  else
    e->bank_replays_ld += x;
  e->bank_accesses++;
}

static void bank_replays(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                         const kp_gpu *gpu, kp_launch_eval *e, scan_memo *memo) {
  e->bank_replays_ld = e->bank_replays_st = 0;
  e->bank_accesses = 0;
  bank_acc acc = {gpu, 0, 0};
  scan_accesses(m, k, l, gpu, e, KP_SPACE_SHARED, bank_visit, bank_reset, &acc, sizeof acc, memo,
                bank_done);
}

/* ---- Evaluation ------------------------------------------------------------ */

/* "2^40" for a power of two from 2^16 on, else the number. */
static void size_text(int64_t v, char *buf, size_t len) {
  if (v >= 65536 && (v & (v - 1)) == 0) {
    int b = 0;
    while ((v >> b) != 1)
      b++;
    snprintf(buf, len, "2^%d", b);
  } else {
    snprintf(buf, len, "%" PRId64, v);
  }
}

/* " ('-4' as written)" when the source spells the size otherwise than its
 * value (dim3 holds unsigned ints: -4 is 4294967292), else "". */
static void as_written(const kp_expr *x, char *buf, size_t len) {
  char num[32];
  snprintf(num, sizeof num, "%" PRId64, x->value);
  if (x->text && strcmp(x->text, num) != 0)
    snprintf(buf, len, " ('%.60s' as written)", x->text);
  else
    buf[0] = 0;
}

/* Sizes of the launch, as folded, that the CUDA runtime rejects
 * (cudaErrorInvalidConfiguration, or too much shared memory): one sentence
 * in why and 1; 0 when every known size is valid.  Limits: the Programming
 * Guide's table of technical specifications (grid x 2^31-1 from CC 3.0,
 * 65535 before; grid y, z 65535; block x, y 1024, z 64) and the GPU's own
 * threads and shared memory per block. */
static int invalid_sizes(const kp_launch *l, const kp_gpu *gpu, char *why, size_t len) {
  static const char *const dn[3] = {"x", "y", "z"};
  const kp_expr *const be[3] = {&l->block.x, &l->block.y, &l->block.z};
  const kp_expr *const ge[3] = {&l->grid.x, &l->grid.y, &l->grid.z};
  const int64_t bmax[3] = {1024, 1024, 64};
  const int64_t gmax[3] = {gpu->cc_major >= 3 ? INT64_C(2147483647) : 65535, 65535, 65535};
  const char *const gmax_text[3] = {gpu->cc_major >= 3 ? "2^31-1" : "65535", "65535", "65535"};
  char v[32], w[96];
  int64_t threads = 1;
  int all_known = 1;
  for (int d = 0; d < 3; d++) {
    if (!be[d]->known) {
      all_known = all_known && !be[d]->text && d > 0;
      continue;
    }
    int64_t b = be[d]->value;
    as_written(be[d], w, sizeof w);
    if (b <= 0) {
      snprintf(why, len, "the block has %s threads in %s%s", b ? "a negative number of" : "0",
               dn[d], w);
      return 1;
    }
    if (b > bmax[d]) {
      size_text(b, v, sizeof v);
      snprintf(why, len, "%s threads in %s%s exceed the block limit of %" PRId64, v, dn[d], w,
               bmax[d]);
      return 1;
    }
    threads *= b;
  }
  int maxt = gpu->limits.max_threads_per_block;
  if (all_known && maxt > 0 && threads > maxt) {
    snprintf(why, len, "a block of %" PRId64 " threads exceeds %s's limit of %d threads per block",
             threads, gpu->id, maxt);
    return 1;
  }
  for (int d = 0; d < 3; d++) {
    if (!ge[d]->known)
      continue;
    int64_t g = ge[d]->value;
    as_written(ge[d], w, sizeof w);
    if (g <= 0) {
      snprintf(why, len, "the grid has %s blocks in %s%s", g ? "a negative number of" : "0", dn[d],
               w);
      return 1;
    }
    if (g > gmax[d]) {
      size_text(g, v, sizeof v);
      snprintf(why, len, "%s blocks in %s%s exceed the grid limit %s", v, dn[d], w, gmax_text[d]);
      return 1;
    }
  }
  if (l->smem.text && l->smem.known) {
    long long lim = gpu->limits.smem_per_block_optin > 0 ? gpu->limits.smem_per_block_optin
                                                         : gpu->limits.smem_per_block;
    as_written(&l->smem, w, sizeof w);
    if (l->smem.value < 0) { /* a size_t: -1 is 2^64-1 */
      snprintf(why, len, "%s bytes of dynamic shared memory%s are %" PRIu64
               " as the size_t the launch takes, over %s's limit of %lld bytes per block",
               l->smem.text, "", (uint64_t)l->smem.value, gpu->id, lim);
      return 1;
    }
    if (lim > 0 && l->smem.value > lim) {
      size_text(l->smem.value, v, sizeof v);
      snprintf(why, len, "%s bytes of dynamic shared memory%s exceed %s's limit of %lld bytes per block",
               v, w, gpu->id, lim);
      return 1;
    }
  }
  return 0;
}

static int predict_with(const kp_module *m, const kp_kernel *k, const kp_launch_eval *e,
                        kp_binding *b, size_t nb, const kp_gpu *gpu, kp_model_kind model,
                        kp_predict_input *in, kp_prediction *out, char *err, size_t errlen) {
  kp_predict_input_init(in);
  in->smem_bytes = e->smem_dynamic;
  in->max_blocks_per_sm = e->max_blocks_per_sm;
  if (kp_predict_input_from_kernel(k, b, nb, in, err, errlen) != 0)
    return -1;
  /* The excess is traffic the kernel moves on top of what its threads use:
   * it adds to the global bytes and is all uncoalesced. */
  double gb = in->bytes[KP_SPACE_GLOBAL];
  in->uncoal_bytes = e->uncoal_fraction > 0 && gb > 0 ? e->uncoal_fraction * gb : 0;
  in->uncoal_reused_bytes =
      e->uncoal_reused_fraction > 0 && gb > 0 ? e->uncoal_reused_fraction * gb : 0;
  in->uncoal_reused_st_bytes =
      e->uncoal_reused_st_fraction > 0 && gb > 0 ? e->uncoal_reused_st_fraction * gb : 0;
  in->l1_extra_cycles = e->l1_extra_fraction > 0 && gb > 0 ? e->l1_extra_fraction * gb : 0;
  in->reuse_set_bytes = e->reuse_set_bytes;
  in->sibling_l1_bytes = e->sibling_l1_fraction > 0 && gb > 0 ? e->sibling_l1_fraction * gb : 0;
  in->same_address_atomics = e->same_address_atomics > 0 ? e->same_address_atomics : 0;
  in->bytes[KP_SPACE_GLOBAL] += in->uncoal_bytes;
  in->replays[KP_I_LD_SHARED] = e->bank_replays_ld;
  in->replays[KP_I_ST_SHARED] = e->bank_replays_st;
  /* ptxas's registers and spills when the module has them (every model sees them). */
  char regs[320];
  kp_ptxas_apply(m->ptxas, k, gpu, in, regs, sizeof regs);
  if (kp_predict(model, gpu, in, out, err, errlen) != 0)
    return -1;
  if (regs[0])
    kp_prediction_note_first(out, regs);
  return 0;
}

void kp_launch_eval_free(kp_launch_eval *e) {
  if (e) {
    free(e->cand);
    e->cand = NULL;
    e->ncand = 0;
  }
}

/* Binds the fields of a cudaDeviceProp the launch's sizes read
 * (`prop.multiProcessorCount`, `p->warpSize`) to the target GPU's values:
 * a grid of "two blocks per SM" is what it says on the GPU analysed. */
static void bind_gpu_fields(const kp_sym *s, const kp_gpu *gpu, kp_launch_eval *e) {
  if (!s)
    return;
  if (s->kind == KP_SYM_VAR && s->name && e->nb < KP_LAUNCH_MAX_BINDINGS) {
    static const char *const field[2] = {"multiProcessorCount", "warpSize"};
    int64_t value[2] = {gpu->sm_count, 32};
    const char *dot = strrchr(s->name, '.'), *arrow = strstr(s->name, "->");
    const char *f = dot ? dot + 1 : arrow ? arrow + 2 : NULL;
    for (int i = 0; f && i < 2; i++)
      if (strcmp(f, field[i]) == 0 && value[i] > 0)
        e->b[e->nb++] = (kp_binding){s->name, value[i]};
    return;
  }
  bind_gpu_fields(s->a, gpu, e);
  bind_gpu_fields(s->b, gpu, e);
}

static void gpu_fields(const kp_launch *l, const kp_gpu *gpu, kp_launch_eval *e) {
  const kp_expr *const x[7] = {&l->grid.x,  &l->grid.y,  &l->grid.z, &l->block.x,
                               &l->block.y, &l->block.z, &l->smem};
  for (int i = 0; i < 7; i++)
    bind_gpu_fields(x[i]->sym, gpu, e);
}

static int evaluate(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                    kp_model_kind model, int64_t problem, int candidates, int max_blocks_per_sm,
                    const kp_launch_eval *scanned, scan_memo *memo, kp_launch_eval *e);

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
    if (!grid_cover(g[d], e->block[d], e->b, e->nb, &n[d])) {
      e->reshape_ok = 0;
      snprintf(e->reshape_why, sizeof e->reshape_why,
               "the grid's %c size is not written as the problem divided by the block's", "xy"[d]);
      return 0;
    }
    P[d] = expr_value(n[d], e->b, e->nb, &p) && p > 0 ? p : e->grid[d] * e->block[d];
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
        uncoalesced(m, k, &lc, gpu, ec);
        bank_replays(m, k, &lc, gpu, ec, NULL);
        if (predict_with(m, k, ec, ec->b, ec->nb, gpu, model, &in, &c->pred, err, sizeof err) == 0)
          c->predicted_us = c->pred.predicted_us;
      }
      e->ncand++;
    }
  free(ec);
  choose_best(e);
  return 0;
}


int kp_launch_evaluate(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                       kp_model_kind model, int64_t problem, int candidates,
                       int max_blocks_per_sm, kp_launch_eval *e) {
  assert(m && l && e && (l->kernel < 0 || (size_t)l->kernel < m->nkernels));
  return evaluate(m, l, gpu, model, problem, candidates, max_blocks_per_sm, NULL, NULL, e);
}

/* As kp_launch_evaluate; with `scanned` (an evaluation of the same launch
 * and block shape at other sizes, ok), its ratio of uncoalesced to global
 * traffic instead of scanning every access again (the statements evaluate
 * one launch at several sizes). */
static int evaluate(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                    kp_model_kind model, int64_t problem, int candidates, int max_blocks_per_sm,
                    const kp_launch_eval *scanned, scan_memo *memo, kp_launch_eval *e) {
  const char *const *bnames = kp_block_dim_names, *const *gnames = kp_grid_dim_names;
  memset(e, 0, sizeof *e);
  e->best = -1;
  e->max_blocks_per_sm = max_blocks_per_sm > 0 ? max_blocks_per_sm : 0;
  kp_predict_input_init(&e->in);
  if (!m || !l || l->kernel < 0 || (size_t)l->kernel >= m->nkernels) {
    snprintf(e->why, sizeof e->why, "the kernel is not resolved");
    return 0;
  }
  if (!gpu) {
    snprintf(e->why, sizeof e->why, "no target GPU");
    return 0;
  }
  const kp_kernel *k = &m->kernels[l->kernel];
  if (invalid_sizes(l, gpu, e->why, sizeof e->why)) {
    e->invalid = 1;
    return 0;
  }
  e->nb = kp_launch_bindings(m, l, e->b, KP_LAUNCH_MAX_BINDINGS);
  if (e->nb > KP_LAUNCH_MAX_BINDINGS)
    e->nb = KP_LAUNCH_MAX_BINDINGS;
  gpu_fields(l, gpu, e);
  const kp_expr *const bexpr[3] = {&l->block.x, &l->block.y, &l->block.z};
  const kp_expr *const gexpr[3] = {&l->grid.x, &l->grid.y, &l->grid.z};
  static const char *const dname[3] = {"x", "y", "z"};
  for (int d = 0; d < 3; d++) {
    int64_t v;
    e->block[d] = kp_binding_lookup(e->b, e->nb, bnames[d], &v) ? v : 0;
    e->grid[d] = kp_binding_lookup(e->b, e->nb, gnames[d], &v) ? v : 0;
  }
  /* Sizes that did not fold but evaluate with the bindings (#pragma kperf
   * assume(n = ...), --arg): by name, by formula, or the N of a grid
   * (N + B - 1) / B.  An absent y or z is 1; a present one that cannot be
   * evaluated leaves the launch without a prediction (never a silent 1). */
  for (int d = 0; d < 3; d++) {
    const kp_expr *bx = bexpr[d];
    if (e->block[d] <= 0) {
      int64_t v;
      if (!bx->text)
        v = d ? 1 : 0;
      else if (!expr_value(bx, e->b, e->nb, &v) || v <= 0)
        v = 0;
      e->block[d] = v;
      if (v > 0 && e->nb < KP_LAUNCH_MAX_BINDINGS)
        e->b[e->nb++] = (kp_binding){bnames[d], v};
    }
    if (e->block[d] <= 0) {
      if (!(d == 0 && set_missing(e, bx->name)))
        set_missing(e, kp_sym_first_unbound(bx->sym, e->b, e->nb));
      if (d == 0)
        snprintf(e->why, sizeof e->why, "the block size is not known (%s)",
                 bx->text ? bx->text : "blockDim.x");
      else
        snprintf(e->why, sizeof e->why, "the block's %s size is not known (%s)", dname[d],
                 bx->text);
      return 0;
    }
  }
  for (int d = 0; d < 3; d++) {
    const kp_expr *g = gexpr[d], *n = NULL;
    const char *gt = g->text;
    if (e->grid[d] <= 0 && !gt && d > 0)
      e->grid[d] = 1;
    if (e->grid[d] <= 0 && gt) {
      int64_t v = 0, nv;
      int kind = 0;
      if (!(g->name && kp_binding_lookup(e->b, e->nb, g->name, &v)) &&
          (kind = grid_cover(g, e->block[d], e->b, e->nb, &n)) &&
          expr_value(n, e->b, e->nb, &nv) && nv > 0)
        v = kind == 2 ? (nv + e->block[d] - 1) / e->block[d] : nv / e->block[d];
      else if (v <= 0 && !kp_sym_eval(g->sym, e->b, e->nb, &v))
        v = 0;
      if (v > 0) {
        e->grid[d] = v;
        if (e->nb < KP_LAUNCH_MAX_BINDINGS)
          e->b[e->nb++] = (kp_binding){gnames[d], v};
      }
    }
    if (e->grid[d] <= 0) {
      if (!(gt && grid_cover(g, e->block[d], e->b, e->nb, &n) && set_missing(e, n->name)) &&
          !(gt && set_missing(e, g->name)))
        set_missing(e, kp_sym_first_unbound(g->sym, e->b, e->nb));
      if (d == 0)
        snprintf(e->why, sizeof e->why, "the grid size is not known (%s)", gt ? gt : "gridDim.x");
      else
        snprintf(e->why, sizeof e->why, "the grid's %s size is not known (%s)", dname[d],
                 gt ? gt : gnames[d]);
      return 0;
    }
  }
  /* Sizes evaluated from assumed values obey the same limits as folded ones. */
  {
    kp_launch v = *l;
    kp_expr *const bx[3] = {&v.block.x, &v.block.y, &v.block.z};
    kp_expr *const gx[3] = {&v.grid.x, &v.grid.y, &v.grid.z};
    for (int d = 0; d < 3; d++) {
      bx[d]->known = gx[d]->known = 1;
      bx[d]->value = e->block[d];
      gx[d]->value = e->grid[d];
    }
    v.smem.text = NULL;
    if (invalid_sizes(&v, gpu, e->why, sizeof e->why)) {
      e->invalid = 1;
      return 0;
    }
  }
  if (l->smem.text) {
    int64_t v;
    if (l->smem.known)
      e->smem_dynamic = l->smem.value;
    else if (expr_value(&l->smem, e->b, e->nb, &v))
      e->smem_dynamic = v;
    else {
      if (!set_missing(e, l->smem.name))
        set_missing(e, kp_sym_first_unbound(l->smem.sym, e->b, e->nb));
      snprintf(e->why, sizeof e->why, "the dynamic shared memory size is not known (%s)",
               l->smem.text);
      return 0;
    }
  }
  /* First pass (no uncoalesced traffic) for the global bytes. */
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.smem_bytes = e->smem_dynamic;
  if (kp_predict_input_from_kernel(k, e->b, e->nb, &in, e->why, sizeof e->why) != 0) {
    snprintf(e->missing, sizeof e->missing, "%s", in.unbound);
    return 0;
  }
  e->global_bytes = in.bytes[KP_SPACE_GLOBAL];
  if (scanned && scanned->ok && memcmp(scanned->block, e->block, sizeof e->block) == 0) {
    e->uncoal_fraction = scanned->uncoal_fraction;
    e->uncoal_accesses = scanned->uncoal_accesses;
    e->uncoal_reused_fraction = scanned->uncoal_reused_fraction;
    e->uncoal_reused_st_fraction = scanned->uncoal_reused_st_fraction;
    e->sibling_l1_fraction = scanned->sibling_l1_fraction;
    e->same_address_atomics = scanned->same_address_atomics;
    e->l1_extra_fraction = scanned->l1_extra_fraction;
    e->reuse_set_bytes = scanned->reuse_set_bytes;
  } else {
    uncoalesced(m, k, l, gpu, e);
  }
  bank_replays(m, k, l, gpu, e, memo);
  if (predict_with(m, k, e, e->b, e->nb, gpu, model, &e->in, &e->pred, e->why,
                   sizeof e->why) != 0) {
    e->refused = 1;
    return 0;
  }
  e->ok = 1;
  if (!isfinite(e->pred.predicted_us))
    snprintf(e->why, sizeof e->why, "%s", e->pred.note[0] ? e->pred.note : "a GPU fact is missing");

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
             (cover_kind = grid_cover(&l->grid.x, e->block[0], e->b, e->nb, &cover))) {
    int64_t p;
    e->grid_from_problem = 1;
    problem_text_of(cover, e->problem_text, sizeof e->problem_text);
    cover_known = expr_value(cover, e->b, e->nb, &p) && p > 0;
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
    if (predict_with(m, k, e, b, e->nb + 2, gpu, model, &cin, &c->pred, err, sizeof err) == 0)
      c->predicted_us = c->pred.predicted_us;
    e->ncand++;
  }
  free(b);
  choose_best(e);
  return 0;
}

/* ---- The check ---------------------------------------------------------------- */


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
    const char *v = expr_var(d[i]);
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
  const char *v = l->smem.text && !l->smem.known ? expr_var(&l->smem) : NULL;
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
    const char *v = expr_var(d[i]);
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
  const char *x = expr_var(&l->block.x);
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
                           scan_memo *memo, kp_launch_eval *e, kp_launch_scaling *s) {
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
    if (kp_check_out_of_time(ctx) || evaluate(mm, l, gpu, model, 0, 0, 0, NULL, memo, e) != 0)
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
  scan_memo memo = {NULL, 0, 0};                    /* the bank-conflict scans, likewise */
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
    if (kp_check_out_of_time(ctx) || evaluate(&mm, l, gpu, model, 0, 0, 0, NULL, &memo, e) != 0)
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
    if (kp_check_out_of_time(ctx) || evaluate(&mm, l, gpu, model, 0, 0, 0, scanned, &memo, e) != 0)
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
             evaluate(&mm, l, gpu, model, 0, 0, 0, scanned, &memo, e) == 0 && e->ok &&
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
                 evaluate(&mm, l, gpu, model, 0, 0, 0, scanned, &memo, e) == 0 && e->ok &&
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
  scan_memo_free(&memo);
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
