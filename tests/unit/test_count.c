/* Unit tests of per-thread counts, launch bindings and model 000's thread time. */
#include "check.h"

#include <math.h>
#include "kperf/arena.h"
#include "kperf/count.h"
#include "kperf/model.h"

#include <stdint.h>

/* Appends an operation node to r and returns its index. */
static int op(kp_module *m, kp_region *r, kp_iclass cls, unsigned count, int access) {
  kp_node *n = kp_region_add(m, r);
  CHECK(n != NULL);
  if (!n)
    return -1;
  n->kind = KP_NODE_OP;
  n->cls = cls;
  n->count = count;
  n->access = access;
  return (int)(r->nnodes - 1);
}

/* r->nodes[i] uses r->nodes[dep]. */
static void dep(kp_module *m, kp_region *r, int i, int d) { kp_node_add_dep(m, &r->nodes[i], d); }

static int add_access(kp_module *m, kp_kernel *k, kp_space space, unsigned bytes, int store,
                      int atomic) {
  kp_access *a = kp_kernel_add_access(m, k);
  CHECK(a != NULL);
  if (!a)
    return -1;
  a->space = space;
  a->elem_bytes = bytes;
  a->is_store = store;
  a->is_atomic = atomic;
  return (int)(k->naccesses - 1);
}

/* A loop node with trip count `trip` appended to r; returns the loop. */
static kp_loop *loop(kp_module *m, kp_kernel *k, kp_region *r, const kp_sym *trip) {
  kp_loop *l = kp_kernel_add_loop(m, k);
  kp_node *n = kp_region_add(m, r);
  CHECK(l && n);
  if (!l || !n)
    return NULL;
  l->trip = trip;
  n->kind = KP_NODE_LOOP;
  n->loop = l;
  return l;
}

static kp_branch *branch(kp_module *m, kp_region *r, int divergent, int taken) {
  kp_branch *b = kp_module_alloc(m, sizeof *b);
  kp_node *n = kp_region_add(m, r);
  CHECK(b && n);
  if (!b || !n)
    return NULL;
  b->divergent = divergent;
  b->taken = taken;
  n->kind = KP_NODE_BRANCH;
  n->branch = b;
  return b;
}

/* The kernel of these tests, as the plugin would model
 *
 *   __global__ void k(int n, float *data, int, int m) {
 *     int i = ...;                                  // 2 int
 *     for (j < n) data[...] = ld * 3 fp32 chain     // ld.global -> fp32 -> fp32 -> fp32
 *     if (threadIdx.x & 1) { st.global; int } else { int }   // divergent
 *     __syncthreads();                              // depends on all of the above
 *     if (cond) { for (m) fp64 } else { 2 fp64 }    // longer side unknown
 *     if (0) { 100 sfu } else { atomicAdd(&sh, x) } // folded: else
 *   }
 */
static kp_kernel *build_kernel(kp_module *m) {
  kp_kernel *k = kp_module_add_kernel(m);
  CHECK(k != NULL);
  if (!k)
    return NULL;
  struct kp_arena *a = m->arena;
  k->name = kp_module_str(m, "k", (size_t)-1);
  static const char *const names[] = {"n", "data", "", "m"};
  static const char *const types[] = {"int", "float *", "int", "int"};
  k->params = kp_module_alloc(m, 4 * sizeof *k->params);
  for (int i = 0; k->params && i < 4; i++) {
    k->params[i].name = names[i];
    k->params[i].type = types[i];
  }
  k->nparams = 4;
  k->has_body = 1;
  int ld = add_access(m, k, KP_SPACE_GLOBAL, 4, 0, 0);
  int st = add_access(m, k, KP_SPACE_GLOBAL, 4, 1, 0);
  int at = add_access(m, k, KP_SPACE_SHARED, 8, 0, 1);

  kp_region *body = &k->body;
  op(m, body, KP_I_INT, 2, -1); /* 0 */

  kp_loop *l = loop(m, k, body, kp_sym_var(a, "n")); /* 1 */
  if (l) {
    kp_region *lb = &l->body;
    op(m, lb, KP_I_LD_GLOBAL, 1, ld);
    for (int i = 1; i <= 3; i++) {
      op(m, lb, KP_I_FP32, 1, -1);
      dep(m, lb, i, i - 1);
    }
  }

  kp_branch *b = branch(m, body, 1, -1); /* 2 */
  if (b) {
    op(m, &b->then_r, KP_I_ST_GLOBAL, 1, st);
    op(m, &b->then_r, KP_I_INT, 1, -1);
    op(m, &b->else_r, KP_I_INT, 1, -1);
  }

  op(m, body, KP_I_BARRIER, 1, -1); /* 3 */
  for (int i = 0; i < 3; i++)
    dep(m, body, 3, i);

  b = branch(m, body, 0, -1); /* 4 */
  if (b) {
    kp_loop *l2 = loop(m, k, &b->then_r, kp_sym_var(a, "m"));
    if (l2)
      op(m, &l2->body, KP_I_FP64, 1, -1);
    op(m, &b->else_r, KP_I_FP64, 2, -1);
  }
  dep(m, body, 4, 3);

  b = branch(m, body, 0, 0); /* 5 */
  if (b) {
    op(m, &b->then_r, KP_I_SFU, 100, -1);
    op(m, &b->else_r, KP_I_ATOMIC, 1, at);
  }
  dep(m, body, 5, 4);
  return k;
}

