/* kperf tune: the copies of a file (and of the headers of its directory) in
 * which each tuned `#define NAME INTEGER` reads `#define NAME KPERF_TUNE_NAME`,
 * and their removal.  Uses tune.h and the C library only. */
#define _POSIX_C_SOURCE 200809L
#include "tune.h"

/* The copy of text with each `#define NAME BODY` of a tuned NAME (an
 * integer BODY, the whole directive on one line) reading `#define NAME
 * KPERF_TUNE_NAME`; records the file's values.  NULL (after printing) when
 * a parameter has no such definition in the file. */
static char *rewrite(const char *text, tune_opts *o) {
  size_t len = strlen(text), cap = len + 1 + (size_t)o->np * 256;
  char *out = malloc(cap), *w = out;
  if (!out)
    return NULL;
  const char *s = text;
  while (*s) {
    const char *eol = strchr(s, '\n');
    size_t n = eol ? (size_t)(eol - s + 1) : strlen(s);
    const char *q = s;
    while (q < s + n && (*q == ' ' || *q == '\t'))
      q++;
    int done = 0;
    if (q < s + n && *q == '#') {
      q++;
      while (*q == ' ' || *q == '\t')
        q++;
      if (strncmp(q, "define", 6) == 0 && (q[6] == ' ' || q[6] == '\t')) {
        const char *nm = q + 6;
        while (*nm == ' ' || *nm == '\t')
          nm++;
        for (int k = 0; k < o->np && !done; k++) {
          tune_param *p = &o->p[k];
          size_t pl = strlen(p->name);
          if (strncmp(nm, p->name, pl) != 0 || !(nm[pl] == ' ' || nm[pl] == '\t'))
            continue;
          const char *b = nm + pl;
          while (*b == ' ' || *b == '\t')
            b++;
          const char *be = b;
          while (be < s + n && *be != '\n' && *be != '\r' && *be != '/')
            be++;
          while (be > b && (be[-1] == ' ' || be[-1] == '\t'))
            be--;
          char body[64];
          size_t bl = (size_t)(be - b);
          if (bl == 0 || bl >= sizeof body)
            continue;
          memcpy(body, b, bl);
          body[bl] = '\0';
          char *end;
          errno = 0;
          long long v = strtoll(body, &end, 0);
          while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
            end++;
          if (errno || *end || p->found)
            continue; /* not an integer, or defined twice: left alone */
          p->found = 1;
          p->base = v;
          snprintf(p->original, sizeof p->original, "%s", body);
          w += sprintf(w, "%.*s%s KPERF_TUNE_%s", (int)(nm - s), s, p->name, p->name);
          w += sprintf(w, "%.*s", (int)(s + n - be), be); /* a comment, the newline */
          done = 1;
        }
      }
    }
    if (!done) {
      memcpy(w, s, n);
      w += n;
    }
    s += n;
  }
  *w = '\0';
  return out;
}

/* Writes text, rewritten, to dir/name.  0 ok. */
static int write_copy(const char *dir, const char *name, const char *text, tune_opts *o) {
  char *copy = rewrite(text, o), path[PATH_MAX + 260];
  if (!copy)
    return -1;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  int bad = !f || fputs(copy, f) < 0;
  if (f && fclose(f) != 0)
    bad = 1;
  free(copy);
  if (bad)
    kp_cli_error("cannot write '%s'", path);
  return bad ? -1 : 0;
}

static int header_name(const char *n) {
  const char *dot = strrchr(n, '.');
  static const char *const ext[] = {".h",  ".hh", ".hpp", ".hxx", ".cuh", ".inl",
                                    ".cu", ".inc", ".c",   ".cc",  ".cpp", ".cxx"};
  for (size_t i = 0; dot && i < sizeof ext / sizeof ext[0]; i++)
    if (strcmp(dot, ext[i]) == 0)
      return 1;
  return 0;
}

/* The copies the runs compile, in tmp: the file, then the headers and
 * sources of its directory (quoted includes between them find the copies),
 * each `#define NAME INTEGER` of a tuned NAME rewritten (the file's own
 * definition is the one taken when there are several).  0 ok; -1 after
 * printing (a parameter defined nowhere there). */
int tune_make_copies(const char *tmp, const char *dir, const char *file_base,
                     const char *text, tune_opts *o) {
  if (write_copy(tmp, file_base, text, o))
    return -1;
  DIR *d = opendir(dir);
  struct dirent *e;
  int copied = 0;
  while (d && (e = readdir(d)) && copied < 400) {
    if (e->d_name[0] == '.' || !header_name(e->d_name) || strcmp(e->d_name, file_base) == 0)
      continue;
    char path[PATH_MAX + 260];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (8 << 20))
      continue;
    char *t = kp_cli_read_file(path, NULL);
    if (!t)
      continue;
    int bad = write_copy(tmp, e->d_name, t, o);
    free(t);
    if (bad) {
      closedir(d);
      return -1;
    }
    copied++;
  }
  if (d)
    closedir(d);
  for (int k = 0; k < o->np && !o->kernel; k++) /* --kernel: -DNAME=V */
    if (!o->p[k].found) {
      kp_cli_error("%s: no `#define %s INTEGER` on a line of its own in it or in its directory "
                   "to search",
                   o->file, o->p[k].name);
      return -1;
    }
  return 0;
}

/* Removes the copies and the directory. */
void tune_remove_copies(const char *tmp) {
  DIR *d = opendir(tmp);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    char path[PATH_MAX + 260];
    snprintf(path, sizeof path, "%s/%s", tmp, e->d_name);
    unlink(path);
  }
  if (d)
    closedir(d);
  rmdir(tmp);
}
