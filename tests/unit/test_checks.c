/* The access checks on kernel models built by hand (no clang): degrees by
 * generation, guards, loop ranges, symbolic strides, block shapes; the
 * registry's options, the module's invariants, the ties of a statement.  The
 * scans are tested in test_scans.c.  Uses checks_fixtures.h. */
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

/* The time budget: with a deadline already past the checks judge nothing
 * (and say they ran out); with one far away they judge as without. */
static void time_budget(void) {
  begin();
  access1(KP_SPACE_SHARED, 4, C(32), KP_V_TID_X);
  launch(32, 1);
  kp_findings f;
  deadline = 1e-9; /* long past on a monotonic clock */
  CHECK(run(9, 0, &f) == 0);
  CHECK(out_of_time == 1);
  kp_findings_free(&f);
  deadline = kp_check_now() + 3600;
  CHECK(run(9, 0, &f) == 1);
  CHECK(out_of_time == 0);
  kp_findings_free(&f);
  deadline = 0;
  end();
}

static void bank_by_generation(void) {
  begin();
  access1(KP_SPACE_SHARED, 4, C(32), KP_V_TID_X);
  launch(32, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 1);
  if (f.n) {
    CHECK_STR(f.items[0].check, "kperf-bank-conflict");
    CHECK_CONTAINS(f.items[0].message, "32-way shared-memory bank conflict on 's': lanes 0-31 all hit bank 0");
  }
  kp_findings_free(&f);
  CHECK(run(1, 3, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "16-way shared-memory bank conflict on 's': lanes 0-15");
  kp_findings_free(&f);
  end();
}

static void guard_single_lane(void) {
  begin();
  kp_access *a = access1(KP_SPACE_SHARED, 4, C(32), KP_V_TID_X);
  /* if (threadIdx.x < 1): one lane, no conflict */
  a->guards = kp_module_alloc(&M, sizeof(kp_guard));
  a->guards[0] = (kp_guard){V("threadIdx.x"), C(1), KP_GUARD_LT};
  a->nguards = 1;
  launch(32, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  /* (threadIdx.x % 2 == 0): 16 lanes, 16-way */
  a->guards[0] = (kp_guard){kp_sym_bin(M.arena, KP_SYM_MOD, V("threadIdx.x"), C(2)), C(0), KP_GUARD_EQ};
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "16-way");
  kp_findings_free(&f);
  /* unknown guards: quiet */
  a->guards_unknown = 1;
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  end();
}

/* Guards that name no thread index hold for the whole warp or for none of it
 * (evaluated once per warp), alone or with guards that do. */
static void guard_lane_invariant(void) {
  begin();
  kp_access *a = access1(KP_SPACE_SHARED, 4, C(32), KP_V_TID_X);
  a->guards = kp_module_alloc(&M, 2 * sizeof(kp_guard));
  launch(32, 1);
  kp_findings f;
  /* if (blockIdx.x < 0): no lane */
  a->guards[0] = (kp_guard){V("blockIdx.x"), C(0), KP_GUARD_LT};
  a->nguards = 1;
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  /* if (blockIdx.x >= 0 && threadIdx.x % 2 == 0): 16 lanes, 16-way */
  a->guards[0] = (kp_guard){V("blockIdx.x"), C(0), KP_GUARD_GE};
  a->guards[1] = (kp_guard){kp_sym_bin(M.arena, KP_SYM_MOD, V("threadIdx.x"), C(2)), C(0), KP_GUARD_EQ};
  a->nguards = 2;
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "16-way");
  kp_findings_free(&f);
  /* the same guards the other way round */
  kp_guard g0 = a->guards[0];
  a->guards[0] = a->guards[1];
  a->guards[1] = g0;
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "16-way");
  kp_findings_free(&f);
  /* a guard on a value kperf does not know: quiet */
  a->guards[1] = (kp_guard){V("unknown_n"), C(4), KP_GUARD_LT};
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  end();
}

