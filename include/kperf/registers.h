/* kperf register estimate: registers per thread a kernel will need.
 *
 * An estimate from the kernel model, not ptxas's allocation: kperf sees the
 * source, not the register allocator.  bench/icount reports its error against
 * ptxas -v. */
#ifndef KPERF_REGISTERS_H
#define KPERF_REGISTERS_H

#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers per thread for kernel k, capped by __launch_bounds__ (as ptxas
 * caps them) and at 255.  0 when the kernel has no body. */
int kp_registers_estimate(const kp_kernel *k);

/* The cap __launch_bounds__(max_threads, min_blocks) puts on registers per
 * thread (65536 registers per SM shared by min_blocks blocks), 255 when absent. */
int kp_registers_cap(int max_threads, int min_blocks);

#ifdef __cplusplus
}
#endif
#endif
