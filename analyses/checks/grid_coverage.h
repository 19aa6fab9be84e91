/* What the two files of kperf-grid-coverage share and nothing else reads:
 * grid_coverage.c (what a launch and its kernel say, a 1-D grid that misses
 * elements, the check's run) and grid_coverage_2d.c (a 2-D grid whose sizes
 * are swapped, or rounded up for a kernel that checks either index).  The
 * shared functions keep their short names in the code and get a
 * kp__grid_coverage_ prefix as symbols (the defines below), so that nothing
 * outside the check can bind to them. */
#ifndef KPERF_CHECKS_GRID_COVERAGE_H
#define KPERF_CHECKS_GRID_COVERAGE_H

#include "kperf/checks.h"
#include "kperf/launch.h"

#include <stddef.h>
#include <stdint.h>

#define value_of kp__grid_coverage_value_of
#define squeeze kp__grid_coverage_squeeze
#define same_value kp__grid_coverage_same_value
#define is_global_index kp__grid_coverage_is_global_index
#define same_name kp__grid_coverage_same_name
#define multiple kp__grid_coverage_multiple
#define bound_param kp__grid_coverage_bound_param
#define grid_quotient kp__grid_coverage_grid_quotient
#define text_of kp__grid_coverage_text_of
#define swapped kp__grid_coverage_swapped
#define either_bound kp__grid_coverage_either_bound

static const char *const CHECK = "kperf-grid-coverage";

/* ---- grid_coverage.c ---- */

/* The value of x: folded, or from the module's assumptions. */
int value_of(const kp_module *m, const kp_expr *x, int64_t *out);
/* s without blanks and without parentheses around the whole. */
void squeeze(const char *s, char *buf, size_t len);
/* Whether x and y are one value: folded value, formula or spelling. */
int same_value(const kp_expr *x, const kp_expr *y);
/* Whether formula s is the global index of dimension d for blocks of bsize. */
int is_global_index(const kp_sym *s, int d, int64_t bsize);
/* Whether x and y are names that differ only in case. */
int same_name(const kp_expr *x, const kp_expr *y);
/* Whether n is known to be a multiple of bsize. */
int multiple(const kp_module *m, const kp_launch *l, int d, const kp_expr *n, int64_t bsize);
/* The kernel parameter that bounds the global index of dimension d, or -1. */
int bound_param(const kp_kernel *k, int d, int64_t bsize, int with_offset);
/* The grid size of dimension d as a quotient by the block's size: 1, 2
 * rounded up, 0 otherwise. */
int grid_quotient(const kp_module *m, const kp_launch *l, int d, int64_t bsize, int known,
                  const kp_expr **n);
/* x's text into buf. */
const char *text_of(const kp_expr *x, char *buf, size_t len);

/* ---- grid_coverage_2d.c ---- */

/* A 2-D grid whose x size covers the kernel's bound in y and the other way round. */
void swapped(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
             const int64_t bs[2], const int known[2], kp_findings *out);
/* A 2-D grid rounded up for a kernel that lets a thread through when either
 * of its indices is in range. */
void either_bound(const kp_check_ctx *ctx, const kp_launch *l, const kp_kernel *k,
                  const int64_t bs[2], const int known[2], kp_findings *out);

#endif
