#!/usr/bin/env python3
"""kperf check over a tree of CUDA samples built by nvcc: which files does
clang alone compile, in which does `kperf analyze` find kernels, and which
does `kperf check` analyse (findings or a clean result)?

    check_sweep.py SRC --out DIR [--kperf build/bin/kperf] [--arch sm_90]
                   [--jobs 2] [--json out.json] [--only SUBSTRING]

SRC is a source tree laid out as NVIDIA's cuda-samples (Samples/<group>/
<sample>/CMakeLists.txt, Common/).  For every .cu file the script writes
DIR/compile_commands.json with the nvcc command its sample's CMake would run:

    nvcc -I<includes of the sample's CMakeLists> -I<the file's dir> -ISRC/Common
         -std=c++17 -Wno-deprecated-gpu-targets -lineinfo --extended-lambda
         -arch=sm_90 [-rdc=true] -x cu -c FILE -o FILE.o

(-rdc=true when the CMakeLists sets CUDA_SEPARABLE_COMPILATION ON).  Then

  1. clang alone: clang++ -x cuda --cuda-gpu-arch=ARCH -fsyntax-only
     --cuda-host-only with the same includes and -std (no -fgpu-rdc, no kperf
     header: what a user who runs clang on the sources meets), the first error
     of each failure kept to group them;
  2. kperf analyze FILE --json -- <includes>: the kernels it reads;
  3. kperf check -p DIR --sarif: per file, analysed (findings or clean, and
     whether clang reported host errors) or not analysed.

Nothing is written in SRC; no file of SRC is kept in DIR but the database.
Exit status: 0, or 2 on an error of the script itself.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from run import find_files as cu_files  # noqa: E402  (bench/realcode/run.py)


def sample_dir(src, path):
    """The nearest directory above path (within src) holding a CMakeLists.txt
    that names the file's sample; None when there is none."""
    d = os.path.dirname(path)
    while d.startswith(src) and d != src:
        if os.path.exists(os.path.join(d, "CMakeLists.txt")):
            return d
        d = os.path.dirname(d)
    return None


def cmake_facts(sdir):
    """(include dirs, separable compilation) of a sample's CMakeLists.txt."""
    if not sdir:
        return [], False
    text = open(os.path.join(sdir, "CMakeLists.txt"), errors="replace").read()
    lines = [l.split("#", 1)[0] for l in text.splitlines()]
    code = "\n".join(lines)
    rdc = re.search(r"CUDA_SEPARABLE_COMPILATION\s+ON", code) is not None
    incs = []
    for m in re.finditer(r"include_directories\s*\(([^)]*)\)", code):
        for w in m.group(1).split():
            if w in ("PRIVATE", "PUBLIC", "INTERFACE", "SYSTEM", "BEFORE", "AFTER") or "$" in w:
                continue
            incs.append(os.path.normpath(os.path.join(sdir, w.strip('"'))))
    return incs, rdc


def includes_of(src, path):
    sdir = sample_dir(src, path)
    incs, rdc = cmake_facts(sdir)
    own = [os.path.dirname(path)]
    if sdir:
        own.append(sdir)
        if os.path.isdir(os.path.join(sdir, "inc")):
            own.append(os.path.join(sdir, "inc"))
    common = os.path.join(src, "Common")
    out = []
    for d in incs + own + ([common] if os.path.isdir(common) else []):
        if d not in out:
            out.append(d)
    return out, rdc