static int64_t eval(const kp_sym *s, const kp_binding *b, size_t nb) {
  int64_t v;
  return kp_sym_eval(s, b, nb, &v) ? v : -999;
}

static void test_counts(void) {
  kp_module m;
  kp_module_init(&m);
  kp_kernel *k = build_kernel(&m);
  kp_arena *a = kp_arena_new();
  kp_counts c;
  CHECK(k && kp_count_kernel(a, k, &c));
  if (!k) {
    kp_arena_free(a);
    kp_module_free(&m);
    return;
  }
  for (int i = 0; i < KP_I_COUNT; i++)
    CHECK(c.by_class[i] != NULL);
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_FP32]), "3*n");
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_LD_GLOBAL]), "n");
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_ST_GLOBAL]), "1"); /* longer side of the if */
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_INT]), "3");
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_FP64]), "max(2, m)"); /* sides not comparable */
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_SFU]), "0");           /* folded branch */
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_ATOMIC]), "1");
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_FP16]), "0");
  CHECK_STR(kp_sym_str(a, c.total), "4*n + max(2, m) + 6");
  CHECK_STR(kp_sym_str(a, c.divergent), "2");
  CHECK_STR(kp_sym_str(a, c.syncs), "1");
  CHECK_STR(kp_sym_str(a, c.bytes[KP_SPACE_GLOBAL]), "4*n + 4");
  CHECK_STR(kp_sym_str(a, c.bytes[KP_SPACE_SHARED]), "16"); /* atomic: read + write */
  CHECK_STR(kp_sym_str(a, c.bytes[KP_SPACE_LOCAL]), "0");

  kp_binding b[] = {{"n", 10}, {"m", 5}};
  CHECK(eval(c.total, b, 2) == 51);
  CHECK(eval(c.by_class[KP_I_FP32], b, 2) == 30);
  CHECK(eval(c.bytes[KP_SPACE_GLOBAL], b, 2) == 44);
  b[1].value = 1;
  CHECK(eval(c.total, b, 2) == 48); /* max(2, 1) */
  CHECK(eval(c.total, b, 1) == -999);

  /* A branch whose sides are both constant: the longer side's counts, not max per class. */
  kp_kernel k2 = {0};
  k2.has_body = 1;
  kp_branch *br = branch(&m, &k2.body, 0, -1);
  if (br) {
    op(&m, &br->then_r, KP_I_FP32, 3, -1);
    op(&m, &br->else_r, KP_I_INT, 2, -1);
  }
  CHECK(kp_count_kernel(a, &k2, &c));
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_FP32]), "3");
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_INT]), "0");
  CHECK_STR(kp_sym_str(a, c.total), "3");
  CHECK_STR(kp_sym_str(a, c.divergent), "0");
  if (br)
    br->taken = 0; /* folded: the shorter side it is */
  CHECK(kp_count_kernel(a, &k2, &c));
  CHECK_STR(kp_sym_str(a, c.by_class[KP_I_INT]), "2");
  CHECK_STR(kp_sym_str(a, c.total), "2");

  /* No body: nothing to count. */
  kp_kernel none = {0};
  CHECK(!kp_count_kernel(a, &none, &c));

  kp_arena_free(a);
  kp_module_free(&m);
}

