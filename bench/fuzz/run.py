#!/usr/bin/env python3
"""A mutation fuzzer for the kperf plugin: does any source make kperf crash or
hang clang, or report nonsense figures?

Seeds are kperf's own .cu files (tests/, examples/, bench/*/kernels); each is
cut free of the CUDA headers (prelude.cuh declares what they use) so that a
mutant costs a host-only syntax check, not a full CUDA compile:

  clang++ -x cuda -nocudainc -nocudalib --cuda-host-only -fsyntax-only
          -include prelude.cuh MUTANT.cu -fplugin=kperf.so ...

Mutant i of seed S is a function of (S, i) only, so a run is reproducible
whatever --jobs is, and `--only I` rebuilds one mutant.

  crash     clang exits on a signal or prints a crash report ("PLEASE submit a
            bug report", "Stack dump") with kperf loaded, and not without it
  hang      kperf's run takes more than --hang-factor times clang's own time and
            more than --hang-min seconds of CPU (or reaches --timeout twice, the
            second time with 6 times the limit, while clang alone
            does not)
  nonsense  a diagnostic of kperf shows a figure that cannot be: nan or inf, a
            negative time, size or count, more than 1e9 waves

Usage:
  run.py [--count N] [--seed S] [--jobs J] [--plugin kperf.so] [--out DIR]
         [--timeout T] [--minimize] [--json]
  run.py --only I --seed S --print          print mutant I
  run.py --list-seeds                       the seeds kept and why others are not
  run.py --replay FILE|DIR ...              run saved mutants (regression tests):
                                            each must compile without crash, hang
                                            or nonsense figure

Exit status: 0 when no crash, hang or nonsense was found, 1 when some was, 2 on
an error of the fuzzer itself (no clang, no plugin, no seed compiles).
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import cputime  # noqa: E402  (bench/cputime.py)
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
PRELUDE = os.path.join(HERE, "prelude.cuh")
DEFAULT_CLANG = "/usr/lib/llvm-22/bin/clang++"
DEFAULT_PLUGIN = os.path.join(REPO, "build", "lib", "kperf.so")
SEED_DIRS = ["tests", "examples", "bench/icount/kernels", "bench/accuracy/kernels"]

BASE_FLAGS = ["-x", "cuda", "-nocudainc", "-nocudalib", "--cuda-host-only", "--cuda-gpu-arch=sm_90",
              "-fsyntax-only", "-Wno-unknown-cuda-version", "-fno-crash-diagnostics",
              "-ferror-limit=5", "-std=c++17"]


# ---------------------------------------------------------------- seeds

def seed_text(path):
    """The seed's text without #include lines and whole-line comments, or None
    when it needs headers the prelude does not stand in for."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            s = line.strip()
            if s.startswith("#include"):
                if any(h in s for h in ("thrust/", "cub/", "cooperative_groups", "cuda.h>", '"')):
                    return None
                continue
            if s.startswith("//"):
                continue
            out.append(line.rstrip("\n"))
    return "\n".join(out) + "\n"


def find_seed_files(repo):
    files = []
    for d in SEED_DIRS:
        for root, dirs, names in os.walk(os.path.join(repo, d)):
            # not Inputs/ (lit's), nor the fuzzer's own reduced mutants (tests/fuzz/regress)
            dirs[:] = sorted(x for x in dirs if x not in ("Inputs", "regress"))
            for n in sorted(names):
                if n.endswith(".cu"):
                    files.append(os.path.join(root, n))
    return files


# ---------------------------------------------------------------- mutations

TOKEN_RE = re.compile(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+\.?\d*(?:[eE][-+]?\d+)?[fFuUlL]*|[A-Za-z_]\w*|"
                      r"<<=|>>=|<<<|>>>|<<|>>|\+\+|--|->|&&|\|\||[-+*/%&|^!=<>]=|::|\S")
