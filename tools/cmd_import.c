/* kperf import-gpus FILE.sql [--into DB]: add one's own GPUs to a user database. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static void import_help(FILE *out) {
  fputs("usage: kperf import-gpus FILE.sql [--into DB] [--db PATH[:PATH...]]\n"
        "\n"
        "Imports GPUs written as SQL INSERT statements into the tables of kperf's GPU\n"
        "database (see docs/gpu-db.md) into DB, creating it when missing.  DB defaults to\n"
        "the user database ($KPERF_USER_DB, else $XDG_DATA_HOME/kperf/user-gpus.db, else\n"
        "~/.local/share/kperf/user-gpus.db), which kperf searches before its own.\n"
        "Compute capabilities are checked against --db (default: kperf's database).\n",
        out);
}

static int mkdir_parents(const char *path) {
  char buf[PATH_MAX];
  snprintf(buf, sizeof buf, "%s", path);
  char *slash = strrchr(buf, '/');
  if (!slash || slash == buf)
    return 0;
  *slash = '\0';
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return -1;
      *p = '/';
    }
  return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int import_run(int argc, char **argv) {
  const char *db_opt = NULL, *into = NULL, *file = NULL;
  for (int i = 1; i < argc; i++) {
    int r;
    if ((r = kp_cli_opt(argc, argv, &i, "--db", &db_opt)) ||
        (r = kp_cli_opt(argc, argv, &i, "--into", &into))) {
      if (r < 0)
        return KP_EXIT_USAGE;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      kp_cli_error("import-gpus: unknown option '%s'", argv[i]);
      return KP_EXIT_USAGE;
    } else if (!file) {
      file = argv[i];
    } else {
      kp_cli_error("import-gpus: one SQL file at a time");
      return KP_EXIT_USAGE;
    }
  }
  if (!file) {
    kp_cli_error("import-gpus: name the SQL file to import");
    return KP_EXIT_USAGE;
  }
  char user[PATH_MAX];
  if (!into) {
    if (kp_gpudb_user_path(user, sizeof user) != 0) {
      kp_cli_error("import-gpus: no user database path (set KPERF_USER_DB or HOME, or pass --into)");
      return KP_EXIT_USAGE;
    }
    into = user;
    if (mkdir_parents(into) != 0) {
      kp_cli_error("cannot create the folder of '%s': %s", into, strerror(errno));
      return KP_EXIT_FAIL;
    }
  }
  /* The reference database: kperf's own (a missing one is tolerated, then the
   * imported file must bring its own cc_limits). */
  kp_gpudb *ref = NULL;
  if (db_opt) {
    ref = kp_cli_open_db(db_opt);
    if (!ref)
      return KP_EXIT_FAIL;
  } else {
    char path[8192], near[PATH_MAX + 8], err[1024];
    const char *exe = kp_cli_exe_dir();
    snprintf(near, sizeof near, "%s/../lib", exe);
    if (kp_gpudb_locate(*exe ? near : NULL, path, sizeof path) == 0)
      ref = kp_gpudb_open(path, err, sizeof err);
  }
  char err[1024];
  int n = 0;
  int rc = kp_gpudb_import(file, into, ref, &n, err, sizeof err);
  kp_gpudb_close(ref);
  if (rc != 0) {
    kp_cli_error("%s", err);
    return KP_EXIT_FAIL;
  }
  printf("imported '%s' into '%s' (%d GPU%s there)\n", file, into, n, n == 1 ? "" : "s");
  return KP_EXIT_OK;
}

const kp_command kp_cmd_import_gpus = {"import-gpus", "import your own GPUs into a user database",
                                       import_run, import_help};
