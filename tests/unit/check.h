/* Minimal assertions for kperf's C unit tests: each failed CHECK prints where
 * and why, and the test exits non-zero at the end. */
#ifndef KPERF_TEST_CHECK_H
#define KPERF_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int kp_test_failures;

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      kp_test_failures++;                                                    \
    }                                                                        \
  } while (0)

#define CHECK_STR(a, b)                                                              \
  do {                                                                               \
    const char *kp_a = (a), *kp_b = (b);                                             \
    if (!kp_a || !kp_b || strcmp(kp_a, kp_b) != 0) {                                 \
      fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__,    \
              kp_b ? kp_b : "(null)", kp_a ? kp_a : "(null)");                       \
      kp_test_failures++;                                                            \
    }                                                                                \
  } while (0)

#define CHECK_CONTAINS(hay, needle)                                                  \
  do {                                                                               \
    const char *kp_h = (hay), *kp_n = (needle);                                      \
    if (!kp_h || !strstr(kp_h, kp_n)) {                                              \
      fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__, \
              kp_h ? kp_h : "(null)", kp_n);                                         \
      kp_test_failures++;                                                            \
    }                                                                                \
  } while (0)

/* A deterministic pseudo-random sequence for randomized tests (xorshift64):
 * the next value of *state. */
static inline uint64_t check_random(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

#define TEST_RESULT() (kp_test_failures ? (fprintf(stderr, "%d check(s) failed\n", kp_test_failures), 1) : 0)

#endif
