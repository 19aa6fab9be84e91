#!/usr/bin/env python3
"""Writes a CUDA file that stresses one of kperf's analysis budgets.

    gen.py KIND N > file.cu

KIND is one of:
  chain     N dependent statements whose formulas grow exponentially
            (v = v - v * 3; v = (v << 2) + (v >> 1); ...), then an access a[v]
  sum       one expression of N left-nested additions (an AST N deep, no brackets)
  ifnest    N nested if statements without braces
  unroll    N explicitly unrolled statements, and a #pragma unroll loop of 2^30 trips
  calls     a chain of N device functions, each calling the previous one
  templ     a recursive template N levels deep
  kernels   N kernels in one file
  ternary   N nested conditional operators on the right
  loopnest  N nested for loops of run-time trip count in one kernel (the
            first half in the kernel, the rest in an inlined device function)
Every file also has a small well-formed kernel ('good', at its end) whose
findings must survive: an uncoalesced access with stride 32.
"""
import sys

GOOD = """
__global__ void good(float *a) {
  a[threadIdx.x * 32] = 1.0f;  // GOOD
}
void launch_good(float *a) { good<<<1, 32>>>(a); }
"""


def chain(n):
    body = []
    for i in range(n):
        body.append("  v = v - v * 3;" if i % 2 == 0 else "  v = (v << 2) + (v >> 1);")
    return ("__global__ void chain(int *a, int n) {\n  int v = threadIdx.x + n;\n"
            + "\n".join(body) + "\n  a[v] = 1;\n}\n")


def sum_(n):
    terms = " + ".join("t" for _ in range(n))
    return ("__global__ void sum(int *a) {\n  int t = threadIdx.x;\n  a[t] = " + terms + ";\n}\n")


def ifnest(n):
    return ("__global__ void ifnest(int *a, int n) {\n  int t = threadIdx.x;\n"
            + "".join("  if (t < n + %d)\n" % i for i in range(n)) + "  a[t] = 1;\n}\n")


def unroll(n):
    body = "".join("  a[t * %d + %d] = %d;\n" % (1 + i % 3, i, i) for i in range(n))
    return ("__global__ void unroll(int *a) {\n  int t = threadIdx.x;\n" + body
            + "#pragma unroll\n  for (int i = 0; i < (1 << 30); i++)\n    a[t + i] += i;\n}\n")


def calls(n):
    src = "__device__ int f0(int x) { return x + 1; }\n"
    for i in range(1, n):
        src += "__device__ int f%d(int x) { return f%d(x) * 2 + f%d(x + 1); }\n" % (i, i - 1, i - 1) \
            if i < 30 else "__device__ int f%d(int x) { return f%d(x) + 1; }\n" % (i, i - 1)
    return src + "__global__ void calls(int *a) { a[threadIdx.x] = f%d(threadIdx.x); }\n" % (n - 1)


def templ(n):
    return ("template <int N> struct R { __device__ static int f(int x) { return R<N - 1>::f(x) + N; } };\n"
            "template <> struct R<0> { __device__ static int f(int x) { return x; } };\n"
            "template <int N> __global__ void templ(int *a) { a[threadIdx.x] = R<N>::f(threadIdx.x); }\n"
            "void launch_templ(int *a) { templ<%d><<<1, 32>>>(a); }\n" % n)


def kernels(n):
    return "".join("__global__ void k%d(float *a) { a[threadIdx.x + %d] = %d.0f; }\n" % (i, i, i)
                   for i in range(n))


def ternary(n):
    e = "t"
    for i in range(n):
        e = "(t > %d ? t + %d : %s)" % (i, i, e) if i < 200 else "t > %d ? t + %d : %s" % (i, i, e)
    return "__global__ void ternary(int *a) {\n  int t = threadIdx.x;\n  a[t] = " + e + ";\n}\n"


def loopnest(n):
    half = n // 2
    inner = "".join("  for (int j%d = 0; j%d < n; j%d++)\n" % (i, i, i) for i in range(n - half))
    outer = "".join("  for (int i%d = 0; i%d < n; i%d++)\n" % (i, i, i) for i in range(half))
    return ("__device__ void inner(int *a, int t, int n) {\n" + inner + "    a[t] += 1;\n}\n"
            "__global__ void loopnest(int *a, int n) {\n  int t = threadIdx.x;\n" + outer
            + "    inner(a, t, n);\n}\n")


KINDS = {"chain": chain, "sum": sum_, "ifnest": ifnest, "unroll": unroll, "calls": calls,
         "templ": templ, "kernels": kernels, "ternary": ternary,
         "loopnest": loopnest}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    sys.stdout.write(KINDS[sys.argv[1]](int(sys.argv[2])) + GOOD)
