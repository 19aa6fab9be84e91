/* What the front end found, as remarks of the kperf-model check in the
 * plugin's verbose mode (include/kperf/inventory.h).  Uses the model and the
 * findings list. */
#include "kperf/inventory.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const CHECK = "kperf-model";

/* A component: its value, or its spelling in quotes when it is not a constant. */
static void format_expr(const kp_expr *e, char *buf, size_t len) {
  if (e->known)
    snprintf(buf, len, "%" PRId64, e->value);
  else
    snprintf(buf, len, "'%.70s'", e->text ? e->text : "?");
}

void kp_format_dim3(const kp_dim3 *d, char *buf, size_t len) {
  if (!d->x.known && !d->y.text && !d->z.text && !d->y.known && !d->z.known) {
    /* Shape unknown: only the spelling of the whole expression. */
    snprintf(buf, len, "'%s' (not a constant)", d->x.text ? d->x.text : "?");
    return;
  }
  char x[80], y[80], z[80];
  format_expr(&d->x, x, sizeof x);
  format_expr(&d->y, y, sizeof y);
  format_expr(&d->z, z, sizeof z);
  snprintf(buf, len, "(%s, %s, %s)", x, y, z);
}

void kp_inventory(const kp_module *m, kp_findings *out) {
  for (size_t i = 0; i < m->nkernels; i++) {
    const kp_kernel *k = &m->kernels[i];
    char params[512] = "";
    size_t used = 0;
    for (size_t p = 0; p < k->nparams && used < sizeof params; p++) {
      const char *type = k->params[p].type, *name = k->params[p].name;
      size_t tl = strlen(type);
      /* "float *a", "int n", "const float &x" */
      const char *sep = !*name || (tl && (type[tl - 1] == '*' || type[tl - 1] == '&')) ? "" : " ";
      int n = snprintf(params + used, sizeof params - used, "%s%s%s%s", p ? ", " : "", type,
                       sep, name);
      if (n < 0)
        break;
      used += (size_t)n;
    }
    kp_findings_add(out, CHECK, KP_REMARK, k->loc, "kernel '%s'%s (%zu parameter%s%s%s)",
                    k->name, k->is_template_instance ? " (template instance)" : "",
                    k->nparams, k->nparams == 1 ? "" : "s", k->nparams ? ": " : "", params);
    if (k->max_threads_per_block)
      kp_findings_note(out, k->loc, "__launch_bounds__(%d, %d)", k->max_threads_per_block,
                       k->min_blocks_per_sm);
  }
  for (size_t i = 0; i < m->nlaunches; i++) {
    const kp_launch *l = &m->launches[i];
    char grid[256], block[256], smem[96];
    kp_format_dim3(&l->grid, grid, sizeof grid);
    kp_format_dim3(&l->block, block, sizeof block);
    if (!l->smem.text)
      snprintf(smem, sizeof smem, "no dynamic shared memory");
    else if (l->smem.known && l->smem.value < 0) /* a size_t: -1 is 2^64-1 */
      snprintf(smem, sizeof smem, "%" PRIu64 " bytes of dynamic shared memory ('%.20s')",
               (uint64_t)l->smem.value, l->smem.text);
    else if (l->smem.known)
      snprintf(smem, sizeof smem, "%" PRId64 " bytes of dynamic shared memory", l->smem.value);
    else
      snprintf(smem, sizeof smem, "dynamic shared memory '%.60s'", l->smem.text);
    kp_findings_add(out, CHECK, KP_REMARK, l->loc,
                    "launch of '%s'%s%s: grid %s, block %s, %s%s%s", l->kernel_name,
                    l->via_pointer ? " through a function pointer" : "",
                    l->kernel < 0 ? " (kernel not resolved)" : "", grid, block, smem,
                    l->stream ? ", stream " : "", l->stream ? l->stream : "");
  }
}

void kp_limits_report(const kp_module *m, kp_findings *out) {
  /* One remark per reason, at the first kernel it stopped; a note counts the others. */
  for (size_t i = 0; i < m->nkernels; i++) {
    const kp_kernel *k = &m->kernels[i];
    if (!k->not_analysed)
      continue;
    int first = 1;
    size_t others = 0;
    for (size_t j = 0; j < m->nkernels; j++) {
      const char *r = m->kernels[j].not_analysed;
      if (j != i && r && strcmp(r, k->not_analysed) == 0) {
        if (j < i)
          first = 0;
        others++;
      }
    }
    if (!first)
      continue;
    kp_findings_add(out, CHECK, KP_REMARK, k->loc,
                    "kernel '%s' not analysed: %s (a limit of kperf's; the compile is not "
                    "affected)",
                    k->name, k->not_analysed);
    if (others)
      kp_findings_note(out, k->loc, "%zu more kernel%s not analysed for the same reason", others,
                       others == 1 ? "" : "s");
  }
}
