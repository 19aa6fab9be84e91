/* Registers and spills from ptxas -v: the parser, the facts file, nvcc and
 * the facts applied to a prediction (include/kperf/ptxas.h). */
#define _XOPEN_SOURCE 700
#include "kperf/ptxas.h"
#include "kperf/errmsg.h"
#include "spawn.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_NAME 4096
#define MAX_BYTES (1LL << 40)
/* Registers per thread, in ptxas's output and in the facts file alike: what
 * kperf writes, it reads. */
#define MAX_REGISTERS (1 << 16)


/* ---- The table ----------------------------------------------------------- */

void kp_ptxas_facts_init(kp_ptxas_facts *f) { memset(f, 0, sizeof *f); }

void kp_ptxas_facts_free(kp_ptxas_facts *f) {
  if (!f)
    return;
  for (size_t i = 0; i < f->nfuncs; i++)
    free(f->funcs[i].name);
  for (size_t i = 0; i < f->nmissing; i++)
    free(f->missing[i].why);
  free(f->funcs);
  free(f->missing);
  memset(f, 0, sizeof *f);
}

/* A word without spaces or control characters, 1 to max bytes. */
static int is_word(const char *s, size_t max) {
  size_t n = s ? strlen(s) : 0;
  if (n == 0 || n > max)
    return 0;
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)s[i] <= ' ' || s[i] == 0x7f)
      return 0;
  return 1;
}

static int grow(void **p, size_t *cap, size_t n, size_t size) {
  if (n < *cap)
    return 1;
  size_t nc = *cap ? *cap * 2 : 8;
  void *q = realloc(*p, nc * size);
  if (!q)
    return 0;
  *p = q;
  *cap = nc;
  return 1;
}

static kp_ptxas_func *find_mut(kp_ptxas_facts *f, const char *arch, const char *name) {
  for (size_t i = 0; i < f->nfuncs; i++)
    if (strcmp(f->funcs[i].arch, arch) == 0 && strcmp(f->funcs[i].name, name) == 0)
      return &f->funcs[i];
  return NULL;
}

/* The record of (arch, name), added (unknown figures) when absent. */
static kp_ptxas_func *get_or_add(kp_ptxas_facts *f, const char *arch, const char *name,
                                 size_t *nadded) {
  kp_ptxas_func *r = find_mut(f, arch, name);
  if (r)
    return r;
  if (!grow((void **)&f->funcs, &f->capfuncs, f->nfuncs, sizeof *f->funcs))
    return NULL;
  r = &f->funcs[f->nfuncs];
  memset(r, 0, sizeof *r);
  r->name = strdup(name);
  if (!r->name)
    return NULL;
  snprintf(r->arch, sizeof r->arch, "%s", arch);
  r->registers = -1;
  r->barriers = -1;
  f->nfuncs++;
  if (nadded)
    (*nadded)++;
  return r;
}

int kp_ptxas_add(kp_ptxas_facts *f, const kp_ptxas_func *rec) {
  if (!f || !rec || !is_word(rec->name, MAX_NAME) || !is_word(rec->arch, sizeof rec->arch - 1))
    return -1;
  kp_ptxas_func *r = get_or_add(f, rec->arch, rec->name, NULL);
  if (!r)
    return -1;
  char *name = r->name;
  *r = *rec;
  r->name = name;
  return 0;
}

int kp_ptxas_add_missing(kp_ptxas_facts *f, const char *arch, const char *why) {
  if (!f || !is_word(arch, sizeof f->missing[0].arch - 1) || !why)
    return -1;
  if (!grow((void **)&f->missing, &f->capmissing, f->nmissing, sizeof *f->missing))
    return -1;
  kp_ptxas_missing *m = &f->missing[f->nmissing];
  m->why = strdup(why);
  if (!m->why)
    return -1;
  /* one line: line breaks become spaces */
  for (char *p = m->why; *p; p++)
    if (*p == '\n' || *p == '\r')
      *p = ' ';
  snprintf(m->arch, sizeof m->arch, "%s", arch);
  f->nmissing++;
  return 0;
}