INT_RE = re.compile(r"(?<![\w.])\d+(?![\w.])")
NUM_RE = re.compile(r"(?<![\w.])\d+\.?\d*(?:[eE][-+]?\d+)?[fFuUlL]*(?![\w.])")
EXTREME = ["0", "-1", "1", "-2147483648", "2147483647", "4294967295u", "4294967296",
           "9223372036854775807LL", "18446744073709551615ULL", "0x7fffffff", "0x80000000",
           "(1 << 31)", "(1ull << 63)", "1e308", "-1e308", "1e-320", "3.4e38f", "-0.0",
           "(0.0 / 0.0)", "(1.0 / 0.0)", "65536", "1025", "1048576", "1000000007",
           "999999999999", "-65536", "(-2147483647 - 1)"]
PRAGMAS = [
    "#pragma kperf", "#pragma kperf trip(", "#pragma kperf trip()", "#pragma kperf trip(-1)",
    "#pragma kperf trip(99999999999999999999999)", "#pragma kperf trip(n * n * n * n)",
    "#pragma kperf trip(0)", "#pragma kperf trip(1e30)", "#pragma kperf trip(n / 0)",
    "#pragma kperf assume(n = 99999999999999999999)", "#pragma kperf assume(n = -1)",
    "#pragma kperf assume(n = 0)", "#pragma kperf assume(n)", "#pragma kperf assume(= 3)",
    "#pragma kperf assume(n = n)", "#pragma kperf assume(n = 4096, n = 1)",
    "#pragma kperf block(0, 0, 0)", "#pragma kperf block(-1)", "#pragma kperf block(2147483647, 2147483647, 2147483647)",
    "#pragma kperf block(1024, 1024, 64)", "#pragma kperf block(", "#pragma kperf block(x, y)",
    "#pragma kperf gpu(zzz)", "#pragma kperf gpu(h100", "#pragma kperf gpu()", "#pragma kperf gpu(a100)",
    "#pragma kperf grid(0)", "#pragma kperf launch(-5, 1 << 40)", "#pragma kperf off",
    "#pragma kperf ignore(kperf-launch)", "#pragma kperf ignore(", "#pragma kperf ((((((((",
    "#pragma kperf trip(" + "(" * 300 + "1" + ")" * 300 + ")",
    "#pragma kperf assume(n = " + "+".join(["n"] * 200) + ")",
    "#pragma unroll 100000", "#pragma unroll -1", "#pragma unroll 0", "#pragma unroll (1 << 30)",
    "#pragma unroll", "#pragma nounroll", "#pragma unroll 4294967295",
]
CHAINS = ["v = v - v * 3;", "v = (v << 2) + (v >> 1);", "v = v * v + i;", "v = (v ^ (v >> 3)) * 7;",
          "v = v + v;", "v = (v & 255) | (v << 8);", "v = v * 31 + 17;", "v = v / 3 - v % 5;"]
FCHAINS = ["f = f * f - f;", "f = f * 0.5f + f;", "f = sqrtf(f) + f * f;", "f = f / (f + 1.0f);"]


def kernel_bodies(text):
    """Offsets just after the '{' of each __global__ or __device__ function."""
    out = []
    for m in re.finditer(r"__(global|device)__[^;{}]*?\)\s*(?:const\s*)?\{", text):
        out.append(m.end())
    return out


def statement_ends(text):
    return [m.end() for m in re.finditer(r";[ \t]*\n", text)]


def tokens(text):
    return [(m.start(), m.end()) for m in TOKEN_RE.finditer(text)]


def m_delete_token(r, t):
    ts = tokens(t)
    if not ts:
        return t
    a, b = r.choice(ts)
    return t[:a] + t[b:]


def m_dup_token(r, t):
    ts = tokens(t)
    if not ts:
        return t
    a, b = r.choice(ts)
    n = r.choice([1, 1, 2, 3, 50])
    return t[:a] + (t[a:b] + " ") * n + t[a:]


