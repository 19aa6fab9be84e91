#!/usr/bin/env python3
"""Times every kernel of bench/accuracy/corpus.json in every launch configuration
and problem size on the GPU, writing bench/accuracy/results/<gpu>.csv.

  sweep.py --gpu h100 [--reps 20] [--warmup 3] [--only KERNEL]... [--out CSV]
  sweep.py --compile-only [--arch sm_90]     (no GPU: compiles harness and corpus)
  sweep.py --list                            (prints the plan, no GPU)

Each (file, defines) is compiled once to a cubin with nvcc; bench/accuracy/harness
(CUDA driver API) launches each configuration WARMUP + REPS times between CUDA
events and reports the median.  Inputs are random and non-zero (harness.cu).
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import csvio  # noqa: E402

_EXPR_OK = re.compile(r"^[A-Za-z0-9_.+\-*/%(), ]+$")


def cdiv(a, b):
    return -(-int(a) // int(b))


def evaluate(expr, env):
    """Integer expression over the size variables, bx/by/bz, the defines and cdiv."""
    if isinstance(expr, (int, float)):
        return expr
    expr = str(expr)
    if not _EXPR_OK.match(expr):
        raise ValueError("bad expression %r" % expr)
    py = re.sub(r"(?<!/)/(?!/)", "//", expr)
    return eval(py, {"__builtins__": {}, "cdiv": cdiv}, dict(env))  # corpus.json is ours


def load_corpus(path=None):
    with open(path or os.path.join(HERE, "corpus.json")) as f:
        return json.load(f)["kernels"]


def expand(corpus, only=None):
    """One dict per (kernel, size, config): everything a run and a prediction need."""
    runs = []
    for k in corpus:
        if only and k["kernel"] not in only:
            continue
        for size in k["sizes"]:
            for cfg in k["configs"]:
                defines = dict(cfg.get("defines", {}))
                env = dict(size)
                env.update(defines)
                block = [int(evaluate(b, env)) for b in cfg["block"]]
                env.update(bx=block[0], by=block[1], bz=block[2])
                grid = [int(evaluate(g, env)) for g in cfg["grid"]]
                smem = int(evaluate(cfg.get("smem", 0), env))
                specs, scalars = [], []
                for name, spec in k["params"]:
                    parts = spec.split(":")
                    if parts[0] == "buf":
                        count = int(evaluate(parts[2], env))
                        tail = [str(int(evaluate(p, env))) for p in parts[4:]]
                        specs.append(":".join(["buf", parts[1], str(count), parts[3]] + tail))
                    else:
                        v = evaluate(parts[1], env)
                        v = int(v) if parts[0] in ("i32", "u32", "i64") else float(v)
                        specs.append("%s:%s" % (parts[0], v))
                        scalars.append((name, v))
                runs.append({
                    "kernel": k["kernel"], "file": k["file"], "grid": tuple(grid),
                    "block": tuple(block), "smem": smem, "args": scalars,
                    "defines": sorted(defines.items()), "specs": specs})
    return runs


def module_key(run):
    d = ";".join("%s=%s" % kv for kv in run["defines"])
    return run["file"], d


def compile_modules(runs, nvcc, arch, work, jobs=8):
    keys = sorted({module_key(r) for r in runs})
    os.makedirs(work, exist_ok=True)
    paths = {}

    def one(key):
        f, d = key
        h = hashlib.sha1(("%s|%s|%s" % (f, d, arch)).encode()).hexdigest()[:12]
        out = os.path.join(work, "%s-%s.cubin" % (os.path.splitext(os.path.basename(f))[0], h))
        cmd = [nvcc, "-cubin", "-O3", "-std=c++17", "-arch=" + arch, "-o", out, os.path.join(ROOT, f)]
        cmd += ["-D" + kv for kv in d.split(";") if kv]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        if p.returncode != 0:
            raise RuntimeError("nvcc failed: %s\n%s" % (" ".join(cmd), p.stdout))
        return key, out

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for key, out in ex.map(one, keys):
            paths[key] = out
    return paths


def build_harness(nvcc, work, arch=None):
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "harness")
    src = os.path.join(HERE, "harness.cu")
    if os.path.exists(exe) and os.path.getmtime(exe) > os.path.getmtime(src):
        return exe
    cuda = os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))
    cmd = [nvcc, "-O2", "-std=c++17", "-o", exe, src, "-L" + os.path.join(cuda, "lib64", "stubs"), "-lcuda"]
    if arch:
        cmd.insert(1, "-arch=" + arch)
    subprocess.run(cmd, check=True)
    return exe


def find_nvcc(given):
    if given:
        return given
    for c in (os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "nvcc"), shutil.which("nvcc")):
        if c and os.path.exists(c):
            return c
    sys.exit("sweep.py: nvcc not found (pass --nvcc)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gpu", help="name of the results file: results/<gpu>.csv")
    ap.add_argument("--out", help="CSV path (default results/<gpu>.csv)")
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--only", action="append", help="only this kernel (repeatable)")
    ap.add_argument("--nvcc")
    ap.add_argument("--arch", help="sm_XY (default: the GPU's)")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "accuracy"))
    ap.add_argument("--corpus")
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args(argv)

    runs = expand(load_corpus(a.corpus), a.only)
    if a.list:
        for r in runs:
            print(r["kernel"], csvio.fmt_dim(r["grid"]), csvio.fmt_dim(r["block"]), r["smem"],
                  csvio.fmt_pairs(r["args"]), csvio.fmt_pairs(r["defines"]))
        print("%d runs, %d kernels" % (len(runs), len({r["kernel"] for r in runs})), file=sys.stderr)
        return 0
    nvcc = find_nvcc(a.nvcc)
    if a.compile_only:
        arch = a.arch or "sm_90"
        t = time.time()
        build_harness(nvcc, a.work)
        mods = compile_modules(runs, nvcc, arch, a.work)
        # every kernel is found in its module (by its mangled-name prefix)
        missing = []
        for r in runs:
            data = open(mods[module_key(r)], "rb").read()
            name = r["kernel"].encode()
            if b"_Z%d%s" % (len(name), name) not in data and name not in data:
                missing.append(r["kernel"])
        if missing:
            print("kernels not found in their cubins: %s" % sorted(set(missing)), file=sys.stderr)
            return 1
        print("compiled harness and %d modules for %s (%d runs, %d kernels) in %.0f s"
              % (len(mods), arch, len(runs), len({r['kernel'] for r in runs}), time.time() - t))
        return 0
    if not a.gpu:
        ap.error("--gpu NAME is required to run the sweep")
    harness = build_harness(nvcc, a.work)
    info = subprocess.run([harness, "--info"], stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout
    cc = re.search(r"cc (\d+)\.(\d+)", info)
    arch = a.arch or "sm_%s%s" % (cc.group(1), cc.group(2))
    print("sweep: %s, %s, %d runs x (%d warm-up + %d timed)" % (info.split("name ", 1)[-1].strip(), arch,
          len(runs), a.warmup, a.reps), file=sys.stderr)
    mods = compile_modules(runs, nvcc, arch, a.work)
    plan = os.path.join(a.work, "plan.txt")
    with open(plan, "w") as f:
        for i, r in enumerate(runs):
            f.write("run %d %s %s %s %s %d %d %d %s\n" % (
                i, mods[module_key(r)], r["kernel"], " ".join(map(str, r["grid"])),
                " ".join(map(str, r["block"])), r["smem"], a.warmup, a.reps, " ".join(r["specs"])))
    times, errors = {}, {}
    start = 0
    while start < len(runs):  # a kernel fault ends the harness: go on after it
        sub = plan + ".part"
        with open(plan) as f, open(sub, "w") as g:
            g.writelines(line for line in f if int(line.split()[1]) >= start)
        p = subprocess.run([harness, sub], stdout=subprocess.PIPE, universal_newlines=True)
        last = start - 1
        for line in p.stdout.splitlines():
            parts = line.split(None, 2)
            if len(parts) >= 2 and parts[0].isdigit():
                i = int(parts[0])
                last = max(last, i)
                if parts[1] == "ERROR":
                    errors[i] = parts[2] if len(parts) > 2 else "error"
                else:
                    times[i] = float(parts[1])
        if p.returncode == 3:
            start = last + 1
        else:
            break
    rows = []
    for i, r in enumerate(runs):
        if i in times:
            rows.append(dict(r, measured_us=times[i]))
        else:
            print("sweep: %s %s %s: %s" % (r["kernel"], r["grid"], r["block"], errors.get(i, "not run")),
                  file=sys.stderr)
    out = a.out or os.path.join(HERE, "results", "%s.csv" % a.gpu)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    csvio.write_rows(out, rows)
    print("sweep: wrote %d of %d rows to %s" % (len(rows), len(runs), out), file=sys.stderr)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