static void test_bindings(void) {
  kp_module m;
  kp_module_init(&m);
  CHECK(build_kernel(&m) != NULL);
  kp_launch *l = kp_module_add_launch(&m);
  CHECK(l != NULL);
  if (!l) {
    kp_module_free(&m);
    return;
  }
  l->kernel = 0;
  l->grid.x = (kp_expr){.text = "64", .known = 1, .value = 64}; /* grid y, z absent: 1 */
  l->block.x = (kp_expr){.text = "256", .known = 1, .value = 256};
  l->block.y = (kp_expr){.text = "by", .known = 0, .value = 0}; /* written but not a constant: unbound */
  kp_expr args[4] = {{.text = "1000", .known = 1, .value = 1000}, {.text = "p", .known = 0, .value = 0}, {.text = "7", .known = 1, .value = 7}, {.text = "mm", .known = 0, .value = 0}};
  l->args = args;
  l->nargs = 4;
  CHECK(kp_module_assume(&m, "n", 12)); /* overrides the argument */
  CHECK(kp_module_assume(&m, "m", 5));

  kp_binding b[32];
  size_t nb = kp_launch_bindings(&m, l, b, 32);
  /* blockDim.x, .z, gridDim.x, .y, .z, n, 6 ids, 2 assumptions */
  CHECK(nb == 14);
  kp_arena *a = kp_arena_new();
  CHECK(eval(kp_sym_var(a, "blockDim.x"), b, nb) == 256);
  CHECK(eval(kp_sym_var(a, "blockDim.y"), b, nb) == -999);
  CHECK(eval(kp_sym_var(a, "blockDim.z"), b, nb) == 1);
  CHECK(eval(kp_sym_var(a, "gridDim.x"), b, nb) == 64);
  CHECK(eval(kp_sym_var(a, "gridDim.y"), b, nb) == 1);
  CHECK(eval(kp_sym_var(a, "gridDim.z"), b, nb) == 1);
  CHECK(eval(kp_sym_var(a, "threadIdx.x"), b, nb) == 0);
  CHECK(eval(kp_sym_var(a, "blockIdx.z"), b, nb) == 0);
  CHECK(eval(kp_sym_var(a, "n"), b, nb) == 12);
  CHECK(eval(kp_sym_var(a, "m"), b, nb) == 5);
  CHECK(eval(kp_sym_var(a, "data"), b, nb) == -999);
  for (size_t i = 0; i < nb; i++)
    CHECK(b[i].name && *b[i].name); /* the unnamed parameter is skipped */

  /* A grid-stride trip count evaluated at this launch. */
  const kp_sym *trip = kp_sym_bin(
      a, KP_SYM_CEILDIV, kp_sym_bin(a, KP_SYM_MAX, kp_sym_const(a, 0), kp_sym_var(a, "n")),
      kp_sym_mul(a, kp_sym_var(a, "blockDim.x"), kp_sym_var(a, "gridDim.x")));
  CHECK(eval(trip, b, nb) == 1);

  /* The counts of the kernel at this launch: 4*12 + max(2, 5) + 6. */
  kp_counts c;
  CHECK(kp_count_kernel(a, &m.kernels[0], &c));
  CHECK(eval(c.total, b, nb) == 59);

  /* Without the assumption the argument's value counts. */
  kp_module m2;
  kp_module_init(&m2);
  CHECK(build_kernel(&m2) != NULL);
  nb = kp_launch_bindings(&m2, l, b, 32);
  CHECK(nb == 12);
  CHECK(eval(kp_sym_var(a, "n"), b, nb) == 1000);
  CHECK(eval(kp_sym_var(a, "m"), b, nb) == -999);
  kp_module_free(&m2);

  /* Capacity is respected. */
  CHECK(kp_launch_bindings(&m, l, b, 3) == 3);
  CHECK(kp_launch_bindings(&m, l, NULL, 0) == 0);

  /* An unresolved kernel: no parameters.  An unknown shape: y and z unknown. */
  l->kernel = -1;
  l->grid.x = (kp_expr){.text = "g", .known = 0, .value = 0};
  nb = kp_launch_bindings(&m, l, b, 32);
  CHECK(nb == 2 + 6 + 2); /* blockDim.x, .z, ids, assumptions */
  CHECK(eval(kp_sym_var(a, "gridDim.y"), b, nb) == -999);
  CHECK(eval(kp_sym_var(a, "n"), b, nb) == 12);

  kp_arena_free(a);
  kp_module_free(&m);
}

