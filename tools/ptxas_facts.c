/* kperf predict / recommend / compare --ptxas: registers and spills from the
 * device compilers for the architectures of the GPUs asked for — nvcc's
 * ptxas for NVIDIA GPUs, clang's AMDGPU backend for AMD GPUs — written as a
 * ptxas facts file for the plugin (-fplugin-arg-kperf-ptxas; kperf/ptxas.h,
 * kperf/amdgpu.h, docs/models.md "Registers from the device compiler").  A
 * compiler failing never fails the prediction: the facts file then says why,
 * and the estimate is used. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "kperf/amdgpu.h"
#include "kperf/ptxas.h"
#include "plugin_run.h"

#ifndef KPERF_CUDA_PATH
#define KPERF_CUDA_PATH ""
#endif

/* nvcc's timeout per architecture (kernels with large unrolled loops take
 * minutes in ptxas; a hung one must not hang kperf). */
#define NVCC_TIMEOUT_S 300

int kp_cli_ptxas_mode(const char *text) {
  if (!text) /* no --ptxas: $KPERF_PTXAS, else auto */
    text = getenv("KPERF_PTXAS");
  if (!text || !*text || strcmp(text, "auto") == 0)
    return KP_PTXAS_AUTO;
  if (strcmp(text, "nvcc") == 0)
    return KP_PTXAS_NVCC;
  if (strcmp(text, "off") == 0)
    return KP_PTXAS_OFF;
  return -1;
}

static int executable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* nvcc of the toolkit: --cuda-path, $KPERF_CUDA_PATH, $CUDA_PATH, the one
 * kperf was configured with, /usr/local/cuda.  0 when none has bin/nvcc. */
static int find_nvcc(const char *cuda_opt, char *buf, size_t n) {
  const char *cands[5] = {cuda_opt, getenv("KPERF_CUDA_PATH"), getenv("CUDA_PATH"),
                          KPERF_CUDA_PATH, "/usr/local/cuda"};
  for (int i = 0; i < 5; i++) {
    if (!cands[i] || !*cands[i])
      continue;
    snprintf(buf, n, "%s/bin/nvcc", cands[i]);
    if (executable(buf))
      return 1;
    if (i == 0)
      return 0; /* the one named explicitly, or none */
  }
  return 0;
}

uint64_t kp_cli_fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) {
    h ^= s[i];
    h *= 1099511628211ull;
  }
  return h;
}

uint64_t kp_cli_exe_hash(const char *exe) {
  uint64_t h = 14695981039346656037ull;
  struct stat st;
  if (stat(exe, &st) == 0) {
    long long x[2] = {(long long)st.st_size, (long long)st.st_mtime};
    h = kp_cli_fnv(h, x, sizeof x);
  }
  return kp_cli_fnv(h, exe, strlen(exe));
}

/* What identifies the toolkit: its version.json, else nvcc's size and time. */
static uint64_t toolkit_hash(const char *nvcc) {
  uint64_t h = 14695981039346656037ull;
  char path[4200];
  snprintf(path, sizeof path, "%s", nvcc);
  char *slash = strrchr(path, '/');
  if (slash && slash - path >= 4 && strncmp(slash - 4, "/bin", 4) == 0) {
    snprintf(slash - 4, sizeof path - (size_t)(slash - 4 - path), "/version.json");
    size_t len = 0;
    char *v = kp_cli_read_file(path, &len);
    if (v) {
      h = kp_cli_fnv(h, v, len);
      free(v);
      return h;
    }
  }
  return kp_cli_exe_hash(nvcc);
}

/* The clang arguments nvcc takes the same way: -D, -U, -I (joined), -std=. */
static int nvcc_flag(const char *a) {
  return ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0 || strncmp(a, "-I", 2) == 0) &&
          a[2]) ||
         strncmp(a, "-std=", 5) == 0;
}

