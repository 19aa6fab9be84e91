/* Global atomics every thread makes at one address (analyses/atomics.c).
 *
 * Atomics to one address serialise where the address lives: L2 applies them
 * one after another, however many SMs send them.  A naive reduction
 * (atomicAdd(sum, x[i]) by every thread) is bound by that rate, not by its
 * loads.  Such an atomic is a global one whose index names no thread or
 * block id (a loop counter may move it: every thread is at the same address
 * in the same iteration).  Which lanes take part comes from the scan of its
 * warps under the launch's shape (lanes.h), so that one atomic per block
 * (if (threadIdx.x == 0)) counts once per block.
 *
 * An atomic whose address comes from data (atomicAdd(&bins[in[i]], 1)) has
 * no address kperf can state: it counts as spread over distinct addresses
 * (no serialisation) unless the binding "addresses@FILE:LINE" says how many
 * distinct addresses its executions hit over the launch (1: all at one, as a
 * histogram of constant data); then each address takes its share of them.
 *
 * Uses: model.h, lanes.h, sym.h, active.h.  No clang. */
#ifndef KPERF_ATOMICS_H
#define KPERF_ATOMICS_H

#include "kperf/gpu.h"
#include "kperf/lanes.h"
#include "kperf/model.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Same-address global atomics per launched thread of kernel k (averaged over
 * the threads of the scanned warps: executions x the share of lanes that
 * make them, over the number of addresses they share) under block shape s
 * and bindings (b, nb).  0 when there are none or none could be scanned.
 * *floating (when not NULL): the part of it on floating-point elements. */
double kp_same_address_atomics(const kp_module *m, const kp_kernel *k, const kp_shape *s,
                               const kp_gpu *gpu, const kp_binding *b, size_t nb,
                               double *floating);

/* The binding name of the number of distinct addresses a data-addressed
 * atomic hits: "addresses@FILE:LINE" (FILE the base name) into buf. */
void kp_atomic_addresses_name(const kp_access *a, char *buf, size_t size);

/* Whether kernel k has a global atomic whose address comes from data and
 * whose addresses@FILE:LINE is not bound in (b, nb): 1 with the first one's
 * name in buf, else 0. */
int kp_atomic_addresses_unbound(const kp_kernel *k, const kp_binding *b, size_t nb, char *buf,
                                size_t size);

#ifdef __cplusplus
}
#endif
#endif
