/* kperf-nvcc-compat.h: what nvcc declares implicitly and clang's CUDA headers
 * do not, for compiling code written for nvcc with clang.
 *
 * kperf check force-includes it (-include) in the compiles of nvcc entries of
 * a compile database; a build that runs clang with the kperf plugin can do
 * the same: -include <prefix>/share/kperf/kperf-nvcc-compat.h
 * (docs/integration.md).
 *
 * nvcc's math headers declare min and max for every pair of integer and
 * floating-point types, and umin, umax, llmin, llmax, ullmin and ullmax, as
 * __host__ __device__ functions.  clang's CUDA wrappers keep only their
 * device side, so host code calling min(a, b) on ints or floats, which nvcc
 * compiles, is an error under clang.  This header adds the host side: each
 * function is a __host__ static inline definition with nvcc's signature and
 * result (integers compared after the usual promotions, as nvcc's definitions
 * do; floats through fminf/fmin and fmaxf/fmax), so it never clashes with the
 * __device__ overloads of clang's wrappers.  Nothing is declared under nvcc
 * itself, outside CUDA, or for C. */
#ifndef KPERF_NVCC_COMPAT_H
#define KPERF_NVCC_COMPAT_H

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__) && !defined(__NVCC__) && \
    !defined(KPERF_NO_NVCC_COMPAT)

#define KPERF_COMPAT_HOST_ static inline __attribute__((host))

/* The integer forms: umin, umax, llmin, llmax, ullmin, ullmax. */
KPERF_COMPAT_HOST_ unsigned int umin(const unsigned int a, const unsigned int b) { return a < b ? a : b; }
KPERF_COMPAT_HOST_ unsigned int umax(const unsigned int a, const unsigned int b) { return a > b ? a : b; }
KPERF_COMPAT_HOST_ long long int llmin(const long long int a, const long long int b) { return a < b ? a : b; }
KPERF_COMPAT_HOST_ long long int llmax(const long long int a, const long long int b) { return a > b ? a : b; }
KPERF_COMPAT_HOST_ unsigned long long int ullmin(const unsigned long long int a,
                                                 const unsigned long long int b) {
  return a < b ? a : b;
}
KPERF_COMPAT_HOST_ unsigned long long int ullmax(const unsigned long long int a,
                                                 const unsigned long long int b) {
  return a > b ? a : b;
}

/* min and max with nvcc's overloads: the result type is nvcc's; mixed
 * signed/unsigned pairs compare as the unsigned type, as nvcc's do. */
#define KPERF_COMPAT_MINMAX_(R, A, B)                                                        \
  KPERF_COMPAT_HOST_ R min(const A a, const B b) { return (R)a < (R)b ? (R)a : (R)b; }       \
  KPERF_COMPAT_HOST_ R max(const A a, const B b) { return (R)a > (R)b ? (R)a : (R)b; }

KPERF_COMPAT_MINMAX_(int, int, int)
KPERF_COMPAT_MINMAX_(unsigned int, unsigned int, unsigned int)
KPERF_COMPAT_MINMAX_(unsigned int, int, unsigned int)
KPERF_COMPAT_MINMAX_(unsigned int, unsigned int, int)
KPERF_COMPAT_MINMAX_(long int, long int, long int)
KPERF_COMPAT_MINMAX_(unsigned long int, unsigned long int, unsigned long int)
KPERF_COMPAT_MINMAX_(unsigned long int, long int, unsigned long int)
KPERF_COMPAT_MINMAX_(unsigned long int, unsigned long int, long int)
KPERF_COMPAT_MINMAX_(long long int, long long int, long long int)
KPERF_COMPAT_MINMAX_(unsigned long long int, unsigned long long int, unsigned long long int)
KPERF_COMPAT_MINMAX_(unsigned long long int, long long int, unsigned long long int)
KPERF_COMPAT_MINMAX_(unsigned long long int, unsigned long long int, long long int)
#undef KPERF_COMPAT_MINMAX_

/* Floating point: as fminf/fmin and fmaxf/fmax (a NaN loses to a number). */
KPERF_COMPAT_HOST_ float min(const float a, const float b) { return __builtin_fminf(a, b); }
KPERF_COMPAT_HOST_ float max(const float a, const float b) { return __builtin_fmaxf(a, b); }
KPERF_COMPAT_HOST_ double min(const double a, const double b) { return __builtin_fmin(a, b); }
KPERF_COMPAT_HOST_ double max(const double a, const double b) { return __builtin_fmax(a, b); }
KPERF_COMPAT_HOST_ double min(const float a, const double b) { return __builtin_fmin((double)a, b); }
KPERF_COMPAT_HOST_ double max(const float a, const double b) { return __builtin_fmax((double)a, b); }
KPERF_COMPAT_HOST_ double min(const double a, const float b) { return __builtin_fmin(a, (double)b); }
KPERF_COMPAT_HOST_ double max(const double a, const float b) { return __builtin_fmax(a, (double)b); }

#undef KPERF_COMPAT_HOST_

#endif
#endif
