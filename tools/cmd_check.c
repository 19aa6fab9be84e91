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
 * (-fplugin-arg-kperf-after-errors); nvcc entries get kperf-nvcc-compat.h. */
#define _XOPEN_SOURCE 700
#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "kperf/compile_command.h"
#include "kperf/control.h"
#include "kperf/findings_report.h"
#include "check_cache.h"
#include "plugin_run.h"
#include "snapshot.h"

enum { CHECK_CLEAN = 0, CHECK_FINDINGS = 1, CHECK_ERROR = 2 };

static void check_help(FILE *out) {
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

/* ------------------------------------------------------------ strings */

typedef kp_strlist strlist;

static int sl_push(strlist *l, const char *s) { return kp_strlist_push(l, s); }

static int sl_push2(strlist *l, const char *a, const char *b) { return kp_strlist_push2(l, a, b); }

static void sl_free(strlist *l) { kp_strlist_free(l); }

static int starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

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

typedef struct job {
  char *file;      /* the absolute path (realpath) */
  char *shown;     /* as shown in progress lines: relative to the cwd when under it */
  char *directory; /* the compile's working directory */
  strlist argv;    /* the command to run */
  char sarif[PATH_MAX + 64], out[PATH_MAX + 64], model[PATH_MAX + 64], predict[PATH_MAX + 64];
  pid_t pid;
  int status; /* exit status, 128+signal, -1 could not run */
  char *report; /* the SARIF text, NULL when none was written */
  char *error;  /* why its compile command could not be translated, else NULL */
  int no_arch;  /* the entry names no GPU arch: kperf check gave it sm_90 */
  int analysed; /* its report was read */
  int cached;   /* 1: its outputs came from --cache; -1: not to be cached */
  char key[33], deps[PATH_MAX + 64]; /* --cache: its command's key, clang's dependency file */
} job;

typedef struct options {
  const char *build, *sarif, *save, *root, *gpu, *db, *checks, *cache;
  long long jobs;
  int werror, remarks, verbose, no_compat, allow_no_gpu, merge;
  long long shard_i, shard_n; /* --shard I/N (1 <= I <= N); N = 0: all */
  strlist files;
} options;

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

static pid_t start(job *j) {
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  /* The child: in the compile's directory, output to j->out. */
  int in = open("/dev/null", O_RDONLY);
  int out = open(j->out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (in < 0 || out < 0)
    _exit(126);
  dup2(in, 0);
  dup2(out, 1);
  dup2(out, 2);
  if (j->directory && *j->directory && chdir(j->directory) != 0) {
    dprintf(2, "kperf: cannot enter the directory '%s': %s\n", j->directory, strerror(errno));
    _exit(126);
  }
  execvp(j->argv.v[0], j->argv.v);
  dprintf(2, "kperf: cannot run clang '%s': %s (set $KPERF_CLANG)\n", j->argv.v[0],
          strerror(errno));
  _exit(127);
}

static int term_width(void) {
  struct winsize ws;
  if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20)
    return ws.ws_col;
  return 80;
}

static void progress(int tty, size_t done, size_t total, const char *name) {
  if (!tty) {
    fprintf(stderr, "[%zu/%zu] %s\n", done, total, name);
    return;
  }
  int width = term_width();
  int bar = width / 4 > 40 ? 40 : width / 4;
  int fill = total ? (int)((size_t)bar * done / total) : bar;
  char counts[64];
  int nc = snprintf(counts, sizeof counts, " %zu/%zu ", done, total);
  int room = width - bar - 3 - nc;
  fprintf(stderr, "\r[");
  for (int i = 0; i < bar; i++)
    fputc(i < fill ? '=' : (i == fill ? '>' : ' '), stderr);
  size_t len = strlen(name);
  if (room < 4)
    fprintf(stderr, "]%s\033[K", counts);
  else if ((int)len > room)
    fprintf(stderr, "]%s...%s\033[K", counts, name + len - (size_t)(room - 3));
  else
    fprintf(stderr, "]%s%s\033[K", counts, name);
  fflush(stderr);
}

/* Runs every job, at most n at once. */
static void run_jobs(job *jobs, size_t njobs, long long n, int tty) {
  size_t next = 0, done = 0, running = 0;
  while (done < njobs) {
    while (running < (size_t)n && next < njobs) {
      job *j = &jobs[next++];
      j->pid = j->error || j->cached == 1 ? -1 : start(j);
      if (j->pid < 0) {
        j->status = j->cached == 1 ? j->status : -1;
        done++;
        progress(tty, done, njobs, j->shown);
      } else {
        running++;
      }
    }
    if (!running)
      continue;
    int st;
    pid_t pid = waitpid(-1, &st, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (size_t i = 0; i < njobs; i++)
      if (jobs[i].pid == pid) {
        jobs[i].status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        jobs[i].pid = 0;
        running--;
        done++;
        progress(tty, done, njobs, jobs[i].shown);
        break;
      }
  }
  if (tty)
    fprintf(stderr, "\r\033[K");
}

/* ------------------------------------------------------------ output */

/* A SARIF artifact URI as a path to show: file:// stripped, %XX decoded,
 * relative to the current directory when under it. */
static void uri_to_path(const char *uri, const char *cwd, char *buf, size_t n) {
  if (starts(uri, "file://"))
    uri += 7;
  size_t o = 0;
  for (const char *p = uri; *p && o + 1 < n; p++) {
    unsigned v;
    if (*p == '%' && p[1] && p[2] && sscanf(p + 1, "%2x", &v) == 1) {
      buf[o++] = (char)v;
      p += 2;
    } else {
      buf[o++] = *p;
    }
  }
  buf[o] = 0;
  size_t cl = strlen(cwd);
  if (cl > 1 && strncmp(buf, cwd, cl) == 0 && buf[cl] == '/')
    memmove(buf, buf + cl + 1, strlen(buf + cl + 1) + 1);
}

/* "path:line:col" of a SARIF location (physicalLocation inside). */
static void location_text(const cJSON *loc, const char *cwd, char *buf, size_t n) {
  const cJSON *pl = kp_json_get(loc, "physicalLocation");
  const cJSON *region = kp_json_get(pl, "region");
  char path[PATH_MAX * 2];
  uri_to_path(kp_json_str(kp_json_get(pl, "artifactLocation"), "uri", ""), cwd, path, sizeof path);
  int line = (int)kp_json_num(region, "startLine", 0), col = (int)kp_json_num(region, "startColumn", 0);
  if (line && col)
    snprintf(buf, n, "%s:%d:%d", path, line, col);
  else if (line)
    snprintf(buf, n, "%s:%d", path, line);
  else
    snprintf(buf, n, "%s", path);
}

typedef struct counts {
  size_t errors, warnings, remarks;
} counts;

/* Prints the results of the merged log (once each: a kernel in a header that
 * several files include is reported once), counts them and drops the
 * repeats from the log. */
static void print_results(cJSON *log, const options *o, counts *c) {
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd))
    cwd[0] = 0;
  cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "runs"), 0);
  cJSON *results = cJSON_GetObjectItemCaseSensitive(run, "results");
  strlist seen;
  memset(&seen, 0, sizeof seen);
  for (cJSON *r = results ? results->child : NULL; r;) {
    cJSON *next = r->next;
    char where[PATH_MAX * 2 + 64], key[PATH_MAX * 4];
    const cJSON *locs = kp_json_get(r, "locations");
    location_text(cJSON_GetArrayItem(locs, 0), cwd, where, sizeof where);
    const char *rule = kp_json_str(r, "ruleId", ""), *level = kp_json_str(r, "level", "");
    const char *msg = kp_json_str(kp_json_get(r, "message"), "text", "");
    snprintf(key, sizeof key, "%s\n%s\n%s\n%s", rule, level, where, msg);
    int dup = 0;
    for (size_t i = 0; i < seen.n && !dup; i++)
      dup = strcmp(seen.v[i], key) == 0;
    if (dup) {
      cJSON_Delete(cJSON_DetachItemViaPointer(results, r));
      r = next;
      continue;
    }
    sl_push(&seen, key);
    int is_error = strcmp(level, "error") == 0, is_warning = strcmp(level, "warning") == 0;
    if (is_error)
      c->errors++;
    else if (is_warning)
      c->warnings++;
    else
      c->remarks++;
    if (is_error || is_warning || o->remarks) {
      printf("%s: %s: %s [%s]\n", where, is_error ? "error" : is_warning ? "warning" : "remark",
             msg, rule);
      const cJSON *rel;
      cJSON_ArrayForEach(rel, kp_json_get(r, "relatedLocations")) {
        location_text(rel, cwd, where, sizeof where);
        printf("%s: note: %s\n", where, kp_json_str(kp_json_get(rel, "message"), "text", ""));
      }
    }
    r = next;
  }
  sl_free(&seen);
}

