/* kperf-local-memory: a per-thread array indexed with a value not known at
 * compile time lives in local memory (DRAM through L1), not in registers.
 * docs/checks/local-memory.md.
 *
 * The plugin records which accesses to a thread's own arrays have an index
 * that is not a constant once the loops code generation unrolls completely
 * are unrolled (kp_access.local_array_bytes); nvcc keeps an array in
 * registers only when every index is such a constant (CUDA C++ Best
 * Practices Guide, "Local Memory": "arrays for which it cannot determine
 * that they are indexed with constant quantities" are placed in local
 * memory).  ptxas does better than that rule: it turns a few run-time
 * accesses to a small array into selects between registers.  Measured with
 * ptxas of CUDA 13.0 (-v, stack frame) for sm_75, sm_80, sm_90, sm_100 and
 * sm_120: an array read or updated at a run-time index inside a loop of
 * run-time trip count is in local memory from 48 bytes on (float[12],
 * double[8] and up; float[8] read in such a loop is not, on sm_100 float[9]
 * is not), while one read once outside loops stays in registers up to
 * float[64] on sm_90 and float[96] on sm_75.  So without ptxas's facts the
 * check speaks only of accesses inside a loop of run-time trip count (or
 * `#pragma unroll 1`) to arrays of at least LOOP_MIN_BYTES, and not of an
 * index made of comparison results (kp_access.index_compares: HeCBench
 * s8n's octant index `(tx > x) * 4 + (ty > y) * 2 + (tz > z)` leaves its
 * 32-, 64- and 128-byte arrays in registers, 0-byte frames, while the same
 * kind of index on values uniform across the warp leaves a 128-byte array in
 * local memory: tests/lit/checks/local-memory-compares.cu); with them, of
 * any access whose kernel has a stack frame at least the array's size, and
 * of none when the frame is 0 bytes. */
#include "kperf/checks.h"
#include "kperf/ptxas.h"
#include "kperf/trip.h"
#include "check_util.h"
#include "local_cost.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CHECK = "kperf-local-memory";

/* The smallest array said to be in local memory without ptxas's facts: 64
 * bytes, above the 48 bytes from which every architecture measured (see
 * above) keeps an array accessed at run-time indices in a loop in local
 * memory. */
#define LOOP_MIN_BYTES 64

/* Whether a runs in a loop that stays a loop and runs a number of
 * iterations known only at run time (or one `#pragma unroll 1` keeps). */
static int in_runtime_loop(const kp_kernel *k, const kp_access *a) {
  for (int li = a->loop; li >= 0 && (size_t)li < k->nloops; li = k->loops[li]->parent) {
    const kp_loop *l = k->loops[li];
    if (l->unrolled_whole)
      continue;
    if (l->unroll == 1 || l->trip_kind != KP_TRIP_EXACT || !kp_sym_is_const(l->trip, NULL))
      return 1;
  }
  return 0;
}

/* The loop whose counter formula s reads ("iteration@N"), or NULL. */
static const kp_loop *formula_loop(const kp_kernel *k, const kp_sym *s) {
  if (!s)
    return NULL;
  if (s->kind == KP_SYM_VAR && s->name && strncmp(s->name, "iteration@", 10) == 0) {
    long n = strtol(s->name + 10, NULL, 10);
    return n >= 0 && (size_t)n < k->nloops ? k->loops[n] : NULL;
  }
  const kp_loop *l = formula_loop(k, s->a);
  return l ? l : formula_loop(k, s->b);
}

/* The loop of k whose counter is variable v, or NULL. */
static const kp_loop *loop_of(const kp_kernel *k, int v) {
  if (v < KP_V_LOOP || (size_t)(v - KP_V_LOOP) >= k->nloops)
    return NULL;
  return k->loops[v - KP_V_LOOP];
}

/* Whether the index of a is a constant once its completely unrolled loops
 * are unrolled (what the plugin keeps in registers). */
static int const_after_unroll(const kp_kernel *k, const kp_access *a) {
  if (!a->index.known || !kp_sym_is_const(a->index.base, NULL))
    return 0;
  for (size_t t = 0; t < a->index.nterms; t++) {
    const kp_term *tm = &a->index.terms[t];
    const kp_loop *l = loop_of(k, tm->var);
    if (!l || !l->unrolled_whole || !kp_sym_is_const(tm->coef, NULL))
      return 0;
  }
  return 1;
}