static void test_thread_time(void) {
  double lat[KP_I_COUNT], issue[KP_I_COUNT];
  for (int i = 0; i < KP_I_COUNT; i++)
    lat[i] = issue[i] = 1;
  lat[KP_I_FP32] = 4;
  lat[KP_I_LD_GLOBAL] = 100;
  lat[KP_I_INT] = 2;

  kp_module m;
  kp_module_init(&m);
  double t = -1, d = -1;

  /* Three dependent fp32 ops: a chain of 3*4 cycles; independent: 4. */
  kp_kernel chain = {0}, par = {0}, multi = {0};
  chain.has_body = par.has_body = multi.has_body = 1;
  for (int i = 0; i < 3; i++) {
    op(&m, &chain.body, KP_I_FP32, 1, -1);
    if (i)
      dep(&m, &chain.body, i, i - 1);
    op(&m, &par.body, KP_I_FP32, 1, -1);
  }
  op(&m, &multi.body, KP_I_FP32, 3, -1); /* one node of 3 instructions: a chain */
  CHECK(kp_thread_time(&chain, lat, issue, NULL, 0, &t, &d) && t == 12 && d == 3);
  CHECK(kp_thread_time(&par, lat, issue, NULL, 0, &t, &d) && t == 4 && d == 3);
  CHECK(kp_thread_time(&multi, lat, issue, NULL, 0, &t, &d) && t == 12 && d == 3);
  /* The longest of several paths: 0 -> 2 (4 + 4) vs 1 (4); 3 after 1 and 2. */
  kp_kernel dag = {0};
  dag.has_body = 1;
  op(&m, &dag.body, KP_I_FP32, 1, -1);
  op(&m, &dag.body, KP_I_FP32, 1, -1);
  op(&m, &dag.body, KP_I_FP32, 1, -1);
  dep(&m, &dag.body, 2, 0);
  op(&m, &dag.body, KP_I_LD_GLOBAL, 1, -1);
  dep(&m, &dag.body, 3, 1);
  dep(&m, &dag.body, 3, 2);
  CHECK(kp_thread_time(&dag, lat, issue, NULL, 0, &t, &d) && t == 108 && d == 4);

  /* The test kernel at n = 10, m = 5:
   *   0 int x2: 4; 1 loop: 10 x (100 + 3*4) = 1120; 2 divergent if: max(2, 2) = 2;
   *   3 barrier after 0..2: 1121; 4 if after 3: max(5*1, 2) -> 1126;
   *   5 folded if after 4: atomic -> 1127.
   * delay: one cycle per executed instruction = the total count, 51. */
  kp_kernel *k = build_kernel(&m);
  kp_binding b[] = {{"n", 10}, {"m", 5}};
  CHECK(k && kp_thread_time(k, lat, issue, b, 2, &t, &d));
  CHECK(t == 1127);
  CHECK(d == 51);
  /* A trip count that does not evaluate: 0, and zeros. */
  CHECK(k && !kp_thread_time(k, lat, issue, b, 1, &t, &d));
  CHECK(t == 0 && d == 0);
  /* A trip count <= 0 runs nothing. */
  b[0].value = -3;
  CHECK(k && kp_thread_time(k, lat, issue, b, 2, &t, &d));
  CHECK(t == 4 + 1 + 5 + 1 && d == 2 + 2 + 1 + 5 + 1);

  kp_kernel none = {0};
  CHECK(!kp_thread_time(&none, lat, issue, NULL, 0, &t, &d));
  kp_module_free(&m);
}

/* An inner loop bounded by the outer counter: for (i = 0; i < 4; i++) for
 * (j = i; j < 4; j++) one fp32 op: 4 + 3 + 2 + 1 = 10 ops, a chain of 10 * 4
 * cycles.  With the outer trip count n, the counts take the middle iteration
 * ((4 - 1) / 2 = 1: 3 inner iterations, 4 times: 12) while the thread time at
 * n = 4 sums the iterations: the same 40.  An inner trip n - i over a symbolic
 * n: at n = 5001 the middle iteration's 2501, 5001 times, is the sum 5001 *
 * 5002 / 2 exactly, in the counts and in the thread time (more iterations
 * than KP_ITERATION_SUM_MAX: the middle one stands for them). */
