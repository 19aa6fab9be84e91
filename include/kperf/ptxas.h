/* Registers and spills as ptxas assigns them.
 *
 * kperf's own register figure (registers.h) is an estimate from the kernel
 * model; ptxas, run by nvcc with -Xptxas -v, says what it really assigned:
 * registers per thread, the stack frame, and the bytes its spill stores and
 * loads move to local memory.  This file parses that output, keeps it as a
 * small "ptxas facts" text file (one line per architecture and function) and
 * applies it to a prediction's input (docs/models.md, "Registers from the device compiler").
 *
 * The facts file:
 *   # kperf ptxas facts 1
 *   # arch function registers stack_bytes spill_store_bytes spill_load_bytes
 *   sm_86 _Z6kernelPf 255 7896 7900 8652
 *   ! sm_50 the CUDA toolkit cannot target sm_50
 *   ! * no CUDA toolkit
 * A line "! ARCH WHY" says why there are no facts for ARCH ("*": any). */
#ifndef KPERF_PTXAS_H
#define KPERF_PTXAS_H

#include <stddef.h>

#include "kperf/gpu.h"
#include "kperf/model.h"
#include "kperf/predict.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kp_ptxas_func {
  char arch[16];  /* "sm_86"; "" when the output did not say */
  char *name;     /* the function's (mangled) name, as ptxas prints it */
  int is_entry;   /* 1: a kernel ("Compiling entry function") */
  int registers;  /* per thread; -1 unknown */
  long long stack_bytes, spill_store_bytes, spill_load_bytes; /* per thread */
  long long smem_bytes;  /* static shared memory per block (0 when not printed) */
  long long cmem0_bytes; /* cmem[0]: parameters and constants */
  int barriers;          /* named barriers used; -1 unknown */
} kp_ptxas_func;

typedef struct kp_ptxas_missing {
  char arch[16]; /* "sm_50", or "*" for any */
  char *why;
} kp_ptxas_missing;

typedef struct kp_ptxas_facts {
  kp_ptxas_func *funcs;
  size_t nfuncs, capfuncs;
  kp_ptxas_missing *missing;
  size_t nmissing, capmissing;
} kp_ptxas_facts;

void kp_ptxas_facts_init(kp_ptxas_facts *f);
void kp_ptxas_facts_free(kp_ptxas_facts *f);

/* Parses the output of ptxas -v (as nvcc -Xptxas -v prints it, on stderr)
 * and appends one record per function.  arch names the records whose output
 * does not say ("Compiling entry function 'X' for 'sm_86'" does); may be
 * NULL.  A record for the same (arch, name) is replaced.  Lines that are not
 * ptxas's are skipped (nvcc's warnings, the source file name).  0 ok (*nfound
 * receives the records appended, may be NULL); -1 with a message when a ptxas
 * line is garbled or out of memory. */
int kp_ptxas_parse(const char *text, size_t len, const char *arch, kp_ptxas_facts *out,
                   size_t *nfound, char *err, size_t errlen);

/* The facts file: parsed from text (appended to out), read from path,
 * written to path (atomically).  0 ok, -1 with a message naming the line. */
int kp_ptxas_facts_parse(const char *text, size_t len, kp_ptxas_facts *out, char *err,
                         size_t errlen);
int kp_ptxas_facts_read(const char *path, kp_ptxas_facts *out, char *err, size_t errlen);
int kp_ptxas_facts_write(const kp_ptxas_facts *f, const char *path, char *err, size_t errlen);
/* The file's text (malloc'ed; NULL out of memory). */
char *kp_ptxas_facts_text(const kp_ptxas_facts *f);

/* Adds a record (a copy of name) or a reason for an architecture without
 * facts.  0 ok, -1 out of memory or a bad arch/name (spaces, empty). */
int kp_ptxas_add(kp_ptxas_facts *f, const kp_ptxas_func *rec);
int kp_ptxas_add_missing(kp_ptxas_facts *f, const char *arch, const char *why);

/* The record of function name for arch; NULL when none. */
const kp_ptxas_func *kp_ptxas_find(const kp_ptxas_facts *f, const char *arch, const char *name);
/* Why there are no facts for arch ("!" lines for arch or "*"); NULL when
 * nothing was said. */
const char *kp_ptxas_why_missing(const kp_ptxas_facts *f, const char *arch);

/* "sm_86" for compute capability 8.6 ("sm_90a" is never produced). */
void kp_ptxas_arch_of(int cc_major, int cc_minor, char *buf, size_t n);

/* The architecture a GPU's facts are kept under: its sm_XY (NVIDIA), its ISA
 * (AMD: "gfx90a", kperf/amdgpu.h); and the compiler that gives them: "ptxas"
 * or "clang". */
void kp_ptxas_arch_of_gpu(const kp_gpu *gpu, char *buf, size_t n);
const char *kp_ptxas_compiler_of(const kp_gpu *gpu);

/* Spill bytes per thread of a record: spill stores + spill loads. */
double kp_ptxas_spill_bytes(const kp_ptxas_func *r);

/* Applies the facts of kernel k for gpu's architecture to in (after
 * kp_predict_input_from_kernel): regs_per_thread, regs_from_ptxas,
 * spill_bytes and stack_bytes, and the spill traffic as local-memory bytes
 * and ld.local / st.local instructions (bytes / 4 each: 32-bit accesses).
 * f may be NULL (nothing is done).  note receives the phrase for the
 * prediction's note: "registers: ptxas sm_86 (255, 16552 spill bytes)" or
 * "registers: estimate (WHY)"; "" when f is NULL.  Returns 1 when the facts
 * were applied, 0 otherwise. */
int kp_ptxas_apply(const kp_ptxas_facts *f, const kp_kernel *k, const kp_gpu *gpu,
                   kp_predict_input *in, char *note, size_t notelen);

/* Runs nvcc (the path of the executable) on file for one architecture
 * ("sm_86"): nvcc -arch=ARCH -cubin -o /dev/null -Xptxas -v FLAGS... FILE,
 * with its output captured, and parses what ptxas printed.  flags are passed
 * as they are, one argument each (-D, -I, -std=...).  nvcc runs in its own
 * process group, which is killed after timeout_s seconds (0: 600).  0 ok;
 * -1 with a one-line message: nvcc's first error, "the CUDA toolkit cannot
 * target sm_50", "nvcc timed out after N s", or why it could not run. */
int kp_ptxas_run_nvcc(const char *nvcc, const char *file, const char *arch,
                      const char *const *flags, size_t nflags, int timeout_s,
                      kp_ptxas_facts *out, char *err, size_t errlen);

/* The process group of the nvcc kp_ptxas_run_nvcc is waiting for, 0 when
 * none: a caller's signal handler may end it (kill(-group, SIGKILL)), as an
 * interrupt of the terminal does not reach a group of its own. */
long kp_ptxas_nvcc_group(void);

#ifdef __cplusplus
}
#endif
#endif
