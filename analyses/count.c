/* Per-thread counts and model 000's thread time (see include/kperf/count.h).
 *
 * Both walk the kernel body's tree of regions for the "main thread": loops
 * repeat their body trip times, a branch whose condition folded (or is
 * decided by the bindings: kp_branch_side) runs its taken side, and any
 * other branch runs its longer side; the sides of a data test move their
 * share of the bytes.  kp_count_kernel
 * keeps everything symbolic; kp_thread_time (thread_time.c) evaluates trip
 * counts under bindings and works in cycles; a launch's bindings are made in
 * bindings.c.  Uses count_internal.h, lanes.h and the model layer. */
#include "kperf/count.h"
#include "count_internal.h"
#include "kperf/arena.h"
#include "kperf/lanes.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Symbolic counts --------------------------------------------------- */

typedef struct counter {
  struct kp_arena *a;
  const kp_kernel *k;
  const kp_sym *zero;
  int emitted;   /* counting kp_counts.emitted (into by_class) */
  int in_static; /* emitted: inside a static nest (see count.h) */
  const char *folds; /* emitted, in a static nest: per node of the region being
                        counted, 1 when it folds away (NULL: none does) */
  const kp_binding *b; /* values that decide launch-uniform branches (kp_branch_side) */
  size_t nb;
  /* Bytes are counted in 1/byte_scale units (100 when a side of a data test
   * moves bytes, whose share is a percentage; else 1), each access's times
   * byte_weight (its share of the threads, in those units). */
  int64_t byte_scale, byte_weight;
} counter;

enum { NSPACES = KP_SPACE_UNKNOWN + 1 };

static void counts_zero(const counter *ct, kp_counts *c) {
  for (int i = 0; i < KP_I_COUNT; i++)
    c->by_class[i] = ct->zero;
  for (int i = 0; i < NSPACES; i++)
    c->bytes[i] = ct->zero;
  c->total = c->divergent = c->syncs = ct->zero;
}

/* dst += f * src, field by field. */
static void counts_add_scaled(const counter *ct, kp_counts *dst, const kp_counts *src,
                              const kp_sym *f) {
  struct kp_arena *a = ct->a;
  for (int i = 0; i < KP_I_COUNT; i++)
    dst->by_class[i] = kp_sym_add(a, dst->by_class[i], kp_sym_mul(a, f, src->by_class[i]));
  for (int i = 0; i < NSPACES; i++)
    dst->bytes[i] = kp_sym_add(a, dst->bytes[i], kp_sym_mul(a, f, src->bytes[i]));
  dst->total = kp_sym_add(a, dst->total, kp_sym_mul(a, f, src->total));
  dst->divergent = kp_sym_add(a, dst->divergent, kp_sym_mul(a, f, src->divergent));
  dst->syncs = kp_sym_add(a, dst->syncs, kp_sym_mul(a, f, src->syncs));
}

/* dst += max(x, y), field by field (a branch whose longer side is unknown). */
static void counts_add_max(const counter *ct, kp_counts *dst, const kp_counts *x,
                           const kp_counts *y) {
  struct kp_arena *a = ct->a;
  kp_counts m;
  for (int i = 0; i < KP_I_COUNT; i++)
    m.by_class[i] = kp_sym_bin(a, KP_SYM_MAX, x->by_class[i], y->by_class[i]);
  for (int i = 0; i < NSPACES; i++)
    m.bytes[i] = kp_sym_bin(a, KP_SYM_MAX, x->bytes[i], y->bytes[i]);
  m.total = kp_sym_bin(a, KP_SYM_MAX, x->total, y->total);
  m.divergent = kp_sym_bin(a, KP_SYM_MAX, x->divergent, y->divergent);
  m.syncs = kp_sym_bin(a, KP_SYM_MAX, x->syncs, y->syncs);
  counts_add_scaled(ct, dst, &m, kp_sym_const(a, 1));
}

void kp__count_iteration_name(const kp_loop *l, char *buf, size_t n) {
  snprintf(buf, n, "iteration@%d", l->id);
}

