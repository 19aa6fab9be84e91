/* The launch evaluation engine (launch.h): for one launch of the module, its
 * sizes, bindings, the prediction of the chosen model (predict.h), the 1-D
 * block sizes the model predicts faster when the kernel runs correctly with
 * any block size, and, with one unknown, the time as a function of it.  The
 * kperf-launch check (checks/launch.c) and the prediction JSON read it.
 *
 * Uncoalesced traffic feeds the model: each global access of the kernel is
 * scanned for the launch's block shape (lanes.h) and the bytes its warp
 * requests move beyond what a coalesced request of the same lanes moves
 * (warp.h: transactions over ideal), per active lane, times the access's
 * execution count (the trip counts of its loops at the launch; 1 when one
 * does not evaluate), are summed per thread; they are added to the thread's
 * global bytes and given to the model as uncoalesced bytes.  Candidates of another block
 * size reuse the launch's ratio of excess to global bytes (the scan is not
 * repeated for each block size).
 *
 * This file: the launch's sizes and bindings (what the plugin kept, folded
 * or evaluated with the assumptions), the sizes the CUDA runtime rejects,
 * and the evaluation itself (kp_launch_evaluate).  Its other parts:
 * launch_traffic.c (uncoalesced bytes and bank-conflict replays),
 * launch_search.c (the block-size search), launch_scaling.c (the time as a
 * function of an unknown).  It may use the model, formulas, counts, lanes
 * and the models (predict.h); nothing of diagnostics/ or tools/. */
#include "kperf/arena.h"
#include "kperf/invariant.h"
#include "kperf/checks.h"
#include "kperf/count.h"
#include "kperf/launch.h"
#include "kperf/lanes.h"
#include "kperf/ptxas.h"
#include "kperf/siblings.h"
#include "kperf/atomics.h"
#include "kperf/sym.h"
#include "kperf/warp.h"
#include "launch_internal.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kp_format_time_us(double us, char *buf, size_t len) {
  if (!isfinite(us))
    snprintf(buf, len, "?");
  else if (us >= 1e6)
    snprintf(buf, len, "%.3g s", us / 1e6);
  else if (us >= 1e3)
    snprintf(buf, len, "%.3g ms", us / 1e3);
  else
    snprintf(buf, len, "%.3g us", us);
}

/* ---- Bindings ----------------------------------------------------------- */

/* ---- Sizes as the plugin kept them ------------------------------------------ */

/* The variable x is: the plain name it is written as, or the one variable
 * its formula is ("grid.x"); NULL otherwise. */
const char *kp__launch_expr_var(const kp_expr *x) {
  if (x->name)
    return x->name;
  return x->sym && x->sym->kind == KP_SYM_VAR ? x->sym->name : NULL;
}

/* The value of x with the bindings: folded, given for its name, or its
 * formula evaluated.  1 and *out set, or 0. */
int kp__launch_expr_value(const kp_expr *x, const kp_binding *b, size_t nb, int64_t *out) {
  if (x->known) {
    *out = x->value;
    return 1;
  }
  return (x->name && kp_binding_lookup(b, nb, x->name, out)) || kp_sym_eval(x->sym, b, nb, out);
}

/* What a grid size covers, when it is written as a quotient whose divisor
 * is the block's size bval (kp_quotient: its value with the bindings): 2
 * and *n its N for a rounded-up division (`(n + b - 1) / b`, `divUp(n, b)`),
 * 1 for n / b; 0 when the grid is written otherwise ((n + 7) / 32 included). */
int kp__launch_grid_cover(const kp_expr *g, int64_t bval, const kp_binding *b, size_t nb,
                      const kp_expr **n) {
  const kp_quotient *q = g->quot;
  int64_t d;
  if (!q || bval <= 0 || !kp__launch_expr_value(&q->den, b, nb, &d) || d != bval)
    return 0;
  if (q->has_tail && !q->round_up) {
    if (q->tail != bval - 1)
      return 0; /* (n + 7) / 32: neither n / 32 nor n rounded up */
    *n = &q->head;
    return 2;
  }
  *n = &q->num;
  return q->round_up ? 2 : 1;
}

