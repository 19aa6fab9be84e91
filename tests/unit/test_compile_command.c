/* The translator of compile commands (launchers, response files, nvcc -> clang). */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "kperf/compile_command.h"

#include <cjson/cJSON.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The translated arguments joined by single blanks. */
static char joined[8192];

static const char *join(const kp_strlist *l) {
  size_t o = 0;
  joined[0] = 0;
  for (size_t i = 0; i < l->n; i++)
    o += (size_t)snprintf(joined + o, sizeof joined - o, "%s%s", i ? " " : "", l->v[i]);
  return joined;
}

static int has(const kp_strlist *l, const char *s) {
  for (size_t i = 0; i < l->n; i++)
    if (strcmp(l->v[i], s) == 0)
      return 1;
  return 0;
}

/* Translates COMMAND (split as a shell would) in DIR for FILE. */
static int tr(const char *command, const char *dir, const char *file, kp_cc_result *r,
              char *err, size_t errlen) {
  kp_strlist argv;
  memset(&argv, 0, sizeof argv);
  CHECK(kp_cc_split(command, &argv) == 0);
  int rc = kp_cc_translate((const char *const *)argv.v, argv.n, dir, file, r, err, errlen);
  kp_strlist_free(&argv);
  return rc;
}

static void split(void) {
  kp_strlist l;
  memset(&l, 0, sizeof l);
  CHECK(kp_cc_split(" a 'b c' \"d \\\"e\\\"\" f\\ g -I\"/x y\" ", &l) == 0);
  CHECK(l.n == 5);
  CHECK_STR(join(&l), "a b c d \"e\" f g -I/x y");
  CHECK_STR(l.v[1], "b c");
  CHECK_STR(l.v[4], "-I/x y");
  kp_strlist_free(&l);
}

