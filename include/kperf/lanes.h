/* kperf lanes: the addresses the 32 threads of a warp access at one access
 * site, evaluated from the kernel model.
 *
 * An access's index is an affine form over thread ids, block ids and loop
 * counters (kp_access.index), or, when it is not affine, a formula each
 * thread evaluates (kp_access.index_formula: (i * 7) % N, t * (k + 1)); its
 * guards say which threads take part.  For a
 * block shape, a warp of the block, a block id and an iteration of each
 * enclosing loop, this evaluates the byte address of every lane and the
 * active lanes, ready for the rules of warp.h.
 *
 * A scan (kp_access_scan) walks the configurations worth looking at: the
 * block shapes the kernel is launched with, a few warps and blocks, the
 * iterations of the loops the address depends on, and two sample values for
 * each parameter the address depends on but the file does not give. */
#ifndef KPERF_LANES_H
#define KPERF_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "kperf/gpu.h"
#include "kperf/model.h"
#include "kperf/warp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a block shape comes from. */
typedef enum kp_shape_source {
  KP_SHAPE_LAUNCH = 0, /* a launch in the translation unit */
  KP_SHAPE_PRAGMA,     /* #pragma kperf block(x, y, z) */
  KP_SHAPE_ASSUMED,    /* blockDim.* given with #pragma kperf assume / --arg */
  KP_SHAPE_BOUNDS,     /* __launch_bounds__(N): taken as a 1-D block of N */
  KP_SHAPE_DEFAULT     /* nothing: a 1-D block of 256 threads */
} kp_shape_source;

#define KP_SHAPES_MAX 8

typedef struct kp_shape {
  int64_t x, y, z;
  kp_shape_source source;
  const kp_launch *launch; /* KP_SHAPE_LAUNCH: the (first) launch with this shape and arguments */
} kp_shape;

/* The distinct block shapes kernel k runs with, one per set of argument
 * values its launches give with that shape (at most KP_SHAPES_MAX, the
 * sources in the order above: launches win).  Returns how many (>= 1). */
size_t kp_kernel_shapes(const kp_module *m, const kp_kernel *k, kp_shape *out);
/* The same, with the number of distinct shapes beyond KP_SHAPES_MAX that are
 * left out in *dropped (the checks say so in verbose mode). */
size_t kp_kernel_shapes_counted(const kp_module *m, const kp_kernel *k, kp_shape *out,
                                size_t *dropped);

/* One description of the shape: "block (16, 16, 1) of the launch at k.cu:40",
 * "block (256, 1, 1) assumed: ...". */
void kp_shape_describe(const kp_shape *s, char *buf, size_t len);

/* One configuration of a warp at an access. */
typedef struct kp_lane_point {
  const kp_shape *shape;
  unsigned warp;          /* warp index within the block */
  int64_t block_id;       /* blockIdx.x = .y = .z = block_id */
  const int64_t *iter;    /* iteration of each loop (k->nloops entries; NULL: all 0) */
  int64_t unknown_value;  /* the value given to parameters nothing binds */
} kp_lane_point;

/* Evaluation context: the bindings of the shape's launch (or the module's
 * assumptions) plus what a point adds.  Owned by the caller; init/free. */
typedef struct kp_lane_ctx {
  const kp_module *m;
  const kp_kernel *k;
  kp_binding *b;
  size_t nb, cap;
  size_t fixed; /* bindings from the launch and assumptions */
  /* A quick scan (kp_access_scan): the first 4 iterations of the primary
   * loop, the first iteration of the others, warps 0, 1 and the last: a
   * check judging many values of a parameter looks at fewer points each. */
  int quick;
  /* Visit the sampled warps none of whose lanes make the access too (their
   * kp_scan_point lanes with no active bit): a caller counting the share of
   * lanes that take part needs them (0: skipped, as the checks want). */
  int visit_idle;
  /* What a scan visits: 0, NVIDIA's warps of 32 lanes; 32, the 32-lane
   * halves of AMD wavefronts (scanned as warps, named so in messages); 64,
   * AMD's wavefronts, each two halves (kp_scan_point.lanes, .lanes_hi). */
  unsigned wave;
  /* Evaluate an access whose guards are data-unknown (kp_access.guards_data)
   * with its known guards only: every lane that they let through takes the
   * data's branches (the most lanes the data can make it run with).  0: such
   * an access does not evaluate. */
  int data_all_lanes;
} kp_lane_ctx;