/* ------------------------------------------------------------ main */

/* The errors clang reported before kperf's own diagnostics and the kernels
 * kperf read, from the kernel model the plugin wrote (report=model:); 0 when
 * unknown.  kperf's findings made errors (-Werror, the plugin's werror) are
 * not among them.  After a fatal error clang counts errors it does not show:
 * the count is then at most its "N errors generated". */
static void model_counts(const char *path, const char *output, long long *errors,
                         long long *kernels) {
  *errors = *kernels = 0;
  long long shown = 0;
  char *out = kp_cli_read_file(output, NULL);
  for (const char *p = out; p && (p = strstr(p, " generated")) != NULL; p++) {
    const char *q = p;
    while (q > out && q[-1] != '\n')
      q--;
    long long n;
    char word[16];
    if (sscanf(q, "%lld %15s generated", &n, word) == 2 &&
        (strcmp(word, "error") == 0 || strcmp(word, "errors") == 0))
      shown += n;
  }
  free(out);
  char *text = kp_cli_read_file(path, NULL);
  cJSON *m = text ? cJSON_Parse(text) : NULL;
  free(text);
  const cJSON *e = cJSON_GetObjectItemCaseSensitive(m, "host_errors");
  const cJSON *k = cJSON_GetObjectItemCaseSensitive(m, "kernels");
  if (cJSON_IsNumber(e))
    *errors = (long long)e->valuedouble;
  if (cJSON_IsArray(k))
    *kernels = cJSON_GetArraySize(k);
  if (!m)
    *errors = shown;
  else if (shown && shown < *errors)
    *errors = shown;
  cJSON_Delete(m);
}