/* The lanes a guard lets through, decided per lane from the guard's affine
 * form or by evaluating it, against the guard computed here in C for every
 * lane of every warp of blocks whose x size is and is not a multiple of 32. */
enum { G_AFFINE, G_SUB, G_2D, G_MOD, G_SQUARE, G_DIV_N, G_FIRST, G_MIN, G_NO_BLOCK, G_SHADOW, G_NGUARDS };
static int guard_expect(int g, unsigned x, unsigned y, int64_t n) {
  switch (g) {
  case G_AFFINE: return 2 * (int64_t)x + 3 < n;       /* 2 * threadIdx.x + 3 < n */
  case G_SUB: return n - 2 * (int64_t)x > 3;          /* n - 2 * threadIdx.x > 3 */
  case G_2D: return x + 8 * (int64_t)y >= 10;         /* threadIdx.x + 8 * threadIdx.y >= 10 */
  case G_MOD: return x % 4 == 0;                      /* threadIdx.x % 4 == 0 */
  case G_SQUARE: return (int64_t)x * x < 50;          /* threadIdx.x * threadIdx.x < 50 */
  case G_DIV_N: return (int64_t)x - 5 >= n / 2;       /* threadIdx.x - 5 >= n / 2 */
  case G_FIRST: return x == 0;                        /* threadIdx.x == 0 */
  case G_MIN: return (x < 3 ? x : 3) == 3;            /* min(threadIdx.x, 3) == 3 */
  case G_NO_BLOCK: return 0;                          /* blockIdx.x * n < 0 */
  case G_SHADOW: return x < 3;                        /* threadIdx.x < 3, assumed 100 */
  }
  return -1;
}

static kp_guard guard_made(int g) {
  const kp_sym *x = V("threadIdx.x"), *y = V("threadIdx.y"), *n = V("n");
  switch (g) {
  case G_AFFINE:
    return (kp_guard){kp_sym_add(M.arena, kp_sym_mul(M.arena, C(2), x), C(3)), n, KP_GUARD_LT};
  case G_SUB:
    return (kp_guard){kp_sym_sub(M.arena, n, kp_sym_mul(M.arena, C(2), x)), C(3), KP_GUARD_GT};
  case G_2D:
    return (kp_guard){kp_sym_add(M.arena, x, kp_sym_mul(M.arena, y, C(8))), C(10), KP_GUARD_GE};
  case G_MOD:
    return (kp_guard){kp_sym_bin(M.arena, KP_SYM_MOD, x, C(4)), C(0), KP_GUARD_EQ};
  case G_SQUARE:
    return (kp_guard){kp_sym_mul(M.arena, x, x), C(50), KP_GUARD_LT};
  case G_DIV_N:
    return (kp_guard){kp_sym_sub(M.arena, x, C(5)), kp_sym_bin(M.arena, KP_SYM_DIV, n, C(2)),
                      KP_GUARD_GE};
  case G_FIRST:
    return (kp_guard){x, C(0), KP_GUARD_EQ};
  case G_MIN:
    return (kp_guard){kp_sym_bin(M.arena, KP_SYM_MIN, x, C(3)), C(3), KP_GUARD_EQ};
  case G_NO_BLOCK:
    return (kp_guard){kp_sym_mul(M.arena, V("blockIdx.x"), n), C(0), KP_GUARD_LT};
  default:
    return (kp_guard){x, C(3), KP_GUARD_LT};
  }
}