def m_replace_token(r, t):
    ts = tokens(t)
    if len(ts) < 2:
        return t
    a, b = r.choice(ts)
    c, d = r.choice(ts)
    return t[:a] + t[c:d] + t[b:]


def m_extreme_literal(r, t):
    ms = list(NUM_RE.finditer(t))
    if not ms:
        return t
    m = r.choice(ms)
    return t[:m.start()] + r.choice(EXTREME) + t[m.end():]


def m_delete_line(r, t):
    ls = t.split("\n")
    del ls[r.randrange(len(ls))]
    return "\n".join(ls)


def m_dup_lines(r, t):
    ls = t.split("\n")
    i = r.randrange(len(ls))
    k = r.randint(1, 3)
    n = r.choice([1, 2, 10, 100, 400])
    ls[i:i] = ls[i:i + k] * n
    return "\n".join(ls)


def m_deep_nesting(r, t):
    ends = statement_ends(t)
    bodies = kernel_bodies(t)
    depth = r.choice([20, 50, 100, 200, 400, 1000])
    kind = r.randrange(4)
    if kind == 0 and ends:   # parentheses around a whole expression statement
        e = r.choice(ends)
        s = t.rfind("\n", 0, e - 1) + 1
        line = t[s:e].strip()
        m = re.match(r"(.*?)(=)(.*);$", line)
        if m and not line.startswith(("for", "if", "while", "return")):
            return t[:s] + m.group(1) + "= " + "(" * depth + m.group(3) + ")" * depth + ";\n" + t[e:]
    if not bodies:
        return t
    at = r.choice(bodies)
    if kind == 1:
        ins = "".join("if (threadIdx.x != %d) {" % k for k in range(depth)) + "}" * depth
    elif kind == 2:
        d = min(depth, 200)
        ins = "".join("for (int kq%d = 0; kq%d < %d; ++kq%d) {" % (k, k, 2 + k % 3, k) for k in range(d)) + "}" * d
    else:
        ins = "{ int v = threadIdx.x; v = " + "(" * depth + "v" + " + 1)" * depth + "; (void)v; }"
    return t[:at] + "\n" + ins + "\n" + t[at:]


def m_chain(r, t):
    bodies = kernel_bodies(t)
    if not bodies:
        return t
    at = r.choice(bodies)
    n = r.choice([10, 50, 100, 200, 300, 500, 1000])
    if r.random() < 0.7:
        seq = [r.choice(CHAINS) for _ in range(r.randint(1, 3))]
        body = "int v = threadIdx.x; int i = blockIdx.x;" + " ".join(seq[k % len(seq)] for k in range(n))
        use = "if (v == 12345) __syncthreads();"
    else:
        seq = [r.choice(FCHAINS) for _ in range(r.randint(1, 2))]
        body = "float f = threadIdx.x;" + " ".join(seq[k % len(seq)] for k in range(n))
        use = "if (f == 1.5f) __syncthreads();"
    if r.random() < 0.5:   # the chain inside a loop, so its value feeds a trip count or an index
        body = "for (int kc = 0; kc < 8; ++kc) { " + body + " " + use + " }"
    else:
        body = "{ " + body + " " + use + " }"
    return t[:at] + "\n" + body + "\n" + t[at:]


def m_unroll(r, t):
    ms = list(re.finditer(r"\n([ \t]*)for\s*\(", t))
    n = r.choice([2, 32, 1024, 65536, 1 << 20, 2147483647])
    if ms and r.random() < 0.5:
        m = r.choice(ms)
        return t[:m.start()] + "\n#pragma unroll %d" % n + t[m.start():]
    bodies = kernel_bodies(t)
    if not bodies:
        return t
    at = r.choice(bodies)
    k = r.choice([100, 500, 2000])
    stmt = r.choice(["acc += threadIdx.x * %d;", "acc = acc * 3 + %d;", "if (acc > %d) acc -= blockIdx.x;"])
    ins = "{ unsigned acc = 0; " + " ".join(stmt % j for j in range(k)) + " if (acc == 7) __syncthreads(); }"
    return t[:at] + "\n" + ins + "\n" + t[at:]


