/* The models' input (kp_predict_input, see include/kperf/predict.h): its
 * defaults, and what one thread of a launch executes read from a kernel model
 * with its bindings (counts, bytes, the launch's footprint, uniform loads,
 * loads in loops, active work).  Uses count.h, active.h and the model layer. */
#include "kperf/sym.h"
#include "kperf/predict.h"
#include "kperf/active.h"
#include "kperf/errmsg.h"
#include "kperf/arena.h"
#include "kperf/count.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void kp_predict_input_init(kp_predict_input *in) {
  memset(in, 0, sizeof *in);
  in->l1_hit = in->l2_hit = in->footprint_bytes = NAN;
  in->live_warps = in->live_blocks = NAN;
  for (int c = 0; c < KP_I_COUNT; c++)
    in->lat[c] = in->issue[c] = in->emitted[c] = NAN;
  in->delay_dep = in->spef = NAN;
  in->hk_departure_coal = in->hk_departure_uncoal = in->hk_uncoal_per_mw = NAN;
  in->pipeline_depth = NAN;
  in->regs_from_ptxas = 0; /* the estimate until ptxas's facts are applied (kperf/ptxas.h) */
  in->spill_bytes = in->stack_bytes = 0;
}


/* Evaluates one count; on failure writes why into err. */
static int eval_count(const kp_sym *s, const char *what, const kp_binding *b, size_t nb,
                      double *out, char *unbound, size_t ulen, char *err, size_t errlen) {
  int64_t v;
  if (s && kp_sym_eval(s, b, nb, &v)) {
    *out = (double)v;
    return 0;
  }
  const char *var = kp_sym_first_unbound(s, b, nb);
  if (var && strlen(var) < ulen)
    memcpy(unbound, var, strlen(var) + 1);
  if (var)
    return kp__err(err, errlen,
                   "the count of %s depends on '%s', which has no value (bind it with --arg %s=VALUE "
                   "or #pragma kperf assume(%s = VALUE))",
                   what, var, var, var);
  return kp__err(err, errlen,
                 "the count of %s does not evaluate (a division by a non-positive value or an "
                 "overflow)",
                 what);
}

static long long dim_product(const kp_binding *b, size_t nb, const char *const names[3]) {
  int64_t x, y = 1, z = 1;
  if (!kp_binding_lookup(b, nb, names[0], &x))
    return 0;
  kp_binding_lookup(b, nb, names[1], &y);
  kp_binding_lookup(b, nb, names[2], &z);
  if (x <= 0 || y <= 0 || z <= 0 || x > (1 << 30) || y > (1 << 30) || z > (1 << 30))
    return 0;
  return (long long)x * y * z;
}

/* The range of values of a variable of an affine index over the launch:
 * thread and block ids over the block and grid, a loop counter over its
 * iterations (|step| * trip: a thread-dependent start such as i = threadIdx.y
 * with step blockDim.y adds less than one step).  -1 when unknown. */
static int64_t var_range(const kp_kernel *k, int var, const kp_binding *b, size_t nb) {
  int64_t v;
  if (var >= KP_V_TID_X && var <= KP_V_CTAID_Z) {
    const char *dim = var < KP_V_CTAID_X ? kp_block_dim_names[var - KP_V_TID_X]
                                         : kp_grid_dim_names[var - KP_V_CTAID_X];
    if (!kp_binding_lookup(b, nb, dim, &v)) {
      if (var == KP_V_TID_X || var == KP_V_CTAID_X)
        return -1;
      v = 1; /* y, z default to 1 once x is bound */
    }
    return v >= 1 ? v : -1;
  }
  int id = var - KP_V_LOOP;
  if (id < 0 || (size_t)id >= k->nloops || !k->loops[id])
    return -1;
  const kp_loop *l = k->loops[id];
  int64_t trip, step;
  if (!l->trip || !l->step || !kp_sym_eval(l->trip, b, nb, &trip) ||
      !kp_sym_eval(l->step, b, nb, &step) || trip < 0)
    return -1;
  if (step == INT64_MIN)
    return -1;
  if (step < 0)
    step = -step;
  if (trip > 0 && step > INT64_MAX / trip)
    return -1;
  return trip * step;
}

