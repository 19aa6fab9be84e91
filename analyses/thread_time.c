/* Model 000's thread time (kp_thread_time, count.h): the main thread's
 * critical path through the kernel's regions in cycles, with trip counts
 * evaluated under bindings.  Uses count_internal.h and the model layer. */
#include "kperf/count.h"
#include "count_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Model 000: thread time -------------------------------------------- */

typedef struct timer {
  const kp_kernel *k;
  const double *lat, *issue;
  const kp_binding *b;
  size_t nb;
  int overlap; /* the iterations of an unrolled group run concurrently */
  /* Iterations that summing the loops around the region left to sum its own
   * (iterations_time): their product stays within KP_ITERATION_SUM_MAX. */
  int64_t sum_left;
} timer;

static int region_time(const timer *tm, const kp_region *r, double *time, double *delay);
static int iterations_time(const timer *tm, const kp_loop *l, int64_t trip, double *t,
                           double *d);

/* Cost of one node: its own critical path and its issue delay.  Returns 0
 * when a trip count does not evaluate (or memory ran out). */
static int node_time(const timer *tm, const kp_node *n, double *time, double *delay) {
  *time = *delay = 0;
  switch (n->kind) {
  case KP_NODE_OP: {
    kp_iclass cls = (unsigned)n->cls < KP_I_COUNT ? n->cls : KP_I_OTHER;
    /* count instructions of one class form a chain */
    *time = (tm->lat ? tm->lat[cls] : 0) * n->count;
    *delay = (tm->issue ? tm->issue[cls] : 0) * n->count;
    return 1;
  }
  case KP_NODE_LOOP: {
    if (!n->loop)
      return 1;
    int64_t trip;
    if (!kp_sym_eval(n->loop->trip, tm->b, tm->nb, &trip))
      return 0;
    if (trip <= 0)
      return 1;
    double t, d;
    if (!region_time(tm, &n->loop->body, &t, &d) &&
        !iterations_time(tm, n->loop, trip, &t, &d))
      return 0;
    /* Operations once per unrolled group issue ceil(trip / group) times. */
    double dg = 0;
    const kp_region *b = &n->loop->body;
    for (size_t i = 0; i < b->nnodes; i++)
      if (b->nodes[i].kind == KP_NODE_OP && b->nodes[i].per_group &&
          (unsigned)b->nodes[i].cls < KP_I_COUNT)
        dg += (tm->issue ? tm->issue[b->nodes[i].cls] : 0) * b->nodes[i].count;
    int64_t g = n->loop->unrolled_by > 1 ? n->loop->unrolled_by : 1;
    int64_t go = kp_loop_unrolled_whole(n->loop) ? trip : g; /* unrolled whole: all at once */
    *time = (double)(tm->overlap ? (trip + go - 1) / go : trip) * t;
    *delay = (double)trip * (d - dg) + (double)((trip + g - 1) / g) * dg;
    return 1;
  }
  case KP_NODE_BRANCH: {
    const kp_branch *br = n->branch;
    if (!br)
      return 1;
    int side = kp_branch_side(br, tm->b, tm->nb);
    if (side == 1 || side == 0)
      return region_time(tm, side ? &br->then_r : &br->else_r, time, delay);
    double tt, td, et, ed;
    if (!region_time(tm, &br->then_r, &tt, &td) || !region_time(tm, &br->else_r, &et, &ed))
      return 0;
    *time = tt > et ? tt : et;
    *delay = td > ed ? td : ed; /* the side that takes longer to issue */
    return 1;
  }
  }
  return 1;
}

/* A loop whose body has no time without its iteration bound (an inner
 * loop's bounds depend on it): the body's time on each iteration, averaged
 * (the caller multiplies by trip).  0 when that does not give one either. */
static int iterations_time(const timer *tm, const kp_loop *l, int64_t trip, double *t,
                           double *d) {
  /* More iterations than are summed (KP_ITERATION_SUM_MAX, over this loop
   * and the summed loops around it): the middle one stands for them (as in
   * the counts). */
  int64_t first = 0, end = trip;
  if (trip > tm->sum_left) {
    first = (trip - 1) / 2;
    end = first + 1;
  }
  kp_binding *b = malloc((tm->nb + 1) * sizeof *b);
  if (!b)
    return 0;
  char it[32];
  kp__count_iteration_name(l, it, sizeof it);
  for (size_t i = 0; i < tm->nb; i++)
    b[i + 1] = tm->b[i];
  timer inner = *tm;
  inner.sum_left = tm->sum_left / (end - first);
  inner.b = b;
  inner.nb = tm->nb + 1;
  double st = 0, sd = 0;
  int ok = 1;
  for (int64_t i = first; i < end && ok; i++) {
    double ti, di;
    b[0].name = it;
    b[0].value = i;
    ok = region_time(&inner, &l->body, &ti, &di);
    st += ti;
    sd += di;
  }
  free(b);
  *t = st / (double)(end - first);
  *d = sd / (double)(end - first);
  return ok;
}

/* Longest path through the region's dependency DAG:
 * finish(i) = cost(i) + max over deps of finish(dep); time = max finish. */
static int region_time(const timer *tm, const kp_region *r, double *time, double *delay) {
  *time = *delay = 0;
  if (!r->nnodes)
    return 1;
  double *finish = malloc(r->nnodes * sizeof *finish);
  if (!finish)
    return 0;
  int ok = 1;
  for (size_t i = 0; i < r->nnodes && ok; i++) {
    const kp_node *n = &r->nodes[i];
    double cost, d;
    ok = node_time(tm, n, &cost, &d);
    double start = 0; /* values from outside the region are ready at 0 */
    for (size_t j = 0; j < n->ndeps; j++) {
      int dep = n->deps[j];
      if (dep >= 0 && (size_t)dep < i && finish[dep] > start)
        start = finish[dep];
    }
    finish[i] = start + cost;
    if (finish[i] > *time)
      *time = finish[i];
    *delay += d;
  }
  free(finish);
  return ok;
}

int kp_thread_time(const kp_kernel *k, const double lat[KP_I_COUNT],
                   const double issue[KP_I_COUNT], const kp_binding *b, size_t nb,
                   double *time, double *delay) {
  return kp_thread_time_ex(k, lat, issue, b, nb, 0, time, delay);
}

int kp_thread_time_ex(const kp_kernel *k, const double lat[KP_I_COUNT],
                      const double issue[KP_I_COUNT], const kp_binding *b, size_t nb,
                      int overlap, double *time, double *delay) {
  double t = 0, d = 0;
  int ok = 0;
  if (k && k->has_body) {
    timer tm = {k, lat, issue, b, nb, overlap, KP_ITERATION_SUM_MAX};
    ok = region_time(&tm, &k->body, &t, &d);
  }
  if (!ok)
    t = d = 0;
  if (time)
    *time = t;
  if (delay)
    *delay = d;
  return ok;
}
