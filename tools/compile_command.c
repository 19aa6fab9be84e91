/* Compile commands of a compilation database as clang CUDA compiles
 * (include/kperf/compile_command.h). */
#define _XOPEN_SOURCE 700
#include "kperf/compile_command.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ lists */

int kp_strlist_push(kp_strlist *l, const char *s) {
  if (l->n + 2 > l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 32;
    char **p = realloc(l->v, cap * sizeof *p);
    if (!p)
      return -1;
    l->v = p;
    l->cap = cap;
  }
  char *c = strdup(s ? s : "");
  if (!c)
    return -1;
  l->v[l->n++] = c;
  l->v[l->n] = NULL;
  return 0;
}

int kp_strlist_push2(kp_strlist *l, const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 1;
  char *t = malloc(n);
  if (!t)
    return -1;
  snprintf(t, n, "%s%s", a, b);
  int r = kp_strlist_push(l, t);
  free(t);
  return r;
}

void kp_strlist_free(kp_strlist *l) {
  for (size_t i = 0; i < l->n; i++)
    free(l->v[i]);
  free(l->v);
  memset(l, 0, sizeof *l);
}

static int contains(const kp_strlist *l, const char *s) {
  for (size_t i = 0; i < l->n; i++)
    if (strcmp(l->v[i], s) == 0)
      return 1;
  return 0;
}

static int push_once(kp_strlist *l, const char *s) {
  return contains(l, s) ? 0 : kp_strlist_push(l, s);
}

void kp_cc_result_free(kp_cc_result *r) {
  kp_strlist_free(&r->args);
  kp_strlist_free(&r->dropped);
  memset(r, 0, sizeof *r);
}

int kp_cc_entry(const cJSON *e, kp_strlist *argv, const char **directory, const char **file) {
  const cJSON *dir = cJSON_GetObjectItemCaseSensitive(e, "directory");
  const cJSON *f = cJSON_GetObjectItemCaseSensitive(e, "file");
  const cJSON *arguments = cJSON_GetObjectItemCaseSensitive(e, "arguments");
  const cJSON *command = cJSON_GetObjectItemCaseSensitive(e, "command");
  if (!cJSON_IsString(f) || !cJSON_IsString(dir) ||
      !(cJSON_IsArray(arguments) || cJSON_IsString(command)))
    return -1;
  *directory = dir->valuestring;
  *file = f->valuestring;
  if (cJSON_IsArray(arguments)) {
    const cJSON *a;
    cJSON_ArrayForEach(a, arguments) kp_strlist_push(argv, cJSON_IsString(a) ? a->valuestring : "");
    return 0;
  }
  return kp_cc_split(command->valuestring, argv) == 0 ? 0 : -1;
}

int kp_cc_clang_extras(const kp_cc_result *t, const char *cuda, kp_strlist *out) {
  if ((t->nvcc && (kp_strlist_push(out, "-isystem") ||
                   kp_strlist_push2(out, cuda, "/include/cccl"))) ||
      kp_strlist_push(out, "-Wno-unknown-cuda-version") ||
      (!t->has_arch && kp_strlist_push(out, "--cuda-gpu-arch=sm_90")) ||
      (!t->has_cuda_path && kp_strlist_push2(out, "--cuda-path=", cuda)))
    return -1;
  return 0;
}

