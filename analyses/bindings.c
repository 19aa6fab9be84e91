/* A launch's bindings (kp_launch_bindings, count.h): the values its block and
 * grid sizes, arguments and the file's assumptions give the kernel's
 * variables.  Uses the model layer only. */
#include "kperf/count.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Launch bindings --------------------------------------------------- */

typedef struct binder {
  kp_binding *out;
  size_t n, cap;
} binder;

static void bind(binder *b, const char *name, int64_t value) {
  if (b->n < b->cap) {
    b->out[b->n].name = name;
    b->out[b->n].value = value;
    b->n++;
  }
}

/* blockDim.x ... or gridDim.x ...: the known components.  A component with
 * no text and no value was not written ("<<<n, 256>>>" leaves y and z out),
 * which means 1 when x is known; when x is not known either the whole shape
 * is an expression kperf could not follow and y and z stay unknown. */
static void bind_dim3(binder *b, const kp_dim3 *d, const char *const names[3]) {
  const kp_expr *c[3] = {&d->x, &d->y, &d->z};
  for (int i = 0; i < 3; i++) {
    if (c[i]->known)
      bind(b, names[i], c[i]->value);
    else if (i > 0 && !c[i]->text && d->x.known)
      bind(b, names[i], 1);
  }
}

/* A parameter whose argument is a plain name with an assumed value (#pragma
 * kperf assume, --arg): `k<<<g, b>>>(n)` with assume(n = 1024) binds the
 * parameter to 1024 whatever it is called. */
static void bind_assumed_arg(binder *b, const kp_module *m, const char *param, const char *text) {
  while (*text == ' ' || *text == '(')
    text++;
  size_t n = 0;
  if (!(isalpha((unsigned char)text[0]) || text[0] == '_'))
    return;
  while (isalnum((unsigned char)text[n]) || text[n] == '_')
    n++;
  for (size_t r = n; text[r]; r++)
    if (text[r] != ' ' && text[r] != ')')
      return;
  const kp_binding *found = NULL;
  for (size_t i = 0; i < m->nassume; i++)
    if (m->assume[i].name && strlen(m->assume[i].name) == n &&
        strncmp(m->assume[i].name, text, n) == 0)
      found = &m->assume[i]; /* the last one wins */
  if (found)
    bind(b, param, found->value);
}

size_t kp_launch_bindings(const kp_module *m, const kp_launch *l, kp_binding *out, size_t cap) {
  binder b = {out, 0, out ? cap : 0};
  if (!m || !l)
    return 0;
  bind_dim3(&b, &l->block, kp_block_dim_names);
  bind_dim3(&b, &l->grid, kp_grid_dim_names);
  /* Parameters whose argument folded to a constant. */
  if (l->kernel >= 0 && (size_t)l->kernel < m->nkernels && l->args) {
    const kp_kernel *k = &m->kernels[l->kernel];
    for (size_t i = 0; i < l->nargs && i < k->nparams; i++) {
      const char *name = k->params[i].name;
      if (l->args[i].known && name && *name)
        bind(&b, name, l->args[i].value);
      else if (name && *name && l->args[i].text)
        bind_assumed_arg(&b, m, name, l->args[i].text);
    }
  }
  /* The main thread: thread 0 of block 0. */
  for (int i = 0; i < 6; i++)
    bind(&b, kp_id_names[i], 0);
  /* Assumptions last: kp_sym_eval lets the last binding of a name win, and
   * an assumption overrides anything derived from the launch. */
  for (size_t i = 0; i < m->nassume; i++)
    if (m->assume[i].name)
      bind(&b, m->assume[i].name, m->assume[i].value);
  return b.n;
}