const kp_ptxas_func *kp_ptxas_find(const kp_ptxas_facts *f, const char *arch, const char *name) {
  if (!f || !arch || !name)
    return NULL;
  const kp_ptxas_func *r = find_mut((kp_ptxas_facts *)f, arch, name);
  /* A kernel of internal linkage (`static __global__`): clang's mangler
   * writes `_ZL8FWrem_64...`, while nvcc's ptxas prints `_Z8FWrem_64...`
   * (ptxas of CUDA 13.0 -v on HeCBench floydwarshall2's static kernels). */
  if (!r && strncmp(name, "_ZL", 3) == 0 && strlen(name) < MAX_NAME) {
    char plain[MAX_NAME + 1];
    snprintf(plain, sizeof plain, "_Z%s", name + 3);
    r = find_mut((kp_ptxas_facts *)f, arch, plain);
  }
  return r;
}

const char *kp_ptxas_why_missing(const kp_ptxas_facts *f, const char *arch) {
  if (!f || !arch)
    return NULL;
  for (size_t i = 0; i < f->nmissing; i++)
    if (strcmp(f->missing[i].arch, arch) == 0)
      return f->missing[i].why;
  for (size_t i = 0; i < f->nmissing; i++)
    if (strcmp(f->missing[i].arch, "*") == 0)
      return f->missing[i].why;
  return NULL;
}

void kp_ptxas_arch_of(int cc_major, int cc_minor, char *buf, size_t n) {
  if (cc_major <= 0 || cc_major > 99 || cc_minor < 0 || cc_minor > 9)
    snprintf(buf, n, "sm_unknown");
  else
    snprintf(buf, n, "sm_%d%d", cc_major, cc_minor);
}

void kp_ptxas_arch_of_gpu(const kp_gpu *gpu, char *buf, size_t n) {
  if (kp_gpu_is_amd(gpu))
    snprintf(buf, n, "%s", gpu->isa);
  else
    kp_ptxas_arch_of(gpu->cc_major, gpu->cc_minor, buf, n);
}

const char *kp_ptxas_compiler_of(const kp_gpu *gpu) {
  return kp_gpu_is_amd(gpu) ? "clang" : "ptxas";
}

double kp_ptxas_spill_bytes(const kp_ptxas_func *r) {
  return r ? (double)r->spill_store_bytes + (double)r->spill_load_bytes : 0;
}

/* ---- ptxas -v output ----------------------------------------------------- */

/* A non-negative decimal at *s (spaces skipped), up to max; advances *s. */
static int read_num(const char **s, long long max, long long *v) {
  const char *p = *s;
  while (*p == ' ' || *p == '\t')
    p++;
  if (!isdigit((unsigned char)*p))
    return 0;
  long long x = 0;
  while (isdigit((unsigned char)*p)) {
    x = x * 10 + (*p - '0');
    if (x > max)
      return 0;
    p++;
  }
  *s = p;
  *v = x;
  return 1;
}

/* The text after "ptxas info    :" (any spacing), or NULL. */
static const char *ptxas_info(const char *line) {
  if (strncmp(line, "ptxas info", 10) != 0)
    return NULL;
  const char *p = line + 10;
  while (*p == ' ')
    p++;
  if (*p != ':')
    return NULL;
  p++;
  while (*p == ' ')
    p++;
  return p;
}

/* 'X' at *s: copies X into out; advances past the closing quote. */
static int read_quoted(const char **s, char *out, size_t n) {
  const char *p = *s;
  while (*p == ' ')
    p++;
  if (*p != '\'')
    return 0;
  const char *q = strchr(p + 1, '\'');
  if (!q || q == p + 1 || (size_t)(q - p - 1) >= n)
    return 0;
  memcpy(out, p + 1, (size_t)(q - p - 1));
  out[q - p - 1] = '\0';
  *s = q + 1;
  return is_word(out, n - 1);
}

/* "N bytes stack frame, N bytes spill stores, N bytes spill loads" */
static int parse_frame(const char *p, kp_ptxas_func *r) {
  long long a, b, c;
  if (!read_num(&p, MAX_BYTES, &a) || strncmp(p, " bytes stack frame, ", 20) != 0)
    return 0;
  p += 20;
  if (!read_num(&p, MAX_BYTES, &b) || strncmp(p, " bytes spill stores, ", 21) != 0)
    return 0;
  p += 21;
  if (!read_num(&p, MAX_BYTES, &c) || strncmp(p, " bytes spill loads", 18) != 0)
    return 0;
  r->stack_bytes = a;
  r->spill_store_bytes = b;
  r->spill_load_bytes = c;
  return 1;
}

