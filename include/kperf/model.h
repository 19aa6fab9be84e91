/* kperf kernel model: what the front end found in one translation unit.
 *
 * Plain C structures filled by the clang plugin (plugin/) and read by the
 * analyses (analyses/).  Nothing here depends on clang.  All strings are owned
 * by the module's arena and live as long as the module.
 */
#ifndef KPERF_MODEL_H
#define KPERF_MODEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A source position: file name, 1-based line and column.  line == 0: unknown. */
typedef struct kp_loc {
  const char *file;
  unsigned line, col;
} kp_loc;

/* An integer expression from the source: its spelling and, when the compiler
 * could fold it to a constant, its value. */
typedef struct kp_expr {
  const char *text; /* spelling as written; NULL when the expression is absent */
  int known;        /* 1 when value holds the folded constant */
  int64_t value;
} kp_expr;

typedef struct kp_dim3 {
  kp_expr x, y, z;
} kp_dim3;

typedef struct kp_param {
  const char *name; /* "" for an unnamed parameter */
  const char *type; /* as clang prints it, e.g. "const float *" */
} kp_param;

typedef struct kp_kernel {
  const char *name;  /* qualified name, with template arguments for instantiations */
  kp_loc loc;        /* location of the kernel's name in its definition */
  kp_param *params;
  size_t nparams;
  int is_template_instance;
  int max_threads_per_block; /* from __launch_bounds__, 0 when absent */
  int min_blocks_per_sm;     /* from __launch_bounds__, 0 when absent */
} kp_kernel;

typedef struct kp_launch {
  const char *kernel_name; /* the callee as resolved, or the callee's spelling */
  int kernel;              /* index into kp_module.kernels, -1 when unresolved */
  int via_pointer;         /* 1 when launched through a function pointer */
  kp_loc loc;              /* location of the launch's '<<<' expression */
  kp_dim3 grid, block;
  kp_expr smem;       /* dynamic shared memory bytes; text NULL when not given */
  const char *stream; /* stream expression, NULL when not given */
} kp_launch;

typedef struct kp_module {
  const char *main_file;
  kp_kernel *kernels;
  size_t nkernels, cap_kernels;
  kp_launch *launches;
  size_t nlaunches, cap_launches;
  struct kp_arena *arena;
} kp_module;

void kp_module_init(kp_module *m);
void kp_module_free(kp_module *m);

/* Copies s (n bytes, or up to its NUL when n == (size_t)-1) into the module's arena. */
const char *kp_module_str(kp_module *m, const char *s, size_t n);
/* Allocates n zeroed bytes in the module's arena. */
void *kp_module_alloc(kp_module *m, size_t n);

/* Appends a zeroed kernel/launch and returns it (NULL when out of memory).
 * The pointer is valid until the next append of the same kind. */
kp_kernel *kp_module_add_kernel(kp_module *m);
kp_launch *kp_module_add_launch(kp_module *m);

/* Index of the kernel with this name, or -1. */
int kp_module_find_kernel(const kp_module *m, const char *name);

#ifdef __cplusplus
}
#endif
#endif
