#!/usr/bin/env python3
"""Measure the typical-path PTX instruction counts of CUDA math functions.

For every function in FUNCS this compiles a one-line kernel

    extern "C" __global__ void k(T *a){ int i = threadIdx.x; a[i] = FN(a[i]); }

(two-argument functions: FN(a[i], a[i+1])) with `nvcc -O3 -ptx -arch=sm_90`,
once as is and once with -use_fast_math, and the same kernel with FN replaced
by an identity (an empty inline asm keeps the loads alive) as the baseline.

The PTX is then *executed* by the small PTX interpreter below for 32 moderate
arguments per function (|x| in [1, 100], or the function's natural domain:
[0.5, 100] for logarithms and roots, [-0.99, 0.99] for asinf/acosf, |x| <= 20
for the exponentials so that nothing overflows).  Each run gives the dynamic
path: the executed instructions, classified into kperf's instruction classes
(include/kperf/model.h).  The baseline's executed instructions (parameter
load, address arithmetic, the global load and store, ret) are subtracted.  The
typical count of a function is, per class, the mean over its samples, rounded
half up: where all samples take one path (most functions) that is the path;
where moderate arguments split between paths (the quadrant of sinf, the octant
of atan2f, erff's |x| < 1 test) it is the expected count over such arguments.
The generated header records, per row, the number of paths seen and their
lengths.  Slow paths (sinf/cosf/tanf's Payne-Hanek reduction for |x| >= 105615,
NaN / infinity / denormal fix-ups, ...) are thus never counted: no moderate
argument reaches them.

The interpreter's result is compared against Python's math library for every
sample, so a mis-interpreted instruction (which could send the run down the
wrong branch) stops the script.

chain: the longest data-dependency path, in PTX instructions, from the
argument(s) to the stored result along the typical path.  Instructions whose
operands are all immediates (constant movs) start a chain at depth 0: they do
not lengthen it.

Class rules (kp_iclass as include/kperf/model.h documents it):
  fp32/fp64/fp16 : add sub mul fma mad min max abs neg copysign on .f32/.f64/.f16
  fp.div         : div.rn, rcp.rn (and .rz/.rm/.rp), sqrt.rn  (precise, multi-instruction in SASS)
  sfu            : ex2 lg2 sin cos rsqrt rcp sqrt tanh .approx, div.approx, div.full
  int            : 32-bit integer add/sub/logic/shift/min/max/abs/neg/popc/clz/brev/
                   bfind/bfe/bfi/prmt/lop3/shf, every mov (constants, bit moves), and
                   st.param/ld.param of a call's arguments and result (ABI register moves)
  int.mul        : mul.lo/mul.hi/mul.wide/mad*/mul24 (not address arithmetic)
  int.div        : div/rem on integers
  int64          : 64-bit integer add/logic/shift (not address arithmetic)
  conv           : cvt (every form, also cvt.rni.f32.f32 and cvt.sat.f32.f32)
  cmp            : setp selp set slct testp and predicate logic (and/or/not .pred)
  branch         : bra, ret, call (a math function that is a real call: double pow)
  addr           : cvta, mov of a symbol's address, 64-bit add/sub on pointers,
                   mul.wide whose result only feeds such adds
  ld.const       : ld.const and ld.global.nc of a math-library table (.global
                   array in the PTX: coefficient tables, __cudart_i2opi_f)
  ld.local/st.local : local memory (the Payne-Hanek scratch array)
  other          : anything else (never reached by a typical path below)

Usage:  scripts/gen-mathfn-table.py [--out FILE] [--dump DIR] [--only NAME,...] [--verbose] [--summary]
(--only measures the named functions and prints them; it writes no header.)
Takes about 2.5 minutes (two nvcc runs per function and variant).  Default output: analyses/mathfn_table.h in the kperf tree.
"""

import argparse
import collections
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
from fractions import Fraction

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
NVCC = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
ARCH = "sm_90"
BASE_FLAGS = ["-O3", "-ptx", "-arch=" + ARCH]

# kperf's classes, in the order of kp_iclass (include/kperf/model.h).
CLASSES = [
    "KP_I_FP32", "KP_I_FP64", "KP_I_FP16", "KP_I_INT", "KP_I_INT_MUL", "KP_I_INT_DIV",
    "KP_I_INT64", "KP_I_FP_DIV", "KP_I_SFU", "KP_I_CONV", "KP_I_CMP", "KP_I_BRANCH",
    "KP_I_ADDR", "KP_I_LD_PARAM", "KP_I_LD_GLOBAL", "KP_I_ST_GLOBAL", "KP_I_LD_SHARED",
    "KP_I_ST_SHARED", "KP_I_LD_LOCAL", "KP_I_ST_LOCAL", "KP_I_LD_CONST", "KP_I_ATOMIC",
    "KP_I_BARRIER", "KP_I_WARP", "KP_I_OTHER",
]
# Classes a math function may contribute (the rest belong to the harness).
ALLOWED = {
    "KP_I_FP32", "KP_I_FP64", "KP_I_FP16", "KP_I_INT", "KP_I_INT_MUL", "KP_I_INT_DIV",
    "KP_I_INT64", "KP_I_FP_DIV", "KP_I_SFU", "KP_I_CONV", "KP_I_CMP", "KP_I_BRANCH",
    "KP_I_ADDR", "KP_I_LD_CONST", "KP_I_LD_LOCAL", "KP_I_ST_LOCAL", "KP_I_OTHER",
}

# --------------------------------------------------------------------------
# The functions.  Sample sets: moderate arguments in each function's domain.

NS = 32  # samples per function


def spread(lo, hi, signed=True, n=NS, log=True, phase=0):
    """n deterministic arguments with |x| spread over [lo, hi] (log-spaced), signs
    alternating in an irregular pattern; phase permutes the order."""
    out = []
    for j in range(n):
        u = ((j * 11 + phase * 7) % n + 0.37) / n
        mag = lo * (hi / lo) ** u if log else lo + (hi - lo) * u
        neg = signed and ((j * 5 + phase) % 3 == 1 or (j * 5 + phase) % 7 == 3)
        out.append(-mag if neg else mag)
    return out


def lcg(n, seed, mod=1 << 32):
    out, v = [], seed
    for _ in range(n):
        v = (v * 1103515245 + 12345) % (1 << 31)
        out.append((v * 2654435761) % mod)
    return out


class Samples(list):
    def __init__(self, desc, values):
        super().__init__(values)
        self.desc = desc


GEN = Samples("x in +-[1, 100]", spread(1, 100))
POS = Samples("x in [0.5, 100]", spread(0.5, 100, signed=False))
EXPS = Samples("x in +-[0.5, 20]", spread(0.5, 20))
UNIT = Samples("x in [-0.99, 0.99]",
               [-0.99 + 1.98 * (((j * 11) % NS) + 0.5) / NS for j in range(NS)])
ERF = Samples("x in +-[0.05, 4]", spread(0.05, 4))
GEN2 = Samples("x, y in +-[1, 100]", zip(GEN, spread(1, 100, phase=5)))
POW2 = Samples("x in [0.5, 30], y in +-[0.2, 4]",
               zip(spread(0.5, 30, signed=False), spread(0.2, 4, phase=3)))
FMOD2 = Samples("x in +-[10, 100], y in [1, 9.5]",
                zip(spread(10, 100), spread(1, 9.5, signed=False, phase=3)))
INTS = Samples("pseudo-random 32-bit", lcg(NS, 1))
SINTS = Samples("pseudo-random 32-bit", [_v - (1 << 32) if _v >> 31 else _v for _v in lcg(NS, 2)])
SINT2 = Samples("pseudo-random 32-bit", zip(SINTS, [_v - (1 << 32) if _v >> 31 else _v
                                                   for _v in lcg(NS, 3)]))
