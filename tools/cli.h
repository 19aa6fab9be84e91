/* Shared helpers of the kperf command-line tool's subcommands. */
#ifndef KPERF_TOOLS_CLI_H
#define KPERF_TOOLS_CLI_H

#include <stdio.h>

#include "kperf/gpu.h"

#include <cjson/cJSON.h>

/* Exit codes: success, a failure (database, I/O), a usage error or unknown name. */
enum { KP_EXIT_OK = 0, KP_EXIT_FAIL = 1, KP_EXIT_USAGE = 2 };

typedef struct kp_command {
  const char *name;
  const char *summary;
  int (*run)(int argc, char **argv); /* argv[0] is the subcommand's name */
  void (*help)(FILE *out);
} kp_command;

/* The subcommands (one file each). */
extern const kp_command kp_cmd_gpus, kp_cmd_gpu, kp_cmd_occupancy, kp_cmd_import_gpus,
    kp_cmd_analyze, kp_cmd_predict, kp_cmd_recommend, kp_cmd_compare, kp_cmd_tune, kp_cmd_check,
    kp_cmd_compdb, kp_cmd_checks, kp_cmd_diff;

/* JSON getters (cli_json.c): the item; a string, number or bool, or def when
 * absent or of another type; kp_json_int: 1 and *out when a number. */
const cJSON *kp_json_get(const cJSON *o, const char *key);
const char *kp_json_str(const cJSON *o, const char *key, const char *def);
double kp_json_num(const cJSON *o, const char *key, double def);
int kp_json_int(const cJSON *o, const char *key, long long *out);
int kp_json_bool(const cJSON *o, const char *key);

/* Prints "kperf: MESSAGE" on stderr (one line). */
void kp_cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Opens the database named by --db (may be NULL: located next to the
 * executable, see kp_gpudb_locate).  Prints the error and returns NULL. */
kp_gpudb *kp_cli_open_db(const char *db_opt);

/* Directory holding the running executable ("" when unknown). */
const char *kp_cli_exe_dir(void);

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i.  Returns
 * 1 and sets *value when matched, 0 when not, -1 (after printing) when the
 * value is missing. */
int kp_cli_opt(int argc, char **argv, int *i, const char *name, const char **value);

/* The value of --arg: NAME=VALUE with an integer VALUE.  0 ok, -1 (after
 * printing) otherwise. */
int kp_cli_arg_value(const char *v);

/* A command-line word that is not an option of the command: the file, the
 * first time; an unknown option or a second file is an error.  0 ok, -1
 * (after printing). */
int kp_cli_positional(const char *a, const char **file);

/* Parses a non-negative integer (an optional K/KB/KiB suffix multiplies by
 * 1024 when allow_k).  0 ok, -1 (after printing) on error. */
int kp_cli_int(const char *opt, const char *text, long long max, int allow_k, long long *out);

/* Prints a cJSON tree on stdout followed by a newline, and frees it. 0 ok. */
struct cJSON;
int kp_cli_print_json(struct cJSON *root);

#endif
