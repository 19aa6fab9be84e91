/* Running clang with the kperf plugin for the prediction commands. */
#ifndef KPERF_TOOLS_PLUGIN_RUN_H
#define KPERF_TOOLS_PLUGIN_RUN_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "kperf/compile_command.h" /* kp_strlist */

/* What one run of clang with the plugin gave. */
typedef struct kp_plugin_result {
  int status;       /* clang's exit status; > 128: killed by signal status - 128; -1: not run */
  char *report;     /* the file the plugin wrote (malloc'ed), NULL when none */
  size_t report_len;
  char *errtext;    /* clang's output (malloc'ed, may be NULL) */
  char clang[PATH_MAX], plugin[PATH_MAX + 32]; /* what was run */
} kp_plugin_result;

/* Compiles file's host side (-fsyntax-only) with clang and the plugin, the
 * plugin writing its report to a temporary file through
 * -fplugin-arg-kperf-KEY=PATH ("report": the kernel model, "predict": the
 * predictions), adding plugin_args (full -fplugin-arg-kperf-... flags) and
 * clang_args.  Returns 0 with *r filled (the caller frees report and
 * errtext), -1 after printing why clang could not be run. */
int kp_cli_plugin_run(const char *key, const char *file, char *const *plugin_args,
                      size_t nplugin, char *const *clang_args, size_t nclang,
                      kp_plugin_result *r);

/* Whether FILE is compiled as HIP: a .hip file, or -x hip among clang_args. */
int kp_cli_is_hip(const char *file, char *const *clang_args, size_t nclang);

/* Compiles file's host side with the plugin and -fplugin-arg-kperf-predict,
 * adding plugin_args (full -fplugin-arg-kperf-... flags) and clang_args.
 * Returns the JSON text (malloc'ed) or NULL after printing why; *errtext
 * (may be NULL) receives clang's output (malloc'ed, may be NULL). */
char *kp_cli_run_plugin(const char *file, char *const *plugin_args, size_t nplugin,
                        char *const *clang_args, size_t nclang, char **errtext);

/* What kperf runs (shared with kperf check): clang ($KPERF_CLANG, the clang
 * kperf was built with, clang++-22 or clang++ on PATH), the plugin
 * ($KPERF_PLUGIN, ../lib/kperf.so next to kperf, the installed one) and the
 * CUDA toolkit ($CUDA_PATH, the one kperf was built with, /usr/local/cuda).
 * NULL when there is none. */
const char *kp_cli_find_clang(char *buf, size_t n);
/* Where HIP's headers are: $ROCM_PATH, else /usr (Debian's libamdhip64-dev), else /opt/rocm. */
const char *kp_cli_rocm_path(void);
const char *kp_cli_find_plugin(char *buf, size_t n);
const char *kp_cli_cuda_path(void);
/* kperf-nvcc-compat.h, the header kperf check force-includes in nvcc
 * entries: $KPERF_NVCC_COMPAT, else ../lib/ or ../share/kperf/ next to
 * kperf, else the installed one.  NULL when there is none. */
const char *kp_cli_find_nvcc_compat(char *buf, size_t n);

/* --ptxas auto|nvcc|off of the prediction commands (ptxas_facts.c). */
enum { KP_PTXAS_OFF = 0, KP_PTXAS_AUTO, KP_PTXAS_NVCC };
/* "auto" (also NULL), "nvcc", "off" -> the mode; -1 otherwise. */
int kp_cli_ptxas_mode(const char *text);
/* Runs nvcc once per architecture of the GPUs named (looked up in the
 * database of --db) on file with the -D, -U, -I and -std= flags among
 * clang_args, reusing the results kept in cache (a directory, may be NULL)
 * under a key of the file's content, those flags, the architecture and the
 * toolkit's version.  Writes the facts (and, for an architecture nvcc failed
 * on, why) to a temporary ptxas facts file and returns its path (malloc'ed;
 * kp_cli_ptxas_done removes it).  NULL when mode is off or after printing a
 * warning.  cuda_opt: --cuda-path (may be NULL). */
char *kp_cli_ptxas_facts(int mode, const char *cuda_opt, const char *cache, const char *db_opt,
                         const char *file, const char *const *gpus, size_t ngpus,
                         char *const *clang_args, size_t nclang);
void kp_cli_ptxas_done(char *path);

/* FNV-1a, 64 bits, of n bytes continuing from h (14695981039346656037 to start). */
uint64_t kp_cli_fnv(uint64_t h, const void *p, size_t n);
/* What identifies a compiler executable: its path, size and time. */
uint64_t kp_cli_exe_hash(const char *exe);

/* A whole file, NUL-terminated (malloc'ed); NULL when it cannot be read. */
char *kp_cli_read_file(const char *path, size_t *len);

#endif
