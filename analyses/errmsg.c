/* The core's error convention (include/kperf/errmsg.h): one line into the
 * caller's buffer, -1 returned.  Also compiled into kperf-calibrate, which
 * nvcc builds on its own (tools/calibrate/CMakeLists.txt). */
#include "kperf/errmsg.h"

#include <stdarg.h>
#include <stdio.h>

int kp__err(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}