static void guard_lanes_exact(void) {
  static const int64_t shapes[][2] = {{32, 1}, {8, 4}, {5, 3}, {48, 2}};
  static const int64_t ns[] = {7, 40};
  for (size_t si = 0; si < sizeof shapes / sizeof *shapes; si++)
    for (size_t ni = 0; ni < 2; ni++)
      for (int g = 0; g < G_NGUARDS; g++) {
        begin();
        kp_access *a = access1(KP_SPACE_SHARED, 4, C(1), KP_V_TID_X); /* s[threadIdx.x] */
        a->guards = kp_module_alloc(&M, sizeof(kp_guard));
        a->guards[0] = guard_made(g);
        a->nguards = 1;
        kp_module_assume(&M, "n", ns[ni]);
        if (g == G_SHADOW) /* the lane's own index wins over an assumed one */
          kp_module_assume(&M, "threadIdx.x", 100);
        kp_shape sh = {shapes[si][0], shapes[si][1], 1, KP_SHAPE_ASSUMED, NULL};
        kp_lane_ctx c;
        CHECK(kp_lane_ctx_init(&c, &M, K, &sh));
        unsigned warps = (unsigned)((sh.x * sh.y + 31) / 32);
        for (unsigned w = 0; w < warps; w++) {
          kp_lane_point pt = {&sh, w, 1, NULL, 0};
          kp_warp_access wa;
          CHECK(kp_lanes_eval(&c, a, &pt, 0, &wa) == 1);
          for (unsigned lane = 0; lane < 32; lane++) {
            unsigned x, y, z;
            int thread = kp_lane_thread((unsigned)sh.x, (unsigned)sh.y, 1, w, lane, &x, &y, &z);
            int want = thread && guard_expect(g, x, y, ns[ni]);
            int got = (wa.active >> lane) & 1;
            if (got != want)
              printf("guard %d, block %lldx%lld, n %lld, warp %u, lane %u: %d, want %d\n", g,
                     (long long)sh.x, (long long)sh.y, (long long)ns[ni], w, lane, got, want);
            CHECK(got == want);
            /* s[threadIdx.x]: 4 bytes per x from the first active lane's */
            unsigned l0 = wa.active ? (unsigned)__builtin_ctz(wa.active) : 0, x0;
            if (got && kp_lane_thread((unsigned)sh.x, (unsigned)sh.y, 1, w, l0, &x0, NULL, NULL))
              CHECK((int64_t)(wa.addr[lane] - wa.addr[l0]) == 4 * ((int64_t)x - (int64_t)x0));
          }
        }
        /* A parameter nothing binds takes the point's sample value. */
        a->guards[0] = (kp_guard){kp_sym_add(M.arena, V("threadIdx.x"), V("unbound_m")), C(4),
                                  KP_GUARD_LT};
        kp_lane_point pt = {&sh, 0, 1, NULL, 2};
        kp_warp_access wa;
        CHECK(kp_lanes_eval(&c, a, &pt, 0, &wa) == 1);
        unsigned want = 0;
        for (unsigned lane = 0; lane < 32; lane++) {
          unsigned x;
          if (kp_lane_thread((unsigned)sh.x, (unsigned)sh.y, 1, 0, lane, &x, NULL, NULL) &&
              x + 2 < 4)
            want |= 1u << lane;
        }
        CHECK(wa.active == want);
        kp_lane_ctx_free(&c);
        end();
      }
}