static void clang_entries(void) {
  kp_cc_result r;
  char err[512];
  CHECK(tr("/usr/bin/clang++ -x cuda --cuda-gpu-arch=sm_80 -Iinc -o a.o -c a.cu -MD -MF a.d", "/",
           "a.cu", &r, err, sizeof err) == 0);
  CHECK_STR(join(&r.args), "-x cuda --cuda-gpu-arch=sm_80 -Iinc a.cu");
  CHECK(!r.nvcc && r.cuda && r.has_arch && !r.has_side);
  kp_cc_result_free(&r);
  /* A .cpp is CUDA only with -x cuda; launchers and env are skipped. */
  CHECK(tr("ccache clang++ -c b.cpp", "/", "b.cpp", &r, err, sizeof err) == 0);
  CHECK(!r.cuda);
  CHECK_STR(join(&r.args), "b.cpp");
  kp_cc_result_free(&r);
  CHECK(tr("env -u X CCACHE_DIR=/tmp/c A=1 distcc icecc clang++ -xcuda b.cpp", "/", "b.cpp", &r,
           err, sizeof err) == 0);
  CHECK(r.cuda && !r.nvcc);
  CHECK_STR(join(&r.args), "-xcuda b.cpp");
  kp_cc_result_free(&r);
  CHECK(tr("ccache", "/", "b.cpp", &r, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "no compiler");
  kp_cc_result_free(&r);
}

static void nvcc_entries(void) {
  kp_cc_result r;
  char err[512];
  /* Meson: sccache, -Xcompiler= lists, -arch=sm_80. */
  CHECK(tr("sccache nvcc -Iinc -I../src --include-path=gen -DA=1 -D B --define-macro=C "
           "-U D --undefine-macro E -isystem sys --system-include=sys2 "
           "-Xcompiler=-Wall,-Winvalid-pch,-DHOST=1 -arch=sm_80 -O3 -std=c++17 -G -lineinfo "
           "-o x.o -c k.cu",
           "/", "k.cu", &r, err, sizeof err) == 0);
  CHECK(r.nvcc && r.cuda && r.has_arch);
  CHECK_STR(join(&r.args), "-x cuda -Iinc -I../src -Igen -DA=1 -DB -DC -UD -UE -isystem sys "
                           "-isystem sys2 -DHOST=1 --cuda-gpu-arch=sm_80 -O3 -std=c++17 k.cu");
  CHECK(has(&r.dropped, "-Xcompiler -Wall"));
  CHECK(has(&r.dropped, "-Xcompiler -Winvalid-pch"));
  CHECK(has(&r.dropped, "-G"));
  CHECK(has(&r.dropped, "-lineinfo"));
  CHECK(!has(&r.dropped, "-o x.o"));
  kp_cc_result_free(&r);
  /* -gencode, --generate-code=, -code, compute_ only, duplicates once; rdc; long spellings. */
  CHECK(tr("/usr/local/cuda/bin/nvcc -gencode arch=compute_80,code=sm_80 "
           "--generate-code=arch=compute_90a,code=[sm_90a,compute_90a] -gencode=arch=compute_80,code=sm_80 "
           "--gpu-architecture compute_75 -rdc=true --expt-relaxed-constexpr --expt-extended-lambda "
           "--use_fast_math -ccbin /usr/bin/g++-12 -Xptxas -O3,-v --compiler-options -fPIC "
           "--std c++20 -x cu --options-file-not-one k.cpp",
           "/", "k.cpp", &r, err, sizeof err) == 0);
  CHECK(r.cuda);
  CHECK_STR(join(&r.args), "-x cuda --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90a "
                           "--cuda-gpu-arch=sm_75 -ffast-math -std=c++20 -fgpu-rdc k.cpp");
  CHECK(has(&r.dropped, "-ccbin /usr/bin/g++-12"));
  CHECK(has(&r.dropped, "-Xptxas -O3,-v"));
  CHECK(has(&r.dropped, "-Xcompiler -fPIC"));
  CHECK(has(&r.dropped, "--options-file-not-one"));
  CHECK(!has(&r.dropped, "--expt-relaxed-constexpr"));
  kp_cc_result_free(&r);
  /* A .cpp that nvcc hands to the host compiler is not CUDA; --relocatable-device-code=false. */
  CHECK(tr("nvcc --relocatable-device-code=false -c h.cpp", "/", "h.cpp", &r, err, sizeof err) ==
        0);
  CHECK(!r.cuda);
  CHECK(!has(&r.args, "-fgpu-rdc"));
  kp_cc_result_free(&r);
  CHECK(tr("nvcc --relocatable-device-code true -dc k.cu", "/", "k.cu", &r, err, sizeof err) == 0);
  CHECK(has(&r.args, "-fgpu-rdc"));
  kp_cc_result_free(&r);
  /* Each spelling of separate compilation alone; --default-stream per-thread. */
  static const char *const rdc_forms[] = {"-rdc=true", "-rdc true", "--relocatable-device-code=true",
                                          "-dc", "--device-c", NULL};
  for (int i = 0; rdc_forms[i]; i++) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "nvcc -arch=sm_90 %s -c k.cu", rdc_forms[i]);
    CHECK(tr(cmd, "/", "k.cu", &r, err, sizeof err) == 0);
    CHECK(has(&r.args, "-fgpu-rdc"));
    kp_cc_result_free(&r);
  }
  CHECK(tr("nvcc -rdc=false --default-stream per-thread -c k.cu", "/", "k.cu", &r, err,
           sizeof err) == 0);
  CHECK(!has(&r.args, "-fgpu-rdc"));
  CHECK(has(&r.args, "-fgpu-default-stream=per-thread"));
  kp_cc_result_free(&r);
  CHECK(tr("nvcc -default-stream=legacy -c k.cu", "/", "k.cu", &r, err, sizeof err) == 0);
  CHECK_STR(join(&r.args), "-x cuda k.cu");
  CHECK(r.dropped.n == 0);
  kp_cc_result_free(&r);
  /* Values that look like flags stay with their option: -Xptxas -O3 is not -O3. */
  CHECK(tr("nvcc -Xcudafe --diag_suppress=177 -Xptxas -O1 -Xnvlink -v -O2 k.cu", "/", "k.cu", &r,
           err, sizeof err) == 0);
  CHECK_STR(join(&r.args), "-x cuda -O2 k.cu");
  CHECK(has(&r.dropped, "-Xcudafe --diag_suppress=177"));
  kp_cc_result_free(&r);
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (f) {
    fputs(text, f);
    fclose(f);
  }
}