/* Whether any count uses the variable. */
static int counts_use(const kp_counts *c, const char *name) {
  for (int i = 0; i < KP_I_COUNT; i++)
    if (kp_sym_uses(c->by_class[i], name))
      return 1;
  for (int i = 0; i < NSPACES; i++)
    if (kp_sym_uses(c->bytes[i], name))
      return 1;
  return kp_sym_uses(c->total, name) || kp_sym_uses(c->divergent, name) ||
         kp_sym_uses(c->syncs, name);
}

/* dst = src with one variable bound. */
static void counts_subst(const counter *ct, kp_counts *dst, const kp_counts *src,
                         const kp_binding *b) {
  struct kp_arena *a = ct->a;
  for (int i = 0; i < KP_I_COUNT; i++)
    dst->by_class[i] = kp_sym_subst(a, src->by_class[i], b, 1);
  for (int i = 0; i < NSPACES; i++)
    dst->bytes[i] = kp_sym_subst(a, src->bytes[i], b, 1);
  dst->total = kp_sym_subst(a, src->total, b, 1);
  dst->divergent = kp_sym_subst(a, src->divergent, b, 1);
  dst->syncs = kp_sym_subst(a, src->syncs, b, 1);
}

/* dst = src with the variable `name` replaced by the formula `with`. */
static void counts_replace(const counter *ct, kp_counts *dst, const kp_counts *src,
                           const char *name, const kp_sym *with) {
  struct kp_arena *a = ct->a;
  for (int i = 0; i < KP_I_COUNT; i++)
    dst->by_class[i] = kp_sym_replace(a, src->by_class[i], name, with);
  for (int i = 0; i < NSPACES; i++)
    dst->bytes[i] = kp_sym_replace(a, src->bytes[i], name, with);
  dst->total = kp_sym_replace(a, src->total, name, with);
  dst->divergent = kp_sym_replace(a, src->divergent, name, with);
  dst->syncs = kp_sym_replace(a, src->syncs, name, with);
}

/* The middle iteration of a loop of `trip` iterations: (trip - 1) / 2. */
static const kp_sym *middle_iteration(struct kp_arena *a, const kp_sym *trip) {
  return kp_sym_bin(a, KP_SYM_DIV, kp_sym_sub(a, trip, kp_sym_const(a, 1)), kp_sym_const(a, 2));
}

/* The trip count of a loop; never NULL unless memory ran out. */
static const kp_sym *trip_of(struct kp_arena *a, const kp_loop *l) {
  if (l->trip)
    return l->trip;
  /* Guard only: the model promises a trip.  An unbound variable keeps the
   * counts symbolic (and unevaluable) rather than wrong. */
  return kp_sym_var(a, l->trip_param ? l->trip_param : "trip?");
}

/* One operation node: count instructions of class cls. */
static void count_op(const counter *ct, const kp_node *n, int divergent, kp_counts *c,
                     int folded) {
  struct kp_arena *a = ct->a;
  kp_iclass cls = (unsigned)n->cls < KP_I_COUNT ? n->cls : KP_I_OTHER;
  int none = folded || n->pred_logic == 2 || (ct->emitted && n->pred_logic);
  const kp_sym *cnt = kp_sym_const(a, none ? 0 : n->count);
  c->by_class[cls] = kp_sym_add(a, c->by_class[cls], cnt);
  c->total = kp_sym_add(a, c->total, cnt);
  if (divergent)
    c->divergent = kp_sym_add(a, c->divergent, cnt);
  if (cls == KP_I_BARRIER)
    c->syncs = kp_sym_add(a, c->syncs, cnt);
  if (n->access >= 0 && (size_t)n->access < ct->k->naccesses) {
    const kp_access *acc = &ct->k->accesses[n->access];
    kp_space sp = (unsigned)acc->space < NSPACES ? acc->space : KP_SPACE_UNKNOWN;
    /* an atomic reads and writes its element */
    int64_t bytes =
        (int64_t)acc->elem_bytes * n->count * (acc->is_atomic ? 2 : 1) * ct->byte_weight;
    c->bytes[sp] = kp_sym_add(a, c->bytes[sp], kp_sym_const(a, bytes));
  }
}

