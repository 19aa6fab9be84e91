/* Register estimate from the kernel model.
 *
 * ptxas's allocation depends on scheduling and unrolling kperf does not
 * reproduce; what it tracks well is what must stay live at once:
 *   - a base of 6 (thread/block ids, the return address and scratch),
 *   - 2 per 64-bit base address kept (each global array accessed),
 *   - 1 per shared array (a 32-bit address),
 *   - 2 per loop nesting level (counter and bound),
 *   - the values loaded in the busiest region (they are live together until
 *     consumed; half of them, as many are consumed at once),
 *   - 2 more when the kernel uses fp64 (register pairs),
 *   - a register per 32-bit word of the local arrays that only constant
 *     indices address (after unrolling: float sum[4][4], int c[8]): the
 *     compiler keeps every element in a register of its own.
 * The result is capped like ptxas caps it. */
#include "kperf/registers.h"

#include <string.h>

typedef struct reg_facts {
  const char *globals[64];
  int nglobals;
  const char *shared[64];
  int nshared;
  int max_depth;
  int max_loads;
  int fp64;
  int sfu_chains;
} reg_facts;

static void note_base(const char **list, int *n, const char *name) {
  for (int i = 0; i < *n; i++)
    if (strcmp(list[i], name) == 0)
      return;
  if (*n < 64)
    list[(*n)++] = name;
}

static void walk(const kp_kernel *k, const kp_region *r, int depth, reg_facts *f) {
  int loads = 0;
  if (depth > f->max_depth)
    f->max_depth = depth;
  for (size_t i = 0; i < r->nnodes; i++) {
    const kp_node *n = &r->nodes[i];
    switch (n->kind) {
    case KP_NODE_OP:
      if (n->cls == KP_I_FP64)
        f->fp64 = 1;
      if (n->cls == KP_I_SFU)
        f->sfu_chains++;
      if (n->access >= 0 && (size_t)n->access < k->naccesses) {
        const kp_access *a = &k->accesses[n->access];
        if (a->space == KP_SPACE_SHARED)
          note_base(f->shared, &f->nshared, a->array);
        else if (a->space != KP_SPACE_LOCAL)
          note_base(f->globals, &f->nglobals, a->array);
        if (!a->is_store)
          loads++;
      }
      break;
    case KP_NODE_LOOP:
      walk(k, &n->loop->body, depth + 1, f);
      break;
    case KP_NODE_BRANCH:
      walk(k, &n->branch->then_r, depth, f);
      walk(k, &n->branch->else_r, depth, f);
      break;
    }
  }
  if (loads > f->max_loads)
    f->max_loads = loads;
}

int kp_registers_cap(int max_threads, int min_blocks) {
  if (max_threads <= 0)
    return 255;
  long per = 65536L / ((long)max_threads * (min_blocks > 0 ? min_blocks : 1));
  if (per > 255)
    per = 255;
  if (per < 16)
    per = 16;
  return (int)per;
}

int kp_registers_estimate(const kp_kernel *k) {
  if (!k || !k->has_body)
    return 0;
  reg_facts f;
  memset(&f, 0, sizeof f);
  walk(k, &k->body, 0, &f);
  long regs = 6 + 2 * f.nglobals + f.nshared + 2 * f.max_depth + f.max_loads / 2 + (f.fp64 ? 2 : 0);
  if (k->register_array_words > 0)
    regs += k->register_array_words;
  int cap = kp_registers_cap(k->max_threads_per_block, k->min_blocks_per_sm);
  if (k->max_registers > 0 && k->max_registers < cap)
    cap = k->max_registers;
  return regs > cap ? cap : (int)regs;
}
