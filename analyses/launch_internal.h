/* What the four files of the launch evaluation share and nothing else reads:
 * launch_eval.c (sizes, bindings, the evaluation), launch_traffic.c
 * (uncoalesced bytes, bank-conflict replays, the scan memo),
 * launch_search.c (the block-size search) and launch_scaling.c (the time as
 * a function of an unknown).  The public interface is include/kperf/launch.h. */
#ifndef KPERF_LAUNCH_INTERNAL_H
#define KPERF_LAUNCH_INTERNAL_H

#include "kperf/launch.h"
#include "kperf/lanes.h"

#include <stddef.h>
#include <stdint.h>

/* ---- launch_eval.c: sizes and bindings ---- */

/* The variable x is: the plain name it is written as, or the one variable
 * its formula is ("grid.x"); NULL otherwise. */
const char *kp__launch_expr_var(const kp_expr *x);
/* The value of x with the bindings: 1 and *out set, or 0. */
int kp__launch_expr_value(const kp_expr *x, const kp_binding *b, size_t nb, int64_t *out);
/* What a grid size covers when written as a quotient by the block's size
 * bval: 2 (rounded up) or 1 and *n its N; 0 otherwise. */
int kp__launch_grid_cover(const kp_expr *g, int64_t bval, const kp_binding *b, size_t nb,
                          const kp_expr **n);
/* Copies name into e->missing when it fits; 1 when copied. */
int kp__launch_set_missing(kp_launch_eval *e, const char *name);
/* The model's prediction for kernel k with e's traffic inputs and bindings b. */
int kp__launch_predict_with(const kp_module *m, const kp_kernel *k, const kp_launch_eval *e,
                            kp_binding *b, size_t nb, const kp_gpu *gpu, kp_model_kind model,
                            kp_predict_input *in, kp_prediction *out, char *err, size_t errlen);

/* ---- launch_traffic.c ---- */

typedef struct kp__scan_memo {
  struct scan_memo_entry *e;
  size_t n, cap;
} kp__scan_memo;
void kp__scan_memo_free(kp__scan_memo *mo);
/* Sets e's uncoalesced fractions (of its global bytes) for launch l. */
void kp__launch_uncoalesced(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                            const kp_gpu *gpu, kp_launch_eval *e);
/* Sets e's shared-memory replays for launch l (memo: NULL, or kept scans). */
void kp__launch_bank_replays(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                             const kp_gpu *gpu, kp_launch_eval *e, kp__scan_memo *memo);

/* ---- launch_eval.c: the evaluation ---- */

/* As kp_launch_evaluate; with `scanned` (an evaluation of the same launch
 * and block shape at other sizes, ok), its traffic ratios instead of
 * scanning again; memo: the bank-conflict scans kept, or NULL. */
int kp__launch_evaluate_at(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                           kp_model_kind model, int64_t problem, int candidates,
                           int max_blocks_per_sm, const kp_launch_eval *scanned,
                           kp__scan_memo *memo, kp_launch_eval *e);

/* ---- launch_search.c ---- */

/* The candidates of launch l evaluated in e (ok); 0, or -1 out of memory. */
int kp__launch_candidates(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                          const kp_gpu *gpu, kp_model_kind model, int64_t problem,
                          int candidates, kp_launch_eval *e);

#endif
