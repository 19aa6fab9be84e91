/* Running clang with the kperf plugin for the prediction commands. */
#ifndef KPERF_TOOLS_PLUGIN_RUN_H
#define KPERF_TOOLS_PLUGIN_RUN_H

#include <stddef.h>

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
const char *kp_cli_find_plugin(char *buf, size_t n);
const char *kp_cli_cuda_path(void);

/* A whole file, NUL-terminated (malloc'ed); NULL when it cannot be read. */
char *kp_cli_read_file(const char *path, size_t *len);

#endif