def m_recursive_template(r, t):
    bodies = kernel_bodies(t)
    if not bodies:
        return t
    d = r.choice([10, 100, 500, 1000])
    kind = r.randrange(3)
    if kind == 0:
        pre = ("template <int N> __device__ int kpr(int x) { return kpr<N - 1>(x) * 2 + 1; }\n"
               "template <> __device__ int kpr<0>(int x) { return x; }\n")
        use = "{ int kv = kpr<%d>(threadIdx.x); if (kv == 3) __syncthreads(); }" % d
    elif kind == 1:
        pre = ("template <int N> struct KpS { static constexpr int v = KpS<N - 1>::v + N; };\n"
               "template <> struct KpS<0> { static constexpr int v = 0; };\n")
        use = "{ for (int kq = 0; kq < KpS<%d>::v; ++kq) if (kq == (int)threadIdx.x) __syncthreads(); }" % d
    else:   # mutual recursion the compiler cannot end: kperf must not follow it forever
        pre = ("__device__ int kpa(int x);\n"
               "__device__ int kpb(int x) { return x > 0 ? kpa(x - 1) + 1 : 0; }\n"
               "__device__ int kpa(int x) { for (int q = 0; q < x; ++q) x += kpb(q); return x; }\n")
        use = "{ int kv = kpa(threadIdx.x); if (kv == 3) __syncthreads(); }"
    at = r.choice(bodies)
    t = t[:at] + "\n" + use + "\n" + t[at:]
    first = t.find("__global__")
    if first < 0:
        first = 0
    first = t.rfind("\n", 0, first) + 1
    return t[:first] + pre + t[first:]


def m_bad_pragma(r, t):
    ls = t.split("\n")
    p = r.choice(PRAGMAS)
    if r.random() < 0.3:   # random tokens of the file after the pragma's name
        ts = tokens(t)
        p = "#pragma kperf " + r.choice(["trip", "assume", "block", "gpu", "ignore", "launch"]) + " " + \
            " ".join(t[a:b] for a, b in r.sample(ts, min(len(ts), r.randint(1, 8))))
    ls.insert(r.randrange(len(ls) + 1), p)
    return "\n".join(ls)


def m_launch(r, t):
    ms = list(re.finditer(r"<<<(.*?)>>>", t, re.S))
    vals = ["0", "1", "-1", "2147483647", "65536", "1025", "4096", "dim3(65536, 65536, 65536)",
            "dim3(0, 1, 1)", "dim3(1024, 1024, 64)", "dim3(-1, -1, -1)", "1u << 31", "n", "n * n * n",
            "1ull << 40"]
    if not ms:
        return t
    m = r.choice(ms)
    parts = [r.choice(vals), r.choice(vals)]
    if r.random() < 0.4:
        parts.append(r.choice(["0", "-1", "1 << 30", "49152", "4294967295u"]))
    return t[:m.start()] + "<<<" + ", ".join(parts) + ">>>" + t[m.end():]


def m_splice(r, t, others):
    o = r.choice(others)
    ls = o.split("\n")
    i = r.randrange(len(ls))
    k = r.randint(1, 20)
    tl = t.split("\n")
    tl[r.randrange(len(tl) + 1):0] = ls[i:i + k]
    return "\n".join(tl)


MUTATORS = [
    ("delete_token", m_delete_token, 10), ("dup_token", m_dup_token, 6), ("replace_token", m_replace_token, 8),
    ("extreme_literal", m_extreme_literal, 12), ("delete_line", m_delete_line, 4), ("dup_lines", m_dup_lines, 6),
    ("deep_nesting", m_deep_nesting, 6), ("chain", m_chain, 8), ("unroll", m_unroll, 5),
    ("recursive_template", m_recursive_template, 4), ("bad_pragma", m_bad_pragma, 8), ("launch", m_launch, 8),
    ("splice", None, 4),
]