static void count_region(const counter *ct, const kp_region *r, int divergent, kp_counts *c);

/* ---- Emitted counts: static nests (count.h) ---------------------------- */

#define KP_STATIC_NEST_MAX (1 << 16) /* iterations of a nest a compiler unrolls whole */

/* The constant trip count of a loop code generation unrolls completely (the
 * front end's call, kp_loop.unrolled_whole); 0 when it stays a loop or its
 * trip count is not a constant the same for every thread. */
static int64_t static_trip(const kp_loop *l) {
  int64_t t;
  if (!l->trip || !kp_sym_is_const(l->trip, &t) || t < 0 || t > KP_STATIC_NEST_MAX)
    return 0;
  if (l->thread_dependent)
    return 0;
  return l->unrolled_whole && t > 0 ? t : 0;
}

int kp_loop_unrolled_whole(const kp_loop *l) { return l && static_trip(l) > 0; }

static int is_data_class(kp_iclass c) {
  switch (c) {
  case KP_I_INT:
  case KP_I_INT_MUL:
  case KP_I_ADDR:
  case KP_I_CMP:
  case KP_I_BRANCH:
  case KP_I_LD_PARAM:
    return 0;
  default:
    return 1;
  }
}

static int is_foldable_class(kp_iclass c) {
  return c == KP_I_INT || c == KP_I_INT_MUL || c == KP_I_ADDR;
}

/* Per node of r (inside a static nest): 1 when it folds away in the emitted
 * code.  Integer and address arithmetic that uses no value loaded or
 * computed in the region (only the unrolled counters, thread ids and
 * parameters) and feeds only memory accesses of the region, other such
 * arithmetic that folds, or nothing else in it (a subscript) becomes
 * immediate offsets, unless its value is kept in a register array's element
 * (kp_node.escapes: c[t] += 1 stays an add); a constant-memory load whose
 * index varies only with loop counters is an operand.  NULL when nothing
 * folds or memory ran out (then nothing folds). */
static int const_operand(const kp_kernel *k, const kp_node *n);

static char *fold_flags(const kp_kernel *k, const kp_region *r) {
  if (!r->nnodes)
    return NULL;
  char *data = calloc(r->nnodes, 1), *kept_use = calloc(r->nnodes, 1),
       *fold = calloc(r->nnodes, 1);
  if (!data || !kept_use || !fold) {
    free(data);
    free(kept_use);
    free(fold);
    return NULL;
  }
  /* data: uses a loaded or computed value of this region. */
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    int d = n->kind != KP_NODE_OP || is_data_class(n->cls);
    for (size_t j = 0; j < n->ndeps && !d; j++)
      if (n->deps[j] >= 0 && (size_t)n->deps[j] < i && data[n->deps[j]])
        d = 1;
    data[i] = (char)d;
  }
  /* From the last node up (a node's users come after it): index arithmetic
   * folds unless a user that stays in the code (neither a memory access nor
   * folded arithmetic) needs its value. */
  for (size_t i = r->nnodes; i-- > 0;) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_OP && is_foldable_class(n->cls) && !data[i] && !kept_use[i] &&
        !n->escapes)
      fold[i] = 1; /* index arithmetic: immediate offsets */
    if (const_operand(k, n))
      fold[i] = 1;
    int mem = n->kind == KP_NODE_OP && n->access >= 0;
    for (size_t j = 0; j < n->ndeps; j++) {
      int dep = n->deps[j];
      if (dep >= 0 && (size_t)dep < i && !mem && !fold[i])
        kept_use[dep] = 1;
    }
  }
  free(data);
  free(kept_use);
  return fold;
}

/* Whether a constant-memory load's index varies only with loop counters (no
 * thread or block id): then it is an operand in unrolled code. */
