/* What the unit tests of the checks and scans share (test_checks.c,
 * test_scans.c): one module built by hand (no clang), accesses with an
 * affine or a formula index, a launch, and the checks run on it for a
 * generation.  Uses check.h and the analyses' interface. */
#ifndef KPERF_TEST_CHECKS_FIXTURES_H
#define KPERF_TEST_CHECKS_FIXTURES_H

#include "check.h"
#include "kperf/arena.h"
#include "kperf/checks.h"
#include "kperf/model.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static kp_module M;
static kp_kernel *K;

static inline void begin(void) {
  kp_module_init(&M);
  K = kp_module_add_kernel(&M);
  K->name = "k";
  K->has_body = 1;
}

static inline void end(void) { kp_module_free(&M); }

static inline const kp_sym *C(int64_t v) { return kp_sym_const(M.arena, v); }
static inline const kp_sym *V(const char *n) { return kp_sym_var(M.arena, n); }

/* A new access to the array "s" on its own line of k.cu. */
static inline kp_access *new_access(kp_space sp, unsigned bytes) {
  kp_access *a = kp_kernel_add_access(&M, K);
  a->loc = (kp_loc){"k.cu", 10 + (unsigned)K->naccesses, 3};
  a->space = sp;
  a->array = "s";
  a->elem_bytes = bytes;
  return a;
}

/* An access whose index is coef * var (+ base). */
static inline kp_access *access1(kp_space sp, unsigned bytes, const kp_sym *coef, int var) {
  kp_access *a = new_access(sp, bytes);
  a->index.known = 1;
  a->index.base = C(0);
  a->index.nterms = 1;
  a->index.terms = kp_module_alloc(&M, sizeof(kp_term));
  a->index.terms[0] = (kp_term){coef, var};
  return a;
}

static inline void launch(int64_t bx, int64_t by) {
  kp_launch *l = kp_module_add_launch(&M);
  l->kernel = 0;
  l->kernel_name = "k";
  l->loc = (kp_loc){"k.cu", 99, 1};
  l->block.x = (kp_expr){.text = "bx", .known = 1, .value = bx};
  l->block.y = (kp_expr){.text = "by", .known = 1, .value = by};
  l->block.z = (kp_expr){.text = "1", .known = 1, .value = 1};
  l->grid.x = (kp_expr){.text = "64", .known = 1, .value = 64};
  l->grid.y = (kp_expr){.text = "1", .known = 1, .value = 1};
  l->grid.z = (kp_expr){.text = "1", .known = 1, .value = 1};
}

static double deadline; /* for the next run(); 0: none */
static int out_of_time;

static inline size_t run(int cc_major, int cc_minor, kp_findings *f) {
  kp_gpu g;
  memset(&g, 0, sizeof g);
  strcpy(g.id, "test");
  g.cc_major = cc_major;
  g.cc_minor = cc_minor;
  kp_check_options o;
  kp_check_options_init(&o);
  out_of_time = 0;
  kp_check_ctx ctx = {&M, &g, &o, deadline, &out_of_time};
  kp_findings_init(f);
  kp_run_checks(&ctx, NULL, NULL, f);
  return f->n;
}

/* An access whose index is not affine but a formula each lane evaluates
 * (kp_access.index_formula); f == NULL: data-dependent. */
static inline kp_access *access_f(kp_space sp, unsigned bytes, const kp_sym *f, const char *text) {
  kp_access *a = new_access(sp, bytes);
  a->index.known = 0;
  a->index.why = "non-affine index";
  a->index_formula = f;
  a->index_text = text;
  return a;
}

static inline const kp_sym *BIN(kp_sym_kind k, const kp_sym *x, const kp_sym *y) {
  return kp_sym_bin(M.arena, k, x, y);
}

#endif