/* Copies name into e->missing when it fits; 1 when copied. */
int kp__launch_set_missing(kp_launch_eval *e, const char *name) {
  if (!name || strlen(name) >= sizeof e->missing)
    return 0;
  memcpy(e->missing, name, strlen(name) + 1);
  return 1;
}

/* Whether name is a ceiling-division helper: iDivUp, cuda_iDivUp, divUp,
 * DIV_UP, divRndUp, ceil_div, ceilDiv, div_round_up, DIVIDE_ROUND_UP ... */
int kp_is_divup_name(const char *name, size_t len) {
  char low[64];
  size_t n = 0;
  for (size_t i = 0; i < len && n + 1 < sizeof low; i++)
    if (name[i] != '_')
      low[n++] = (char)tolower((unsigned char)name[i]);
  low[n] = '\0';
  size_t ll = strlen(low);
  static const char *const ends[] = {"divup", "ceildiv", "divroundup", "divrndup", "divideroundup",
                                     "divceil"};
  for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
    size_t le = strlen(ends[i]);
    if (ll >= le && strcmp(low + ll - le, ends[i]) == 0)
      return 1;
  }
  return 0;
}

/* ---- Evaluation ------------------------------------------------------------ */

/* "2^40" for a power of two from 2^16 on, else the number. */
static void size_text(int64_t v, char *buf, size_t len) {
  if (v >= 65536 && (v & (v - 1)) == 0) {
    int b = 0;
    while ((v >> b) != 1)
      b++;
    snprintf(buf, len, "2^%d", b);
  } else {
    snprintf(buf, len, "%" PRId64, v);
  }
}

/* " ('-4' as written)" when the source spells the size otherwise than its
 * value (dim3 holds unsigned ints: -4 is 4294967292), else "". */
static void as_written(const kp_expr *x, char *buf, size_t len) {
  char num[32];
  snprintf(num, sizeof num, "%" PRId64, x->value);
  if (x->text && strcmp(x->text, num) != 0)
    snprintf(buf, len, " ('%.60s' as written)", x->text);
  else
    buf[0] = 0;
}

/* Sizes of the launch, as folded, that the CUDA runtime rejects
 * (cudaErrorInvalidConfiguration, or too much shared memory): one sentence
 * in why and 1; 0 when every known size is valid.  Limits: the Programming
 * Guide's table of technical specifications (grid x 2^31-1 from CC 3.0,
 * 65535 before; grid y, z 65535; block x, y 1024, z 64) and the GPU's own
 * threads and shared memory per block. */
