"""Reads the launches of a kernel file's host code, to check cases.json.

Each kernels/*.cu ends with a host function that launches every kernel once with
literal or #define'd / constexpr sizes.  launches(path) returns, per launch, the
kernel (with template arguments), grid, block and the arguments in order, with
None for pointers (arguments that are parameters of the host function) and the
evaluated number for scalars.  Standard library only; a small evaluator, not a
C++ parser: it handles the forms used in kernels/*.cu.
"""

import ast
import operator
import re

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.LShift: operator.lshift,
           ast.RShift: operator.rshift, ast.BitOr: operator.or_, ast.BitAnd: operator.and_,
           ast.BitXor: operator.xor}


def _strip_comments(s):
    s = re.sub(r"/\*.*?\*/", " ", s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def _split_top(s, opens="([{", closes=")]}"):
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in opens:
            depth += 1
        elif ch in closes:
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


class Evaluator:
    def __init__(self, names):
        self.names = dict(names)

    def eval(self, expr):
        e = expr.strip()
        e = re.sub(r"(\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?[fF]\b",
                   lambda m: m.group(0)[:-1], e)           # 2.0f -> 2.0
        e = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", e)   # 13u -> 13
        e = re.sub(r"\(\s*(?:int|unsigned|float|double|size_t|long)\s*\)", "", e)
        e = e.replace("/", "//") if not re.search(r"\d\.\d|\.\d", e) else e
        tree = ast.parse(e, mode="eval")
        return self._ev(tree.body)

    def _ev(self, n):
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)):
            return n.value
        if isinstance(n, ast.Name):
            if n.id in self.names:
                return self.names[n.id]
            raise ValueError("unknown name " + n.id)
        if isinstance(n, ast.BinOp) and type(n.op) in _BINOPS:
            return _BINOPS[type(n.op)](self._ev(n.left), self._ev(n.right))
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div):
            return self._ev(n.left) / self._ev(n.right)
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
            return -self._ev(n.operand)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "dim3":
            v = [self._ev(a) for a in n.args]
            return tuple(v + [1] * (3 - len(v)))
        raise ValueError("cannot evaluate " + ast.dump(n))


def launches(path):
    src = _strip_comments(open(path).read())
    names = {}
    for m in re.finditer(r"^\s*#\s*define\s+(\w+)\s+([^\n]+)$", src, flags=re.M):
        names[m.group(1)] = m.group(2).strip()
    for m in re.finditer(r"\bconstexpr\s+(?:int|unsigned|size_t|long)\s+(\w+)\s*=\s*([^;]+);", src):
        names[m.group(1)] = m.group(2).strip()
    ev = Evaluator({})
    for k, v in names.items():       # in order, so later ones may use earlier ones
        try:
            ev.names[k] = ev.eval(v)
        except (ValueError, SyntaxError):
            pass
    # Kernel signatures: parameter names and pointer-ness.
    sigs = {}
    for m in re.finditer(r"__global__\s+void\s+(\w+)\s*\(([^)]*)\)", src):
        params = []
        for p in _split_top(m.group(2), "(<[{", ")>]}"):
            pm = re.search(r"(\w+)\s*$", p)
            params.append((pm.group(1), "*" in p))
        sigs[m.group(1)] = params
    # Host function(s): every non-kernel function whose body launches kernels.
    out = []
    for hm in re.finditer(r"\bvoid\s+(\w+)\s*\(([^)]*)\)\s*\{", src):
        if re.search(r"__global__\s+$", src[max(0, hm.start() - 40):hm.start()]):
            continue
        ptrs = set(re.search(r"(\w+)\s*$", p).group(1) for p in _split_top(hm.group(2)) if p)
        depth, j = 1, hm.end()
        while depth and j < len(src):
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            j += 1
        body = src[hm.end():j - 1]
        for lm in re.finditer(r"([\w:]+(?:\s*<[^;]*?>)?)\s*<<<(.*?)>>>\s*\((.*?)\)\s*;", body, re.S):
            kname = re.sub(r"\s+", "", lm.group(1))
            kname = re.sub(r",", ", ", kname)
            cfg = _split_top(lm.group(2))
            grid, block = ev.eval(cfg[0]), ev.eval(cfg[1])
            grid = grid if isinstance(grid, tuple) else (grid, 1, 1)
            block = block if isinstance(block, tuple) else (block, 1, 1)
            args = []
            for a in _split_top(lm.group(3)):
                if re.fullmatch(r"\w+", a) and a in ptrs:
                    args.append(None)
                else:
                    args.append(ev.eval(a))
            base = re.sub(r"<.*$", "", kname)
            params = sigs.get(base)
            out.append({"kernel": kname, "grid": list(grid), "block": list(block),
                        "args": args, "params": params})
    return out