/* The affine index that bounds an access's span: its index, or, for an
 * index that adds values loaded from memory to affine addends spreading the
 * blocks over the array (in[c * S + blockIdx.x * B + threadIdx.x + shift[c]]),
 * those addends: the loaded offset is taken to stay within their span.  NULL
 * when kperf cannot bound it (a[idx[i]], or a[off[blockIdx.x] + threadIdx.x],
 * where the loaded value places the blocks). */
static const kp_affine *span_index(const kp_access *x) {
  if (x->index.known)
    return &x->index;
  if (!x->index_part.known)
    return NULL;
  for (size_t t = 0; t < x->index_part.nterms; t++) {
    int v = x->index_part.terms[t].var;
    if (v >= KP_V_CTAID_X && v <= KP_V_CTAID_Z)
      return &x->index_part;
  }
  return NULL;
}

/* Distinct global bytes of a launch: per global array, the widest span of
 * elements one of its accesses covers (sum over the index's terms of
 * |coefficient| x the variable's range), times the element size.  NaN when an
 * access to global memory has an index kperf cannot bound. */
static double launch_footprint(const kp_kernel *k, const kp_binding *b, size_t nb) {
  double total = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *acc = &k->accesses[i];
    if (acc->space != KP_SPACE_GLOBAL)
      continue;
    if (!span_index(acc) || !acc->array)
      return NAN;
    int seen = 0;
    for (size_t j = 0; j < i && !seen; j++)
      seen = k->accesses[j].space == KP_SPACE_GLOBAL && k->accesses[j].array &&
             strcmp(k->accesses[j].array, acc->array) == 0;
    if (seen)
      continue; /* counted with the array's first access */
    double widest = 0;
    for (size_t j = i; j < k->naccesses; j++) {
      const kp_access *x = &k->accesses[j];
      if (x->space != KP_SPACE_GLOBAL || !x->array || strcmp(x->array, acc->array) != 0)
        continue;
      const kp_affine *ix = span_index(x);
      if (!ix)
        return NAN;
      double span = 1;
      for (size_t t = 0; t < ix->nterms; t++) {
        int64_t cf, r = var_range(k, ix->terms[t].var, b, nb);
        if (r < 0 || !kp_sym_eval(ix->terms[t].coef, b, nb, &cf))
          return NAN;
        span += fabs((double)cf) * (double)r;
      }
      span *= x->elem_bytes ? x->elem_bytes : 1;
      if (span > widest)
        widest = span;
    }
    total += widest;
  }
  return total;
}

/* Global loads every thread of the launch makes at the same addresses (an
 * index with no thread or block id: coefficients, a table read in a loop):
 * their bytes per thread and the bytes they span.  0 when there is none or
 * a trip count or span does not evaluate. */
/* Global loads per thread made in runtime loops (a loop the compiler does
 * not unroll fully: it unrolls it by kp_loop.unrolled_by and issues each
 * group's loads ahead of their uses).  0 when none or a trip does not
 * evaluate. */
static double runtime_loop_loads(const kp_kernel *k, const kp_binding *b, size_t nb) {
  double total = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *x = &k->accesses[i];
    if (x->space != KP_SPACE_GLOBAL || x->is_store || x->is_atomic || x->loop < 0)
      continue;
    const kp_loop *lp = (size_t)x->loop < k->nloops ? k->loops[x->loop] : NULL;
    int64_t trip;
    double n = kp_access_executions(k, x, b, nb);
    if (lp && n > 0 && !kp_loop_unrolled_whole(lp) && kp_sym_eval(lp->trip, b, nb, &trip) &&
        trip > (lp->unrolled_by > 1 ? lp->unrolled_by : 1))
      total += n;
  }
  return total;
}

