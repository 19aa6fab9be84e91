/* The scans of an access on kernel models built by hand (no clang): the
 * scan's key, a scan as the evaluation sees it, and the live fraction of a
 * launch under random guards.  Uses checks_fixtures.h. */
#include "check.h"
#include "checks_fixtures.h"
#include "kperf/active.h"
#include "kperf/arena.h"
#include "kperf/checks.h"
#include "kperf/lanes.h"
#include "kperf/launch.h"
#include "kperf/model.h"
#include "kperf/predict.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* kp_access_scan_key: equal for two contexts that differ only in a value the
 * scan does not read, different when one it reads changes (the index's
 * coefficients, a guard, the trip count of the loop around the access), and
 * two scans under equal keys visit the same points with the same lanes. */
typedef struct key_visits {
  size_t n;
  uint64_t sum;
} key_visits;

static void key_visit(void *user, const kp_scan_point *sp) {
  key_visits *v = user;
  v->n++;
  for (unsigned lane = 0; lane < 32; lane++)
    if (sp->lanes->active >> lane & 1u)
      v->sum = v->sum * 31 + sp->lanes->addr[lane] + lane;
}

enum { KEY_N, KEY_M, KEY_T, KEY_G, KEY_Z, KEY_NVARS };

/* s[threadIdx.x * n + i * m] in for (i = 0; i < t; i++) under if
 * (threadIdx.x < g), with z assumed too: the scan's key and what it visits. */
static size_t key_of_values(const int64_t *v, int64_t *key, size_t cap, key_visits *vis) {
  static const char *const names[KEY_NVARS] = {"n", "m", "t", "g", "z"};
  begin();
  kp_loop *l = kp_kernel_add_loop(&M, K);
  l->var = "i";
  l->init = C(0);
  l->step = C(1);
  l->trip = V("t");
  l->unrolled_by = 1;
  kp_access *a = access1(KP_SPACE_SHARED, 4, V("n"), KP_V_TID_X);
  a->loop = 0;
  kp_term *terms = kp_module_alloc(&M, 2 * sizeof *terms);
  terms[0] = a->index.terms[0];
  terms[1] = (kp_term){V("m"), KP_V_LOOP + 0};
  a->index.terms = terms;
  a->index.nterms = 2;
  a->guards = kp_module_alloc(&M, sizeof(kp_guard));
  a->guards[0] = (kp_guard){V("threadIdx.x"), V("g"), KP_GUARD_LT};
  a->nguards = 1;
  for (int i = 0; i < KEY_NVARS; i++)
    kp_module_assume(&M, names[i], v[i]);
  kp_shape sh = {64, 1, 1, KP_SHAPE_ASSUMED, NULL};
  kp_lane_ctx c;
  CHECK(kp_lane_ctx_init(&c, &M, K, &sh));
  size_t n = kp_access_scan_key(&c, a, key, cap);
  memset(vis, 0, sizeof *vis);
  kp_access_scan(&c, a, &sh, 0, key_visit, vis);
  kp_lane_ctx_free(&c);
  end();
  return n;
}

static void scan_key(void) {
  const int64_t base[KEY_NVARS] = {3, 2, 9, 20, 5};
  int64_t k0[64], k1[64];
  key_visits v0, v1;
  size_t n0 = key_of_values(base, k0, 64, &v0);
  CHECK(n0 > 0 && n0 <= 64);
  CHECK(v0.n > 0);
  for (int var = 0; var < KEY_NVARS; var++) {
    int64_t v[KEY_NVARS];
    memcpy(v, base, sizeof v);
    v[var] += 4;
    size_t n1 = key_of_values(v, k1, 64, &v1);
    int same = n1 == n0 && memcmp(k0, k1, n0 * sizeof *k0) == 0;
    if (same != (var == KEY_Z))
      printf("scan key with %d changed: %s\n", var, same ? "the same" : "different");
    CHECK(same == (var == KEY_Z));
    if (same)
      CHECK(v1.n == v0.n && v1.sum == v0.sum);
    else
      CHECK(v1.n != v0.n || v1.sum != v0.sum);
  }
  /* A key longer than the room given: its length, nothing past cap written. */
  int64_t small[3] = {-7, -7, -7};
  CHECK(key_of_values(base, small, 2, &v1) == n0);
  CHECK(small[2] == -7);
}

