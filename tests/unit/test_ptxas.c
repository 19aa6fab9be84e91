/* Unit tests of the ptxas -v parser, the ptxas facts file and the facts
 * applied to a prediction's input (analyses/ptxas.c). */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "stand_in.h"
#include "kperf/ptxas.h"

#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What nvcc -Xptxas -v prints for a file of three functions: a plain kernel,
 * a mangled kernel that spills, and a device function (written for this test). */
static const char ptxas_out[] =
    "ptxas info    : 0 bytes gmem, 1024 bytes cmem[3]\n"
    "ptxas info    : Compiling entry function 'plain_kernel' for 'sm_86'\n"
    "ptxas info    : Function properties for plain_kernel\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 38 registers, used 0 barriers, 376 bytes cmem[0]\n"
    "ptxas info    : Compile time = 4.040 ms\n"
    "ptxas info    : Function properties for _Z6helperPfi\n"
    "    16 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads\n"
    "ptxas info    : Compiling entry function '_Z5spillPfS_i' for 'sm_86'\n"
    "ptxas info    : Function properties for _Z5spillPfS_i\n"
    "    7896 bytes stack frame, 7900 bytes spill stores, 8652 bytes spill loads\n"
    "ptxas info    : Used 255 registers, used 1 barriers, 7896 bytes cumulative stack size, "
    "19840 bytes smem, 376 bytes cmem[0]\n"
    "ptxas info    : Compile time = 1322.341 ms\n";

static void test_parse(void) {
  kp_ptxas_facts f;
  kp_ptxas_facts_init(&f);
  char err[256] = "";
  size_t n = 0;
  CHECK(kp_ptxas_parse(ptxas_out, sizeof ptxas_out - 1, "sm_80", &f, &n, err, sizeof err) == 0);
  CHECK(n == 3);
  const kp_ptxas_func *p = kp_ptxas_find(&f, "sm_86", "plain_kernel");
  CHECK(p && p->is_entry && p->registers == 38 && p->barriers == 0 && p->cmem0_bytes == 376 &&
        p->stack_bytes == 0 && p->spill_store_bytes == 0);
  const kp_ptxas_func *s = kp_ptxas_find(&f, "sm_86", "_Z5spillPfS_i");
  CHECK(s && s->is_entry && s->registers == 255 && s->barriers == 1 && s->smem_bytes == 19840 &&
        s->stack_bytes == 7896 && s->spill_store_bytes == 7900 && s->spill_load_bytes == 8652);
  CHECK(s && kp_ptxas_spill_bytes(s) == 16552);
  /* the device function: properties only, in the arch of the entry before it */
  const kp_ptxas_func *h = kp_ptxas_find(&f, "sm_86", "_Z6helperPfi");
  CHECK(h && !h->is_entry && h->registers == -1 && h->stack_bytes == 16);
  CHECK(kp_ptxas_find(&f, "sm_80", "plain_kernel") == NULL);
  /* a static kernel: clang mangles it _ZL..., ptxas of nvcc prints _Z... */
  CHECK(kp_ptxas_find(&f, "sm_86", "_ZL5spillPfS_i") == s);
  CHECK(kp_ptxas_find(&f, "sm_86", "_ZL6absentv") == NULL);

  /* The same output again replaces, never duplicates. */
  CHECK(kp_ptxas_parse(ptxas_out, sizeof ptxas_out - 1, NULL, &f, &n, err, sizeof err) == 0);
  CHECK(n == 0 && f.nfuncs == 3);

  /* The facts file round-trips the kernels (device functions have no registers). */
  CHECK(kp_ptxas_add_missing(&f, "sm_50", "the CUDA toolkit cannot target sm_50") == 0);
  char *text = kp_ptxas_facts_text(&f);
  CHECK_CONTAINS(text, "sm_86 _Z5spillPfS_i 255 7896 7900 8652\n");
  CHECK_CONTAINS(text, "sm_86 plain_kernel 38 0 0 0\n");
  CHECK_CONTAINS(text, "! sm_50 the CUDA toolkit cannot target sm_50\n");
  CHECK(text && !strstr(text, "_Z6helperPfi"));
  kp_ptxas_facts g;
  kp_ptxas_facts_init(&g);
  CHECK(text && kp_ptxas_facts_parse(text, strlen(text), &g, err, sizeof err) == 0);
  CHECK(g.nfuncs == 2);
  s = kp_ptxas_find(&g, "sm_86", "_Z5spillPfS_i");
  CHECK(s && s->registers == 255 && s->spill_load_bytes == 8652);
  CHECK_STR(kp_ptxas_why_missing(&g, "sm_50"), "the CUDA toolkit cannot target sm_50");
  CHECK(kp_ptxas_why_missing(&g, "sm_86") == NULL);
  free(text);

  /* Written and read back from a file. */
  char path[] = "/tmp/kperf-test-ptxas-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd >= 0) {
    close(fd);
    CHECK(kp_ptxas_facts_write(&g, path, err, sizeof err) == 0);
    kp_ptxas_facts h2;
    kp_ptxas_facts_init(&h2);
    CHECK(kp_ptxas_facts_read(path, &h2, err, sizeof err) == 0);
    CHECK(h2.nfuncs == 2 && h2.nmissing == 1);
    kp_ptxas_facts_free(&h2);
    unlink(path);
  }
  kp_ptxas_facts_free(&g);
  kp_ptxas_facts_free(&f);
}

