/* Unit tests of the C core: arena, kernel model, findings, inventory. */
#include "check.h"
#include "kperf/arena.h"
#include "kperf/finding.h"
#include "kperf/inventory.h"
#include "kperf/model.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void test_arena(void) {
  kp_arena *a = kp_arena_new();
  CHECK(a != NULL);
  char *s = kp_arena_strdup(a, "hello world", 5);
  CHECK_STR(s, "hello");
  /* Larger than a chunk: must still work and be zeroed. */
  unsigned char *big = kp_arena_alloc(a, 100000);
  CHECK(big != NULL);
  int zero = 1;
  for (size_t i = 0; big && i < 100000; i++)
    zero &= big[i] == 0;
  CHECK(zero);
  CHECK(((uintptr_t)kp_arena_alloc(a, 3) & 15) == 0);
  CHECK_STR(kp_arena_printf(a, "%d-way", 32), "32-way");
  kp_arena_free(a);

  int *v = NULL;
  size_t cap = 0;
  for (size_t n = 0; n < 1000; n++) {
    CHECK(kp_grow((void **)&v, &cap, n, sizeof *v));
    v[n] = (int)n;
  }
  CHECK(cap >= 1000 && v[999] == 999);
  free(v);
}

static void test_model(void) {
  kp_module m;
  kp_module_init(&m);
  for (int i = 0; i < 20; i++) {
    kp_kernel *k = kp_module_add_kernel(&m);
    CHECK(k != NULL);
    k->name = kp_module_str(&m, i == 7 ? "transpose" : "other", (size_t)-1);
  }
  CHECK(m.nkernels == 20);
  CHECK(kp_module_find_kernel(&m, "transpose") == 7);
  CHECK(kp_module_find_kernel(&m, "missing") == -1);
  /* Without template arguments, then without namespaces; a definition first. */
  kp_kernel *t = kp_module_add_kernel(&m);
  t->name = kp_module_str(&m, "ns::scale_t<4>", (size_t)-1);
  kp_kernel *d = kp_module_add_kernel(&m);
  d->name = kp_module_str(&m, "ns::scale_t<8>", (size_t)-1);
  d->has_body = 1;
  CHECK(kp_module_find_kernel(&m, "ns::scale_t<4>") == 20);
  CHECK(kp_module_find_kernel(&m, "ns::scale_t") == 21);
  CHECK(kp_module_find_kernel(&m, "scale_t") == 21);
  CHECK(kp_module_find_kernel(&m, "scale") == -1);
  CHECK(kp_module_find_kernel(&m, "t<4>") == -1);
  int64_t g[3] = {4096, 1, 1}, b[3] = {256, 2, 1};
  kp_launch x;
  CHECK(kp_module_launch_of(&m, 7, g, b, 512, &x) == 0);
  CHECK(x.kernel == 7 && x.grid.x.known && x.grid.x.value == 4096 && x.block.y.value == 2);
  CHECK(x.smem.value == 512 && strcmp(x.block.x.text, "256") == 0);
  CHECK(strcmp(x.kernel_name, "transpose") == 0);
  CHECK(kp_module_launch_of(&m, 99, g, b, 0, &x) == -1);
  kp_launch *l = kp_module_add_launch(&m);
  CHECK(l && l->kernel == -1);
  kp_module_free(&m);
}

static void test_findings(void) {
  kp_findings f;
  kp_findings_init(&f);
  kp_loc loc = {"k.cu", 7, 12};
  char file[] = "k.cu";
  loc.file = file;
  kp_finding *x = kp_findings_add(&f, "kperf-bank-conflict", KP_WARNING, loc, "%d-way", 32);
  CHECK(x != NULL);
  file[0] = 'X'; /* the finding keeps its own copy */
  CHECK(kp_findings_note(&f, loc, "note %s", "one"));
  CHECK(kp_findings_note(&f, loc, "note %s", "two"));
  kp_loc end = {"k.cu", 7, 14};
  CHECK(kp_findings_fixit(&f, loc, end, "33"));
  CHECK(f.n == 1);
  CHECK_STR(f.items[0].message, "32-way");
  CHECK_STR(f.items[0].loc.file, "k.cu");
  CHECK(f.items[0].nnotes == 2);
  CHECK_STR(f.items[0].notes[1].message, "note two");
  CHECK(f.items[0].nfixits == 1);
  CHECK_STR(f.items[0].fixits[0].replacement, "33");
  kp_findings_free(&f);

  kp_findings empty;
  kp_findings_init(&empty);
  CHECK(!kp_findings_note(&empty, loc, "orphan")); /* no finding to attach to */
  kp_findings_free(&empty);
}

static kp_expr known(int64_t v) { return (kp_expr){.text = "", .known = 1, .value = v}; }

static void test_inventory(void) {
  char buf[256];
  kp_dim3 d = {known(16), known(16), known(1), NULL};
  kp_format_dim3(&d, buf, sizeof buf);
  CHECK_STR(buf, "(16, 16, 1)");
  kp_dim3 partly = {{.text = "(n+255)/256", .known = 0, .value = 0}, known(1), known(1), NULL};
  kp_format_dim3(&partly, buf, sizeof buf);
  CHECK_STR(buf, "('(n+255)/256', 1, 1)");
  kp_dim3 opaque = {{.text = "make_grid()", .known = 0, .value = 0}, {.text = NULL}, {.text = NULL}, NULL};
  kp_format_dim3(&opaque, buf, sizeof buf);
  CHECK_STR(buf, "'make_grid()' (not a constant)");

  kp_module m;
  kp_module_init(&m);
  kp_kernel *k = kp_module_add_kernel(&m);
  k->name = "add";
  k->loc = (kp_loc){"a.cu", 3, 17};
  kp_param params[2] = {{"a", "float *"}, {"n", "int"}};
  k->params = params;
  k->nparams = 2;
  kp_launch *l = kp_module_add_launch(&m);
  l->kernel_name = "add";
  l->kernel = 0;
  l->loc = (kp_loc){"a.cu", 9, 3};
  l->grid = partly;
  l->block = (kp_dim3){known(256), known(1), known(1), NULL};
  l->smem = known(1024);
  l->smem.text = "1024";
  kp_findings f;
  kp_findings_init(&f);
  kp_inventory(&m, &f);
  CHECK(f.n == 2);
  if (f.n == 2) {
    CHECK_STR(f.items[0].message, "kernel 'add' (2 parameters: float *a, int n)");
    CHECK(f.items[0].severity == KP_REMARK && f.items[0].loc.line == 3);
    CHECK_STR(f.items[1].message,
              "launch of 'add': grid ('(n+255)/256', 1, 1), block (256, 1, 1), "
              "1024 bytes of dynamic shared memory");
    CHECK_STR(f.items[1].check, "kperf-model");
  }
  kp_findings_free(&f);
  kp_module_free(&m);
}

int main(void) {
  test_arena();
  test_model();
  test_findings();
  test_inventory();
  return TEST_RESULT();
}