def write_db(src, files, out, arch, nvcc):
    entries = []
    for f in files:
        incs, rdc = includes_of(src, f)
        cmd = [nvcc] + ["-I" + d for d in incs] + [
            "-std=c++17", "-Wno-deprecated-gpu-targets", "-lineinfo", "--extended-lambda",
            "-arch=" + arch] + (["-rdc=true"] if rdc else []) + [
            "-x", "cu", "-c", f, "-o", os.path.join(out, "obj", os.path.relpath(f, src) + ".o")]
        entries.append({"directory": os.path.dirname(f), "file": f, "arguments": cmd})
    with open(os.path.join(out, "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=1)
    return entries


def first_error(text):
    for line in text.splitlines():
        if "error:" in line:
            m = re.search(r"error: (.*)", line)
            msg = m.group(1) if m else line
            msg = re.sub(r"'[^']*'", "'...'", msg)
            msg = re.sub(r"\d+", "N", msg)
            return msg[:120]
    return "no error line"


def clang_alone(args, f, incs):
    cmd = [args.clang, "-x", "cuda", "--cuda-gpu-arch=" + args.arch, "--cuda-path=" + args.cuda_path,
           "-Wno-unknown-cuda-version", "-isystem", args.cuda_path + "/include/cccl",
           "-fsyntax-only", "--cuda-host-only", "-std=c++17"] + ["-I" + d for d in incs] + [f]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(f))
    errors = len(re.findall(r": (?:fatal )?error: ", p.stderr))
    mm = len(re.findall(r"error: no matching function for call to '(u|ll|ull)?(min|max)'", p.stderr))
    return {"ok": p.returncode == 0, "first": first_error(p.stderr) if p.returncode else "",
            "errors": errors, "minmax_errors": mm}


def analyze(args, f, incs):
    cmd = [args.kperf, "analyze", f, "--json", "--"] + ["-I" + d for d in incs] + ["-std=c++17"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(f))
    try:
        rep = json.loads(p.stdout)
        return {"kernels": len(rep.get("kernels", [])), "host_errors": rep.get("host_errors", 0)}
    except ValueError:
        return {"kernels": 0, "host_errors": None, "failed": True}


def check(args, files):
    sarif = os.path.join(args.out, "check.sarif")
    cmd = [args.kperf, "check", "-p", args.out, "--sarif", sarif, "-j", str(args.jobs),
           "--root", args.src]
    p = subprocess.run(cmd, capture_output=True, text=True)
    with open(os.path.join(args.out, "check.stdout"), "w") as fh:
        fh.write(p.stdout)
    with open(os.path.join(args.out, "check.stderr"), "w") as fh:
        fh.write(p.stderr)
    per = {f: {"analysed": True, "findings": 0, "remarks": 0, "host_errors": False} for f in files}
    try:
        log = json.load(open(sarif))
    except (OSError, ValueError):
        for f in files:
            per[f]["analysed"] = False
        return per, p.returncode, p.stderr.strip().splitlines()[-1:] if p.stderr else []

    def path_of(uri):
        if uri.startswith("file://"):
            uri = uri[7:]
        return os.path.normpath(uri if uri.startswith("/") else os.path.join(args.src, uri))

    run = log["runs"][0]
    for inv in run.get("invocations", []):
        for n in inv.get("toolExecutionNotifications", []):
            if n.get("level") != "error":
                continue
            for loc in n.get("locations", []):
                f = path_of(loc["physicalLocation"]["artifactLocation"]["uri"])
                if f in per:
                    per[f]["analysed"] = False
    for r in run.get("results", []):
        key = "findings" if r.get("level") in ("warning", "error") else "remarks"
        for loc in r.get("locations", [])[:1]:
            f = path_of(loc["physicalLocation"]["artifactLocation"]["uri"])
            if f in per:
                per[f][key] += 1
    for line in p.stderr.splitlines():
        m = re.match(r"kperf: (.*): clang reported \d+ errors? \(code clang cannot compile\)", line)
        if m:
            f = os.path.normpath(os.path.join(os.getcwd(), m.group(1)))
            if f in per:
                per[f]["host_errors"] = True
    return per, p.returncode, p.stderr.strip().splitlines()[-1:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src")
    ap.add_argument("--out", required=True)
    ap.add_argument("--kperf", default=os.path.join(REPO, "build", "bin", "kperf"))
    ap.add_argument("--clang", default=os.environ.get("KPERF_CLANG", "/usr/lib/llvm-22/bin/clang++"))
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("--json")
    ap.add_argument("--check-only", action="store_true",
                    help="skip clang alone and kperf analyze (e.g. for an older kperf)")
    args = ap.parse_args()
    args.src = os.path.realpath(args.src)
    args.kperf = os.path.abspath(args.kperf)
    os.makedirs(args.out, exist_ok=True)
    args.out = os.path.realpath(args.out)
    files = [os.path.realpath(f) for f in cu_files(args.src, args.only)]
    if not files:
        print("check_sweep: no .cu files under %s" % args.src, file=sys.stderr)
        return 2
    write_db(args.src, files, args.out, args.arch, args.nvcc)
    incs = {f: includes_of(args.src, f)[0] for f in files}

    if args.check_only:
        alone = {f: {"ok": True, "first": "", "errors": 0, "minmax_errors": 0} for f in files}
        an = {f: {"kernels": 0} for f in files}
    else:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            alone = dict(zip(files, ex.map(lambda f: clang_alone(args, f, incs[f]), files)))
            an = dict(zip(files, ex.map(lambda f: analyze(args, f, incs[f]), files)))
    per, rc, tail = check(args, files)

    rows = []
    for f in files:
        rows.append({"file": os.path.relpath(f, args.src), "clang_ok": alone[f]["ok"],
                     "clang_first_error": alone[f]["first"],
                     "clang_only_minmax": (not alone[f]["ok"]) and
                     alone[f]["errors"] == alone[f]["minmax_errors"],
                     "kernels": an[f]["kernels"], "check": per[f]})
    n = len(rows)
    fails = [r for r in rows if not r["clang_ok"]]
    with_kernels = [r for r in rows if r["kernels"] > 0]
    analysed = [r for r in rows if r["check"]["analysed"]]
    kern_analysed = [r for r in with_kernels if r["check"]["analysed"]]
    print("files                               %d" % n)
    print("clang alone fails                   %d (%d only on nvcc's host min/max)" %
          (len(fails), sum(r["clang_only_minmax"] for r in fails)))
    print("kperf analyze finds kernels         %d" % len(with_kernels))
    print("kperf check analyses                %d (%d with warnings, %d with remarks only, %d with "
          "nothing to say; %d despite errors clang reported)" % (
              len(analysed), sum(r["check"]["findings"] > 0 for r in analysed),
              sum(r["check"]["findings"] == 0 and r["check"]["remarks"] > 0 for r in analysed),
              sum(r["check"]["findings"] == 0 and r["check"]["remarks"] == 0 for r in analysed),
              sum(r["check"]["host_errors"] for r in analysed)))
    print("  of the files with kernels         %d of %d" % (len(kern_analysed), len(with_kernels)))
    print("kperf check: exit status %d; %s" % (rc, " ".join(tail)))
    why = collections.Counter(r["clang_first_error"] for r in fails)
    print("clang alone, first error:")
    for msg, c in why.most_common():
        print("  %4d  %s" % (c, msg))
    missed = [r["file"] for r in with_kernels if not r["check"]["analysed"]]
    if missed:
        print("files with kernels kperf check did not analyse:")
        for m in missed:
            print("  " + m)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"files": rows, "check_exit": rc}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
