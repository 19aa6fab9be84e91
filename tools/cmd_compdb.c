/* kperf compdb: BUILD_DIR/compile_commands.json for clang-tidy (the kperf
 * module) and clangd: every nvcc entry as the clang compile kperf check runs
 * (the translator of include/kperf/compile_command.h, without kperf's own
 * flags), the other entries as they are. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kperf/compile_command.h"
#include "kperf/findings_report.h"
#include "plugin_run.h"

static void compdb_help(FILE *out) {
  fputs("usage: kperf compdb -p BUILD_DIR [-o OUT_DIR]\n"
        "\n"
        "Writes OUT_DIR/compile_commands.json (default OUT_DIR: BUILD_DIR/kperf): the\n"
        "entries of BUILD_DIR/compile_commands.json, each nvcc entry translated into\n"
        "the clang compile 'kperf check' runs (response files read, nvcc's flags\n"
        "translated, launchers removed), the others unchanged.  For clang-tidy with\n"
        "kperf's module: clang-tidy-22 --load=kperf-tidy.so -p OUT_DIR FILE.\n",
        out);
}

/* The translated entry: directory, file, arguments (clang, the translation,
 * the extras of kp_cc_clang_extras) and the entry's output. */
static cJSON *translated(const cJSON *e, const char *dir, const char *file, const kp_cc_result *t,
                         const char *clang, const char *cuda) {
  kp_strlist extras;
  memset(&extras, 0, sizeof extras);
  if (kp_cc_clang_extras(t, cuda, &extras) != 0) {
    kp_strlist_free(&extras);
    return NULL;
  }
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "directory", dir);
  cJSON_AddStringToObject(o, "file", file);
  cJSON *args = cJSON_AddArrayToObject(o, "arguments");
  cJSON_AddItemToArray(args, cJSON_CreateString(clang));
  for (size_t i = 0; i < t->args.n; i++)
    cJSON_AddItemToArray(args, cJSON_CreateString(t->args.v[i]));
  for (size_t i = 0; i < extras.n; i++)
    cJSON_AddItemToArray(args, cJSON_CreateString(extras.v[i]));
  const cJSON *output = cJSON_GetObjectItemCaseSensitive(e, "output");
  if (cJSON_IsString(output))
    cJSON_AddStringToObject(o, "output", output->valuestring);
  kp_strlist_free(&extras);
  return o;
}

static int compdb_run(int argc, char **argv) {
  const char *build = NULL, *outdir = NULL;
  for (int i = 1; i < argc; i++) {
    const char *v;
    int m;
    if ((m = kp_cli_opt(argc, argv, &i, "-p", &v)) != 0) {
      if (m < 0)
        return KP_EXIT_USAGE;
      build = v;
    } else if ((m = kp_cli_opt(argc, argv, &i, "-o", &v)) != 0) {
      if (m < 0)
        return KP_EXIT_USAGE;
      outdir = v;
    } else {
      kp_cli_error("compdb: unexpected argument '%s' (see 'kperf compdb --help')", argv[i]);
      return KP_EXIT_USAGE;
    }
  }
  if (!build) {
    kp_cli_error("compdb: no build directory: -p BUILD_DIR (see 'kperf compdb --help')");
    return KP_EXIT_USAGE;
  }
  char in[PATH_MAX + 32], out[PATH_MAX + 64], clang_buf[PATH_MAX];
  snprintf(in, sizeof in, "%s/compile_commands.json", build);
  if (outdir)
    snprintf(out, sizeof out, "%s/compile_commands.json", outdir);
  else
    snprintf(out, sizeof out, "%s/kperf/compile_commands.json", build);
  const char *clang = kp_cli_find_clang(clang_buf, sizeof clang_buf);
  if (!clang) {
    kp_cli_error("compdb: cannot find clang++ (set $KPERF_CLANG to clang++ 22)");
    return KP_EXIT_FAIL;
  }
  char *text = kp_cli_read_file(in, NULL);
  if (!text) {
    kp_cli_error("compdb: cannot read '%s': %s", in, strerror(errno));
    return KP_EXIT_FAIL;
  }
  cJSON *db = cJSON_Parse(text);
  free(text);
  if (!cJSON_IsArray(db)) {
    kp_cli_error("compdb: '%s' is not a compilation database (a JSON array of entries)", in);
    cJSON_Delete(db);
    return KP_EXIT_FAIL;
  }
  const char *cuda = kp_cli_cuda_path();
  cJSON *result = cJSON_CreateArray();
  size_t index = 0, nvcc = 0;
  int rc = KP_EXIT_OK;
  const cJSON *e;
  cJSON_ArrayForEach(e, db) {
    index++;
    kp_strlist args;
    memset(&args, 0, sizeof args);
    const char *dir, *file;
    kp_cc_result t;
    char err[PATH_MAX + 128];
    cJSON *entry = NULL;
    if (kp_cc_entry(e, &args, &dir, &file) == 0) {
      if (kp_cc_translate((const char *const *)args.v, args.n, dir, file, &t, err, sizeof err) ==
          0) {
        if (t.nvcc && !(entry = translated(e, dir, file, &t, clang, cuda)))
          rc = KP_EXIT_FAIL;
        nvcc += entry != NULL;
      } else {
        kp_cli_error("compdb: entry %zu of '%s' kept as it is: %s", index, in, err);
      }
      kp_cc_result_free(&t);
    }
    kp_strlist_free(&args);
    cJSON_AddItemToArray(result, entry ? entry : cJSON_Duplicate(e, 1));
  }
  cJSON_Delete(db);
  char *json = cJSON_Print(result);
  cJSON_Delete(result);
  char err[PATH_MAX + 128];
  if (rc != KP_EXIT_OK || !json) {
    kp_cli_error("compdb: out of memory");
    rc = KP_EXIT_FAIL;
  } else if (kp_make_parent_dirs(out, err, sizeof err) != 0 ||
             kp_write_atomic(out, json, err, sizeof err) != 0) {
    kp_cli_error("compdb: %s", err);
    rc = KP_EXIT_FAIL;
  } else {
    fprintf(stderr, "kperf: compdb: wrote '%s': %zu entr%s, %zu translated from nvcc\n", out,
            index, index == 1 ? "y" : "ies", nvcc);
  }
  free(json);
  return rc;
}

const kp_command kp_cmd_compdb = {"compdb",
                                  "a compile_commands.json with nvcc's entries as clang "
                                  "compiles, for clang-tidy and clangd",
                                  compdb_run, compdb_help};