/* kp_access_scan prepares each point once for all its warps: every point it
 * visits shows the lanes kp_lanes_eval gives at that point alone, for an
 * index per lane (a formula) and an affine one, under guards that name the
 * threads, the block or neither, in a 2-D block, while the visit itself
 * binds the context to other values in between. */
typedef struct seen_point {
  unsigned warp;
  int64_t block_id, iter[2], unknown;
  int64_t counter;
  int counter_known;
  kp_warp_access lanes;
} seen_point;
typedef struct scan_record {
  kp_lane_ctx *c;
  const kp_sym *other; /* evaluated at each visit: the context rebound */
  seen_point pts[4096];
  size_t n;
} scan_record;

static void record_visit(void *user, const kp_scan_point *sp) {
  scan_record *r = user;
  if (r->n < sizeof r->pts / sizeof r->pts[0]) {
    seen_point *q = &r->pts[r->n++];
    q->warp = sp->point->warp;
    q->block_id = sp->point->block_id;
    q->iter[0] = sp->point->iter ? sp->point->iter[0] : 0;
    q->iter[1] = sp->point->iter ? sp->point->iter[1] : 0;
    q->unknown = sp->point->unknown_value;
    q->counter = sp->primary_counter;
    q->counter_known = sp->primary_counter_known;
    q->lanes = *sp->lanes;
  }
  int64_t v;
  kp_lanes_value(r->c, sp->point, r->other, 1, &v);
}

static void scan_as_evaluated(void) {
  static scan_record rec;
  for (int form = 0; form < 2; form++) {
    begin();
    /* for (i = 1000 * blockIdx.x + threadIdx.x; i < n; i += 5) */
    kp_loop *l = kp_kernel_add_loop(&M, K);
    l->var = "i";
    l->init = kp_sym_add(M.arena, kp_sym_mul(M.arena, C(1000), V("blockIdx.x")), V("threadIdx.x"));
    l->step = C(5);
    l->trip = V("t");
    l->unrolled_by = 1;
    const kp_sym *tx = V("threadIdx.x"), *ty = V("threadIdx.y"), *bx = V("blockIdx.x");
    const kp_sym *gid = kp_sym_add(M.arena, kp_sym_mul(M.arena, bx, C(128)),
                                   kp_sym_add(M.arena, kp_sym_mul(M.arena, ty, C(40)), tx));
    kp_access *a;
    if (form == 0) {
      const kp_sym *f = kp_sym_add(M.arena, BIN(KP_SYM_TMOD, kp_sym_mul(M.arena, gid, C(7)), V("n")),
                                   kp_sym_mul(M.arena, V("iteration@0"), V("m")));
      a = access_f(KP_SPACE_GLOBAL, 4, f, "[(gid * 7) % n + i * m]");
    } else {
      a = access1(KP_SPACE_GLOBAL, 4, V("m"), KP_V_TID_X);
      kp_term *terms = kp_module_alloc(&M, 3 * sizeof *terms);
      terms[0] = a->index.terms[0];
      terms[1] = (kp_term){C(3), KP_V_CTAID_X};
      terms[2] = (kp_term){V("n"), KP_V_LOOP + 0};
      a->index.terms = terms;
      a->index.nterms = 3;
    }
    a->loop = 0;
    a->guards = kp_module_alloc(&M, 3 * sizeof(kp_guard));
    a->guards[0] = (kp_guard){BIN(KP_SYM_TMOD, kp_sym_mul(M.arena, tx, ty), C(3)), C(1), KP_GUARD_NE};
    a->guards[1] = (kp_guard){bx, V("g"), KP_GUARD_LT};
    a->guards[2] = (kp_guard){kp_sym_add(M.arena, tx, V("iteration@0")), C(37), KP_GUARD_LT};
    a->nguards = 3;
    kp_module_assume(&M, "t", 6);
    kp_module_assume(&M, "g", 2);
    kp_shape sh = {40, 3, 1, KP_SHAPE_ASSUMED, NULL};
    kp_lane_ctx c;
    CHECK(kp_lane_ctx_init(&c, &M, K, &sh));
    rec.c = &c;
    rec.other = kp_sym_add(M.arena, V("q"), C(1));
    rec.n = 0;
    size_t visited = kp_access_scan(&c, a, &sh, 0, record_visit, &rec);
    CHECK(visited == rec.n && rec.n > 20);
    int same = 1, blocks = 0, partial = 0, counters = 0;
    for (size_t i = 0; i < rec.n; i++) {
      const seen_point *q = &rec.pts[i];
      int64_t iter[2] = {q->iter[0], q->iter[1]};
      kp_lane_point p = {&sh, q->warp, q->block_id, iter, q->unknown};
      kp_warp_access wa;
      int ok = kp_lanes_eval(&c, a, &p, 0, &wa);
      int64_t counter = 0;
      int counter_known = kp_loop_counter(&c, &p, K->loops[0], iter[0], &counter);
      same &= ok && wa.active == q->lanes.active && counter_known == q->counter_known &&
              (!counter_known || counter == q->counter);
      for (unsigned lane = 0; lane < 32 && ok; lane++)
        if (wa.active >> lane & 1u)
          same &= wa.addr[lane] == q->lanes.addr[lane];
      blocks += q->block_id == 1;
      partial += q->lanes.active != 0xffffffffu;
      counters += counter_known;
    }
    CHECK(same);
    /* both blocks, guards that leave some lanes out, counters from a lane */
    CHECK(blocks > 0 && partial > 0 && counters > 0);
    kp_lane_ctx_free(&c);
    end();
  }
}