/* "Used N registers, used N barriers, N bytes smem, N bytes cmem[0], ..." */
static int parse_used(const char *p, kp_ptxas_func *r) {
  long long v;
  if (strncmp(p, "Used ", 5) != 0)
    return 0;
  p += 5;
  if (!read_num(&p, MAX_REGISTERS, &v) || strncmp(p, " registers", 10) != 0)
    return 0;
  r->registers = (int)v;
  p += 10;
  while (*p == ',') {
    p++;
    while (*p == ' ')
      p++;
    if (strncmp(p, "used ", 5) == 0) {
      p += 5;
      if (!read_num(&p, 1 << 20, &v))
        return 0;
      if (strncmp(p, " barriers", 9) == 0)
        r->barriers = (int)v;
    } else if (read_num(&p, MAX_BYTES, &v)) {
      if (strncmp(p, " bytes smem", 11) == 0)
        r->smem_bytes = v;
      else if (strncmp(p, " bytes cmem[0]", 14) == 0)
        r->cmem0_bytes = v;
    } /* other items (textures, later versions' additions) are skipped */
    while (*p && *p != ',')
      p++;
  }
  return 1;
}

int kp_ptxas_parse(const char *text, size_t len, const char *arch, kp_ptxas_facts *out,
                   size_t *nfound, char *err, size_t errlen) {
  size_t added = 0;
  if (nfound)
    *nfound = 0;
  if (!out || (!text && len))
    return kp__err(err, errlen, "no ptxas output");
  char cur_arch[16];
  snprintf(cur_arch, sizeof cur_arch, "%s", arch && is_word(arch, 15) ? arch : "");
  /* The function whose properties / usage come next (indices: the table may move). */
  long entry = -1, props = -1;
  char *line = malloc(MAX_NAME + 512);
  char *name = malloc(MAX_NAME + 1);
  if (!line || !name) {
    free(line);
    free(name);
    return kp__err(err, errlen, "out of memory");
  }
  int rc = 0;
  unsigned lineno = 0;
  size_t i = 0;
  while (i < len && rc == 0) {
    size_t j = i;
    while (j < len && text[j] != '\n')
      j++;
    lineno++;
    size_t n = j - i;
    if (n > MAX_NAME + 500)
      n = MAX_NAME + 500; /* no ptxas line is that long: read its start only */
    memcpy(line, text + i, n);
    line[n] = '\0';
    for (size_t k = 0; k < n; k++)
      if (line[k] == '\r' || line[k] == '\0')
        line[k] = ' ';
    while (n > 0 && line[n - 1] == ' ')
      line[--n] = '\0';
    i = j + 1;
    const char *p = ptxas_info(line);
    const char *t = line;
    while (*t == ' ' || *t == '\t')
      t++;
    if (p && strncmp(p, "Compiling entry function", 24) == 0) {
      p += 24;
      char a[16] = "";
      if (!read_quoted(&p, name, MAX_NAME + 1)) {
        rc = kp__err(err, errlen, "ptxas output line %u: no function name in '%.200s'", lineno,
                     line);
        break;
      }
      while (*p == ' ')
        p++;
      if (strncmp(p, "for", 3) == 0) {
        p += 3;
        if (!read_quoted(&p, a, sizeof a)) {
          rc = kp__err(err, errlen, "ptxas output line %u: no architecture in '%.200s'", lineno,
                       line);
          break;
        }
        snprintf(cur_arch, sizeof cur_arch, "%s", a);
      }
      kp_ptxas_func *r = get_or_add(out, cur_arch, name, &added);
      if (!r) {
        rc = kp__err(err, errlen, "out of memory");
        break;
      }
      r->is_entry = 1;
      entry = r - out->funcs;
      props = -1;
    } else if (p && strncmp(p, "Function properties for", 23) == 0) {
      p += 23;
      while (*p == ' ')
        p++;
      /* ptxas prints the name bare; some versions quote it */
      size_t k = strcspn(p, " '");
      if (*p == '\'') {
        if (!read_quoted(&p, name, MAX_NAME + 1))
          k = 0;
      } else if (k > 0 && k <= MAX_NAME && p[k] == '\0') {
        memcpy(name, p, k);
        name[k] = '\0';
      } else {
        k = 0;
      }
      if (k == 0 || !is_word(name, MAX_NAME)) {
        rc = kp__err(err, errlen, "ptxas output line %u: no function name in '%.200s'", lineno,
                     line);
        break;
      }
      kp_ptxas_func *r = get_or_add(out, cur_arch, name, &added);
      if (!r) {
        rc = kp__err(err, errlen, "out of memory");
        break;
      }
      props = r - out->funcs;
    } else if (!p && isdigit((unsigned char)*t) && strstr(t, "bytes stack frame")) {
      long target = props >= 0 ? props : entry;
      kp_ptxas_func tmp;
      if (target < 0) {
        rc = kp__err(err, errlen, "ptxas output line %u: a stack frame before any function", lineno);
        break;
      }
      if (!parse_frame(t, &tmp)) {
        rc = kp__err(err, errlen, "ptxas output line %u: cannot read '%.200s'", lineno, t);
        break;
      }
      kp_ptxas_func *r = &out->funcs[target];
      r->stack_bytes = tmp.stack_bytes;
      r->spill_store_bytes = tmp.spill_store_bytes;
      r->spill_load_bytes = tmp.spill_load_bytes;
      props = -1;
    } else if (p && strncmp(p, "Used ", 5) == 0) {
      if (entry < 0) {
        rc = kp__err(err, errlen, "ptxas output line %u: registers before any entry function",
                     lineno);
        break;
      }
      kp_ptxas_func tmp = out->funcs[entry];
      if (!parse_used(p, &tmp)) {
        rc = kp__err(err, errlen, "ptxas output line %u: cannot read '%.200s'", lineno, p);
        break;
      }
      out->funcs[entry] = tmp;
    }
    /* anything else: nvcc's own lines, gmem, compile times, warnings */
  }
  free(line);
  free(name);
  if (nfound)
    *nfound = added;
  return rc;
}

