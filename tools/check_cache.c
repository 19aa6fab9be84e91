/* kperf check --cache DIR (check_cache.h). */
#define _POSIX_C_SOURCE 200809L
#include "check_cache.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plugin_run.h"

extern char **environ;

#define CC_MAGIC "kperf-check-cache 1\n"
static const uint64_t SEED1 = 14695981039346656037ull; /* FNV-1a's offset basis */
static const uint64_t SEED2 = 0x9e3779b97f4a7c15ull;   /* a second, independent start */

struct kp_check_cache_file {
  char *path;
  int ok; /* readable */
  uint64_t h[2];
};

static void mix(uint64_t h[2], const void *p, size_t n) {
  h[0] = kp_cli_fnv(h[0], p, n);
  h[1] = kp_cli_fnv(h[1], p, n);
}

static void mix_str(uint64_t h[2], const char *s) { mix(h, s, strlen(s) + 1); }

/* A file's content into h; 0 ok, -1 unreadable. */
static int mix_file(uint64_t h[2], const char *path) {
  size_t len = 0;
  char *t = kp_cli_read_file(path, &len);
  if (!t)
    return -1;
  mix(h, &len, sizeof len);
  mix(h, t, len);
  free(t);
  return 0;
}

int kp_check_cache_open(kp_check_cache *c, const char *dir, const char *clang, const char *plugin,
                        const char *db, char *err, size_t errlen) {
  memset(c, 0, sizeof *c);
  if (snprintf(c->dir, sizeof c->dir, "%s", dir) >= (int)sizeof c->dir) {
    snprintf(err, errlen, "the cache directory's name is too long");
    return -1;
  }
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    snprintf(err, errlen, "cannot create the cache directory '%s': %s", dir, strerror(errno));
    return -1;
  }
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "the cache directory '%s' is not a directory", dir);
    return -1;
  }
  c->tool[0] = SEED1;
  c->tool[1] = SEED2;
  mix_str(c->tool, CC_MAGIC);
  if (mix_file(c->tool, plugin) != 0) {
    snprintf(err, errlen, "cannot read the plugin '%s'", plugin);
    return -1;
  }
  /* Every database of the list, in order. */
  char *list = strdup(db ? db : "");
  for (char *save = NULL, *p = list ? strtok_r(list, ":", &save) : NULL; p;
       p = strtok_r(NULL, ":", &save)) {
    mix_str(c->tool, p);
    if (mix_file(c->tool, p) != 0)
      mix_str(c->tool, "(unreadable)");
  }
  free(list);
  uint64_t ch = kp_cli_exe_hash(clang);
  mix(c->tool, &ch, sizeof ch);
  /* The environment kperf and its plugin read (KPERF_CACHE_DIR aside). */
  for (char **e = environ; e && *e; e++)
    if (strncmp(*e, "KPERF_", 6) == 0 && strncmp(*e, "KPERF_CACHE_DIR=", 16) != 0)
      mix_str(c->tool, *e);
  return 0;
}

void kp_check_cache_close(kp_check_cache *c) {
  for (size_t i = 0; i < c->nfiles; i++)
    free(c->files[i].path);
  free(c->files);
  c->files = NULL;
  c->nfiles = c->capfiles = 0;
}

int kp_check_cache_usable(char *const *argv, size_t argc) {
  int host = 0, device = 0, archs = 0;
  for (size_t i = 0; i < argc; i++) {
    const char *a = argv[i];
    host |= strcmp(a, "--cuda-host-only") == 0 || strcmp(a, "--offload-host-only") == 0;
    device |= strcmp(a, "--cuda-device-only") == 0 || strcmp(a, "--offload-device-only") == 0;
    if (strncmp(a, "--cuda-gpu-arch=", 16) == 0 || strncmp(a, "--offload-arch=", 15) == 0)
      archs += 1 + (strchr(strchr(a, '=') + 1, ',') != NULL); /* a list: several */
  }
  return host || (device && archs <= 1);
}

static void hex(const uint64_t h[2], char key[33]) {
  snprintf(key, 33, "%016llx%016llx", (unsigned long long)h[0], (unsigned long long)h[1]);
}

