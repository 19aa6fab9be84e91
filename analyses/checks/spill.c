/* kperf-spill: a register cap or block size that makes ptxas spill
 * registers to local memory.  docs/checks/spill.md.
 *
 * Only with ptxas's facts (kperf predict --ptxas, the plugin's ptxas=): the
 * spill bytes are ptxas's own (-v: "N bytes spill stores, M bytes spill
 * loads"); kperf's register estimate is not precise enough to say that a
 * kernel spills.  Without facts for the kernel on the GPU's architecture the
 * check says nothing. */
#include "kperf/checks.h"
#include "kperf/ptxas.h"
#include "local_cost.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const CHECK = "kperf-spill";

/* Registers per thread a thread can have at most on NVIDIA GPUs of compute
 * capability 3.5 and later (CUDA C++ Programming Guide, "Technical
 * Specifications per Compute Capability": maximum number of 32-bit registers
 * per thread, 255). */
#define MAX_REGS_PER_THREAD 255

/* The registers per thread ptxas may give a kernel under
 * __launch_bounds__(max_threads, min_blocks): min_blocks blocks of
 * max_threads threads share an SM's 65536 registers, allocated per warp in
 * units of 256 (8 per thread) (CUDA Occupancy Calculator: register file
 * 65536, allocation unit 256, per warp); at most MAX_REGS_PER_THREAD.
 * 0 without launch bounds. */
static int bounds_cap(int max_threads, int min_blocks) {
  if (max_threads <= 0)
    return 0;
  long warps = ((long)max_threads + 31) / 32 * (min_blocks > 0 ? min_blocks : 1);
  long per = 65536L / (warps * 32);
  if (per >= MAX_REGS_PER_THREAD)
    return MAX_REGS_PER_THREAD;
  return (int)(per / 8 * 8);
}

/* Bytes of the kernel's own local arrays (each array once), or -1 when an
 * access to local memory has no known array size. */
static int64_t local_array_bytes(const kp_kernel *k) {
  int64_t total = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->space != KP_SPACE_LOCAL)
      continue;
    if (a->local_array_bytes <= 0 || !a->array)
      return -1;
    int first = 1;
    for (size_t j = 0; j < i && first; j++)
      first = !(k->accesses[j].space == KP_SPACE_LOCAL && k->accesses[j].array &&
                strcmp(k->accesses[j].array, a->array) == 0);
    if (first)
      total += a->local_array_bytes;
  }
  return total;
}

static void run(const kp_check_ctx *ctx, kp_findings *out) {
  const kp_module *m = ctx->m;
  if (!m->ptxas || !ctx->gpu)
    return;
  for (size_t ki = 0; ki < m->nkernels; ki++) {
    if (kp_check_out_of_time(ctx))
      return;
    const kp_kernel *k = &m->kernels[ki];
    const kp_ptxas_func *r = kpc_ptxas_record(ctx, k);
    if (!r || r->spill_store_bytes + r->spill_load_bytes <= 0)
      continue;
    const char *compiler = kp_ptxas_compiler_of(ctx->gpu);
    /* What capped the registers. */
    int cap = bounds_cap(k->max_threads_per_block, k->min_blocks_per_sm);
    char cause[320];
    int capped_by_bounds = cap > 0 && cap < MAX_REGS_PER_THREAD && r->registers == cap;
    if (capped_by_bounds)
      snprintf(cause, sizeof cause,
               "__launch_bounds__(%d%s%.0d) lets each thread have at most %d registers "
               "(65536 per SM shared by %d threads)",
               k->max_threads_per_block, k->min_blocks_per_sm > 0 ? ", " : "",
               k->min_blocks_per_sm, cap,
               k->max_threads_per_block * (k->min_blocks_per_sm > 0 ? k->min_blocks_per_sm : 1));
    else if (cap > 0 && r->registers < cap)
      /* ptxas of CUDA 13 gives a kernel under __launch_bounds__(640) 32
       * registers, not the 96 the bounds allow (measured, sm_90). */
      snprintf(cause, sizeof cause,
               "%s kept it to %d although __launch_bounds__(%d%s%.0d) allows %d (its own "
               "choice for these bounds, or a -maxrregcount)",
               compiler, r->registers, k->max_threads_per_block,
               k->min_blocks_per_sm > 0 ? ", " : "", k->min_blocks_per_sm, cap);
    else if (r->registers >= MAX_REGS_PER_THREAD)
      snprintf(cause, sizeof cause, "a thread can have at most %d registers",
               MAX_REGS_PER_THREAD);
    else
      snprintf(cause, sizeof cause,
               "%s was given a cap of %d registers (-maxrregcount, or the build's)", compiler,
               r->registers);
    /* The registers it would need: the ones it has plus one per 4 bytes of
     * the stack frame that are not the kernel's own arrays (ptxas gives each
     * spilled value a slot of the frame). */
    int64_t arrays = local_array_bytes(k);
    long long slots = arrays >= 0 ? (r->stack_bytes - arrays) / 4 : -1;
    int need = slots > 0 ? (int)(r->registers + slots) : 0;
    char needs[200] = "";
    if (need > 0)
      snprintf(needs, sizeof needs,
               "; without the spills it would need about %d registers (%d plus one per 4 bytes "
               "of the %lld-byte stack frame it spills into)%s",
               need, r->registers,
               r->stack_bytes - (arrays > 0 ? arrays : 0),
               need > MAX_REGS_PER_THREAD ? ", more than a thread can have" : "");
    kp_finding *f = kp_findings_add(
        out, CHECK, kp_check_spill.severity, k->loc,
        "'%s' spills registers to local memory: %s (%s) assigns %d registers per thread and "
        "has spill stores of %lld bytes and spill loads of %lld bytes, because %s%s",
        k->name, compiler, r->arch, r->registers, r->spill_store_bytes, r->spill_load_bytes,
        cause, needs);
    if (!f)
      return;
    if (capped_by_bounds)
      kp_findings_note(out, k->loc,
                       "a smaller minimum of resident blocks (the second argument), or a "
                       "smaller maximum block size, leaves each thread more registers");
    else if (cap > 0 && r->registers < cap)
      kp_findings_note(out, k->loc,
                       "-maxrregcount (or __maxnreg__) tells ptxas the registers to use; "
                       "with these bounds it chose fewer than they allow");
    else if (r->registers < MAX_REGS_PER_THREAD)
      kp_findings_note(out, k->loc, "raise or drop the register cap (-maxrregcount)");
    else
      kp_findings_note(out, k->loc,
                       "fewer values live at once (split the kernel, recompute instead of "
                       "keeping, smaller per-thread arrays) keeps them in registers");
    int regs = need > 0 ? (need > MAX_REGS_PER_THREAD ? MAX_REGS_PER_THREAD : need) : r->registers;
    for (size_t li = 0, said = 0; li < m->nlaunches && said < KPC_COST_LAUNCHES; li++) {
      if (m->launches[li].kernel != (int)ki || kp_check_out_of_time(ctx))
        continue;
      said++;
      kpc_local_cost c;
      int got = kpc_local_cost_of(ctx, &m->launches[li], 1, regs, &c);
      char what[96];
      snprintf(what, sizeof what, "the spills (%d registers per thread)", regs);
      kpc_local_cost_note(ctx, &m->launches[li], &c, got, what, out);
    }
  }
}

const kp_check_info kp_check_spill = {
    "kperf-spill", "a register cap or block size that makes ptxas spill registers to local memory",
    run, "RegisterSpill", KP_WARNING, NULL, 0};
