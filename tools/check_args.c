/* kperf check: its usage text and its options.  Uses check.h (cli.h) only. */
#define _XOPEN_SOURCE 700
#include "check.h"

void check_help(FILE *out) {
  fputs("usage: kperf check -p BUILD_DIR [FILE...] [--sarif OUT] [--save FILE] [--root DIR]\n"
        "                   [--gpu NAME] [--db PATH] [--checks SPEC] [-j N] [--werror]\n"
        "                   [--remarks] [--verbose] [--no-nvcc-compat] [--allow-no-gpu]\n"
        "                   [--cache DIR] [--shard I/N]\n"
        "       kperf check --merge LOG... [--sarif OUT] [--werror] [--remarks]\n"
        "\n"
        "Runs kperf on the CUDA files of a project: every entry of\n"
        "BUILD_DIR/compile_commands.json whose file ends in .cu (or that is compiled\n"
        "with -x cuda), or only the FILEs named, is compiled again with its own flags,\n"
        "-fsyntax-only and the kperf plugin (nothing is built or written in the build\n"
        "directory), and the findings are printed as a compiler prints them.  clang\n"
        "entries are run with kperf's clang; nvcc entries are translated to clang's\n"
        "flags (includes, macros, -std, -O, the GPU archs of -arch/-gencode, -rdc/-dc\n"
        "as -fgpu-rdc, the preprocessor flags of -Xcompiler) and get kperf's\n"
        "kperf-nvcc-compat.h (-include), which declares what nvcc declares and clang\n"
        "does not (the host min/max overloads).  A file with code clang cannot\n"
        "compile is still analysed: its kernels that parsed are checked and one line\n"
        "says how many errors clang reported (--verbose shows them); a file of which\n"
        "no kernel could be read is not analysed.  Launchers (ccache, sccache, distcc,\n"
        "icecc, env VAR=...) are skipped and response files (@FILE, --options-file,\n"
        "-optf; relative to the entry's directory) are read.\n"
        "\n"
        "  -p BUILD_DIR      the directory that holds compile_commands.json (CMake:\n"
        "                    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; Make: bear -- make)\n"
        "  --sarif OUT       also write the findings of every file as one SARIF 2.1.0 log\n"
        "                    (for GitHub code scanning and other SARIF viewers)\n"
        "  --save FILE       also write a snapshot of the predicted launch times, kernels\n"
        "                    and findings as JSON, to compare with 'kperf diff'\n"
        "  --cache DIR       reuse what kperf wrote for a file whose command, included\n"
        "                    files, plugin, GPU database and KPERF_* environment are\n"
        "                    unchanged since a run with the same DIR (default\n"
        "                    $KPERF_CACHE_DIR; none when neither is set); one line\n"
        "                    says how many files were reused\n"
        "  --root DIR        SARIF URIs are relative to DIR, the %SRCROOT% of the log\n"
        "                    (default: the current directory; files outside it keep\n"
        "                    absolute file:// URIs)\n"
        "  --gpu NAME        the GPU to analyse for (default: the file's #pragma kperf gpu,\n"
        "                    else its first --cuda-gpu-arch)\n"
        "  --db PATH         the GPU database\n"
        "  --checks SPEC     the checks to run, e.g. -*,kperf-bank-conflict\n"
        "  -j N              compiles run at once (default: the number of CPUs)\n"
        "  --werror          exit with status 1 when there is any warning\n"
        "  --verbose, -v     list the flags of the compile commands kperf drops (once),\n"
        "                    and show clang's errors in files analysed despite them\n"
        "  --no-nvcc-compat  do not force-include kperf-nvcc-compat.h in nvcc entries\n"
        "                    ($KPERF_NVCC_COMPAT names another header)\n"
        "  --remarks         also print remarks (kperf-launch's predictions); the SARIF\n"
        "                    log always has them, as level \"note\"\n"
        "  --allow-no-gpu    exit with status 0 or 1 even when kperf checked nothing in\n"
        "                    a file because it had no GPU database or no GPU to analyse\n"
        "                    for (said either way; by default that is exit status 2)\n"
        "  --shard I/N       analyse only the I-th of N parts of the project (1 <= I <= N):\n"
        "                    the CUDA files of the database, in its order, dealt out in\n"
        "                    turn (file k goes to part k mod N + 1); run the N parts as\n"
        "                    N CI jobs, each with its own --sarif, then merge them\n"
        "  --merge LOG...    instead of running: merge the SARIF logs of the parts (each\n"
        "                    written with the same --root) into one (--sarif OUT), print\n"
        "                    their findings and exit as one run over the whole project\n"
        "                    would; the SARIF log of kperf check is in a canonical order\n"
        "                    (results by file, line, column, check), so that the merged\n"
        "                    log of the parts is the log of one run, byte for byte\n"
        "\n"
        "Progress goes to stderr: a bar on a terminal, else one '[3/10] file.cu' line\n"
        "per file.  Exit status: 0 no finding at error level (with --werror: no\n"
        "warning either); 1 there is one; 2 a file could not be analysed (kperf read\n"
        "no kernel in code clang could not compile, or clang crashed: its output is\n"
        "shown), kperf checked nothing in a file for want of a GPU database or a GPU\n"
        "(see --allow-no-gpu), or a usage or I/O error.  A file that names no GPU arch\n"
        "(none, or -arch=native) is analysed for sm_90's GPU, which is said once.\n",
        out);
}

