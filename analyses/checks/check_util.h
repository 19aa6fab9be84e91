/* Helpers shared by the access checks (internal to analyses/). */
#ifndef KPERF_CHECK_UTIL_H
#define KPERF_CHECK_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "kperf/lanes.h"
#include "kperf/model.h"

struct kp_check_ctx;
struct kp_findings;

/* The block shapes kernel k is judged for (kp_kernel_shapes); in verbose
 * mode a remark of check says how many distinct shapes beyond
 * KP_SHAPES_MAX were left out.  out has room for KP_SHAPES_MAX. */
size_t kpc_kernel_shapes(const struct kp_check_ctx *ctx, const char *check, const kp_kernel *k,
                         kp_shape *out, struct kp_findings *findings);

/* "lanes 0-31", "lanes 0 and 16", "lanes 0, 2, 4, ..., 30" for a lane mask
 * whose bit i is lane first + i (first: 32 for the second half of an AMD
 * wavefront, else 0). */
void kpc_lanes_text(uint32_t lanes, unsigned first, char *buf, size_t len);

struct kp_gpu;
/* The unit the checks speak of: "wavefront" on an AMD GPU, else "warp". */
const char *kpc_warp_word(const struct kp_gpu *g);
/* Lanes of that unit: 64 with kp_gpu_amd_rules, else 32. */
unsigned kpc_warp_lanes(const struct kp_gpu *g);
/* A lane context for a check's scans of accesses to `space` on ctx's GPU
 * (kp_lane_ctx_init with kp_lane_ctx.wave from kp_gpu_scan_wave). */
int kpc_lane_ctx_init(const struct kp_check_ctx *ctx, kp_lane_ctx *c, const kp_kernel *k,
                      const kp_shape *s, kp_space space);

/* How the address moves between the threads of a warp under shape s:
 * "stride 32 elements (128 B) between adjacent threads", "rows of 8 threads,
 * n elements apart", ...  For a non-affine index (kp_access.index_formula)
 * the lanes' elements at point p and the index as written: "stride 7
 * elements (28 B) between adjacent threads, from the index 'a[(i * 7) % N]'"
 * or "index 'a[i ^ 1]': no constant stride between adjacent threads; lanes
 * 0, 1, 2, 3, ... access elements +0, -1, +2, +1, ... relative to lane 0".
 * Writes into symbolic the spelling of a stride (or, for a formula, the
 * name of a parameter) that depends on a parameter nothing binds ("" when
 * none). */
void kpc_stride_text(kp_lane_ctx *c, const kp_access *a, const kp_lane_point *p, char *buf,
                     size_t len, char *symbolic, size_t symlen);
/* The loop's counter as named in messages ("k", or "iteration" when the loop
 * has no counter kperf recognised). */
const char *kpc_counter_name(const kp_loop *l);

/* Whether shape s can stand for the threads of access a: an assumed shape
 * (__launch_bounds__, or none at all) cannot when the address or its guards
 * use threadIdx.y/z, or threadIdx.x with a stride in blockDim. */
int kpc_shape_speaks_for(const kp_shape *s, const kp_access *a);

/* x and y are known affine forms with the same thread and loop terms (their
 * bases may differ). */
int kpc_same_terms(const kp_affine *x, const kp_affine *y);

/* "atomic" for an atomic; "load", "store", or "load and store" when another access of k at the same
 * line is the other half of a read-modify-write of the same place
 * (x[i] += v).  Accesses for which kpc_repeat is true are not reported. */
const char *kpc_kind(const kp_kernel *k, const kp_access *a);
/* An earlier access of k is the same place on the same line. */
int kpc_repeat(const kp_kernel *k, const kp_access *a);

/* The plural of an element size: "4-byte elements". */
void kpc_elem_text(unsigned bytes, char *buf, size_t len);

#endif