static void test_inner_from_outer(void) {
  kp_module m;
  kp_module_init(&m);
  struct kp_arena *a = m.arena;
  for (int symbolic = 0; symbolic < 2; symbolic++) {
    kp_kernel k = {0};
    k.has_body = 1;
    kp_loop *outer = loop(&m, &k, &k.body, symbolic ? kp_sym_var(a, "n") : kp_sym_const(a, 4));
    CHECK(outer && outer->id == 0);
    if (!outer)
      break;
    kp_loop *inner = loop(&m, &k, &outer->body,
                          kp_sym_bin(a, KP_SYM_MAX, kp_sym_const(a, 0),
                                     kp_sym_sub(a, kp_sym_const(a, 4),
                                                kp_sym_var(a, "iteration@0"))));
    if (!inner)
      break;
    op(&m, &inner->body, KP_I_FP32, 1, -1);
    kp_counts c;
    CHECK(kp_count_kernel(a, &k, &c));
    kp_binding n4 = {"n", 4};
    int64_t v = -1;
    int ok = kp_sym_eval(c.by_class[KP_I_FP32], &n4, 1, &v);
    CHECK(ok && v == (symbolic ? 12 : 10));
    CHECK(!kp_sym_uses(c.total, "iteration@0"));
    double lat[KP_I_COUNT], issue[KP_I_COUNT], t = -1, d = -1;
    for (int i = 0; i < KP_I_COUNT; i++)
      lat[i] = issue[i] = 1;
    lat[KP_I_FP32] = 4;
    CHECK(kp_thread_time(&k, lat, issue, &n4, 1, &t, &d) && t == 40 && d == 10);
  }
  {
    kp_kernel k = {0};
    k.has_body = 1;
    kp_loop *outer = loop(&m, &k, &k.body, kp_sym_var(a, "n"));
    kp_loop *inner =
        outer ? loop(&m, &k, &outer->body,
                     kp_sym_bin(a, KP_SYM_MAX, kp_sym_const(a, 0),
                                kp_sym_sub(a, kp_sym_var(a, "n"), kp_sym_var(a, "iteration@0"))))
              : NULL;
    CHECK(inner != NULL);
    if (inner) {
      op(&m, &inner->body, KP_I_FP32, 1, -1);
      kp_counts c;
      CHECK(kp_count_kernel(a, &k, &c));
      kp_binding n = {"n", 5001};
      int64_t v = -1;
      CHECK(kp_sym_eval(c.by_class[KP_I_FP32], &n, 1, &v) && v == 5001LL * 5002 / 2);
      double lat[KP_I_COUNT], issue[KP_I_COUNT], t = -1, d = -1;
      for (int i = 0; i < KP_I_COUNT; i++)
        lat[i] = issue[i] = 1;
      lat[KP_I_FP32] = 4;
      CHECK(kp_thread_time(&k, lat, issue, &n, 1, &t, &d) && t == 4.0 * 5001 * 5002 / 2 &&
            d == 5001.0 * 5002 / 2);
    }
  }
  kp_module_free(&m);
}


/* Three loops, each bounded by the iteration of the one around it: for (i <
 * n) for (j < i) for (k < j) one fp32 op, C(n, 3) ops.  Summing every
 * iteration of every level would take n^2 / 2 evaluations of the innermost
 * body; the levels sum at most KP_ITERATION_SUM_MAX iterations together
 * (the middle iteration stands for a loop past that).  n = 20: every level
 * summed, exact.  n = 300: the outer loop summed, the middle one past 13
 * iterations by its middle one, exact for the innermost trip affine in j:
 * within 1 %.  n = 5000: the outer loop by its middle iteration, whose body
 * (i^2 / 2 ops) is not affine in i: 3/4 of the sum. */
