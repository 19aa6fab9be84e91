/* Reading a libFuzzer input as a stream of choices (the fuzz targets of this
 * directory).  Past the end every read gives 0, so any input is a program. */
#ifndef KPERF_FZ_H
#define KPERF_FZ_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct fz {
  const uint8_t *p;
  size_t n, i;
} fz;

static inline unsigned fz_byte(fz *f) { return f->i < f->n ? f->p[f->i++] : 0; }
static inline unsigned fz_below(fz *f, unsigned n) { return n ? fz_byte(f) % n : 0; }
static inline int fz_done(const fz *f) { return f->i >= f->n; }

/* A 64-bit value, often one that matters (0, 1, -1, the extremes). */
static inline int64_t fz_int(fz *f) {
  static const int64_t special[] = {0, 1, -1, 2, 32, 255, 1024, 65535, INT32_MAX, INT32_MIN,
                                    (int64_t)UINT32_MAX, INT64_MAX, INT64_MIN, INT64_MIN + 1,
                                    (int64_t)1 << 32, (int64_t)1 << 62, -((int64_t)1 << 40)};
  unsigned k = fz_byte(f);
  if (k < 128)
    return special[k % (sizeof special / sizeof special[0])];
  if (k < 192)
    return (int64_t)(k - 160);
  uint64_t v = 0;
  for (int b = 0; b < 8; b++)
    v = v << 8 | fz_byte(f);
  return (int64_t)v;
}

/* A NUL-terminated string of up to max bytes copied into buf (size max+1):
 * a length byte, then that many bytes. */
static inline const char *fz_str(fz *f, char *buf, size_t max) {
  size_t len = fz_byte(f) % (max + 1), k = 0;
  while (k < len && !fz_done(f))
    buf[k++] = (char)fz_byte(f);
  buf[k] = '\0';
  return buf;
}
#endif
