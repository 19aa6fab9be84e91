/* kperf report: the kernel model of one translation unit as JSON.
 *
 * The plugin writes it (-fplugin-arg-kperf-report=PATH) and `kperf analyze`
 * reads it.  The schema is described in docs/analyze.md.  Plain C, no clang. */
#ifndef KPERF_REPORT_H
#define KPERF_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "kperf/launch.h"
#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Version of the JSON schema ("schema" key). */
#define KP_REPORT_SCHEMA 1

/* The report of module m for GPU gpu_id (NULL: no GPU chosen), as a
 * malloc'ed NUL-terminated JSON text; NULL when out of memory. */
char *kp_model_json(const kp_module *m, const char *gpu_id);

/* Writes the report to path atomically (a temporary file in the same
 * directory, then rename).  Returns 0 on success; -1 with a one-line message
 * in err otherwise. */
int kp_model_json_write(const kp_module *m, const char *gpu_id, const char *path, char *err,
                        size_t errlen);

/* The predictions as JSON (diagnostics/predict_json.c). */

/* Writes the JSON report of predictions (schema: docs/checks/launch.md) for
 * every launch of m, plus `extra` (may be NULL: a launch asked for by kperf
 * predict, marked "requested": true) with problem size `problem` (0: none).
 * gpu may be NULL (then each launch says so).  0 ok, -1 with a message. */
int kp_predict_json_write(const kp_module *m, const kp_gpu *gpu, kp_model_kind model,
                          const kp_launch *extra, int64_t problem, int max_blocks_per_sm,
                          const char *extra_error,
                          const char *path, char *err, size_t errlen);

/* One launch of a batch (kperf predict --batch): a kernel of the module on
 * a GPU (NULL: gpu_why says why there is none). */
typedef struct kp_batch_launch {
  const kp_gpu *gpu;
  const char *gpu_name; /* as asked for */
  const char *gpu_why;  /* when gpu is NULL */
  const char *kernel;
  int64_t grid[3], block[3], smem;
  int max_blocks_per_sm; /* a cap on resident blocks per SM (0: the GPU's) */
} kp_batch_launch;

/* Predicts each launch of b with every model on one evaluation of the module
 * and writes one JSON object per line to path, in order: {"line": i,
 * "gpu", "kernel", "ok", "why" (when not ok), "predicted_us" (the default model),
 * "models": {"kp": us, "hongkim": ..., ...} (null when a model has no time),
 * "models_why": {model: why} for the models without a time}.
 * The module is evaluated once per launch, not parsed again: one clang run
 * serves any number of launches and GPUs.  0 ok, -1 with a message. */
int kp_predict_batch_write(kp_module *m, const kp_batch_launch *b, size_t n, const char *path,
                           char *err, size_t errlen);

/* Parses an integer given on a command line: decimal or 0x hexadecimal, with
 * an optional sign, or A<<B with A and B such numbers (0 <= B < 63), e.g.
 * "1024", "-3", "0x400", "1<<20".  Returns 1 and sets *out when text is such
 * a number and fits in int64_t; 0 otherwise.  (Header-only: used by the
 * plugin and the command-line tool alike.) */
static inline int kp_parse_int_part_(const char *s, const char **end, int64_t *out) {
  int neg = 0;
  if (*s == '+' || *s == '-')
    neg = *s++ == '-';
  unsigned base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  uint64_t v = 0;
  const char *start = s;
  for (;; s++) {
    unsigned d;
    if (*s >= '0' && *s <= '9')
      d = (unsigned)(*s - '0');
    else if (base == 16 && *s >= 'a' && *s <= 'f')
      d = (unsigned)(*s - 'a' + 10);
    else if (base == 16 && *s >= 'A' && *s <= 'F')
      d = (unsigned)(*s - 'A' + 10);
    else
      break;
    if (v > (UINT64_MAX - d) / base)
      return 0;
    v = v * base + d;
  }
  if (s == start)
    return 0;
  if (v > (uint64_t)INT64_MAX + (uint64_t)neg)
    return 0;
  *out = neg ? (v == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)v) : (int64_t)v;
  *end = s;
  return 1;
}

static inline int kp_parse_int(const char *text, int64_t *out) {
  const char *s = text, *e;
  int64_t a, b;
  if (!s)
    return 0;
  while (*s == ' ')
    s++;
  if (!kp_parse_int_part_(s, &e, &a))
    return 0;
  while (*e == ' ')
    e++;
  if (e[0] == '<' && e[1] == '<') {
    s = e + 2;
    while (*s == ' ')
      s++;
    if (!kp_parse_int_part_(s, &e, &b) || b < 0 || b >= 63)
      return 0;
    while (*e == ' ')
      e++;
    if (a > (INT64_MAX >> b) || a < (INT64_MIN >> b))
      return 0;
    a = (int64_t)((uint64_t)a << b);
  }
  if (*e)
    return 0;
  *out = a;
  return 1;
}

#ifdef __cplusplus
}
#endif
#endif