static void uniform_loads(const kp_kernel *k, const kp_binding *b, size_t nb, double *bytes,
                          double *span_bytes) {
  *bytes = *span_bytes = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *x = &k->accesses[i];
    if (x->space != KP_SPACE_GLOBAL || x->is_store || x->is_atomic || !x->index.known)
      continue;
    int uniform = 1;
    double span = 1;
    for (size_t t = 0; t < x->index.nterms && uniform; t++) {
      int v = x->index.terms[t].var;
      int64_t cf, r;
      if (v >= KP_V_TID_X && v <= KP_V_CTAID_Z) {
        uniform = 0;
      } else if ((r = var_range(k, v, b, nb)) < 0 ||
                 !kp_sym_eval(x->index.terms[t].coef, b, nb, &cf)) {
        uniform = 0;
      } else {
        span += fabs((double)cf) * (double)r;
      }
    }
    double n = uniform ? kp_access_executions(k, x, b, nb) : -1;
    if (n < 0)
      continue;
    unsigned w = x->elem_bytes ? x->elem_bytes : 1;
    *bytes += n * w;
    *span_bytes += span * w;
  }
}

int kp_predict_input_from_kernel(const kp_kernel *k, const kp_binding *b, size_t nb,
                                 kp_predict_input *in, char *err, size_t errlen) {
  const char *const *block = kp_block_dim_names, *const *grid = kp_grid_dim_names;
  if (!k || !in)
    return kp__err(err, errlen, "no kernel");
  if (!k->has_body)
    return kp__err(err, errlen, "kernel '%s' has no body kperf could walk", k->name ? k->name : "?");
  kp_arena *a = kp_arena_new();
  if (!a)
    return kp__err(err, errlen, "out of memory");
  kp_counts c;
  int rc = 0;
  if (!kp_count_kernel_at(a, k, b, nb, &c)) {
    rc = kp__err(err, errlen, "out of memory counting kernel '%s'", k->name ? k->name : "?");
    goto done;
  }
  for (int i = 0; i < KP_I_COUNT && rc == 0; i++)
    rc = eval_count(c.by_class[i], kp_iclass_name((kp_iclass)i), b, nb, &in->count[i],
                    in->unbound, sizeof in->unbound, err, errlen);
  for (int s = 0; s < KP_NSPACES && rc == 0; s++) {
    char what[48];
    snprintf(what, sizeof what, "%s bytes", kp_space_name((kp_space)s));
    rc = eval_count(c.bytes[s], what, b, nb, &in->bytes[s], in->unbound, sizeof in->unbound,
                    err, errlen);
  }
  if (rc == 0)
    rc = eval_count(c.syncs, "barriers", b, nb, &in->syncs, in->unbound, sizeof in->unbound,
                    err, errlen);
  if (rc)
    goto done;
  for (int i = 0; i < KP_I_COUNT; i++) {
    int64_t v;
    in->emitted[i] = c.emitted[i] && kp_sym_eval(c.emitted[i], b, nb, &v) && v >= 0
                         ? (double)v
                         : in->count[i];
  }
  in->footprint_bytes = launch_footprint(k, b, nb);
  in->smem_bytes += k->shared_static_bytes > 0 ? k->shared_static_bytes : 0;
  in->regs_per_thread = k->registers_estimate > 0 ? k->registers_estimate : 0;
  if (k->max_registers > 0 && in->regs_per_thread > k->max_registers)
    in->regs_per_thread = k->max_registers;
  long long bt = dim_product(b, nb, block), gb = dim_product(b, nb, grid);
  if (bt > 0 && bt <= (1 << 20))
    in->block_threads = (int)bt;
  if (gb > 0)
    in->grid_blocks = gb;
  uniform_loads(k, b, nb, &in->uniform_bytes, &in->uniform_span);
  in->runtime_loop_loads = runtime_loop_loads(k, b, nb);
  kp_live live;
  if (kp_live_fraction(k, b, nb, &live)) {
    in->live_warps = live.warps;
    in->live_blocks = live.blocks;
    in->live_prologue = live.prologue;
  }
  in->kernel = k;
  in->bindings = b;
  in->nbindings = nb;
done:
  kp_arena_free(a);
  return rc;
}
