/* kperf check -p BUILD_DIR [FILE...]: kperf's findings for a whole project.
 *
 * Reads BUILD_DIR/compile_commands.json, runs each CUDA entry's compile again
 * with -fsyntax-only and the plugin (report=sarif:<temporary file>), N at a
 * time, prints the findings as a compiler would, and writes one SARIF log for
 * the project (--sarif OUT) with URIs relative to --root (default: the
 * current directory).  Exit status: 0 when every file was analysed and no
 * finding is an error (or, with --werror, a warning); 1 when one is; 2 when a
 * file could not be analysed (no kernel could be read from code clang cannot
 * compile, clang crashed), when kperf checked nothing in a file for want of a
 * GPU database or a GPU (unless --allow-no-gpu), or on a usage or I/O error.  Code clang cannot
 * compile does not stop the analysis of the kernels that parsed
 * (-fplugin-arg-kperf-after-errors); nvcc entries get kperf-nvcc-compat.h.
 *
 * This file: the entries, the temporary files, --cache, --merge and the run in
 * order; the options are check_args.c's, the compiles check_jobs.c's, the
 * output check_output.c's.  Uses check.h (cli.h, compile_command.h, the
 * check cache, plugin_run.h, snapshot.h) and the layers below. */
#define _XOPEN_SOURCE 700
#include "check.h"

enum { CHECK_CLEAN = 0, CHECK_FINDINGS = 1, CHECK_ERROR = 2 };

/* dir + "/" + path unless path is absolute; then realpath when it exists. */
static char *entry_path(const char *dir, const char *path) {
  char buf[PATH_MAX * 2];
  if (path[0] == '/' || !dir || !*dir)
    snprintf(buf, sizeof buf, "%s", path);
  else
    snprintf(buf, sizeof buf, "%s/%s", dir, path);
  char real[PATH_MAX];
  if (realpath(buf, real))
    return strdup(real);
  return strdup(buf);
}

/* ------------------------------------------------------------ entries */

/* The command for one entry: kperf's clang, the entry's flags translated
 * (kp_cc_translate), -fsyntax-only and the plugin.  An nvcc entry also gets
 * kperf-nvcc-compat.h (compat, may be NULL): what nvcc declares implicitly.
 * Host code with errors does not stop the analysis: no error limit, the
 * plugin's after-errors, and the kernel model (model:) to count what parsed. */
static int build_command(job *j, const kp_cc_result *t, const options *o, const char *clang,
                         const char *plugin, const char *cuda, const char *compat) {
  strlist *c = &j->argv;
  if (sl_push(c, clang))
    return -1;
  if (t->nvcc && compat && (sl_push(c, "-include") || sl_push(c, compat)))
    return -1;
  for (size_t i = 0; i < t->args.n; i++)
    if (sl_push(c, t->args.v[i]))
      return -1;
  if (kp_cc_clang_extras(t, cuda, c) || sl_push(c, "-fsyntax-only") ||
      sl_push(c, "-ferror-limit=0") || sl_push(c, "-fplugin-arg-kperf-after-errors") ||
      sl_push2(c, "-fplugin-arg-kperf-report=model:", j->model) ||
      (!t->has_side && sl_push(c, "--cuda-host-only")) ||
      (t->device_only && sl_push(c, "-fplugin-arg-kperf-pass=device")) ||
      sl_push2(c, "-fplugin=", plugin) ||
      sl_push2(c, "-fplugin-arg-kperf-report=sarif:", j->sarif) ||
      (o->gpu && sl_push2(c, "-fplugin-arg-kperf-gpu=", o->gpu)) ||
      (o->db && sl_push2(c, "-fplugin-arg-kperf-db=", o->db)) ||
      (o->checks && sl_push2(c, "-fplugin-arg-kperf-checks=", o->checks)) ||
      (o->save && sl_push2(c, "-fplugin-arg-kperf-predict=", j->predict)))
    return -1;
  return 0;
}

/* ------------------------------------------------------------ running */

static char tmp_dir[PATH_MAX];
static job *all_jobs;
static size_t n_all_jobs;
static volatile sig_atomic_t tmp_live;