static int starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int ends(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* ------------------------------------------------------------ splitting */

int kp_cc_split(const char *cmd, kp_strlist *out) {
  size_t n = strlen(cmd);
  char *word = malloc(n + 1);
  if (!word)
    return -1;
  const char *p = cmd;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
    if (!*p)
      break;
    size_t w = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
      if (*p == '\'') {
        for (p++; *p && *p != '\''; p++)
          word[w++] = *p;
        if (*p)
          p++;
      } else if (*p == '"') {
        for (p++; *p && *p != '"'; p++) {
          if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$' || p[1] == '`'))
            p++;
          word[w++] = *p;
        }
        if (*p)
          p++;
      } else if (*p == '\\' && p[1]) {
        word[w++] = p[1];
        p += 2;
      } else {
        word[w++] = *p++;
      }
    }
    word[w] = 0;
    if (kp_strlist_push(out, word)) {
      free(word);
      return -1;
    }
  }
  free(word);
  return 0;
}

/* ------------------------------------------------------------ response files */

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (!buf) {
      fclose(f);
      return NULL;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0)
      break;
    if (n + 1 == cap) {
      char *p = realloc(buf, cap * 2);
      if (!p)
        free(buf);
      buf = p;
      cap *= 2;
    }
  }
  fclose(f);
  buf[n] = 0;
  return buf;
}

/* The response file an argument names: "@F", "--options-file F",
 * "--options-file=F", "-optf F", "-optf=F".  Returns the name (NULL when the
 * argument is not one) and advances *i past a separate value. */
static const char *response_file(const char *const *argv, size_t argc, size_t *i) {
  const char *a = argv[*i];
  if (a[0] == '@' && a[1])
    return a + 1;
  if (strcmp(a, "--options-file") == 0 || strcmp(a, "-optf") == 0) {
    if (*i + 1 < argc)
      return argv[++*i];
    return NULL;
  }
  if (starts(a, "--options-file="))
    return a + 15;
  if (starts(a, "-optf="))
    return a + 6;
  return NULL;
}

static int expand(const char *const *argv, size_t argc, const char *dir, int depth,
                  kp_strlist *out, char *err, size_t errlen) {
  for (size_t i = 0; i < argc; i++) {
    const char *name = response_file(argv, argc, &i);
    if (!name) {
      if (kp_strlist_push(out, argv[i]))
        goto oom;
      continue;
    }
    if (depth >= 16) {
      snprintf(err, errlen, "response files nested too deeply at '%s'", name);
      return -1;
    }
    char path[PATH_MAX * 2];
    if (name[0] == '/' || !dir || !*dir)
      snprintf(path, sizeof path, "%s", name);
    else
      snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = read_text(path);
    if (!text) {
      snprintf(err, errlen, "cannot read the response file '%s': %s", path, strerror(errno));
      return -1;
    }
    kp_strlist words;
    memset(&words, 0, sizeof words);
    int r = kp_cc_split(text, &words);
    free(text);
    if (r == 0)
      r = expand((const char *const *)words.v, words.n, dir, depth + 1, out, err, errlen);
    kp_strlist_free(&words);
    if (r)
      return -1;
  }
  return 0;
oom:
  snprintf(err, errlen, "out of memory");
  return -1;
}

/* ------------------------------------------------------------ launchers */

static int is_launcher(const char *a) {
  static const char *const l[] = {"ccache", "sccache", "distcc", "icecc", "icerun",
                                  "buildcache", NULL};
  const char *b = base_name(a);
  for (int i = 0; l[i]; i++)
    if (strcmp(b, l[i]) == 0)
      return 1;
  return 0;
}

/* The index of the compiler in argv: launchers and "env [-u NAME] VAR=..." skipped. */
static size_t skip_launchers(const char *const *argv, size_t argc) {
  size_t i = 0;
  while (i < argc) {
    if (is_launcher(argv[i])) {
      i++;
    } else if (strcmp(base_name(argv[i]), "env") == 0) {
      for (i++; i < argc; i++) {
        if (strcmp(argv[i], "-u") == 0 || strcmp(argv[i], "--unset") == 0)
          i++;
        else if (!(argv[i][0] == '-' || strchr(argv[i], '=')))
          break;
      }
    } else {
      break;
    }
  }
  return i;
}

/* ------------------------------------------------------------ clang entries */

/* Flags that take the next argument and are dropped with it: outputs and
 * dependency files (kperf must not write them). */
static int clang_drop_with_value(const char *a) {
  static const char *const f[] = {"-o", "-MF", "-MT", "-MQ", "-MJ", NULL};
  for (int i = 0; f[i]; i++)
    if (strcmp(a, f[i]) == 0)
      return 1;
  return 0;
}

static int clang_drop_alone(const char *a) {
  static const char *const f[] = {"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP",
                                  "-MG", "-fsyntax-only", "-fplugin-arg-kperf-help", NULL};
  for (int i = 0; f[i]; i++)
    if (strcmp(a, f[i]) == 0)
      return 1;
  if ((starts(a, "-o") && a[2]) || (starts(a, "-MF") && a[3]) || (starts(a, "-MT") && a[3]) ||
      (starts(a, "-MQ") && a[3]) || (starts(a, "-MJ") && a[3]))
    return 1;
  /* The entry's own kperf (kperf_add_to_target): kperf loads its own plugin
   * and asks for its own report; the other kperf arguments stay. */
  if (starts(a, "-fplugin=") && strcmp(base_name(a + 9), "kperf.so") == 0)
    return 1;
  if (starts(a, "-fplugin-arg-kperf-report=") || starts(a, "-fplugin-arg-kperf-predict") ||
      starts(a, "-fplugin-arg-kperf-pragmas="))
    return 1;
  return 0;
}

static int translate_clang(const kp_strlist *in, kp_cc_result *r) {
  for (size_t i = 0; i < in->n; i++) {
    const char *a = in->v[i];
    if (clang_drop_with_value(a)) {
      i++;
      continue;
    }
    if (clang_drop_alone(a))
      continue;
    if ((strcmp(a, "-x") == 0 && i + 1 < in->n && strcmp(in->v[i + 1], "cuda") == 0) ||
        strcmp(a, "-xcuda") == 0)
      r->cuda = 1;
    if (kp_strlist_push(&r->args, a))
      return -1;
  }
  return 0;
}

/* ------------------------------------------------------------ nvcc entries */

/* Matches nvcc's option spelled LONG or SHORT (either may be NULL) at in[*i]
 * with a value: "LONG V", "LONG=V", "SHORT V", "SHORT=V", and when joined,
 * "SHORTV".  Sets *value and advances *i past a separate value. */
static int opt(const kp_strlist *in, size_t *i, const char *lng, const char *shrt, int joined,
               const char **value) {
  const char *a = in->v[*i];
  const char *names[2] = {lng, shrt};
  for (int k = 0; k < 2; k++) {
    const char *n = names[k];
    if (!n)
      continue;
    size_t len = strlen(n);
    if (strcmp(a, n) == 0) {
      *value = *i + 1 < in->n ? in->v[++*i] : "";
      return 1;
    }
    if (strncmp(a, n, len) == 0 && a[len] == '=') {
      *value = a + len + 1;
      return 1;
    }
    if (joined && k == 1 && strncmp(a, n, len) == 0 && a[len]) {
      *value = a + len;
      return 1;
    }
  }
  return 0;
}

static int is_flag(const char *a, const char *lng, const char *shrt) {
  return (lng && strcmp(a, lng) == 0) || (shrt && strcmp(a, shrt) == 0);
}

/* Pushes --cuda-gpu-arch=sm_XX for the archs an -arch / -gencode / -code
 * value names: its sm_XX, else its compute_XX. */
static int nvcc_archs(const char *v, kp_cc_result *r, kp_strlist *archs) {
  const char *kinds[2] = {"sm_", "compute_"};
  for (int k = 0; k < 2; k++) {
    int found = 0;
    size_t kl = strlen(kinds[k]);
    for (const char *p = v; (p = strstr(p, kinds[k])) != NULL;) {
      p += kl;
      size_t n = 0;
      while (p[n] >= '0' && p[n] <= '9')
        n++;
      size_t d = n;
      while (p[n] >= 'a' && p[n] <= 'z')
        n++;
      if (d > 0 && n < 16) {
        char arch[32];
        snprintf(arch, sizeof arch, "sm_%.*s", (int)n, p);
        found = 1;
        if (!contains(archs, arch)) {
          if (kp_strlist_push(archs, arch) || kp_strlist_push2(&r->args, "--cuda-gpu-arch=", arch))
            return -1;
        }
      }
      p += n;
    }
    if (found)
      break;
  }
  return 0;
}

static int dropped(kp_cc_result *r, const char *a, const char *value) {
  if (!value)
    return push_once(&r->dropped, a);
  size_t n = strlen(a) + strlen(value) + 2;
  char *t = malloc(n);
  if (!t)
    return -1;
  snprintf(t, n, "%s %s", a, value);
  int rc = push_once(&r->dropped, t);
  free(t);
  return rc;
}

/* Pushes FLAG VALUE for each comma-separated item of VALUE when list, else once. */
static int push_items(kp_cc_result *r, const char *flag, const char *value, int list) {
  if (!list)
    return kp_strlist_push2(&r->args, flag, value);
  char *copy = strdup(value);
  if (!copy)
    return -1;
  int rc = 0;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save))
    rc = kp_strlist_push2(&r->args, flag, t);
  free(copy);
  return rc;
}

/* The host compiler's options (-Xcompiler A,B): the preprocessor's are kept. */
static int host_options(const char *value, kp_cc_result *r) {
  kp_strlist items;
  memset(&items, 0, sizeof items);
  char *copy = strdup(value);
  if (!copy)
    return -1;
  int rc = 0;
  for (char *save = NULL, *t = strtok_r(copy, ",", &save); t && !rc; t = strtok_r(NULL, ",", &save))
    rc = kp_cc_split(t, &items);
  free(copy);
  for (size_t i = 0; i < items.n && !rc; i++) {
    const char *a = items.v[i];
    if ((starts(a, "-I") || starts(a, "-D") || starts(a, "-U")) && a[2]) {
      rc = kp_strlist_push(&r->args, a);
    } else if (starts(a, "-std=") || strcmp(a, "-w") == 0) {
      rc = kp_strlist_push(&r->args, a);
    } else if ((strcmp(a, "-isystem") == 0 || strcmp(a, "-include") == 0 ||
                strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0) &&
               i + 1 < items.n) {
      rc = kp_strlist_push(&r->args, a) || kp_strlist_push(&r->args, items.v[++i]);
    } else {
      rc = dropped(r, "-Xcompiler", a);
    }
  }
  kp_strlist_free(&items);
  return rc;
}

/* nvcc options with a value that kperf drops with it. */
static const char *const nvcc_value_opts[][2] = {
    {"--output-file", "-o"},        {"--compiler-bindir", "-ccbin"},
    {"--ptxas-options", "-Xptxas"}, {"--nvlink-options", "-Xnvlink"},
    {"--linker-options", "-Xlinker"}, {"--archive-options", "-Xarchive"},
    {"--maxrregcount", "-maxrregcount"}, {"--dependency-output", "-MF"},
    {"--dependency-target-name", "-MT"}, {"--keep-dir", "-keep-dir"},
    {"--output-directory", "-odir"}, {"--library", "-l"},
    {"--library-path", "-L"},       {"--threads", "-t"},
    {"--split-compile", "-split-compile"}, {"--diag-suppress", "-diag-suppress"},
    {"--diag-warn", "-diag-warn"},  {"--diag-error", "-diag-error"},
    {"--Werror", "-Werror"},        {"--machine", "-m"},
    {"--ftz", "-ftz"},
    {"--prec-div", "-prec-div"},    {"--prec-sqrt", "-prec-sqrt"},
    {"--fmad", "-fmad"},            {"--cudart", "-cudart"},
    {"--cudadevrt", "-cudadevrt"},  {"--libdevice-directory", "-ldir"},
    {"--target-directory", "-target-dir"}, {"--run-args", "-run-args"},
    {"--fatbin-options", "-Xfatbin"}, {"--dopt", "-dopt"},
    {"--input-drive-prefix", "-idp"}, {"--dependency-drive-prefix", "-ddp"},
    {"--drive-prefix", "-dp"},      {"--optimization-info", "-opt-info"},
    {"--generate-nvlink-input", "-gen-nvlink"}, {"--frandom-seed", "-frandom-seed"},
    {"--cudafe-options", "-Xcudafe"},
    {NULL, NULL}};

static int translate_nvcc(const kp_strlist *in, const char *file, kp_cc_result *r) {
  kp_strlist archs;
  memset(&archs, 0, sizeof archs);
  int rdc = 0, rc = 0;
  if (kp_strlist_push(&r->args, "-x") || kp_strlist_push(&r->args, "cuda"))
    return -1;
  if (file && (ends(file, ".cu") || ends(file, ".CU")))
    r->cuda = 1;
  for (size_t i = 0; i < in->n && !rc; i++) {
    const char *a = in->v[i], *v = NULL;
    if (a[0] != '-' || !a[1]) {
      continue; /* the source file (named once, last) or an input */
    } else if (opt(in, &i, "--include-path", "-I", 1, &v)) {
      rc = push_items(r, "-I", v, 1);
    } else if (opt(in, &i, "--system-include", "-isystem", 1, &v)) {
      rc = kp_strlist_push(&r->args, "-isystem") || kp_strlist_push(&r->args, v);
    } else if (opt(in, &i, "--define-macro", "-D", 1, &v)) {
      rc = kp_strlist_push2(&r->args, "-D", v);
    } else if (opt(in, &i, "--undefine-macro", "-U", 1, &v)) {
      rc = push_items(r, "-U", v, 1);
    } else if (opt(in, &i, "--pre-include", "-include", 0, &v)) {
      rc = kp_strlist_push(&r->args, "-include") || kp_strlist_push(&r->args, v);
    } else if (opt(in, &i, "--std", "-std", 0, &v)) {
      rc = kp_strlist_push2(&r->args, "-std=", v);
    } else if (opt(in, &i, "--gpu-architecture", "-arch", 0, &v) ||
               opt(in, &i, "--generate-code", "-gencode", 0, &v) ||
               opt(in, &i, "--gpu-code", "-code", 0, &v)) {
      rc = nvcc_archs(v, r, &archs);
    } else if (opt(in, &i, "--compiler-options", "-Xcompiler", 0, &v)) {
      rc = host_options(v, r);
    } else if (opt(in, &i, "--x", "-x", 0, &v)) {
      if (strcmp(v, "cu") == 0 || strcmp(v, "cuda") == 0)
        r->cuda = 1;
      else
        r->cuda = 0;
    } else if (opt(in, &i, "--relocatable-device-code", "-rdc", 0, &v)) {
      rdc = strcmp(v, "true") == 0;
    } else if (is_flag(a, "--device-c", "-dc")) {
      rdc = 1;
    } else if (opt(in, &i, "--default-stream", "-default-stream", 0, &v)) {
      /* per-thread defines CUDA_API_PER_THREAD_DEFAULT_STREAM under nvcc */
      if (strcmp(v, "per-thread") == 0)
        rc = kp_strlist_push(&r->args, "-fgpu-default-stream=per-thread");
      else if (strcmp(v, "legacy") != 0)
        rc = dropped(r, "-default-stream", v);
    } else if (opt(in, &i, "--optimize", "-O", 1, &v)) {
      if (v[0] >= '0' && v[0] <= '3' && !v[1])
        rc = kp_strlist_push2(&r->args, "-O", v);
      else
        rc = dropped(r, a, NULL);
    } else if (is_flag(a, "--use_fast_math", "-use_fast_math")) {
      rc = kp_strlist_push(&r->args, "-ffast-math");
    } else if (is_flag(a, "--expt-relaxed-constexpr", "-expt-relaxed-constexpr") ||
               is_flag(a, "--expt-extended-lambda", "-expt-extended-lambda") ||
               is_flag(a, "--extended-lambda", "-extended-lambda")) {
      /* clang's CUDA does both by default */
    } else if (is_flag(a, "--disable-warnings", "-w")) {
      rc = kp_strlist_push(&r->args, "-w");
    } else if (is_flag(a, "--compile", "-c")) {
      /* -fsyntax-only replaces it */
    } else {
      int matched = 0;
      for (int k = 0; nvcc_value_opts[k][0] && !matched; k++)
        if (opt(in, &i, nvcc_value_opts[k][0], nvcc_value_opts[k][1], 0, &v)) {
          matched = 1;
          /* outputs and dependency files: kperf writes none, nothing to say */
          if (k >= 1 && strcmp(nvcc_value_opts[k][1], "-MF") != 0 &&
              strcmp(nvcc_value_opts[k][1], "-MT") != 0)
            rc = dropped(r, nvcc_value_opts[k][1], v);
        }
      if (!matched && !(is_flag(a, "--generate-dependencies", "-M") ||
                        is_flag(a, "--generate-dependencies-with-compile", "-MD") ||
                        is_flag(a, "--generate-nonsystem-dependencies-with-compile", "-MMD") ||
                        is_flag(a, "--generate-dependency-targets", "-MP")))
        rc = dropped(r, a, NULL);
    }
  }
  if (!rc && rdc)
    rc = kp_strlist_push(&r->args, "-fgpu-rdc");
  if (!rc && file)
    rc = kp_strlist_push(&r->args, file);
  kp_strlist_free(&archs);
  return rc;
}

/* ------------------------------------------------------------ entry point */

int kp_cc_translate(const char *const *argv, size_t argc, const char *directory,
                    const char *file, kp_cc_result *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  if (errlen)
    err[0] = 0;
  size_t first = skip_launchers(argv, argc);
  if (first >= argc) {
    snprintf(err, errlen, "the command names no compiler");
    return -1;
  }
  kp_strlist in;
  memset(&in, 0, sizeof in);
  if (expand(argv + first + 1, argc - first - 1, directory, 0, &in, err, errlen) != 0) {
    kp_strlist_free(&in);
    return -1;
  }
  out->nvcc = strstr(base_name(argv[first]), "nvcc") != NULL;
  int rc = out->nvcc ? translate_nvcc(&in, file, out) : translate_clang(&in, out);
  kp_strlist_free(&in);
  if (rc) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  if (!out->nvcc && file && (ends(file, ".cu") || ends(file, ".CU")))
    out->cuda = 1;
  for (size_t i = 0; i < out->args.n; i++) {
    const char *a = out->args.v[i];
    if (starts(a, "--cuda-gpu-arch") || starts(a, "--offload-arch"))
      out->has_arch = 1;
    if (strcmp(a, "--cuda-host-only") == 0 || strcmp(a, "--cuda-device-only") == 0)
      out->has_side = 1;
    if (strcmp(a, "--cuda-device-only") == 0)
      out->device_only = 1;
    if (starts(a, "--cuda-path"))
      out->has_cuda_path = 1;
  }
  return 0;
}
