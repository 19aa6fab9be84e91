/* CUDA math function instruction counts: lookup in the table that
 * scripts/gen-mathfn-table.py measured from nvcc (analyses/mathfn_table.h). */
#include "kperf/mathfn.h"

#include <string.h>

/* The generated rows, with kp_mathfn as their element type: the initializers
 * ({name, fast_math, {[class] = n, ...}, chain}) fit it as they fit the
 * table's own compact row type, and the rows can be returned as they are. */
#define KP_MATHFN_ROW_TYPE kp_mathfn
#include "mathfn_table.h"

#define NROWS (sizeof kp_mathfn_rows / sizeof kp_mathfn_rows[0])

/* Half and bfloat16 intrinsics (cuda_fp16.hpp, cuda_bf16.hpp): per call, the
 * PTX of their device path.  Those headers pick the device path with
 * NV_IF_ELSE_TARGET (the preprocessor), so in the host pass, where kperf reads
 * kernels, a call's body is the host emulation (__half2float's loop over a
 * denormal's bits, __float2half's rounding branches): not what the GPU runs.
 * Measured as the generated table's rows are, from
 *   nvcc release 13.0, V13.0.88, -O3 -ptx -arch=sm_90
 * on the kernel  o[i] = FN(a[i], ...)  (a, o arrays of the argument and result
 * types), counting the instructions between the loads and the store; each is
 * straight-line code (one inline asm block or two).  cvt is conv; add, sub,
 * mul, fma, neg, abs, min, max on .f16, .f16x2, .bf16, .bf16x2 are fp16; mov.b16
 * and mov.b32 packing or unpacking halves are int; a comparison is a setp and
 * the selp making its bool.  Where a name is overloaded for __half and
 * __nv_bfloat16 the counts are the same (__low2float, __high2float: the
 * __half2 one, whose unpacking mov the bfloat16 one does not need).
 * Sorted by name (strcmp order). */
