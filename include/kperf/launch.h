/* kperf launch predictions: one launch of the module, predicted with one of
 * the models of predict.h, and the 1-D block sizes that would be faster.
 *
 * Used by the kperf-launch check (analyses/checks/launch.c; the engine is analyses/launch_eval.c and its parts launch_traffic.c, launch_search.c, launch_scaling.c) and by the JSON
 * report of predictions (-fplugin-arg-kperf-predict=PATH, read by `kperf
 * predict/recommend/compare`).  Documentation: docs/checks/launch.md. */
#ifndef KPERF_LAUNCH_H
#define KPERF_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "kperf/gpu.h"
#include "kperf/model.h"
#include "kperf/predict.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KP_LAUNCH_MAX_BINDINGS 512
#define KP_LAUNCH_MAX_CANDIDATES 64

typedef struct kp_launch_candidate {
  int64_t block; /* blockDim.x */
  int64_t grid;  /* gridDim.x */
  int64_t block_y, grid_y; /* 2-D candidates (kp_launch_eval.two_d); else 1 */
  double predicted_us; /* NaN when it could not be predicted */
  kp_prediction pred;
} kp_launch_candidate;

typedef struct kp_launch_eval {
  int ok;         /* 1: sizes known and kp_predict ran (pred.predicted_us may be NaN) */
  int invalid;    /* 1: sizes the CUDA runtime rejects (zero, negative, over a limit): why */
  int refused;    /* 1: sizes known, and the model refused them (no block fits on an SM): why */
  char why[512];  /* !ok or NaN: what is missing */
  /* !ok because one variable has no value (the grid's problem size, or a
   * count's parameter): its name, else "". */
  char missing[64];
  int64_t grid[3], block[3];
  long long smem_dynamic;
  int max_blocks_per_sm;
  kp_binding b[KP_LAUNCH_MAX_BINDINGS];
  size_t nb;
  kp_predict_input in;
  kp_prediction pred;
  double global_bytes;      /* per thread */
  double uncoal_fraction;   /* excess bytes of uncoalesced requests / global bytes */
  unsigned uncoal_accesses; /* accesses that contributed */
  /* Of that excess, / global bytes: the part the same lanes read in the next
   * iterations of the access's loop (a lane steps fewer bytes than a sector
   * per iteration: a thread walking its own row), which a cache that keeps
   * the warp's sectors serves; the bytes of sectors a warp keeps for that
   * (per request, summed over such accesses); and the L1 data-path cycles
   * per warp beyond one per request (128 bytes per cycle), / global bytes. */
  double uncoal_reused_fraction;
  double uncoal_reused_st_fraction; /* of it, what stores write (L2 merges; L1 does not) */
  double reuse_set_bytes;
  double same_address_atomics; /* per launched thread (kperf/atomics.h) */
  double same_address_atomics_fp; /* the part on floating-point elements */
  double sibling_l1_fraction; /* of the global bytes: loads L1 serves from the sectors
                                 another access to the array moved (siblings.h) */
  double l1_extra_fraction;
  /* Shared-memory replays per thread from bank conflicts (degree - 1 per
   * execution, averaged over warps and iterations), added to the counts of
   * ld.shared / st.shared, and the accesses that contributed. */
  double bank_replays_ld, bank_replays_st;
  unsigned bank_accesses;
  /* Whether the kernel runs correctly with another 1-D block size. */
  int reshape_ok;
  /* Only block sizes that divide the problem keep the kernel's result (it
   * has no bounds check): candidates are those, with grid = P / block. */
  int exact_fit;
  char reshape_why[256];
  /* The grid as a function of the problem size: grid.x = ceil(P / block.x). */
  int grid_from_problem;
  char problem_text[128]; /* "n" of (n + b - 1) / b */
  int64_t problem_size;   /* P; 0 when unknown */
  /* 2-D candidates: blocks of bx x by threads, grid ceil(P / bx) x ceil(Py
   * / by), for a kernel bounds-checked in x and y whose grid covers a
   * problem in each. */
  int two_d;
  char problem_text_y[128];
  int64_t problem_size_y;
  kp_launch_candidate *cand; /* candidates (heap; kp_launch_eval_free) */
  size_t ncand;
  int best;       /* index of the fastest candidate, -1 */
  int recommend;  /* 1: the best is at least 10% faster than the launch */
} kp_launch_eval;