static void test_nested_iterations(void) {
  kp_module m;
  kp_module_init(&m);
  struct kp_arena *a = m.arena;
  kp_kernel k = {0};
  k.has_body = 1;
  kp_loop *l0 = loop(&m, &k, &k.body, kp_sym_var(a, "n"));
  kp_loop *l1 = l0 ? loop(&m, &k, &l0->body, kp_sym_var(a, "iteration@0")) : NULL;
  kp_loop *l2 = l1 ? loop(&m, &k, &l1->body, kp_sym_var(a, "iteration@1")) : NULL;
  CHECK(l2 != NULL);
  if (l2) {
    op(&m, &l2->body, KP_I_FP32, 1, -1);
    double lat[KP_I_COUNT], issue[KP_I_COUNT], t = -1, d = -1;
    for (int i = 0; i < KP_I_COUNT; i++)
      lat[i] = issue[i] = 1;
    int64_t sizes[] = {20, 300, 5000};
    for (int i = 0; i < 3; i++) {
      kp_binding n = {"n", sizes[i]};
      double exact = (double)sizes[i] * (sizes[i] - 1) * (sizes[i] - 2) / 6;
      CHECK(kp_thread_time(&k, lat, issue, &n, 1, &t, &d));
      double want = i == 2 ? 0.75 * exact : exact;
      CHECK(i == 0 ? d == exact : fabs(d - want) <= 0.01 * want);
    }
  }
  kp_module_free(&m);
}

/* Index a + b (+ 32*threadIdx.x) over loops la, lb (KP_V_LOOP + id). */
static void set_index(kp_module *m, kp_access *acc, const kp_loop *la, const kp_loop *lb,
                      int with_tid) {
  struct kp_arena *a = m->arena;
  size_t n = with_tid ? 3 : 2;
  acc->index.known = 1;
  acc->index.base = kp_sym_const(a, 0);
  acc->index.terms = kp_module_alloc(m, n * sizeof *acc->index.terms);
  CHECK(acc->index.terms != NULL);
  if (!acc->index.terms)
    return;
  acc->index.terms[0].coef = kp_sym_const(a, 1);
  acc->index.terms[0].var = KP_V_LOOP + la->id;
  acc->index.terms[1].coef = kp_sym_const(a, 1);
  acc->index.terms[1].var = KP_V_LOOP + lb->id;
  if (with_tid) {
    acc->index.terms[2].coef = kp_sym_const(a, 32);
    acc->index.terms[2].var = KP_V_TID_X;
  }
  acc->index.nterms = n;
}

/* kp_counts.emitted: a static nest (two fully unrolled loops, 3 x 4) with
 *   int i = ...;                 // index arithmetic, used by nothing: folds
 *   x = sh[ia + ib + 32*tid];    // 12 executions, 6 distinct addresses
 *   c = cf[ia + ib];             // constant operand: folds
 *   y = x * c;                   // fp32, kept
 *   k = (int)y + 1;              // int on a computed value: kept
 * variants: a shared store in the nest (no merging), loops not unrolled
 * (nothing folds), unrolled by a pragma count that covers the trip. */
