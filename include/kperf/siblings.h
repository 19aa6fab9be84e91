/* Sectors a thread's accesses to one array share (analyses/siblings.c).
 *
 * A kernel often reads neighbouring bytes or fields with separate
 * instructions: an RGB pixel's three bytes (rgb[3*i], rgb[3*i+1],
 * rgb[3*i+2]), a record's fields (r[i].x, r[i].y, ...).  Each instruction on
 * its own is uncoalesced (its warp request moves sectors it uses a part of),
 * but the sectors are the same for all of them: the first moves them from
 * DRAM, the others find them in L1 (loads) or merge in L2 (stores).  Such
 * accesses are siblings: the same global array, load or store alike, in the
 * same loop, under as many guards, with the same element size and the same
 * terms in their index, whose bases differ by a constant at the launch.
 *
 * Uses: model.h, lanes.h (the scan of an access's warps), warp.h (the
 * transactions of a request), sym.h.  No clang, no GPU database access
 * beyond the GPU row it is handed. */
#ifndef KPERF_SIBLINGS_H
#define KPERF_SIBLINGS_H

#include "kperf/gpu.h"
#include "kperf/lanes.h"
#include "kperf/model.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Most members of one group of siblings that are scanned together (further
 * ones are left out of the group, and so keep their own excess). */
#define KP_SIBLINGS_MAX 16

typedef struct kp_sibling_reuse {
  double bytes;     /* excess bytes per thread the group's other members find in
                       the sectors one member's request moved (at most the
                       members' own excess, excess_of) */
  double st_bytes;  /* of those, moved by stores (L2 merges them; L1 does not) */
  double l1_bytes;  /* the rest of what loads find in those sectors: bytes per
                       thread of coalesced requests (beyond `bytes`) that L1
                       serves instead of L2 (a stencil's shifted loads) */
  double set_bytes; /* bytes of sectors one warp keeps between the members */
  int groups;       /* groups with some reuse */
} kp_sibling_reuse;

/* The sectors kernel k's global accesses share with their siblings, for the
 * block shape s under bindings (b, nb: the launch's), on GPU gpu.  excess_of
 * has one entry per access of k: the excess bytes per thread the access's
 * own requests move (launch_eval's coalescing scan; 0 for an access it did
 * not judge); a group's reuse is at most the sum over its members.  Returns
 * 1 with *out filled (zero when nothing is shared), 0 when memory ran out. */
int kp_sibling_reuse_of(const kp_module *m, const kp_kernel *k, const kp_shape *s,
                        const kp_gpu *gpu, const kp_binding *b, size_t nb,
                        const double *excess_of, kp_sibling_reuse *out);

#ifdef __cplusplus
}
#endif
#endif
