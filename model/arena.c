/* The bump allocator (include/kperf/arena.h): chunks freed together.  The
 * lowest file of the core: it uses nothing of kperf. */
#include "kperf/arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct kp_chunk {
  struct kp_chunk *next;
  size_t used, size;
  _Alignas(16) unsigned char data[];
} kp_chunk;

struct kp_arena {
  kp_chunk *head;
  unsigned counted;
};

enum { KP_CHUNK_MIN = 16384 };

kp_arena *kp_arena_new(void) { return calloc(1, sizeof(kp_arena)); }

void kp_arena_count(kp_arena *a) {
  if (a && a->counted < ~0u)
    a->counted++;
}

unsigned kp_arena_counted(const kp_arena *a) { return a ? a->counted : 0; }

void kp_arena_free(kp_arena *a) {
  if (!a)
    return;
  kp_chunk *c = a->head;
  while (c) {
    kp_chunk *next = c->next;
    free(c);
    c = next;
  }
  free(a);
}

void *kp_arena_alloc(kp_arena *a, size_t n) {
  if (!a)
    return NULL;
  n = (n + 15) & ~(size_t)15;
  kp_chunk *c = a->head;
  if (!c || c->size - c->used < n) {
    size_t size = n > KP_CHUNK_MIN ? n : KP_CHUNK_MIN;
    c = malloc(sizeof(kp_chunk) + size);
    if (!c)
      return NULL;
    c->used = 0;
    c->size = size;
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

char *kp_arena_strdup(kp_arena *a, const char *s, size_t n) {
  if (!s)
    return NULL;
  if (n == (size_t)-1)
    n = strlen(s);
  char *p = kp_arena_alloc(a, n + 1);
  if (p)
    memcpy(p, s, n);
  return p;
}

char *kp_arena_vprintf(kp_arena *a, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return NULL;
  char *p = kp_arena_alloc(a, (size_t)n + 1);
  if (p)
    vsnprintf(p, (size_t)n + 1, fmt, ap);
  return p;
}

char *kp_arena_printf(kp_arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *p = kp_arena_vprintf(a, fmt, ap);
  va_end(ap);
  return p;
}

int kp_grow(void **items, size_t *cap, size_t n, size_t sz) {
  if (n < *cap)
    return 1;
  size_t ncap = *cap ? *cap * 2 : 8;
  while (ncap <= n)
    ncap *= 2;
  void *p = realloc(*items, ncap * sz);
  if (!p)
    return 0;
  *items = p;
  *cap = ncap;
  return 1;
}
