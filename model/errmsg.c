/* The core's error convention (include/kperf/errmsg.h): one line into the
 * caller's buffer, -1 returned.  Also compiled into kperf-calibrate, which
 * nvcc builds on its own (tools/calibrate/CMakeLists.txt). */
#include "kperf/errmsg.h"
#include "kperf/invariant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int kp__err(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* KP_ASSERT's failure (include/kperf/invariant.h). */
void kp__assert_fail(const char *cond, const char *file, int line) {
  fprintf(stderr, "kperf: invariant '%s' failed at %s:%d\n", cond, file, line);
  fflush(stderr);
  abort();
}
