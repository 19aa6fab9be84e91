/* Loop trip counts: the formula for each counter kind and comparison, and
 * its value, including loops that never run and the cases with no answer. */
#include "check.h"
#include "kperf/arena.h"
#include "kperf/trip.h"

#include <stdint.h>

static kp_arena *A;

static const kp_sym *C(int64_t v) { return kp_sym_const(A, v); }

/* The trip count's value, or -1 when there is none. */
static int64_t trip(int64_t init, kp_step_kind kind, int64_t step, kp_cmp cmp, int64_t limit) {
  const kp_sym *t = kp_trip_count(A, C(init), kind, C(step), cmp, C(limit));
  int64_t v;
  return t && kp_sym_eval(t, NULL, 0, &v) ? v : -1;
}

int main(void) {
  A = kp_arena_new();
  /* Counting up and down. */
  CHECK(trip(0, KP_STEP_ADD, 1, KP_CMP_LT, 10) == 10);
  CHECK(trip(0, KP_STEP_ADD, 1, KP_CMP_LE, 10) == 11);
  CHECK(trip(0, KP_STEP_ADD, 3, KP_CMP_LT, 10) == 4);
  CHECK(trip(0, KP_STEP_ADD, 1, KP_CMP_NE, 7) == 7);
  CHECK(trip(10, KP_STEP_ADD, 1, KP_CMP_LT, 5) == 0); /* never runs */
  CHECK(trip(9, KP_STEP_ADD, -3, KP_CMP_GE, 0) == 4); /* 9 6 3 0 */
  CHECK(trip(9, KP_STEP_ADD, -3, KP_CMP_GT, 0) == 3);
  CHECK(trip(0, KP_STEP_ADD, 0, KP_CMP_LT, 5) == -1);  /* no progress */
  CHECK(trip(0, KP_STEP_ADD, 1, KP_CMP_GT, 5) == -1);  /* moves away */
  CHECK(trip(5, KP_STEP_ADD, -1, KP_CMP_LT, 9) == -1);
  /* Doubling: 1 2 4 (< 8); 1 2 4 8 (< 9); 64 .. while < 1<<20. */
  CHECK(trip(1, KP_STEP_MUL2, 0, KP_CMP_LT, 8) == 3);
  CHECK(trip(1, KP_STEP_MUL2, 0, KP_CMP_LT, 9) == 4);
  CHECK(trip(1, KP_STEP_MUL2, 0, KP_CMP_LE, 8) == 4);
  CHECK(trip(64, KP_STEP_MUL2, 0, KP_CMP_LT, 1 << 20) == 14);
  CHECK(trip(16, KP_STEP_MUL2, 0, KP_CMP_LT, 8) == 0);
  CHECK(trip(0, KP_STEP_MUL2, 0, KP_CMP_LT, 8) == -1); /* 0 never grows */
  /* Halving: 128 64 .. 1 (> 0): 8; (> 1): 7; (>= 2): 7; 3 1 (> 0): 2. */
  CHECK(trip(128, KP_STEP_SHR1, 0, KP_CMP_GT, 0) == 8);
  CHECK(trip(128, KP_STEP_SHR1, 0, KP_CMP_GT, 1) == 7);
  CHECK(trip(128, KP_STEP_SHR1, 0, KP_CMP_GE, 2) == 7);
  CHECK(trip(3, KP_STEP_SHR1, 0, KP_CMP_GT, 0) == 2);
  CHECK(trip(0, KP_STEP_SHR1, 0, KP_CMP_GT, 0) == 0);
  CHECK(trip(128, KP_STEP_SHR1, 0, KP_CMP_LT, 0) == -1);
  /* Symbolic: a grid-stride loop, and a halving loop from blockDim.x/2. */
  const kp_sym *tid = kp_sym_var(A, "threadIdx.x");
  const kp_sym *stride = kp_sym_mul(A, kp_sym_var(A, "blockDim.x"), kp_sym_var(A, "gridDim.x"));
  const kp_sym *gs = kp_trip_count(A, tid, KP_STEP_ADD, stride, KP_CMP_LT, kp_sym_var(A, "n"));
  CHECK_STR(kp_sym_str(A, gs), "ceildiv(max(0, n - threadIdx.x), blockDim.x*gridDim.x)");
  kp_binding b[] = {{"threadIdx.x", 0}, {"blockDim.x", 256}, {"gridDim.x", 64}, {"n", 1 << 20}};
  int64_t v = 0;
  CHECK(kp_sym_eval(gs, b, 4, &v) && v == 64);
  const kp_sym *half = kp_sym_bin(A, KP_SYM_DIV, kp_sym_var(A, "blockDim.x"), C(2));
  const kp_sym *red = kp_trip_count(A, half, KP_STEP_SHR1, NULL, KP_CMP_GT, C(0));
  CHECK(kp_sym_eval(red, b, 4, &v) && v == 8);
  /* A halving counter against a symbolic bound has no formula here. */
  CHECK(kp_trip_count(A, half, KP_STEP_SHR1, NULL, KP_CMP_GT, kp_sym_var(A, "m")) == NULL);
  kp_arena_free(A);
  return TEST_RESULT();
}
