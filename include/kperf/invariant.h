/* kperf's invariants: KP_ASSERT(cond) in the C core.
 *
 * On when the build defines KPERF_ASSERTS (CMake option KPERF_ASSERTS: ON by
 * default, so both test builds, the plain RelWithDebInfo one, whose NDEBUG
 * turns assert() off, and the sanitizer one, check them; OFF for a Release or
 * MinSizeRel build, what packages are made from).  A failed invariant prints
 * the condition and its place and aborts: a bug of kperf, never a property of
 * the user's code (that is said as a finding, or kperf says nothing).  Off,
 * KP_ASSERT costs nothing: the condition is not evaluated (only type-checked
 * by sizeof). */
#ifndef KPERF_INVARIANT_H
#define KPERF_INVARIANT_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(KPERF_ASSERTS) && KPERF_ASSERTS
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn))
#endif
void kp__assert_fail(const char *cond, const char *file, int line);
#define KP_ASSERT(cond) ((cond) ? (void)0 : kp__assert_fail(#cond, __FILE__, __LINE__))
#else
#define KP_ASSERT(cond) ((void)sizeof(!(cond)))
#endif

#ifdef __cplusplus
}
#endif
#endif
