/* Global atomics every thread makes at one address (kperf/atomics.h).
 *
 * Uses: model.h, lanes.h (the scan of an access's warps), sym.h, active.h
 * (executions per thread). */
#include "kperf/atomics.h"

#include "kperf/active.h"

#include <math.h>

/* An index that names no thread or block id: the same address for every
 * thread at a time. */
static int launch_uniform(const kp_access *a) {
  if (!a->index.known)
    return 0;
  for (size_t t = 0; t < a->index.nterms; t++) {
    int v = a->index.terms[t].var;
    if (v >= KP_V_TID_X && v <= KP_V_CTAID_Z)
      return 0;
  }
  return 1;
}

typedef struct lanes_seen {
  double active, lanes;
} lanes_seen;

static void count_lanes(void *user, const kp_scan_point *sp) {
  lanes_seen *c = user;
  if (sp->sample != 0)
    return;
  c->active += (double)__builtin_popcount(sp->lanes->active) +
               (sp->lanes_hi ? (double)__builtin_popcount(sp->lanes_hi->active) : 0);
  c->lanes += sp->lanes_hi ? 64 : 32;
}

double kp_same_address_atomics(const kp_module *m, const kp_kernel *k, const kp_shape *s,
                               const kp_gpu *gpu, const kp_binding *b, size_t nb) {
  double total = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (!a->is_atomic || a->space != KP_SPACE_GLOBAL || !launch_uniform(a))
      continue;
    double exec = kp_access_executions(k, a, b, nb);
    if (!(exec > 0))
      continue;
    kp_lane_ctx c;
    if (!kp_lane_ctx_init(&c, m, k, s)) {
      kp_lane_ctx_free(&c);
      continue;
    }
    c.wave = kp_gpu_scan_wave(gpu, KP_SPACE_GLOBAL);
    c.visit_idle = 1;
    lanes_seen seen = {0, 0};
    size_t visited = kp_access_scan(&c, a, s, 0, count_lanes, &seen);
    kp_lane_ctx_free(&c);
    if (visited > 0 && seen.lanes > 0)
      total += exec * seen.active / seen.lanes;
  }
  return total;
}