void kp_check_cache_command_key(const kp_check_cache *c, const char *directory,
                                char *const *argv, size_t argc, const char *tmp, char key[33]) {
  uint64_t h[2] = {c->tool[0], c->tool[1]};
  mix_str(h, directory ? directory : "");
  size_t tl = tmp ? strlen(tmp) : 0;
  for (size_t i = 0; i < argc; i++) {
    const char *a = argv[i], *t = tl ? strstr(a, tmp) : NULL;
    if (t) { /* "-fplugin-arg-kperf-report=sarif:" + tmp + "/3.sarif": the prefix and the name */
      mix(h, a, (size_t)(t - a));
      const char *base = strrchr(t + tl, '/');
      const char *dot = base ? strchr(base, '.') : NULL;
      mix_str(h, dot ? dot : "");
    } else {
      mix_str(h, a);
    }
  }
  hex(h, key);
}

/* The content of path (hashed once per run); 0 ok, -1 unreadable. */
static int file_hash(kp_check_cache *c, const char *path, uint64_t out[2]) {
  for (size_t i = 0; i < c->nfiles; i++)
    if (strcmp(c->files[i].path, path) == 0) {
      out[0] = c->files[i].h[0];
      out[1] = c->files[i].h[1];
      return c->files[i].ok ? 0 : -1;
    }
  if (c->nfiles == c->capfiles) {
    size_t cap = c->capfiles ? 2 * c->capfiles : 256;
    kp_check_cache_file *f = realloc(c->files, cap * sizeof *f);
    if (!f)
      return -1;
    c->files = f;
    c->capfiles = cap;
  }
  kp_check_cache_file *f = &c->files[c->nfiles];
  f->h[0] = SEED1;
  f->h[1] = SEED2;
  f->ok = mix_file(f->h, path) == 0;
  if (!(f->path = strdup(path)))
    return -1;
  c->nfiles++;
  out[0] = f->h[0];
  out[1] = f->h[1];
  return f->ok ? 0 : -1;
}

/* The key of the contents: the command's key and every listed file's path
 * and content.  deps: the .deps file's text (one absolute path a line, after
 * the magic line).  0 ok, -1 when a file cannot be read. */
static int content_key(kp_check_cache *c, const char *key, const char *deps, char out[33]) {
  uint64_t h[2] = {SEED1, SEED2};
  mix_str(h, key);
  const char *s = deps + strlen(CC_MAGIC);
  char path[PATH_MAX];
  while (*s) {
    size_t n = strcspn(s, "\n");
    if (n == 0 || n >= sizeof path)
      return -1;
    memcpy(path, s, n);
    path[n] = '\0';
    uint64_t fh[2];
    if (file_hash(c, path, fh) != 0)
      return -1;
    mix_str(h, path);
    mix(h, fh, sizeof fh);
    s += n + (s[n] == '\n');
  }
  hex(h, out);
  return 0;
}

/* Writes n bytes to path through a temporary file and a rename.  0 ok. */
static int write_file(const char *path, const char *text, size_t n) {
  char tmp[PATH_MAX + 32];
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  int bad = !f || fwrite(text, 1, n, f) != n;
  if (f && fclose(f) != 0)
    bad = 1;
  if (!bad && rename(tmp, path) != 0)
    bad = 1;
  if (bad)
    unlink(tmp);
  return bad ? -1 : 0;
}

int kp_check_cache_restore(kp_check_cache *c, const char *key, const char *const *paths, size_t n,
                           int *status) {
  char p[PATH_MAX + 64], ck[33];
  snprintf(p, sizeof p, "%s/%s.deps", c->dir, key);
  char *deps = kp_cli_read_file(p, NULL);
  int ok = deps && strncmp(deps, CC_MAGIC, strlen(CC_MAGIC)) == 0 &&
           content_key(c, key, deps, ck) == 0;
  free(deps);
  if (!ok)
    return 0;
  snprintf(p, sizeof p, "%s/%s.tu", c->dir, ck);
  size_t len = 0;
  char *t = kp_cli_read_file(p, &len);
  if (!t || len < strlen(CC_MAGIC) || strncmp(t, CC_MAGIC, strlen(CC_MAGIC)) != 0) {
    free(t);
    return 0;
  }
  /* The status, then per output its length (-1: none) and its bytes. */
  const char *s = t + strlen(CC_MAGIC), *end = t + len;
  char *e;
  long st = strtol(s, &e, 10);
  ok = *e == '\n';
  s = e + 1;
  const char *text[8];
  long long lens[8];
  for (size_t i = 0; ok && i < n && i < 8; i++) {
    lens[i] = strtoll(s, &e, 10);
    ok = *e == '\n' && lens[i] >= -1 && (lens[i] < 0 || lens[i] <= end - (e + 1));
    text[i] = e + 1;
    s = e + 1 + (lens[i] > 0 ? lens[i] : 0);
  }
  ok = ok && n <= 8 && s == end;
  for (size_t i = 0; ok && i < n; i++) {
    if (lens[i] < 0)
      unlink(paths[i]);
    else if (write_file(paths[i], text[i], (size_t)lens[i]) != 0)
      ok = 0;
  }
  free(t);
  if (ok)
    *status = (int)st;
  return ok;
}

