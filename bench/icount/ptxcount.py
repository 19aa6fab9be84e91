#!/usr/bin/env python3
"""Dynamic PTX instruction counts of one CUDA thread, by interpreting the PTX.

For a kernel and a launch (grid, block, scalar arguments) this compiles the
.cu with `nvcc -O3 -ptx -arch=sm_90`, then executes the kernel's PTX for
thread (0,0,0) of block (0,0,0) and counts every instruction it executes:
each PTX instruction statement counts once (bra, ret, ld.param and mov
included; labels, directives and declarations such as .reg do not).  An
instruction whose guard predicate is false still counts: it is issued.

Value model:
  * integers and predicates are computed exactly (PTX semantics, wrap-around);
  * special registers: %tid/%ctaid/%laneid/%warpid = 0, %ntid/%nctaid from the
    launch;
  * kernel parameters come from the launch; pointer parameters get distinct
    fake base addresses;
  * loads from global/shared/local/const/generic memory and atomics return 0
    (values derived from them are tracked; a branch decided by one is counted
    but noted: "loads read as 0");
  * floating-point results, shuffles from other lanes, votes, clocks, ... are
    opaque (unknown).
A branch (or a guarded ret/exit) whose predicate is unknown makes the kernel
NOT COUNTABLE: the count is None and the reason names the branch.  For such
kernels the interpreter also explores both sides of each unknown branch (a
bounded number of paths) and reports the range [min, max] of the counts of the
paths it found; this is diagnostic only, never a count.

Usage:
  ptxcount.py --selftest
  ptxcount.py --cases [cases.json] [--json] [--only NAME ...]   (exit 2 on errors only;
              kernels that are not countable are reported, not errors)
  ptxcount.py FILE.cu|FILE.ptx --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]
              [--args V,V,...]  (V: an integer, a float, or 'ptr')  [--trace]
  ptxcount.py FILE.cu|FILE.ptx --list

Standard library only.
"""

import argparse
import copy
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASES = os.path.join(HERE, "cases.json")
NVCC_FLAGS = ["-O3", "-ptx", "-arch=sm_90"]
DEFAULT_STEP_CAP = 50_000_000
DEFAULT_MAX_PATHS = 256

# Class names follow kperf's kp_iclass names (model/model.c).
CLASSES = ["fp32", "fp64", "fp16", "int", "int.mul", "int.div", "int64", "fp.div", "sfu", "conv",
           "cmp", "branch", "addr", "ld.param", "ld.global", "st.global", "ld.shared", "st.shared",
           "ld.local", "st.local", "ld.const", "atomic", "barrier", "warp", "other"]


# --------------------------------------------------------------------------
# Tools

