/* AMD kernels' registers, scratch and LDS from clang's AMDGPU assembly
 * (kperf/amdgpu.h): the parser on assembly written here, the facts applied
 * to an AMD GPU, and the compile with stand-ins for clang. */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "stand_in.h"
#include "kperf/amdgpu.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Two kernels and a device function, in the shape clang -S prints them: the
 * spills of the first (two dword stores, one dwordx2 load, one flat-scratch
 * dword load), none in the second; the device function's own spill is not
 * the kernels'. */
static const char asm_text[] =
    "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx90a\"\n"
    "\t.text\n"
    "\t.protected\t_Z5spillPfi                ; -- Begin function _Z5spillPfi\n"
    "\t.globl\t_Z5spillPfi\n"
    "_Z5spillPfi:                            ; @_Z5spillPfi\n"
    "; %bb.0:\n"
    "\ts_load_dwordx2 s[0:1], s[4:5], 0x0\n"
    "\tbuffer_store_dword v1, off, s[0:3], 0 offset:4 ; 4-byte Folded Spill\n"
    "\tbuffer_store_dword v2, off, s[0:3], 0 offset:8 ; 4-byte Folded Spill\n"
    ".LBB0_1:\n"
    "\tbuffer_load_dwordx2 v[1:2], off, s[0:3], 0 offset:4 ; 8-byte Folded Reload\n"
    "\tscratch_load_dword v3, off, off offset:12\n"
    "\tglobal_store_dword v0, v1, s[0:1]\n"
    "\ts_endpgm\n"
    ".Lfunc_end0:\n"
    "\t.size\t_Z5spillPfi, .Lfunc_end0-_Z5spillPfi\n"
    "helper:\n"
    "\tscratch_store_dwordx4 off, v[0:3], s32\n"
    "\ts_setpc_b64 s[30:31]\n"
    ".Lfunc_end1:\n"
    "_Z4tilev:\n"
    "\tds_read_b32 v0, v1\n"
    "\ts_endpgm\n"
    ".Lfunc_end2:\n"
    "\t.amdgpu_metadata\n"
    "---\n"
    "amdhsa.kernels:\n"
    "  - .agpr_count:     4\n"
    "    .args:\n"
    "      - .address_space:  global\n"
    "        .name:           out\n"
    "        .offset:         0\n"
    "        .size:           8\n"
    "        .value_kind:     global_buffer\n"
    "    .group_segment_fixed_size: 0\n"
    "    .max_flat_workgroup_size: 1024\n"
    "    .name:           _Z5spillPfi\n"
    "    .private_segment_fixed_size: 48\n"
    "    .sgpr_count:     40\n"
    "    .sgpr_spill_count: 0\n"
    "    .symbol:         _Z5spillPfi.kd\n"
    "    .vgpr_count:     128\n"
    "    .vgpr_spill_count: 3\n"
    "    .wavefront_size: 64\n"
    "  - .agpr_count:     0\n"
    "    .args:           []\n"
    "    .group_segment_fixed_size: 4096\n"
    "    .name:           _Z4tilev\n"
    "    .private_segment_fixed_size: 0\n"
    "    .vgpr_count:     24\n"
    "amdhsa.target:   amdgcn-amd-amdhsa--gfx90a\n"
    "amdhsa.version:\n"
    "  - 1\n"
    "  - 2\n"
    "...\n"
    "\t.end_amdgpu_metadata\n";

static void test_scratch_bytes(void) {
  int st = -1;
  CHECK(kp_amdgpu_scratch_bytes("buffer_store_dword", &st) == 4 && st == 1);
  CHECK(kp_amdgpu_scratch_bytes("scratch_load_dwordx2", &st) == 8 && st == 0);
  CHECK(kp_amdgpu_scratch_bytes("scratch_store_b128", &st) == 16 && st == 1);
  CHECK(kp_amdgpu_scratch_bytes("buffer_load_ubyte_d16_hi", &st) == 1 && st == 0);
  CHECK(kp_amdgpu_scratch_bytes("buffer_load_short_d16", &st) == 2);
  CHECK(kp_amdgpu_scratch_bytes("global_load_dword", &st) == 0);
  CHECK(kp_amdgpu_scratch_bytes("ds_read_b32", &st) == 0);
  CHECK(kp_amdgpu_scratch_bytes("buffer_load_format_xyzw", &st) == 0);
}