/* Evaluates launch l of module m (l need not be one of m->launches, but its
 * kernel index refers to m) on gpu with the model.  problem > 0 overrides the
 * problem size (the grid of each candidate is ceil(problem / block)).
 * candidates: 0 none, 1 when the kernel can be reshaped, 2 always (1-D sweep).
 * max_blocks_per_sm > 0 caps resident blocks per SM (kp_predict_input). 
 * Returns 0 (out->ok says whether there is a prediction), -1 out of memory. */
int kp_launch_evaluate(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                       kp_model_kind model, int64_t problem, int candidates,
                       int max_blocks_per_sm, kp_launch_eval *out);
void kp_launch_eval_free(kp_launch_eval *e);

/* A launch whose missing values are variables (kp_launch_eval.missing, then
 * whatever is missing once that one has a value): the model at powers of two
 * of the first that sizes the problem, the others tied to it. */
#define KP_SCALING_POINTS 4
#define KP_SCALING_TIES 3
typedef enum kp_scaling_tie {
  KP_TIE_EQUAL = 0, /* another size of the problem: taken equal to the variable */
  KP_TIE_GRID = 1,  /* the grid's x size: ceil(variable / div), one thread per element */
  KP_TIE_BLOCK = 2, /* a block size: div (KP_SCALING_BLOCK threads or the kernel's
                       __launch_bounds__ when lower; 1 for a y or z size beside an
                       unknown x size), whatever the variable */
  KP_TIE_FIXED = 3, /* a grid's y or z size beside an unknown x size: div (1); the
                       dynamic shared memory size: div (0 bytes) */
  KP_TIE_ONCE = 4   /* the trip count of a loop kperf cannot follow (trip@FILE:LINE):
                       div (1 iteration); the statement's times are lower bounds */
} kp_scaling_tie;
/* The block size a statement takes for a block given by a variable (16 x 16
 * for one that gives two dimensions, 8 x 8 x 8 for three). */
#define KP_SCALING_BLOCK 256
typedef struct kp_launch_scaling {
  char variable[64];
  int nties;
  char tie_var[KP_SCALING_TIES][64];
  kp_scaling_tie tie_kind[KP_SCALING_TIES];
  int64_t tie_div[KP_SCALING_TIES]; /* KP_TIE_GRID: the threads per block; KP_TIE_BLOCK:
                                       the block size taken */
  int npoints;                           /* valid points, increasing powers */
  int power[KP_SCALING_POINTS];          /* the variable = 2^power */
  double predicted_us[KP_SCALING_POINTS];
  double exec_us[KP_SCALING_POINTS];
  double threads[KP_SCALING_POINTS];     /* threads launched (grid x block) there */
  double stores[KP_SCALING_POINTS];      /* global stores and atomics of the launch there */
  int block_dims;     /* 0: the variable sizes the problem; 1-3: the variable is the
                         block's size in that many dimensions (`dim3 b(t, t)` is 2), the
                         points are block sizes (2^power threads per dimension) */
  int64_t block_other; /* block_dims: the product of the block's other, known sizes */
  int best;           /* block_dims: the point with the least time */
  int flat;           /* the time is the same (within 1 %) at every point: it does not
                         depend on the variable */
  int flat_from;      /* > 0: the time changes up to point flat_from and is the same
                         (within 1 %) from there on (a grid capped by min(n, N) whose
                         threads past n do no work, a grid-stride loop over a fixed
                         size); 0 otherwise */
  double growth;      /* exponent of the execution time between the last two points */
  double per_2_20_us; /* |growth - 1| <= 0.1: time added per 2^20 of the variable; else NaN */
  const char *bound, *bound2; /* at the largest point */
  double bound2_ratio;
  /* No statement because, its unknowns given values, the launch has no time
   * for a reason that is not a missing value and is the same at 2^12 and 2^16
   * ("no block fits on an SM: ..."): that reason; else empty. */
  char why_none[512];
} kp_launch_scaling;

