/* The kernel model's helpers (include/kperf/model.h): a module's kernels,
 * launches, strings and assumptions in its arena, and kp_module_valid, the
 * model's invariants.  Uses the arena only. */
#include "kperf/model.h"
#include "kperf/invariant.h"
#include "kperf/arena.h"

#include <stdarg.h>
#include <stdio.h>
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
  KP_ASSERT(m && m->nkernels <= m->cap_kernels);
  if (!kp_grow((void **)&m->kernels, &m->cap_kernels, m->nkernels, sizeof *m->kernels))
    return NULL;
  kp_kernel *k = &m->kernels[m->nkernels++];
  memset(k, 0, sizeof *k);
  return k;
}

kp_launch *kp_module_add_launch(kp_module *m) {
  KP_ASSERT(m && m->nlaunches <= m->cap_launches);
  if (!kp_grow((void **)&m->launches, &m->cap_launches, m->nlaunches, sizeof *m->launches))
    return NULL;
  kp_launch *l = &m->launches[m->nlaunches++];
  memset(l, 0, sizeof *l);
  l->kernel = -1;
  return l;
}

/* name as matched at a level: 0 as written, 1 without template arguments,
 * 2 also without namespaces.  *len receives the length compared. */
static const char *name_at(const char *name, int level, size_t *len) {
  size_t n = strlen(name);
  if (level >= 1) {
    const char *lt = strchr(name, '<');
    if (lt)
      n = (size_t)(lt - name);
  }
  if (level >= 2)
    for (size_t i = n; i >= 2; i--)
      if (name[i - 1] == ':' && name[i - 2] == ':') {
        *len = n - i;
        return name + i;
      }
  *len = n;
  return name;
}

int kp_module_find_kernel(const kp_module *m, const char *name) {
  size_t want = strlen(name);
  for (int level = 0; level < 3; level++) {
    int found = -1;
    for (size_t i = 0; i < m->nkernels; i++) {
      if (!m->kernels[i].name)
        continue;
      size_t len;
      const char *n = name_at(m->kernels[i].name, level, &len);
      if (len != want || strncmp(n, name, len) != 0)
        continue;
      if (found < 0 || (!m->kernels[found].has_body && m->kernels[i].has_body))
        found = (int)i;
    }
    if (found >= 0)
      return found;
  }
  return -1;
}

int kp_module_launch_of(kp_module *m, int kernel, const int64_t grid[3], const int64_t block[3],
                        int64_t smem, kp_launch *out) {
  memset(out, 0, sizeof *out);
  if (kernel < 0 || (size_t)kernel >= m->nkernels)
    return -1;
  kp_expr *dims[7] = {&out->grid.x,  &out->grid.y,  &out->grid.z, &out->block.x,
                      &out->block.y, &out->block.z, &out->smem};
  const int64_t vals[7] = {grid[0], grid[1], grid[2], block[0], block[1], block[2], smem};
  for (int i = 0; i < 7; i++) {
    char text[32];
    int n = snprintf(text, sizeof text, "%lld", (long long)vals[i]);
    dims[i]->text = kp_module_str(m, text, (size_t)n);
    if (!dims[i]->text)
      return -1;
    dims[i]->known = 1;
    dims[i]->value = vals[i];
  }
  out->kernel = kernel;
  out->kernel_name = m->kernels[kernel].name;
  out->loc = m->kernels[kernel].loc;
  return 0;
}

/* Arrays inside kernels live in the module's arena: growing copies them (the
 * old copy stays in the arena until the module is freed). */
static void *arena_grow(kp_module *m, void *items, size_t *cap, size_t n, size_t sz) {
  if (n < *cap)
    return items;
  size_t ncap = *cap ? *cap * 2 : 8;
  void *p = kp_arena_alloc(m->arena, ncap * sz);
  if (!p)
    return NULL;
  if (n)
    memcpy(p, items, n * sz);
  *cap = ncap;
  return p;
}

kp_node *kp_region_add(kp_module *m, kp_region *r) {
  kp_node *p = arena_grow(m, r->nodes, &r->cap, r->nnodes, sizeof *r->nodes);
  if (!p)
    return NULL;
  r->nodes = p;
  kp_node *n = &r->nodes[r->nnodes++];
  memset(n, 0, sizeof *n);
  n->access = -1;
  n->count = 1;
  return n;
}

kp_loop *kp_kernel_add_loop(kp_module *m, kp_kernel *k) {
  kp_loop **p = arena_grow(m, k->loops, &k->cap_loops, k->nloops, sizeof *k->loops);
  if (!p)
    return NULL;
  k->loops = p;
  kp_loop *l = kp_arena_alloc(m->arena, sizeof *l);
  if (!l)
    return NULL;
  memset(l, 0, sizeof *l);
  l->id = (int)k->nloops;
  l->parent = -1;
  k->loops[k->nloops++] = l;
  return l;
}

kp_access *kp_kernel_add_access(kp_module *m, kp_kernel *k) {
  kp_access *p = arena_grow(m, k->accesses, &k->cap_accesses, k->naccesses, sizeof *k->accesses);
  if (!p)
    return NULL;
  k->accesses = p;
  kp_access *a = &k->accesses[k->naccesses++];
  memset(a, 0, sizeof *a);
  a->loop = -1;
  a->shared_decl = -1;
  return a;
}