static void on_signal(int sig) {
  if (tmp_live) {
    for (size_t i = 0; i < n_all_jobs; i++) {
      unlink(all_jobs[i].sarif);
      unlink(all_jobs[i].out);
      unlink(all_jobs[i].model);
      unlink(all_jobs[i].predict);
      unlink(all_jobs[i].deps);
    }
    rmdir(tmp_dir);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

/* ------------------------------------------------------------ main */

static void remove_tmp(job *jobs, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unlink(jobs[i].sarif);
    unlink(jobs[i].out);
    unlink(jobs[i].model);
    unlink(jobs[i].predict);
    unlink(jobs[i].deps);
  }
  rmdir(tmp_dir);
  tmp_live = 0;
}

/* --cache: the jobs whose outputs are kept are restored (cached = 1); the
 * others that can be kept write clang's dependency file.  0 ok, -1 after
 * printing (the cache cannot be used: every file is analysed). */
static int cache_lookup(kp_check_cache *c, const options *o, job *jobs, size_t njobs,
                        const char *clang, const char *plugin) {
  char err[PATH_MAX + 128], db[PATH_MAX * 2 + 2], dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", plugin);
  char *slash = strrchr(dir, '/');
  if (slash)
    *slash = '\0';
  if (o->db)
    snprintf(db, sizeof db, "%s", o->db);
  else if (kp_gpudb_locate(slash ? dir : ".", db, sizeof db) != 0)
    db[0] = '\0';
  if (kp_check_cache_open(c, o->cache, clang, plugin, db, err, sizeof err) != 0) {
    kp_cli_error("check: --cache: %s; every file is analysed", err);
    return -1;
  }
  for (size_t i = 0; i < njobs; i++) {
    job *j = &jobs[i];
    j->cached = -1;
    if (j->error || !kp_check_cache_usable(j->argv.v, j->argv.n))
      continue;
    kp_check_cache_command_key(c, j->directory, j->argv.v, j->argv.n, tmp_dir, j->key);
    const char *outs[4] = {j->sarif, j->out, j->model, j->predict};
    if (kp_check_cache_restore(c, j->key, outs, 4, &j->status)) {
      j->cached = 1;
      continue;
    }
    snprintf(j->deps, sizeof j->deps, "%s/%zu.d", tmp_dir, i);
    if (sl_push(&j->argv, "-MD") || sl_push(&j->argv, "-MF") || sl_push(&j->argv, j->deps))
      return -1;
    j->cached = 0;
  }
  return 0;
}

/* --cache: keeps what the analysed jobs wrote; says how many were reused. */
static void cache_keep(kp_check_cache *c, const options *o, job *jobs, size_t njobs) {
  size_t reused = 0, kept = 0;
  for (size_t i = 0; i < njobs; i++) {
    job *j = &jobs[i];
    const char *outs[4] = {j->sarif, j->out, j->model, j->predict};
    reused += j->cached == 1;
    if (j->cached == 0 && j->status >= 0 && j->status < 128 &&
        kp_check_cache_store(c, j->key, j->directory, j->deps, outs, 4, j->status) == 0)
      kept++;
  }
  fprintf(stderr, "kperf: check: cache '%s': %zu of %zu file%s reused, %zu analysed (%zu kept)\n",
          o->cache, reused, njobs, njobs == 1 ? "" : "s", njobs - reused, kept);
  kp_check_cache_close(c);
}

/* --merge LOG...: the logs of the shards of one run as one log (--sarif
 * OUT), their findings printed and counted, and the exit status of the whole
 * run: 2 when a shard's run did not succeed (a file not analysed, nothing
 * checked for want of a GPU), else as a run of kperf check. */
static int merge_run(const options *o) {
  char **texts = calloc(o->files.n + 1, sizeof *texts);
  char err[PATH_MAX + 512];
  int rc = CHECK_ERROR;
  char *canon = NULL;
  cJSON *log = NULL;
  for (size_t i = 0; texts && i < o->files.n; i++)
    if (!(texts[i] = kp_cli_read_file(o->files.v[i], NULL))) {
      kp_cli_error("check: --merge: cannot read '%s': %s", o->files.v[i], strerror(errno));
      goto out;
    }
  if (!texts || !(canon = kp_sarif_canonical((const char *const *)texts, o->files.n, err,
                                             sizeof err))) {
    kp_cli_error("check: --merge: %s", texts ? err : "out of memory");
    goto out;
  }
  if (!(log = cJSON_Parse(canon))) {
    kp_cli_error("check: --merge: out of memory");
    goto out;
  }
  const cJSON *inv0 = cJSON_GetArrayItem(
      kp_json_get(cJSON_GetArrayItem(kp_json_get(log, "runs"), 0), "invocations"), 0);
  int succeeded = !cJSON_IsFalse(kp_json_get(inv0, "executionSuccessful"));
  size_t failures = 0;
  const cJSON *note;
  cJSON_ArrayForEach(note, kp_json_get(inv0, "toolExecutionNotifications")) {
    if (strcmp(kp_json_str(note, "level", ""), "error") == 0) {
      failures++;
      kp_cli_error("check: %s", kp_json_str(kp_json_get(note, "message"), "text", ""));
    }
  }
  counts c = {0, 0, 0};
  check_print_results(log, o, &c);
  fflush(stdout);
  int write_failed = o->sarif && kp_write_atomic(o->sarif, canon, err, sizeof err) != 0;
  if (write_failed)
    kp_cli_error("check: %s", err);
  fprintf(stderr, "kperf: %zu log%s merged: %zu error%s, %zu warning%s, %zu remark%s",
          o->files.n, o->files.n == 1 ? "" : "s", c.errors, c.errors == 1 ? "" : "s",
          c.warnings, c.warnings == 1 ? "" : "s", c.remarks, c.remarks == 1 ? "" : "s");
  if (!succeeded)
    fprintf(stderr, "; the run did not succeed (%zu error notification%s)", failures,
            failures == 1 ? "" : "s");
  fputc('\n', stderr);
  if (!succeeded || write_failed)
    rc = CHECK_ERROR;
  else if (c.errors || (o->werror && c.warnings))
    rc = CHECK_FINDINGS;
  else
    rc = CHECK_CLEAN;
out:
  for (size_t i = 0; texts && i < o->files.n; i++)
    free(texts[i]);
  free(texts);
  free(canon);
  cJSON_Delete(log);
  return rc;
}

/* Long: the subcommand's steps in order, each commented (options and the
 * compile database, the files named, the entries run, each report read with
 * its URIs made absolute, crashes and errors judged, the files checked
 * nothing in, the merged report and the exit status); they share the
 * options and the per-entry results. */
static int check_run(int argc, char **argv) {
  options o;
  if (check_parse_args(argc, argv, &o) != 0) {
    sl_free(&o.files);
    return CHECK_ERROR;
  }
  if (o.merge) {
    int mrc = merge_run(&o);
    sl_free(&o.files);
    return mrc;
  }
  int rc = CHECK_ERROR;
  job *jobs = NULL;
  size_t njobs = 0;
  strlist dropped_flags;
  memset(&dropped_flags, 0, sizeof dropped_flags);
  cJSON *db = NULL;
  char *text = NULL, *merged = NULL;
  char **reports = NULL;
  char ccpath[PATH_MAX + 32];
  snprintf(ccpath, sizeof ccpath, "%s/compile_commands.json", o.build);
  text = kp_cli_read_file(ccpath, NULL);
  if (!text) {
    kp_cli_error("check: cannot read '%s': %s (CMake writes it with "
                 "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; with Make, run 'bear -- make')",
                 ccpath, strerror(errno));
    goto out;
  }
  db = cJSON_Parse(text);
  if (!cJSON_IsArray(db)) {
    kp_cli_error("check: '%s' is not a compilation database (a JSON array of entries)", ccpath);
    goto out;
  }
  char clang_buf[PATH_MAX], plugin_buf[PATH_MAX + 32];
  const char *clang = kp_cli_find_clang(clang_buf, sizeof clang_buf);
  if (!clang) {
    kp_cli_error("check: cannot find clang++ (set $KPERF_CLANG to clang++ 22)");
    goto out;
  }
  const char *plugin = kp_cli_find_plugin(plugin_buf, sizeof plugin_buf);
  if (!plugin) {
    kp_cli_error("check: cannot find kperf.so next to kperf (set $KPERF_PLUGIN)");
    goto out;
  }
  char plugin_abs[PATH_MAX];
  if (realpath(plugin, plugin_abs))
    plugin = plugin_abs;
  const char *cuda = kp_cli_cuda_path();
  char compat_buf[PATH_MAX + 64], compat_abs[PATH_MAX];
  const char *compat = o.no_compat ? NULL : kp_cli_find_nvcc_compat(compat_buf, sizeof compat_buf);
  if (compat && realpath(compat, compat_abs))
    compat = compat_abs;
  if (!o.no_compat && !compat && getenv("KPERF_NVCC_COMPAT") && *getenv("KPERF_NVCC_COMPAT")) {
    kp_cli_error("check: KPERF_NVCC_COMPAT names '%s', which is not a file",
                 getenv("KPERF_NVCC_COMPAT"));
    goto out;
  }

  /* The files named on the command line, as real paths. */
  strlist wanted;
  memset(&wanted, 0, sizeof wanted);
  int *found = calloc(o.files.n + 1, sizeof *found);
  for (size_t i = 0; i < o.files.n; i++) {
    char real[PATH_MAX];
    if (!realpath(o.files.v[i], real)) {
      kp_cli_error("check: cannot find '%s': %s", o.files.v[i], strerror(errno));
      sl_free(&wanted);
      free(found);
      goto out;
    }
    sl_push(&wanted, real);
  }

  size_t nentries = (size_t)cJSON_GetArraySize(db);
  jobs = calloc(nentries + 1, sizeof *jobs);
  if (!jobs || !found) {
    kp_cli_error("check: out of memory");
    sl_free(&wanted);
    free(found);
    goto out;
  }
  const char *tmpenv = getenv("TMPDIR");
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd))
    cwd[0] = 0;
  snprintf(tmp_dir, sizeof tmp_dir, "%s/kperf-check-XXXXXX",
           tmpenv && *tmpenv ? tmpenv : "/tmp");
  if (!mkdtemp(tmp_dir)) {
    kp_cli_error("check: cannot create a temporary directory: %s", strerror(errno));
    sl_free(&wanted);
    free(found);
    goto out;
  }
  if (tmp_dir[0] != '/') {
    char abs[PATH_MAX * 2 + 2];
    snprintf(abs, sizeof abs, "%s/%s", cwd, tmp_dir);
    if (strlen(abs) < sizeof tmp_dir)
      memcpy(tmp_dir, abs, strlen(abs) + 1);
  }
  tmp_live = 1;
  all_jobs = jobs;
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    signal(sigs[i], on_signal);

  int bad_input = 0;
  cJSON *e;
  size_t index = 0;
  strlist every; /* every file taken, in all shards */
  memset(&every, 0, sizeof every);
  cJSON_ArrayForEach(e, db) {
    index++;
    strlist args;
    memset(&args, 0, sizeof args);
    const char *dir, *file;
    if (kp_cc_entry(e, &args, &dir, &file) != 0) {
      sl_free(&args);
      kp_cli_error("check: entry %zu of '%s' lacks 'directory', 'file' or 'command'/'arguments'; "
                   "skipped",
                   index, ccpath);
      continue;
    }
    kp_cc_result t;
    char terr[PATH_MAX + 128];
    int tfailed = kp_cc_translate((const char *const *)args.v, args.n, dir, file, &t, terr,
                                  sizeof terr) != 0;
    sl_free(&args);
    char *path = entry_path(dir, file);
    int take = path != NULL;
    int cuda_entry = tfailed ? 1 : t.cuda;
    if (take && wanted.n) {
      take = 0;
      for (size_t i = 0; i < wanted.n; i++)
        if (strcmp(wanted.v[i], path) == 0) {
          if (!cuda_entry) {
            kp_cli_error("check: '%s' is not compiled as CUDA in '%s'", o.files.v[i], ccpath);
            bad_input = 1;
          } else {
            take = 1;
          }
          found[i] = 1;
        }
    } else if (take) {
      take = cuda_entry;
    }
    for (size_t i = 0; take && i < every.n; i++)
      if (strcmp(every.v[i], path) == 0)
        take = 0; /* the first entry of a file */
    /* --shard I/N: the files of the database, in its order, dealt out in
     * turn; this run takes the I-th of every N. */
    if (take && (sl_push(&every, path) != 0 ||
                 (o.shard_n && (every.n - 1) % (size_t)o.shard_n != (size_t)o.shard_i - 1)))
      take = 0;
    if (!take) {
      free(path);
      kp_cc_result_free(&t);
      continue;
    }
    job *j = &jobs[njobs];
    j->file = path;
    size_t cl = strlen(cwd);
    j->shown = strdup(cl > 1 && strncmp(path, cwd, cl) == 0 && path[cl] == '/' ? path + cl + 1
                                                                                : path);
    j->directory = strdup(dir);
    snprintf(j->sarif, sizeof j->sarif, "%s/%zu.sarif", tmp_dir, njobs);
    snprintf(j->out, sizeof j->out, "%s/%zu.out", tmp_dir, njobs);
    snprintf(j->model, sizeof j->model, "%s/%zu.model.json", tmp_dir, njobs);
    snprintf(j->predict, sizeof j->predict, "%s/%zu.predict.json", tmp_dir, njobs);
    njobs++;
    n_all_jobs = njobs;
    if (tfailed) {
      j->error = strdup(terr);
      kp_cc_result_free(&t);
      continue;
    }
    for (size_t i = 0; i < t.dropped.n; i++) {
      int seen = 0;
      for (size_t k = 0; k < dropped_flags.n && !seen; k++)
        seen = strcmp(dropped_flags.v[k], t.dropped.v[i]) == 0;
      if (!seen)
        sl_push(&dropped_flags, t.dropped.v[i]);
    }
    j->no_arch = !t.has_arch && !o.gpu;
    if (build_command(j, &t, &o, clang, plugin, cuda, compat) != 0) {
      kp_cc_result_free(&t);
      kp_cli_error("check: out of memory");
      sl_free(&wanted);
      sl_free(&every);
      free(found);
      goto out_tmp;
    }
    kp_cc_result_free(&t);
  }
  for (size_t i = 0; i < wanted.n; i++)
    if (!found[i]) {
      kp_cli_error("check: '%s' is not in '%s'", o.files.v[i], ccpath);
      bad_input = 1;
    }
  sl_free(&wanted);
  free(found);
  size_t nevery = every.n;
  sl_free(&every);
  if (bad_input)
    goto out_tmp;
  if (njobs == 0 && nevery > 0)
    fprintf(stderr, "kperf: check: shard %lld/%lld has no file (%zu CUDA file%s in '%s')\n",
            o.shard_i, o.shard_n, nevery, nevery == 1 ? "" : "s", ccpath);
  else if (njobs == 0)
    kp_cli_error("check: no CUDA files in '%s' (entries whose file ends in .cu or that are "
                 "compiled with -x cuda)",
                 ccpath);

  if (o.verbose && dropped_flags.n) {
    fprintf(stderr, "kperf: check: dropped from the compile commands (no meaning for kperf):");
    for (size_t i = 0; i < dropped_flags.n; i++)
      fprintf(stderr, " %s%s", dropped_flags.v[i], i + 1 < dropped_flags.n ? "," : "");
    fputc('\n', stderr);
  }

  kp_check_cache cache;
  int caching = o.cache && cache_lookup(&cache, &o, jobs, njobs, clang, plugin) == 0;
  check_run_jobs(jobs, njobs, o.jobs, isatty(2));
  if (caching)
    cache_keep(&cache, &o, jobs, njobs);

  /* Each file's report, its URIs made absolute against its compile's directory;
   * the files that could not be analysed, and why, for the SARIF log. */
  size_t failed = 0, nreports = 0, despite = 0, no_gpu = 0, no_arch = 0;
  const char *no_arch_file = NULL;
  reports = calloc(njobs + 1, sizeof *reports);
  strlist fail_files, fail_msgs, warn_files, warn_msgs;
  memset(&fail_files, 0, sizeof fail_files);
  memset(&fail_msgs, 0, sizeof fail_msgs);
  memset(&warn_files, 0, sizeof warn_files);
  memset(&warn_msgs, 0, sizeof warn_msgs);
  for (size_t i = 0; i < njobs; i++) {
    job *j = &jobs[i];
    /* A crash is a failure whatever was written; clang's errors are not when
     * kperf read kernels anyway (the plugin's after-errors). */
    char *sarif = j->status >= 0 && j->status < 128 && !j->error
                      ? kp_cli_read_file(j->sarif, NULL)
                      : NULL;
    long long errors = 0, kernels = 0;
    if (sarif && j->status != 0)
      check_model_counts(j->model, j->out, &errors, &kernels);
    if (sarif && j->status != 0 && errors > 0 && kernels == 0) {
      free(sarif);
      sarif = NULL;
    }
    char err[256];
    char *abs = sarif ? kp_sarif_relocate(sarif, j->directory, NULL, err, sizeof err) : NULL;
    free(sarif);
    if (abs) {
      reports[nreports++] = abs;
      j->analysed = 1;
      /* No GPU database or no GPU: the plugin checked nothing and its log
       * says why (an execution that did not succeed). */
      char nothing[PATH_MAX + 1024];
      if (check_sarif_nothing_checked(abs, nothing, sizeof nothing)) {
        no_gpu++;
        printf("%s: warning: %s\n", j->shown, nothing);
      } else if (j->no_arch) {
        if (!no_arch++)
          no_arch_file = j->shown;
      }
      if (j->status != 0 && errors > 0) {
        despite++;
        char note[PATH_MAX + 256];
        snprintf(note, sizeof note,
                 "%s: clang reported %lld error%s (code clang cannot compile); the %lld "
                 "kernel%s that parsed %s analysed anyway",
                 j->shown, errors, errors == 1 ? "" : "s", kernels, kernels == 1 ? "" : "s",
                 kernels == 1 ? "was" : "were");
        if (o.verbose) {
          char *output = kp_cli_read_file(j->out, NULL);
          if (output)
            fputs(output, stderr);
          free(output);
        }
        fprintf(stderr, "kperf: %s%s\n", note, o.verbose ? "" : " (--verbose shows the errors)");
        sl_push(&warn_files, j->file);
        sl_push(&warn_msgs, note);
      }
      /* kperf's own warnings about the file (no location: e.g. the GPU that
       * stands in for an arch without one) are not in the report: shown here. */
      char *output = kp_cli_read_file(j->out, NULL);
      for (char *line = output, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
          *next++ = 0;
        else
          next = line + strlen(line);
        if (starts(line, "warning: kperf: ") && !strstr(line, "[" KP_SETUP_CHECK "]"))
          printf("%s: %s\n", j->shown, line);
      }
      free(output);
      continue;
    }
    failed++;
    char why[PATH_MAX + 512];
    char *output = j->error ? NULL : kp_cli_read_file(j->out, NULL);
    if (output && *output)
      fputs(output, stderr);
    if (j->error)
      snprintf(why, sizeof why, "%s", j->error);
    else if (j->status > 128)
      snprintf(why, sizeof why, "clang was killed by signal %d", j->status - 128);
    else if (j->status > 0)
      snprintf(why, sizeof why, "clang failed (exit status %d)", j->status);
    else
      snprintf(why, sizeof why, "clang wrote no kperf report (exit status %d)", j->status);
    if (!j->error && j->status > 0 && j->status < 128 && !errors)
      check_model_counts(j->model, j->out, &errors, &kernels);
    if (!j->error && j->status > 0 && j->status < 128 && errors)
      snprintf(why + strlen(why), sizeof why - strlen(why),
               ": %lld error%s and no kernel kperf could read", errors, errors == 1 ? "" : "s");
    kp_cli_error("check: '%s' was not analysed: %s", j->shown, why);
    /* The SARIF notification: why, and clang's first error line. */
    char note[PATH_MAX * 2 + 1024];
    const char *first = output ? strstr(output, "error: ") : NULL;
    if (first) {
      const char *bol = first;
      while (bol > output && bol[-1] != '\n')
        bol--;
      const char *eol = strchr(first, '\n');
      int len = (int)(eol ? (size_t)(eol - bol) : strlen(bol));
      snprintf(note, sizeof note, "'%s' was not analysed: %s: %.*s", j->shown, why,
               len > 600 ? 600 : len, bol);
    } else {
      snprintf(note, sizeof note, "'%s' was not analysed: %s", j->shown, why);
    }
    free(output);
    sl_push(&fail_files, j->file);
    sl_push(&fail_msgs, note);
  }

  char err[512];
  size_t nread = 0;
  merged = kp_sarif_merge((const char *const *)reports, nreports, &nread, err, sizeof err);
  char *with_failures =
      merged ? kp_sarif_add_failures(merged, (const char *const *)fail_files.v,
                                     (const char *const *)fail_msgs.v, fail_files.n)
             : NULL;
  sl_free(&fail_files);
  sl_free(&fail_msgs);
  free(merged);
  merged = with_failures;
  for (size_t i = 0; merged && i < warn_files.n; i++) {
    char *w = kp_sarif_add_warning(merged, warn_files.v[i], warn_msgs.v[i]);
    free(merged);
    merged = w;
  }
  sl_free(&warn_files);
  sl_free(&warn_msgs);
  cJSON *log = merged ? cJSON_Parse(merged) : NULL;
  /* The files kperf checked nothing in: the run did not succeed either;
   * with --allow-no-gpu it did, and their notifications are warnings. */
  cJSON *inv0 = log ? cJSON_GetArrayItem(kp_json_get(cJSON_GetArrayItem(kp_json_get(log, "runs"),
                                                                        0),
                                                     "invocations"),
                                         0)
                    : NULL;
  if (inv0 && no_gpu && !o.allow_no_gpu)
    cJSON_ReplaceItemInObjectCaseSensitive(inv0, "executionSuccessful", cJSON_CreateFalse());
  if (inv0 && no_gpu && o.allow_no_gpu) {
    cJSON *note;
    cJSON_ArrayForEach(note, cJSON_GetObjectItemCaseSensitive(inv0, "toolExecutionNotifications")) {
      const char *text = kp_json_str(kp_json_get(note, "message"), "text", "");
      if (strcmp(kp_json_str(note, "level", ""), "error") == 0 &&
          starts(text, "kperf: nothing checked: "))
        cJSON_ReplaceItemInObjectCaseSensitive(note, "level", cJSON_CreateString("warning"));
    }
  }
  if (!log) {
    kp_cli_error("check: out of memory");
    goto out_tmp;
  }
  /* The SARIF log in its canonical order (kp_sarif_canonical), from every
   * result before print_results drops the repeats: the same bytes as the
   * logs of the shards of the run merged with --merge. */
  char *plain = o.sarif ? cJSON_Print(log) : NULL;
  counts c = {0, 0, 0};
  check_print_results(log, &o, &c);
  fflush(stdout);
  int write_failed = 0;
  if (o.sarif) {
    char *rooted = plain ? kp_sarif_relocate(plain, NULL, o.root ? o.root : cwd, err, sizeof err)
                         : NULL;
    char *canon =
        rooted ? kp_sarif_canonical((const char *const *)&rooted, 1, err, sizeof err) : NULL;
    if (!canon || kp_write_atomic(o.sarif, canon, err, sizeof err) != 0) {
      kp_cli_error("check: %s", rooted ? err : "out of memory");
      write_failed = 1;
    }
    free(canon);
    free(rooted);
  }
  free(plain);
  if (o.save && check_save_snapshot(&o, log, jobs, njobs, cwd) != 0)
    write_failed = 1;
  cJSON_Delete(log);
  if (no_arch)
    check_say_no_arch(&o, no_arch, no_arch_file);
  size_t analysed = njobs - failed - no_gpu;
  fprintf(stderr, "kperf: %zu file%s analysed", analysed, analysed == 1 ? "" : "s");
  if (despite)
    fprintf(stderr, " (%zu despite errors clang reported)", despite);
  fprintf(stderr, ": %zu error%s, %zu warning%s, %zu remark%s", c.errors,
          c.errors == 1 ? "" : "s", c.warnings, c.warnings == 1 ? "" : "s", c.remarks,
          c.remarks == 1 ? "" : "s");
  if (failed)
    fprintf(stderr, "; %zu file%s could not be analysed", failed, failed == 1 ? "" : "s");
  if (no_gpu)
    fprintf(stderr, "; %zu file%s with nothing checked (no GPU database or no GPU%s)", no_gpu,
            no_gpu == 1 ? "" : "s", o.allow_no_gpu ? ", allowed by --allow-no-gpu" : "; --allow-no-gpu accepts that");
  fputc('\n', stderr);
  if (failed || write_failed || (no_gpu && !o.allow_no_gpu))
    rc = CHECK_ERROR;
  else if (c.errors || (o.werror && c.warnings))
    rc = CHECK_FINDINGS;
  else
    rc = CHECK_CLEAN;

out_tmp:
  remove_tmp(jobs, njobs);
out:
  for (size_t i = 0; reports && i < njobs; i++)
    free(reports[i]);
  free(reports);
  for (size_t i = 0; i < njobs; i++) {
    free(jobs[i].file);
    free(jobs[i].shown);
    free(jobs[i].directory);
    free(jobs[i].error);
    sl_free(&jobs[i].argv);
  }
  free(jobs);
  all_jobs = NULL;
  n_all_jobs = 0;
  free(merged);
  sl_free(&dropped_flags);
  cJSON_Delete(db);
  free(text);
  sl_free(&o.files);
  return rc;
}

const kp_command kp_cmd_check = {"check",
                                 "run kperf on the CUDA files of a compile_commands.json "
                                 "(text and SARIF)",
                                 check_run, check_help};