int check_parse_args(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    int r;
    const char *v;
    if (strcmp(argv[i], "--werror") == 0) {
      o->werror = 1;
    } else if (strcmp(argv[i], "--remarks") == 0) {
      o->remarks = 1;
    } else if (strcmp(argv[i], "--no-nvcc-compat") == 0) {
      o->no_compat = 1;
    } else if (strcmp(argv[i], "--allow-no-gpu") == 0) {
      o->allow_no_gpu = 1;
    } else if (strcmp(argv[i], "--merge") == 0) {
      o->merge = 1;
    } else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) {
      o->verbose = 1;
    } else if (starts(argv[i], "-p") && argv[i][1] == 'p' && argv[i][2] && argv[i][2] != '=') {
      o->build = argv[i] + 2;
    } else if (starts(argv[i], "-j") && argv[i][2]) {
      if (kp_cli_int("-j", argv[i] + 2, 4096, 0, &o->jobs) != 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "-p", &o->build)) ||
               (r = kp_cli_opt(argc, argv, &i, "--sarif", &o->sarif)) ||
               (r = kp_cli_opt(argc, argv, &i, "--save", &o->save)) ||
               (r = kp_cli_opt(argc, argv, &i, "--root", &o->root)) ||
               (r = kp_cli_opt(argc, argv, &i, "--gpu", &o->gpu)) ||
               (r = kp_cli_opt(argc, argv, &i, "--db", &o->db)) ||
               (r = kp_cli_opt(argc, argv, &i, "--checks", &o->checks)) ||
               (r = kp_cli_opt(argc, argv, &i, "--cache", &o->cache))) {
      if (r < 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "-j", &v))) {
      if (r < 0 || kp_cli_int("-j", v, 4096, 0, &o->jobs) != 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--shard", &v))) {
      if (r < 0)
        return -1;
      const char *slash = strchr(v, '/');
      char part[32];
      if (slash && (size_t)(slash - v) < sizeof part) {
        memcpy(part, v, (size_t)(slash - v));
        part[slash - v] = 0;
      }
      if (!slash || (size_t)(slash - v) >= sizeof part ||
          kp_cli_int("--shard", part, 1000000, 0, &o->shard_i) != 0 ||
          kp_cli_int("--shard", slash + 1, 1000000, 0, &o->shard_n) != 0 || o->shard_i < 1 ||
          o->shard_i > o->shard_n) {
        kp_cli_error("check: bad --shard '%s': expected I/N with 1 <= I <= N, e.g. --shard 2/4",
                     v);
        return -1;
      }
    } else if (argv[i][0] == '-' && argv[i][1]) {
      kp_cli_error("check: unknown option '%s' (see 'kperf check --help')", argv[i]);
      return -1;
    } else if (sl_push(&o->files, argv[i])) {
      kp_cli_error("check: out of memory");
      return -1;
    }
  }
  if (!o->cache && getenv("KPERF_CACHE_DIR") && *getenv("KPERF_CACHE_DIR"))
    o->cache = getenv("KPERF_CACHE_DIR");
  if (o->merge) {
    if (o->build || o->shard_n || o->save || o->root || o->gpu || o->db || o->checks) {
      kp_cli_error("check: --merge reads SARIF logs of kperf check: -p, --shard, --save, --root, "
                   "--gpu, --db and --checks belong to the runs that wrote them");
      return -1;
    }
    if (!o->files.n) {
      kp_cli_error("check: --merge: name the SARIF logs to merge (kperf check --shard I/N "
                   "--sarif FILE wrote them)");
      return -1;
    }
    return 0;
  }
  if (!o->build) {
    kp_cli_error("check: name the build directory with -p BUILD_DIR (it holds "
                 "compile_commands.json; see 'kperf check --help')");
    return -1;
  }
  if (o->checks) {
    char err[512];
    if (kp_check_filter_check(o->checks, err, sizeof err) != 0) {
      kp_cli_error("check: bad --checks '%s': %s", o->checks, err);
      return -1;
    }
  }
  if (o->gpu) {
    /* A GPU that cannot be had is said once here, not once per file. */
    kp_gpudb *db = kp_cli_open_db(o->db);
    if (!db)
      return -1;
    kp_gpu g;
    char err[512];
    int rc = kp_gpudb_find(db, o->gpu, &g, err, sizeof err);
    kp_gpudb_close(db);
    if (rc != 0) {
      kp_cli_error("check: --gpu: %s", err);
      return -1;
    }
  }
  if (o->jobs == 0) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = n > 0 ? n : 1;
  }
  return 0;
}