struct kp_check_ctx;
/* Fills s for launch l whose evaluation e failed for want of e->missing: the
 * model with that variable at 2^12, 2^16, 2^20 and 2^24 (sizes the runtime
 * rejects are left out).  When more values are missing once it has one (up
 * to KP_SCALING_TIES more), each is tied to the variable: a variable that is
 * the block's x size is KP_SCALING_BLOCK (or the kernel's __launch_bounds__
 * when lower), one that is the grid's x size is
 * ceil(variable / threads per block), the trip count of a loop kperf cannot
 * follow is 1 (KP_TIE_ONCE: the times are lower bounds), any other equals the
 * variable; the variable is the first missing one that is none of these (the
 * grid itself when only it, the block and such trip counts are missing; a
 * trip count itself when it is the only one).  When only block sizes are missing,
 * the variable is the block's (block_dims): the model at 32, 128, 256 and
 * 1024 threads (4x4 to 32x32 for a variable that gives two dimensions, 2^3
 * to 8^3 for three; within the kernel's __launch_bounds__).  1 when there
 * is a statement: the last two powers predicted and the time grows with the
 * variable, or the same time at every point (flat), or (block_dims) two
 * block sizes predicted; 0 otherwise.  ctx (may be NULL) bounds the time spent
 * (kp_check_out_of_time). */
int kp_launch_scaling_of(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                         kp_model_kind model, const kp_launch_eval *e,
                         const struct kp_check_ctx *ctx, kp_launch_scaling *s);

/* The statement of s in words: "2.39 us at n = 2^16, 5.29 us at 2^20, 62.4 us
 * at 2^24 (linear at large n: 3.81 us more per 2^20 of n), bound by dram
 * (next: latency at 91%)" (the last three points). */
void kp_launch_scaling_text(const kp_launch_scaling *s, char *buf, size_t len);

/* The variables of s as the remark names them: "'n'", "'n' and 'blocks'",
 * "'n', 'm' and 'blocks'". */
void kp_launch_scaling_vars(const kp_launch_scaling *s, char *buf, size_t len);

/* The ties of s in words, "" when none: "blocks = ceil(n/256), one thread per
 * element; m = n". */
void kp_launch_scaling_ties(const kp_launch_scaling *s, char *buf, size_t len);

/* How many of s's ties are loops kperf cannot follow (KP_TIE_ONCE): its
 * times are lower bounds when there is one. */
int kp_launch_scaling_once(const kp_launch_scaling *s);

/* A tie kind as the JSON names it ("equal", "grid", "block", "fixed", "once")
 * and back (an unknown name is "equal"). */
const char *kp_scaling_tie_name(kp_scaling_tie t);
kp_scaling_tie kp_scaling_tie_of_name(const char *name);

/* " (next: LIMIT at N%)" for a prediction's runner-up limit; "" when there is
 * none or it is under 0.5 % of the bound. */
void kp_bound_next_text(const char *bound2, double ratio, char *buf, size_t len);

/* Whether name (len bytes) names a ceiling-division helper: iDivUp,
 * cuda_iDivUp, divUp, DIV_UP, divRndUp, ceil_div, ceilDiv, div_round_up,
 * DIVIDE_ROUND_UP ... (case and underscores ignored). */
int kp_is_divup_name(const char *name, size_t len);

/* "1.35 ms", "12.4 us", "2.01 s". */
void kp_format_time_us(double us, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
