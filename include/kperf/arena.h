/* A bump allocator: many small allocations freed together. */
#ifndef KPERF_ARENA_H
#define KPERF_ARENA_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kp_arena kp_arena;

kp_arena *kp_arena_new(void);
void kp_arena_free(kp_arena *a);
/* n zeroed bytes aligned for any type, or NULL when out of memory. */
void *kp_arena_alloc(kp_arena *a, size_t n);
/* A NUL-terminated copy of the first n bytes of s (all of s when n == (size_t)-1). */
char *kp_arena_strdup(kp_arena *a, const char *s, size_t n);
/* printf into the arena. */
char *kp_arena_printf(kp_arena *a, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
char *kp_arena_vprintf(kp_arena *a, const char *fmt, va_list ap);

/* A counter kept with the arena, for limits its users hit (formulas too
 * large: kperf/sym.h).  kp_arena_count adds one. */
void kp_arena_count(kp_arena *a);
unsigned kp_arena_counted(const kp_arena *a);

/* Makes the malloc'ed array *items (capacity *cap elements of size sz) hold
 * at least n + 1 elements.  Returns 0 when out of memory (*items unchanged). */
int kp_grow(void **items, size_t *cap, size_t n, size_t sz);

#ifdef __cplusplus
}
#endif
#endif