MUL24 = Samples("x in [-10000, 10000), y in [-2000, 2000)",
                zip([_v % 20000 - 10000 for _v in lcg(NS, 4)],
                    [_v % 4000 - 2000 for _v in lcg(NS, 5)]))
UINT2 = Samples("pseudo-random 32-bit", zip(INTS, lcg(NS, 6)))


def _cbrt(x):
    return math.copysign(abs(x) ** (1.0 / 3.0), x)


def _rint(x):
    return float(round(x))  # Python rounds half to even, as rint does


def _round(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


def _clz(v):
    return 32 - (v & 0xffffffff).bit_length()


def _ffs(v):
    v &= 0xffffffff
    return (v & -v).bit_length()


def _brev(v):
    return int("{:032b}".format(v & 0xffffffff)[::-1], 2)


def _s32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >> 31 else v


def _mul24(a, b):
    def s24(v):
        v &= 0xffffff
        return v - (1 << 24) if v >> 23 else v
    return _s32(s24(a) * s24(b))


class Fn:
    """name: CUDA spelling (or a pseudo name); ty: f, d, i (int), u (unsigned);
    expr: C expression over x (and y); ref: Python reference; samples: arguments;
    note: how the typical path was chosen."""

    def __init__(self, name, ty, expr, ref, samples, note="", tol=None):
        self.name, self.ty, self.expr, self.ref = name, ty, expr, ref
        self.samples, self.note, self.tol = samples, note, tol
        self.arity = 2 if "y" in re.sub(r"[A-Za-z_]\w*\(", "(", expr) else 1


def F(name, ref, samples, note="", arity=1, expr=None, ty="f", tol=None):
    if expr is None:
        expr = "%s(x, y)" % name if arity == 2 else "%s(x)" % name
    return Fn(name, ty, expr, ref, samples, note, tol)


TRIGF = "no sample reaches the Payne-Hanek reduction (|x| >= 105615, a loop over local memory)"\
    "; the quadrant decides two small branches"
TRIGD = "no sample reaches __internal_trig_reduction_slowpathd (|x| >= 2^31, a call)"\
    "; the quadrant decides the polynomial's branches"
EXPF = "x in range: the overflow/underflow fix-ups are selects, no branch"
LOGF = "normal x > 0: the denormal/inf/nan fix-ups are not taken"
FUNCS = [
    F("sinf", math.sin, GEN, TRIGF),
    F("cosf", math.cos, GEN, TRIGF),
    F("tanf", math.tan, GEN, TRIGF),
    F("sincosf", None, GEN, TRIGF + "; sin and cos of one argument"),
    F("expf", math.exp, EXPS, EXPF),
    F("exp2f", lambda x: 2.0 ** x, EXPS, "one ex2.approx.f32 (precise exp2f is the SFU op)"),
    F("exp10f", lambda x: 10.0 ** x, EXPS, EXPF),
    F("logf", math.log, POS, LOGF),
    F("log2f", math.log2, POS, LOGF),
    F("log10f", math.log10, POS, LOGF),
    F("powf", math.pow, POW2, "x > 0 finite, y finite: none of the x <= 0 / inf / nan / "
      "integer-y special-case branches", 2),
    F("sqrtf", math.sqrt, POS),
    F("rsqrtf", lambda x: 1 / math.sqrt(x), POS, "rsqrt.approx.f32 even without fast math"),
    F("cbrtf", _cbrt, GEN, "branchless for finite nonzero x"),
    F("fabsf", abs, GEN),
    F("fminf", min, GEN2, arity=2),
    F("fmaxf", max, GEN2, arity=2),
    F("floorf", math.floor, GEN),
    F("ceilf", math.ceil, GEN),
    F("truncf", math.trunc, GEN),
    F("roundf", _round, GEN),
    F("rintf", _rint, GEN),
    F("fmodf", math.fmod, FMOD2,
      "|x| > |y|, |x|/|y| < 2^24: the div.approx quotient path; neither the |x| < |y| early "
      "exit nor the bit-by-bit loop for huge quotients", 2),
    F("atan2f", math.atan2, GEN2, "the octant decides small branches", arity=2),
    F("atanf", math.atan, GEN, "|x| > 1: the reciprocal branch (|x| <= 1 skips one rcp)"),
    F("asinf", math.asin, UNIT, "branchless for |x| <= 1"),
    F("acosf", math.acos, UNIT, "branchless for |x| <= 1"),
    F("sinhf", math.sinh, EXPS, "branchless: both the small-|x| and the exp form, selected"),
    F("coshf", math.cosh, EXPS, "branchless"),
    F("tanhf", math.tanh, GEN, "branchless: the small-|x| polynomial and the exp form, selected"),
    F("erff", math.erf, ERF, "one branch at |x| = 1.0029: |x| >= 1 adds the ex2 tail"),
    F("__sinf", math.sin, GEN, tol=1e-3),
    F("__cosf", math.cos, GEN, tol=1e-3),
    F("__expf", math.exp, EXPS, tol=1e-4),
    F("__logf", math.log, POS, tol=1e-4),
    F("__log2f", math.log2, POS, tol=1e-4),
    F("__powf", math.pow, POW2, arity=2, tol=1e-4),
    F("__fdividef", lambda x, y: x / y, GEN2, arity=2, tol=1e-5),
    F("__frcp_rn", lambda x: 1 / x, GEN),
    F("__fsqrt_rn", math.sqrt, POS),
    F("fdiv", lambda x, y: x / y, GEN2, expr="x / y"),
    F("frcp", lambda x: 1 / x, GEN, expr="1.0f / x"),
    # double
    F("sin", math.sin, GEN, TRIGD, ty="d"),
    F("cos", math.cos, GEN, TRIGD, ty="d"),
    F("exp", math.exp, EXPS, "|x| < 708.4: no overflow/underflow branch", ty="d"),
    F("log", math.log, POS, "normal x > 0", ty="d"),
    F("sqrt", math.sqrt, POS, ty="d"),
    F("pow", math.pow, POW2, "x > 0 finite, y finite; __internal_accurate_pow is a real call"
      " (call, its ret and the param moves are counted)", arity=2, ty="d"),
    F("fabs", abs, GEN, ty="d"),
    F("floor", math.floor, GEN, ty="d"),
    F("rsqrt", lambda x: 1 / math.sqrt(x), POS, "rsqrt.approx.f64", ty="d"),
    F("ddiv", lambda x, y: x / y, GEN2, expr="x / y", ty="d"),
    # integer
    F("__popc", lambda v: bin(v & 0xffffffff).count("1"), INTS, ty="u"),
    F("__clz", _clz, SINTS, ty="i"),
    F("__ffs", _ffs, SINTS, ty="i"),
    F("__brev", _brev, INTS, ty="u"),
    F("abs", abs, SINTS, ty="i"),
    F("min", min, SINT2, arity=2, ty="i"),
    F("max", max, SINT2, arity=2, ty="i"),
    F("__mul24", _mul24, MUL24, "sm_90 PTX: two sign extensions (shl, shr.s32) and mul.lo",
      arity=2, ty="i"),
    F("__umulhi", lambda a, b: (a * b) >> 32, UINT2, arity=2, ty="u"),
]

CTYPE = {"f": "float", "d": "double", "i": "int", "u": "unsigned"}
ASMC = {"f": "f", "d": "d", "i": "r", "u": "r"}


def kernel_source(fn, baseline):
    t = CTYPE[fn.ty]
    c = ASMC[fn.ty]
    pre = ("__device__ __forceinline__ %s kp_id(%s x, %s y)"
           "{ asm(\"\" : \"+%s\"(x) : \"%s\"(y)); return x; }\n"
           "__device__ __forceinline__ %s kp_id1(%s x){ asm(\"\" : \"+%s\"(x)); return x; }\n"
           % (t, t, t, c, c, t, t, c))
    if fn.name == "sincosf":
        if baseline:
            body = "float x = kp_id1(a[i]); a[i] = x; a[i+1] = x;"
        else:
            body = "float x = a[i], s, c; sincosf(x, &s, &c); a[i] = s; a[i+1] = c;"
    elif fn.arity == 2:
        e = "kp_id(x, y)" if baseline else fn.expr
        body = "%s x = a[i], y = a[i+1]; a[i] = %s;" % (t, e)
    else:
        e = "kp_id1(x)" if baseline else fn.expr
        body = "%s x = a[i]; a[i] = %s;" % (t, e)
    return pre + 'extern "C" __global__ void k(%s *a){ int i = threadIdx.x; %s }\n' % (t, body)


def compile_ptx(src, fast, workdir, tag):
    cu = os.path.join(workdir, tag + ".cu")
    ptx = os.path.join(workdir, tag + ".ptx")
    with open(cu, "w") as f:
        f.write(src)
    cmd = [NVCC] + BASE_FLAGS + (["-use_fast_math"] if fast else []) + [cu, "-o", ptx]
    subprocess.run(cmd, check=True)
    with open(ptx) as f:
        return f.read()


# --------------------------------------------------------------------------
# Floating point helpers.

def f32_from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xffffffff))[0]


