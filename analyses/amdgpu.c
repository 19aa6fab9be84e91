/* Registers, scratch and LDS from clang's AMDGPU assembly: the parser and
 * the compile (include/kperf/amdgpu.h). */
#define _XOPEN_SOURCE 700
#include "kperf/amdgpu.h"
#include "kperf/errmsg.h"
#include "spawn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_NAME 4096
#define MAX_FUNCS 4096

int kp_amdgpu_scratch_bytes(const char *m, int *is_store) {
  static const char *const pre[4] = {"scratch_load_", "scratch_store_", "buffer_load_",
                                     "buffer_store_"};
  const char *rest = NULL;
  int store = 0;
  for (int i = 0; i < 4 && !rest; i++)
    if (strncmp(m, pre[i], strlen(pre[i])) == 0) {
      rest = m + strlen(pre[i]);
      store = i & 1;
    }
  if (!rest)
    return 0;
  static const struct {
    const char *sfx;
    int bytes;
  } sizes[] = {{"dwordx4", 16}, {"dwordx3", 12}, {"dwordx2", 8}, {"dword", 4},
               {"b128", 16},    {"b96", 12},     {"b64", 8},     {"b32", 4},
               {"ushort", 2},   {"sshort", 2},   {"short", 2},   {"ubyte", 1},
               {"sbyte", 1},    {"byte", 1},     {"b16", 2},     {"u16", 2},
               {"i16", 2},      {"b8", 1},       {"u8", 1},      {"i8", 1}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    size_t n = strlen(sizes[i].sfx);
    /* the size, alone or before a modifier (_d16, _d16_hi) */
    if (strncmp(rest, sizes[i].sfx, n) == 0 && (rest[n] == '\0' || rest[n] == '_')) {
      if (is_store)
        *is_store = store;
      return sizes[i].bytes;
    }
  }
  return 0;
}

typedef struct body {
  char *name;
  long long store, load; /* scratch bytes per lane */
} body;

/* One line of text [s, e) into buf (NUL-terminated, truncated to n - 1). */
static void take_line(const char *s, const char *e, char *buf, size_t n) {
  size_t len = (size_t)(e - s);
  if (len >= n)
    len = n - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  while (len > 0 && (buf[len - 1] == '\r' || buf[len - 1] == ' ' || buf[len - 1] == '\t'))
    buf[--len] = '\0';
}

/* Scratch traffic per function: every label at column 0 that is not local
 * (".L...") starts a function, ".Lfunc_end" ends it. */