static void test_emitted(void) {
  for (int variant = 0; variant < 4; variant++) {
    kp_module m;
    kp_module_init(&m);
    struct kp_arena *a = m.arena;
    kp_kernel *k = kp_module_add_kernel(&m);
    CHECK(k != NULL);
    if (!k) {
      kp_module_free(&m);
      return;
    }
    k->has_body = 1;
    int lds = add_access(&m, k, KP_SPACE_SHARED, 4, 0, 0);
    int ldc = add_access(&m, k, KP_SPACE_CONST, 4, 0, 0);
    int sts = add_access(&m, k, KP_SPACE_SHARED, 4, 1, 0);
    kp_loop *la = loop(&m, k, &k->body, kp_sym_const(a, 3));
    kp_loop *lb = la ? loop(&m, k, &la->body, kp_sym_const(a, 4)) : NULL;
    CHECK(lb != NULL);
    if (!lb) {
      kp_module_free(&m);
      return;
    }
    la->step = lb->step = kp_sym_const(a, 1);
    la->unroll = lb->unroll = variant == 2 ? 0 : -1;
    la->unrolled_whole = lb->unrolled_whole = variant != 2; /* as the front end decides */
    if (variant == 3) {
      la->unroll = lb->unroll = 4;
      la->unrolled_by = 4;
      lb->unrolled_by = 4;
    }
    set_index(&m, &k->accesses[lds], la, lb, 1);
    set_index(&m, &k->accesses[ldc], la, lb, 0);
    kp_region *r = &lb->body;
    op(&m, r, KP_I_INT, 1, -1);
    int x = op(&m, r, KP_I_LD_SHARED, 1, lds);
    int c = op(&m, r, KP_I_LD_CONST, 1, ldc);
    int y = op(&m, r, KP_I_FP32, 1, -1);
    dep(&m, r, y, x);
    dep(&m, r, y, c);
    int i2 = op(&m, r, KP_I_INT, 1, -1);
    dep(&m, r, i2, y);
    if (variant == 1)
      op(&m, r, KP_I_ST_SHARED, 1, sts);
    kp_arena *ar = kp_arena_new();
    kp_counts cn;
    CHECK(kp_count_kernel(ar, k, &cn));
    int64_t v[KP_I_COUNT], e[KP_I_COUNT];
    for (int i = 0; i < KP_I_COUNT; i++)
      CHECK(kp_sym_eval(cn.by_class[i], NULL, 0, &v[i]) && kp_sym_eval(cn.emitted[i], NULL, 0, &e[i]));
    /* The source-level counts never change. */
    CHECK(v[KP_I_LD_SHARED] == 12 && v[KP_I_LD_CONST] == 12 && v[KP_I_INT] == 24 &&
          v[KP_I_FP32] == 12);
    CHECK(e[KP_I_FP32] == 12);
    if (variant == 0 || variant == 3) {
      CHECK(e[KP_I_LD_SHARED] == 6); /* a + b: 0..5 */
      CHECK(e[KP_I_LD_CONST] == 0);
      CHECK(e[KP_I_INT] == 12);
    } else if (variant == 1) {
      CHECK(e[KP_I_LD_SHARED] == 12); /* a store in the nest: every load stays */
      CHECK(e[KP_I_LD_CONST] == 0);
      CHECK(e[KP_I_INT] == 12);
    } else {
      for (int i = 0; i < KP_I_COUNT; i++)
        CHECK(e[i] == v[i]); /* loops stay loops: nothing folds */
    }
    kp_arena_free(ar);
    kp_module_free(&m);
  }
}

/* Emitted counts of branches and truth values: a divergent branch of at most
 * 8 plain operations (18 when uniform) is predicated (both sides issued, no
 * jump); a longer side, or one holding a barrier, keeps the jump and the
 * longer side; logic on truth values (kp_node.pred_logic) is no instruction. */
static void test_predication(void) {
  /* variant: 0 divergent 2+1 ops; 1 uniform, 19 ops on one side; 2 divergent
   * with a barrier on a side; 3 uniform, 17 ops; 4 divergent, 9 ops. */
  for (int variant = 0; variant < 5; variant++) {
    kp_module m;
    kp_module_init(&m);
    kp_kernel *k = kp_module_add_kernel(&m);
    CHECK(k != NULL);
    if (!k) {
      kp_module_free(&m);
      return;
    }
    k->has_body = 1;
    int c0 = op(&m, &k->body, KP_I_CMP, 1, -1);
    int c1 = op(&m, &k->body, KP_I_CMP, 1, -1);
    int land = op(&m, &k->body, KP_I_INT, 1, -1); /* c0 && c1 */
    dep(&m, &k->body, land, c0);
    dep(&m, &k->body, land, c1);
    k->body.nodes[land].pred_logic = 1;
    int jump = op(&m, &k->body, KP_I_BRANCH, 1, -1);
    dep(&m, &k->body, jump, land);
    kp_branch *b = branch(&m, &k->body, variant == 0 || variant == 2 || variant == 4, -1);
    CHECK(b != NULL);
    if (!b) {
      kp_module_free(&m);
      return;
    }
    b->has_jump = 1;
    static const int sides[] = {2, 19, 2, 17, 8}; /* + 1 on the else side */
    int nthen = sides[variant];
    for (int i = 0; i < nthen; i++)
      op(&m, &b->then_r, KP_I_INT, 1, -1);
    op(&m, &b->else_r, variant == 2 ? KP_I_BARRIER : KP_I_INT, 1, -1);
    kp_arena *ar = kp_arena_new();
    kp_counts cn;
    CHECK(kp_count_kernel(ar, k, &cn));
    int64_t v[KP_I_COUNT], e[KP_I_COUNT];
    for (int i = 0; i < KP_I_COUNT; i++)
      CHECK(kp_sym_eval(cn.by_class[i], NULL, 0, &v[i]) && kp_sym_eval(cn.emitted[i], NULL, 0, &e[i]));
    /* Source counts: the && is an instruction, the jump too, the longer side. */
    CHECK(v[KP_I_CMP] == 2 && v[KP_I_BRANCH] == 1);
    CHECK(v[KP_I_INT] == 1 + nthen);
    CHECK(e[KP_I_CMP] == 2);
    int predicated = variant == 0 || variant == 3;
    CHECK(e[KP_I_BRANCH] == (predicated ? 0 : 1));
    if (predicated)
      CHECK(e[KP_I_INT] == nthen + 1); /* both sides, no && */
    else
      CHECK(e[KP_I_INT] == nthen);     /* the longer side, no && */
    kp_arena_free(ar);
    kp_module_free(&m);
  }
}

