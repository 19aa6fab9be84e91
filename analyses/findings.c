/* The findings list the checks fill (include/kperf/finding.h): its growth and
 * the formatted messages.  It uses the arena only, so every layer from the
 * analyses up can hold findings. */
#include "kperf/finding.h"
#include "kperf/arena.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void kp_findings_init(kp_findings *f) {
  memset(f, 0, sizeof *f);
  f->arena = kp_arena_new();
}

void kp_findings_free(kp_findings *f) {
  for (size_t i = 0; i < f->n; i++) {
    free(f->items[i].notes);
    free(f->items[i].fixits);
  }
  free(f->items);
  kp_arena_free(f->arena);
  memset(f, 0, sizeof *f);
}

static const char *copy_file(kp_findings *f, const char *file) {
  return file ? kp_arena_strdup(f->arena, file, (size_t)-1) : NULL;
}

kp_finding *kp_findings_add(kp_findings *f, const char *check, kp_severity sev,
                            kp_loc loc, const char *fmt, ...) {
  if (!kp_grow((void **)&f->items, &f->cap, f->n, sizeof *f->items))
    return NULL;
  va_list ap;
  va_start(ap, fmt);
  char *msg = kp_arena_vprintf(f->arena, fmt, ap);
  va_end(ap);
  if (!msg)
    return NULL;
  kp_finding *x = &f->items[f->n++];
  memset(x, 0, sizeof *x);
  x->check = kp_arena_strdup(f->arena, check, (size_t)-1);
  x->severity = sev;
  x->loc = loc;
  x->loc.file = copy_file(f, loc.file);
  x->message = msg;
  return x;
}

int kp_findings_note(kp_findings *f, kp_loc loc, const char *fmt, ...) {
  if (f->n == 0)
    return 0;
  kp_finding *x = &f->items[f->n - 1];
  size_t cap = x->nnotes; /* exact-size array: grow by one each time */
  kp_note *notes = realloc(x->notes, (cap + 1) * sizeof *notes);
  if (!notes)
    return 0;
  x->notes = notes;
  va_list ap;
  va_start(ap, fmt);
  char *msg = kp_arena_vprintf(f->arena, fmt, ap);
  va_end(ap);
  if (!msg)
    return 0;
  loc.file = copy_file(f, loc.file);
  x->notes[x->nnotes++] = (kp_note){loc, msg};
  return 1;
}

int kp_findings_fixit(kp_findings *f, kp_loc begin, kp_loc end, const char *replacement) {
  if (f->n == 0)
    return 0;
  kp_finding *x = &f->items[f->n - 1];
  kp_fixit *fx = realloc(x->fixits, (x->nfixits + 1) * sizeof *fx);
  if (!fx)
    return 0;
  x->fixits = fx;
  begin.file = copy_file(f, begin.file);
  end.file = copy_file(f, end.file);
  x->fixits[x->nfixits++] =
      (kp_fixit){begin, end, kp_arena_strdup(f->arena, replacement, (size_t)-1)};
  return 1;
}