/* ---- The facts file ------------------------------------------------------ */

int kp_ptxas_facts_parse(const char *text, size_t len, kp_ptxas_facts *out, char *err,
                         size_t errlen) {
  if (!out || (!text && len))
    return kp__err(err, errlen, "no text");
  char *line = malloc(MAX_NAME + 512);
  if (!line)
    return kp__err(err, errlen, "out of memory");
  int rc = 0;
  unsigned lineno = 0;
  size_t i = 0;
  while (i < len && rc == 0) {
    size_t j = i;
    while (j < len && text[j] != '\n')
      j++;
    lineno++;
    size_t n = j - i;
    i = j + 1;
    if (n > MAX_NAME + 500) {
      rc = kp__err(err, errlen, "line %u is too long", lineno);
      break;
    }
    memcpy(line, text + i - n - 1, n);
    line[n] = '\0';
    if (memchr(line, '\0', n)) {
      rc = kp__err(err, errlen, "line %u holds a NUL byte", lineno);
      break;
    }
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
      line[--n] = '\0';
    const char *p = line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == '\0' || *p == '#')
      continue;
    if (*p == '!') {
      char a[16];
      p++;
      while (*p == ' ')
        p++;
      size_t k = strcspn(p, " \t");
      if (k == 0 || k >= sizeof a) {
        rc = kp__err(err, errlen, "line %u: expected '! ARCH WHY'", lineno);
        break;
      }
      memcpy(a, p, k);
      a[k] = '\0';
      p += k;
      while (*p == ' ' || *p == '\t')
        p++;
      if (kp_ptxas_add_missing(out, a, *p ? p : "no facts") != 0)
        rc = kp__err(err, errlen, "line %u: expected '! ARCH WHY'", lineno);
      continue;
    }
    kp_ptxas_func r;
    memset(&r, 0, sizeof r);
    r.barriers = -1;
    char name[MAX_NAME + 1];
    size_t k = strcspn(p, " \t");
    long long v[4];
    int ok = k > 0 && k < sizeof r.arch;
    if (ok) {
      memcpy(r.arch, p, k);
      r.arch[k] = '\0';
      p += k;
      while (*p == ' ' || *p == '\t')
        p++;
      k = strcspn(p, " \t");
      ok = k > 0 && k <= MAX_NAME;
    }
    if (ok) {
      memcpy(name, p, k);
      name[k] = '\0';
      p += k;
      for (int x = 0; x < 4 && ok; x++) {
        if (*p != ' ' && *p != '\t')
          ok = 0;
        else
          ok = read_num(&p, x == 0 ? MAX_REGISTERS : MAX_BYTES, &v[x]);
      }
      ok = ok && *p == '\0';
    }
    if (!ok) {
      rc = kp__err(err, errlen,
                   "line %u: expected 'ARCH FUNCTION REGISTERS STACK SPILL_STORES SPILL_LOADS' "
                   "(non-negative integers)",
                   lineno);
      break;
    }
    r.name = name;
    r.registers = (int)v[0];
    r.stack_bytes = v[1];
    r.spill_store_bytes = v[2];
    r.spill_load_bytes = v[3];
    r.is_entry = 1;
    if (kp_ptxas_add(out, &r) != 0)
      rc = kp__err(err, errlen, "line %u: out of memory", lineno);
  }
  free(line);
  return rc;
}