/* The dependency file's paths, absolute, one a line after the magic line
 * (malloc'ed); NULL when it cannot be read. */
static char *deps_of(const char *directory, const char *depfile) {
  char *t = kp_cli_read_file(depfile, NULL);
  if (!t)
    return NULL;
  size_t cap = strlen(t) * 2 + 4096, u = 0;
  char *out = malloc(cap);
  if (!out) {
    free(t);
    return NULL;
  }
  u += (size_t)snprintf(out, cap, "%s", CC_MAGIC);
  /* Make syntax: "target: dep dep \<newline> dep"; "\ " is a space in a name. */
  int in_target = 1;
  char word[PATH_MAX];
  size_t w = 0;
  int bad = 0;
  for (const char *s = t;; s++) {
    if (*s == '\\' && (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n'))) {
      s += s[1] == '\r' ? 2 : 1;
      continue;
    }
    if (*s == '\\' && s[1] == ' ') {
      if (w + 1 < sizeof word)
        word[w++] = ' ';
      s++;
      continue;
    }
    if (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
      if (w + 1 < sizeof word)
        word[w++] = *s;
      else
        bad = 1;
      continue;
    }
    if (w) {
      word[w] = '\0';
      if (word[w - 1] == ':') { /* a target ("t.o:") */
        in_target = 0;
      } else if (!in_target) {
        const char *sep = word[0] == '/' || !directory || !*directory ? "" : "/";
        const char *pre = *sep ? directory : "";
        size_t need = strlen(pre) + strlen(sep) + w + 2;
        if (u + need >= cap) {
          bad = 1;
          break;
        }
        u += (size_t)snprintf(out + u, cap - u, "%s%s%s\n", pre, sep, word);
      }
      w = 0;
    }
    if (*s == '\n')
      in_target = 1; /* a new rule */
    if (!*s)
      break;
  }
  free(t);
  if (bad || u == strlen(CC_MAGIC)) {
    free(out);
    return NULL;
  }
  return out;
}

int kp_check_cache_store(kp_check_cache *c, const char *key, const char *directory,
                         const char *depfile, const char *const *paths, size_t n, int status) {
  if (n > 8)
    return -1;
  char *deps = deps_of(directory, depfile);
  char ck[33], p[PATH_MAX + 64];
  if (!deps || content_key(c, key, deps, ck) != 0) {
    free(deps);
    return -1;
  }
  /* The outputs first, then the list that leads to them. */
  char *text[8];
  size_t lens[8], total = 64;
  for (size_t i = 0; i < n; i++) {
    text[i] = kp_cli_read_file(paths[i], &lens[i]);
    total += (text[i] ? lens[i] : 0) + 32;
  }
  char *buf = malloc(total + strlen(CC_MAGIC));
  int rc = -1;
  if (buf) {
    size_t u = (size_t)sprintf(buf, "%s%d\n", CC_MAGIC, status);
    for (size_t i = 0; i < n; i++) {
      u += (size_t)sprintf(buf + u, "%lld\n", text[i] ? (long long)lens[i] : -1LL);
      if (text[i]) {
        memcpy(buf + u, text[i], lens[i]);
        u += lens[i];
      }
    }
    snprintf(p, sizeof p, "%s/%s.tu", c->dir, ck);
    rc = write_file(p, buf, u);
    snprintf(p, sizeof p, "%s/%s.deps", c->dir, key);
    if (rc == 0)
      rc = write_file(p, deps, strlen(deps));
  }
  free(buf);
  for (size_t i = 0; i < n; i++)
    free(text[i]);
  free(deps);
  return rc;
}