def f64_from_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b & 0xffffffffffffffff))[0]


def f16_from_bits(b):
    return struct.unpack("<e", struct.pack("<H", b & 0xffff))[0]


FMT = {  # mantissa bits (with the hidden one), min normal exponent, max finite
    32: (24, -126, struct.unpack("<f", struct.pack("<I", 0x7f7fffff))[0]),
    64: (53, -1022, sys.float_info.max),
    16: (11, -14, 65504.0),
}


def round_frac(q, width, mode="rn"):
    """Round the exact rational q to the float format of `width` bits."""
    mbits, emin, fmax = FMT[width]
    if q == 0:
        return 0.0
    sign = -1 if q < 0 else 1
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    scale = mbits - 1 - e
    m = a * Fraction(2) ** scale
    fl = m.numerator // m.denominator
    rem = m - fl
    if mode == "rn":
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl & 1):
            fl += 1
    elif mode == "rm":
        if sign < 0 and rem:
            fl += 1
    elif mode == "rp":
        if sign > 0 and rem:
            fl += 1
    elif mode != "rz":
        raise ValueError(mode)
    v = Fraction(fl) / Fraction(2) ** scale
    if v > Fraction(fmax):
        if mode == "rn" or (mode == "rm" and sign < 0) or (mode == "rp" and sign > 0):
            return sign * math.inf
        return sign * fmax
    return sign * float(v)


def round_float(x, width, mode="rn"):
    if math.isnan(x) or math.isinf(x):
        return x
    return round_frac(Fraction(x), width, mode)


def to_bits(x, width):
    if width == 32:
        if math.isnan(x):
            return 0x7fffffff
        return struct.unpack("<I", struct.pack("<f", x))[0] if not math.isinf(x) else \
            (0x7f800000 if x > 0 else 0xff800000)
    if width == 64:
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    if width == 16:
        if math.isnan(x):
            return 0x7fff
        if math.isinf(x):
            return 0x7c00 if x > 0 else 0xfc00
        return struct.unpack("<H", struct.pack("<e", x))[0]
    raise ValueError(width)


def from_bits(b, width):
    return {32: f32_from_bits, 64: f64_from_bits, 16: f16_from_bits}[width](b)


# --------------------------------------------------------------------------
# PTX parsing.

TYPE_RE = re.compile(r"^(f|s|u|b)(8|16|32|64)$|^pred$|^f16x2$|^bf16$|^bf16x2$")


class Instr:
    __slots__ = ("idx", "guard", "neg", "op", "mods", "args", "text")

    def __init__(self, idx, guard, neg, op, mods, args, text):
        self.idx, self.guard, self.neg = idx, guard, neg
        self.op, self.mods, self.args, self.text = op, mods, args, text

    def type(self):
        """The last type modifier (the operation's type)."""
        for m in reversed(self.mods):
            if TYPE_RE.match(m):
                return m
        return None

    def types(self):
        return [m for m in self.mods if TYPE_RE.match(m)]


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


class Func:
    def __init__(self, name, params, rets, instrs, labels, depot):
        self.name, self.params, self.rets = name, params, rets
        self.instrs, self.labels, self.depot = instrs, labels, depot


def parse_body(body):
    # Scope blocks ({ ... } on lines of their own) only declare registers: drop them.
    lines = [ln for ln in body.split("\n") if ln.strip() not in ("{", "}")]
    body = "\n".join(lines)
    instrs, labels, depot = [], {}, {}
    for stmt in body.split(";"):
        stmt = stmt.strip()
        while True:
            lm = re.match(r"^([\w$]+):\s*", stmt)
            if not lm:
                break
            labels[lm.group(1)] = len(instrs)
            stmt = stmt[lm.end():]
        if not stmt:
            continue
        if stmt.startswith("."):
            dm = re.match(r"\.local\s+\.align\s+\d+\s+\.b8\s+(\w+)\[(\d+)\]", stmt)
            if dm:
                depot[dm.group(1)] = int(dm.group(2))
            continue  # .reg, .param, .pragma, ...
        guard, neg = None, False
        gm = re.match(r"^@(!?)(%\w+)\s+", stmt)
        if gm:
            neg, guard = gm.group(1) == "!", gm.group(2)
            stmt = stmt[gm.end():]
        parts = stmt.split(None, 1)
        opfull = parts[0]
        args = split_args(parts[1]) if len(parts) > 1 else []
        pieces = opfull.split(".")
        instrs.append(Instr(len(instrs), guard, neg, pieces[0], pieces[1:], args,
                            " ".join(stmt.split())))
    return instrs, labels, depot


def parse_ptx(text):
    """Returns ({function name: Func}, {data symbol: (space, bytes)})."""
    text = re.sub(r"//[^\n]*", "", text)
    data = {}
    for m in re.finditer(r"\.(global|const)\s+(?:\.align\s+\d+\s+)?\.(\w+)\s+([\w$]+)\[(\d*)\]"
                         r"\s*(?:=\s*\{([^}]*)\})?\s*;", text):
        space, ty, name, n, init = m.groups()
        size = int(TYPE_RE.match(ty).group(2)) // 8 if TYPE_RE.match(ty).group(2) else 1
        vals = [int(v, 0) for v in init.split(",")] if init else []
        raw = b"".join((v & ((1 << (8 * size)) - 1)).to_bytes(size, "little") for v in vals)
        count = int(n) if n else len(vals)
        raw = raw.ljust(count * size, b"\0")
        data[name] = (space, raw)
    funcs = {}
    for m in re.finditer(r"\.(entry|func)\s*(\([^)]*\))?\s*([\w$]+)\s*(\([^)]*\))?\s*\{", text):
        rets = re.findall(r"\.param\s+(?:\.align\s+\d+\s+)?\.\w+\s+([\w$]+)", m.group(2) or "")
        params = re.findall(r"\.param\s+(?:\.align\s+\d+\s+)?\.\w+\s+([\w$]+)", m.group(4) or "")
        body = text[m.end():]
        depth, end = 1, len(body)
        for j, ch in enumerate(body):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    end = j
                    break
        instrs, labels, depot = parse_body(body[:end])
        funcs[m.group(3)] = Func(m.group(3), params, rets, instrs, labels, depot)
    if "k" not in funcs:
        raise RuntimeError("no entry k")
    return funcs, data


# --------------------------------------------------------------------------
# The interpreter.

class Unsupported(Exception):
    pass


def width_of(t):
    if t in ("pred",):
        return 1
    if t in ("f16x2", "bf16x2"):
        return 32
    if t == "bf16":
        return 16
    return int(TYPE_RE.match(t).group(2))