static void response_files(void) {
  char dir[] = "/tmp/kperf-cc-test-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char p[512], q[512], sub[512];
  snprintf(sub, sizeof sub, "%s/rsp", dir);
  mkdir(sub, 0700);
  /* CMake's includes_CUDA.rsp: quoted paths; a nested @file relative to the directory. */
  snprintf(p, sizeof p, "%s/rsp/includes_CUDA.rsp", dir);
  write_file(p, "-I\"/src/my dir/include\" -isystem \"/opt/x\"\n@rsp/defs.rsp\n");
  snprintf(q, sizeof q, "%s/rsp/defs.rsp", dir);
  write_file(q, "-DFROM_RSP=1 '-DQUOTED=a b'\n--options-file rsp/arch.rsp");
  snprintf(q, sizeof q, "%s/rsp/arch.rsp", dir);
  write_file(q, "-arch=sm_86");
  kp_cc_result r;
  char err[512];
  CHECK(tr("nvcc --options-file rsp/includes_CUDA.rsp -c k.cu", dir, "k.cu", &r, err, sizeof err) ==
        0);
  CHECK_STR(join(&r.args), "-x cuda -I/src/my dir/include -isystem /opt/x -DFROM_RSP=1 "
                           "-DQUOTED=a b --cuda-gpu-arch=sm_86 k.cu");
  kp_cc_result_free(&r);
  CHECK(tr("nvcc -optf=rsp/arch.rsp k.cu", dir, "k.cu", &r, err, sizeof err) == 0);
  CHECK(has(&r.args, "--cuda-gpu-arch=sm_86"));
  kp_cc_result_free(&r);
  CHECK(tr("clang++ @rsp/arch.rsp -x cuda k.cu", dir, "k.cu", &r, err, sizeof err) == 0);
  CHECK(has(&r.args, "-arch=sm_86"));
  kp_cc_result_free(&r);
  /* A missing file and a file that names itself are errors. */
  CHECK(tr("nvcc -optf missing.rsp k.cu", dir, "k.cu", &r, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "cannot read the response file");
  CHECK_CONTAINS(err, "missing.rsp");
  kp_cc_result_free(&r);
  snprintf(q, sizeof q, "%s/self.rsp", dir);
  write_file(q, "@self.rsp");
  CHECK(tr("nvcc @self.rsp k.cu", dir, "k.cu", &r, err, sizeof err) == -1);
  CHECK_CONTAINS(err, "nested too deeply");
  kp_cc_result_free(&r);
  unlink(q);
  snprintf(q, sizeof q, "%s/rsp/defs.rsp", dir);
  unlink(q);
  snprintf(q, sizeof q, "%s/rsp/arch.rsp", dir);
  unlink(q);
  unlink(p);
  rmdir(sub);
  rmdir(dir);
}

/* An entry of compile_commands.json, and what a clang compile of it needs. */
static void entries_and_extras(void) {
  kp_strlist argv = {0};
  const char *dir = NULL, *file = NULL;
  cJSON *e = cJSON_Parse("{\"directory\": \"/b\", \"file\": \"k.cu\", "
                         "\"command\": \"nvcc -arch=sm_80 -c 'k.cu'\"}");
  CHECK(kp_cc_entry(e, &argv, &dir, &file) == 0);
  CHECK(argv.n == 4 && strcmp(argv.v[3], "k.cu") == 0);
  CHECK(strcmp(dir, "/b") == 0 && strcmp(file, "k.cu") == 0);
  kp_strlist_free(&argv);
  cJSON_Delete(e);
  e = cJSON_Parse("{\"directory\": \"/b\", \"file\": \"k.cu\", "
                  "\"arguments\": [\"clang++\", \"-c\", \"k.cu\"]}");
  CHECK(kp_cc_entry(e, &argv, &dir, &file) == 0 && argv.n == 3);
  kp_strlist_free(&argv);
  cJSON_Delete(e);
  e = cJSON_Parse("{\"directory\": \"/b\", \"command\": \"nvcc -c k.cu\"}");
  CHECK(kp_cc_entry(e, &argv, &dir, &file) == -1 && argv.n == 0);
  cJSON_Delete(e);

  kp_cc_result r;
  char err[256];
  kp_strlist x = {0};
  CHECK(tr("nvcc -c k.cu", "/", "k.cu", &r, err, sizeof err) == 0);
  CHECK(kp_cc_clang_extras(&r, "/opt/cuda", &x) == 0);
  CHECK(x.n == 5 && strcmp(x.v[0], "-isystem") == 0 && strcmp(x.v[1], "/opt/cuda/include/cccl") == 0);
  CHECK(has(&x, "-Wno-unknown-cuda-version") && has(&x, "--cuda-gpu-arch=sm_90") &&
        has(&x, "--cuda-path=/opt/cuda"));
  kp_strlist_free(&x);
  kp_cc_result_free(&r);
  CHECK(tr("clang++ -x cuda --cuda-gpu-arch=sm_80 --cuda-path=/c k.cu", "/", "k.cu", &r, err,
           sizeof err) == 0);
  CHECK(kp_cc_clang_extras(&r, "/opt/cuda", &x) == 0);
  CHECK(x.n == 1 && strcmp(x.v[0], "-Wno-unknown-cuda-version") == 0);
  kp_strlist_free(&x);
  kp_cc_result_free(&r);
}

int main(void) {
  split();
  entries_and_extras();
  clang_entries();
  nvcc_entries();
  response_files();
  return TEST_RESULT();
}