static void test_errors(void) {
  static const char *const bad_facts[] = {
      "sm_86 k 12 0 0\n",             /* a field missing */
      "sm_86 k 12 0 0 0 7\n",         /* one too many */
      "sm_86 k -1 0 0 0\n",           /* negative */
      "sm_86 k 12 0 0 99999999999999999999\n", /* too large */
      "sm_86 k twelve 0 0 0\n",
      "!\n",
      "garbage\n",
  };
  for (size_t i = 0; i < sizeof bad_facts / sizeof bad_facts[0]; i++) {
    kp_ptxas_facts f;
    kp_ptxas_facts_init(&f);
    char err[256] = "";
    CHECK(kp_ptxas_facts_parse(bad_facts[i], strlen(bad_facts[i]), &f, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "line 1");
    kp_ptxas_facts_free(&f);
  }
  {
    kp_ptxas_facts f;
    kp_ptxas_facts_init(&f);
    char err[256] = "";
    CHECK(kp_ptxas_facts_read("/nonexistent/kperf/facts", &f, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "cannot read /nonexistent/kperf/facts");
    /* comments, blank lines and CRLF are fine */
    const char *ok = "# c\r\n\r\n  sm_90 k 32 0 0 0\r\n";
    CHECK(kp_ptxas_facts_parse(ok, strlen(ok), &f, err, sizeof err) == 0);
    CHECK(kp_ptxas_find(&f, "sm_90", "k") != NULL);
    kp_ptxas_facts_free(&f);
  }
  static const char *const bad_out[] = {
      "ptxas info    : Used 12 registers\n",                      /* before any function */
      "ptxas info    : Compiling entry function 'k for 'sm_86'\n", /* unbalanced quote */
      "ptxas info    : Compiling entry function 'k' for 'sm_86'\n"
      "ptxas info    : Used many registers\n",
      "ptxas info    : Compiling entry function 'k' for 'sm_86'\n"
      "    x bytes stack frame\n"
      "    1 bytes stack frame, 2 bytes spill stores\n", /* truncated */
  };
  for (size_t i = 0; i < sizeof bad_out / sizeof bad_out[0]; i++) {
    kp_ptxas_facts f;
    kp_ptxas_facts_init(&f);
    char err[256] = "";
    CHECK(kp_ptxas_parse(bad_out[i], strlen(bad_out[i]), "sm_86", &f, NULL, err, sizeof err) ==
          -1);
    CHECK_CONTAINS(err, "ptxas output line");
    kp_ptxas_facts_free(&f);
  }
  /* Not ptxas at all: nothing found, no error. */
  {
    kp_ptxas_facts f;
    kp_ptxas_facts_init(&f);
    char err[256] = "";
    size_t n = 7;
    const char *t = "k.cu(3): warning #177-D: variable \"x\" was declared but never referenced\n";
    CHECK(kp_ptxas_parse(t, strlen(t), "sm_86", &f, &n, err, sizeof err) == 0 && n == 0);
    kp_ptxas_facts_free(&f);
  }
}

static void test_apply(void) {
  kp_ptxas_facts f;
  kp_ptxas_facts_init(&f);
  char err[256];
  CHECK(kp_ptxas_parse(ptxas_out, sizeof ptxas_out - 1, NULL, &f, NULL, err, sizeof err) == 0);
  kp_kernel k;
  memset(&k, 0, sizeof k);
  k.name = "spill";
  k.mangled = "_Z5spillPfS_i";
  kp_gpu gpu;
  memset(&gpu, 0, sizeof gpu);
  gpu.cc_major = 8;
  gpu.cc_minor = 6;
  kp_predict_input in;
  kp_predict_input_init(&in);
  CHECK(in.regs_from_ptxas == 0 && in.spill_bytes == 0 && in.stack_bytes == 0);
  in.regs_per_thread = 22;
  char note[256];
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 1);
  CHECK_STR(note, "registers: ptxas sm_86 (255, 16552 spill bytes)");
  CHECK(in.regs_per_thread == 255 && in.regs_from_ptxas == 1);
  CHECK(in.spill_bytes == 16552 && in.stack_bytes == 7896);
  CHECK(in.bytes[KP_SPACE_LOCAL] == 16552);
  CHECK(in.count[KP_I_ST_LOCAL] == 1975 && in.count[KP_I_LD_LOCAL] == 2163);

  /* Another architecture: the estimate stays, and the note says why. */
  kp_predict_input_init(&in);
  in.regs_per_thread = 22;
  gpu.cc_major = 9;
  gpu.cc_minor = 0;
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 0);
  CHECK(in.regs_per_thread == 22 && in.regs_from_ptxas == 0 && in.spill_bytes == 0);
  CHECK_CONTAINS(note, "registers: estimate (ptxas reported nothing for _Z5spillPfS_i on sm_90)");
  CHECK(kp_ptxas_add_missing(&f, "*", "no CUDA toolkit") == 0);
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 0);
  CHECK_STR(note, "registers: estimate (no CUDA toolkit)");

  /* extern "C" kernels: the plain name; no facts at all: no note. */
  k.mangled = "plain_kernel";
  gpu.cc_major = 8;
  gpu.cc_minor = 6;
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 1 && in.regs_per_thread == 38);
  CHECK(kp_ptxas_apply(NULL, &k, &gpu, &in, note, sizeof note) == 0 && note[0] == '\0');
  char arch[16];
  kp_ptxas_arch_of(10, 0, arch, sizeof arch);
  CHECK_STR(arch, "sm_100");
  kp_ptxas_facts_free(&f);
}

