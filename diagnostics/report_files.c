/* Report files (see include/kperf/findings_report.h): written atomically, their
 * paths from a report= pattern (%f, %h, a directory), their parent
 * directories made, and a SARIF log's URIs relocated under a root.  Uses
 * findings_report.c's artifact URIs (report_internal.h), cJSON and POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "kperf/findings_report.h"
#include "report_internal.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int kp_write_atomic(const char *path, const char *text, char *err, size_t errlen) {
  if (!path || !*path) {
    snprintf(err, errlen, "no report path given");
    return -1;
  }
  size_t plen = strlen(path);
  char *tmp = malloc(plen + 32);
  if (!tmp) {
    snprintf(err, errlen, "cannot write the report to '%s': out of memory", path);
    return -1;
  }
  snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int rc = -1;
  if (fd < 0) {
    snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
    free(tmp);
    return -1;
  }
  size_t len = strlen(text), done = 0;
  while (done < len) {
    ssize_t w = write(fd, text + done, len - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
      close(fd);
      unlink(tmp);
      free(tmp);
      return -1;
    }
    done += (size_t)w;
  }
  if (close(fd) != 0) {
    snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
    unlink(tmp);
  } else if (rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot write the report to '%s': %s", path, strerror(errno));
    unlink(tmp);
  } else {
    rc = 0;
  }
  free(tmp);
  return rc;
}

/* ------------------------------------------------------ report paths */

/* The absolute form of path (getcwd() + path when relative); malloc'ed. */
static char *absolute(const char *path) {
  if (path[0] == '/')
    return strdup(path);
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd))
    return strdup(path);
  size_t n = strlen(cwd) + strlen(path) + 2;
  char *s = malloc(n);
  if (s)
    snprintf(s, n, "%s/%s", cwd, path);
  return s;
}

static unsigned long long fnv1a(const char *s) {
  unsigned long long h = 1469598103934665603ULL;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 1099511628211ULL;
  }
  return h;
}

char *kp_report_path(const char *pattern, const char *main_file, const char *ext, char *err,
                     size_t errlen) {
  if (!main_file)
    main_file = "";
  size_t plen = strlen(pattern);
  const char *tail = plen && pattern[plen - 1] == '/' ? "%f.%h." : "";
  const char *base = strrchr(main_file, '/');
  base = base ? base + 1 : main_file;
  if (!*base)
    base = "stdin";
  char hash[17];
  char *abs = absolute(main_file);
  if (!abs) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  snprintf(hash, sizeof hash, "%08llx", (fnv1a(abs) ^ (fnv1a(abs) >> 32)) & 0xffffffffULL);
  free(abs);
  /* Two passes over pattern + tail (+ ext): measure, then write. */
  size_t cap = 1;
  char *out = NULL;
  for (int pass = 0; pass < 2; pass++) {
    size_t o = 0;
    const char *parts[3] = {pattern, tail, *tail ? (ext ? ext : "") : ""};
    for (int k = 0; k < 3; k++) {
      for (const char *p = parts[k]; *p; p++) {
        const char *add = NULL;
        char one[2] = {*p, 0};
        if (*p == '%' && k < 2) {
          char c = p[1];
          if (c == 'f')
            add = base;
          else if (c == 'h')
            add = hash;
          else if (c == '%')
            add = "%";
          else {
            snprintf(err, errlen,
                     "unknown placeholder '%%%.1s' in the report path '%s' (use %%f, %%h or "
                     "%%%%)",
                     c ? p + 1 : "", pattern);
            free(out);
            return NULL;
          }
          p++;
        } else {
          add = one;
        }
        size_t n = strlen(add);
        if (pass == 1)
          memcpy(out + o, add, n);
        o += n;
      }
    }
    if (pass == 0) {
      cap = o + 1;
      out = malloc(cap);
      if (!out) {
        snprintf(err, errlen, "out of memory");
        return NULL;
      }
    } else {
      out[o] = 0;
    }
  }
  return out;
}

int kp_make_parent_dirs(const char *path, char *err, size_t errlen) {
  char *p = strdup(path);
  if (!p) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  char *slash = strrchr(p, '/');
  int rc = 0;
  if (slash && slash != p) {
    *slash = 0;
    for (char *q = p + 1;; q++) {
      if (*q == '/' || *q == 0) {
        char c = *q;
        *q = 0;
        struct stat st;
        if (stat(p, &st) != 0) {
          if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create the directory '%s': %s", p, strerror(errno));
            rc = -1;
            break;
          }
        } else if (!S_ISDIR(st.st_mode)) {
          snprintf(err, errlen, "cannot create the directory '%s': a file is in the way", p);
          rc = -1;
          break;
        }
        *q = c;
        if (!c)
          break;
      }
    }
  }
  free(p);
  return rc;
}

/* ------------------------------------------------------ SARIF URIs */

/* "file:///a/./b/../c" -> "file:///a/c" (in place: every segment written
 * keeps the '/' it had before it, so the text only shrinks).  A URI with a
 * host or without a path ("file://host/x", "file://x") is left as it is. */
