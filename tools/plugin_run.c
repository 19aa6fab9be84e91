/* Runs clang with the kperf plugin on one file and returns the JSON the
 * plugin wrote with -fplugin-arg-kperf-predict=PATH (kperf predict,
 * recommend, compare).  The helpers are those of cmd_analyze.c. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "plugin_run.h"

extern char **environ;

#ifndef KPERF_CLANG
#define KPERF_CLANG ""
#endif
#ifndef KPERF_CUDA_PATH
#define KPERF_CUDA_PATH ""
#endif
#ifndef KPERF_PLUGIN_INSTALLED
#define KPERF_PLUGIN_INSTALLED ""
#endif
#ifndef KPERF_NVCC_COMPAT_INSTALLED
#define KPERF_NVCC_COMPAT_INSTALLED ""
#endif

static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The first executable called name in $PATH, into buf. */
static int search_path(const char *name, char *buf, size_t n) {
  const char *path = getenv("PATH");
  if (!path)
    return 0;
  while (*path) {
    const char *colon = strchr(path, ':');
    size_t len = colon ? (size_t)(colon - path) : strlen(path);
    if (len > 0) {
      snprintf(buf, n, "%.*s/%s", (int)len, path, name);
      if (is_file(buf) && access(buf, X_OK) == 0)
        return 1;
    }
    path += len + (colon ? 1 : 0);
  }
  return 0;
}

static const char *find_clang(char *buf, size_t n) {
  const char *env = getenv("KPERF_CLANG");
  if (env && *env)
    return env;
  if (*KPERF_CLANG && access(KPERF_CLANG, X_OK) == 0)
    return KPERF_CLANG;
  if (search_path("clang++-22", buf, n) || search_path("clang++", buf, n))
    return buf;
  return NULL;
}

static const char *find_plugin(char *buf, size_t n) {
  const char *env = getenv("KPERF_PLUGIN");
  if (env && *env)
    return env;
  const char *exe = kp_cli_exe_dir();
  if (*exe) {
    snprintf(buf, n, "%s/../lib/kperf.so", exe);
    if (is_file(buf))
      return buf;
  }
  if (*KPERF_PLUGIN_INSTALLED && is_file(KPERF_PLUGIN_INSTALLED))
    return KPERF_PLUGIN_INSTALLED;
  return NULL;
}

/* kperf-nvcc-compat.h: $KPERF_NVCC_COMPAT, else next to the GPU database
 * (../lib in a build tree, ../share/kperf installed), else where it was
 * installed. */
static const char *find_nvcc_compat(char *buf, size_t n) {
  const char *env = getenv("KPERF_NVCC_COMPAT");
  if (env && *env)
    return is_file(env) ? env : NULL;
  const char *exe = kp_cli_exe_dir();
  if (*exe) {
    snprintf(buf, n, "%s/../lib/kperf-nvcc-compat.h", exe);
    if (is_file(buf))
      return buf;
    snprintf(buf, n, "%s/../share/kperf/kperf-nvcc-compat.h", exe);
    if (is_file(buf))
      return buf;
  }
  if (*KPERF_NVCC_COMPAT_INSTALLED && is_file(KPERF_NVCC_COMPAT_INSTALLED))
    return KPERF_NVCC_COMPAT_INSTALLED;
  return NULL;
}

static const char *cuda_path(void) {
  const char *env = getenv("CUDA_PATH");
  if (env && *env)
    return env;
  if (*KPERF_CUDA_PATH)
    return KPERF_CUDA_PATH;
  return "/usr/local/cuda";
}

/* 1 when the user's clang arguments choose the GPU arch themselves. */
static int names_arch(char **args, int n) {
  for (int i = 0; i < n; i++)
    if (strncmp(args[i], "--cuda-gpu-arch", 15) == 0 || strncmp(args[i], "--offload-arch", 14) == 0)
      return 1;
  return 0;
}

int kp_cli_is_hip(const char *file, char *const *args, size_t n) {
  size_t len = strlen(file);
  if (len > 4 && strcmp(file + len - 4, ".hip") == 0)
    return 1;
  for (size_t i = 0; i + 1 < n; i++)
    if (strcmp(args[i], "-x") == 0)
      return strcmp(args[i + 1], "hip") == 0;
  return 0;
}