def cuda_bin(tool):
    """Path of a CUDA tool: $CUDA_PATH/bin, /usr/local/cuda/bin, then $PATH."""
    for root in (os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root:
            p = os.path.join(root, "bin", tool)
            if os.access(p, os.X_OK):
                return p
    p = shutil.which(tool)
    if p:
        return p
    raise RuntimeError("cannot find %s (set CUDA_PATH)" % tool)


def compile_ptx(cu_path, out_dir=None):
    """nvcc -O3 -ptx -arch=sm_90 cu_path; returns the PTX text."""
    tmp = out_dir or tempfile.mkdtemp(prefix="ptxcount-")
    out = os.path.join(tmp, os.path.splitext(os.path.basename(cu_path))[0] + ".ptx")
    cmd = [cuda_bin("nvcc")] + NVCC_FLAGS + [cu_path, "-o", out]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("nvcc failed on %s:\n%s" % (cu_path, r.stderr))
    with open(out) as f:
        text = f.read()
    if out_dir is None:
        shutil.rmtree(tmp, ignore_errors=True)
    return text


def ptxas_info(ptx_text):
    """ptxas -arch=sm_90 -v on the PTX: {mangled entry: {registers, smem, stack, spill_stores,
    spill_loads}} (functions too, keyed by name)."""
    tmp = tempfile.mkdtemp(prefix="ptxas-")
    try:
        src = os.path.join(tmp, "k.ptx")
        with open(src, "w") as f:
            f.write(ptx_text)
        r = subprocess.run([cuda_bin("ptxas"), "-arch=sm_90", "-v", src, "-o",
                            os.path.join(tmp, "k.cubin")], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("ptxas failed:\n%s" % r.stderr)
        return parse_ptxas_output(r.stdout + r.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def parse_ptxas_output(text):
    info = {}
    cur = None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = m.group(1)
            info.setdefault(cur, {})
            continue
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            cur = m.group(1)
            info.setdefault(cur, {})
            continue
        if cur is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m:
            info[cur].update(stack=int(m.group(1)), spill_stores=int(m.group(2)),
                             spill_loads=int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            info[cur]["registers"] = int(m.group(1))
            m2 = re.search(r"(\d+) bytes smem", line)
            info[cur]["smem"] = int(m2.group(1)) if m2 else 0
    return info


def demangle(names):
    """{mangled: kernel name as written in source (qualified, with template args)}."""
    out = {n: n for n in names}
    mangled = [n for n in names if n.startswith("_Z")]
    if not mangled:
        return out
    filt = shutil.which("c++filt") or shutil.which("cu++filt")
    dem = None
    if filt:
        try:
            r = subprocess.run([filt], input="\n".join(mangled) + "\n", capture_output=True,
                               text=True, check=True)
            dem = r.stdout.splitlines()
        except (OSError, subprocess.CalledProcessError):
            dem = None
    for i, n in enumerate(mangled):
        d = dem[i] if dem and i < len(dem) else None
        out[n] = strip_signature(d) if d and d != n else fallback_demangle(n)
    return out


def strip_signature(d):
    """'void ns::k<4>(float*, int)' -> 'ns::k<4>'."""
    d = d.strip()
    if d.endswith(")"):
        depth = 0
        for i in range(len(d) - 1, -1, -1):
            if d[i] == ")":
                depth += 1
            elif d[i] == "(":
                depth -= 1
                if depth == 0:
                    d = d[:i]
                    break
    if d.startswith("void "):
        d = d[5:]
    return d.strip()


def fallback_demangle(n):
    """Base name of _Z<len><name>... (no template arguments)."""
    m = re.match(r"_Z(?:N\d*)?(\d+)", n)
    if m:
        k = int(m.group(1))
        start = m.end()
        return n[start:start + k]
    return n


def normalize_name(n):
    return re.sub(r"\s+", "", n or "")


# --------------------------------------------------------------------------
# PTX parsing

TYPES = {
    "s8": (8, True), "s16": (16, True), "s32": (32, True), "s64": (64, True),
    "u8": (8, False), "u16": (16, False), "u32": (32, False), "u64": (64, False),
    "b8": (8, False), "b16": (16, False), "b32": (32, False), "b64": (64, False),
    "b128": (128, False),
    "f16": (16, None), "f16x2": (32, None), "bf16": (16, None), "bf16x2": (32, None),
    "f32": (32, None), "f64": (64, None), "tf32": (32, None), "e4m3x2": (16, None),
    "e5m2x2": (16, None), "pred": (1, False),
}
FLOAT_TYPES = {"f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "tf32", "e4m3x2", "e5m2x2"}
SPACES = ("param", "global", "shared", "local", "const")


class PTXError(Exception):
    pass


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def split_top(s, sep=","):
    """Split on sep outside (), [] and {}."""
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    tail = "".join(cur).strip()
    if tail:
        parts.append(tail)
    return parts


class Instr:
    __slots__ = ("line", "text", "guard", "gneg", "op", "mods", "opnds", "cls", "target",
                 "src_regs")

    def __repr__(self):
        return "<%d: %s>" % (self.line, self.text)


class Function:
    def __init__(self, name, is_entry):
        self.name = name
        self.is_entry = is_entry
        self.params = []        # [(name, type)]
        self.retparams = []     # [(name, type)]
        self.code = []          # [Instr]
        self.labels = {}        # label -> index in code
        self.symbols = []       # names declared inside the body (.shared/.local)


class Module:
    def __init__(self, text):
        self.text = text
        self.functions = {}
        self.symbols = {}       # module/function-level variable name -> fake address
        self._parse(text)

    def entries(self):
        return [f for f in self.functions.values() if f.is_entry]

    def _parse(self, text):
        clean = strip_comments(text)
        # Variables (module scope or demoted into functions): fake distinct addresses.
        for m in re.finditer(r"\.(shared|global|const|local)\s+(?:\.[\w:]+\s+|\d+\s+)*"
                             r"([A-Za-z_$][\w$]*)\s*(?:\[|;|=)", clean):
            name = m.group(2)
            if name not in self.symbols:
                self.symbols[name] = 0x10000 * (len(self.symbols) + 1)
        hdr = re.compile(r"(?:\.(?:visible|weak|extern)\s+)*\.(entry|func)\s*"
                         r"(?:\(([^)]*)\)\s*)?([A-Za-z_$][\w$]*)\s*(?:\(([^)]*)\))?")
        pos = 0
        while True:
            m = hdr.search(clean, pos)
            if not m:
                break
            # Skip to the body or a ';' (declaration only).
            j = m.end()
            while j < len(clean) and clean[j] not in "{;":
                j += 1
            if j >= len(clean) or clean[j] == ";":
                pos = j + 1
                continue
            depth, k = 0, j
            while k < len(clean):
                if clean[k] == "{":
                    depth += 1
                elif clean[k] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            body = clean[j + 1:k]
            fn = Function(m.group(3), m.group(1) == "entry")
            fn.params = self._params(m.group(4) or "")
            fn.retparams = self._params(m.group(2) or "")
            # Line number of the body start, for diagnostics.
            line0 = clean.count("\n", 0, j + 1) + 1
            self._parse_body(fn, body, line0)
            self.functions[fn.name] = fn
            pos = k + 1

    @staticmethod
    def _params(s):
        out = []
        for p in split_top(s):
            toks = p.split()
            if not toks:
                continue
            name = re.sub(r"\[.*$", "", toks[-1])
            ty = next((t[1:] for t in toks if t[1:] in TYPES), "b64")
            out.append((name, ty))
        return out

    def _parse_body(self, fn, body, line0):
        stmt, stmt_line = "", None
        lines = body.split("\n")
        for off, raw in enumerate(lines):
            lineno = line0 + off
            s = raw.strip()
            if not s:
                continue
            if not stmt:
                # Labels at the start of a statement.
                while True:
                    lm = re.match(r"([A-Za-z_$][\w$]*)\s*:(?!:)", s)
                    if not lm:
                        break
                    fn.labels[lm.group(1)] = len(fn.code)
                    s = s[lm.end():].strip()
                if s in ("{", "}"):
                    continue
                if not s:
                    continue
                stmt_line = lineno
            stmt += " " + s
            while ";" in stmt:
                one, stmt = stmt.split(";", 1)
                one = one.strip()
                stmt = stmt.strip()
                if one.startswith("{"):
                    one = one[1:].strip()
                if one.startswith("}"):
                    one = one[1:].strip()
                if one:
                    self._statement(fn, one, stmt_line)
                if stmt in ("{", "}"):
                    stmt = ""
            stmt = stmt.strip()
            if stmt in ("{", "}"):
                stmt = ""

    def _statement(self, fn, s, line):
        if s.startswith("."):
            # Directive or declaration (.reg, .shared, .local, .param, .pragma): not counted.
            return
        ins = Instr()
        ins.line = line
        ins.text = re.sub(r"\s+", " ", s)
        ins.guard, ins.gneg = None, False
        gm = re.match(r"@(!?)(%[\w$.]+)\s+", s)
        if gm:
            ins.gneg = gm.group(1) == "!"
            ins.guard = gm.group(2)
            s = s[gm.end():]
        parts = s.split(None, 1)
        opfull = parts[0]
        toks = opfull.split(".")
        ins.op = toks[0]
        ins.mods = toks[1:]
        ins.opnds = split_top(parts[1]) if len(parts) > 1 else []
        ins.target = None
        if ins.op in ("bra", "brx"):
            ins.target = ins.opnds[0] if ins.opnds else None
        ins.src_regs = []
        for o in ins.opnds[1:] if ins.op not in ("st", "red", "bra", "call") else ins.opnds:
            ins.src_regs.extend(re.findall(r"%[\w$]+(?:\.[xyzw])?", o))
        ins.cls = classify(ins.op, ins.mods)
        fn.code.append(ins)


def inst_types(mods):
    return [m for m in mods if m in TYPES]


def classify(op, mods):
    """kperf instruction class of a PTX instruction (diagnostic breakdown)."""
    types = inst_types(mods)
    space = next((m for m in mods if m.split("::")[0] in SPACES), None)
    space = space.split("::")[0] if space else None
    if op in ("ld", "ldu"):
        return "ld." + ({"param": "param", "global": "global", "shared": "shared", "local": "local",
                         "const": "const"}.get(space, "global"))
    if op == "st":
        if space == "param":
            return "other"
        return "st." + ({"global": "global", "shared": "shared", "local": "local"}.get(space, "global"))
    if op in ("atom", "red"):
        return "atomic"
    if op in ("bar", "barrier"):
        return "barrier"
    if op in ("shfl", "vote", "match", "activemask", "redux", "elect"):
        return "warp"
    if op in ("bra", "brx", "ret", "exit"):
        return "branch"
    if op in ("call", "membar", "fence", "prefetch", "prefetchu", "trap", "nanosleep", "pmevent",
              "discard", "applypriority", "createpolicy"):
        return "other"
    if op == "cvta":
        return "addr"
    if op == "cvt":
        return "conv"
    if op in ("setp", "selp", "set", "slct"):
        return "cmp"
    if op == "mov":
        return "int"
    ftype = next((t for t in types if t in FLOAT_TYPES), None)
    if ftype:
        if op in ("ex2", "lg2", "sin", "cos", "rsqrt", "tanh"):
            return "sfu"
        if op in ("div", "sqrt", "rcp"):
            return "sfu" if ("approx" in mods or "full" in mods) else "fp.div"
        if ftype == "f64":
            return "fp64"
        if ftype == "f32" or ftype == "tf32":
            return "fp32"
        return "fp16"
    if op in ("div", "rem"):
        return "int.div"
    if op in ("mul", "mad"):
        if "wide" in mods:
            return "addr"
        return "int.mul"
    if op in ("mul24", "mad24", "mul.hi"):
        return "int.mul"
    if any(t in ("s64", "u64", "b64") for t in types):
        if op in ("add", "sub", "shl"):
            return "addr"
        return "int64"
    return "int"


# --------------------------------------------------------------------------
# Values

class Unk:
    """An unknown (opaque) value; why says where it came from."""
    __slots__ = ("why",)

    def __init__(self, why):
        self.why = why

    def __repr__(self):
        return "Unk(%s)" % self.why


def mask(v, w):
    return v & ((1 << w) - 1)


def as_type(v, ty):
    """Interpret the raw int v as a value of integer type ty."""
    w, signed = TYPES[ty]
    v = mask(v, w)
    if signed and v >> (w - 1):
        v -= 1 << w
    return v


def parse_imm(tok):
    t = tok.strip()
    m = re.fullmatch(r"0[fF]([0-9a-fA-F]{8})", t)
    if m:
        return int(m.group(1), 16)
    m = re.fullmatch(r"0[dD]([0-9a-fA-F]{16})", t)
    if m:
        return int(m.group(1), 16)
    m = re.fullmatch(r"(-?)0[xX]([0-9a-fA-F]+)[uU]?", t)
    if m:
        v = int(m.group(2), 16)
        return -v if m.group(1) else v
    m = re.fullmatch(r"(-?)0([0-7]+)[uU]?", t)
    if m:
        v = int(m.group(2), 8)
        return -v if m.group(1) else v
    m = re.fullmatch(r"-?\d+[uU]?", t)
    if m:
        return int(t.rstrip("uU"))
    return None


# --------------------------------------------------------------------------
# Interpreter

class NotCountable(Exception):
    pass


class Frame:
    __slots__ = ("fn", "pc", "regs", "taint", "params", "ret_map")

    def copy(self):
        f = Frame()
        f.fn, f.pc = self.fn, self.pc
        f.regs = dict(self.regs)
        f.taint = dict(self.taint)
        f.params = {k: dict(v) for k, v in self.params.items()}
        f.ret_map = self.ret_map
        return f


class State:
    def __init__(self):
        self.frames = []
        self.steps = 0
        self.by_class = Counter()
        self.notes = []
        self.forks = 0
        self.pending = None   # the unknown branch this state stopped at

    def copy(self):
        s = State()
        s.frames = [f.copy() for f in self.frames]
        s.steps = self.steps
        s.by_class = Counter(self.by_class)
        s.notes = list(self.notes)
        s.forks = self.forks
        s.pending = self.pending
        return s


class Launch:
    def __init__(self, grid=(1, 1, 1), block=(1, 1, 1), args=()):
        self.grid = tuple(grid) + (1,) * (3 - len(grid))
        self.block = tuple(block) + (1,) * (3 - len(block))
        self.args = list(args)


class Interpreter:
    def __init__(self, module, launch, step_cap=DEFAULT_STEP_CAP, trace=None):
        self.m = module
        self.launch = launch
        self.step_cap = step_cap
        self.trace = trace
        g, b = launch.grid, launch.block
        self.special = {
            "%tid.x": 0, "%tid.y": 0, "%tid.z": 0,
            "%ntid.x": b[0], "%ntid.y": b[1], "%ntid.z": b[2],
            "%ctaid.x": 0, "%ctaid.y": 0, "%ctaid.z": 0,
            "%nctaid.x": g[0], "%nctaid.y": g[1], "%nctaid.z": g[2],
            "%laneid": 0, "%warpid": 0,
            "%lanemask_eq": 1, "%lanemask_le": 1, "%lanemask_lt": 0,
            "%lanemask_ge": 0xFFFFFFFF, "%lanemask_gt": 0xFFFFFFFE,
            "%dynamic_smem_size": 0, "%WARP_SZ": 32,
        }

    # ---- entry
    def initial_state(self, fn):
        if len(self.launch.args) != len(fn.params):
            raise PTXError("kernel %s has %d parameters, %d arguments given"
                           % (fn.name, len(fn.params), len(self.launch.args)))
        fr = Frame()
        fr.fn, fr.pc, fr.regs, fr.taint, fr.ret_map = fn, 0, {}, {}, None
        fr.params = {}
        for i, ((pname, ptype), val) in enumerate(zip(fn.params, self.launch.args)):
            if val is None or val == "ptr":
                v = (i + 1) << 36            # fake, distinct, aligned base address
            elif isinstance(val, float):
                v = Unk("float parameter %s" % pname)
            else:
                v = int(val)
            fr.params[pname] = {0: v}
        st = State()
        st.frames.append(fr)
        return st

    # ---- operand access
    def read(self, fr, tok, ty=None):
        """Value of a source operand (int, Unk); ty interprets ints when given."""
        tok = tok.strip()
        neg = False
        if tok.startswith("!"):
            neg, tok = True, tok[1:]
        if tok.startswith("%"):
            if tok in fr.regs:
                v = fr.regs[tok]
            elif tok in self.special:
                v = self.special[tok]
            elif tok.split(".")[0] in ("%clock", "%clock64", "%globaltimer", "%smid", "%nsmid",
                                       "%gridid", "%nwarpid", "%envreg", "%pm0", "%globaltimer_lo",
                                       "%globaltimer_hi", "%total_smem_size", "%aggr_smem_size",
                                       "%reserved_smem_offset_begin", "%cluster_ctarank",
                                       "%clusterid", "%nclusterid", "%cluster_nctarank",
                                       "%ctaid", "%is_explicit_cluster"):
                v = Unk("special register " + tok)
            else:
                v = Unk("uninitialized register " + tok)
        elif tok in self.m.symbols:
            v = self.m.symbols[tok]
        elif tok in self.m.functions:
            v = Unk("function address " + tok)
        else:
            v = parse_imm(tok)
            if v is None:
                v = Unk("operand " + tok)
        if neg:
            if isinstance(v, Unk):
                return v
            return 0 if v else 1
        if ty is not None and not isinstance(v, Unk) and ty in TYPES and TYPES[ty][1] is not None:
            v = as_type(v, ty)
        return v

    def taint_of(self, fr, ins):
        for r in ins.src_regs:
            t = fr.taint.get(r)
            if t:
                return t
        return None

    def write(self, fr, tok, v, ty, taint):
        tok = tok.strip()
        if not tok.startswith("%"):
            return
        if not isinstance(v, Unk):
            if ty == "pred":
                v = 1 if v else 0
            elif ty in TYPES and TYPES[ty][1] is not None:
                v = mask(v, TYPES[ty][0])
        fr.regs[tok] = v
        if taint:
            fr.taint[tok] = taint
        else:
            fr.taint.pop(tok, None)

    @staticmethod
    def parse_addr(tok):
        """'[%rd1+8]' -> ('%rd1', 8); '[sym]' -> ('sym', 0)."""
        t = tok.strip()
        if not (t.startswith("[") and t.endswith("]")):
            raise PTXError("bad address operand " + tok)
        t = t[1:-1].replace(" ", "")
        m = re.fullmatch(r"([^+\-]+)(?:\+?(-?\w+))?", t)
        if not m:
            return t, 0
        off = parse_imm(m.group(2)) if m.group(2) else 0
        return m.group(1), off or 0

    # ---- run
    def run_until_branch(self, st):
        """Executes st until the thread ends (returns 'done') or stops at a branch whose
        predicate is unknown (returns 'unknown'; st.pending is the instruction)."""
        cap = self.step_cap
        trace = self.trace
        while True:
            fr = st.frames[-1]
            code = fr.fn.code
            if fr.pc >= len(code):
                raise PTXError("fell off the end of %s" % fr.fn.name)
            ins = code[fr.pc]
            st.steps += 1
            st.by_class[ins.cls] += 1
            if st.steps > cap:
                raise NotCountable("step cap of %d reached" % cap)
            if trace:
                trace("%8d  %s:%d  %s" % (st.steps, fr.fn.name, ins.line, ins.text))
            g = 1
            if ins.guard is not None:
                g = self.read(fr, ins.guard)
                if not isinstance(g, Unk) and ins.gneg:
                    g = 0 if g else 1
            op = ins.op
            if op in ("bra", "ret", "exit", "brx"):
                if isinstance(g, Unk):
                    st.pending = ins
                    st.pending_why = g.why
                    return "unknown"
                if ins.guard is not None:
                    t = fr.taint.get(ins.guard)
                    if t:
                        note = "%s at line %d decided by data from %s (loads read as 0)" % (
                            op, ins.line, t)
                        if note not in st.notes:
                            st.notes.append(note)
                if not g:
                    fr.pc += 1
                    continue
                if self.control(st, fr, ins) == "done":
                    return "done"
                continue
            if op == "call":
                self.call(st, fr, ins)
                continue
            if isinstance(g, Unk):
                # A guarded instruction whose guard is unknown: its results are unknown.
                for d in self.dests(ins):
                    self.write(fr, d, Unk("guarded by unknown predicate at line %d" % ins.line),
                               None, None)
            elif g:
                self.execute(st, fr, ins)
            fr.pc += 1

    def control(self, st, fr, ins):
        """Taken bra / executed ret or exit."""
        op = ins.op
        if op == "bra":
            tgt = ins.target
            if tgt not in fr.fn.labels:
                raise PTXError("unknown label %s" % tgt)
            fr.pc = fr.fn.labels[tgt]
            return None
        if op == "brx":
            raise NotCountable("indirect branch (brx.idx) at line %d" % ins.line)
        if op == "exit" or len(st.frames) == 1:
            return "done"
        # ret from a .func: copy return values to the caller's retval variables.
        callee = st.frames.pop()
        caller = st.frames[-1]
        for callee_name, caller_name in (callee.ret_map or []):
            caller.params[caller_name] = dict(callee.params.get(callee_name, {}))
        caller.pc += 1
        return None

    def call(self, st, fr, ins):
        ops = ins.opnds
        rets, args = [], []
        if ops and ops[0].startswith("("):
            rets = split_top(ops[0][1:-1])
            ops = ops[1:]
        fname = ops[0]
        if len(ops) > 1 and ops[1].startswith("("):
            args = split_top(ops[1][1:-1])
        fn = self.m.functions.get(fname)
        if fn is None:
            raise NotCountable("call to %s, whose body is not in the PTX (line %d)" % (fname, ins.line))
        callee = Frame()
        callee.fn, callee.pc, callee.regs, callee.taint = fn, 0, {}, {}
        callee.params = {}
        for (pname, _), a in zip(fn.params, args):
            callee.params[pname] = dict(fr.params.get(a, {}))
        callee.ret_map = [(rp, r) for (rp, _), r in zip(fn.retparams, rets)]
        for rp, _ in fn.retparams:
            callee.params[rp] = {}
        if len(st.frames) > 1000:
            raise NotCountable("call depth over 1000 (recursion) at line %d" % ins.line)
        st.frames.append(callee)

    @staticmethod
    def dests(ins):
        op = ins.op
        if op in ("st", "red", "bar", "barrier", "bra", "ret", "exit", "membar", "fence", "call",
                  "prefetch", "prefetchu", "trap", "nanosleep") or not ins.opnds:
            return []
        d = ins.opnds[0]
        if d.startswith("{"):
            return [x for x in split_top(d[1:-1])]
        return [x.strip() for x in d.split("|")]

    # ---- data instructions
    def execute(self, st, fr, ins):
        op, mods, o = ins.op, ins.mods, ins.opnds
        types = inst_types(mods)
        ty = types[-1] if types else None
        taint = self.taint_of(fr, ins)
        W = self.write
        R = self.read

        if op in ("ld", "ldu"):
            space = next((m.split("::")[0] for m in mods if m.split("::")[0] in SPACES), None)
            dests = self.dests(ins)
            if space == "param":
                base, off = self.parse_addr(o[1])
                mem = fr.params.get(base)
                if mem is None:
                    raise PTXError("ld.param from unknown parameter %s (line %d)" % (base, ins.line))
                w = TYPES[ty][0] // 8 if ty else 4
                for k, d in enumerate(dests):
                    v = mem.get(off + k * w, Unk("parameter %s+%d" % (base, off + k * w)))
                    if ty in FLOAT_TYPES:
                        v = Unk("float parameter %s" % base) if not isinstance(v, Unk) else v
                    W(fr, d, v, ty, None)
            else:
                why = "%s at line %d" % (".".join([op] + [m for m in mods if m.split("::")[0] in SPACES])
                                         if space else op + " (generic)", ins.line)
                for d in dests:
                    W(fr, d, 0, ty, why)
            return
        if op == "st":
            space = next((m.split("::")[0] for m in mods if m.split("::")[0] in SPACES), None)
            if space == "param":
                base, off = self.parse_addr(o[0])
                src = o[1]
                vals = split_top(src[1:-1]) if src.startswith("{") else [src]
                w = TYPES[ty][0] // 8 if ty else 4
                mem = fr.params.setdefault(base, {})
                for k, s in enumerate(vals):
                    v = R(fr, s)
                    mem[off + k * w] = mask(v, TYPES[ty][0]) if (not isinstance(v, Unk) and ty and TYPES[ty][1] is not None) else v
            return
        if op == "atom":
            W(fr, o[0], 0, ty, "%s at line %d" % (op, ins.line))
            return
        if op in ("red", "bar", "barrier", "membar", "fence", "prefetch", "prefetchu", "nanosleep",
                  "pmevent", "discard", "applypriority"):
            if op in ("bar", "barrier") and "red" in mods:
                W(fr, o[0], Unk("bar.red"), ty, None)
            return
        if op == "trap":
            raise NotCountable("trap at line %d" % ins.line)

        if op == "mov":
            d, s = o[0], o[1]
            if d.startswith("{"):           # unpack: mov.b64 {%r1,%r2}, %rd1
                parts = split_top(d[1:-1])
                v = R(fr, s)
                w = TYPES[ty][0] // len(parts)
                for k, p in enumerate(parts):
                    W(fr, p, v if isinstance(v, Unk) else (v >> (w * k)) & ((1 << w) - 1), None, taint)
                return
            if s.startswith("{"):           # pack
                parts = split_top(s[1:-1])
                w = TYPES[ty][0] // len(parts)
                acc = 0
                for k, p in enumerate(parts):
                    v = R(fr, p)
                    if isinstance(v, Unk):
                        acc = v
                        break
                    acc |= mask(v, w) << (w * k)
                W(fr, d, acc, ty, taint)
                return
            W(fr, d, R(fr, s), ty, taint)
            return

        if op == "cvta":
            W(fr, o[0], R(fr, o[1]), ty, taint)
            return

        if op == "cvt":
            dt, stt = (types + [None, None])[:2]
            v = R(fr, o[1])
            if isinstance(v, Unk) or dt is None or stt is None:
                W(fr, o[0], v if isinstance(v, Unk) else Unk("cvt"), dt, taint)
                return
            if dt in FLOAT_TYPES or stt in FLOAT_TYPES or "pack" in mods:
                W(fr, o[0], Unk("fp result of %s at line %d" % (ins.op + "." + ".".join(mods), ins.line)),
                  dt, taint)
                return
            W(fr, o[0], as_type(v, stt), dt, taint)
            return

        if op == "setp":
            self.setp(fr, ins, types, taint)
            return

        if op == "selp":
            c = R(fr, o[3])
            a, b = R(fr, o[1], ty), R(fr, o[2], ty)
            if isinstance(c, Unk):
                v = a if (not isinstance(a, Unk) and not isinstance(b, Unk) and a == b) else c
            else:
                v = a if c else b
            W(fr, o[0], v, ty, taint)
            return

        if op == "shfl":
            self.shfl(fr, ins, taint)
            return

        if op in ("vote", "match", "activemask", "redux", "elect"):
            for d in self.dests(ins):
                W(fr, d, Unk("%s at line %d" % (op, ins.line)), None, None)
            return

        # Floating point: opaque.
        if ty in FLOAT_TYPES or any(t in FLOAT_TYPES for t in types):
            for d in self.dests(ins):
                dty = "pred" if d.startswith("%p") else ty
                W(fr, d, Unk("fp result of %s at line %d" % (ins.op + "." + ".".join(mods), ins.line)),
                  dty, taint)
            return

        if ty == "pred":
            self.pred_op(fr, ins, taint)
            return

        if ty is None:
            for d in self.dests(ins):
                W(fr, d, Unk("unsupported %s at line %d" % (ins.text, ins.line)), None, None)
            st.notes.append("unsupported instruction at line %d: %s" % (ins.line, ins.text))
            return

        self.int_op(st, fr, ins, ty, taint)

    def setp(self, fr, ins, types, taint):
        mods, o = ins.mods, ins.opnds
        ty = types[-1]
        cmp = mods[0]
        boolop = next((m for m in mods[1:] if m in ("and", "or", "xor")), None)
        dests = [x.strip() for x in o[0].split("|")]
        if ty in FLOAT_TYPES:
            r = Unk("fp compare %s at line %d" % (ins.text, ins.line))
        else:
            a, b = self.read(fr, o[1], ty), self.read(fr, o[2], ty)
            if isinstance(a, Unk):
                r = a
            elif isinstance(b, Unk):
                r = b
            else:
                r = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
                     "ge": a >= b, "lo": a < b, "ls": a <= b, "hi": a > b, "hs": a >= b}.get(cmp)
                if r is None:
                    r = Unk("setp.%s" % cmp)
                else:
                    r = 1 if r else 0
        nr = r if isinstance(r, Unk) else 1 - r
        if boolop:
            c = self.read(fr, o[3])
            r = self._bool(boolop, r, c)
            nr = self._bool(boolop, nr, c)
        self.write(fr, dests[0], r, "pred", taint)
        if len(dests) > 1:
            self.write(fr, dests[1], nr, "pred", taint)

    @staticmethod
    def _bool(op, a, b):
        if op == "and":
            if (not isinstance(a, Unk) and not a) or (not isinstance(b, Unk) and not b):
                return 0
        if op == "or":
            if (not isinstance(a, Unk) and a) or (not isinstance(b, Unk) and b):
                return 1
        if isinstance(a, Unk):
            return a
        if isinstance(b, Unk):
            return b
        return {"and": a & b, "or": a | b, "xor": a ^ b}[op]

    def pred_op(self, fr, ins, taint):
        op, o = ins.op, ins.opnds
        if op in ("and", "or", "xor"):
            v = self._bool(op, self.read(fr, o[1]), self.read(fr, o[2]))
        elif op == "not":
            a = self.read(fr, o[1])
            v = a if isinstance(a, Unk) else 1 - (1 if a else 0)
        else:
            v = Unk("pred op %s" % ins.text)
        self.write(fr, o[0], v, "pred", taint)

    def shfl(self, fr, ins, taint):
        """shfl.sync.mode.b32 d[|p], a, b, c, membermask for lane 0."""
        o, mods = ins.opnds, ins.mods
        mode = next((m for m in mods if m in ("up", "down", "bfly", "idx")), None)
        dests = [x.strip() for x in o[0].split("|")]
        a = self.read(fr, o[1])
        b = self.read(fr, o[2])
        c = self.read(fr, o[3])
        lane = self.special["%laneid"]
        if isinstance(b, Unk) or isinstance(c, Unk) or mode is None:
            dv, pv = Unk("shfl at line %d" % ins.line), Unk("shfl at line %d" % ins.line)
        else:
            bval, cval, segmask = b & 31, c & 31, (c >> 8) & 31
            max_lane = (lane & segmask) | (cval & ~segmask & 31)
            min_lane = lane & segmask
            if mode == "up":
                j = lane - bval
                pv = j >= max_lane
            elif mode == "down":
                j = lane + bval
                pv = j <= max_lane
            elif mode == "bfly":
                j = lane ^ bval
                pv = j <= max_lane
            else:
                j = min_lane | (bval & ~segmask & 31)
                pv = j <= max_lane
            if not pv:
                j = lane
            dv = a if j == lane else Unk("shfl from lane %d at line %d" % (j, ins.line))
            pv = 1 if pv else 0
        self.write(fr, dests[0], dv, "b32", taint)
        if len(dests) > 1:
            self.write(fr, dests[1], pv, "pred", None)

    def int_op(self, st, fr, ins, ty, taint):
        op, mods, o = ins.op, ins.mods, ins.opnds
        w, signed = TYPES[ty]
        R = self.read
        d = o[0]
        dty = ty
        if "cc" in mods or op in ("addc", "subc", "madc"):
            self.write(fr, d, Unk("carry chain at line %d" % ins.line), None, None)
            st.notes.append("carry-chain arithmetic treated as unknown at line %d" % ins.line)
            return
        srcs = o[1:]
        # Shift amounts, bit positions and lengths are u32 whatever the type.
        if op in ("shl", "shr"):
            vals = [R(fr, srcs[0], ty), R(fr, srcs[1], "u32")]
        elif op == "bfe":
            vals = [R(fr, srcs[0], ty), R(fr, srcs[1], "u32"), R(fr, srcs[2], "u32")]
        elif op == "bfi":
            vals = [R(fr, srcs[0], ty), R(fr, srcs[1], ty), R(fr, srcs[2], "u32"), R(fr, srcs[3], "u32")]
        elif op in ("mul", "mad") and "wide" in mods:
            vals = [R(fr, s, ty) for s in srcs[:2]] + [R(fr, s, ("s" if signed else "u") + str(2 * w))
                                                        for s in srcs[2:]]
        else:
            vals = [R(fr, s, ty) for s in srcs]
        unk = next((v for v in vals if isinstance(v, Unk)), None)
        if unk is not None:
            self.write(fr, d, unk, None, taint)
            return
        v = None
        if op == "add":
            v = vals[0] + vals[1]
        elif op == "sub":
            v = vals[0] - vals[1]
        elif op in ("mul", "mad", "mul24", "mad24"):
            p = vals[0] * vals[1]
            if "hi" in mods:
                p >>= (48 if op in ("mul24", "mad24") else w)
            elif "wide" in mods:
                dty = ("s" if signed else "u") + str(2 * w)
            if op in ("mad", "mad24"):
                p += vals[2]
            v = p
        elif op in ("div", "rem"):
            a, b = vals[0], vals[1]
            if b == 0:
                self.write(fr, d, Unk("integer division by zero at line %d" % ins.line), None, taint)
                return
            q = abs(a) // abs(b)
            if (a < 0) != (b < 0):
                q = -q
            v = q if op == "div" else a - q * b
        elif op == "min":
            v = min(vals[0], vals[1])
        elif op == "max":
            v = max(vals[0], vals[1])
        elif op == "abs":
            v = abs(vals[0])
        elif op == "neg":
            v = -vals[0]
        elif op == "and":
            v = vals[0] & vals[1]
        elif op == "or":
            v = vals[0] | vals[1]
        elif op == "xor":
            v = vals[0] ^ vals[1]
        elif op == "not":
            v = ~vals[0]
        elif op == "cnot":
            v = 1 if vals[0] == 0 else 0
        elif op == "shl":
            v = 0 if vals[1] >= w else vals[0] << vals[1]
        elif op == "shr":
            n = min(vals[1], w)
            if signed:
                v = vals[0] >> n
            else:
                v = mask(vals[0], w) >> n
        elif op == "popc":
            v = bin(mask(vals[0], w)).count("1")
            dty = "u32"
        elif op == "clz":
            v = w - mask(vals[0], w).bit_length()
            dty = "u32"
        elif op == "bfind":
            x = vals[0]
            if signed and x < 0:
                x = ~x
            x = mask(x, w)
            v = 0xFFFFFFFF if x == 0 else x.bit_length() - 1
            if "shiftamt" in mods and x != 0:
                v = w - 1 - v
            dty = "u32"
        elif op == "brev":
            x = mask(vals[0], w)
            v = int(format(x, "0%db" % w)[::-1], 2)
        elif op == "bfe":
            ua, pos, ln = mask(vals[0], w), vals[1] & 0xFF, vals[2] & 0xFF
            if signed:
                sbit = (ua >> (w - 1)) & 1 if (ln == 0 or pos >= w) else \
                    (ua >> min(pos + ln - 1, w - 1)) & 1
            else:
                sbit = 0
            v = 0
            for k in range(w):
                bit = (ua >> (pos + k)) & 1 if (k < ln and pos + k <= w - 1) else sbit
                v |= bit << k
            if ln == 0 and not signed:
                v = 0
        elif op == "bfi":
            f, b, pos, ln = mask(vals[0], w), mask(vals[1], w), vals[2] & 0xFF, vals[3] & 0xFF
            if ln == 0 or pos >= w:
                v = b
            else:
                ln = min(ln, w - pos)
                m_ = ((1 << ln) - 1) << pos
                v = (b & ~m_) | ((f << pos) & m_)
        elif op == "prmt":
            if any(m in mods for m in ("f4e", "b4e", "rc8", "ecl", "ecr", "rc16")):
                v = Unk("prmt mode")
            else:
                a, b, c = mask(vals[0], 32), mask(vals[1], 32), mask(vals[2], 32)
                bytes8 = [(a >> (8 * k)) & 0xFF for k in range(4)] + [(b >> (8 * k)) & 0xFF for k in range(4)]
                v = 0
                for k in range(4):
                    sel = (c >> (4 * k)) & 0xF
                    byte = bytes8[sel & 7]
                    if sel & 8:
                        byte = 0xFF if byte & 0x80 else 0
                    v |= byte << (8 * k)
        elif op == "lop3":
            a, b, c, lut = mask(vals[0], w), mask(vals[1], w), mask(vals[2], w), vals[3] & 0xFF
            full = (1 << w) - 1
            v = 0
            for i in range(8):
                if (lut >> i) & 1:
                    v |= ((a if i & 4 else ~a & full) & (b if i & 2 else ~b & full)
                          & (c if i & 1 else ~c & full))
        elif op == "shf":
            a, b, n = mask(vals[0], 32), mask(vals[1], 32), mask(vals[2], 32)
            n = n & 31 if "wrap" in mods else min(n, 32)
            pair = (b << 32) | a
            v = (pair << n) >> 32 if "l" in mods else pair >> n
        elif op == "sad":
            v = abs(vals[0] - vals[1]) + vals[2]
        elif op == "slct":
            v = Unk("slct")
        if v is None:
            v = Unk("unsupported %s at line %d" % (ins.text, ins.line))
            st.notes.append("unsupported instruction at line %d: %s" % (ins.line, ins.text))
        self.write(fr, d, v, dty, taint)


# --------------------------------------------------------------------------
# Counting a kernel

def count_kernel(module, fn_name, launch, step_cap=DEFAULT_STEP_CAP, max_paths=DEFAULT_MAX_PATHS,
                 trace=None):
    """Dynamic instruction count of thread (0,0,0) of block (0,0,0).

    Returns a dict: count (int or None), by_class, notes, reason (when None), range
    ([lo, hi] over the explored paths, hi None when paths were cut) when None."""
    fn = module.functions.get(fn_name)
    if fn is None:
        raise PTXError("no function %s in the PTX" % fn_name)
    it = Interpreter(module, launch, step_cap, trace)
    st = it.initial_state(fn)
    res = {"count": None, "by_class": {}, "notes": [], "reason": None, "range": None}
    try:
        r = it.run_until_branch(st)
    except NotCountable as e:
        res["reason"] = str(e)
        return res
    if r == "done":
        res["count"] = st.steps
        res["by_class"] = {c: st.by_class[c] for c in CLASSES if st.by_class[c]}
        res["notes"] = st.notes
        return res
    ins = st.pending
    res["reason"] = "branch at PTX line %d (%s) depends on an unknown value: %s" % (
        ins.line, ins.text, st.pending_why)
    res["range"] = explore(it, st, max_paths, step_cap)
    return res


def explore(it, st0, max_paths, step_cap):
    """Both sides of every unknown branch, depth first, at most max_paths paths.
    Returns [lo, hi, paths, complete]."""
    stack = [st0]
    counts = []
    complete = True
    budget = step_cap
    while stack:
        st = stack.pop()
        if st.pending is not None:
            if len(counts) + len(stack) + 2 > max_paths:
                complete = False
                continue
            ins = st.pending
            other = st.copy()
            for s, taken in ((other, False), (st, True)):
                s.pending = None
                s.forks += 1
                fr = s.frames[-1]
                if taken:
                    if it.control(s, fr, ins) == "done":
                        counts.append(s.steps)
                        continue
                else:
                    fr.pc += 1
                stack.append(s)
            continue
        try:
            start = st.steps
            r = it.run_until_branch(st)
            budget -= st.steps - start
        except NotCountable:
            complete = False
            continue
        if r == "done":
            counts.append(st.steps)
        else:
            stack.append(st)
        if budget < 0:
            complete = False
            break
    if not counts:
        return [None, None, 0, False]
    return [min(counts), max(counts) if complete else None, len(counts), complete]


# --------------------------------------------------------------------------
# Files and cases

class CompiledFile:
    """A .cu compiled once: its PTX module, kernel names and ptxas registers."""

    def __init__(self, path, with_ptxas=True):
        self.path = path
        if path.endswith(".ptx"):
            with open(path) as f:
                self.ptx = f.read()
        else:
            self.ptx = compile_ptx(path)
        self.module = Module(self.ptx)
        entries = [f.name for f in self.module.entries()]
        self.names = demangle(entries)            # mangled -> source name
        self.by_name = {}
        for mg, nm in self.names.items():
            self.by_name.setdefault(normalize_name(nm), []).append(mg)
        self.ptxas = {}
        self.ptxas_error = None
        if with_ptxas:
            try:
                self.ptxas = ptxas_info(self.ptx)
            except (RuntimeError, OSError) as e:
                self.ptxas_error = str(e)

    def find(self, kernel):
        """Mangled name of a kernel given its source name (or its mangled name)."""
        if kernel in self.module.functions:
            return kernel
        hits = self.by_name.get(normalize_name(kernel), [])
        if len(hits) == 1:
            return hits[0]
        if not hits:
            base = [mg for mg, nm in self.names.items() if re.sub(r"<.*$", "", nm) == kernel]
            if len(base) == 1:
                return base[0]
        raise PTXError("kernel %s: %s in %s" % (kernel, "ambiguous" if hits else "not found",
                                                 self.path))


def case_args(case):
    """Launch arguments in order: None for pointers, numbers for scalars."""
    return [v for v in case["args"].values()]


def load_cases(path=DEFAULT_CASES):
    with open(path) as f:
        data = json.load(f)
    base = os.path.dirname(os.path.abspath(path))
    kdir = os.path.join(base, data.get("kernel_dir", "kernels"))
    cases = []
    for c in data["cases"]:
        c = dict(c)
        c["path"] = os.path.join(kdir, c["file"])
        c["grid"] = list(c["grid"]) + [1] * (3 - len(c["grid"]))
        c["block"] = list(c["block"]) + [1] * (3 - len(c["block"]))
        cases.append(c)
    return cases


def count_cases(cases, only=None, step_cap=DEFAULT_STEP_CAP, max_paths=DEFAULT_MAX_PATHS,
                progress=None):
    """PTX results for every case, in the order of cases.  Each .cu is compiled once."""
    files = {}
    out = []
    for c in cases:
        if only and c["kernel"] not in only:
            continue
        r = {"file": c["file"], "kernel": c["kernel"], "grid": c["grid"], "block": c["block"],
             "count": None, "by_class": {}, "notes": [], "reason": None, "range": None,
             "registers": None, "mangled": None}
        try:
            if c["path"] not in files:
                if progress:
                    progress("compiling %s" % c["file"])
                files[c["path"]] = CompiledFile(c["path"])
            cf = files[c["path"]]
            mg = cf.find(c["kernel"])
            r["mangled"] = mg
            r.update(count_kernel(cf.module, mg, Launch(c["grid"], c["block"], case_args(c)),
                                  step_cap, max_paths))
            info = cf.ptxas.get(mg, {})
            r["registers"] = info.get("registers")
            r["spill"] = info.get("spill_stores", 0) + info.get("spill_loads", 0) if info else None
            if cf.ptxas_error:
                r["notes"] = list(r["notes"]) + ["ptxas: " + cf.ptxas_error.splitlines()[0]]
        except (PTXError, RuntimeError, OSError, KeyError) as e:
            r["reason"] = "error: %s" % e
        out.append(r)
    return out


# --------------------------------------------------------------------------
# Self-test: three kernels of nvcc 13.0's PTX, counted by hand.

SELFTEST_PTX = r"""
.version 9.0
.target sm_90
.address_size 64

.visible .entry _Z4vaddPKfS0_Pfi(
	.param .u64 _Z4vaddPKfS0_Pfi_param_0,
	.param .u64 _Z4vaddPKfS0_Pfi_param_1,
	.param .u64 _Z4vaddPKfS0_Pfi_param_2,
	.param .u32 _Z4vaddPKfS0_Pfi_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<11>;


	ld.param.u64 	%rd1, [_Z4vaddPKfS0_Pfi_param_0];
	ld.param.u64 	%rd2, [_Z4vaddPKfS0_Pfi_param_1];
	ld.param.u64 	%rd3, [_Z4vaddPKfS0_Pfi_param_2];
	ld.param.u32 	%r2, [_Z4vaddPKfS0_Pfi_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd5;
	ld.global.f32 	%f1, [%rd8];
	ld.global.f32 	%f2, [%rd6];
	add.f32 	%f3, %f2, %f1;
	cvta.to.global.u64 	%rd9, %rd3;
	add.s64 	%rd10, %rd9, %rd5;
	st.global.f32 	[%rd10], %f3;

$L__BB0_2:
	ret;

}
.visible .entry _Z11reduce_smemPKfPfi(
	.param .u64 _Z11reduce_smemPKfPfi_param_0,
	.param .u64 _Z11reduce_smemPKfPfi_param_1,
	.param .u32 _Z11reduce_smemPKfPfi_param_2
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<9>;
	// demoted variable
	.shared .align 4 .b8 _ZZ11reduce_smemPKfPfiE5sdata[1024];

	ld.param.u64 	%rd1, [_Z11reduce_smemPKfPfi_param_0];
	ld.param.u64 	%rd2, [_Z11reduce_smemPKfPfi_param_1];
	ld.param.u32 	%r9, [_Z11reduce_smemPKfPfi_param_2];
	mov.u32 	%r1, %ntid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r2, %r1, %r3;
	setp.ge.u32 	%p1, %r4, %r9;
	mov.f32 	%f8, 0f00000000;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.u32 	%rd4, %r4, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.f32 	%f8, [%rd5];

$L__BB0_2:
	shl.b32 	%r10, %r3, 2;
	mov.u32 	%r11, _ZZ11reduce_smemPKfPfiE5sdata;
	add.s32 	%r5, %r11, %r10;
	st.shared.f32 	[%r5], %f8;
	bar.sync 	0;
	shr.u32 	%r14, %r1, 1;
	setp.eq.s32 	%p2, %r14, 0;
	@%p2 bra 	$L__BB0_6;

$L__BB0_3:
	setp.ge.u32 	%p3, %r3, %r14;
	@%p3 bra 	$L__BB0_5;

	shl.b32 	%r12, %r14, 2;
	add.s32 	%r13, %r5, %r12;
	ld.shared.f32 	%f4, [%r5];
	ld.shared.f32 	%f5, [%r13];
	add.f32 	%f6, %f5, %f4;
	st.shared.f32 	[%r5], %f6;

$L__BB0_5:
	bar.sync 	0;
	shr.u32 	%r14, %r14, 1;
	setp.ne.s32 	%p4, %r14, 0;
	@%p4 bra 	$L__BB0_3;

$L__BB0_6:
	setp.ne.s32 	%p5, %r3, 0;
	@%p5 bra 	$L__BB0_8;

	ld.shared.f32 	%f7, [_ZZ11reduce_smemPKfPfiE5sdata];
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r2, 4;
	add.s64 	%rd8, %rd6, %rd7;
	st.global.f32 	[%rd8], %f7;

$L__BB0_8:
	ret;

}
.visible .entry _Z10loop_paramPKfPfii(
	.param .u64 _Z10loop_paramPKfPfii_param_0,
	.param .u64 _Z10loop_paramPKfPfii_param_1,
	.param .u32 _Z10loop_paramPKfPfii_param_2,
	.param .u32 _Z10loop_paramPKfPfii_param_3
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<18>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<10>;


	ld.param.u64 	%rd2, [_Z10loop_paramPKfPfii_param_0];
	ld.param.u64 	%rd3, [_Z10loop_paramPKfPfii_param_1];
	ld.param.u32 	%r8, [_Z10loop_paramPKfPfii_param_2];
	ld.param.u32 	%r9, [_Z10loop_paramPKfPfii_param_3];
	mov.u32 	%r10, %ntid.x;
	mov.u32 	%r11, %ctaid.x;
	mov.u32 	%r12, %tid.x;
	mad.lo.s32 	%r1, %r11, %r10, %r12;
	setp.ge.s32 	%p1, %r1, %r9;
	@%p1 bra 	$L__BB1_8;

	cvta.to.global.u64 	%rd4, %rd2;
	cvt.s64.s32 	%rd1, %r1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f17, [%rd6];
	setp.lt.s32 	%p2, %r8, 1;
	@%p2 bra 	$L__BB1_7;

	add.s32 	%r13, %r8, -1;
	and.b32  	%r15, %r8, 3;
	setp.lt.u32 	%p3, %r13, 3;
	@%p3 bra 	$L__BB1_5;

	sub.s32 	%r14, %r8, %r15;

$L__BB1_4:
	fma.rn.f32 	%f10, %f17, 0f3F7FBE77, 0f3A83126F;
	fma.rn.f32 	%f11, %f10, 0f3F7FBE77, 0f3A83126F;
	fma.rn.f32 	%f12, %f11, 0f3F7FBE77, 0f3A83126F;
	fma.rn.f32 	%f17, %f12, 0f3F7FBE77, 0f3A83126F;
	add.s32 	%r14, %r14, -4;
	setp.ne.s32 	%p4, %r14, 0;
	@%p4 bra 	$L__BB1_4;

$L__BB1_5:
	setp.eq.s32 	%p5, %r15, 0;
	@%p5 bra 	$L__BB1_7;

$L__BB1_6:
	.pragma "nounroll";
	fma.rn.f32 	%f17, %f17, 0f3F7FBE77, 0f3A83126F;
	add.s32 	%r15, %r15, -1;
	setp.ne.s32 	%p6, %r15, 0;
	@%p6 bra 	$L__BB1_6;

$L__BB1_7:
	cvta.to.global.u64 	%rd7, %rd3;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.f32 	[%rd9], %f17;

$L__BB1_8:
	ret;

}
.visible .entry _Z6fpbranchPKfPfi(
	.param .u64 _Z6fpbranchPKfPfi_param_0,
	.param .u64 _Z6fpbranchPKfPfi_param_1,
	.param .u32 _Z6fpbranchPKfPfi_param_2
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<3>;
	.reg .b64 	%rd<3>;

	ld.param.u64 	%rd1, [_Z6fpbranchPKfPfi_param_0];
	ld.global.f32 	%f1, [%rd1];
	setp.gt.f32 	%p1, %f1, 0f00000000;
	@%p1 bra 	$L__BB3_2;
	add.f32 	%f1, %f1, %f1;
	add.f32 	%f1, %f1, %f1;
$L__BB3_2:
	ret;
}
"""

# Hand counts (see README.md, "Self-test"):
#  vadd, n = 2^20: 10 (4 ld.param, 3 mov, mad, setp, bra) + 11 (body) + 1 (ret) = 22
#  vadd, n = 0:    10 + ret = 11 (the guard's bra is taken)
#  reduce_smem, block 256: 10 + 4 + 8 (BB0_2) + 8 iterations x 12 (s = 128..1; setp, bra,
#     6 body, bar, shr, setp, bra) + 2 (BB0_6) + 5 (thread 0 stores) + 1 (ret) = 126
#  loop_param, iters 100: 10 + 7 + 4 + 1 (sub) + 25 x 7 (unrolled by 4) + 2 (BB1_5, taken)
#     + 4 + 1 = 204
#  loop_param, iters 103: as above but the remainder loop runs 3 x 4 = 12: 216
#  fpbranch: not countable (branch on a float compare); paths: 5 and 7 instructions.
SELFTEST_CASES = [
    ("_Z4vaddPKfS0_Pfi", (4096, 1, 1), (256, 1, 1), [None, None, None, 1 << 20], 22,
     {"ld.param": 4, "int": 3, "int.mul": 1, "cmp": 1, "branch": 2, "addr": 7, "ld.global": 2,
      "fp32": 1, "st.global": 1}),
    ("_Z4vaddPKfS0_Pfi", (4096, 1, 1), (256, 1, 1), [None, None, None, 0], 11, None),
    ("_Z11reduce_smemPKfPfi", (4096, 1, 1), (256, 1, 1), [None, None, 1 << 20], 126,
     {"barrier": 9, "ld.shared": 17, "st.shared": 9}),
    ("_Z10loop_paramPKfPfii", (4096, 1, 1), (256, 1, 1), [None, None, 100, 1 << 20], 204,
     {"fp32": 100}),
    ("_Z10loop_paramPKfPfii", (4096, 1, 1), (256, 1, 1), [None, None, 103, 1 << 20], 216,
     {"fp32": 103}),
    ("_Z6fpbranchPKfPfi", (1, 1, 1), (32, 1, 1), [None, None, 1], None, None),
]


def selftest(verbose=True):
    m = Module(SELFTEST_PTX)
    fails = 0

    def check(what, got, want):
        nonlocal fails
        ok = got == want
        if not ok:
            fails += 1
        if verbose or not ok:
            print("%-4s %-58s got %s, want %s" % ("ok" if ok else "FAIL", what, got, want))

    for name, grid, block, args, want, classes in SELFTEST_CASES:
        r = count_kernel(m, name, Launch(grid, block, args))
        label = "%s(%s)" % (name, ",".join("p" if a is None else str(a) for a in args))
        check(label + " count", r["count"], want)
        for c, n in (classes or {}).items():
            check(label + " " + c, r["by_class"].get(c, 0), n)
        if want is None:
            check(label + " reason names the line", "line" in (r["reason"] or ""), True)
            check(label + " path range", r["range"][:2], [5, 7])
    # Unit checks of integer semantics.
    mod = Module("""
.visible .entry k(.param .u32 k_param_0)
{
	.reg .pred %p<9>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<4>;
	ld.param.u32 %r1, [k_param_0];
	div.s32 %r2, %r1, -3;
	rem.s32 %r3, %r1, -3;
	shr.s32 %r4, -8, 1;
	shr.u32 %r5, -8, 1;
	mul.hi.u32 %r6, %r1, -1;
	mul.wide.s32 %rd1, %r1, -2;
	cvt.u32.u64 %r7, %rd1;
	bfe.u32 %r8, 0xF0F0, 4, 8;
	prmt.b32 %r9, 0x44332211, 0x88776655, 0x3210;
	lop3.b32 %r10, 0xF0, 0xCC, 0xAA, 0x80;
	shf.l.wrap.b32 %r11, 0x80000000, 1, 1;
	setp.lt.u32 %p1, %r1, -1;
	setp.lt.s32 %p2, %r1, -1;
	selp.b32 %r12, 1, 2, %p2;
	ret;
}
""")
    it = Interpreter(mod, Launch((1,), (1,), [-7]))
    st = it.initial_state(mod.functions["k"])
    it.run_until_branch(st)
    regs = st.frames[-1].regs
    want = {"%r2": 2, "%r3": mask(-1, 32), "%r4": mask(-4, 32), "%r5": 0x7FFFFFFC,
            "%r6": mask(-7, 32) - 1, "%rd1": 14, "%r7": 14, "%r8": 0x0F, "%r9": 0x44332211,
            "%r10": 0x80, "%r11": 3, "%p1": 1, "%p2": 1, "%r12": 1}
    for reg, w in want.items():
        check("integer semantics %s" % reg, regs.get(reg), w)
    # shfl for lane 0: down is in range, up is not (own value, p = 0).
    mod = Module("""
.visible .entry s(.param .u32 s_param_0)
{
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	ld.param.u32 %r1, [s_param_0];
	shfl.sync.up.b32 %r2|%p1, %r1, 4, 0, -1;
	shfl.sync.down.b32 %r3|%p2, %r1, 4, 31, -1;
	ret;
}
""")
    it = Interpreter(mod, Launch((1,), (32,), [5]))
    st = it.initial_state(mod.functions["s"])
    it.run_until_branch(st)
    regs = st.frames[-1].regs
    check("shfl.up lane 0 keeps its value", (regs["%r2"], regs["%p1"]), (5, 0))
    check("shfl.down lane 0 predicate", regs["%p2"], 1)
    print("selftest: %s" % ("all passed" if not fails else "%d FAILED" % fails))
    return fails == 0


# --------------------------------------------------------------------------
# CLI

def parse_dim(s):
    v = [int(x) for x in s.split(",")]
    return v + [1] * (3 - len(v))


def parse_args_list(s):
    out = []
    for x in (s.split(",") if s else []):
        x = x.strip()
        if x in ("ptr", "null", "p", "None"):
            out.append(None)
        elif re.fullmatch(r"-?\d+", x) or re.fullmatch(r"-?0[xX][0-9a-fA-F]+", x):
            out.append(int(x, 0))
        else:
            out.append(float(x))
    return out


def format_result_line(r):
    if r["count"] is not None:
        txt = "%10d" % r["count"]
    else:
        txt = "%10s" % "-"
    regs = "%4s" % (r.get("registers") if r.get("registers") is not None else "?")
    line = "%-12s %-22s %s  regs %s" % (r.get("file", ""), r.get("kernel", ""), txt, regs)
    if r["count"] is None:
        line += "  NOT COUNTABLE: " + (r["reason"] or "?")
        if r.get("range"):
            lo, hi, n, complete = r["range"]
            line += " [paths: %s..%s over %d%s]" % (lo, hi if hi is not None else "?", n,
                                                    "" if complete else ", incomplete")
    return line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", help=".cu or .ptx file")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--cases", nargs="?", const=DEFAULT_CASES, help="count every case of a cases.json")
    ap.add_argument("--only", nargs="*", help="with --cases: these kernels only")
    ap.add_argument("--kernel")
    ap.add_argument("--grid", default="1", type=parse_dim)
    ap.add_argument("--block", default="1", type=parse_dim)
    ap.add_argument("--args", default="", help="comma-separated: integers, floats, 'ptr'")
    ap.add_argument("--list", action="store_true", help="list the kernels of the file")
    ap.add_argument("--trace", action="store_true", help="print every executed instruction")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--step-cap", type=int, default=DEFAULT_STEP_CAP)
    ap.add_argument("--max-paths", type=int, default=DEFAULT_MAX_PATHS)
    a = ap.parse_args(argv)

    if a.selftest:
        return 0 if selftest() else 1
    if a.cases:
        res = count_cases(load_cases(a.cases), a.only, a.step_cap, a.max_paths,
                          progress=lambda s: print(s, file=sys.stderr))
        if a.json:
            print(json.dumps(res, indent=1, sort_keys=True))
        else:
            for r in res:
                print(format_result_line(r))
                for n in r["notes"]:
                    print("    note: " + n)
        return 2 if any((r["reason"] or "").startswith("error:") for r in res) else 0
    if not a.file:
        ap.error("give a FILE, --cases or --selftest")
    cf = CompiledFile(a.file, with_ptxas=True)
    if a.list or not a.kernel:
        for fn in cf.module.entries():
            print("%-28s %-40s regs %-4s params: %s" % (
                cf.names[fn.name], fn.name, cf.ptxas.get(fn.name, {}).get("registers", "?"),
                ", ".join(t for _, t in fn.params)))
        return 0
    mg = cf.find(a.kernel)
    tr = (lambda s: print(s, file=sys.stderr)) if a.trace else None
    r = count_kernel(cf.module, mg, Launch(a.grid, a.block, parse_args_list(a.args)), a.step_cap,
                     a.max_paths, tr)
    r.update(file=os.path.basename(a.file), kernel=a.kernel, mangled=mg,
             registers=cf.ptxas.get(mg, {}).get("registers"))
    if a.json:
        print(json.dumps(r, indent=1, sort_keys=True))
    else:
        print(format_result_line(r))
        if r["by_class"]:
            print("    " + ", ".join("%s %d" % kv for kv in r["by_class"].items()))
        for n in r["notes"]:
            print("    note: " + n)
    return 0 if r["count"] is not None else 2


if __name__ == "__main__":
    sys.exit(main())