static int const_operand(const kp_kernel *k, const kp_node *n) {
  if (n->kind != KP_NODE_OP || n->cls != KP_I_LD_CONST || n->access < 0 ||
      (size_t)n->access >= k->naccesses)
    return 0;
  const kp_access *acc = &k->accesses[n->access];
  if (!acc->index.known)
    return 0;
  for (size_t t = 0; t < acc->index.nterms; t++)
    if (acc->index.terms[t].var < KP_V_LOOP)
      return 0;
  return 1;
}

/* Whether anything in region r (recursively) writes shared memory or
 * synchronises: then loads of the nest are not merged. */
static int region_writes_shared(const kp_kernel *k, const kp_region *r) {
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_OP) {
      if (n->cls == KP_I_ST_SHARED || n->cls == KP_I_BARRIER || n->cls == KP_I_ATOMIC ||
          n->cls == KP_I_OTHER)
        return 1;
      if (n->access >= 0 && (size_t)n->access < k->naccesses &&
          k->accesses[n->access].is_store && k->accesses[n->access].space != KP_SPACE_GLOBAL &&
          k->accesses[n->access].space != KP_SPACE_LOCAL)
        return 1;
    } else if (n->kind == KP_NODE_LOOP && n->loop) {
      if (region_writes_shared(k, &n->loop->body))
        return 1;
    } else if (n->kind == KP_NODE_BRANCH && n->branch) {
      if (region_writes_shared(k, &n->branch->then_r) ||
          region_writes_shared(k, &n->branch->else_r))
        return 1;
    }
  }
  return 0;
}

static int cmp_i64(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return a < b ? -1 : a > b;
}

#define NEST_DEPTH_MAX 16

/* Shared loads of a static nest issued once per distinct address: the
 * instructions saved (executions - distinct addresses, times the node's
 * count) over region r, whose enclosing loops inside the nest are
 * loops[0..depth). */
static int64_t merged_shared_loads(const kp_kernel *k, const kp_region *r,
                                   const kp_loop *const *loops, int depth) {
  int64_t saved = 0;
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_LOOP && n->loop && static_trip(n->loop) > 0 &&
        depth < NEST_DEPTH_MAX) {
      const kp_loop *inner[NEST_DEPTH_MAX];
      memcpy(inner, loops, sizeof *loops * (size_t)depth);
      inner[depth] = n->loop;
      saved += merged_shared_loads(k, &n->loop->body, inner, depth + 1);
    } else if (n->kind == KP_NODE_BRANCH && n->branch && (n->branch->taken == 0 ||
                                                           n->branch->taken == 1)) {
      saved += merged_shared_loads(
          k, n->branch->taken ? &n->branch->then_r : &n->branch->else_r, loops, depth);
    } else if (n->kind == KP_NODE_OP && n->cls == KP_I_LD_SHARED && n->access >= 0 &&
               (size_t)n->access < k->naccesses && !n->per_group) {
      const kp_access *acc = &k->accesses[n->access];
      if (!acc->index.known || depth == 0)
        continue;
      /* The index's step per iteration of each enclosing nest loop. */
      int64_t step[NEST_DEPTH_MAX] = {0}, trip[NEST_DEPTH_MAX];
      int64_t execs = 1;
      int ok = 1;
      for (int d = 0; d < depth; d++) {
        trip[d] = static_trip(loops[d]);
        execs *= trip[d];
        if (execs > KP_STATIC_NEST_MAX)
          ok = 0;
      }
      for (size_t t = 0; t < acc->index.nterms && ok; t++) {
        int var = acc->index.terms[t].var;
        for (int d = 0; d < depth; d++) {
          if (var != KP_V_LOOP + loops[d]->id)
            continue;
          int64_t cf, st, prod;
          if (!kp_sym_is_const(acc->index.terms[t].coef, &cf) || !loops[d]->step ||
              !kp_sym_is_const(loops[d]->step, &st) || __builtin_mul_overflow(cf, st, &prod) ||
              __builtin_add_overflow(step[d], prod, &step[d]))
            ok = 0;
        }
      }
      if (!ok || execs <= 1)
        continue;
      int64_t *v = malloc(sizeof *v * (size_t)execs);
      if (!v)
        continue;
      int64_t it[NEST_DEPTH_MAX] = {0};
      for (int64_t e = 0; e < execs && ok; e++) {
        int64_t x = 0, y;
        for (int d = 0; d < depth && ok; d++)
          ok = !__builtin_mul_overflow(step[d], it[d], &y) && !__builtin_add_overflow(x, y, &x);
        v[e] = x;
        for (int d = depth - 1; d >= 0; d--) {
          if (++it[d] < trip[d])
            break;
          it[d] = 0;
        }
      }
      if (!ok) {
        free(v);
        continue;
      }
      qsort(v, (size_t)execs, sizeof *v, cmp_i64);
      int64_t distinct = 1;
      for (int64_t e = 1; e < execs; e++)
        distinct += v[e] != v[e - 1];
      free(v);
      saved += (execs - distinct) * (int64_t)n->count;
    }
  }
  return saved;
}