def make_mutant(seeds, seed, i):
    """(seed name, mutation names, text) of mutant i; depends on (seed, i) only."""
    h = hashlib.sha256(("%d:%d" % (seed, i)).encode()).digest()
    r = random.Random(int.from_bytes(h[:8], "little"))
    name, text = seeds[r.randrange(len(seeds))]
    others = [s[1] for s in seeds]
    k = r.choice([1, 1, 1, 2, 2, 3])
    applied = []
    weights = [w for _, _, w in MUTATORS]
    for _ in range(k):
        mname, fn, _ = r.choices(MUTATORS, weights=weights)[0]
        text = m_splice(r, text, others) if fn is None else fn(r, text)
        applied.append(mname)
    return name, applied, text


# ---------------------------------------------------------------- running

CRASH_RE = re.compile(r"PLEASE submit a bug report|Stack dump:|frontend command failed due to signal|"
                      r"Segmentation fault|Aborted|stack overflow|"
                      # a sanitized plugin (-DKPERF_SANITIZE=ON) reports and exits
                      r"ERROR: (Address|Leak|UndefinedBehavior)Sanitizer|: runtime error: ", re.I)
# Figures no kernel can have, in kperf's diagnostics.
NONSENSE_RES = [
    re.compile(r"\b-?(nan|inf|infinity)\b\s*(us|ms|s|ns|%|bytes|B|GB/s|waves|cycles)?", re.I),
    re.compile(r"(?<![\w.+-])-\d+(\.\d+)?\s*(us|ms|ns|s|bytes|B|KB|MB|GB|GB/s|waves|cycles|threads|blocks|registers|warps)\b"),
    re.compile(r"(?<![\w.])(\d{10,}(\.\d+)?|\d(\.\d+)?e\+?(9|[1-9]\d+))\s*waves", re.I),
    re.compile(r"occupancy\s+-\d|(\d{4,}|[2-9]\d\d|1[1-9]\d|10[1-9])(\.\d+)?%\s*occupancy", re.I),
]


def nonsense_in(stderr):
    for line in stderr.splitlines():
        if "kperf" not in line and "note:" not in line and "remark:" not in line:
            continue
        # what the source itself says (quoted code) is not kperf's figure
        body = re.sub(r"'[^']*'", "''", line)
        # kperf quoting a negative size as written to say the launch fails
        # ("-1 bytes ... are 18446744073709551615 as the size_t the launch takes") is right
        explains = re.search(r"as the size_t|as written|rejects it", line)
        for rx in NONSENSE_RES:
            if explains and rx is NONSENSE_RES[1]:
                continue
            for m in rx.finditer(body):
                # a negative stride or offset is a fact of the source, not a wrong figure
                if re.search(r"(stride|offset|step|by)\s*\(?$", body[max(0, m.start() - 12):m.start()]):
                    continue
                if "stride" in body[max(0, m.start() - 40):m.start()]:
                    continue
                return line.strip()[:300]
    return None


def run_clang(clang, path, plugin_args, timeout):
    """(exit code or None on a timeout, stderr, seconds, timed out) of clang
    on the mutant; seconds are CPU time (cputime.run)."""
    return cputime.run([clang] + BASE_FLAGS + ["-include", PRELUDE, path] + plugin_args, timeout)


def crashed(rc, err):
    return rc is not None and (rc < 0 or rc >= 128 or bool(CRASH_RE.search(err)))


def plugin_args(plugin, gpu):
    return ["-fplugin=" + plugin, "-fplugin-arg-kperf-gpu=" + gpu, "-fplugin-arg-kperf-verbose"]