int kp_ptxas_facts_read(const char *path, kp_ptxas_facts *out, char *err, size_t errlen) {
  FILE *f = path ? fopen(path, "rb") : NULL;
  if (!f)
    return kp__err(err, errlen, "cannot read %s: %s", path ? path : "(null)",
                   path ? strerror(errno) : "no path");
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    if (n == cap) {
      if (cap >= (64u << 20)) {
        free(buf);
        fclose(f);
        return kp__err(err, errlen, "%s: larger than 64 MB, not a ptxas facts file", path);
      }
      char *q = realloc(buf, cap * 2);
      if (!q) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = q;
      cap *= 2;
    }
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0)
      break;
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf || bad) {
    free(buf);
    return kp__err(err, errlen, "cannot read %s", path);
  }
  char e[512];
  int rc = kp_ptxas_facts_parse(buf, n, out, e, sizeof e);
  free(buf);
  if (rc != 0)
    return kp__err(err, errlen, "%s: %s", path, e);
  return 0;
}

/* A growing string. */
typedef struct sbuf {
  char *s;
  size_t n, cap;
  int oom;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void sb_add(sbuf *b, const char *fmt, ...) {
  if (b->oom)
    return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) {
      b->oom = 1;
      return;
    }
    if (b->s && b->n + (size_t)k < b->cap) {
      b->n += (size_t)k;
      return;
    }
    size_t nc = (b->cap ? b->cap * 2 : 1024) + (size_t)k;
    char *q = realloc(b->s, nc);
    if (!q) {
      b->oom = 1;
      return;
    }
    b->s = q;
    b->cap = nc;
  }
}

char *kp_ptxas_facts_text(const kp_ptxas_facts *f) {
  sbuf b = {0};
  sb_add(&b, "# kperf ptxas facts 1\n"
             "# arch function registers stack_bytes spill_store_bytes spill_load_bytes\n");
  for (size_t i = 0; f && i < f->nfuncs; i++) {
    const kp_ptxas_func *r = &f->funcs[i];
    if (r->registers < 0 || !r->arch[0])
      continue; /* a device function, or ptxas said nothing of the registers */
    sb_add(&b, "%s %s %d %lld %lld %lld\n", r->arch, r->name, r->registers, r->stack_bytes,
           r->spill_store_bytes, r->spill_load_bytes);
  }
  for (size_t i = 0; f && i < f->nmissing; i++)
    sb_add(&b, "! %s %s\n", f->missing[i].arch, f->missing[i].why);
  if (b.oom) {
    free(b.s);
    return NULL;
  }
  return b.s;
}