static int invalid_sizes(const kp_launch *l, const kp_gpu *gpu, char *why, size_t len) {
  static const char *const dn[3] = {"x", "y", "z"};
  const kp_expr *const be[3] = {&l->block.x, &l->block.y, &l->block.z};
  const kp_expr *const ge[3] = {&l->grid.x, &l->grid.y, &l->grid.z};
  const int64_t bmax[3] = {1024, 1024, 64};
  const int64_t gmax[3] = {gpu->cc_major >= 3 ? INT64_C(2147483647) : 65535, 65535, 65535};
  const char *const gmax_text[3] = {gpu->cc_major >= 3 ? "2^31-1" : "65535", "65535", "65535"};
  char v[32], w[96];
  int64_t threads = 1;
  int all_known = 1;
  for (int d = 0; d < 3; d++) {
    if (!be[d]->known) {
      all_known = all_known && !be[d]->text && d > 0;
      continue;
    }
    int64_t b = be[d]->value;
    as_written(be[d], w, sizeof w);
    if (b <= 0) {
      snprintf(why, len, "the block has %s threads in %s%s", b ? "a negative number of" : "0",
               dn[d], w);
      return 1;
    }
    if (b > bmax[d]) {
      size_text(b, v, sizeof v);
      snprintf(why, len, "%s threads in %s%s exceed the block limit of %" PRId64, v, dn[d], w,
               bmax[d]);
      return 1;
    }
    threads *= b;
  }
  int maxt = gpu->limits.max_threads_per_block;
  if (all_known && maxt > 0 && threads > maxt) {
    snprintf(why, len, "a block of %" PRId64 " threads exceeds %s's limit of %d threads per block",
             threads, gpu->id, maxt);
    return 1;
  }
  for (int d = 0; d < 3; d++) {
    if (!ge[d]->known)
      continue;
    int64_t g = ge[d]->value;
    as_written(ge[d], w, sizeof w);
    if (g <= 0) {
      snprintf(why, len, "the grid has %s blocks in %s%s", g ? "a negative number of" : "0", dn[d],
               w);
      return 1;
    }
    if (g > gmax[d]) {
      size_text(g, v, sizeof v);
      snprintf(why, len, "%s blocks in %s%s exceed the grid limit %s", v, dn[d], w, gmax_text[d]);
      return 1;
    }
  }
  if (l->smem.text && l->smem.known) {
    long long lim = gpu->limits.smem_per_block_optin > 0 ? gpu->limits.smem_per_block_optin
                                                         : gpu->limits.smem_per_block;
    as_written(&l->smem, w, sizeof w);
    if (l->smem.value < 0) { /* a size_t: -1 is 2^64-1 */
      snprintf(why, len, "%s bytes of dynamic shared memory%s are %" PRIu64
               " as the size_t the launch takes, over %s's limit of %lld bytes per block",
               l->smem.text, "", (uint64_t)l->smem.value, gpu->id, lim);
      return 1;
    }
    if (lim > 0 && l->smem.value > lim) {
      size_text(l->smem.value, v, sizeof v);
      snprintf(why, len, "%s bytes of dynamic shared memory%s exceed %s's limit of %lld bytes per block",
               v, w, gpu->id, lim);
      return 1;
    }
  }
  return 0;
}

int kp__launch_predict_with(const kp_module *m, const kp_kernel *k, const kp_launch_eval *e,
                        kp_binding *b, size_t nb, const kp_gpu *gpu, kp_model_kind model,
                        kp_predict_input *in, kp_prediction *out, char *err, size_t errlen) {
  kp_predict_input_init(in);
  in->smem_bytes = e->smem_dynamic;
  in->max_blocks_per_sm = e->max_blocks_per_sm;
  if (kp_predict_input_from_kernel(k, b, nb, in, err, errlen) != 0)
    return -1;
  /* The excess is traffic the kernel moves on top of what its threads use:
   * it adds to the global bytes and is all uncoalesced. */
  double gb = in->bytes[KP_SPACE_GLOBAL];
  in->uncoal_bytes = e->uncoal_fraction > 0 && gb > 0 ? e->uncoal_fraction * gb : 0;
  in->uncoal_reused_bytes =
      e->uncoal_reused_fraction > 0 && gb > 0 ? e->uncoal_reused_fraction * gb : 0;
  in->uncoal_reused_st_bytes =
      e->uncoal_reused_st_fraction > 0 && gb > 0 ? e->uncoal_reused_st_fraction * gb : 0;
  in->l1_extra_cycles = e->l1_extra_fraction > 0 && gb > 0 ? e->l1_extra_fraction * gb : 0;
  in->reuse_set_bytes = e->reuse_set_bytes;
  in->sibling_l1_bytes = e->sibling_l1_fraction > 0 && gb > 0 ? e->sibling_l1_fraction * gb : 0;
  in->same_address_atomics = e->same_address_atomics > 0 ? e->same_address_atomics : 0;
  in->same_address_atomics_fp = e->same_address_atomics_fp > 0 ? e->same_address_atomics_fp : 0;
  in->bytes[KP_SPACE_GLOBAL] += in->uncoal_bytes;
  in->replays[KP_I_LD_SHARED] = e->bank_replays_ld;
  in->replays[KP_I_ST_SHARED] = e->bank_replays_st;
  /* ptxas's registers and spills when the module has them (every model sees them). */
  char regs[320];
  kp_ptxas_apply(m->ptxas, k, gpu, in, regs, sizeof regs);
  if (kp_predict(model, gpu, in, out, err, errlen) != 0)
    return -1;
  if (regs[0])
    kp_prediction_note_first(out, regs);
  char atom[300];
  if (kp_atomic_addresses_unbound(k, e->b, e->nb, atom, sizeof atom))
    kp_prediction_note(out, "an atomic whose address kperf cannot state (from data) is taken as "
                            "spread over distinct addresses; bind %s=N if it hits N", atom);
  return 0;
}