/* Whether loop li holds a loop of run-time trip count that stays a loop. */
static int holds_runtime_loop(const kp_kernel *k, int li) {
  for (size_t d = 0; d < k->nloops; d++) {
    const kp_loop *l = k->loops[d];
    if (l->unrolled_whole || (l->trip_kind == KP_TRIP_EXACT && kp_sym_is_const(l->trip, NULL)))
      continue;
    for (int p = l->parent; p >= 0 && (size_t)p < k->nloops; p = k->loops[p]->parent)
      if (p == li)
        return 1;
  }
  return 0;
}

/* The most iterations whose counter may index an array before nvcc takes
 * the array's extent as the loop's bound and unrolls it whole: LLVM's
 * -unroll-max-upperbound (8, LoopUnrollPass.cpp).  Measured with ptxas of
 * CUDA 13 (sm_90) on `float e[B][N]` written at e[i][it] for i < a run-time
 * count: B = 2 kept in registers with or without #pragma unroll (HeCBench
 * softmax-fused's elements[WARP_BATCH][WARP_ITERATIONS], every instance a
 * 0-byte stack frame), B = 16 in local memory. */
#define EXTENT_UNROLL_MAX 8

/* Whether the index of a varies only with counters of loops that nvcc -O3
 * may unroll whole although the plugin leaves them rolled, so that without
 * ptxas's facts kperf cannot tell:
 * - loops of constant trip count that hold a loop of run-time trip count
 *   (HeCBench multimaterial's compact.cu, a 3 x 3 neighbour nest around a
 *   search of data-dependent bounds reading `double dsqr[9]` at the nest's
 *   counters: ptxas gives every kernel a 0-byte stack frame, sm_90);
 * - loops of run-time trip count whose counter, stepping up from a
 *   constant, can index the array at most EXTENT_UNROLL_MAX times. */
static int unroll_unsure(const kp_kernel *k, const kp_access *a) {
  if (!a->index.known || !kp_sym_is_const(a->index.base, NULL) || a->index.nterms == 0 ||
      a->elem_bytes == 0)
    return 0;
  int64_t elems = a->local_array_bytes / a->elem_bytes;
  for (size_t t = 0; t < a->index.nterms; t++) {
    const kp_term *tm = &a->index.terms[t];
    const kp_loop *l = loop_of(k, tm->var);
    int64_t coef, init, step;
    if (!l || !kp_sym_is_const(tm->coef, &coef) || l->unroll == 1)
      return 0;
    if (l->unrolled_whole)
      continue;
    if (l->trip_kind == KP_TRIP_EXACT && kp_sym_is_const(l->trip, NULL)) {
      if (!holds_runtime_loop(k, tm->var - KP_V_LOOP))
        return 0;
    } else if (l->step_kind != KP_STEP_ADD || !kp_sym_is_const(l->init, &init) || init < 0 ||
               !kp_sym_is_const(l->step, &step) || step < 1 || coef < 1 ||
               elems / (coef * step) > EXTENT_UNROLL_MAX)
      return 0;
  }
  return 1;
}

/* What makes the index of a vary, in words, and the fix that fits it;
 * *loop_fix the loop a full unroll would make constant (NULL when none). */
static void why_text(const kp_kernel *k, const kp_access *a, char *buf, size_t len,
                     const kp_loop **loop_fix) {
  *loop_fix = NULL;
  if (!a->index.known) {
    if (!a->index_formula)
      snprintf(buf, len, "a value computed at run time (%s)",
               a->index.why ? a->index.why : "not a constant");
    else if (formula_loop(k, a->index_formula))
      snprintf(buf, len, "a formula of the counter '%s' of the loop at line %u",
               kpc_counter_name(formula_loop(k, a->index_formula)),
               formula_loop(k, a->index_formula)->loc.line);
    else if (kp_sym_uses_prefix(a->index_formula, "threadIdx") ||
             kp_sym_uses_prefix(a->index_formula, "blockIdx"))
      snprintf(buf, len, "a value that depends on the thread");
    else
      snprintf(buf, len, "a value not known at compile time");
    return;
  }
  for (size_t t = 0; t < a->index.nterms; t++) {
    const kp_term *tm = &a->index.terms[t];
    if (tm->var >= KP_V_TID_X && tm->var <= KP_V_CTAID_Z) {
      snprintf(buf, len, "%s", kp_id_names[tm->var]);
      return;
    }
    const kp_loop *l = loop_of(k, tm->var);
    if (l && !l->unrolled_whole) {
      int64_t trip;
      if (kp_sym_is_const(l->trip, &trip) && l->trip_kind == KP_TRIP_EXACT) {
        snprintf(buf, len,
                 "the counter '%s' of the loop at line %u, which runs %" PRId64
                 " iterations and is not unrolled completely",
                 kpc_counter_name(l), l->loc.line, trip);
        *loop_fix = l;
      } else {
        snprintf(buf, len,
                 "the counter '%s' of the loop at line %u, whose trip count is not a "
                 "compile-time constant",
                 kpc_counter_name(l), l->loc.line);
      }
      return;
    }
  }
  char f[128];
  kp_sym_print(a->index.base, f, sizeof f);
  snprintf(buf, len, "'%s', not known at compile time", f);
}