static void count_nodes(const counter *ct, const kp_region *r, int divergent, kp_counts *c,
                        int only_grouped);

/* A loop node that starts a static nest, for the emitted counts: its body is
 * counted with folding, and its shared loads merged by address. */
static void count_static_nest(const counter *ct, const kp_node *n, int divergent,
                              kp_counts *c) {
  counter sub = *ct;
  sub.in_static = 1;
  sub.folds = NULL;
  kp_counts nest;
  counts_zero(ct, &nest);
  kp_region one = {(kp_node *)n, 1, 1}; /* the loop node alone */
  count_nodes(&sub, &one, divergent, &nest, 0);
  if (!region_writes_shared(ct->k, &n->loop->body)) {
    const kp_loop *root[1] = {n->loop};
    int64_t saved = merged_shared_loads(ct->k, &n->loop->body, root, 1);
    if (saved > 0) {
      nest.by_class[KP_I_LD_SHARED] =
          kp_sym_sub(ct->a, nest.by_class[KP_I_LD_SHARED], kp_sym_const(ct->a, saved));
      nest.total = kp_sym_sub(ct->a, nest.total, kp_sym_const(ct->a, saved));
    }
  }
  counts_add_scaled(ct, c, &nest, kp_sym_const(ct->a, 1));
}

/* ---- Emitted counts: branch predication --------------------------------- */

/* Branch predication: the compiler replaces a short branch by predicated
 * instructions; every thread then issues both sides, and the jump is gone.
 * The CUDA C++ Best Practices Guide ("Branch Predication") gives the rule's
 * shape with thresholds of 7 instructions where the condition is likely to
 * diverge and 4 otherwise; NVIDIA's ptxas (CUDA 11.8, sm_86) predicates a
 * side of 8 dependent FFMAs under a thread-dependent condition but not 9, and
 * 18 but not 20 under a condition that is the same for every thread of a warp
 * (tests/lit/model/predication.cu's kernels; docs/models.md).  Those measured
 * limits are used. */
#define KP_PREDICATE_MAX_DIVERGENT 8
#define KP_PREDICATE_MAX_UNIFORM 18

/* Adds the instructions of a branch side to *n; 0 when it holds anything
 * but plain operations (a loop, a branch, a jump or return, a barrier, an
 * atomic, a warp operation, a call). */
static int predicable_side(const kp_region *r, int64_t *n) {
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *nd = &r->nodes[i];
    if (nd->kind != KP_NODE_OP)
      return 0;
    switch (nd->cls) {
    case KP_I_BRANCH:
    case KP_I_BARRIER:
    case KP_I_ATOMIC:
    case KP_I_WARP:
    case KP_I_OTHER:
      return 0;
    default:
      break;
    }
    if (!nd->pred_logic)
      *n += nd->count;
  }
  return 1;
}