void kp_launch_eval_free(kp_launch_eval *e) {
  if (e) {
    free(e->cand);
    e->cand = NULL;
    e->ncand = 0;
  }
}

/* Binds the fields of a cudaDeviceProp the launch's sizes read
 * (`prop.multiProcessorCount`, `p->warpSize`) to the target GPU's values:
 * a grid of "two blocks per SM" is what it says on the GPU analysed. */
static void bind_gpu_fields(const kp_sym *s, const kp_gpu *gpu, kp_launch_eval *e) {
  if (!s)
    return;
  if (s->kind == KP_SYM_VAR && s->name && e->nb < KP_LAUNCH_MAX_BINDINGS) {
    static const char *const field[2] = {"multiProcessorCount", "warpSize"};
    int64_t value[2] = {gpu->sm_count, 32};
    const char *dot = strrchr(s->name, '.'), *arrow = strstr(s->name, "->");
    const char *f = dot ? dot + 1 : arrow ? arrow + 2 : NULL;
    for (int i = 0; f && i < 2; i++)
      if (strcmp(f, field[i]) == 0 && value[i] > 0)
        e->b[e->nb++] = (kp_binding){s->name, value[i]};
    return;
  }
  bind_gpu_fields(s->a, gpu, e);
  bind_gpu_fields(s->b, gpu, e);
}

static void gpu_fields(const kp_launch *l, const kp_gpu *gpu, kp_launch_eval *e) {
  const kp_expr *const x[7] = {&l->grid.x,  &l->grid.y,  &l->grid.z, &l->block.x,
                               &l->block.y, &l->block.z, &l->smem};
  for (int i = 0; i < 7; i++)
    bind_gpu_fields(x[i]->sym, gpu, e);
}

int kp_launch_evaluate(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                       kp_model_kind model, int64_t problem, int candidates,
                       int max_blocks_per_sm, kp_launch_eval *e) {
  KP_ASSERT(m && l && e && (l->kernel < 0 || (size_t)l->kernel < m->nkernels));
  return kp__launch_evaluate_at(m, l, gpu, model, problem, candidates, max_blocks_per_sm, NULL, NULL, e);
}

/* The launch's sizes: its bindings (kp_launch_bindings, the GPU's fields), then
 * each block, grid and shared-memory size folded, bound by name, evaluated
 * from its formula or from the problem its grid covers.  1 when every size
 * has a value within the limits; 0 with e->why (and e->missing, or
 * e->invalid) set otherwise. */
