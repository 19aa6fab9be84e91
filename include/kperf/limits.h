/* kperf's analysis limits.
 *
 * kperf runs inside the user's compiler: whatever the source, its own work
 * must end, quickly, without exhausting the stack.  Every recursive walk has
 * a depth limit, formulas have a size limit, and the work per kernel and per
 * translation unit is bounded.  A kernel that reaches a limit is not analysed
 * (it gets no finding and no prediction, never a partial one) and kperf says
 * so in one remark naming the kernel and the limit (check kperf-model); a
 * formula that would exceed its size is "unknown" where it is used.  The
 * compile itself is never affected.  docs/limits.md lists them. */
#ifndef KPERF_LIMITS_H
#define KPERF_LIMITS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sub-expressions nested in one another (a + a + ... is as deep as it is long). */
#define KP_LIMIT_EXPR_DEPTH 256
/* Statements nested in one another (blocks, ifs, loops, cases). */
#define KP_LIMIT_STMT_DEPTH 128
/* Statements and expressions nested in one another that the search for
 * kernels and launches descends into (it recurses once per level); a launch
 * nested deeper is not seen. */
#define KP_LIMIT_SEARCH_DEPTH 4096
/* Loops nested in one another in one kernel's model (inlined calls
 * included): the lanes' walks over a loop nest hold it in arrays of this size. */
#define KP_LIMIT_LOOP_DEPTH 64
/* Device functions inlined into each other; deeper calls count as one instruction. */
#define KP_LIMIT_CALL_DEPTH 24
/* Nodes of one formula (a trip count, an index, a count).  Formulas are trees:
 * v = v - v*3 repeated doubles them each time. */
#define KP_LIMIT_FORMULA_NODES 1024
/* Operations, loops and branches in the model of one kernel (inlined calls
 * and explicit unrolling included). */
#define KP_LIMIT_KERNEL_NODES 200000
/* Kernels analysed in one translation unit, and instances of one kernel template. */
#define KP_LIMIT_KERNELS 2000
#define KP_LIMIT_INSTANCES 64
/* kperf's own time per translation unit, in milliseconds, by default
 * (-fplugin-arg-kperf-time-budget=MS; 0: none), wall clock from the end of
 * parsing.  Kernels not yet walked when it is spent are not analysed, and
 * the checks stop judging (kp_check_ctx.deadline). */
#define KP_LIMIT_TIME_MS 4000

#ifdef __cplusplus
}
#endif
#endif
