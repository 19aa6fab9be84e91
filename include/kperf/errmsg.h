/* The core's error convention: a function that fails writes one line into
 * the caller's buffer (when given) and returns -1. */
#ifndef KPERF_ERRMSG_H
#define KPERF_ERRMSG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* vsnprintf(err, errlen, fmt, ...) when err and errlen are set; returns -1. */
int kp__err(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