kp_shared_decl *kp_kernel_add_shared(kp_module *m, kp_kernel *k) {
  kp_shared_decl *p =
      arena_grow(m, k->shared_decls, &k->cap_shared_decls, k->nshared_decls, sizeof *p);
  if (!p)
    return NULL;
  k->shared_decls = p;
  kp_shared_decl *d = &k->shared_decls[k->nshared_decls++];
  memset(d, 0, sizeof *d);
  return d;
}

void kp_kernel_note(kp_module *m, kp_kernel *k, kp_loc loc, const char *fmt, ...) {
  for (size_t i = 0; i < k->nnotes; i++) /* one note per place and text */
    if (k->notes[i].loc.line == loc.line && k->notes[i].loc.col == loc.col) {
      va_list ap;
      va_start(ap, fmt);
      char *t = kp_arena_vprintf(m->arena, fmt, ap);
      va_end(ap);
      if (t && strcmp(t, k->notes[i].text) == 0)
        return;
    }
  kp_model_note *p = arena_grow(m, k->notes, &k->cap_notes, k->nnotes, sizeof *k->notes);
  if (!p)
    return;
  k->notes = p;
  va_list ap;
  va_start(ap, fmt);
  const char *t = kp_arena_vprintf(m->arena, fmt, ap);
  va_end(ap);
  if (!t)
    return;
  k->notes[k->nnotes].loc = loc;
  k->notes[k->nnotes].text = t;
  k->nnotes++;
}

void kp_node_add_dep(kp_module *m, kp_node *n, int dep) {
  if (dep < 0)
    return;
  for (size_t i = 0; i < n->ndeps; i++)
    if (n->deps[i] == dep)
      return;
  int *p = kp_arena_alloc(m->arena, (n->ndeps + 1) * sizeof *p);
  if (!p)
    return;
  if (n->ndeps)
    memcpy(p, n->deps, n->ndeps * sizeof *p);
  p[n->ndeps++] = dep;
  n->deps = p;
}

int kp_module_assume(kp_module *m, const char *name, int64_t value) {
  for (size_t i = 0; i < m->nassume; i++)
    if (strcmp(m->assume[i].name, name) == 0) {
      m->assume[i].value = value;
      return 1;
    }
  kp_binding *p = arena_grow(m, m->assume, &m->cap_assume, m->nassume, sizeof *m->assume);
  if (!p)
    return 0;
  m->assume = p;
  const char *s = kp_arena_strdup(m->arena, name, (size_t)-1);
  if (!s)
    return 0;
  m->assume[m->nassume].name = s;
  m->assume[m->nassume].value = value;
  m->nassume++;
  return 1;
}

static const char *const iclass_names[KP_I_COUNT] = {
    "fp32",      "fp64",      "fp16",      "int",       "int.mul",   "int.div",  "int64",
    "fp.div",    "sfu",       "conv",      "cmp",       "branch",    "addr",     "ld.param",
    "ld.global", "st.global", "ld.shared", "st.shared", "ld.local",  "st.local", "ld.const",
    "atomic",    "barrier",   "warp",      "other"};

const char *kp_iclass_name(kp_iclass c) {
  return (unsigned)c < KP_I_COUNT ? iclass_names[c] : "?";
}

const char *const kp_id_names[6] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                    "blockIdx.x",  "blockIdx.y",  "blockIdx.z"};
const char *const kp_block_dim_names[3] = {"blockDim.x", "blockDim.y", "blockDim.z"};
const char *const kp_grid_dim_names[3] = {"gridDim.x", "gridDim.y", "gridDim.z"};

const char *kp_space_name(kp_space s) {
  static const char *const names[] = {"global", "shared", "local", "constant", "unknown"};
  return (unsigned)s <= KP_SPACE_UNKNOWN ? names[s] : "?";
}

/* The affine form's variables name thread/block ids or loops of k. */
static int affine_valid(const kp_kernel *k, const kp_affine *f) {
  if (!f->known)
    return 1;
  if (f->nterms && !f->terms)
    return 0;
  for (size_t t = 0; t < f->nterms; t++) {
    int v = f->terms[t].var;
    if (!((v >= KP_V_TID_X && v <= KP_V_CTAID_Z) ||
          (v >= KP_V_LOOP && (size_t)(v - KP_V_LOOP) < k->nloops)))
      return 0;
  }
  return 1;
}

int kp_module_valid(const kp_module *m) {
  if (!m || (m->nkernels && !m->kernels) || (m->nlaunches && !m->launches))
    return 0;
  for (size_t i = 0; i < m->nlaunches; i++) {
    int ki = m->launches[i].kernel;
    if (ki < -1 || (ki >= 0 && (size_t)ki >= m->nkernels))
      return 0;
  }
  for (size_t i = 0; i < m->nkernels; i++) {
    const kp_kernel *k = &m->kernels[i];
    for (size_t j = 0; j < k->nloops; j++)
      if (!k->loops[j])
        return 0;
    for (size_t j = 0; j < k->naccesses; j++) {
      const kp_access *a = &k->accesses[j];
      if (a->loop < -1 || (a->loop >= 0 && (size_t)a->loop >= k->nloops))
        return 0;
      if (a->shared_decl < -1 || (a->shared_decl >= 0 && (size_t)a->shared_decl >= k->nshared_decls))
        return 0;
      if (!affine_valid(k, &a->index))
        return 0;
    }
  }
  return 1;
}