static void test_parse(void) {
  kp_ptxas_facts f;
  kp_ptxas_facts_init(&f);
  char err[256] = "";
  size_t n = 0;
  CHECK(kp_amdgpu_parse(asm_text, sizeof asm_text - 1, "gfx90a", &f, &n, err, sizeof err) == 0);
  CHECK(n == 2);
  const kp_ptxas_func *r = kp_ptxas_find(&f, "gfx90a", "_Z5spillPfi");
  CHECK(r && r->registers == 128 && r->stack_bytes == 48 && r->smem_bytes == 0);
  CHECK(r && r->spill_store_bytes == 8 && r->spill_load_bytes == 12 && r->is_entry);
  r = kp_ptxas_find(&f, "gfx90a", "_Z4tilev");
  CHECK(r && r->registers == 24 && r->stack_bytes == 0 && r->smem_bytes == 4096);
  CHECK(r && kp_ptxas_spill_bytes(r) == 0);
  CHECK(kp_ptxas_find(&f, "gfx90a", "helper") == NULL); /* not a kernel */
  CHECK(kp_ptxas_find(&f, "sm_86", "_Z5spillPfi") == NULL);

  /* Written and read back as a facts file: the ISA is the architecture. */
  char *text = kp_ptxas_facts_text(&f);
  CHECK(text && strstr(text, "gfx90a _Z5spillPfi 128 48 8 12"));
  kp_ptxas_facts g;
  kp_ptxas_facts_init(&g);
  CHECK(text && kp_ptxas_facts_parse(text, strlen(text), &g, err, sizeof err) == 0 && g.nfuncs == 2);
  free(text);
  kp_ptxas_facts_free(&g);

  /* Applied to an AMD GPU of that ISA: clang's VGPRs and the spill traffic. */
  kp_kernel k;
  memset(&k, 0, sizeof k);
  k.name = "spill";
  k.mangled = "_Z5spillPfi";
  kp_gpu gpu;
  memset(&gpu, 0, sizeof gpu);
  snprintf(gpu.isa, sizeof gpu.isa, "gfx90a");
  snprintf(gpu.id, sizeof gpu.id, "mi250x");
  gpu.cc_major = 9;
  kp_predict_input in;
  kp_predict_input_init(&in);
  in.regs_per_thread = 22;
  char note[256];
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 1);
  CHECK_STR(note, "registers: clang gfx90a (128, 20 spill bytes)");
  CHECK(in.regs_per_thread == 128 && in.regs_from_ptxas == 1 && in.stack_bytes == 48);
  CHECK(in.bytes[KP_SPACE_LOCAL] == 20 && in.count[KP_I_ST_LOCAL] == 2 &&
        in.count[KP_I_LD_LOCAL] == 3);
  /* Another ISA: the estimate, and why. */
  snprintf(gpu.isa, sizeof gpu.isa, "gfx1100");
  kp_predict_input_init(&in);
  in.regs_per_thread = 22;
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 0 && in.regs_per_thread == 22);
  CHECK_STR(note, "registers: estimate (clang reported nothing for _Z5spillPfi on gfx1100)");
  CHECK(kp_ptxas_add_missing(&f, "gfx1100", "no ROCm device libraries (Debian: rocm-device-libs)") == 0);
  CHECK(kp_ptxas_apply(&f, &k, &gpu, &in, note, sizeof note) == 0);
  CHECK_STR(note, "registers: estimate (no ROCm device libraries (Debian: rocm-device-libs))");
  kp_ptxas_facts_free(&f);

  /* Not AMDGPU assembly, or garbled metadata: an error, nothing added. */
  kp_ptxas_facts_init(&f);
  CHECK(kp_amdgpu_parse("\t.text\nmain:\n\tret\n", 17, "gfx90a", &f, &n, err, sizeof err) == -1);
  CHECK_STR(err, "the assembly has no amdhsa.kernels metadata");
  static const char bad[] = "amdhsa.kernels:\n  - .name:  _Z1kv\n    .vgpr_count:  lots\n";
  CHECK(kp_amdgpu_parse(bad, sizeof bad - 1, "gfx90a", &f, &n, err, sizeof err) == -1);
  CHECK_STR(err, "the AMDGPU metadata's .vgpr_count is not a number: 'lots'");
  static const char noregs[] = "amdhsa.kernels:\n  - .name:  _Z1kv\n";
  CHECK(kp_amdgpu_parse(noregs, sizeof noregs - 1, "gfx90a", &f, &n, err, sizeof err) == -1);
  CHECK_STR(err, "a kernel of the AMDGPU metadata has no .vgpr_count");
  CHECK(f.nfuncs == 0);
  kp_ptxas_facts_free(&f);
}