/* #pragma unroll asks for a whole unrolling, but code generation can do it
 * only when the trip count is a constant the same for every thread:
 *   for (j = 0; j < 8; j++)   -> unrolled whole: the 8 loads run at once
 *   for (j = 0; j < n; j++)   -> groups of unrolled_by (4): 2 groups in turn
 *   for (j = tx; j < 8; j++)  -> the same (a thread-dependent trip count) */
static void test_unrolled_whole(void) {
  double lat[KP_I_COUNT], issue[KP_I_COUNT];
  for (int i = 0; i < KP_I_COUNT; i++)
    lat[i] = issue[i] = 1;
  lat[KP_I_LD_GLOBAL] = 100;
  kp_module m;
  kp_module_init(&m);
  struct kp_arena *a = m.arena;
  const kp_sym *trips[3] = {kp_sym_const(a, 8), kp_sym_var(a, "n"),
                            kp_sym_var(a, "threadIdx.x")};
  const double want[3] = {100, 200, 200};
  for (int v = 0; v < 3; v++) {
    kp_kernel k = {0};
    k.has_body = 1;
    kp_loop *l = loop(&m, &k, &k.body, trips[v]);
    CHECK(l != NULL);
    if (!l)
      continue;
    l->unroll = -1;
    l->unrolled_whole = 1; /* asked for; only the constant trip count gets it */
    l->unrolled_by = v == 0 ? 1 : 4;
    l->thread_dependent = v == 2;
    op(&m, &l->body, KP_I_LD_GLOBAL, 1, -1);
    CHECK(kp_loop_unrolled_whole(l) == (v == 0));
    kp_binding b[] = {{"n", 8}, {"threadIdx.x", 8}};
    double t = -1, d = -1;
    CHECK(kp_thread_time_ex(&k, lat, issue, b, 2, 1, &t, &d));
    CHECK(t == want[v]);
    CHECK(d == 8);
  }
  /* Whatever the pragma (the front end has weighed it), a loop is unrolled
   * whole only when kp_loop.unrolled_whole says so: `#pragma unroll` with a
   * trip count from `#pragma kperf trip` is not the compiler's to unroll. */
  kp_loop plain = {0};
  plain.trip = kp_sym_const(a, 8);
  plain.unroll = -1;
  CHECK(!kp_loop_unrolled_whole(&plain));
  plain.unrolled_whole = 1;
  CHECK(kp_loop_unrolled_whole(&plain));
  /* A small loop nvcc unrolls without a pragma, as long as its trip count
   * is a constant. */
  kp_loop small = {0};
  small.trip = kp_sym_const(a, 8);
  small.unrolled_by = 1;
  CHECK(!kp_loop_unrolled_whole(&small));
  small.unrolled_whole = 1;
  CHECK(kp_loop_unrolled_whole(&small));
  small.trip = kp_sym_var(a, "n");
  CHECK(!kp_loop_unrolled_whole(&small));
  CHECK(!kp_loop_unrolled_whole(NULL));
  kp_module_free(&m);
}

int main(void) {
  test_unrolled_whole();
  test_predication();
  test_emitted();
  test_inner_from_outer();
  test_nested_iterations();
  test_counts();
  test_bindings();
  test_thread_time();
  return TEST_RESULT();
}