/* Whether the emitted code predicates branch br (emitted counts only). */
static int predicated(const counter *ct, const kp_branch *br) {
  if (!ct->emitted || kp_branch_side(br, ct->b, ct->nb) >= 0)
    return 0;
  int64_t n = 0;
  if (!predicable_side(&br->then_r, &n) || !predicable_side(&br->else_r, &n))
    return 0;
  return n <= (br->divergent ? KP_PREDICATE_MAX_DIVERGENT : KP_PREDICATE_MAX_UNIFORM);
}

/* Whether node i of r is the jump of a predicated branch (the next node). */
static int predicated_jump(const counter *ct, const kp_region *r, size_t i) {
  const kp_node *n = &r->nodes[i], *b = i + 1 < r->nnodes ? &r->nodes[i + 1] : NULL;
  return ct->emitted && n->kind == KP_NODE_OP && n->cls == KP_I_BRANCH && b &&
         b->kind == KP_NODE_BRANCH && b->branch && b->branch->has_jump &&
         predicated(ct, b->branch);
}

/* ---- Branches: which sides run ---------------------------------------- */

/* 1 when some comparison of g[0..n) has a value with the bindings and does
 * not hold. */
static int needs_fail(const kp_guard *g, size_t n, const kp_binding *b, size_t nb) {
  for (size_t i = 0; i < n; i++) {
    int holds;
    if (kp_guard_holds(&g[i], b, nb, &holds) && !holds)
      return 1;
  }
  return 0;
}

int kp_branch_side(const kp_branch *br, const kp_binding *b, size_t nb) {
  if (!br)
    return -1;
  if (br->taken == 0 || br->taken == 1)
    return br->taken;
  if (br->has_likely && (br->likely <= 0 || br->likely >= 100))
    return br->likely >= 100;
  if (!b || !nb)
    return -1;
  int then_dead = needs_fail(br->then_needs, br->nthen_needs, b, nb);
  int else_dead = needs_fail(br->else_needs, br->nelse_needs, b, nb);
  if (then_dead != else_dead)
    return then_dead ? 0 : 1;
  return -1;
}

/* The percentage of threads that take the then side of a data test. */
static int data_then_pct(const kp_branch *br) {
  if (br->has_likely)
    return br->likely < 0 ? 0 : br->likely > 100 ? 100 : br->likely;
  return KP_DATA_BRANCH_PCT;
}

double kp_access_share(const kp_access *acc, const kp_binding *b, size_t nb) {
  double share = 1;
  if (!acc)
    return 1;
  const kp_branch *br = acc->branch;
  int side = acc->branch_side;
  for (int depth = 0; br && depth < 4096; depth++) {
    int s = kp_branch_side(br, b, nb);
    if (s >= 0 && s != side)
      return 0;
    if (s < 0 && br->data) {
      int p = data_then_pct(br);
      share *= (side ? p : 100 - p) / 100.0;
    }
    side = br->outer_side;
    br = br->outer;
  }
  return share;
}

/* Whether region r (recursively) holds a memory access. */
static int region_has_access(const kp_region *r, int depth) {
  if (depth > 4096)
    return 1;
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_OP && n->access >= 0)
      return 1;
    if (n->kind == KP_NODE_LOOP && n->loop && region_has_access(&n->loop->body, depth + 1))
      return 1;
    if (n->kind == KP_NODE_BRANCH && n->branch &&
        (region_has_access(&n->branch->then_r, depth + 1) ||
         region_has_access(&n->branch->else_r, depth + 1)))
      return 1;
  }
  return 0;
}

/* Whether region r (recursively) holds a data test, undecided, one side of
 * which moves bytes: then bytes are counted in hundredths. */
static int region_has_data_bytes(const kp_region *r, int depth) {
  if (depth > 4096)
    return 1;
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (n->kind == KP_NODE_LOOP && n->loop && region_has_data_bytes(&n->loop->body, depth + 1))
      return 1;
    if (n->kind != KP_NODE_BRANCH || !n->branch)
      continue;
    const kp_branch *br = n->branch;
    if (br->data && kp_branch_side(br, NULL, 0) < 0 &&
        (region_has_access(&br->then_r, depth + 1) || region_has_access(&br->else_r, depth + 1)))
      return 1;
    if (region_has_data_bytes(&br->then_r, depth + 1) ||
        region_has_data_bytes(&br->else_r, depth + 1))
      return 1;
  }
  return 0;
}

