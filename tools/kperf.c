/* kperf: command-line tool.  Subcommands are listed in one table; each lives
 * in its own file (cmd_*.c). */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kperf/report.h"

static const kp_command *const commands[] = {
    &kp_cmd_analyze,
    &kp_cmd_check,
    &kp_cmd_checks,
    &kp_cmd_diff,
    &kp_cmd_compdb,
    &kp_cmd_predict,
    &kp_cmd_recommend,
    &kp_cmd_compare,
    &kp_cmd_tune,
    &kp_cmd_gpus,
    &kp_cmd_gpu,
    &kp_cmd_occupancy,
    &kp_cmd_import_gpus,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

void kp_cli_error(const char *fmt, ...) {
  va_list ap;
  fputs("kperf: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

const char *kp_cli_exe_dir(void) {
  static char dir[PATH_MAX];
  static int done;
  if (!done) {
    done = 1;
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (n <= 0) {
      dir[0] = '\0';
    } else {
      dir[n] = '\0';
      char *slash = strrchr(dir, '/');
      if (slash)
        *slash = '\0';
      else
        dir[0] = '\0';
    }
  }
  return dir;
}

kp_gpudb *kp_cli_open_db(const char *db_opt) {
  char path[8192], err[1024];
  if (!db_opt || !*db_opt) {
    char near[PATH_MAX + 8];
    const char *exe = kp_cli_exe_dir();
    if (*exe)
      snprintf(near, sizeof near, "%s/../lib", exe);
    else
      near[0] = '\0';
    if (kp_gpudb_locate(*near ? near : NULL, path, sizeof path) != 0) {
      kp_cli_error("%s", path);
      return NULL;
    }
    db_opt = path;
  }
  kp_gpudb *db = kp_gpudb_open(db_opt, err, sizeof err);
  if (!db)
    kp_cli_error("%s", err);
  return db;
}

int kp_cli_opt(int argc, char **argv, int *i, const char *name, const char **value) {
  const char *a = argv[*i];
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0)
    return 0;
  if (a[n] == '=') {
    *value = a + n + 1;
    return 1;
  }
  if (a[n] != '\0')
    return 0;
  if (*i + 1 >= argc) {
    kp_cli_error("option %s needs a value", name);
    return -1;
  }
  *value = argv[++*i];
  return 1;
}

int kp_cli_arg_value(const char *v) {
  int64_t x;
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || !kp_parse_int(eq + 1, &x)) {
    kp_cli_error("bad --arg '%s': expected NAME=VALUE, e.g. --arg n=1024", v);
    return -1;
  }
  return 0;
}

int kp_cli_positional(const char *a, const char **file) {
  if (a[0] == '-' && a[1]) {
    kp_cli_error("unknown option '%s' (clang arguments go after '--')", a);
    return -1;
  }
  if (*file) {
    kp_cli_error("one file at a time ('%s' and '%s')", *file, a);
    return -1;
  }
  *file = a;
  return 0;
}

int kp_cli_int(const char *opt, const char *text, long long max, int allow_k, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (end == text || errno || v < 0) {
    kp_cli_error("%s: '%s' is not a non-negative integer", opt, text);
    return -1;
  }
  if (allow_k && (strcmp(end, "K") == 0 || strcmp(end, "k") == 0 || strcmp(end, "KB") == 0 ||
                  strcmp(end, "KiB") == 0)) {
    v *= 1024;
    end += strlen(end);
  }
  if (*end) {
    kp_cli_error("%s: '%s' is not a non-negative integer", opt, text);
    return -1;
  }
  if (v > max) {
    kp_cli_error("%s: %lld is too large (at most %lld)", opt, v, max);
    return -1;
  }
  *out = v;
  return 0;
}

int kp_cli_print_json(cJSON *root) {
  if (!root) {
    kp_cli_error("out of memory");
    return -1;
  }
  char *s = cJSON_Print(root);
  cJSON_Delete(root);
  if (!s) {
    kp_cli_error("out of memory");
    return -1;
  }
  puts(s);
  cJSON_free(s);
  return 0;
}

/* Levenshtein distance of two short words (at most 63 characters used). */
static int distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 63)
    n = 63;
  if (m > 63)
    m = 63;
  int row[64];
  for (size_t j = 0; j <= m; j++)
    row[j] = (int)j;
  for (size_t i = 1; i <= n; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= m; j++) {
      int up = row[j];
      int best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[m];
}

static void usage(FILE *out) {
  fputs("usage: kperf <command> [options]\n"
        "\n"
        "Static performance prediction for CUDA kernels.\n"
        "\n"
        "commands:\n",
        out);
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %-14s %s\n", commands[i]->name, commands[i]->summary);
  fputs("\n"
        "'kperf <command> --help' describes a command.  Commands that read the GPU\n"
        "database take --db PATH[:PATH...]; without it kperf uses $KPERF_DB, else the\n"
        "database installed with kperf (and the user database, when it exists).\n",
        out);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    kp_cli_error("no command given; usage: kperf <command> [options] (see 'kperf --help')");
    return KP_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    if (argc > 2 && strcmp(cmd, "help") == 0) {
      for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[2], commands[i]->name) == 0) {
          commands[i]->help(stdout);
          return KP_EXIT_OK;
        }
    }
    usage(stdout);
    return KP_EXIT_OK;
  }
  if (strcmp(cmd, "--version") == 0) {
    puts("kperf " KPERF_VERSION);
    /* The embedded GPU database's content hash: what a build cache or a
     * remote worker keys on (the same bytes are in kperf.so). */
    size_t size;
    const char *sha;
    if (kp_gpudb_embedded(&size, &sha))
      printf("GPU database: embedded, %zu bytes, sha256 %s\n", size, sha);
    else
      puts("GPU database: none embedded");
    return KP_EXIT_OK;
  }
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcmp(cmd, commands[i]->name) == 0) {
      /* Arguments after "--" belong to another program (kperf analyze: clang). */
      for (int a = 2; a < argc && strcmp(argv[a], "--") != 0; a++)
        if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
          commands[i]->help(stdout);
          return KP_EXIT_OK;
        }
      return commands[i]->run(argc - 1, argv + 1);
    }
  /* A near miss (at most 2 edits, and fewer than the word's length) is named. */
  const char *near = NULL;
  int best = 3;
  for (size_t i = 0; i < NCOMMANDS; i++) {
    int d = distance(cmd, commands[i]->name);
    if (d < best && d < (int)strlen(cmd)) {
      best = d;
      near = commands[i]->name;
    }
  }
  if (near)
    kp_cli_error("unknown command '%s'; did you mean '%s'? (see 'kperf --help')", cmd, near);
  else
    kp_cli_error("unknown command '%s' (see 'kperf --help')", cmd);
  return KP_EXIT_USAGE;
}
