/* Check filter and NOLINT comments: see include/kperf/control.h. */
#include "kperf/control.h"
#include "kperf/checks.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kp_glob_match(const char *g, size_t n, const char *s) {
  /* Iterative matcher with backtracking to the last '*'. */
  size_t gi = 0, star = (size_t)-1;
  const char *mark = NULL;
  while (*s) {
    if (gi < n && g[gi] == '*') {
      star = gi++;
      mark = s;
    } else if (gi < n && g[gi] == *s) {
      gi++;
      s++;
    } else if (star != (size_t)-1) {
      gi = star + 1;
      s = ++mark;
    } else {
      return 0;
    }
  }
  while (gi < n && g[gi] == '*')
    gi++;
  return gi == n;
}

/* Calls fn(glob, len, negative) for each glob of a comma list; stops at a
 * non-zero return and returns it. */
static int each_glob(const char *spec, int (*fn)(const char *, size_t, int, void *), void *user) {
  const char *p = spec;
  while (1) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *b = p, *e = p + len;
    while (b < e && isspace((unsigned char)*b))
      b++;
    while (e > b && isspace((unsigned char)e[-1]))
      e--;
    int neg = 0;
    if (b < e && *b == '-') {
      neg = 1;
      b++;
    }
    int r = fn(b, (size_t)(e - b), neg, user);
    if (r)
      return r;
    if (!end)
      return 0;
    p = end + 1;
  }
}

typedef struct validate {
  char *err;
  size_t errlen;
} validate;

/* Edit distance, for suggestions. */
static size_t distance(const char *a, size_t na, const char *b) {
  size_t nb = strlen(b);
  if (na > 64 || nb > 64)
    return 99;
  size_t d[65][65];
  for (size_t i = 0; i <= na; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= nb; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= na; i++)
    for (size_t j = 1; j <= nb; j++) {
      size_t c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      size_t x = d[i - 1][j] + 1, y = d[i][j - 1] + 1;
      d[i][j] = c < x ? (c < y ? c : y) : (x < y ? x : y);
    }
  return d[na][nb];
}

