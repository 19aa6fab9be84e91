/* A compile command of a compilation database (compile_commands.json) as
 * the arguments of a clang CUDA compile that kperf can run: launchers
 * (ccache, sccache, distcc, icecc, env VAR=...) removed, response files
 * (@FILE, --options-file FILE, -optf FILE) expanded, nvcc's flags translated
 * to clang's, outputs and dependency files dropped.  Used by kperf check;
 * plain C, no clang. */
#ifndef KPERF_COMPILE_COMMAND_H
#define KPERF_COMPILE_COMMAND_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A NULL-terminated list of strings (v[n] == NULL). */
typedef struct kp_strlist {
  char **v;
  size_t n, cap;
} kp_strlist;

int kp_strlist_push(kp_strlist *l, const char *s);
/* Appends the concatenation a b. */
int kp_strlist_push2(kp_strlist *l, const char *a, const char *b);
void kp_strlist_free(kp_strlist *l);

/* Splits a "command" string as a POSIX shell splits words: blanks separate,
 * '...' and "..." quote, a backslash escapes.  0 ok, -1 out of memory. */
int kp_cc_split(const char *cmd, kp_strlist *out);

typedef struct kp_cc_result {
  kp_strlist args;    /* clang's arguments, without the compiler itself */
  kp_strlist dropped; /* the entry's flags that have no meaning for kperf (each once) */
  int nvcc;           /* the compiler was nvcc (its implicit includes are CUDA's cccl) */
  int has_arch;       /* a GPU arch was named (--cuda-gpu-arch / --offload-arch) */
  int has_side;       /* --cuda-host-only or --cuda-device-only */
  int device_only;    /* --cuda-device-only */
  int has_cuda_path;  /* --cuda-path */
  int cuda;           /* compiled as CUDA (-x cuda, -x cu, a .cu file, nvcc) */
} kp_cc_result;

/* Translates argv (the entry's "arguments", or its "command" split) for the
 * source file FILE (as the entry names it) compiled in DIRECTORY (response
 * files are relative to it).  0 ok; -1 with a message in err (a response
 * file that cannot be read, nesting too deep, no compiler, out of memory).
 * kp_cc_result_free frees the result in both cases. */
int kp_cc_translate(const char *const *argv, size_t argc, const char *directory,
                    const char *file, kp_cc_result *out, char *err, size_t errlen);
void kp_cc_result_free(kp_cc_result *r);

/* One entry of a compile_commands.json (a cJSON object): its argv (the
 * "arguments", or the "command" split by kp_cc_split) appended to argv, and
 * its "directory" and "file".  -1 when the entry lacks one of them (argv is
 * then left empty). */
struct cJSON;
int kp_cc_entry(const struct cJSON *entry, kp_strlist *argv, const char **directory,
                const char **file);

/* Appends to out what a clang compile of the translated entry t needs beyond
 * t->args (kperf check and kperf-clangd alike): for nvcc entries CUDA's
 * include/cccl as a system include directory (as nvcc has it);
 * -Wno-unknown-cuda-version; --cuda-gpu-arch=sm_90 when no arch is named;
 * --cuda-path=CUDA when the entry gives none.  0 ok, -1 out of memory. */
int kp_cc_clang_extras(const kp_cc_result *t, const char *cuda, kp_strlist *out);

#ifdef __cplusplus
}
#endif

#endif