static int scan_bodies(const char *text, size_t len, body *bodies, size_t *nb, char *line,
                       size_t cap) {
  size_t i = 0;
  long cur = -1;
  *nb = 0;
  while (i < len) {
    size_t j = i;
    while (j < len && text[j] != '\n')
      j++;
    take_line(text + i, text + j, line, cap);
    i = j + 1;
    if (line[0] == '.' && strncmp(line, ".Lfunc_end", 10) == 0) {
      cur = -1;
      continue;
    }
    if (line[0] && line[0] != '.' && line[0] != ';' && line[0] != ' ' && line[0] != '\t') {
      char *colon = strchr(line, ':'); /* a label: "name:", maybe "; @name" after it */
      if (colon && colon > line && (colon[1] == '\0' || colon[1] == ' ' || colon[1] == '\t')) {
        int ok = 1;
        for (char *p = line; p < colon; p++)
          ok &= *p > ' ';
        if (ok && *nb < MAX_FUNCS) {
          *colon = '\0';
          bodies[*nb].name = strdup(line);
          if (!bodies[*nb].name)
            return -1;
          bodies[*nb].store = bodies[*nb].load = 0;
          cur = (long)(*nb)++;
        }
      }
      continue;
    }
    if (cur < 0 || (line[0] != ' ' && line[0] != '\t'))
      continue;
    char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    char mn[64];
    size_t k = 0;
    while (k + 1 < sizeof mn && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
      mn[k++] = *p++;
    mn[k] = '\0';
    int st = 0;
    int b = k ? kp_amdgpu_scratch_bytes(mn, &st) : 0;
    if (b > 0) {
      if (st)
        bodies[cur].store += b;
      else
        bodies[cur].load += b;
    }
  }
  return 0;
}

/* "    .key:   value" -> key and value (trimmed); 0 when the line is not one. */
static int key_value(const char *line, const char **key, size_t *klen, const char **val) {
  const char *p = line;
  while (*p == ' ')
    p++;
  if (p[0] == '-' && p[1] == ' ')
    p += 2;
  if (*p != '.')
    return 0;
  const char *c = strchr(p, ':');
  if (!c)
    return 0;
  *key = p + 1;
  *klen = (size_t)(c - p - 1);
  c++;
  while (*c == ' ' || *c == '\t')
    c++;
  *val = c;
  return 1;
}

static int num(const char *v, long long *out) {
  char *end;
  errno = 0;
  long long x = strtoll(v, &end, 10);
  if (end == v || *end != '\0' || errno || x < 0 || x > (1LL << 40))
    return 0;
  *out = x;
  return 1;
}

static int is_key(const char *k, size_t n, const char *want) {
  return strlen(want) == n && strncmp(k, want, n) == 0;
}

int kp_amdgpu_parse(const char *text, size_t len, const char *arch, kp_ptxas_facts *out,
                    size_t *nfound, char *err, size_t errlen) {
  if (nfound)
    *nfound = 0;
  if (!text || !out || !arch || !*arch || strlen(arch) > 15)
    return kp__err(err, errlen, "no AMDGPU assembly");
  const char *meta = NULL;
  for (const char *h = text; h && (size_t)(h - text) < len; h = strstr(h + 1, "amdhsa.kernels:"))
    if (strncmp(h, "amdhsa.kernels:", 15) == 0 && (h == text || h[-1] == '\n')) {
      meta = h;
      break;
    }
  if (!meta)
    return kp__err(err, errlen, "the assembly has no amdhsa.kernels metadata");
  size_t cap = MAX_NAME + 256;
  char *line = malloc(cap);
  body *bodies = calloc(MAX_FUNCS, sizeof *bodies);
  size_t nb = 0;
  int rc = 0;
  if (!line || !bodies || scan_bodies(text, (size_t)(meta - text), bodies, &nb, line, cap) != 0) {
    rc = kp__err(err, errlen, "out of memory");
    goto done;
  }
  size_t i = (size_t)(meta - text), found = 0;
  /* skip the "amdhsa.kernels:" line */
  while (i < len && text[i] != '\n')
    i++;
  i++;
  kp_ptxas_func rec;
  int open = 0;
  long long vgpr = -1, scratch = 0, lds = 0;
  char *name = NULL;
  for (;;) {
    int end = i >= len;
    if (!end) {
      size_t j = i;
      while (j < len && text[j] != '\n')
        j++;
      take_line(text + i, text + j, line, cap);
      i = j + 1;
      end = line[0] != ' ' && line[0] != '\0';
    }
    int start = !end && strncmp(line, "  - .", 5) == 0;
    if ((end || start) && open) {
      /* the record of the kernel just read */
      if (!name || vgpr < 0) {
        rc = kp__err(err, errlen, "a kernel of the AMDGPU metadata has no %s",
                     name ? ".vgpr_count" : ".name");
        break;
      }
      memset(&rec, 0, sizeof rec);
      snprintf(rec.arch, sizeof rec.arch, "%s", arch);
      rec.name = name;
      rec.is_entry = 1;
      rec.registers = (int)vgpr;
      rec.stack_bytes = scratch;
      rec.smem_bytes = lds;
      rec.barriers = -1;
      for (size_t b = 0; b < nb; b++)
        if (strcmp(bodies[b].name, name) == 0) {
          rec.spill_store_bytes = bodies[b].store;
          rec.spill_load_bytes = bodies[b].load;
        }
      if (kp_ptxas_add(out, &rec) != 0) {
        rc = kp__err(err, errlen, "cannot keep the facts of %s", name);
        break;
      }
      found++;
      free(name);
      name = NULL;
      open = 0;
    }
    if (end)
      break;
    if (start) {
      open = 1;
      vgpr = -1;
      scratch = lds = 0;
    }
    /* a kernel's own keys: "  - .key" or "    .key" (deeper ones are its args) */
    if (!open || !(start || strncmp(line, "    .", 5) == 0))
      continue;
    const char *k, *v;
    size_t kl;
    if (!key_value(line, &k, &kl, &v))
      continue;
    long long x;
    if (is_key(k, kl, "name")) {
      if (!*v || strlen(v) > MAX_NAME || strchr(v, ' ')) {
        rc = kp__err(err, errlen, "a kernel name of the AMDGPU metadata is garbled");
        break;
      }
      free(name);
      name = strdup(v);
      if (!name) {
        rc = kp__err(err, errlen, "out of memory");
        break;
      }
    } else if (is_key(k, kl, "vgpr_count") || is_key(k, kl, "private_segment_fixed_size") ||
               is_key(k, kl, "group_segment_fixed_size")) {
      if (!num(v, &x)) {
        rc = kp__err(err, errlen, "the AMDGPU metadata's .%.*s is not a number: '%s'", (int)kl, k,
                     v);
        break;
      }
      if (is_key(k, kl, "vgpr_count"))
        vgpr = x;
      else if (is_key(k, kl, "private_segment_fixed_size"))
        scratch = x;
      else
        lds = x;
    }
  }
  free(name);
  if (rc == 0 && nfound)
    *nfound = found;
done:
  for (size_t b = 0; b < nb; b++)
    free(bodies[b].name);
  free(bodies);
  free(line);
  return rc;
}

int kp_amdgpu_run_clang(const char *clang, const char *file, const char *arch,
                        const char *rocm, const char *devlibs, int cov,
                        const char *const *flags, size_t nflags, int timeout_s,
                        kp_ptxas_facts *out, char *err, size_t errlen) {
  if (!clang || !file || !arch || !*arch || strlen(arch) > 15 || strchr(arch, ' ') || !out)
    return kp__err(err, errlen, "clang: nothing to compile");
  if (timeout_s <= 0)
    timeout_s = 600;
  const char *tmpdir = getenv("TMPDIR");
  char asmpath[4096];
  snprintf(asmpath, sizeof asmpath, "%s/kperf-amdgpu-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
  int fd = mkstemp(asmpath);
  if (fd < 0)
    return kp__err(err, errlen, "clang: cannot create a temporary file: %s", strerror(errno));
  close(fd);
  char archflag[48], rocmflag[4200], libflag[4200], covflag[48], wave[48];
  snprintf(archflag, sizeof archflag, "--offload-arch=%s", arch);
  snprintf(rocmflag, sizeof rocmflag, "--rocm-path=%s", rocm ? rocm : "");
  snprintf(libflag, sizeof libflag, "--rocm-device-lib-path=%s", devlibs ? devlibs : "");
  snprintf(covflag, sizeof covflag, "-mcode-object-version=%d", cov);
  /* HIP's 5.x headers need the wavefront size (clang 22 no longer defines it) */
  snprintf(wave, sizeof wave, "-D__AMDGCN_WAVEFRONT_SIZE=%d",
           strncmp(arch, "gfx", 3) == 0 && arch[3] == '9' ? 64 : 32);
  const char *head[20];
  size_t a = 0;
  head[a++] = clang;
  head[a++] = "-x";
  head[a++] = "hip";
  head[a++] = "--cuda-device-only";
  head[a++] = "-O3";
  head[a++] = "-S";
  head[a++] = "-w";
  head[a++] = "-o";
  head[a++] = asmpath;
  head[a++] = archflag;
  if (rocm && *rocm)
    head[a++] = rocmflag;
  if (devlibs && *devlibs) {
    head[a++] = libflag;
    if (cov > 0)
      head[a++] = covflag;
  } else {
    head[a++] = "-nogpulib";
  }
  head[a++] = wave;
  /* a CUDA file compiled as HIP: HIP's runtime header declares threadIdx and
   * the rest, which a .hip file includes itself */
  size_t fl = strlen(file);
  if (!(fl > 4 && strcmp(file + fl - 4, ".hip") == 0)) {
    head[a++] = "-include";
    head[a++] = "hip/hip_runtime.h";
  }
  static const char *const needles[] = {"error:", NULL};
  char ctx[32];
  snprintf(ctx, sizeof ctx, " for %s", arch);
  char *text = NULL;
  size_t len = 0;
  int rc = kp__run_compiler(head, a, flags, nflags, file, timeout_s, "clang", ctx, needles,
                            &text, &len, err, errlen);
  free(text);
  if (rc == 0) {
    size_t n = 0;
    char *s = kp__read_path(asmpath, &n);
    if (!s)
      rc = kp__err(err, errlen, "cannot read clang's assembly for %s", arch);
    else
      rc = kp_amdgpu_parse(s, n, arch, out, NULL, err, errlen);
    free(s);
  }
  unlink(asmpath);
  return rc;
}
