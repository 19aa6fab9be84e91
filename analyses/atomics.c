/* Global atomics every thread makes at one address (kperf/atomics.h).
 *
 * Uses: model.h, lanes.h (the scan of an access's warps), sym.h, active.h
 * (executions per thread). */
#include "kperf/atomics.h"

#include "kperf/active.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

void kp_atomic_addresses_name(const kp_access *a, char *buf, size_t size) {
  const char *file = a->loc.file ? a->loc.file : "?";
  const char *slash = strrchr(file, '/');
  snprintf(buf, size, "addresses@%s:%u", slash ? slash + 1 : file, a->loc.line);
}

int kp_atomic_addresses_unbound(const kp_kernel *k, const kp_binding *b, size_t nb, char *buf,
                                size_t size) {
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (!a->is_atomic || a->space != KP_SPACE_GLOBAL || a->index.known || a->index_formula)
      continue;
    int64_t v;
    kp_atomic_addresses_name(a, buf, size);
    if (!kp_binding_lookup(b, nb, buf, &v))
      return 1;
  }
  if (size)
    buf[0] = '\0';
  return 0;
}

/* The number of addresses the executions of atomic a share over the launch:
 * 1 for a launch-uniform index, the "addresses@FILE:LINE" binding (>= 1)
 * for one kperf cannot state; 0 when they are taken as distinct. */
static double shared_addresses(const kp_access *a, const kp_binding *b, size_t nb) {
  if (launch_uniform(a))
    return 1;
  if (a->index.known || a->index_formula)
    return 0; /* an address kperf states that moves with the thread */
  char name[300];
  kp_atomic_addresses_name(a, name, sizeof name);
  int64_t v;
  return kp_binding_lookup(b, nb, name, &v) && v >= 1 ? (double)v : 0;
}

double kp_same_address_atomics(const kp_module *m, const kp_kernel *k, const kp_shape *s,
                               const kp_gpu *gpu, const kp_binding *b, size_t nb,
                               double *floating) {
  double total = 0, fp = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (!a->is_atomic || a->space != KP_SPACE_GLOBAL)
      continue;
    double shared = shared_addresses(a, b, nb);
    if (!(shared >= 1))
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
    /* Which lanes make it does not depend on its address: an address
     * kperf cannot state is scanned as the uniform one it is bound to be. */
    kp_access at = *a;
    if (!at.index.known && !at.index_formula) {
      at.index.known = 1;
      static const kp_sym zero = {.kind = KP_SYM_CONST, .nodes = 1, .value = 0};
      at.index.base = &zero;
      at.index.terms = NULL;
      at.index.nterms = 0;
    }
    lanes_seen seen = {0, 0};
    size_t visited = kp_access_scan(&c, &at, s, 0, count_lanes, &seen);
    kp_lane_ctx_free(&c);
    if (visited > 0 && seen.lanes > 0) {
      double n = exec * seen.active / seen.lanes / shared;
      total += n;
      if (a->is_float)
        fp += n;
    }
  }
  if (floating)
    *floating = fp;
  return total;
}
