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

#endif
