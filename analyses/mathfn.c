/* CUDA math function instruction counts: lookup in the table that
 * scripts/gen-mathfn-table.py measured from nvcc (analyses/mathfn_table.h). */
#include "kperf/mathfn.h"

#include <string.h>

/* The generated rows, with kp_mathfn as their element type: the initializers
 * ({name, fast_math, {[class] = n, ...}, chain}) fit it as they fit the
 * table's own compact row type, and the rows can be returned as they are. */
#define KP_MATHFN_ROW_TYPE kp_mathfn
#include "mathfn_table.h"

#define NROWS (sizeof kp_mathfn_rows / sizeof kp_mathfn_rows[0])

/* Index of the first row called name, or -1. */
static long find_row(const char *name) {
  size_t lo = 0, hi = NROWS;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(kp_mathfn_rows[mid].name, name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < NROWS && strcmp(kp_mathfn_rows[lo].name, name) == 0 ? (long)lo : -1;
}

static const kp_mathfn *pick(long i, int fast_math) {
  if (i < 0)
    return NULL;
  /* Rows of one name are adjacent, the precise one (fast_math = 0) first. */
  if (fast_math && (size_t)i + 1 < NROWS && kp_mathfn_rows[i + 1].fast_math &&
      strcmp(kp_mathfn_rows[i + 1].name, kp_mathfn_rows[i].name) == 0)
    return &kp_mathfn_rows[i + 1];
  return &kp_mathfn_rows[i];
}

/* Looks up prefix + s (prefix may be ""). */
static long find_joined(const char *prefix, const char *s) {
  char buf[96];
  size_t np = strlen(prefix), ns = strlen(s);
  if (np + ns >= sizeof buf)
    return -1;
  memcpy(buf, prefix, np);
  memcpy(buf + np, s, ns + 1);
  return find_row(buf);
}

const kp_mathfn *kp_mathfn_find(const char *name, int fast_math) {
  if (!name)
    return NULL;
  if (strncmp(name, "::", 2) == 0)
    name += 2;
  if (strncmp(name, "std::", 5) == 0)
    name += 5;
  long i = find_row(name);
  if (i < 0 && strncmp(name, "__nv_", 5) == 0) {
    /* libdevice: __nv_sinf = sinf, __nv_popc = __popc, __nv_fast_sinf = __sinf. */
    const char *rest = name + 5;
    i = find_row(rest);
    if (i < 0)
      i = find_joined("__", rest);
    if (i < 0 && strncmp(rest, "fast_", 5) == 0)
      i = find_joined("__", rest + 5);
  }
  return pick(i, fast_math);
}

const kp_mathfn *kp_mathfn_all(size_t *n) {
  if (n)
    *n = NROWS;
  return kp_mathfn_rows;
}

unsigned kp_mathfn_total(const kp_mathfn *f) {
  unsigned t = 0;
  if (f)
    for (int c = 0; c < KP_I_COUNT; c++)
      t += f->counts[c];
  return t;
}