static void count_branch(const counter *ct, const kp_branch *br, int divergent, kp_counts *c) {
  int div = divergent || br->divergent;
  kp_counts t, e;
  int side = kp_branch_side(br, ct->b, ct->nb);
  if (side == 1 || side == 0) { /* the condition folded, or its values are bound */
    count_region(ct, side ? &br->then_r : &br->else_r, div, c);
    return;
  }
  if (predicated(ct, br)) { /* every thread issues both sides */
    count_region(ct, &br->then_r, div, c);
    count_region(ct, &br->else_r, div, c);
    return;
  }
  /* A data test: instructions as for any branch (a warp issues a side when
   * one of its lanes takes it), bytes as each side's share of the threads. */
  int data = br->data && ct->byte_scale > 1;
  counter ts = *ct, es = *ct;
  if (data) {
    int p = data_then_pct(br);
    ts.byte_weight = ct->byte_weight * p / 100;
    es.byte_weight = ct->byte_weight * (100 - p) / 100;
  }
  counts_zero(ct, &t);
  counts_zero(ct, &e);
  count_region(&ts, &br->then_r, div, &t);
  count_region(&es, &br->else_r, div, &e);
  kp_counts m;
  counts_zero(ct, &m);
  int64_t tt, te;
  if (kp_sym_is_const(t.total, &tt) && kp_sym_is_const(e.total, &te))
    counts_add_scaled(ct, &m, tt >= te ? &t : &e, kp_sym_const(ct->a, 1));
  else if (kp_sym_equal(t.total, e.total))
    counts_add_scaled(ct, &m, &t, kp_sym_const(ct->a, 1));
  else /* not comparable: each count at its larger side */
    counts_add_max(ct, &m, &t, &e);
  if (data)
    for (int i = 0; i < NSPACES; i++)
      m.bytes[i] = kp_sym_add(ct->a, t.bytes[i], e.bytes[i]);
  counts_add_scaled(ct, c, &m, kp_sym_const(ct->a, 1));
}

/* Adds the counts of region r to *c; with only_grouped, only its operations
 * that run once per unrolled group of iterations (kp_node.per_group), else
 * everything else. */
static void count_nodes(const counter *ct, const kp_region *r, int divergent, kp_counts *c,
                        int only_grouped);

static void count_region(const counter *ct, const kp_region *r, int divergent, kp_counts *c) {
  counter sub = *ct;
  char *folds = ct->in_static ? fold_flags(ct->k, r) : NULL;
  sub.folds = folds;
  count_nodes(&sub, r, divergent, c, 0);
  free(folds);
}