/* Whether a file's SARIF log (the plugin's) says kperf checked nothing in it
 * (runs[0].invocations[0].executionSuccessful false: no GPU database, no
 * GPU); then why, from its first error notification, in why. */
static int sarif_nothing_checked(const char *sarif, char *why, size_t n) {
  cJSON *log = cJSON_Parse(sarif);
  const cJSON *inv0 = cJSON_GetArrayItem(
      kp_json_get(cJSON_GetArrayItem(kp_json_get(log, "runs"), 0), "invocations"), 0);
  const cJSON *ok = kp_json_get(inv0, "executionSuccessful");
  int nothing = cJSON_IsFalse(ok);
  if (nothing) {
    snprintf(why, n, "kperf: nothing checked");
    const cJSON *note;
    cJSON_ArrayForEach(note, kp_json_get(inv0, "toolExecutionNotifications")) {
      if (strcmp(kp_json_str(note, "level", ""), "error") == 0) {
        snprintf(why, n, "%s", kp_json_str(kp_json_get(note, "message"), "text", why));
        break;
      }
    }
  }
  cJSON_Delete(log);
  return nothing;
}

/* The files that name no GPU arch (none, or -arch=native, which means the
 * machine's GPU: not this one's) were analysed for sm_90's GPU: said once. */
static void say_no_arch(const options *o, size_t n, const char *first) {
  char gpu[160] = "";
  char path[8192], near[PATH_MAX + 8], err[1024];
  const char *exe = kp_cli_exe_dir();
  snprintf(near, sizeof near, "%s/../lib", exe);
  kp_gpudb *db = NULL;
  if (o->db)
    db = kp_gpudb_open(o->db, err, sizeof err);
  else if (kp_gpudb_locate(*exe ? near : NULL, path, sizeof path) == 0)
    db = kp_gpudb_open(path, err, sizeof err);
  kp_gpu *g = db ? malloc(sizeof *g) : NULL;
  if (g && kp_gpudb_for_arch(db, "sm_90", g, err, sizeof err) == 0)
    snprintf(gpu, sizeof gpu, " (%s)", g->id);
  free(g);
  if (db)
    kp_gpudb_close(db);
  fprintf(stderr,
          "kperf: check: %s%s name%s no GPU arch (none, or -arch=native): analysed for the GPU "
          "of sm_90%s; name one with --gpu NAME (or the file's #pragma kperf gpu)\n",
          first, n > 1 ? " and other files" : "", n > 1 ? "" : "s", gpu);
}

/* --save FILE: the snapshot of the analysed files (snapshot.h), from the
 * predictions and the model the plugin wrote for each and the merged log. */
static int save_snapshot(const options *o, const cJSON *log, const job *jobs, size_t njobs,
                         const char *cwd) {
  char root[PATH_MAX], err[512];
  if (!realpath(o->root ? o->root : cwd, root))
    snprintf(root, sizeof root, "%s", o->root ? o->root : cwd);
  char *plain = cJSON_Print(log);
  char *rooted = plain ? kp_sarif_relocate(plain, NULL, root, err, sizeof err) : NULL;
  free(plain);
  kp_snapshot_tu *tus = calloc(njobs + 1, sizeof *tus);
  size_t n = 0;
  for (size_t i = 0; tus && i < njobs; i++) {
    if (!jobs[i].analysed)
      continue;
    tus[n].directory = jobs[i].directory;
    tus[n].predict = kp_cli_read_file(jobs[i].predict, NULL);
    tus[n].model = kp_cli_read_file(jobs[i].model, NULL);
    n++;
  }
  int rc = -1;
  if (!rooted || !tus)
    snprintf(err, sizeof err, "out of memory");
  else
    rc = kp_snapshot_write(o->save, root, tus, n, rooted, err, sizeof err);
  if (rc != 0)
    kp_cli_error("check: --save: %s", err);
  for (size_t i = 0; i < n; i++) {
    free((char *)tus[i].predict);
    free((char *)tus[i].model);
  }
  free(tus);
  free(rooted);
  return rc;
}

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

static int parse_args(int argc, char **argv, options *o) {
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
  print_results(log, o, &c);
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
  if (parse_args(argc, argv, &o) != 0) {
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
  run_jobs(jobs, njobs, o.jobs, isatty(2));
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
      model_counts(j->model, j->out, &errors, &kernels);
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
      if (sarif_nothing_checked(abs, nothing, sizeof nothing)) {
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
      model_counts(j->model, j->out, &errors, &kernels);
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
  print_results(log, &o, &c);
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
  if (o.save && save_snapshot(&o, log, jobs, njobs, cwd) != 0)
    write_failed = 1;
  cJSON_Delete(log);
  if (no_arch)
    say_no_arch(&o, no_arch, no_arch_file);
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
