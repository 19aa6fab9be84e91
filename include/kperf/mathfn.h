/* Per-thread PTX instruction counts of CUDA math functions.
 *
 * A call such as expf(x) is one node in the source but a sequence of PTX
 * instructions (expf: fma, cvt.sat, ex2.approx, ...).  This table gives, per
 * kperf instruction class (kp_iclass), how many instructions one call executes
 * on its typical path: for moderate arguments, without the rarely taken slow
 * paths (sinf's huge-argument range reduction, NaN/inf/denormal fix-ups).
 *
 * The numbers are measured from nvcc's PTX (sm_90, -O3, with and without
 * -use_fast_math) by scripts/gen-mathfn-table.py, which generates
 * analyses/mathfn_table.h; its header comment says how, and each row's
 * comment which arguments and paths it stands for.  The half and bfloat16
 * intrinsics (__half2float, __hadd2, __float2bfloat16, ...) are a short table of
 * their own in analyses/mathfn.c, measured the same way: the host pass, where
 * kperf reads kernels, sees only their host emulation.
 */
#ifndef KPERF_MATHFN_H
#define KPERF_MATHFN_H

#include <stddef.h>

#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kp_mathfn {
  const char *name;            /* CUDA spelling: "sinf", "__expf", "__popc", ... */
  int fast_math;               /* 1: the -use_fast_math variant */
  unsigned counts[KP_I_COUNT]; /* PTX instructions per class, one call, typical path */
  unsigned chain;              /* longest dependency chain argument -> result, instructions */
} kp_mathfn;

/* The entry for a math function, or NULL when it is unknown.
 *
 * name is the CUDA spelling ("sinf", "__sinf", "pow", "__popc") or one of the
 * pseudo names "fdiv" (float x / y), "ddiv" (double x / y), "frcp" (1.0f / x).
 * Also accepted: a leading "::", "std::" or "::std::" ("std::sinf" -> "sinf";
 * an overloaded std:: name resolves by its spelling alone: "std::sin" is the
 * double sin), and libdevice's "__nv_" names ("__nv_sinf" -> "sinf",
 * "__nv_fast_sinf" -> "__sinf", "__nv_popc" -> "__popc", "__nv_frcp_rn" ->
 * "__frcp_rn").
 *
 * fast_math = 1 returns the -use_fast_math entry where it differs from the
 * precise one (sinf -> the sin.approx entry), else the precise entry (the
 * result's fast_math says which). */
const kp_mathfn *kp_mathfn_find(const char *name, int fast_math);

/* All entries of the generated table, sorted by name then fast_math; *n
 * receives their number. */
const kp_mathfn *kp_mathfn_all(size_t *n);

/* Sum of an entry's counts over all classes (0 for NULL). */
unsigned kp_mathfn_total(const kp_mathfn *f);

#ifdef __cplusplus
}
#endif
#endif