/* Whether guard g holds under bindings b: 1 with *holds set when both sides
 * evaluate, 0 when one does not. */
int kp_guard_holds(const kp_guard *g, const kp_binding *b, size_t nb, int *holds);
/* Guard g's two sides compiled against b (kp_sym_compile, the bindings at
 * [vary_lo, vary_hi) varying): 1, or 0 with nothing kept. */
int kp_guard_compile(const kp_guard *g, const kp_binding *b, size_t nb, size_t vary_lo,
                     size_t vary_hi, kp_sym_prog side[2]);
/* Guard g from its compiled sides at up to KP_SYM_LANES lanes at once (the
 * bindings at [lane_at, lane_at + nvars) taking lane_vals[v][lane], as in
 * kp_sym_run_lanes): the lanes of *mask where it does not hold leave *mask;
 * 0 when it cannot be evaluated at one of them. */
int kp_guard_run_lanes(const kp_guard *g, const kp_sym_prog side[2], const kp_binding *b,
                       size_t lane_at, size_t nvars, const int64_t (*lane_vals)[KP_SYM_LANES],
                       uint32_t *mask);
void kp_guard_prog_free(kp_sym_prog side[2]);

int kp_lane_ctx_init(kp_lane_ctx *c, const kp_module *m, const kp_kernel *k, const kp_shape *s);
void kp_lane_ctx_free(kp_lane_ctx *c);

/* Whether kperf can evaluate access a's index per lane: an affine index, or
 * a formula of a non-affine one (kp_access.index_formula). */
int kp_access_index_known(const kp_access *a);

/* What a point gives at access a: the addresses of the active lanes, from
 * the index as declared (pad = 0) or with the innermost extent of its
 * array padded by pad elements.  Returns 1 when evaluated, 0 when kperf
 * cannot tell (an index or guard does not evaluate, a lane's address is not
 * aligned, the width is not 1/2/4/8/16). */
int kp_lanes_eval(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, int64_t pad,
                  kp_warp_access *out);

/* The value of an integer formula at a point for lane 0 of the warp (for
 * messages: a stride, a loop counter); with guess = 0, parameters nothing
 * binds keep it from evaluating instead of taking the point's sample value.
 * 1 when it evaluates. */
int kp_lanes_value(kp_lane_ctx *c, const kp_lane_point *p, const kp_sym *s, int guess,
                   int64_t *out);

/* The value of loop L's counter at iteration `iter` of lane 0 (the counter of
 * a doubling/halving loop, or init + iter * step), or 0 when not known. */
int kp_loop_counter(kp_lane_ctx *c, const kp_lane_point *p, const kp_loop *l, int64_t iter,
                    int64_t *out);

/* Whether the access's address or guards depend on loop l (its counter or,
 * for doubling/halving loops, its variable). */
int kp_access_uses_loop(const kp_access *a, const kp_loop *l);
/* Bytes a lane's address of access a moves per iteration of the access's
 * innermost loop (|coefficient of the loop| x element size, coefficients
 * evaluated with b), or 0 when its index has no such term or the
 * coefficient does not evaluate. */
int64_t kp_access_loop_step_bytes(const kp_kernel *k, const kp_access *a, const kp_binding *b,
                                  size_t nb);

/* Whether the address or guards mention a variable nothing binds in c (a
 * parameter the file does not give): then a scan samples it. */
int kp_access_has_unknowns(kp_lane_ctx *c, const kp_access *a);

/* The distinct variables nothing binds in c that the address or guards of a
 * mention (parameters the file does not give), at most max of them in
 * names; returns how many there are (which may exceed max). */
size_t kp_access_unknowns(kp_lane_ctx *c, const kp_access *a, const char **names, size_t max);

/* Whether formula s mentions a variable nothing binds in c (a parameter the
 * file does not give, or a counter that starts from one). */
int kp_lanes_mentions_unknown(kp_lane_ctx *c, const kp_sym *s);

/* The same with only the counters of the loops around access a bound (two
 * loops elsewhere in the kernel may name their counters alike). */
int kp_access_mentions_unknown(kp_lane_ctx *c, const kp_access *a, const kp_sym *s);

/* Binds name to value in c for every point (as a launch binding would). */
int kp_lane_ctx_bind(kp_lane_ctx *c, const char *name, int64_t value);