static int validate_glob(const char *g, size_t n, int neg, void *user) {
  validate *v = user;
  (void)neg;
  if (n == 0) {
    snprintf(v->err, v->errlen, "empty check name in the check list");
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    if (!(isalnum((unsigned char)g[i]) || g[i] == '-' || g[i] == '_' || g[i] == '.' || g[i] == '*')) {
      snprintf(v->err, v->errlen, "unexpected character '%c' in the check name '%.*s'", g[i],
               (int)n, g);
      return -1;
    }
  if (memchr(g, '*', n))
    return 0;
  /* kperf's diagnostics about its own set-up (no GPU database, no GPU, the
   * GPU assumed): not a check of the registry, but silenced the same way. */
  if (n == strlen(KP_SETUP_CHECK) && strncmp(g, KP_SETUP_CHECK, n) == 0)
    return 0;
  size_t nc;
  const kp_check_info *const *c = kp_checks(&nc);
  const char *best = NULL;
  size_t bestd = 4;
  for (size_t i = 0; i < nc; i++) {
    if (strlen(c[i]->name) == n && strncmp(c[i]->name, g, n) == 0)
      return 0;
    size_t d = distance(g, n, c[i]->name);
    if (d < bestd) {
      bestd = d;
      best = c[i]->name;
    }
  }
  if (best)
    snprintf(v->err, v->errlen, "unknown check '%.*s'; did you mean '%s'?", (int)n, g, best);
  else
    snprintf(v->err, v->errlen, "unknown check '%.*s' (the checks: 'kperf checks')", (int)n,
             g);
  return -1;
}

int kp_check_filter_check(const char *spec, char *err, size_t errlen) {
  if (!spec)
    return 0;
  validate v = {err, errlen};
  return each_glob(spec, validate_glob, &v) ? -1 : 0;
}

typedef struct decide {
  const char *check;
  int enabled;
} decide;

static int decide_glob(const char *g, size_t n, int neg, void *user) {
  decide *d = user;
  if (n && kp_glob_match(g, n, d->check))
    d->enabled = !neg;
  return 0;
}

int kp_check_filter_enabled(const char *spec, const char *check) {
  decide d = {check, kp_glob_match("kperf-*", 7, check)};
  if (spec && *spec)
    each_glob(spec, decide_glob, &d);
  return d.enabled;
}

/* The NOLINT marker `word` in a comment of line: returns a pointer just
 * after it, or NULL.  `word` must not be followed by more letters (NOLINT
 * vs NOLINTNEXTLINE / NOLINTBEGIN). */
static const char *marker(const char *line, const char *word) {
  if (!line)
    return NULL;
  const char *comment = strstr(line, "//");
  const char *block = strstr(line, "/*");
  if (!comment || (block && block < comment))
    comment = block;
  if (!comment)
    return NULL;
  size_t n = strlen(word);
  for (const char *p = strstr(comment, word); p; p = strstr(p + 1, word))
    if (!isalpha((unsigned char)p[n]))
      return p + n;
  return NULL;
}

static int suppressed_by(const char *after, const char *check) {
  if (*after != '(')
    return 1; /* bare NOLINT: every check */
  const char *close = strchr(after, ')');
  if (!close)
    return 0; /* malformed: clang-tidy ignores it too */
  const char *p = after + 1;
  while (p < close) {
    const char *end = memchr(p, ',', (size_t)(close - p));
    if (!end)
      end = close;
    const char *b = p, *e = end;
    while (b < e && isspace((unsigned char)*b))
      b++;
    while (e > b && isspace((unsigned char)e[-1]))
      e--;
    if (e > b && kp_glob_match(b, (size_t)(e - b), check))
      return 1;
    p = end + 1;
  }
  return 0;
}

int kp_nolint_suppresses(const char *line, const char *prev_line, const char *check) {
  const char *a = marker(line, "NOLINT");
  if (a && suppressed_by(a, check))
    return 1;
  a = marker(prev_line, "NOLINTNEXTLINE");
  return a && suppressed_by(a, check);
}

/* A line from source_line as a NUL-terminated copy (NULL when none). */
static char *line_copy(kp_source_line_fn source_line, void *user, const char *file,
                       unsigned line) {
  if (!source_line || !file || line == 0)
    return NULL;
  size_t len = 0;
  const char *text = source_line(file, line, &len, user);
  if (!text)
    return NULL;
  char *s = malloc(len + 1);
  if (!s)
    return NULL;
  memcpy(s, text, len);
  s[len] = 0;
  return s;
}

static int nolinted(const kp_finding *x, kp_source_line_fn source_line, void *user) {
  if (!source_line || !x->loc.file || x->loc.line == 0)
    return 0;
  char *line = line_copy(source_line, user, x->loc.file, x->loc.line);
  if (!line)
    return 0;
  char *prev = x->loc.line > 1 ? line_copy(source_line, user, x->loc.file, x->loc.line - 1)
                               : NULL;
  int r = kp_nolint_suppresses(line, prev, x->check ? x->check : "");
  free(line);
  free(prev);
  return r;
}

size_t kp_findings_control(kp_findings *f, const char *spec, kp_source_line_fn source_line,
                           void *user) {
  size_t kept = 0, dropped = 0;
  for (size_t i = 0; i < f->n; i++) {
    kp_finding *x = &f->items[i];
    int drop = (x->check && kp_check_find(x->check) &&
                !kp_check_filter_enabled(spec, x->check)) ||
               nolinted(x, source_line, user);
    if (drop) {
      free(x->notes);
      free(x->fixits);
      dropped++;
      continue;
    }
    if (kept != i)
      f->items[kept] = *x;
    kept++;
  }
  f->n = kept;
  return dropped;
}

size_t kp_findings_drop_if(kp_findings *f, int (*drop)(const kp_finding *x, void *user),
                           void *user) {
  size_t kept = 0, dropped = 0;
  for (size_t i = 0; i < f->n; i++) {
    kp_finding *x = &f->items[i];
    if (drop(x, user)) {
      free(x->notes);
      free(x->fixits);
      dropped++;
      continue;
    }
    if (kept != i)
      f->items[kept] = *x;
    kept++;
  }
  f->n = kept;
  return dropped;
}

size_t kp_findings_werror(kp_findings *f) {
  size_t n = 0;
  for (size_t i = 0; i < f->n; i++)
    if (f->items[i].severity == KP_WARNING) {
      f->items[i].severity = KP_ERROR;
      n++;
    }
  return n;
}