/* kp_ptxas_run_nvcc with stand-ins for nvcc (shell scripts written here):
 * one that prints ptxas's lines, one that fails, one that hangs. */

static void test_run(void) {
  char dir[] = "/tmp/kperf-test-nvcc-XXXXXX";
  if (!mkdtemp(dir)) {
    CHECK(0);
    return;
  }
  char ok[64], bad[64], arch[64], hang[64];
  snprintf(ok, sizeof ok, "%s/ok", dir);
  snprintf(bad, sizeof bad, "%s/bad", dir);
  snprintf(arch, sizeof arch, "%s/arch", dir);
  snprintf(hang, sizeof hang, "%s/hang", dir);
  /* the arguments kperf passes, then ptxas's lines on stderr */
  write_script(ok, "[ \"$1 $2 $3 $4 $5 $6\" = \"-arch=sm_86 -cubin -o /dev/null -Xptxas -v\" ] || exit 3\n"
                   "[ \"$7 $8 $9\" = \"-DN=4 -std=c++17 k.cu\" ] || exit 4\n"
                   "echo \"ptxas info    : Compiling entry function '_Z1kv' for 'sm_86'\" >&2\n"
                   "echo \"ptxas info    : Function properties for _Z1kv\" >&2\n"
                   "echo \"    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\" >&2\n"
                   "echo \"ptxas info    : Used 32 registers, used 0 barriers, 356 bytes cmem[0]\" >&2\n");
  write_script(bad, "echo 'k.cu(3): error: identifier \"x\" is undefined' >&2\nexit 1\n");
  write_script(arch, "echo \"nvcc fatal   : Unsupported gpu architecture 'sm_50'\" >&2\nexit 1\n");
  write_script(hang, "sleep 30\n");
  const char *flags[] = {"-DN=4", "-std=c++17"};
  kp_ptxas_facts f;
  kp_ptxas_facts_init(&f);
  char err[512] = "";
  CHECK(kp_ptxas_run_nvcc(ok, "k.cu", "sm_86", flags, 2, 10, &f, err, sizeof err) == 0);
  const kp_ptxas_func *r = kp_ptxas_find(&f, "sm_86", "_Z1kv");
  CHECK(r && r->registers == 32 && r->stack_bytes == 8 && kp_ptxas_spill_bytes(r) == 8);
  CHECK(kp_ptxas_run_nvcc(bad, "k.cu", "sm_86", NULL, 0, 10, &f, err, sizeof err) == -1);
  CHECK_STR(err, "nvcc failed: k.cu(3): error: identifier \"x\" is undefined");
  CHECK(kp_ptxas_run_nvcc(arch, "k.cu", "sm_50", NULL, 0, 10, &f, err, sizeof err) == -1);
  CHECK_STR(err, "the CUDA toolkit cannot target sm_50");
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK(kp_ptxas_run_nvcc(hang, "k.cu", "sm_86", NULL, 0, 1, &f, err, sizeof err) == -1);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  CHECK_STR(err, "nvcc timed out after 1 s");
  CHECK(t1.tv_sec - t0.tv_sec < 10); /* the sleep was ended with its group */
  CHECK(kp_ptxas_nvcc_group() == 0);
  char none[64];
  snprintf(none, sizeof none, "%s/none", dir);
  CHECK(kp_ptxas_run_nvcc(none, "k.cu", "sm_86", NULL, 0, 1, &f, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "cannot run");
  CHECK(f.nfuncs == 1);
  kp_ptxas_facts_free(&f);
  unlink(ok);
  unlink(bad);
  unlink(arch);
  unlink(hang);
  rmdir(dir);
}

int main(void) {
  test_parse();
  test_errors();
  test_apply();
  test_run();
  return TEST_RESULT();
}