int kp_ptxas_facts_write(const kp_ptxas_facts *f, const char *path, char *err, size_t errlen) {
  char *text = kp_ptxas_facts_text(f);
  if (!text)
    return kp__err(err, errlen, "out of memory");
  size_t plen = strlen(path) + 32;
  char *tmp = malloc(plen);
  if (!tmp) {
    free(text);
    return kp__err(err, errlen, "out of memory");
  }
  snprintf(tmp, plen, "%s.tmp%ld", path, (long)getpid());
  FILE *o = fopen(tmp, "w");
  int rc = 0;
  if (!o) {
    rc = kp__err(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
  } else {
    int bad = fputs(text, o) < 0;
    bad |= fclose(o) != 0;
    if (bad || rename(tmp, path) != 0) {
      rc = kp__err(err, errlen, "cannot write %s: %s", path, strerror(errno));
      unlink(tmp);
    }
  }
  free(tmp);
  free(text);
  return rc;
}

/* ---- The facts applied --------------------------------------------------- */

int kp_ptxas_apply(const kp_ptxas_facts *f, const kp_kernel *k, const kp_gpu *gpu,
                   kp_predict_input *in, char *note, size_t notelen) {
  if (note && notelen)
    note[0] = '\0';
  if (!f || !k || !gpu || !in)
    return 0;
  /* NVIDIA: ptxas's records, by sm_XY; AMD: clang's AMDGPU backend's, by ISA */
  char arch[16];
  kp_ptxas_arch_of_gpu(gpu, arch, sizeof arch);
  const char *compiler = kp_ptxas_compiler_of(gpu);
  const char *name = k->mangled && *k->mangled ? k->mangled : k->name;
  const kp_ptxas_func *r = name ? kp_ptxas_find(f, arch, name) : NULL;
  if (!r || r->registers <= 0) {
    const char *why = kp_ptxas_why_missing(f, arch);
    if (note && notelen) {
      if (why)
        snprintf(note, notelen, "registers: estimate (%s)", why);
      else
        snprintf(note, notelen, "registers: estimate (%s reported nothing for %s on %s)",
                 compiler, name ? name : "?", arch);
    }
    return 0;
  }
  double spill = kp_ptxas_spill_bytes(r);
  in->regs_per_thread = r->registers;
  in->regs_from_ptxas = 1;
  in->spill_bytes = spill;
  in->stack_bytes = (double)r->stack_bytes;
  /* Spill traffic goes to local memory (through L1 and L2 to DRAM): 32-bit
   * accesses, as ptxas spills single registers. */
  in->bytes[KP_SPACE_LOCAL] += spill;
  in->count[KP_I_ST_LOCAL] += (double)r->spill_store_bytes / 4.0;
  in->count[KP_I_LD_LOCAL] += (double)r->spill_load_bytes / 4.0;
  if (!isnan(in->emitted[KP_I_ST_LOCAL])) /* the emitted counts too (model bn) */
    in->emitted[KP_I_ST_LOCAL] += (double)r->spill_store_bytes / 4.0;
  if (!isnan(in->emitted[KP_I_LD_LOCAL]))
    in->emitted[KP_I_LD_LOCAL] += (double)r->spill_load_bytes / 4.0;
  if (note && notelen)
    snprintf(note, notelen, "registers: %s %s (%d, %.0f spill bytes)", compiler, arch,
             r->registers, spill);
  return 1;
}

/* ---- nvcc ---------------------------------------------------------------- */

long kp_ptxas_nvcc_group(void) { return kp__spawn_group(); }

int kp_ptxas_run_nvcc(const char *nvcc, const char *file, const char *arch,
                      const char *const *flags, size_t nflags, int timeout_s,
                      kp_ptxas_facts *out, char *err, size_t errlen) {
  if (!nvcc || !file || !arch || !is_word(arch, 15) || !out)
    return kp__err(err, errlen, "nvcc: nothing to compile");
  if (timeout_s <= 0)
    timeout_s = 600;
  char archflag[32];
  snprintf(archflag, sizeof archflag, "-arch=%s", arch);
  const char *head[] = {nvcc, archflag, "-cubin", "-o", "/dev/null", "-Xptxas", "-v"};
  static const char *const needles[] = {"error", "fatal", NULL};
  char *text = NULL;
  size_t len = 0;
  int rc = kp__run_compiler(head, sizeof head / sizeof *head, flags, nflags, file, timeout_s,
                            "nvcc", "", needles, &text, &len, err, errlen);
  if (rc != 0) {
    if (text && (strstr(text, "Unsupported gpu architecture") ||
                 strstr(text, "is not defined for option 'gpu-architecture'")))
      rc = kp__err(err, errlen, "the CUDA toolkit cannot target %s", arch);
    free(text);
    return rc;
  }
  size_t found = 0;
  rc = kp_ptxas_parse(text, len, arch, out, &found, err, errlen);
  free(text);
  return rc;
}