/* kp_live_fraction over launches small enough that its sample is every
 * block, warp and iteration the guards name: random guards over the thread
 * and block ids and a loop's iteration (divisions by zero and overflow
 * included) give the fraction of (block, warp, iteration) points where one of
 * lanes 0, 15, 16, 31 passes every guard, as evaluated one lane and one guard
 * at a time in that order; a guard that cannot be evaluated where it is
 * reached leaves the launch at every thread (1, 1). */
static uint64_t live_rng = 0x9e3779b97f4a7c15ull;
static int64_t live_pick(int64_t n) { return (int64_t)(check_random(&live_rng) % (uint64_t)n); }
static const kp_sym *live_formula(int depth) {
  static const char *const vars[] = {"threadIdx.x", "threadIdx.y", "blockIdx.x", "blockIdx.y",
                                     "iteration@0"};
  if (depth == 0 || live_pick(3) == 0)
    return live_pick(3) ? V(vars[live_pick(5)]) : C(live_pick(9) - 2);
  static const kp_sym_kind ops[] = {KP_SYM_ADD, KP_SYM_SUB, KP_SYM_MUL, KP_SYM_TDIV, KP_SYM_TMOD,
                                    KP_SYM_DIV, KP_SYM_MOD, KP_SYM_MIN, KP_SYM_MAX,  KP_SYM_AND,
                                    KP_SYM_XOR, KP_SYM_SHR};
  return BIN(ops[live_pick(12)], live_formula(depth - 1), live_formula(depth - 1));
}
static int live_uses(const kp_access *a, const char *name) {
  for (size_t g = 0; g < a->nguards; g++)
    if (kp_sym_uses(a->guards[g].lhs, name) || kp_sym_uses(a->guards[g].rhs, name))
      return 1;
  return 0;
}