static void count_nodes(const counter *ct, const kp_region *r, int divergent, kp_counts *c,
                        int only_grouped) {
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    if (only_grouped && !(n->kind == KP_NODE_OP && n->per_group))
      continue;
    if (!only_grouped && n->kind == KP_NODE_OP && n->per_group)
      continue;
    switch (n->kind) {
    case KP_NODE_OP:
      count_op(ct, n, divergent, c, (ct->folds && ct->folds[i]) || predicated_jump(ct, r, i));
      break;
    case KP_NODE_LOOP:
      if (n->loop && ct->emitted && !ct->in_static && static_trip(n->loop) > 0) {
        count_static_nest(ct, n, divergent, c);
      } else if (n->loop) {
        /* trip x the body; operations once per unrolled group: ceil(trip / group). */
        kp_counts body, grouped;
        counts_zero(ct, &body);
        counts_zero(ct, &grouped);
        counter sub = *ct;
        char *folds = NULL;
        if (ct->emitted && ct->in_static && static_trip(n->loop) <= 0)
          sub.in_static = 0; /* a loop that stays a loop inside the nest */
        if (sub.in_static)
          folds = fold_flags(ct->k, &n->loop->body);
        sub.folds = folds;
        count_nodes(&sub, &n->loop->body, divergent, &body, 0);
        count_nodes(&sub, &n->loop->body, divergent, &grouped, 1);
        free(folds);
        const kp_sym *trip = trip_of(ct->a, n->loop);
        int g = n->loop->unrolled_by > 1 ? n->loop->unrolled_by : 1;
        char it[32];
        int64_t tc;
        kp__count_iteration_name(n->loop, it, sizeof it);
        if (counts_use(&body, it) && kp_sym_is_const(trip, &tc) && tc <= KP_ITERATION_SUM_MAX) {
          /* The body depends on the iteration (an inner loop's bounds):
           * the sum over the iterations. */
          for (int64_t i = 0; i < tc; i++) {
            kp_binding bi = {it, i};
            kp_counts bk;
            counts_subst(ct, &bk, &body, &bi);
            counts_add_scaled(ct, c, &bk, kp_sym_const(ct->a, 1));
          }
        } else if (counts_use(&body, it)) {
          /* A trip count that is not a small constant (a grid-stride loop's,
           * a parameter): the body on the middle iteration, trip times (the
           * sum exactly when the body is affine in the iteration, as a
           * triangular nest's inner trip count is). */
          kp_counts mid;
          counts_replace(ct, &mid, &body, it, middle_iteration(ct->a, trip));
          counts_add_scaled(ct, c, &mid, trip);
        } else {
          counts_add_scaled(ct, c, &body, trip);
        }
        if (counts_use(&grouped, it)) {
          kp_counts mid;
          counts_replace(ct, &mid, &grouped, it, middle_iteration(ct->a, trip));
          grouped = mid;
        }
        counts_add_scaled(ct, c, &grouped,
                          kp_sym_bin(ct->a, KP_SYM_CEILDIV, trip, kp_sym_const(ct->a, g)));
      }
      break;
    case KP_NODE_BRANCH:
      if (n->branch)
        count_branch(ct, n->branch, divergent, c);
      break;
    }
  }
}

int kp_count_kernel(struct kp_arena *a, const kp_kernel *k, kp_counts *out) {
  return kp_count_kernel_at(a, k, NULL, 0, out);
}

int kp_count_kernel_at(struct kp_arena *a, const kp_kernel *k, const kp_binding *b, size_t nb,
                       kp_counts *out) {
  if (!a || !k || !out || !k->has_body)
    return 0;
  counter ct = {a, k, kp_sym_const(a, 0), 0, 0, NULL, b, nb, 1, 1};
  if (!ct.zero)
    return 0;
  if (region_has_data_bytes(&k->body, 0))
    ct.byte_scale = ct.byte_weight = 100;
  counts_zero(&ct, out);
  count_region(&ct, &k->body, 0, out);
  if (ct.byte_scale > 1) /* hundredths of bytes, rounded to bytes */
    for (int i = 0; i < NSPACES; i++)
      out->bytes[i] = kp_sym_bin(a, KP_SYM_DIV,
                                 kp_sym_add(a, out->bytes[i], kp_sym_const(a, ct.byte_scale / 2)),
                                 kp_sym_const(a, ct.byte_scale));
  kp_counts em;
  counter ce = ct;
  ce.emitted = 1;
  counts_zero(&ce, &em);
  count_region(&ce, &k->body, 0, &em);
  for (int i = 0; i < KP_I_COUNT; i++)
    out->emitted[i] = em.by_class[i];
  /* Constructors propagate NULL: any NULL field means memory ran out. */
  int ok = out->total && out->divergent && out->syncs;
  for (int i = 0; i < KP_I_COUNT; i++)
    ok &= out->by_class[i] != NULL && out->emitted[i] != NULL;
  for (int i = 0; i < NSPACES; i++)
    ok &= out->bytes[i] != NULL;
  return ok;
}