/* kp_amdgpu_run_clang with stand-ins for clang: one that checks its
 * arguments and writes the assembly to -o's file, one that fails, one that
 * hangs. */
static void test_run(void) {
  char dir[] = "/tmp/kperf-test-amdgpu-XXXXXX";
  if (!mkdtemp(dir)) {
    CHECK(0);
    return;
  }
  char ok[64], bad[64], hang[64], asmfile[64];
  snprintf(ok, sizeof ok, "%s/ok", dir);
  snprintf(bad, sizeof bad, "%s/bad", dir);
  snprintf(hang, sizeof hang, "%s/hang", dir);
  snprintf(asmfile, sizeof asmfile, "%s/k.s", dir);
  FILE *a = fopen(asmfile, "w");
  CHECK(a != NULL);
  if (a) {
    fputs(asm_text, a);
    fclose(a);
  }
  char body[1024];
  snprintf(body, sizeof body,
           "[ \"$1 $2 $3 $4 $5 $6 $7\" = \"-x hip --cuda-device-only -O3 -S -w -o\" ] || exit 3\n"
           "out=$8\n"
           "[ \"$9 ${10} ${11} ${12}\" = \"--offload-arch=gfx90a --rocm-path=/usr "
           "--rocm-device-lib-path=/libs -mcode-object-version=5\" ] || exit 4\n"
           "[ \"${13} ${14} ${15} ${16} ${17}\" = \"-D__AMDGCN_WAVEFRONT_SIZE=64 -include "
           "hip/hip_runtime.h -DN=4 k.cu\" ] || exit 5\n"
           "echo 'k.cu:3:1: warning: loop not unrolled' >&2\n"
           "cp %s \"$out\"\n",
           asmfile);
  write_script(ok, body);
  write_script(bad, "echo 'k.hip:3:14: error: use of undeclared identifier '\\''x'\\''' >&2\nexit 1\n");
  write_script(hang, "sleep 30\n");
  const char *flags[] = {"-DN=4"};
  kp_ptxas_facts f;
  kp_ptxas_facts_init(&f);
  char err[512] = "";
  CHECK(kp_amdgpu_run_clang(ok, "k.cu", "gfx90a", "/usr", "/libs", 5, flags, 1, 10, &f, err,
                            sizeof err) == 0);
  CHECK(f.nfuncs == 2 && kp_ptxas_find(&f, "gfx90a", "_Z5spillPfi"));
  CHECK(kp_amdgpu_run_clang(bad, "k.hip", "gfx1030", NULL, NULL, 0, NULL, 0, 10, &f, err,
                            sizeof err) == -1);
  CHECK_STR(err, "clang failed for gfx1030: k.hip:3:14: error: use of undeclared identifier 'x'");
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK(kp_amdgpu_run_clang(hang, "k.hip", "gfx90a", NULL, NULL, 0, NULL, 0, 1, &f, err,
                            sizeof err) == -1);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  CHECK_STR(err, "clang timed out after 1 s");
  CHECK(t1.tv_sec - t0.tv_sec < 10);
  CHECK(kp_ptxas_nvcc_group() == 0);
  CHECK(kp_amdgpu_run_clang(ok, "k.cu", "gfx 90a", NULL, NULL, 0, NULL, 0, 1, &f, err,
                            sizeof err) == -1);
  CHECK(f.nfuncs == 2);
  kp_ptxas_facts_free(&f);
  unlink(ok);
  unlink(bad);
  unlink(hang);
  unlink(asmfile);
  rmdir(dir);
}

int main(void) {
  test_scratch_bytes();
  test_parse();
  test_run();
  return TEST_RESULT();
}