static void live_fraction_exact(void) {
  int same = 1, judged = 0, partial = 0, failed = 0;
  for (int trial = 0; trial < 600; trial++) {
    begin();
    int64_t trip = 1 + live_pick(4);
    kp_loop *l = kp_kernel_add_loop(&M, K);
    l->var = "i";
    l->init = C(0);
    l->step = C(1);
    l->trip = C(trip);
    l->unrolled_by = 1;
    kp_access *a = access1(KP_SPACE_GLOBAL, 4, C(1), KP_V_TID_X);
    a->loop = 0;
    a->nguards = 1 + (size_t)live_pick(3);
    a->guards = kp_module_alloc(&M, a->nguards * sizeof(kp_guard));
    for (size_t g = 0; g < a->nguards; g++)
      a->guards[g] = (kp_guard){live_formula(1 + (int)live_pick(3)), live_formula((int)live_pick(2)),
                                (kp_guard_op)live_pick(6)};
    static const int64_t bxs[] = {8, 32, 40, 64};
    int64_t grid[3] = {1 + live_pick(5), 1 + live_pick(3), 1};
    int64_t block[3] = {bxs[live_pick(4)], 1 + live_pick(3), 1};
    kp_binding b[6];
    for (int d = 0; d < 3; d++) {
      b[d] = (kp_binding){kp_grid_dim_names[d], grid[d]};
      b[3 + d] = (kp_binding){kp_block_dim_names[d], block[d]};
    }
    /* The reference: every point the sample holds, one by one. */
    int bused[2] = {live_uses(a, "blockIdx.x"), live_uses(a, "blockIdx.y")};
    int tused = live_uses(a, "threadIdx.x") || live_uses(a, "threadIdx.y");
    int iused = live_uses(a, "iteration@0");
    int64_t threads = block[0] * block[1], warps = (threads + 31) / 32;
    static const int lanes[] = {0, 15, 16, 31};
    kp_binding r[13];
    memcpy(r, b, sizeof b);
    static const char *const ids[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                      "blockIdx.x",  "blockIdx.y",  "blockIdx.z", "iteration@0"};
    for (int i = 0; i < 7; i++)
      r[6 + i] = (kp_binding){ids[i], 0};
    long long live = 0, points = 0, live_blocks = 0, nblocks = 0;
    int fail = 0;
    for (int64_t by = 0; by < (bused[1] ? grid[1] : 1) && !fail; by++)
      for (int64_t bx = 0; bx < (bused[0] ? grid[0] : 1) && !fail; bx++) {
        r[9].value = bx;
        r[10].value = by;
        int block_live = 0;
        for (int64_t w = 0; w < (tused ? warps : 1) && !fail; w++)
          for (int64_t it = 0; it < (iused ? trip : 1) && !fail; it++) {
            r[12].value = it;
            int any = 0;
            for (int li = 0; li < (tused ? 4 : 1) && !any && !fail; li++) {
              int64_t t = w * 32 + lanes[li];
              if (t >= threads)
                continue;
              r[6].value = t % block[0];
              r[7].value = t / block[0];
              int ok = 1;
              for (size_t g = 0; g < a->nguards && ok && !fail; g++)
                fail = !kp_guard_holds(&a->guards[g], r, 13, &ok);
              any = ok && !fail;
            }
            points++;
            live += any;
            block_live |= any;
          }
        nblocks++;
        live_blocks += block_live;
      }
    kp_live out;
    int got = kp_live_fraction(K, b, 6, &out);
    if (fail || live == 0) {
      same &= got == 1 && out.warps == 1 && out.blocks == 1;
      failed += fail;
    } else {
      double frac = (double)live / (double)points, bfrac = (double)live_blocks / (double)nblocks;
      same &= got == 1 && out.warps == frac && out.blocks == bfrac;
      judged++;
      partial += frac < 1;
    }
    end();
  }
  CHECK(same);
  /* fractions below 1 and guards that fail both met */
  CHECK(judged > 100 && partial > 50 && failed > 20);
}

int main(void) {
  scan_key();
  scan_as_evaluated();
  live_fraction_exact();
  return TEST_RESULT();
}
