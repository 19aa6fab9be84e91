#include "kperf/model.h"
#include "kperf/arena.h"

#include <stdlib.h>
#include <string.h>

void kp_module_init(kp_module *m) {
  memset(m, 0, sizeof *m);
  m->arena = kp_arena_new();
}

void kp_module_free(kp_module *m) {
  free(m->kernels);
  free(m->launches);
  kp_arena_free(m->arena);
  memset(m, 0, sizeof *m);
}

const char *kp_module_str(kp_module *m, const char *s, size_t n) {
  return kp_arena_strdup(m->arena, s, n);
}

void *kp_module_alloc(kp_module *m, size_t n) { return kp_arena_alloc(m->arena, n); }

kp_kernel *kp_module_add_kernel(kp_module *m) {
  if (!kp_grow((void **)&m->kernels, &m->cap_kernels, m->nkernels, sizeof *m->kernels))
    return NULL;
  kp_kernel *k = &m->kernels[m->nkernels++];
  memset(k, 0, sizeof *k);
  return k;
}

kp_launch *kp_module_add_launch(kp_module *m) {
  if (!kp_grow((void **)&m->launches, &m->cap_launches, m->nlaunches, sizeof *m->launches))
    return NULL;
  kp_launch *l = &m->launches[m->nlaunches++];
  memset(l, 0, sizeof *l);
  l->kernel = -1;
  return l;
}

int kp_module_find_kernel(const kp_module *m, const char *name) {
  for (size_t i = 0; i < m->nkernels; i++)
    if (strcmp(m->kernels[i].name, name) == 0)
      return (int)i;
  return -1;
}