def signature(err, rc=None):
    """A few function names from the top of clang's stack dump (the signal when
    there is none: a stack overflow often leaves no dump)."""
    frames = []
    for line in err.splitlines():
        m = re.match(r"\s*#\d+\s+0x[0-9a-f]+\s+(?:in\s+)?(.+?)\s+(?:\(|/|$)", line)
        if not m:
            m = re.match(r"\s*\d+\s+\S+\s+0x[0-9a-f]+\s+(.+?)\s*(\+|\(|$)", line)
        if m:
            fn = m.group(1)
            if any(s in fn for s in ("llvm::sys::", "SignalHandler", "PrintStackTrace", "CrashRecovery",
                                     "__restore_rt", "_end", "libc.so")):
                continue
            fn = re.sub(r"\(.*", "", fn.replace("(anonymous namespace)", "anon"))
            if fn.startswith(("std::", "__gnu_cxx::", "__asan", "__ubsan", "__sanitizer")):
                continue
            frames.append(fn)
        if len(frames) >= 3:
            break
    if frames:
        kind = re.search(r"ERROR: (\w+Sanitizer: [\w-]+)|runtime error: ([^\n]{0,60})", err)
        head = (kind.group(1) or kind.group(2)) + ": " if kind else ""
        return head + " < ".join(frames)
    return "signal %d, no stack dump" % -rc if rc is not None and rc < 0 else "exit %s, no stack dump" % rc