/* HIP's headers: $ROCM_PATH, else /usr (Debian's libamdhip64-dev), else /opt/rocm. */
const char *kp_cli_rocm_path(void) {
  const char *env = getenv("ROCM_PATH");
  if (env && *env)
    return env;
  struct stat st;
  return stat("/usr/include/hip/hip_runtime.h", &st) == 0 ? "/usr" : "/opt/rocm";
}

/* Reads a whole file; NULL when it cannot be read. */
static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 8192, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    if (n + 4096 + 1 > cap) {
      char *p = realloc(buf, cap * 2);
      if (!p) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = p;
      cap *= 2;
    }
    size_t r = fread(buf + n, 1, cap - n - 1, f);
    n += r;
    if (r == 0)
      break;
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf || bad) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  if (len)
    *len = n;
  return buf;
}

/* Removes the temporary directory and whatever is left in it. */
static void remove_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    char p[PATH_MAX + 260];
    while ((e = readdir(d)))
      if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
      }
    closedir(d);
  }
  rmdir(dir);
}

/* The temporary directory while clang runs: an interrupt removes it. */
static char tmp_dir[PATH_MAX], tmp_report[PATH_MAX + 16], tmp_err[PATH_MAX + 16];
static volatile sig_atomic_t tmp_live;

static void on_signal(int sig) {
  if (tmp_live) {
    unlink(tmp_report);
    unlink(tmp_err);
    rmdir(tmp_dir);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Runs argv with stdin from /dev/null and stdout+stderr into errpath.
 * Returns the exit status (128+signal when killed), -1 when it could not run. */
static int run_clang(char **argv, const char *errpath) {
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa) != 0) {
    kp_cli_error("out of memory");
    return -1;
  }
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 2, 1);
  pid_t pid;
  int e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (e != 0) {
    kp_cli_error("cannot run clang '%s': %s (set $KPERF_CLANG)", argv[0], strerror(e));
    return -1;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) {
      kp_cli_error("waiting for clang: %s", strerror(errno));
      return -1;
    }
  if (WIFEXITED(st))
    return WEXITSTATUS(st);
  if (WIFSIGNALED(st))
    return 128 + WTERMSIG(st);
  return -1;
}


const char *kp_cli_find_clang(char *buf, size_t n) { return find_clang(buf, n); }
const char *kp_cli_find_plugin(char *buf, size_t n) { return find_plugin(buf, n); }
const char *kp_cli_cuda_path(void) { return cuda_path(); }
const char *kp_cli_find_nvcc_compat(char *buf, size_t n) { return find_nvcc_compat(buf, n); }
char *kp_cli_read_file(const char *path, size_t *len) { return read_all(path, len); }