static void run(const kp_check_ctx *ctx, kp_findings *out) {
  const kp_module *m = ctx->m;
  /* AMD's backend promotes small arrays with run-time indices to vector
   * registers (AMDGPUPromoteAlloca): the rule here is NVIDIA's. */
  if (!ctx->gpu || kp_gpu_is_amd(ctx->gpu))
    return;
  for (size_t ki = 0; ki < m->nkernels; ki++) {
    const kp_kernel *k = &m->kernels[ki];
    if (!k->has_body)
      continue; /* kperf could not walk it: nothing to say */
    const kp_ptxas_func *r = kpc_ptxas_record(ctx, k);
    if (r && r->stack_bytes == 0)
      continue; /* ptxas keeps every array in registers */
    /* One finding per array: its first access with a run-time index. */
    const char **seen = calloc(k->naccesses + 1, sizeof *seen);
    size_t nseen = 0;
    if (!seen)
      return;
    for (size_t ai = 0; ai < k->naccesses; ai++) {
      if (kp_check_out_of_time(ctx))
        break;
      const kp_access *a = &k->accesses[ai];
      if (a->space != KP_SPACE_LOCAL || a->local_array_bytes <= 0 || !a->array ||
          const_after_unroll(k, a))
        continue;
      if (r ? r->stack_bytes < a->local_array_bytes
            : a->local_array_bytes < LOOP_MIN_BYTES || !in_runtime_loop(k, a) ||
                  a->index_compares || unroll_unsure(k, a))
        continue; /* ptxas may keep it in registers */
      int dup = 0;
      for (size_t s = 0; s < nseen && !dup; s++)
        dup = strcmp(seen[s], a->array) == 0;
      if (dup)
        continue;
      seen[nseen++] = a->array;
      unsigned others = 0;
      for (size_t bi = ai + 1; bi < k->naccesses; bi++) {
        const kp_access *b = &k->accesses[bi];
        if (b->space == KP_SPACE_LOCAL && b->array && strcmp(b->array, a->array) == 0 &&
            b->loc.line != a->loc.line && !const_after_unroll(k, b))
          others++;
      }
      char why[320];
      const kp_loop *lf;
      why_text(k, a, why, sizeof why, &lf);
      kp_finding *f = kp_findings_add(
          out, CHECK, kp_check_local_memory.severity, a->loc,
          "'%s' is indexed with %s: the array (%" PRId64 " bytes per thread) is placed in "
          "local memory, and each %s of it goes through L1 to DRAM instead of a register",
          a->array, why, a->local_array_bytes, a->is_store ? "store" : "load");
      if (!f)
        break;
      if (a->index_text)
        kp_findings_note(out, a->loc,
                         "the index: %s; with it every access of '%s' goes to local memory, "
                         "those with constant indices too%s",
                         a->index_text, a->array,
                         others ? " (it has others with run-time indices)" : "");
      if (lf)
        kp_findings_note(out, lf->loc,
                         "unrolling this loop completely (#pragma unroll) makes every index of "
                         "'%s' a constant, and the array registers",
                         a->array);
      else
        kp_findings_note(out, a->loc,
                         "keep '%s' in registers by indexing it only with constants (loops of "
                         "constant trip count, unrolled), hold its values in named variables, "
                         "or place it in shared memory (one slice per thread)",
                         a->array);
      if (r)
        kp_findings_note(out, k->loc,
                         "ptxas (%s) gives '%s' a stack frame of %lld bytes per thread", r->arch,
                         k->name, r->stack_bytes);
      for (size_t li = 0, said = 0; li < m->nlaunches && said < KPC_COST_LAUNCHES; li++) {
        if (m->launches[li].kernel != (int)ki || kp_check_out_of_time(ctx))
          continue;
        said++;
        kpc_local_cost c;
        int got = kpc_local_cost_of(ctx, &m->launches[li], 0, 0, &c);
        kpc_local_cost_note(ctx, &m->launches[li], &c, got,
                            "the local-memory accesses of its arrays", out);
      }
    }
    free(seen);
  }
}

const kp_check_info kp_check_local_memory = {
    "kperf-local-memory",
    "a per-thread array indexed with a value not known at compile time lives in local memory",
    run, "LocalMemoryArray", KP_WARNING, NULL, 0};