static const kp_mathfn half_rows[] = {
    {"__bfloat1622float2", 0, {[KP_I_CONV] = 2}, 1},
    {"__bfloat162float", 0, {[KP_I_CONV] = 1}, 1},
    {"__float22bfloat162_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__float22half2_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2bfloat16", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2bfloat162_rn", 0, {[KP_I_CONV] = 1, [KP_I_INT] = 1}, 2},
    {"__float2bfloat16_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2half", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2half2_rn", 0, {[KP_I_CONV] = 1, [KP_I_INT] = 1}, 2},
    {"__float2half_rd", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2half_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2half_ru", 0, {[KP_I_CONV] = 1}, 1},
    {"__float2half_rz", 0, {[KP_I_CONV] = 1}, 1},
    {"__floats2bfloat162_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__floats2half2_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__habs", 0, {[KP_I_FP16] = 1}, 1},
    {"__habs2", 0, {[KP_I_FP16] = 1}, 1},
    {"__hadd", 0, {[KP_I_FP16] = 1}, 1},
    {"__hadd2", 0, {[KP_I_FP16] = 1}, 1},
    {"__half22float2", 0, {[KP_I_CONV] = 2, [KP_I_INT] = 2}, 2},
    {"__half2float", 0, {[KP_I_CONV] = 1}, 1},
    {"__half2half2", 0, {[KP_I_INT] = 1}, 1},
    {"__half2int_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__half2int_rz", 0, {[KP_I_CONV] = 1}, 1},
    {"__halves2half2", 0, {[KP_I_INT] = 1}, 1},
    {"__heq", 0, {[KP_I_CMP] = 2}, 2},
    {"__hfma", 0, {[KP_I_FP16] = 1}, 1},
    {"__hfma2", 0, {[KP_I_FP16] = 1}, 1},
    {"__hge", 0, {[KP_I_CMP] = 2}, 2},
    {"__hgt", 0, {[KP_I_CMP] = 2}, 2},
    {"__high2float", 0, {[KP_I_CONV] = 1, [KP_I_INT] = 1}, 2},
    {"__high2half", 0, {[KP_I_INT] = 2}, 2},
    {"__hle", 0, {[KP_I_CMP] = 2}, 2},
    {"__hlt", 0, {[KP_I_CMP] = 2}, 2},
    {"__hmax", 0, {[KP_I_FP16] = 1}, 1},
    {"__hmax2", 0, {[KP_I_FP16] = 1}, 1},
    {"__hmin", 0, {[KP_I_FP16] = 1}, 1},
    {"__hmin2", 0, {[KP_I_FP16] = 1}, 1},
    {"__hmul", 0, {[KP_I_FP16] = 1}, 1},
    {"__hmul2", 0, {[KP_I_FP16] = 1}, 1},
    {"__hne", 0, {[KP_I_CMP] = 2}, 2},
    {"__hneg", 0, {[KP_I_FP16] = 1}, 1},
    {"__hneg2", 0, {[KP_I_FP16] = 1}, 1},
    {"__hsub", 0, {[KP_I_FP16] = 1}, 1},
    {"__hsub2", 0, {[KP_I_FP16] = 1}, 1},
    {"__int2half_rn", 0, {[KP_I_CONV] = 1}, 1},
    {"__low2float", 0, {[KP_I_CONV] = 1, [KP_I_INT] = 1}, 2},
    {"__low2half", 0, {[KP_I_INT] = 2}, 2},
};

#define NHALF (sizeof half_rows / sizeof half_rows[0])

/* Index of the first of the n rows (sorted by name) called name, or -1. */
static long find_in(const kp_mathfn *rows, size_t n, const char *name) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(rows[mid].name, name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && strcmp(rows[lo].name, name) == 0 ? (long)lo : -1;
}

static long find_row(const char *name) { return find_in(kp_mathfn_rows, NROWS, name); }

static const kp_mathfn *pick(long i, int fast_math) {
  if (i < 0)
    return NULL;
  /* Rows of one name are adjacent, the precise one (fast_math = 0) first. */
  if (fast_math && (size_t)i + 1 < NROWS && kp_mathfn_rows[i + 1].fast_math &&
      strcmp(kp_mathfn_rows[i + 1].name, kp_mathfn_rows[i].name) == 0)
    return &kp_mathfn_rows[i + 1];
  return &kp_mathfn_rows[i];
}

/* Looks up prefix + s (prefix may be ""). */
static long find_joined(const char *prefix, const char *s) {
  char buf[96];
  size_t np = strlen(prefix), ns = strlen(s);
  if (np + ns >= sizeof buf)
    return -1;
  memcpy(buf, prefix, np);
  memcpy(buf + np, s, ns + 1);
  return find_row(buf);
}

const kp_mathfn *kp_mathfn_find(const char *name, int fast_math) {
  if (!name)
    return NULL;
  if (strncmp(name, "::", 2) == 0)
    name += 2;
  if (strncmp(name, "std::", 5) == 0)
    name += 5;
  long i = find_row(name);
  if (i < 0 && strncmp(name, "__nv_", 5) == 0) {
    /* libdevice: __nv_sinf = sinf, __nv_popc = __popc, __nv_fast_sinf = __sinf. */
    const char *rest = name + 5;
    i = find_row(rest);
    if (i < 0)
      i = find_joined("__", rest);
    if (i < 0 && strncmp(rest, "fast_", 5) == 0)
      i = find_joined("__", rest + 5);
  }
  if (i < 0) {
    long h = find_in(half_rows, NHALF, name);
    return h < 0 ? NULL : &half_rows[h];
  }
  return pick(i, fast_math);
}

const kp_mathfn *kp_mathfn_all(size_t *n) {
  if (n)
    *n = NROWS;
  return kp_mathfn_rows;
}

unsigned kp_mathfn_total(const kp_mathfn *f) {
  unsigned t = 0;
  if (f)
    for (int c = 0; c < KP_I_COUNT; c++)
      t += f->counts[c];
  return t;
}