static int resolve_sizes(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                         kp_launch_eval *e) {
  const char *const *bnames = kp_block_dim_names, *const *gnames = kp_grid_dim_names;
  e->nb = kp_launch_bindings(m, l, e->b, KP_LAUNCH_MAX_BINDINGS);
  if (e->nb > KP_LAUNCH_MAX_BINDINGS)
    e->nb = KP_LAUNCH_MAX_BINDINGS;
  gpu_fields(l, gpu, e);
  const kp_expr *const bexpr[3] = {&l->block.x, &l->block.y, &l->block.z};
  const kp_expr *const gexpr[3] = {&l->grid.x, &l->grid.y, &l->grid.z};
  static const char *const dname[3] = {"x", "y", "z"};
  for (int d = 0; d < 3; d++) {
    int64_t v;
    e->block[d] = kp_binding_lookup(e->b, e->nb, bnames[d], &v) ? v : 0;
    e->grid[d] = kp_binding_lookup(e->b, e->nb, gnames[d], &v) ? v : 0;
  }
  /* Sizes that did not fold but evaluate with the bindings (#pragma kperf
   * assume(n = ...), --arg): by name, by formula, or the N of a grid
   * (N + B - 1) / B.  An absent y or z is 1; a present one that cannot be
   * evaluated leaves the launch without a prediction (never a silent 1). */
  for (int d = 0; d < 3; d++) {
    const kp_expr *bx = bexpr[d];
    if (e->block[d] <= 0) {
      int64_t v;
      if (!bx->text)
        v = d ? 1 : 0;
      else if (!kp__launch_expr_value(bx, e->b, e->nb, &v) || v <= 0)
        v = 0;
      e->block[d] = v;
      if (v > 0 && e->nb < KP_LAUNCH_MAX_BINDINGS)
        e->b[e->nb++] = (kp_binding){bnames[d], v};
    }
    if (e->block[d] <= 0) {
      if (!(d == 0 && kp__launch_set_missing(e, bx->name)))
        kp__launch_set_missing(e, kp_sym_first_unbound(bx->sym, e->b, e->nb));
      if (d == 0)
        snprintf(e->why, sizeof e->why, "the block size is not known (%s)",
                 bx->text ? bx->text : "blockDim.x");
      else
        snprintf(e->why, sizeof e->why, "the block's %s size is not known (%s)", dname[d],
                 bx->text);
      return 0;
    }
  }
  for (int d = 0; d < 3; d++) {
    const kp_expr *g = gexpr[d], *n = NULL;
    const char *gt = g->text;
    if (e->grid[d] <= 0 && !gt && d > 0)
      e->grid[d] = 1;
    if (e->grid[d] <= 0 && gt) {
      int64_t v = 0, nv;
      int kind = 0;
      if (!(g->name && kp_binding_lookup(e->b, e->nb, g->name, &v)) &&
          (kind = kp__launch_grid_cover(g, e->block[d], e->b, e->nb, &n)) &&
          kp__launch_expr_value(n, e->b, e->nb, &nv) && nv > 0)
        v = kind == 2 ? (nv + e->block[d] - 1) / e->block[d] : nv / e->block[d];
      else if (v <= 0 && !kp_sym_eval(g->sym, e->b, e->nb, &v))
        v = 0;
      if (v > 0) {
        e->grid[d] = v;
        if (e->nb < KP_LAUNCH_MAX_BINDINGS)
          e->b[e->nb++] = (kp_binding){gnames[d], v};
      }
    }
    if (e->grid[d] <= 0) {
      if (!(gt && kp__launch_grid_cover(g, e->block[d], e->b, e->nb, &n) && kp__launch_set_missing(e, n->name)) &&
          !(gt && kp__launch_set_missing(e, g->name)))
        kp__launch_set_missing(e, kp_sym_first_unbound(g->sym, e->b, e->nb));
      if (d == 0)
        snprintf(e->why, sizeof e->why, "the grid size is not known (%s)", gt ? gt : "gridDim.x");
      else
        snprintf(e->why, sizeof e->why, "the grid's %s size is not known (%s)", dname[d],
                 gt ? gt : gnames[d]);
      return 0;
    }
  }
  /* Sizes evaluated from assumed values obey the same limits as folded ones. */
  {
    kp_launch v = *l;
    kp_expr *const bx[3] = {&v.block.x, &v.block.y, &v.block.z};
    kp_expr *const gx[3] = {&v.grid.x, &v.grid.y, &v.grid.z};
    for (int d = 0; d < 3; d++) {
      bx[d]->known = gx[d]->known = 1;
      bx[d]->value = e->block[d];
      gx[d]->value = e->grid[d];
    }
    v.smem.text = NULL;
    if (invalid_sizes(&v, gpu, e->why, sizeof e->why)) {
      e->invalid = 1;
      return 0;
    }
  }
  if (l->smem.text) {
    int64_t v;
    if (l->smem.known)
      e->smem_dynamic = l->smem.value;
    else if (kp__launch_expr_value(&l->smem, e->b, e->nb, &v))
      e->smem_dynamic = v;
    else {
      if (!kp__launch_set_missing(e, l->smem.name))
        kp__launch_set_missing(e, kp_sym_first_unbound(l->smem.sym, e->b, e->nb));
      snprintf(e->why, sizeof e->why, "the dynamic shared memory size is not known (%s)",
               l->smem.text);
      return 0;
    }
  }
  return 1;
}