static void normalize_file_uri(char *uri) {
  if (strncmp(uri, "file:///", 8) != 0)
    return;
  char *path = uri + 7; /* "/a/b" */
  char *out = path;     /* write position */
  const char *p = path;
  while (*p) {
    while (*p == '/')
      p++;
    const char *seg = p;
    while (*p && *p != '/')
      p++;
    size_t n = (size_t)(p - seg);
    if (n == 0)
      break;
    if (n == 1 && seg[0] == '.')
      continue;
    if (n == 2 && seg[0] == '.' && seg[1] == '.') {
      while (out > path && out[-1] != '/')
        out--;
      if (out > path)
        out--; /* the '/' before the dropped segment */
      continue;
    }
    *out++ = '/';
    memmove(out, seg, n);
    out += n;
  }
  if (out == path)
    *out++ = '/';
  *out = 0;
}

static int has_scheme(const char *uri) {
  const char *c = strchr(uri, ':');
  const char *s = strchr(uri, '/');
  return c && (!s || c < s);
}

typedef struct relocate {
  const char *base_uri; /* "file:///dir" or NULL */
  const char *root_uri; /* "file:///root/" or NULL */
  int oom;
} relocate;

static void relocate_location(cJSON *al, relocate *r) {
  cJSON *uri = cJSON_GetObjectItemCaseSensitive(al, "uri");
  if (!cJSON_IsString(uri) || !uri->valuestring)
    return;
  const char *u = uri->valuestring;
  cJSON *base_id = cJSON_GetObjectItemCaseSensitive(al, "uriBaseId");
  char *abs = NULL;
  if (!has_scheme(u) && u[0] != '/' && !base_id && r->base_uri) {
    size_t n = strlen(r->base_uri) + strlen(u) + 2;
    abs = malloc(n);
    if (abs)
      snprintf(abs, n, "%s/%s", r->base_uri, u);
  } else if (strncmp(u, "file://", 7) == 0) {
    abs = strdup(u);
  }
  if (!abs) {
    return;
  }
  normalize_file_uri(abs);
  size_t rl = r->root_uri ? strlen(r->root_uri) : 0;
  if (rl && strncmp(abs, r->root_uri, rl) == 0 && abs[rl]) {
    cJSON_ReplaceItemInObjectCaseSensitive(al, "uri", cJSON_CreateString(abs + rl));
    cJSON_DeleteItemFromObjectCaseSensitive(al, "uriBaseId");
    cJSON_AddStringToObject(al, "uriBaseId", "%SRCROOT%");
  } else {
    cJSON_ReplaceItemInObjectCaseSensitive(al, "uri", cJSON_CreateString(abs));
  }
  free(abs);
}

static void relocate_tree(cJSON *node, relocate *r) {
  cJSON *c;
  cJSON_ArrayForEach(c, node) {
    if (cJSON_IsObject(c) && c->string && strcmp(c->string, "artifactLocation") == 0)
      relocate_location(c, r);
    else if (cJSON_IsObject(c) || cJSON_IsArray(c))
      relocate_tree(c, r);
  }
}

/* An absolute directory as a file:// URI, with a trailing '/' when slash. */
static char *dir_uri(const char *dir, int slash) {
  char *abs = absolute(dir);
  if (!abs)
    return NULL;
  char *u = kp__artifact_uri(abs);
  free(abs);
  if (!u)
    return NULL;
  normalize_file_uri(u);
  size_t n = strlen(u);
  while (n > 8 && u[n - 1] == '/') /* "file:///" stays */
    u[--n] = 0;
  if (slash && u[n - 1] != '/') {
    char *v = realloc(u, n + 2);
    if (!v) {
      free(u);
      return NULL;
    }
    u = v;
    u[n] = '/';
    u[n + 1] = 0;
  }
  return u;
}

char *kp_sarif_relocate(const char *sarif, const char *base_dir, const char *root, char *err,
                        size_t errlen) {
  cJSON *log = sarif ? cJSON_Parse(sarif) : NULL;
  if (!log) {
    snprintf(err, errlen, "not a SARIF log (not JSON)");
    return NULL;
  }
  relocate r = {NULL, NULL, 0};
  char *base_uri = base_dir && *base_dir ? dir_uri(base_dir, 0) : NULL;
  char *root_uri = root && *root ? dir_uri(root, 1) : NULL;
  r.base_uri = base_uri;
  r.root_uri = root_uri;
  cJSON *runs = cJSON_GetObjectItemCaseSensitive(log, "runs"), *run;
  cJSON_ArrayForEach(run, runs) {
    relocate_tree(run, &r);
    if (root_uri) {
      cJSON_DeleteItemFromObjectCaseSensitive(run, "originalUriBaseIds");
      cJSON *ids = cJSON_AddObjectToObject(run, "originalUriBaseIds");
      cJSON *src = cJSON_AddObjectToObject(ids, "%SRCROOT%");
      cJSON_AddStringToObject(src, "uri", root_uri);
    }
  }
  char *text = cJSON_Print(log);
  cJSON_Delete(log);
  free(base_uri);
  free(root_uri);
  if (!text)
    snprintf(err, errlen, "out of memory");
  return text;
}
