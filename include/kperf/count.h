/* kperf per-thread counts: what one thread of a kernel executes.
 *
 * Counts are for the kernel's "main thread" (model 000): the thread that takes
 * the longest path.  Branches count their longer side unless the condition
 * folds or, with bindings (kp_count_kernel_at), is decided by them
 * (kp_branch_side); the sides of a data test move their share of the bytes
 * (kp_access_share); loops multiply their body by the trip count, where thread ids are the
 * variables "threadIdx.x" ... "blockIdx.z" (bind them to 0 for thread 0 of
 * block 0, which kp_launch_bindings does).  Counts are formulas; evaluate them
 * with kp_sym_eval and the bindings of a launch. */
#ifndef KPERF_COUNT_H
#define KPERF_COUNT_H

#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A loop whose body depends on its iteration (an inner loop from i to n
 * inside a loop over i: its trip count uses the variable "iteration@ID" of
 * the outer loop) is summed over its iterations when its own trip count is a
 * constant of at most this many; otherwise (a larger constant, a trip count
 * that is a formula: a grid-stride loop's) the body on its middle iteration,
 * (trip - 1) / 2, counts trip times, which is the sum when the body is affine
 * in the iteration. */
#define KP_ITERATION_SUM_MAX 4096

typedef struct kp_counts {
  const kp_sym *by_class[KP_I_COUNT]; /* instructions per thread, per class */
  const kp_sym *total;                /* all classes */
  const kp_sym *divergent;            /* of total: under thread-dependent branches */
  const kp_sym *syncs;                /* barriers executed */
  const kp_sym *bytes[KP_SPACE_UNKNOWN + 1]; /* bytes loaded+stored, per space */
  /* Instructions per thread, per class, as a compiler emits them for the main
   * thread: like by_class, except inside a loop nest that is fully unrolled
   * with constant trip counts (a "static nest": every iteration becomes
   * straight-line code), where
   *   - integer, address and compare instructions that depend on no loaded or
   *     floating-point value (index arithmetic of the unrolled counters) fold
   *     into immediate offsets and cost nothing;
   *   - a constant-memory load whose index varies only with the nest's
   *     counters is an operand of the instruction using it (c[bank][offset]);
   *   - a shared-memory load whose affine index has constant coefficients on
   *     the nest's counters is issued once per distinct address, when nothing
   *     in the nest stores to shared memory or synchronises;
   * and everywhere, where
   *   - logic on truth values (&&, ||, !, == of bools: kp_node.pred_logic) is
   *     part of the comparisons that made them;
   *   - a branch whose sides are at most 8 plain operations (18 when its
   *     condition is the same for every thread) is predicated: both sides are
   *     issued and its jump is gone (as ptxas does; see count.c).
   * Used by the bottleneck model (docs/models.md, "bn"). */
  const kp_sym *emitted[KP_I_COUNT];
} kp_counts;

/* Fills *out for kernel k (every formula allocated in arena a).  Returns 0
 * when the kernel has no body or memory ran out. */
int kp_count_kernel(struct kp_arena *a, const kp_kernel *k, kp_counts *out);
/* The same, with the values b[0..nb) deciding the branches whose condition
 * is the same for every thread of a launch (kp_branch_side): a dead side is
 * not counted. */
int kp_count_kernel_at(struct kp_arena *a, const kp_kernel *k, const kp_binding *b, size_t nb,
                       kp_counts *out);

/* Which side of branch br runs for every thread: 1 then, 0 else, -1 either.
 * A side runs alone when the condition folded (kp_branch.taken), when
 * #pragma kperf likely gives it 100% (0% for the other), or when with the
 * bindings a comparison the other side needs (kp_branch.then_needs,
 * else_needs: over parameters and launch sizes only) does not hold. */
int kp_branch_side(const kp_branch *br, const kp_binding *b, size_t nb);

/* The percentage of threads kperf takes to run the then side of a data test
 * (a condition on a value loaded from memory) without #pragma kperf likely. */
#define KP_DATA_BRANCH_PCT 50

/* The share of the threads that make access acc, from the branches around
 * it: 0 when one of them is decided against its side (kp_branch_side), the
 * product of the shares of the data tests' sides it is on (#pragma kperf
 * likely, else KP_DATA_BRANCH_PCT for then and the rest for else), else 1. */
double kp_access_share(const kp_access *acc, const kp_binding *b, size_t nb);

/* The bindings that evaluate a kernel's formulas at launch l: blockDim.* and
 * gridDim.* when known, each parameter whose argument folded, the module's
 * assumptions (#pragma kperf assume, --arg; they win), and thread/block ids 0.
 * Returns the number written (at most cap). */
size_t kp_launch_bindings(const kp_module *m, const kp_launch *l, kp_binding *out, size_t cap);

/* 1 when code generation unrolls loop l whole: the front end says so
 * (kp_loop.unrolled_whole: #pragma unroll, an unroll count at least the trip
 * count, or a loop small enough that nvcc -O3 unrolls it without a pragma)
 * and its trip count is a constant the same for every thread.  A bare
 * #pragma unroll on a loop whose trip count is known only at run time (a
 * parameter, threadIdx: `for (j = tx; j < w; j += bx)`) leaves a loop
 * unrolled by kp_loop.unrolled_by. */
int kp_loop_unrolled_whole(const kp_loop *l);

/* Model 000's time(thread, lat) and delay(thread) for the main thread:
 * time is the critical path through the dependency DAGs (loops: trip x body's
 * path; branches: the longer side) with lat[c] cycles per instruction of class
 * c; delay is the sum over executed instructions of issue[c].  Returns 1 when
 * every trip count evaluated under the bindings, 0 otherwise. */
int kp_thread_time(const kp_kernel *k, const double lat[KP_I_COUNT],
                   const double issue[KP_I_COUNT], const kp_binding *b, size_t nb,
                   double *time, double *delay);
/* The same; with overlap, the iterations of a group a loop is unrolled by
 * (kp_loop.unrolled_by, all of them when fully unrolled) run concurrently:
 * the loop's time is ceil(trip / group) x its body's (the bottleneck model's
 * critical path: unrolled iterations are independent instruction streams
 * except for the values they carry, which this bound leaves out). */
int kp_thread_time_ex(const kp_kernel *k, const double lat[KP_I_COUNT],
                      const double issue[KP_I_COUNT], const kp_binding *b, size_t nb,
                      int overlap, double *time, double *delay);

#ifdef __cplusplus
}
#endif
#endif