def signed(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


class Machine:
    A_BASE = 0x100000      # the kernel's array
    DATA_BASE = 0x200000   # PTX .global / .const tables
    LOCAL_BASE = 0x300000  # local depots
    KPARAM_BASE = 0x400000  # the kernel's parameters
    CPARAM_BASE = 0x500000  # call parameters

    def __init__(self, ptx, inputs, ty):
        self.funcs, data = parse_ptx(ptx)
        self.mem = {}
        self.sym = {}
        self.table_ranges = []
        addr = self.DATA_BASE
        for name, (space, raw) in data.items():
            self.sym[name] = addr
            for j, byte in enumerate(raw):
                self.mem[addr + j] = byte
            self.table_ranges.append((addr, addr + len(raw)))
            addr += (len(raw) + 255) & ~255
        addr = self.LOCAL_BASE
        for f in self.funcs.values():
            for name, size in f.depot.items():
                self.sym[name] = addr
                addr += (size + 255) & ~255
        self.local_range = (self.LOCAL_BASE, addr)
        w = 64 if ty == "d" else 32
        self.elem = w // 8
        for j, v in enumerate(inputs):
            bits = to_bits(v, w) if ty in "fd" else (v & ((1 << w) - 1))
            self.store(self.A_BASE + j * self.elem, bits, self.elem)
        self.a_range = (self.A_BASE, self.A_BASE + 64 * self.elem)
        kernel = self.funcs["k"]
        self.pnames = {}
        for j, name in enumerate(kernel.params):
            self.pnames[name] = self.KPARAM_BASE + 8 * j
            self.store(self.KPARAM_BASE + 8 * j, self.A_BASE, 8)
        self.next_cparam = self.CPARAM_BASE
        self.regs = {}
        self.writer = {}      # register -> trace index of its last writer
        self.memwriter = {}   # address -> trace index of its last store
        self.trace = []       # (instr, sources (trace indices), extra)
        self.stores = []      # (addr, bits) of global stores
        self.func = kernel

    # memory
    def load(self, addr, n):
        return int.from_bytes(bytes(self.mem.get(addr + j, 0) for j in range(n)), "little")

    def store(self, addr, bits, n):
        for j, byte in enumerate((bits & ((1 << (8 * n)) - 1)).to_bytes(n, "little")):
            self.mem[addr + j] = byte

    # operands
    def imm(self, s, t):
        w = width_of(t)
        if re.match(r"^0[fF][0-9a-fA-F]{8}$", s):
            b = int(s[2:], 16)
            return b if w == 32 else to_bits(round_float(f32_from_bits(b), w), w)
        if re.match(r"^0[dD][0-9a-fA-F]{16}$", s):
            b = int(s[2:], 16)
            return b if w == 64 else to_bits(round_float(f64_from_bits(b), w), w)
        if re.match(r"^-?(0[xX][0-9a-fA-F]+|\d+)U?$", s):
            v = int(s.rstrip("U"), 0)
            if t.startswith("f"):
                return to_bits(float(v), w)
            return v & ((1 << w) - 1)
        if s in self.sym:
            return self.sym[s]
        raise Unsupported("operand " + s)

    def read(self, s, t, srcs):
        """Bits of operand s read as type t; records its producer in srcs."""
        if s.startswith("%"):
            if s.startswith(("%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid")):
                return {"%ntid.x": 32, "%nctaid.x": 1}.get(s, 0)
            if s not in self.regs:
                raise Unsupported("read of unset register " + s)
            if s in self.writer:
                srcs.append(self.writer[s])
            v = self.regs[s]
            return v if t == "pred" else v & ((1 << width_of(t)) - 1)
        if s.startswith("!"):
            return 0 if self.read(s[1:], t, srcs) else 1
        return self.imm(s, t)

    def readf(self, s, t, srcs, ftz=False):
        x = from_bits(self.read(s, t, srcs), width_of(t))
        if ftz and t == "f32" and x != 0 and abs(x) < 2.0 ** -126:
            x = math.copysign(0.0, x)
        return x

    def write(self, d, bits, t, tidx):
        if d.startswith("{"):
            raise Unsupported("vector destination " + d)
        if t == "pred":
            self.regs[d] = 1 if bits else 0
        else:
            self.regs[d] = bits & ((1 << width_of(t)) - 1)
        self.writer[d] = tidx

    def writef(self, d, x, t, tidx, mode="rn", ftz=False, sat=False):
        w = width_of(t)
        if sat and not math.isnan(x):
            x = min(max(x, 0.0), 1.0)
        elif sat:
            x = 0.0
        x = round_float(x, w, mode)
        if ftz and w == 32 and x != 0 and abs(x) < 2.0 ** -126:
            x = math.copysign(0.0, x)
        self.write(d, to_bits(x, w), t, tidx)

    def param_addr(self, name):
        if name not in self.pnames:
            self.pnames[name] = self.next_cparam
            self.next_cparam += 256
        return self.pnames[name]

    def addr(self, s, srcs):
        m = re.match(r"^\[\s*([%\w$]+)\s*(?:\+\s*(-?\d+))?\s*\]$", s)
        if not m:
            raise Unsupported("address " + s)
        base, off = m.group(1), int(m.group(2) or 0)
        if base.startswith("%"):
            return self.read(base, "u64", srcs) + off
        if base in self.sym:
            return self.sym[base] + off
        return self.param_addr(base) + off  # a .param name

    # execution
    def run(self, max_steps=200000):
        pc, steps = 0, 0
        stack = []
        while True:
            steps += 1
            if steps > max_steps:
                raise Unsupported("too many steps")
            ins = self.func.instrs[pc]
            tidx = len(self.trace)
            srcs = []
            extra = {}
            if ins.guard is not None:
                g = self.read(ins.guard, "pred", srcs)
                active = bool(g) != ins.neg
            else:
                active = True
            self.trace.append((ins, srcs, extra))
            if ins.op in ("ret", "exit"):
                if not stack:
                    return
                self.func, pc, self.regs, self.writer, self.pnames = stack.pop()
                continue
            if ins.op == "bra":
                if active:
                    pc = self.func.labels[ins.args[0]]
                else:
                    pc += 1
                extra["taken"] = active
                continue
            if ins.op == "call":
                args = list(ins.args)
                rets = []
                if args[0].startswith("("):
                    rets = [x.strip() for x in args.pop(0).strip("()").split(",") if x.strip()]
                callee = self.funcs.get(args[0])
                if callee is None:
                    raise Unsupported("call to unknown " + args[0])
                actuals = []
                if len(args) > 1:
                    actuals = [x.strip() for x in args[1].strip("()").split(",") if x.strip()]
                pn = {}
                for formal, actual in zip(callee.params, actuals):
                    pn[formal] = self.param_addr(actual)
                for formal, actual in zip(callee.rets, rets):
                    pn[formal] = self.param_addr(actual)
                stack.append((self.func, pc + 1, self.regs, self.writer, self.pnames))
                self.func, pc, self.regs, self.writer, self.pnames = callee, 0, {}, {}, pn
                extra["call"] = callee.name
                continue
            if active:
                self.execute(ins, srcs, extra, tidx)
            pc += 1

    def execute(self, ins, srcs, extra, tidx):
        op, mods, a = ins.op, ins.mods, ins.args
        t = ins.type()
        ftz = "ftz" in mods
        sat = "sat" in mods
        mode = next((m for m in mods if m in ("rn", "rz", "rm", "rp")), "rn")
        isf = t is not None and t.startswith("f")

        if op == "mov":
            src = a[1]
            if src.startswith("{"):
                parts = [p.strip() for p in src.strip("{}").split(",")]
                pw = width_of(t) // len(parts)
                bits = 0
                for j, p in enumerate(parts):
                    bits |= (self.read(p, "b%d" % pw, srcs) & ((1 << pw) - 1)) << (pw * j)
                self.write(a[0], bits, t, tidx)
            elif a[0].startswith("{"):
                parts = [p.strip() for p in a[0].strip("{}").split(",")]
                pw = width_of(t) // len(parts)
                bits = self.read(src, t, srcs)
                for j, p in enumerate(parts):
                    if p != "_":
                        self.write(p, bits >> (pw * j), "b%d" % pw, tidx)
            else:
                if src in self.sym:
                    extra["symbol"] = src
                self.write(a[0], self.read(src, t, srcs), t, tidx)
            return
        if op in ("ld", "st"):
            vec = next((int(m[1:]) for m in mods if m in ("v2", "v4")), 1)
            n = width_of(t) // 8
            if op == "ld":
                ad = self.addr(a[1], srcs)
                regs = [p.strip() for p in a[0].strip("{}").split(",")]
                extra["space"] = self.space(ad, mods)
                for j, r in enumerate(regs):
                    if (ad + j * n) in self.memwriter:
                        srcs.append(self.memwriter[ad + j * n])
                    self.write(r, self.load(ad + j * n, n), t, tidx)
                extra["addr"] = ad
            else:
                ad = self.addr(a[0], srcs)
                regs = [p.strip() for p in a[1].strip("{}").split(",")]
                extra["space"] = self.space(ad, mods)
                vsrcs = []
                for j, r in enumerate(regs):
                    bits = self.read(r, t, vsrcs)
                    self.store(ad + j * n, bits, n)
                    self.memwriter[ad + j * n] = tidx
                    if extra["space"] == "global":
                        self.stores.append((ad + j * n, bits))
                srcs.extend(vsrcs)
                extra["value_srcs"] = vsrcs
            return
        if op == "cvta":
            self.write(a[0], self.read(a[1], "u64", srcs), "u64", tidx)
            return
        if op == "cvt":
            return self.cvt(ins, srcs, tidx)
        if op == "setp":
            return self.setp(ins, srcs, tidx)
        if op == "selp":
            x = self.read(a[1], t, srcs)
            y = self.read(a[2], t, srcs)
            p = self.read(a[3], "pred", srcs)
            self.write(a[0], x if p else y, t, tidx)
            return
        if op == "testp":
            x = self.readf(a[1], t, srcs)
            kind = mods[0]
            r = {"finite": math.isfinite(x), "infinite": math.isinf(x),
                 "number": not math.isnan(x), "notanumber": math.isnan(x),
                 "normal": math.isfinite(x) and abs(x) >= 2.0 ** FMT[width_of(t)][1],
                 "subnormal": x != 0 and abs(x) < 2.0 ** FMT[width_of(t)][1]}[kind]
            self.write(a[0], r, "pred", tidx)
            return
        if t == "pred":
            vals = [self.read(x, "pred", srcs) for x in a[1:]]
            r = {"and": lambda: vals[0] and vals[1], "or": lambda: vals[0] or vals[1],
                 "xor": lambda: vals[0] != vals[1], "not": lambda: not vals[0],
                 "mov": lambda: vals[0]}[op]()
            self.write(a[0], r, "pred", tidx)
            return
        if isf:
            return self.fop(ins, srcs, tidx, ftz, sat, mode)
        return self.iop(ins, srcs, tidx)

    def space(self, ad, mods):
        if "param" in mods:
            return "param" if self.KPARAM_BASE <= ad < self.CPARAM_BASE else "callparam"
        for s in ("local", "const", "shared"):
            if s in mods:
                return s
        if self.a_range[0] <= ad < self.a_range[1]:
            return "global"
        for lo, hi in self.table_ranges:
            if lo <= ad < hi:
                return "table"
        if self.local_range[0] <= ad < self.local_range[1]:
            return "local"
        raise Unsupported("load/store outside known memory %#x" % ad)

    def fop(self, ins, srcs, tidx, ftz, sat, mode):
        op, mods, a, t = ins.op, ins.mods, ins.args, ins.type()
        w = width_of(t)
        xs = [self.readf(s, t, srcs, ftz) for s in a[1:]]
        finite = all(math.isfinite(x) for x in xs)
        Q = [Fraction(x) if math.isfinite(x) else None for x in xs]
        approx = "approx" in mods or "full" in mods

        def res(q_exact, fallback):
            if finite and q_exact is not None:
                r = q_exact()
                return round_frac(r, w, mode) if isinstance(r, Fraction) else r
            return fallback()

        if op == "add":
            r = res(lambda: Q[0] + Q[1], lambda: xs[0] + xs[1])
        elif op == "sub":
            r = res(lambda: Q[0] - Q[1], lambda: xs[0] - xs[1])
        elif op == "mul":
            r = res(lambda: Q[0] * Q[1], lambda: xs[0] * xs[1])
        elif op in ("fma", "mad"):
            r = res(lambda: Q[0] * Q[1] + Q[2], lambda: xs[0] * xs[1] + xs[2])
        elif op == "neg":
            self.write(a[0], self.read(a[1], t, []) ^ (1 << (w - 1)), t, tidx)
            return
        elif op == "abs":
            self.write(a[0], self.read(a[1], t, []) & ~(1 << (w - 1)), t, tidx)
            return
        elif op == "copysign":
            sa = self.read(a[1], t, [])
            sb = self.read(a[2], t, [])
            m = 1 << (w - 1)
            self.write(a[0], (sb & ~m) | (sa & m), t, tidx)
            return
        elif op in ("min", "max"):
            x, y = xs
            if math.isnan(x):
                r = y
            elif math.isnan(y):
                r = x
            else:
                r = min(x, y) if op == "min" else max(x, y)
        elif op == "div":
            if approx or not finite or xs[1] == 0:
                r = xs[0] / xs[1] if xs[1] != 0 else (
                    math.nan if xs[0] == 0 or math.isnan(xs[0]) else math.copysign(math.inf, xs[0]) *
                    math.copysign(1, xs[1]))
            else:
                r = round_frac(Q[0] / Q[1], w, mode)
        elif op == "rcp":
            x = xs[0]
            if x == 0:
                r = math.copysign(math.inf, x)
            elif approx or not finite:
                r = 1.0 / x
            else:
                r = round_frac(1 / Q[0], w, mode)
        elif op == "sqrt":
            x = xs[0]
            r = math.nan if x < 0 else (math.sqrt(x) if math.isfinite(x) else x)
        elif op == "rsqrt":
            x = xs[0]
            r = math.nan if x < 0 else (math.inf if x == 0 else 1.0 / math.sqrt(x))
        elif op == "ex2":
            x = xs[0]
            r = 0.0 if x == -math.inf else (math.inf if x > 1024 else 2.0 ** x)
        elif op == "lg2":
            x = xs[0]
            r = math.nan if x < 0 else (-math.inf if x == 0 else math.log2(x))
        elif op == "sin":
            r = math.sin(xs[0])
        elif op == "cos":
            r = math.cos(xs[0])
        elif op == "tanh":
            r = math.tanh(xs[0])
        else:
            raise Unsupported(ins.text)
        self.writef(a[0], r, t, tidx, mode, ftz, sat)

    def cvt(self, ins, srcs, tidx):
        mods, a = ins.mods, ins.args
        tys = ins.types()
        dt, st = tys[0], tys[-1]
        rnd = next((m for m in mods if m in ("rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi")), None)
        sat = "sat" in mods
        ftz = "ftz" in mods
        dw = width_of(dt)
        if st.startswith("f"):
            x = self.readf(a[1], st, srcs, ftz)
            if dt.startswith("f"):
                if rnd in ("rni", "rzi", "rmi", "rpi"):
                    if math.isfinite(x):
                        x = {"rni": lambda v: float(round(v)), "rzi": math.trunc,
                             "rmi": math.floor, "rpi": math.ceil}[rnd](x)
                        x = math.copysign(float(x), self.readf(a[1], st, [])) if x == 0 else float(x)
                    self.writef(a[0], x, dt, tidx, "rn", ftz, sat)
                else:
                    self.writef(a[0], x, dt, tidx, rnd or "rn", ftz, sat)
                return
            # float -> int
            if math.isnan(x):
                v = 0
            else:
                if math.isinf(x):
                    v = 1 << 80 if x > 0 else -(1 << 80)
                else:
                    q = Fraction(x)
                    fl = math.floor(q)
                    v = {"rni": round(q), "rzi": math.trunc(q), "rmi": fl,
                         "rpi": math.ceil(q)}[rnd or "rzi"]
            lo, hi = ((-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dt.startswith("s")
                      else (0, (1 << dw) - 1))
            v = min(max(v, lo), hi)
            self.write(a[0], v, dt, tidx)
            return
        # integer source
        v = self.read(a[1], st, srcs)
        sw = width_of(st)
        if st.startswith("s"):
            v = signed(v, sw)
        if dt.startswith("f"):
            self.writef(a[0], round_frac(Fraction(v), width_of(dt), rnd or "rn")
                        if v else 0.0, dt, tidx, "rn", ftz, sat)
            return
        if sat:
            lo, hi = ((-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dt.startswith("s")
                      else (0, (1 << dw) - 1))
            v = min(max(v, lo), hi)
        self.write(a[0], v, dt, tidx)

    def setp(self, ins, srcs, tidx):
        mods, a, t = ins.mods, ins.args, ins.type()
        cmp = mods[0]
        boolop = mods[1] if len(mods) > 1 and mods[1] in ("and", "or", "xor") else None
        if t.startswith("f"):
            x, y = self.readf(a[1], t, srcs, "ftz" in mods), self.readf(a[2], t, srcs, "ftz" in mods)
            un = math.isnan(x) or math.isnan(y)
            base = cmp[:-1] if cmp.endswith("u") and cmp not in ("equ",) and len(cmp) == 3 else cmp
            if cmp in ("equ", "neu", "ltu", "leu", "gtu", "geu"):
                base = cmp[:2]
                ordered = False
            else:
                ordered = True
            if cmp == "num":
                r = not un
            elif cmp == "nan":
                r = un
            elif un:
                r = not ordered
            else:
                r = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y,
                     "gt": x > y, "ge": x >= y}[base]
        else:
            w = width_of(t)
            x, y = self.read(a[1], t, srcs), self.read(a[2], t, srcs)
            if t.startswith("s"):
                x, y = signed(x, w), signed(y, w)
            r = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y,
                 "ge": x >= y, "lo": x < y, "ls": x <= y, "hi": x > y, "hs": x >= y}[cmp]
        dests = a[0].split("|")
        if boolop:
            c = self.read(a[3], "pred", srcs)
            f = {"and": lambda u, v: u and v, "or": lambda u, v: u or v,
                 "xor": lambda u, v: u != v}[boolop]
            self.write(dests[0], f(r, c), "pred", tidx)
            if len(dests) > 1:
                self.write(dests[1], f(not r, c), "pred", tidx)
        else:
            self.write(dests[0], r, "pred", tidx)
            if len(dests) > 1:
                self.write(dests[1], not r, "pred", tidx)

    def iop(self, ins, srcs, tidx):
        op, mods, a, t = ins.op, ins.mods, ins.args, ins.type()
        if t is None:
            raise Unsupported(ins.text)
        w = width_of(t)
        M = (1 << w) - 1
        sgn = t.startswith("s")

        def rd(s, tt=t):
            v = self.read(s, tt, srcs)
            return signed(v, width_of(tt)) if tt.startswith("s") else v

        if op in ("add", "sub"):
            x, y = rd(a[1]), rd(a[2])
            r = x + y if op == "add" else x - y
            if "sat" in mods:
                r = min(max(r, -(1 << (w - 1))), (1 << (w - 1)) - 1)
        elif op in ("mul", "mad"):
            x, y = rd(a[1]), rd(a[2])
            p = x * y
            if "hi" in mods:
                r = p >> w
            elif "wide" in mods:
                r = p
                t = ("s" if sgn else "u") + str(2 * w)
            else:
                r = p
            if op == "mad":
                r += rd(a[3], t)
        elif op in ("mul24", "mad24"):
            x, y = signed(rd(a[1]), 24) if sgn else rd(a[1]) & 0xffffff, \
                signed(rd(a[2]), 24) if sgn else rd(a[2]) & 0xffffff
            p = x * y
            r = (p >> 16) if "hi" in mods else p
            if op == "mad24":
                r += rd(a[3])
        elif op in ("div", "rem"):
            x, y = rd(a[1]), rd(a[2])
            if y == 0:
                r = M
            else:
                qq = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
                r = qq if op == "div" else x - qq * y
        elif op in ("and", "or", "xor"):
            x, y = rd(a[1]) & M, rd(a[2]) & M
            r = {"and": x & y, "or": x | y, "xor": x ^ y}[op]
        elif op == "not":
            r = ~rd(a[1])
        elif op == "cnot":
            r = 1 if rd(a[1]) == 0 else 0
        elif op == "neg":
            r = -rd(a[1])
        elif op == "abs":
            r = abs(rd(a[1]))
        elif op in ("min", "max"):
            x, y = rd(a[1]), rd(a[2])
            r = min(x, y) if op == "min" else max(x, y)
        elif op == "shl":
            x, n = rd(a[1]) & M, self.read(a[2], "u32", srcs)
            r = 0 if n >= w else x << n
        elif op == "shr":
            x, n = rd(a[1]), self.read(a[2], "u32", srcs)
            if sgn:
                r = x >> min(n, w - 1)
            else:
                r = 0 if n >= w else (x & M) >> n
        elif op == "shf":
            lo, hi, n = rd(a[1]) & M, rd(a[2]) & M, self.read(a[3], "u32", srcs)
            n = n & 31 if "wrap" in mods else min(n, 32)
            v = (hi << 32) | lo
            r = ((v << n) >> 32) if "l" in mods else (v >> n)
        elif op == "popc":
            r = bin(rd(a[1]) & M).count("1")
        elif op == "clz":
            r = w - (rd(a[1]) & M).bit_length()
        elif op == "brev":
            r = int("{:0{}b}".format(rd(a[1]) & M, w)[::-1], 2)
        elif op == "bfind":
            x = rd(a[1])
            if sgn and x < 0:
                x = ~x
            r = (x & M).bit_length() - 1 if x else 0xffffffff
            if "shiftamt" in mods and x:
                r = w - 1 - r
            t = "u32"
        elif op == "bfe":
            x, pos, ln = rd(a[1]), self.read(a[2], "u32", srcs) & 0xff, self.read(a[3], "u32", srcs) & 0xff
            xx = x & M
            if ln == 0:
                r = 0
            else:
                r = (xx >> min(pos, w)) & ((1 << ln) - 1) if pos < w else 0
                if sgn:
                    sbit = (xx >> min(pos + ln - 1, w - 1)) & 1
                    if sbit and pos + ln < w + 1:
                        r |= M & ~((1 << ln) - 1)
                    elif sbit:
                        r |= M & ~((1 << ln) - 1)
        elif op == "bfi":
            f, b = rd(a[1]) & M, rd(a[2]) & M
            pos, ln = self.read(a[3], "u32", srcs) & 0xff, self.read(a[4], "u32", srcs) & 0xff
            mask = (((1 << ln) - 1) << pos) & M
            r = (b & ~mask) | ((f << pos) & mask)
        elif op == "prmt":
            x, y, c = rd(a[1]) & M, rd(a[2]) & M, self.read(a[3], "u32", srcs)
            bs = (x | (y << 32)).to_bytes(8, "little")
            r = 0
            for j in range(4):
                sel = (c >> (4 * j)) & 0xf
                byte = bs[sel & 7]
                if sel & 8:
                    byte = 0xff if byte & 0x80 else 0
                r |= byte << (8 * j)
        elif op == "lop3":
            x, y, z, lut = rd(a[1]) & M, rd(a[2]) & M, rd(a[3]) & M, int(a[4], 0)
            r = 0
            for bit in range(w):
                idx = (((x >> bit) & 1) << 2) | (((y >> bit) & 1) << 1) | ((z >> bit) & 1)
                r |= ((lut >> idx) & 1) << bit
        else:
            raise Unsupported(ins.text)
        self.write(a[0], r, t, tidx)


# --------------------------------------------------------------------------
# Classification of an executed trace.

SFU_OPS = {"ex2", "lg2", "sin", "cos", "rsqrt", "tanh"}


def classify_trace(m):
    """Returns the class of each trace entry."""
    cls = []
    pointer = set()  # trace indices producing pointers
    for j, (ins, srcs, extra) in enumerate(m.trace):
        op, mods, t = ins.op, ins.mods, ins.type()
        w = width_of(t) if t and t != "pred" else 32
        c = "KP_I_OTHER"
        if op in ("bra", "ret", "exit", "call"):
            c = "KP_I_BRANCH"
        elif op == "ld":
            c = {"param": "KP_I_LD_PARAM", "global": "KP_I_LD_GLOBAL", "table": "KP_I_LD_CONST",
                 "callparam": "KP_I_INT",
                 "const": "KP_I_LD_CONST", "local": "KP_I_LD_LOCAL",
                 "shared": "KP_I_LD_SHARED"}.get(extra.get("space"), "KP_I_OTHER")
            if c == "KP_I_LD_PARAM":
                pointer.add(j)
        elif op == "st":
            c = {"global": "KP_I_ST_GLOBAL", "local": "KP_I_ST_LOCAL", "callparam": "KP_I_INT",
                 "shared": "KP_I_ST_SHARED"}.get(extra.get("space"), "KP_I_OTHER")
        elif op == "cvta":
            c = "KP_I_ADDR"
            pointer.add(j)
        elif op == "mov":
            if "symbol" in extra:
                c = "KP_I_ADDR"
                pointer.add(j)
            else:
                c = "KP_I_INT"
                if w == 64 and srcs and all(s in pointer for s in srcs):
                    pointer.add(j)
        elif op in ("setp", "selp", "set", "slct", "testp") or t == "pred":
            c = "KP_I_CMP"
        elif op == "cvt":
            c = "KP_I_CONV"
        elif t and t.startswith("f"):
            fam = {"f32": "KP_I_FP32", "f64": "KP_I_FP64"}.get(t, "KP_I_FP16")
            approx = "approx" in mods or "full" in mods
            if op in SFU_OPS:
                c = "KP_I_SFU"
            elif op in ("div", "rcp", "sqrt"):
                c = "KP_I_SFU" if approx else "KP_I_FP_DIV"
            elif op in ("add", "sub", "mul", "fma", "mad", "min", "max", "abs", "neg", "copysign"):
                c = fam
        elif t:
            if op in ("mul", "mad", "mul24", "mad24"):
                c = "KP_I_INT_MUL"
            elif op in ("div", "rem"):
                c = "KP_I_INT_DIV"
            elif op in ("add", "sub") and w == 64 and any(s in pointer for s in srcs):
                c = "KP_I_ADDR"
                pointer.add(j)
            else:
                c = "KP_I_INT64" if w == 64 else "KP_I_INT"
        cls.append(c)
    # mul.wide / shl.b64 / cvt.s64 whose every consumer is an address add: address arithmetic
    consumers = collections.defaultdict(list)
    for j, (ins, srcs, extra) in enumerate(m.trace):
        for s in srcs:
            consumers[s].append(j)
    for j, (ins, srcs, extra) in enumerate(m.trace):
        if ins.op in ("mul", "shl") and ("wide" in ins.mods or ins.type() in ("b64", "u64", "s64")):
            if consumers[j] and all(cls[u] == "KP_I_ADDR" for u in consumers[j]):
                cls[j] = "KP_I_ADDR"
    return cls


def chain_length(m, cls):
    depth = []
    for j, (ins, srcs, extra) in enumerate(m.trace):
        if ins.op == "ld" and extra.get("space") in ("global", "param"):
            depth.append(0)
            continue
        if ins.op in ("bra", "ret", "st") or not srcs:
            depth.append(0 if ins.op != "st" else max((depth[s] for s in srcs), default=0))
            continue
        depth.append(1 + max(depth[s] for s in srcs))
    result = 0
    for j, (ins, srcs, extra) in enumerate(m.trace):
        if ins.op == "st" and extra.get("space") == "global":
            result = max([result] + [depth[s] for s in extra["value_srcs"]])
    return result


def run_one(ptx, inputs, ty):
    m = Machine(ptx, inputs, ty)
    m.run()
    cls = classify_trace(m)
    counts = collections.Counter(cls)
    return m, counts, chain_length(m, cls)


def decode_result(m, fn):
    out = []
    for ad, bits in sorted(m.stores):
        if fn.ty == "f":
            out.append(f32_from_bits(bits))
        elif fn.ty == "d":
            out.append(f64_from_bits(bits))
        elif fn.ty == "i":
            out.append(signed(bits, 32))
        else:
            out.append(bits & 0xffffffff)
    return out


def check_result(fn, args, got, fast):
    if fn.name == "sincosf":
        want = [math.sin(args[0]), math.cos(args[0])]
    else:
        want = [fn.ref(*args)]
    if len(got) != len(want):
        return "stored %d values, expected %d" % (len(got), len(want))
    tol = fn.tol or (1e-5 if fn.ty == "f" else 1e-13)
    if fast and fn.ty == "f":
        tol = max(tol, 2e-3)
    for g, w in zip(got, want):
        if fn.ty in "iu":
            if int(g) != int(w) & (0xffffffff if fn.ty == "u" else -1):
                if not (fn.ty == "i" and _s32(int(w)) == g):
                    return "got %r, expected %r" % (g, w)
            continue
        err = abs(g - w)
        scale = max(abs(w), 1e-30)
        absmode = fn.name in ("sinf", "cosf", "tanf", "sincosf", "__sinf", "__cosf", "sin", "cos")
        if not (err <= tol * scale or (absmode and err <= tol)):
            return "got %r, expected %r" % (g, w)
    return None


def measure(fn, fast, workdir, dump, verbose):
    tag = "%s_%s" % (re.sub(r"^__", "u_", fn.name), "fast" if fast else "prec")
    ptx = compile_ptx(kernel_source(fn, False), fast, workdir, tag)
    base = compile_ptx(kernel_source(fn, True), fast, workdir, tag + "_base")
    if dump:
        for suffix, text in (("", ptx), ("_base", base)):
            with open(os.path.join(dump, tag + suffix + ".ptx"), "w") as f:
                f.write(text)
    paths = collections.OrderedDict()
    for s in fn.samples:
        args = list(s) if isinstance(s, tuple) else [s]
        inputs = args + [0] * (2 - len(args))
        if fn.ty in "fd":
            inputs = [float(v) for v in inputs]
            if fn.ty == "f":
                inputs = [round_float(v, 32) for v in inputs]
                args = inputs[:len(args)]
        m, counts, chain = run_one(ptx, inputs, fn.ty)
        _, bcounts, _ = run_one(base, inputs, fn.ty)
        err = check_result(fn, args, decode_result(m, fn), fast)
        if err:
            raise RuntimeError("%s%s(%s): interpreter result wrong: %s" % (
                fn.name, " [fast]" if fast else "", args, err))
        net = {}
        for c in set(counts) | set(bcounts):
            v = counts[c] - bcounts[c]
            if v < 0:
                raise RuntimeError("%s: fewer %s than the baseline" % (fn.name, c))
            if v:
                net[c] = v
        for c in net:
            if c not in ALLOWED:
                raise RuntimeError("%s: harness class %s left over (%s)" % (fn.name, c, net))
        key = (tuple(sorted(net.items())), chain)
        paths.setdefault(key, []).append(args if len(args) > 1 else args[0])
        if verbose:
            print("  %s%s %s: %s chain %d" % (fn.name, " fast" if fast else "", args,
                                              sum(net.values()), chain), file=sys.stderr)
    # The typical count: per class, the mean over the samples (rounded half up).
    # Where all samples take one path (most functions) that is the path itself;
    # where moderate arguments split between paths (sinf's quadrant, atan2f's
    # octant) it is the expected count for such arguments.
    n = len(fn.samples)
    counts = {}
    for c in CLASSES:
        tot = sum(dict(k[0]).get(c, 0) * len(v) for k, v in paths.items())
        if tot:
            mean = int(Fraction(tot, n) + Fraction(1, 2))
            if mean:
                counts[c] = mean
    chain = int(Fraction(sum(k[1] * len(v) for k, v in paths.items()), n) + Fraction(1, 2))
    totals = sorted(sum(dict(k[0]).values()) for k in paths)
    most = max(len(v) for v in paths.values())
    static = sum(len(f.instrs) for f in parse_ptx(ptx)[0].values())
    bstatic = sum(len(f.instrs) for f in parse_ptx(base)[0].values())
    return {"counts": counts, "chain": chain, "npaths": len(paths), "most": most, "n": n,
            "range": (totals[0], totals[-1]), "static": static - bstatic}


# --------------------------------------------------------------------------
# Output.

def nvcc_version():
    out = subprocess.run([NVCC, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"release [\d.]+, V[\d.]+", out)
    return m.group(0) if m else out.strip().splitlines()[-1]


def fmt_counts(counts):
    return ", ".join("[%s] = %d" % (c, counts[c]) for c in CLASSES if counts.get(c))


def write_header(path, rows, version):
    lines = []
    lines.append("/* Generated by scripts/gen-mathfn-table.py -- do not edit.")
    lines.append(" *")
    lines.append(" * Typical-path PTX instruction counts of CUDA math functions, per kperf")
    lines.append(" * instruction class (include/kperf/model.h), measured from")
    lines.append(" *   nvcc %s, %s" % (version, " ".join(BASE_FLAGS)))
    lines.append(" *   (fast_math = 1: the same plus -use_fast_math; such a row exists only")
    lines.append(" *   where it differs from the precise one)")
    lines.append(" * on the kernel  a[i] = FN(a[i])  (two arguments: FN(a[i], a[i+1])) minus the")
    lines.append(" * same kernel with FN the identity.  The PTX is interpreted (a small PTX")
    lines.append(" * interpreter in the generator, checked against Python's math) for %d moderate" % NS)
    lines.append(" * arguments per function; each count is the per-class mean of the executed")
    lines.append(" * instructions over those arguments, rounded: where all of them take one")
    lines.append(" * path (most functions) it is that path, where they split (sinf's quadrant)")
    lines.append(" * it is the expected count.  Slow paths (huge-argument range reduction,")
    lines.append(" * NaN/inf/denormal fix-ups, special cases) are reached by no sample and not")
    lines.append(" * counted.  Each row's comment: the arguments, the paths taken, the PTX")
    lines.append(" * size, the choice.  chain: the longest dependency path, in instructions,")
    lines.append(" * from the argument to the result (constant movs excluded).  Pseudo names:")
    lines.append(" * fdiv = float x / y, ddiv = double x / y, frcp = 1.0f / x.  Classes: see")
    lines.append(" * the generator (mov of a constant or of bits is int; div.full/div.approx are sfu).")
    lines.append(" * Regenerate: python3 scripts/gen-mathfn-table.py")
    lines.append(" */")
    lines.append("#ifndef KPERF_MATHFN_TABLE_H")
    lines.append("#define KPERF_MATHFN_TABLE_H")
    lines.append("")
    lines.append('#include "kperf/model.h"')
    lines.append("")
    lines.append("/* The element type: kp_mathfn_row (compact) unless the includer names another")
    lines.append(" * type with the same four members (analyses/mathfn.c uses kp_mathfn). */")
    lines.append("#ifndef KP_MATHFN_ROW_TYPE")
    lines.append("typedef struct kp_mathfn_row {")
    lines.append("  const char *name;")
    lines.append("  int fast_math;")
    lines.append("  unsigned char counts[KP_I_COUNT];")
    lines.append("  unsigned short chain;")
    lines.append("} kp_mathfn_row;")
    lines.append("#define KP_MATHFN_ROW_TYPE kp_mathfn_row")
    lines.append("#endif")
    lines.append("")
    lines.append("/* Sorted by name (strcmp order), then fast_math. */")
    lines.append("static const KP_MATHFN_ROW_TYPE kp_mathfn_rows[] = {")
    for r in rows:
        if r["npaths"] == 1:
            note = "%s%s: one path for all %d samples" % (
                r["name"], " fast" if r["fast"] else "", r["n"])
        else:
            note = "%s%s: %d paths over %d samples (%d..%d instructions, the commonest %d/%d);"\
                " per-class means" % (r["name"], " fast" if r["fast"] else "", r["npaths"],
                                      r["n"], r["range"][0], r["range"][1], r["most"], r["n"])
        note += "; %d PTX instructions in all; %s" % (r["static"], r["domain"])
        if r["note"] and not r["fast"]:
            note += "; " + r["note"]
        note = note.replace("*/", "* /")
        lines.append("    /* %s */" % note)
        lines.append('    {"%s", %d, {%s}, %d},' % (r["name"], r["fast"], fmt_counts(r["counts"]),
                                                     r["chain"]))
    lines.append("};")
    lines.append("")
    lines.append("#endif")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "analyses", "mathfn_table.h"))
    ap.add_argument("--dump", help="keep the PTX in this directory")
    ap.add_argument("--only", help="comma-separated names (no header written)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--summary", action="store_true", help="print a summary table")
    args = ap.parse_args()
    funcs = FUNCS
    if args.only:
        want = set(args.only.split(","))
        funcs = [f for f in FUNCS if f.name in want]
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
    rows = []
    failed = []
    with tempfile.TemporaryDirectory() as wd:
        for fn in funcs:
            res = {}
            for fast in (0, 1):
                try:
                    res[fast] = measure(fn, fast, wd, args.dump, args.verbose)
                except (Unsupported, RuntimeError, subprocess.CalledProcessError) as e:
                    print("%s%s: not measured: %s" % (fn.name, " (fast)" if fast else "", e),
                          file=sys.stderr)
                    failed.append(fn.name)
                    break
            if len(res) != 2:
                continue
            for fast in (0, 1):
                r = res[fast]
                if fast and r["counts"] == res[0]["counts"] and r["chain"] == res[0]["chain"]:
                    continue
                if not r["counts"]:
                    raise SystemExit("%s: no instructions" % fn.name)
                for c, v in r["counts"].items():
                    if v > 255:
                        raise SystemExit("%s: count %d does not fit" % (fn.name, v))
                r.update(name=fn.name, fast=fast, note=fn.note, domain=fn.samples.desc)
                rows.append(r)
    rows.sort(key=lambda r: (r["name"].encode(), r["fast"]))
    if args.summary or args.only:
        by = collections.defaultdict(dict)
        for r in rows:
            by[r["name"]][r["fast"]] = r
        for name in sorted(by, key=str.encode):
            p = by[name][0]
            f = by[name].get(1, p)
            short = lambda c: ", ".join("%s %d" % (k[5:].lower(), c[k]) for k in CLASSES if c.get(k))
            print("%-12s %4d chain %3d | fast %4d chain %3d | %s%s" % (
                name, sum(p["counts"].values()), p["chain"], sum(f["counts"].values()),
                f["chain"], short(p["counts"]),
                "" if f is p else "  || fast: " + short(f["counts"])))
    if not args.only:
        write_header(args.out, rows, nvcc_version())
        print("wrote %s (%d rows)" % (args.out, len(rows)), file=sys.stderr)
    if failed:
        print("not measured: " + ", ".join(sorted(set(failed))), file=sys.stderr)


if __name__ == "__main__":
    main()