/* Makes dir and its parents (mode 0777 before umask). 0 ok. */
static int make_dirs(const char *dir) {
  char p[4096];
  snprintf(p, sizeof p, "%s", dir);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') {
      *s = '\0';
      if (mkdir(p, 0777) != 0 && errno != EEXIST)
        return -1;
      *s = '/';
    }
  return mkdir(p, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* An interrupt while nvcc runs ends nvcc (in a process group of its own,
 * which the terminal's interrupt does not reach) and then kperf. */
static void on_signal(int sig) {
  long g = kp_ptxas_nvcc_group();
  if (g > 0)
    kill(-(pid_t)g, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* One architecture's facts into all: from the cache or from nvcc. */
/* The AMD compile: clang, HIP's headers, the device libraries and their
 * code object version (0: clang's default). */
typedef struct amd_tools {
  const char *clang, *rocm, *devlibs;
  int cov;
} amd_tools;

/* One architecture's facts into all: from the cache, or from nvcc (amd NULL)
 * or clang. */
static void facts_for_arch(const char *nvcc, const amd_tools *amd, const char *file,
                           const char *arch, const char **flags, size_t nflags, const char *cache,
                           uint64_t key, kp_ptxas_facts *all) {
  char cpath[4200] = "";
  char err[1024];
  if (cache && *cache) {
    uint64_t h = kp_cli_fnv(key, arch, strlen(arch));
    snprintf(cpath, sizeof cpath, "%s/%016llx.facts", cache, (unsigned long long)h);
    kp_ptxas_facts c;
    kp_ptxas_facts_init(&c);
    if (access(cpath, R_OK) == 0 && kp_ptxas_facts_read(cpath, &c, err, sizeof err) == 0) {
      for (size_t i = 0; i < c.nfuncs; i++)
        kp_ptxas_add(all, &c.funcs[i]);
      for (size_t i = 0; i < c.nmissing; i++)
        kp_ptxas_add_missing(all, c.missing[i].arch, c.missing[i].why);
      kp_ptxas_facts_free(&c);
      return;
    }
    kp_ptxas_facts_free(&c);
  }
  kp_ptxas_facts one;
  kp_ptxas_facts_init(&one);
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  void (*old[3])(int);
  for (int i = 0; i < 3; i++)
    old[i] = signal(sigs[i], on_signal);
  int rc = amd ? kp_amdgpu_run_clang(amd->clang, file, arch, amd->rocm, amd->devlibs, amd->cov,
                                     flags, nflags, NVCC_TIMEOUT_S, &one, err, sizeof err)
               : kp_ptxas_run_nvcc(nvcc, file, arch, flags, nflags, NVCC_TIMEOUT_S, &one, err,
                                   sizeof err);
  for (int i = 0; i < 3; i++)
    signal(sigs[i], old[i] == SIG_ERR ? SIG_DFL : old[i]);
  if (rc != 0) {
    kp_ptxas_facts_free(&one);
    kp_ptxas_facts_init(&one);
    kp_ptxas_add_missing(&one, arch, err);
  }
  for (size_t i = 0; i < one.nfuncs; i++)
    kp_ptxas_add(all, &one.funcs[i]);
  for (size_t i = 0; i < one.nmissing; i++)
    kp_ptxas_add_missing(all, one.missing[i].arch, one.missing[i].why);
  /* A timeout is the machine's, not the file's: not kept. */
  if (*cpath && !(rc != 0 && strstr(err, "timed out")) && make_dirs(cache) == 0 &&
      kp_ptxas_facts_write(&one, cpath, err, sizeof err) != 0)
    kp_cli_error("warning: cannot cache the ptxas facts: %s", err);
  kp_ptxas_facts_free(&one);
}

/* The ROCm device libraries (ockl.bc): $KPERF_ROCM_DEVICE_LIBS, $ROCM_PATH's,
 * Debian's rocm-device-libs, /opt/rocm's; with the code object version their
 * ABI files allow (oclc_abi_version_N00.bc: the newest; 0 when none says). */
static int find_devlibs(char *buf, size_t n, int *cov) {
  const char *rocm = getenv("ROCM_PATH");
  char cands[5][4200];
  snprintf(cands[0], sizeof cands[0], "%s", getenv("KPERF_ROCM_DEVICE_LIBS") ? getenv("KPERF_ROCM_DEVICE_LIBS") : "");
  snprintf(cands[1], sizeof cands[1], "%s%s", rocm && *rocm ? rocm : "", rocm && *rocm ? "/amdgcn/bitcode" : "");
  snprintf(cands[2], sizeof cands[2], "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
  snprintf(cands[3], sizeof cands[3], "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode");
  snprintf(cands[4], sizeof cands[4], "/opt/rocm/amdgcn/bitcode");
  for (int i = 0; i < 5; i++) {
    char p[4300];
    if (!cands[i][0])
      continue;
    snprintf(p, sizeof p, "%.4096s/ockl.bc", cands[i]);
    if (access(p, R_OK) != 0) {
      if (i == 0)
        return 0; /* the one named explicitly, or none */
      continue;
    }
    snprintf(buf, n, "%.4096s", cands[i]);
    *cov = 0;
    for (int v = 6; v >= 4 && !*cov; v--) {
      snprintf(p, sizeof p, "%.4096s/oclc_abi_version_%d00.bc", cands[i], v);
      if (access(p, R_OK) == 0)
        *cov = v;
    }
    return 1;
  }
  return 0;
}

/* The ISA whose device library stands in for isa's when the libraries lack
 * it: the nearest lower ISA of the same generation (gfx940 for gfx942), else
 * the nearest lower one (gfx1036 for gfx1100).  That library only holds the
 * ISA's number for the libraries' own feature tests; the registers and the
 * scratch are still the backend's for isa.  0 when none. */
static int stand_in_isa(const char *devlibs, const char *isa, char *out, size_t n) {
  if (strncmp(isa, "gfx", 3) != 0)
    return 0;
  const char *digits = isa + 3;
  char *end;
  unsigned long v = strtoul(digits, &end, 16);
  if (end == digits || *end)
    return 0;
  size_t glen = strlen(digits) >= 4 ? 2 : 1; /* "11" of 1100, "9" of 942 */
  DIR *d = opendir(devlibs);
  if (!d)
    return 0;
  unsigned long best_same = 0, best_any = 0;
  char same[32] = "", any[32] = "";
  const char *pre = "oclc_isa_version_";
  for (struct dirent *e; (e = readdir(d));) {
    if (strncmp(e->d_name, pre, strlen(pre)) != 0)
      continue;
    const char *x = e->d_name + strlen(pre);
    unsigned long w = strtoul(x, &end, 16);
    if (end == x || strcmp(end, ".bc") != 0 || end - x > 8 || w >= v)
      continue;
    size_t xlen = (size_t)(end - x);
    int same_gen = (xlen >= 4 ? 2u : 1u) == glen && strncmp(x, digits, glen) == 0;
    if (same_gen && w > best_same) {
      best_same = w;
      snprintf(same, sizeof same, "%.*s", (int)xlen, x);
    }
    if (w > best_any) {
      best_any = w;
      snprintf(any, sizeof any, "%.*s", (int)xlen, x);
    }
  }
  closedir(d);
  const char *pick = same[0] ? same : any;
  if (!pick[0])
    return 0;
  snprintf(out, n, "gfx%s", pick);
  return 1;
}

/* Removes what stand_in_dir made. */
static void remove_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  for (struct dirent *e; (e = readdir(d));) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    char p[4400];
    snprintf(p, sizeof p, "%.4096s/%.200s", dir, e->d_name);
    unlink(p);
  }
  closedir(d);
  rmdir(dir);
}

/* A directory of links to devlibs' libraries, with isa's ISA library a link
 * to stand_in's (the driver looks for it by name).  0 ok, dir filled; -1
 * with nothing left behind. */
static int stand_in_dir(const char *devlibs, const char *isa, const char *stand_in, char *dir,
                        size_t n) {
  const char *tmpdir = getenv("TMPDIR");
  snprintf(dir, n, "%s/kperf-devlibs-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
  if (!mkdtemp(dir))
    return -1;
  DIR *d = opendir(devlibs);
  int ok = d != NULL;
  for (struct dirent *e; ok && (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len < 4 || strcmp(e->d_name + len - 3, ".bc") != 0)
      continue;
    char from[4400], to[4400];
    snprintf(from, sizeof from, "%.4096s/%.200s", devlibs, e->d_name);
    snprintf(to, sizeof to, "%.4096s/%.200s", dir, e->d_name);
    ok = symlink(from, to) == 0;
  }
  if (d)
    closedir(d);
  char from[4400], to[4400];
  snprintf(from, sizeof from, "%.4096s/oclc_isa_version_%.15s.bc", devlibs, stand_in + 3);
  snprintf(to, sizeof to, "%.4096s/oclc_isa_version_%.15s.bc", dir, isa + 3);
  if (ok && symlink(from, to) == 0)
    return 0;
  remove_dir(dir);
  return -1;
}

/* A cache key: the compiler's identity (seed), the file's content and the
 * flags passed on. */
static uint64_t content_key(uint64_t seed, const char *src, size_t len, const char **flags,
                            size_t nflags) {
  uint64_t key = seed;
  if (src)
    key = kp_cli_fnv(key, src, len);
  for (size_t i = 0; i < nflags; i++)
    key = kp_cli_fnv(key, flags[i], strlen(flags[i]) + 1);
  return key;
}

/* One AMD ISA's facts into all: with the device libraries' own ISA library,
 * else with a lower ISA's standing in for it, else the reason. */
static void amd_facts(const amd_tools *amd, const char *file, const char *isa,
                      const char **flags, size_t nflags, const char *cache, uint64_t key,
                      kp_ptxas_facts *all) {
  char isa_lib[4400], stand_in[32], dir[4200];
  if (!kp_isa_is_gfx(isa)) { /* TeraScale ("cayman"): no HIP target */
    kp_ptxas_add_missing(all, isa, "clang compiles HIP only for gfx ISAs, not for this GPU's");
    return;
  }
  snprintf(isa_lib, sizeof isa_lib, "%.4096s/oclc_isa_version_%.15s.bc", amd->devlibs, isa + 3);
  if (access(isa_lib, R_OK) == 0) {
    facts_for_arch(NULL, amd, file, isa, flags, nflags, cache, key, all);
  } else if (stand_in_isa(amd->devlibs, isa, stand_in, sizeof stand_in) &&
             stand_in_dir(amd->devlibs, isa, stand_in, dir, sizeof dir) == 0) {
    amd_tools with = *amd;
    with.devlibs = dir;
    facts_for_arch(NULL, &with, file, isa, flags, nflags, cache,
                   kp_cli_fnv(key, stand_in, strlen(stand_in)), all);
    remove_dir(dir);
  } else {
    char why[4400]; /* clang would say so at length */
    snprintf(why, sizeof why, "the ROCm device libraries in %.4096s have no %.15s",
             amd->devlibs, isa);
    kp_ptxas_add_missing(all, isa, why);
  }
}

char *kp_cli_ptxas_facts(int mode, const char *cuda_opt, const char *cache, const char *db_opt,
                         const char *file, const char *const *gpus, size_t ngpus,
                         char *const *clang_args, size_t nclang) {
  if (mode == KP_PTXAS_OFF)
    return NULL;
  kp_ptxas_facts all;
  kp_ptxas_facts_init(&all);
  /* The architectures of the GPUs, each once: NVIDIA's sm_XY, AMD's ISAs. */
  char archs[64][16];
  int is_amd[64];
  size_t narchs = 0, namd = 0;
  kp_gpudb *db = kp_cli_open_db(db_opt);
  for (size_t g = 0; db && g < ngpus; g++) {
    kp_gpu gpu;
    char err[1024];
    if (!gpus[g] || kp_gpudb_find(db, gpus[g], &gpu, err, sizeof err) != 0)
      continue; /* the plugin says what is wrong with the GPU */
    char arch[16];
    int amd = kp_gpu_is_amd(&gpu);
    kp_ptxas_arch_of_gpu(&gpu, arch, sizeof arch);
    int seen = 0;
    for (size_t k = 0; k < narchs; k++)
      seen |= strcmp(archs[k], arch) == 0;
    if (seen || narchs == 64)
      continue;
    is_amd[narchs] = amd;
    namd += (size_t)amd;
    snprintf(archs[narchs++], sizeof archs[0], "%s", arch);
  }
  if (db)
    kp_gpudb_close(db);
  const char **flags = calloc(nclang + 1, sizeof *flags);
  size_t nflags = 0;
  for (size_t i = 0; flags && i < nclang; i++)
    if (nvcc_flag(clang_args[i]))
      flags[nflags++] = clang_args[i];
  size_t len = 0;
  char *src = kp_cli_read_file(file, &len);

  /* NVIDIA GPUs: nvcc's ptxas. */
  char nvcc[4200];
  int hip = kp_cli_is_hip(file, clang_args, nclang);
  int have_nvcc = narchs > namd && !hip && find_nvcc(cuda_opt, nvcc, sizeof nvcc);
  if (narchs > namd && !hip && !have_nvcc && mode == KP_PTXAS_NVCC)
    kp_cli_error("warning: --ptxas nvcc: no nvcc in %s; registers are estimated",
                 cuda_opt && *cuda_opt ? cuda_opt : "the CUDA toolkit's places (--cuda-path)");
  uint64_t nv_key = have_nvcc ? content_key(toolkit_hash(nvcc), src, len, flags, nflags) : 0;
  /* AMD GPUs: clang's AMDGPU backend, with the ROCm device libraries. */
  char clangbuf[4200], devlibs[4200];
  amd_tools amd = {NULL, kp_cli_rocm_path(), NULL, 0};
  const char *why_amd = NULL;
  if (namd) {
    amd.clang = kp_cli_find_clang(clangbuf, sizeof clangbuf);
    if (!amd.clang)
      why_amd = "no clang++ to compile for AMD GPUs";
    else if (!find_devlibs(devlibs, sizeof devlibs, &amd.cov))
      why_amd = "no ROCm device libraries (Debian: rocm-device-libs)";
    else
      amd.devlibs = devlibs;
    if (why_amd && mode == KP_PTXAS_NVCC)
      kp_cli_error("warning: --ptxas: %s; AMD registers are estimated", why_amd);
  }
  uint64_t amd_key =
      amd.devlibs ? content_key(kp_cli_fnv(kp_cli_exe_hash(amd.clang), amd.devlibs, strlen(amd.devlibs)), src,
                                len, flags, nflags)
                  : 0;
  free(src);
  for (size_t k = 0; flags && k < narchs; k++) {
    if (is_amd[k] && why_amd) {
      kp_ptxas_add_missing(&all, archs[k], why_amd);
    } else if (is_amd[k]) {
      amd_facts(&amd, file, archs[k], flags, nflags, cache, amd_key, &all);
    } else if (hip) {
      kp_ptxas_add_missing(&all, archs[k], "a HIP file, which nvcc does not compile");
    } else if (!have_nvcc) {
      kp_ptxas_add_missing(&all, archs[k], "no CUDA toolkit");
    } else {
      facts_for_arch(nvcc, NULL, file, archs[k], flags, nflags, cache, nv_key, &all);
    }
  }
  free(flags);
  const char *tmpdir = getenv("TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/kperf-ptxas-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
  int fd = mkstemp(path);
  char err[1024];
  if (fd < 0) {
    kp_cli_error("warning: cannot create a temporary file for the ptxas facts: %s; registers "
                 "are estimated",
                 strerror(errno));
    kp_ptxas_facts_free(&all);
    return NULL;
  }
  close(fd);
  int rc = kp_ptxas_facts_write(&all, path, err, sizeof err);
  kp_ptxas_facts_free(&all);
  if (rc != 0) {
    unlink(path);
    kp_cli_error("warning: %s; registers are estimated", err);
    return NULL;
  }
  return strdup(path);
}

void kp_cli_ptxas_done(char *path) {
  if (path)
    unlink(path);
  free(path);
}