static void loop_range(void) {
  begin();
  /* for (s = 1; s < 32; s *= 2) t[s * threadIdx.x]: 1, 2, 4, 8, 16-way */
  kp_loop *l = kp_kernel_add_loop(&M, K);
  l->var = "s";
  l->init = C(1);
  l->step_kind = 1; /* KP_STEP_MUL2 */
  l->trip = C(5);
  l->unrolled_by = 1;
  kp_access *a = access1(KP_SPACE_SHARED, 4, V("s"), KP_V_TID_X);
  a->loop = 0;
  launch(32, 1);
  kp_findings f;
  CHECK(run(8, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message,
                   "16-way shared-memory bank conflict on 's' (2-way at s = 2 rising to 16-way at s = 16): "
                   "lanes 0, 2, 4, ..., 30 all hit bank 0 at 16 different addresses (stride 16 "
                   "elements (64 B) between adjacent threads)");
  kp_findings_free(&f);
  end();
}

static void symbolic_strides(void) {
  begin();
  access1(KP_SPACE_GLOBAL, 4, V("n"), KP_V_TID_X);  /* a[threadIdx.x * n] */
  access1(KP_SPACE_SHARED, 4, V("n"), KP_V_TID_X);  /* s[threadIdx.x * n] */
  launch(256, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 1); /* the global one only: odd n make the shared one clean */
  if (f.n) {
    CHECK_STR(f.items[0].check, "kperf-uncoalesced");
    CHECK_CONTAINS(f.items[0].message, "touches 32 sectors where 4 would do (stride n elements between adjacent threads)");
  }
  kp_findings_free(&f);
  end();
}

static void narrow_blocks(void) {
  begin();
  kp_access *a = access1(KP_SPACE_GLOBAL, 4, C(1), KP_V_TID_X); /* a[y * 1024 + x] */
  kp_term *t = kp_module_alloc(&M, 2 * sizeof(kp_term));
  t[0] = a->index.terms[0];
  t[1] = (kp_term){C(1024), KP_V_TID_Y};
  a->index.terms = t;
  a->index.nterms = 2;
  launch(4, 64);
  kp_findings f;
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "8 sectors where 4 would do (stride 1 element (4 B) between adjacent threads; a warp spans 8 rows of 4 threads, 1024 elements apart)");
  kp_findings_free(&f);
  end();
  begin();
  a = access1(KP_SPACE_GLOBAL, 4, C(1), KP_V_TID_X);
  t = kp_module_alloc(&M, 2 * sizeof(kp_term));
  t[0] = a->index.terms[0];
  t[1] = (kp_term){C(1024), KP_V_TID_Y};
  a->index.terms = t;
  a->index.nterms = 2;
  launch(8, 32); /* rows of one sector: fine on CC >= 5, 4 lines instead of 1 on CC 2.0 */
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  CHECK(run(2, 0, &f) == 1);
  kp_findings_free(&f);
  end();
}

/* CC 1.x, block (4, 8): s[threadIdx.y] has groups of four lanes on one
 * address, four addresses in four banks per half-warp.  Served one lane per
 * bank per step that is 4 steps; with the lanes of one address served
 * together, one.  kperf takes the smaller: quiet.  s[threadIdx.y * 16]:
 * four addresses in bank 0, 4-way either way. */