int kp_cli_plugin_run(const char *key, const char *file, char *const *plugin_args,
                      size_t nplugin, char *const *clang_args, size_t nclang,
                      kp_plugin_result *r) {
  int rc = -1;
  kp_strlist cmd;
  memset(&cmd, 0, sizeof cmd);
  memset(r, 0, sizeof *r);
  r->status = -1;
  const char *clang = find_clang(r->clang, sizeof r->clang);
  if (!clang) {
    kp_cli_error("cannot find clang++ (set $KPERF_CLANG to clang++ 22)");
    return -1;
  }
  const char *plugin = find_plugin(r->plugin, sizeof r->plugin);
  if (!plugin) {
    kp_cli_error("cannot find kperf.so next to kperf (set $KPERF_PLUGIN)");
    return -1;
  }
  const char *cuda = cuda_path();
  const char *tmpdir = getenv("TMPDIR");
  snprintf(tmp_dir, sizeof tmp_dir, "%s/kperf-%s-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp",
           key);
  if (!mkdtemp(tmp_dir)) {
    kp_cli_error("cannot create a temporary directory in %s: %s",
                 tmpdir && *tmpdir ? tmpdir : "/tmp", strerror(errno));
    return -1;
  }
  snprintf(tmp_report, sizeof tmp_report, "%s/report.json", tmp_dir);
  snprintf(tmp_err, sizeof tmp_err, "%s/clang.err", tmp_dir);
  tmp_live = 1;
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    signal(sigs[i], on_signal);
  char keyflag[64];
  snprintf(keyflag, sizeof keyflag, "-fplugin-arg-kperf-%s=", key);
  if (kp_cli_is_hip(file, clang_args, nclang)) {
    /* HIP: the host pass over HIP's headers, without AMD's device libraries;
     * clang 22 accepts the 5.x headers only with the wavefront size defined
     * (64: gfx90a's, the arch assumed when none is named). */
    if (kp_strlist_push(&cmd, clang) || kp_strlist_push(&cmd, "-x") || kp_strlist_push(&cmd, "hip") ||
        kp_strlist_push(&cmd, "--cuda-host-only") || kp_strlist_push(&cmd, "-fsyntax-only") ||
        (!names_arch((char **)clang_args, (int)nclang) &&
         (kp_strlist_push(&cmd, "--offload-arch=gfx90a") ||
          kp_strlist_push(&cmd, "-D__AMDGCN_WAVEFRONT_SIZE=64"))) ||
        kp_strlist_push2(&cmd, "--rocm-path=", kp_cli_rocm_path()) || kp_strlist_push(&cmd, "-nogpulib") ||
        kp_strlist_push2(&cmd, "-fplugin=", plugin) || kp_strlist_push2(&cmd, keyflag, tmp_report))
      goto oom;
  } else if (kp_strlist_push(&cmd, clang) || kp_strlist_push(&cmd, "-x") || kp_strlist_push(&cmd, "cuda") ||
      kp_strlist_push(&cmd, "--cuda-host-only") || kp_strlist_push(&cmd, "-fsyntax-only") ||
      kp_strlist_push(&cmd, "-Wno-unknown-cuda-version") ||
      (!names_arch((char **)clang_args, (int)nclang) && kp_strlist_push(&cmd, "--cuda-gpu-arch=sm_90")) ||
      kp_strlist_push2(&cmd, "--cuda-path=", cuda) || kp_strlist_push(&cmd, "-isystem") ||
      kp_strlist_push2(&cmd, cuda, "/include/cccl") || kp_strlist_push2(&cmd, "-fplugin=", plugin) ||
      kp_strlist_push2(&cmd, keyflag, tmp_report))
    goto oom;
  for (size_t i = 0; i < nplugin; i++)
    if (kp_strlist_push(&cmd, plugin_args[i]))
      goto oom;
  for (size_t i = 0; i < nclang; i++)
    if (kp_strlist_push(&cmd, clang_args[i]))
      goto oom;
  if (kp_strlist_push(&cmd, file))
    goto oom;
  r->status = run_clang(cmd.v, tmp_err);
  r->errtext = read_all(tmp_err, NULL);
  r->report = r->status >= 0 ? read_all(tmp_report, &r->report_len) : NULL;
  rc = 0;
  goto out;
oom:
  kp_cli_error("out of memory");
out:
  /* Everything is in memory: nothing is left behind, however the output ends. */
  remove_dir(tmp_dir);
  tmp_live = 0;
  kp_strlist_free(&cmd);
  return rc;
}

char *kp_cli_run_plugin(const char *file, char *const *plugin_args, size_t nplugin,
                        char *const *clang_args, size_t nclang, char **errtext_out) {
  kp_plugin_result r;
  if (errtext_out)
    *errtext_out = NULL;
  if (kp_cli_plugin_run("predict", file, plugin_args, nplugin, clang_args, nclang, &r) != 0)
    return NULL;
  if (!r.report) {
    if (r.errtext && *r.errtext)
      fputs(r.errtext, stderr);
    if (r.status > 128)
      kp_cli_error("clang was killed by signal %d on '%s'", r.status - 128, file);
    else if (r.status >= 0)
      kp_cli_error("clang wrote no predictions for '%s' (exit status %d)", file, r.status);
  }
  if (errtext_out)
    *errtext_out = r.errtext;
  else
    free(r.errtext);
  return r.report;
}