class Fuzz:
    def __init__(self, a, seeds):
        self.a = a
        self.seeds = seeds
        self.pargs = plugin_args(a.plugin, a.gpu)

    def classify(self, text, workdir):
        """('ok'|'crash'|'hang'|'nonsense', detail, kperf seconds)."""
        a = self.a
        path = os.path.join(workdir, "m.cu")
        with open(path, "w") as f:
            f.write(text)
        rc, err, t, to = run_clang(a.clang, path, self.pargs, a.timeout)
        if to:
            # A wall-clock timeout on a busy machine may be starvation, not a
            # hang: once more with a longer limit, judged by CPU time.
            rc, err, t, to = run_clang(a.clang, path, self.pargs, a.timeout * 6)
        if crashed(rc, err):
            rc0, err0, t0, to0 = run_clang(a.clang, path, [], a.timeout)
            if crashed(rc0, err0) or to0:
                return "ok", "clang alone fails the same", t
            return "crash", signature(err, rc), t
        if to or t > a.hang_min:
            rc0, err0, t0, to0 = run_clang(a.clang, path, [], a.timeout)
            if to0:
                return "ok", "clang alone times out", t
            # a timeout counts when clang alone is well inside it
            if (to and t0 * a.hang_factor < a.timeout) or (not to and t > a.hang_factor * t0):
                return "hang", "%s s with kperf, %.2f s without" % ("timeout %g" % a.timeout if to else "%.1f" % t, t0), t
        if rc is not None:
            n = nonsense_in(err)
            if n:
                return "nonsense", n, t
        return "ok", "compiled" if rc == 0 else "", t

    def one(self, i):
        name, muts, text = make_mutant(self.seeds, self.a.seed, i)
        with tempfile.TemporaryDirectory(prefix="kperf-fuzz-") as d:
            kind, detail, t = self.classify(text, d)
        return i, name, muts, kind, detail, t, (text if kind != "ok" else None)

    def still(self, kind, text, detail):
        with tempfile.TemporaryDirectory(prefix="kperf-fuzz-") as d:
            k, det, _ = self.classify(text, d)
        return k == kind and (kind != "crash" or det == detail)

    def minimize(self, kind, text, detail, budget_s):
        """Line-based delta debugging, within budget_s seconds."""
        lines = text.split("\n")
        end = time.monotonic() + budget_s
        n = 2
        while len(lines) >= 2 and time.monotonic() < end:
            chunk = max(1, len(lines) // n)
            removed = False
            for s in range(0, len(lines), chunk):
                if time.monotonic() >= end:
                    break
                cand = lines[:s] + lines[s + chunk:]
                if cand and self.still(kind, "\n".join(cand), detail):
                    lines = cand
                    n = max(n - 1, 2)
                    removed = True
                    break
            if not removed:
                if chunk == 1:
                    break
                n = min(len(lines), n * 2)
        return "\n".join(lines) + "\n"


def load_seeds(a):
    """[(name, text)] of the seeds that clang alone compiles with the prelude."""
    seeds, dropped = [], []
    with tempfile.TemporaryDirectory(prefix="kperf-fuzz-") as d:
        for p in find_seed_files(REPO):
            rel = os.path.relpath(p, REPO)
            t = seed_text(p)
            if t is None:
                dropped.append((rel, "needs headers the prelude lacks"))
                continue
            path = os.path.join(d, "s.cu")
            with open(path, "w") as f:
                f.write(t)
            rc, err, _, _ = run_clang(a.clang, path, [], 60)
            if rc != 0:
                first = next((l for l in err.splitlines() if "error:" in l), err.strip()[:200])
                dropped.append((rel, "does not compile: " + first.split("error:", 1)[-1].strip()))
                continue
            seeds.append((rel, t))
    return seeds, dropped


def replay(a):
    if not os.path.exists(a.plugin):
        print("fuzz: no plugin at %s" % a.plugin, file=sys.stderr)
        return 2
    files = []
    for p in a.replay:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, n) for n in os.listdir(p) if n.endswith(".cu"))
        else:
            files.append(p)
    if not files:
        print("fuzz: nothing to replay", file=sys.stderr)
        return 2
    fz = Fuzz(a, [])
    bad = 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        with tempfile.TemporaryDirectory(prefix="kperf-fuzz-") as d:
            kind, detail, t = fz.classify(text, d)
        if kind != "ok":
            bad += 1
        print("%-8s %s (%.2f s)%s" % ("ok" if kind == "ok" else kind.upper(), path, t,
                                      ": " + detail if kind != "ok" else ""))
    print("fuzz: %d of %d saved mutants fail" % (bad, len(files)))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first mutant index (resume a run)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--clang", default=DEFAULT_CLANG)
    ap.add_argument("--plugin", default=DEFAULT_PLUGIN)
    ap.add_argument("--gpu", default="h100")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--hang-factor", type=float, default=10.0)
    ap.add_argument("--hang-min", type=float, default=5.0)
    ap.add_argument("--out", default=None, help="write each finding's mutant here (default: none)")
    ap.add_argument("--minimize", action="store_true", help="reduce each new crash signature's mutant")
    ap.add_argument("--minimize-budget", type=float, default=120.0)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--only", type=int, default=None, help="mutant I only")
    ap.add_argument("--print", action="store_true", help="with --only: print the mutant's text")
    ap.add_argument("--list-seeds", action="store_true")
    ap.add_argument("--replay", nargs="+", default=None, metavar="PATH",
                    help="check these saved mutants (.cu files, or directories of them) instead")
    ap.add_argument("--progress", type=int, default=0, help="a progress line every N mutants (stderr)")
    a = ap.parse_args()

    if not shutil.which(a.clang) and not os.path.exists(a.clang):
        print("fuzz: no clang at %s" % a.clang, file=sys.stderr)
        return 2
    if a.replay is not None:
        return replay(a)
    seeds, dropped = load_seeds(a)
    if a.list_seeds:
        for n, _ in seeds:
            print("seed     %s" % n)
        for n, why in dropped:
            print("dropped  %s: %s" % (n, why))
        return 0
    if not seeds:
        print("fuzz: no seed compiles", file=sys.stderr)
        return 2
    if a.only is not None and a.print:
        name, muts, text = make_mutant(seeds, a.seed, a.only)
        sys.stdout.write("// mutant %d of seed %d: %s, %s\n" % (a.only, a.seed, name, " ".join(muts)) + text)
        return 0
    if not os.path.exists(a.plugin):
        print("fuzz: no plugin at %s" % a.plugin, file=sys.stderr)
        return 2
    why = cputime.plugin_unusable(
        lambda p: [a.clang] + BASE_FLAGS + ["-include", PRELUDE, p] + plugin_args(a.plugin, a.gpu), 60)
    if why:
        print("fuzz: the plugin does not analyse anything, so no mutant would test it: %s" % why,
              file=sys.stderr)
        return 2
    fz = Fuzz(a, seeds)
    idx = [a.only] if a.only is not None else list(range(a.start, a.start + a.count))
    if a.out:
        os.makedirs(a.out, exist_ok=True)

    counts = {"ok": 0, "crash": 0, "hang": 0, "nonsense": 0}
    findings = []
    sigs = {}
    times = []
    t_start = time.monotonic()
    compiled = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        done = 0
        for i, name, muts, kind, detail, t, text in ex.map(fz.one, idx):
            done += 1
            counts[kind] += 1
            compiled += detail == "compiled"
            times.append(t)
            if kind != "ok":
                f = {"mutant": i, "seed_file": name, "mutations": muts, "kind": kind, "detail": detail,
                     "seconds": round(t, 2)}
                findings.append(f)
                new = kind == "crash" and detail not in sigs
                if kind == "crash":
                    sigs[detail] = sigs.get(detail, 0) + 1
                if a.out:
                    base = os.path.join(a.out, "%s-%d-%d" % (kind, a.seed, i))
                    with open(base + ".cu", "w") as fo:
                        fo.write("// %s: %s\n// mutant %d of seed %d (%s: %s)\n" % (kind, detail, i, a.seed, name,
                                                                                    " ".join(muts)) + text)
                    if a.minimize and (new or kind == "hang" and counts["hang"] <= 5):
                        small = fz.minimize(kind, text, detail, a.minimize_budget)
                        with open(base + ".min.cu", "w") as fo:
                            fo.write("// %s: %s\n" % (kind, detail) + small)
                print("%s mutant %d (%s: %s): %s" % (kind, i, name, " ".join(muts), detail), file=sys.stderr)
            if a.progress and done % a.progress == 0:
                el = time.monotonic() - t_start
                print("fuzz: %d/%d mutants, %.1f/s, %d crashes, %d hangs, %d nonsense" %
                      (done, len(idx), done / el, counts["crash"], counts["hang"], counts["nonsense"]),
                      file=sys.stderr, flush=True)
    elapsed = time.monotonic() - t_start
    times.sort()
    summary = {
        "mutants": len(idx), "seed": a.seed, "start": a.start, "jobs": a.jobs, "seeds": len(seeds),
        "plugin": a.plugin, "crashes": counts["crash"], "crash_signatures": sigs, "hangs": counts["hang"],
        "nonsense": counts["nonsense"], "compiled_ok": compiled, "seconds": round(elapsed, 1),
        "mutants_per_second": round(len(idx) / elapsed, 2) if elapsed > 0 else None,
        "median_kperf_seconds": round(times[len(times) // 2], 3) if times else None,
        "findings": findings,
    }
    if a.out:
        with open(os.path.join(a.out, "summary-%d-%d.json" % (a.seed, a.start)), "w") as fo:
            json.dump(summary, fo, indent=1)
    if a.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
    else:
        print("fuzz: %d mutants (seed %d, from %d, %d seeds, %d jobs) in %.0f s, %.1f mutants/s" %
              (len(idx), a.seed, a.start, len(seeds), a.jobs, elapsed, summary["mutants_per_second"] or 0))
        print("fuzz: %d crashes (%d signatures), %d hangs, %d nonsense; %d mutants compiled without error" %
              (counts["crash"], len(sigs), counts["hang"], counts["nonsense"], compiled))
        for s, n in sorted(sigs.items(), key=lambda x: -x[1]):
            print("  crash x%d: %s" % (n, s))
    return 1 if counts["crash"] or counts["hang"] or counts["nonsense"] else 0


if __name__ == "__main__":
    sys.exit(main())