static void cc1_same_address(void) {
  begin();
  kp_access *a = access1(KP_SPACE_SHARED, 4, C(1), KP_V_TID_Y);
  launch(4, 8);
  kp_findings f;
  CHECK(run(1, 3, &f) == 0);
  kp_findings_free(&f);
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  a->index.terms[0].coef = C(16);
  CHECK(run(1, 3, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "4-way shared-memory bank conflict on 's'");
  kp_findings_free(&f);
  end();
}

/* atomicAdd(&c[32 * i], 1): each lane its own sector on CC >= 5; no rule
 * for atomics before, so quiet there; a uniform atomic is never reported. */
static void atomics(void) {
  begin();
  kp_access *a = access1(KP_SPACE_GLOBAL, 4, C(32), KP_V_TID_X);
  a->is_atomic = a->is_store = 1;
  a->array = "c";
  launch(256, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 1);
  if (f.n) {
    CHECK_STR(f.items[0].check, "kperf-uncoalesced");
    CHECK_CONTAINS(f.items[0].message, "uncoalesced global atomic of 'c': each warp request touches "
                                       "32 sectors where 4 would do (stride 32 elements (128 B)");
  }
  kp_findings_free(&f);
  CHECK(run(5, 0, &f) == 1);
  kp_findings_free(&f);
  CHECK(run(3, 5, &f) == 0);
  kp_findings_free(&f);
  CHECK(run(1, 3, &f) == 0);
  kp_findings_free(&f);
  a->index.terms[0].coef = C(0); /* atomicAdd(&c[0], 1) */
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  /* a shared atomic: the bank-conflict check does not judge atomics */
  a->space = KP_SPACE_SHARED;
  a->index.terms[0].coef = C(32);
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  end();
}
/* s[8 * (t % 32)]: 8-way with 32 banks and with 16; the same index loaded
 * from memory is not judged. */
static void formula_modulo(void) {
  begin();
  const kp_sym *t = V("threadIdx.x");
  access_f(KP_SPACE_SHARED, 4, kp_sym_mul(M.arena, C(8), BIN(KP_SYM_TMOD, t, C(32))),
           "[8 * (t % 32)]");
  launch(128, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message,
                   "8-way shared-memory bank conflict on 's': lanes 0, 4, 8, ..., 28 all hit bank 0 "
                   "at 8 different addresses (stride 8 elements (32 B) between adjacent threads, "
                   "from the index 's[8 * (t % 32)]')");
  kp_findings_free(&f);
  CHECK(run(1, 3, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "8-way shared-memory bank conflict on 's': lanes 0, 2, 4, ..., 14");
  kp_findings_free(&f);
  /* data-dependent: no formula, never judged */
  K->accesses[0].index_formula = NULL;
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  end();
  /* (t - 1) % 32 in C is -1 for t = 0: lanes 0-31 read 31 consecutive
   * words... and word -1: conflict-free, and on CC 1.1 lane 0 breaks the
   * strict rule of a global load. */
  begin();
  access_f(KP_SPACE_GLOBAL, 4,
           kp_sym_add(M.arena, BIN(KP_SYM_TMOD, kp_sym_sub(M.arena, t = V("threadIdx.x"), C(1)), C(32)), C(1)),
           "[(t - 1) % 32 + 1]");
  launch(32, 1);
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  CHECK(run(1, 1, &f) == 0); /* elements 0..31 in order: coalesced */
  kp_findings_free(&f);
  K->accesses[0].index_formula = kp_sym_add(M.arena, BIN(KP_SYM_MOD, kp_sym_sub(M.arena, t, C(1)), C(32)), C(1));
  CHECK(run(1, 1, &f) == 1); /* floor modulo: lane 0 at element 32, not in order */
  kp_findings_free(&f);
  end();
}

/* for (k = 0; k < 4; ++k) a[t * (k + 1)]: the stride grows with k. */
static void formula_loop_product(void) {
  begin();
  kp_loop *l = kp_kernel_add_loop(&M, K);
  l->var = "k";
  l->init = C(0);
  l->step = C(1);
  l->trip = C(4);
  l->unrolled_by = 1;
  kp_access *a = access_f(KP_SPACE_GLOBAL, 4,
                          kp_sym_mul(M.arena, V("threadIdx.x"),
                                     kp_sym_add(M.arena, V("iteration@0"), C(1))),
                          "[t * (k + 1)]");
  a->loop = 0;
  a->array = "a";
  launch(256, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message,
                   "uncoalesced global load of 'a': each warp request touches 16 sectors where 4 "
                   "would do (stride 4 elements (16 B) between adjacent threads at k = 3, from the "
                   "index 'a[t * (k + 1)]')");
  kp_findings_free(&f);
  /* shared: 2-way at k = 1 (stride 2), 4-way at k = 3 (stride 4) */
  a->space = KP_SPACE_SHARED;
  a->array = "sh";
  CHECK(run(9, 0, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "4-way shared-memory bank conflict on 'sh' (2-way at k = 1 rising to "
                                       "4-way at k = 3)");
  kp_findings_free(&f);
  end();
}

/* No constant stride (i ^ 1), a parameter in the formula, and one finding
 * for a load and a store of the same place. */
static void formula_texts(void) {
  begin();
  access_f(KP_SPACE_GLOBAL, 4, BIN(KP_SYM_XOR, V("threadIdx.x"), C(1)), "[i ^ 1]")->array = "a";
  launch(256, 1);
  kp_findings f;
  CHECK(run(9, 0, &f) == 0); /* the same sectors */
  kp_findings_free(&f);
  CHECK(run(1, 1, &f) == 1); /* lane k does not read word k */
  if (f.n)
    CHECK_CONTAINS(f.items[0].message,
                   "(index 'a[i ^ 1]': no constant stride between adjacent threads; lanes 0, 1, 2, "
                   "3, ... access elements +0, -1, +2, +1, ... relative to lane 0)");
  kp_findings_free(&f);
  end();
  begin();
  /* a[(t * n) % 2^20], n not given: uncoalesced for every n >= 2 */
  const kp_sym *fn = BIN(KP_SYM_TMOD, kp_sym_mul(M.arena, V("threadIdx.x"), V("n")), C(1 << 20));
  kp_access *a = access_f(KP_SPACE_GLOBAL, 4, fn, "[(t * n) % (1 << 20)]");
  a->array = "a";
  kp_access *b = access_f(KP_SPACE_GLOBAL, 4, fn, "[(t * n) % (1 << 20)]");
  b->array = "a";
  b->is_store = 1;
  b->loc = a->loc;
  launch(256, 1);
  CHECK(run(9, 0, &f) == 1);
  if (f.n) {
    CHECK_CONTAINS(f.items[0].message, "uncoalesced global load and store of 'a': each warp request "
                                       "touches 32 sectors where 4 would do");
    int noted = 0;
    for (size_t i = 0; i < f.n; i++)
      for (size_t j = 0; j < f.items[i].nnotes; j++)
        noted |= strstr(f.items[i].notes[j].message,
                        "'n' is not known in this file: the access is uncoalesced for every "
                        "n >= 2: 8 to 32 sectors where 4 would do; " /* fewer at n = 2^16 */
                        "figures for n = 1024") != NULL;
    if (!noted)
      for (size_t i = 0; i < f.n; i++)
        for (size_t j = 0; j < f.items[i].nnotes; j++)
          fprintf(stderr, "note: %s\n", f.items[i].notes[j].message);
    CHECK(noted);
  }
  kp_findings_free(&f);
  end();
}

/* s[t / 2] on CC 1.x: pairs of lanes read one address.  The lanes that read
 * the same address in a bank other than the broadcast one may be served
 * together ("one address for each bank"): not reported.  Conflict-free on
 * CC >= 2 (a broadcast per word). */
static void formula_cc1_pairs(void) {
  begin();
  access_f(KP_SPACE_SHARED, 4, BIN(KP_SYM_TDIV, V("threadIdx.x"), C(2)), "[t / 2]");
  launch(128, 1);
  kp_findings f;
  CHECK(run(1, 3, &f) == 0);
  kp_findings_free(&f);
  CHECK(run(9, 0, &f) == 0);
  kp_findings_free(&f);
  /* s[2 * (t / 2) * 16]: pairs on one address, 8 addresses in bank 0:
   * 8-way either way. */
  K->accesses[0].index_formula =
      kp_sym_mul(M.arena, C(32), BIN(KP_SYM_TDIV, V("threadIdx.x"), C(2)));
  CHECK(run(1, 3, &f) == 1);
  if (f.n)
    CHECK_CONTAINS(f.items[0].message, "8-way");
  kp_findings_free(&f);
  end();
}

static void shapes(void) {
  begin();
  K->max_threads_per_block = 128;
  kp_shape s[KP_SHAPES_MAX];
  CHECK(kp_kernel_shapes(&M, K, s) == 1);
  CHECK(s[0].source == KP_SHAPE_BOUNDS && s[0].x == 128 && s[0].y == 1);
  K->block_pragma[0] = 16;
  K->block_pragma[1] = 8;
  CHECK(kp_kernel_shapes(&M, K, s) == 1);
  CHECK(s[0].source == KP_SHAPE_PRAGMA && s[0].x == 16 && s[0].y == 8 && s[0].z == 1);
  launch(64, 2);
  launch(64, 2);
  launch(32, 1);
  CHECK(kp_kernel_shapes(&M, K, s) == 2);
  CHECK(s[0].source == KP_SHAPE_LAUNCH && s[0].x == 64 && s[0].y == 2 && s[1].x == 32);
  end();
  begin();
  CHECK(kp_kernel_shapes(&M, K, s) == 1);
  CHECK(s[0].source == KP_SHAPE_DEFAULT && s[0].x == 256);
  end();
}

/* The registry and its option descriptors: defaults, parsing, errors, lookup
 * by plugin key and clang-tidy name. */
static void registry_options(void) {
  size_t n = 0;
  const kp_check_info *const *c = kp_checks(&n);
  CHECK(n >= 3);
  for (size_t i = 0; i < n; i++) {
    CHECK(c[i]->run != NULL && c[i]->summary && c[i]->rule_name);
    CHECK(strncmp(c[i]->name, "kperf-", 6) == 0);
    CHECK(kp_check_find(c[i]->name) == c[i] && kp_check_find(c[i]->name + 6) == c[i]);
    for (size_t k = 0; k < c[i]->noptions; k++) {
      const kp_check_info *owner = NULL;
      CHECK(kp_check_option_find(c[i]->options[k].key, &owner) == &c[i]->options[k]);
      CHECK(owner == c[i]);
      CHECK(kp_check_option_find(c[i]->options[k].tidy_name, NULL) == &c[i]->options[k]);
    }
  }
  CHECK(kp_check_launch.severity == KP_REMARK && kp_check_uncoalesced.severity == KP_WARNING);
  kp_check_options o;
  kp_check_options_init(&o);
  CHECK(o.uncoalesced_ratio == 2.0 && o.bank_conflict_min == 2);
  CHECK(o.model == KP_MODEL_DEFAULT && o.launch_report == 0 && o.verbose == 0);
  const kp_check_option *ratio = kp_check_option_find("uncoalesced-ratio", NULL);
  const kp_check_option *degree = kp_check_option_find("MinDegree", NULL);
  const kp_check_option *model = kp_check_option_find("model", NULL);
  const kp_check_option *report = kp_check_option_find("Report", NULL);
  CHECK(ratio && degree && model && report);
  CHECK(!kp_check_option_find("colour", NULL));
  char err[160], text[32];
  CHECK(kp_check_option_set(&o, ratio, "3.5", err, sizeof err) == 0 && o.uncoalesced_ratio == 3.5);
  CHECK(kp_check_option_set(&o, ratio, "0.5", err, sizeof err) == -1 && o.uncoalesced_ratio == 3.5);
  CHECK(strcmp(err, "expected a number from 1 to 64, e.g. 2") == 0);
  CHECK(kp_check_option_set(&o, ratio, "2x", err, sizeof err) == -1);
  CHECK(kp_check_option_set(&o, degree, "8", err, sizeof err) == 0 && o.bank_conflict_min == 8);
  CHECK(kp_check_option_set(&o, degree, "2.5", err, sizeof err) == -1 && o.bank_conflict_min == 8);
  CHECK(kp_check_option_set(&o, degree, "33", err, sizeof err) == -1);
  CHECK(kp_check_option_set(&o, model, "KP", err, sizeof err) == 0 && o.model == KP_MODEL_KP);
  CHECK(kp_check_option_set(&o, model, "roofline", err, sizeof err) == -1);
  CHECK(strcmp(err, "expected kp, hongkim, kolpakov, qu or bn") == 0);
  CHECK(kp_check_option_set(&o, report, "off", err, sizeof err) == 0 && o.launch_report == 2);
  kp_check_option_text(&o, report, text, sizeof text);
  CHECK(strcmp(text, "off") == 0);
  kp_check_option_text(&o, ratio, text, sizeof text);
  CHECK(strcmp(text, "3.5") == 0);
  CHECK(kp_check_option_set(&o, degree, NULL, NULL, 0) == -1);
}

/* kp_module_valid: what the analyses assert of every module. */
static void module_invariants(void) {
  begin();
  kp_access *a = access1(KP_SPACE_GLOBAL, 4, C(1), KP_V_TID_X);
  CHECK(kp_module_valid(&M) == 1);
  a->loop = 0; /* no loop 0 in this kernel */
  CHECK(kp_module_valid(&M) == 0);
  a->loop = -1;
  a->shared_decl = 0; /* no __shared__ declaration 0 */
  CHECK(kp_module_valid(&M) == 0);
  a->shared_decl = -1;
  a->index.terms[0].var = KP_V_LOOP + 2; /* a loop the kernel does not have */
  CHECK(kp_module_valid(&M) == 0);
  a->index.terms[0].var = KP_V_CTAID_Z;
  CHECK(kp_module_valid(&M) == 1);
  kp_launch *l = kp_module_add_launch(&M);
  l->kernel = 1; /* one kernel only */
  CHECK(kp_module_valid(&M) == 0);
  l->kernel = -1; /* unresolved is fine */
  CHECK(kp_module_valid(&M) == 1);
  end();
  CHECK(kp_module_valid(NULL) == 0);
}

/* The ties of a statement in words, and their JSON names: loops kperf cannot
 * follow are named together, after the other ties. */
static void scaling_ties(void) {
  kp_launch_scaling s;
  memset(&s, 0, sizeof s);
  snprintf(s.variable, sizeof s.variable, "n");
  const char *vars[] = {"trip@k.cu:8", "blocks", "trip@k.cu:9"};
  const kp_scaling_tie kinds[] = {KP_TIE_ONCE, KP_TIE_GRID, KP_TIE_ONCE};
  const int64_t divs[] = {1, 256, 1};
  for (int t = 0; t < 3; t++) {
    snprintf(s.tie_var[t], sizeof s.tie_var[t], "%s", vars[t]);
    s.tie_kind[t] = kinds[t];
    s.tie_div[t] = divs[t];
  }
  s.nties = 3;
  char buf[640];
  kp_launch_scaling_ties(&s, buf, sizeof buf);
  CHECK_STR(buf, "blocks = ceil(n/256), one thread per element; trip@k.cu:8 = trip@k.cu:9 = 1: "
                 "loops whose trip counts kperf cannot follow, taken to run once, so the times "
                 "are lower bounds");
  CHECK(kp_launch_scaling_once(&s) == 2);
  s.nties = 1;
  kp_launch_scaling_ties(&s, buf, sizeof buf);
  CHECK_STR(buf, "trip@k.cu:8 = 1: a loop whose trip count kperf cannot follow, taken to run "
                 "once, so the times are lower bounds");
  for (int t = KP_TIE_EQUAL; t <= KP_TIE_ONCE; t++)
    CHECK((int)kp_scaling_tie_of_name(kp_scaling_tie_name((kp_scaling_tie)t)) == t);
  CHECK_STR(kp_scaling_tie_name(KP_TIE_ONCE), "once");
  CHECK(kp_scaling_tie_of_name("nosuch") == KP_TIE_EQUAL);
  CHECK(kp_scaling_tie_of_name(NULL) == KP_TIE_EQUAL);
}

int main(void) {
  scaling_ties();
  module_invariants();
  registry_options();
  time_budget();
  bank_by_generation();
  guard_single_lane();
  guard_lane_invariant();
  guard_lanes_exact();
  loop_range();
  symbolic_strides();
  narrow_blocks();
  atomics();
  cc1_same_address();
  formula_modulo();
  formula_loop_product();
  formula_texts();
  formula_cc1_pairs();
  shapes();
  return TEST_RESULT();
}