/* As kp_launch_evaluate; with `scanned` (an evaluation of the same launch
 * and block shape at other sizes, ok), its ratio of uncoalesced to global
 * traffic instead of scanning every access again (the statements evaluate
 * one launch at several sizes). */
int kp__launch_evaluate_at(const kp_module *m, const kp_launch *l, const kp_gpu *gpu,
                    kp_model_kind model, int64_t problem, int candidates, int max_blocks_per_sm,
                    const kp_launch_eval *scanned, kp__scan_memo *memo, kp_launch_eval *e) {
  memset(e, 0, sizeof *e);
  e->best = -1;
  e->max_blocks_per_sm = max_blocks_per_sm > 0 ? max_blocks_per_sm : 0;
  kp_predict_input_init(&e->in);
  if (!m || !l || l->kernel < 0 || (size_t)l->kernel >= m->nkernels) {
    snprintf(e->why, sizeof e->why, "the kernel is not resolved");
    return 0;
  }
  if (!gpu) {
    snprintf(e->why, sizeof e->why, "no target GPU");
    return 0;
  }
  const kp_kernel *k = &m->kernels[l->kernel];
  if (invalid_sizes(l, gpu, e->why, sizeof e->why)) {
    e->invalid = 1;
    return 0;
  }
  if (!resolve_sizes(m, l, gpu, e))
    return 0;
  /* First pass (no uncoalesced traffic) for the global bytes. */
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.smem_bytes = e->smem_dynamic;
  if (kp_predict_input_from_kernel(k, e->b, e->nb, &in, e->why, sizeof e->why) != 0) {
    snprintf(e->missing, sizeof e->missing, "%s", in.unbound);
    return 0;
  }
  e->global_bytes = in.bytes[KP_SPACE_GLOBAL];
  if (scanned && scanned->ok && memcmp(scanned->block, e->block, sizeof e->block) == 0) {
    e->uncoal_fraction = scanned->uncoal_fraction;
    e->uncoal_accesses = scanned->uncoal_accesses;
    e->uncoal_reused_fraction = scanned->uncoal_reused_fraction;
    e->uncoal_reused_st_fraction = scanned->uncoal_reused_st_fraction;
    e->sibling_l1_fraction = scanned->sibling_l1_fraction;
    e->same_address_atomics = scanned->same_address_atomics;
    e->same_address_atomics_fp = scanned->same_address_atomics_fp;
    e->l1_extra_fraction = scanned->l1_extra_fraction;
    e->reuse_set_bytes = scanned->reuse_set_bytes;
  } else {
    kp__launch_uncoalesced(m, k, l, gpu, e);
  }
  kp__launch_bank_replays(m, k, l, gpu, e, memo);
  if (kp__launch_predict_with(m, k, e, e->b, e->nb, gpu, model, &e->in, &e->pred, e->why,
                   sizeof e->why) != 0) {
    e->refused = 1;
    return 0;
  }
  e->ok = 1;
  if (!isfinite(e->pred.predicted_us))
    snprintf(e->why, sizeof e->why, "%s", e->pred.note[0] ? e->pred.note : "a GPU fact is missing");

  return kp__launch_candidates(m, k, l, gpu, model, problem, candidates, e);
}