/* A parameter nothing binds that the address of a depends on only as the
 * amount of a shift (1 << lg, n >> lg) in its index, guards or the start and
 * trip count of its loops: its values that matter are 0 to 30, few enough to
 * judge every one.  NULL when there is none (or another unknown is a shift
 * amount too). */
const char *kp_access_shift_unknown(kp_lane_ctx *c, const kp_access *a);

/* Whether the loops around a run at least once for the main thread with c's
 * bindings (the enclosing loops at their first iteration): 0 when a trip
 * count evaluates to 0, 1 when every one is positive, -1 when one does not
 * evaluate. */
int kp_access_loops_run(kp_lane_ctx *c, const kp_access *a);

/* ---- Scanning an access ------------------------------------------------ */

#define KP_SCAN_MAX_ITERS 64
#define KP_SCAN_SAMPLES 2

/* What a scan visits, for the callback. */
typedef struct kp_scan_point {
  const kp_lane_point *point;
  unsigned sample;         /* which value the unknown parameters have (0 or 1) */
  unsigned nsamples;       /* 1 when the access mentions no unknown parameter */
  int primary;             /* loop whose iterations are scanned in full, -1 */
  unsigned primary_index;  /* index of this iteration in the scan (0-based) */
  int64_t primary_counter; /* that loop's counter value at this iteration */
  int primary_counter_known;
  const kp_warp_access *lanes;
  /* A wavefront of 64 (kp_lane_ctx.wave): its lanes 32-63, none active when
   * the block ends before them; point->warp is then the index of the first
   * half (2 * the wavefront's).  NULL for warps of 32. */
  const kp_warp_access *lanes_hi;
} kp_scan_point;

typedef void (*kp_scan_fn)(void *user, const kp_scan_point *sp);

/* ---- The GPU's rules at a scan point ------------------------------------ */

/* What a scan of accesses to `space` visits on GPU g (kp_lane_ctx.wave): on
 * AMD GCN/CDNA (kp_gpu_amd_rules) wavefronts of 64 for global memory and
 * their 32-lane halves for the LDS, which serves each half on its own; 0,
 * NVIDIA's warps, elsewhere. */
unsigned kp_gpu_scan_wave(const kp_gpu *g, kp_space space);
/* The global memory transactions of the point's warp or wavefront on GPU g:
 * NVIDIA's rules of its compute capability, or AMD's vector L1 lines
 * (warp.h).  KP_WARP_EARG on an AMD GPU whose rules kperf does not have. */
int kp_scan_point_requests(const kp_gpu *g, const kp_scan_point *sp, kp_coalescing *out);
/* The bank-conflict degree of the point's warp (or half-wavefront) on GPU g,
 * with the GPU row's banks; KP_WARP_EARG where the rules are not known. */
int kp_scan_point_conflict(const kp_gpu *g, const kp_scan_point *sp, kp_bank_result *out);

/* Whether every lane the block gives sp's warp makes the access there (a
 * warp of a 48-thread block has 16 in its second half). */
int kp_scan_point_full(const kp_scan_point *sp);

/* Visits the configurations of access a under shape s: every warp of the
 * block (or the first four and the last two of a larger block), blocks 0
 * and 1, the first KP_SCAN_MAX_ITERS iterations of the innermost loop the
 * address depends on (the primary loop) and the first, second and last
 * iteration of other loops it depends on, and the two sample values 1024
 * and 1025 of parameters nothing binds.  Points that do not evaluate are
 * skipped.  Returns the number of points visited (0: kperf cannot tell). */
size_t kp_access_scan(kp_lane_ctx *c, const kp_access *a, const kp_shape *s, int64_t pad,
                      kp_scan_fn fn, void *user);

/* What a scan of access a (kp_access_scan) reads of c's bindings: for each
 * variable its index, guards and subscripts and the trip counts, starts and
 * steps of the loops around it name (in a fixed order), whether c binds it
 * and to what, then whether each of the grid's sizes is bound to 1.  Two
 * scans of a under the same shape and context kind (quick, wave) whose keys
 * are equal visit the same points with the same lanes.  Writes at most cap
 * values and returns the key's length (more than cap: the key did not fit). */
size_t kp_access_scan_key(const kp_lane_ctx *c, const kp_access *a, int64_t *out, size_t cap);

/* The number of iterations a scan of a visits in its primary loop (0 when it
 * has none) and that loop's id (-1).  */
int kp_access_primary_loop(kp_lane_ctx *c, const kp_access *a, unsigned *iterations);

#ifdef __cplusplus
}
#endif
#endif
