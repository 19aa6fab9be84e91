#!/usr/bin/env python3
"""kperf's per-thread instruction counts and register estimates against the compiler.

For every case of cases.json (one launch of one kernel) this gets
  * the dynamic PTX instruction count of thread (0,0,0) of block (0,0,0), by
    interpreting the kernel's `nvcc -O3 -ptx -arch=sm_90` output (ptxcount.py),
    and the registers ptxas allocates (`ptxas -arch=sm_90 -v`);
  * kperf's count and register estimate, from
    `KPERF analyze FILE.cu --json -- <clang args>` (once per file);
and prints one row per kernel with the absolute % errors, then the median and
90th percentile of those errors and the number of kernels kperf could not count.

Usage:
  run.py [--kperf PATH] [--json | --markdown] [--classes] [--only KERNEL ...]
  run.py --update-readme      rewrite "## Current results" in README.md
  run.py --check-cases        cases.json against the launches in kernels/*.cu

Exit status: 0 when every file was analysed by kperf, 1 when kperf is missing
or failed on some file (the PTX columns are printed all the same), 2 on an
error of the benchmark itself (nvcc, ptxas, cases.json).
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import ptxcount  # noqa: E402

REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
DEFAULT_KPERF = os.path.join(REPO, "build", "bin", "kperf")
README = os.path.join(HERE, "README.md")
RESULTS_HEADING = "## Current results"


def cuda_root():
    for r in (os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if r and os.path.isdir(r):
            return r
    nvcc = ptxcount.cuda_bin("nvcc")
    return os.path.dirname(os.path.dirname(nvcc))


def default_clang_args():
    cuda = cuda_root()
    return ["--cuda-path=%s" % cuda, "--cuda-gpu-arch=sm_90",
            "-Wno-unknown-cuda-version", "-isystem", os.path.join(cuda, "include", "cccl")]


# --------------------------------------------------------------------------
# kperf side

def run_kperf(kperf, path, clang_args, extra, timeout):
    """{'kernels': {normalized name: entry}, 'error': None | str, 'cmd': str}."""
    cmd = [kperf, "analyze", path, "--json"] + extra + ["--"] + clang_args
    res = {"kernels": {}, "error": None, "cmd": " ".join(cmd)}
    if not (os.path.isfile(kperf) and os.access(kperf, os.X_OK)):
        res["error"] = "kperf not found at %s" % kperf
        return res
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        res["error"] = "kperf analyze timed out after %ds" % timeout
        return res
    except OSError as e:
        res["error"] = "kperf could not run: %s" % e
        return res
    if p.returncode != 0:
        msg = (p.stderr.strip() or p.stdout.strip() or "no output").splitlines()
        res["error"] = "kperf analyze exited %d: %s" % (p.returncode, msg[0] if msg else "")
        return res
    out = p.stdout
    try:
        data = json.loads(out[out.index("{"):]) if "{" in out else None
    except ValueError as e:
        data = None
        res["error"] = "kperf analyze printed invalid JSON: %s" % e
        return res
    if not isinstance(data, dict) or not isinstance(data.get("kernels"), list):
        res["error"] = "kperf analyze JSON has no 'kernels' array"
        return res
    for k in data["kernels"]:
        if isinstance(k, dict) and isinstance(k.get("name"), str):
            res["kernels"].setdefault(ptxcount.normalize_name(k["name"]), k)
    return res


def kperf_entry(kres, kernel):
    """kperf's entry for a kernel: by qualified name, else by unique base name."""
    ks = kres["kernels"]
    n = ptxcount.normalize_name(kernel)
    if n in ks:
        return ks[n]
    base = re.sub(r"<.*$", "", n)
    hits = [v for k, v in ks.items() if re.sub(r"<.*$", "", k.split("::")[-1]) == base]
    return hits[0] if len(hits) == 1 else None


def num(x):
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def kperf_fields(entry):
    """(count, by_class, registers).  A register estimate of 0 or less means none (a kernel
    always uses registers); instructions null or analysed false: count None."""
    if entry is None:
        return None, {}, None
    ins = entry.get("instructions") if isinstance(entry.get("instructions"), dict) else {}
    by = {}
    for c, v in (ins.get("by_class") or {}).items():
        if isinstance(v, dict):
            by[c] = {"per_thread": num(v.get("per_thread")), "formula": v.get("formula")}
    regs = num(entry.get("registers_estimate"))
    if regs is not None and regs <= 0:
        regs = None
    return num(ins.get("per_thread")), by, regs


def binding_mismatches(entry, case):
    """Where kperf evaluated at a different launch than the case's: ['blockDim.x 128 != 256']."""
    if not entry or not isinstance(entry.get("bindings"), dict):
        return []
    b = entry["bindings"]
    want = {}
    for k, axis in enumerate("xyz"):
        want["blockDim." + axis] = case["block"][k]
        want["gridDim." + axis] = case["grid"][k]
        want["threadIdx." + axis] = 0
        want["blockIdx." + axis] = 0
    for name, v in case["args"].items():
        if isinstance(v, int) and not isinstance(v, bool):
            want[name] = v
    out = []
    for k, v in want.items():
        got = b.get(k)
        if num(got) is not None and got != v:
            out.append("%s %s != %s" % (k, got, v))
    return out


# --------------------------------------------------------------------------
# Statistics

def pct_err(pred, ref):
    if pred is None or ref is None:
        return None
    if ref == 0:
        return 0.0 if pred == 0 else None
    return abs(pred - ref) * 100.0 / ref


def percentile(values, q):
    """Linear interpolation between closest ranks (numpy's default); None when empty."""
    v = sorted(values)
    if not v:
        return None
    pos = (len(v) - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def summarize(rows, kperf_failed):
    ierr = [r["icount_err_pct"] for r in rows if r["icount_err_pct"] is not None]
    rerr = [r["regs_err_pct"] for r in rows if r["regs_err_pct"] is not None]
    return {
        "kernels": len(rows),
        "ptx_countable": sum(1 for r in rows if r["ptx"] is not None),
        "compared_icount": len(ierr),
        "compared_regs": len(rerr),
        "icount_err_pct_median": percentile(ierr, 50),
        "icount_err_pct_p90": percentile(ierr, 90),
        "regs_err_pct_median": percentile(rerr, 50),
        "regs_err_pct_p90": percentile(rerr, 90),
        "kperf_null": sum(1 for r in rows if r["kperf_status"] == "ok" and r["kperf"] is None),
        "kperf_missing_kernel": sum(1 for r in rows if r["kperf_status"] == "missing"),
        "kperf_failed": kperf_failed,
        "kperf_binding_mismatch": sum(1 for r in rows if r["kperf_binding_mismatch"]),
    }


# --------------------------------------------------------------------------
# Driver

def collect(args):
    cases = ptxcount.load_cases(args.cases)
    if args.only:
        cases = [c for c in cases if c["kernel"] in args.only]
        if not cases:
            raise SystemExit("no case matches --only")
    paths = []
    for c in cases:
        if c["path"] not in paths:
            paths.append(c["path"])
    clang_args = args.clang_args.split() if args.clang_args is not None else default_clang_args()
    kperf = os.path.abspath(args.kperf)

    def ptx_side(path):
        return ptxcount.count_cases([c for c in cases if c["path"] == path],
                                    step_cap=args.step_cap)

    def kperf_side(path):
        return run_kperf(kperf, path, clang_args, args.kperf_arg or [], args.timeout)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        ptx_f = {p: ex.submit(ptx_side, p) for p in paths}
        kp_f = {p: ex.submit(kperf_side, p) for p in paths}
        ptx_res = {p: f.result() for p, f in ptx_f.items()}
        kp_res = {p: f.result() for p, f in kp_f.items()}

    rows = []
    per_path_index = {p: 0 for p in paths}
    for c in cases:
        pr = ptx_res[c["path"]][per_path_index[c["path"]]]
        per_path_index[c["path"]] += 1
        kr = kp_res[c["path"]]
        if kr["error"]:
            status, entry = "failed", None
        else:
            entry = kperf_entry(kr, c["kernel"])
            status = "ok" if entry is not None else "missing"
        kcount, kby, kregs = kperf_fields(entry)
        row = {
            "file": c["file"], "kernel": c["kernel"], "grid": c["grid"], "block": c["block"],
            "args": c["args"],
            "ptx": pr["count"], "ptx_reason": pr["reason"], "ptx_range": pr["range"],
            "ptx_by_class": pr["by_class"], "ptx_notes": pr["notes"],
            "ptxas_registers": pr["registers"],
            "kperf_status": status, "kperf": kcount, "kperf_by_class": kby,
            "kperf_registers": kregs,
            "kperf_binding_mismatch": binding_mismatches(entry, c),
        }
        row["icount_err_pct"] = pct_err(kcount, pr["count"])
        row["regs_err_pct"] = pct_err(kregs, pr["registers"])
        row["regs_diff"] = (kregs - pr["registers"]) if (kregs is not None and
                                                          pr["registers"] is not None) else None
        rows.append(row)
    failures = {os.path.basename(p): kp_res[p]["error"] for p in paths if kp_res[p]["error"]}
    return rows, failures, kperf, clang_args


def fmt_num(x, width, prec=None):
    if x is None:
        return "-".rjust(width)
    if prec is not None:
        return ("%.*f" % (prec, x)).rjust(width)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x).rjust(width)


def kperf_cell(r):
    if r["kperf_status"] == "failed":
        return "fail"
    if r["kperf_status"] == "missing":
        return "absent"
    if r["kperf"] is None:
        return "null"
    return r["kperf"]


def print_text(rows, summary, failures, show_classes):
    hdr = "%-13s %-22s %9s %9s %8s %5s %5s %6s" % ("file", "kernel", "ptx", "kperf", "err%",
                                                 "regs", "kregs", "rdiff")
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        kc = kperf_cell(r)
        print("%-13s %-22s %9s %9s %8s %5s %5s %6s" % (
            r["file"], r["kernel"], fmt_num(r["ptx"], 9), fmt_num(kc, 9) if not isinstance(kc, str)
            else kc.rjust(9), fmt_num(r["icount_err_pct"], 8, 1), fmt_num(r["ptxas_registers"], 5),
            fmt_num(r["kperf_registers"], 5),
            ("%+d" % r["regs_diff"]).rjust(6) if r["regs_diff"] is not None else "-".rjust(6)))
        if r["ptx"] is None:
            rng = r["ptx_range"]
            extra = ""
            if rng and rng[0] is not None:
                extra = " (explored paths: %s..%s)" % (rng[0], rng[1] if rng[1] is not None else "?")
            print("    ptx not countable: %s%s" % (r["ptx_reason"], extra))
        if r["kperf_binding_mismatch"]:
            print("    kperf evaluated at another launch: %s" % ", ".join(r["kperf_binding_mismatch"]))
        if show_classes:
            classes = [c for c in ptxcount.CLASSES if c in r["ptx_by_class"] or
                       (r["kperf_by_class"].get(c) or {}).get("per_thread")]
            for c in classes:
                kv = (r["kperf_by_class"].get(c) or {})
                print("    %-10s ptx %7s  kperf %7s  %s" % (c, fmt_num(r["ptx_by_class"].get(c), 7),
                                                         fmt_num(kv.get("per_thread"), 7),
                                                         kv.get("formula") or ""))
    s = summary
    print()
    print("kernels: %d; PTX countable: %d; compared: %d (instructions), %d (registers)" % (
        s["kernels"], s["ptx_countable"], s["compared_icount"], s["compared_regs"]))
    print("instructions: median abs error %s%%, p90 %s%%" % (
        fmt_num(s["icount_err_pct_median"], 0, 1), fmt_num(s["icount_err_pct_p90"], 0, 1)))
    print("registers:    median abs error %s%%, p90 %s%%" % (
        fmt_num(s["regs_err_pct_median"], 0, 1), fmt_num(s["regs_err_pct_p90"], 0, 1)))
    print("kperf could not count (null): %d; kernels kperf did not report: %d" % (
        s["kperf_null"], s["kperf_missing_kernel"]))
    if s["kperf_binding_mismatch"]:
        print("kperf evaluated %d kernels at another launch than cases.json's" %
              s["kperf_binding_mismatch"])
    for f, e in failures.items():
        print("kperf FAILED on %s: %s" % (f, e))


def nvcc_version():
    try:
        r = subprocess.run([ptxcount.cuda_bin("nvcc"), "--version"], capture_output=True, text=True)
        m = re.search(r"release [\d.]+, (V[\d.]+)", r.stdout)
        return m.group(1) if m else "unknown"
    except (OSError, RuntimeError):
        return "unknown"


def markdown(rows, summary, failures, kperf):
    out = []
    shown = os.path.relpath(kperf, REPO) if kperf.startswith(REPO + os.sep) else kperf
    out.append("nvcc %s, `%s`, thread (0,0,0) of block (0,0,0); kperf: `%s analyze`." % (
        nvcc_version(), " ".join(ptxcount.NVCC_FLAGS), shown))
    out.append("")
    out.append("| file | kernel | PTX count | kperf | abs err % | ptxas regs | kperf regs | reg diff |")
    out.append("|---|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        kc = kperf_cell(r)
        ptx = str(r["ptx"]) if r["ptx"] is not None else "n/c"
        out.append("| %s | `%s` | %s | %s | %s | %s | %s | %s |" % (
            r["file"], r["kernel"], ptx, kc,
            "%.1f" % r["icount_err_pct"] if r["icount_err_pct"] is not None else "-",
            r["ptxas_registers"] if r["ptxas_registers"] is not None else "-",
            r["kperf_registers"] if r["kperf_registers"] is not None else "-",
            "%+d" % r["regs_diff"] if r["regs_diff"] is not None else "-"))
    s = summary

    def p(x):
        return "%.1f %%" % x if x is not None else "-"

    out.append("")
    out.append("| summary | instructions | registers |")
    out.append("|---|---:|---:|")
    out.append("| kernels compared | %d | %d |" % (s["compared_icount"], s["compared_regs"]))
    out.append("| median abs error | %s | %s |" % (p(s["icount_err_pct_median"]),
                                                  p(s["regs_err_pct_median"])))
    out.append("| 90th percentile abs error | %s | %s |" % (p(s["icount_err_pct_p90"]),
                                                           p(s["regs_err_pct_p90"])))
    out.append("")
    out.append("%d kernels; %d countable from the PTX (n/c: not countable, see below); kperf could "
               "not count (null) %d; kperf did not report %d." % (
                   s["kernels"], s["ptx_countable"], s["kperf_null"], s["kperf_missing_kernel"]))
    nc = [r for r in rows if r["ptx"] is None]
    if nc:
        out.append("")
        out.append("Not countable from the PTX (a branch on an opaque value):")
        out.append("")
        for r in nc:
            rng = r["ptx_range"]
            span = ""
            if rng and rng[0] is not None:
                span = "; explored paths run %s to %s instructions" % (
                    rng[0], rng[1] if rng[1] is not None else "?")
            reason = r["ptx_reason"] or "?"
            out.append("- `%s`: %s%s" % (r["kernel"], reason, span))
    if failures:
        out.append("")
        for f, e in failures.items():
            out.append("kperf failed on `%s`: %s" % (f, e))
    return "\n".join(out)


def update_readme(md):
    with open(README) as f:
        text = f.read()
    i = text.find(RESULTS_HEADING)
    if i < 0:
        raise SystemExit("README.md has no '%s' section" % RESULTS_HEADING)
    j = text.find("\n## ", i + len(RESULTS_HEADING))
    tail = text[j:] if j >= 0 else "\n"
    new = (text[:i] + RESULTS_HEADING + "\n\nGenerated by `python3 bench/icount/run.py "
           "--update-readme`.\n\n" + md + "\n" + tail)
    with open(README, "w") as f:
        f.write(new)


def check_cases(path):
    """cases.json against the host code's launches.  Returns the number of mismatches."""
    import hostlaunch
    cases = ptxcount.load_cases(path)
    bad = 0
    launches = {}
    for c in cases:
        if c["path"] not in launches:
            launches[c["path"]] = {l["kernel"]: l for l in hostlaunch.launches(c["path"])}
        ls = launches[c["path"]]
        l = ls.get(c["kernel"])
        if l is None:
            print("%s: %s: no launch in the host code" % (c["file"], c["kernel"]))
            bad += 1
            continue
        want = {"grid": c["grid"], "block": c["block"], "args": list(c["args"].values())}
        got = {"grid": l["grid"], "block": l["block"], "args": l["args"]}
        if want != got:
            print("%s: %s: cases.json %s, host code %s" % (c["file"], c["kernel"], want, got))
            bad += 1
        names = [n for n, _ in (l["params"] or [])]
        if names and names != list(c["args"]):
            print("%s: %s: parameters %s, cases.json %s" % (c["file"], c["kernel"], names,
                                                             list(c["args"])))
            bad += 1
    listed = {(c["path"], c["kernel"]) for c in cases}
    for p, ls in launches.items():
        for k in ls:
            if (p, k) not in listed:
                print("%s: launch of %s missing from cases.json" % (os.path.basename(p), k))
                bad += 1
    print("check-cases: %d cases, %s" % (len(cases), "all match" if not bad else
                                          "%d mismatches" % bad))
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kperf", default=DEFAULT_KPERF, help="kperf binary (default: %(default)s)")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("--markdown", action="store_true", help="the results table in markdown")
    ap.add_argument("--update-readme", action="store_true",
                    help="rewrite the '## Current results' section of README.md")
    ap.add_argument("--classes", action="store_true", help="per-class counts under each row")
    ap.add_argument("--check-cases", action="store_true",
                    help="check cases.json against the host launches and exit")
    ap.add_argument("--cases", default=ptxcount.DEFAULT_CASES)
    ap.add_argument("--only", nargs="+", metavar="KERNEL")
    ap.add_argument("--clang-args", help="clang arguments after '--' (one string; default: CUDA "
                                         "for sm_90 with the toolkit's include/cccl)")
    ap.add_argument("--kperf-arg", action="append", help="extra argument to kperf analyze "
                                                         "(before '--'); repeatable")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per kperf analyze")
    ap.add_argument("--step-cap", type=int, default=ptxcount.DEFAULT_STEP_CAP)
    ap.add_argument("-j", "--jobs", type=int, default=min(8, os.cpu_count() or 1))
    a = ap.parse_args(argv)

    if a.check_cases:
        return 1 if check_cases(a.cases) else 0
    try:
        rows, failures, kperf, clang_args = collect(a)
    except (RuntimeError, OSError, ValueError, KeyError, ptxcount.PTXError) as e:
        print("icount: %s" % e, file=sys.stderr)
        return 2
    bench_errors = [r for r in rows if (r["ptx_reason"] or "").startswith("error:")]
    summary = summarize(rows, sorted(failures))
    if a.json:
        print(json.dumps({"kperf": kperf, "clang_args": clang_args, "nvcc_flags": ptxcount.NVCC_FLAGS,
                          "summary": summary, "kperf_failures": failures, "rows": rows},
                         indent=1, sort_keys=True))
    elif a.markdown or a.update_readme:
        md = markdown(rows, summary, failures, kperf)
        if a.update_readme:
            update_readme(md)
            print("updated %s" % os.path.relpath(README))
        else:
            print(md)
    else:
        print_text(rows, summary, failures, a.classes)
    if failures:
        print("icount: kperf failed on %d of %d files (%s); PTX columns only" % (
            len(failures), len({r["file"] for r in rows}), kperf), file=sys.stderr)
    for r in bench_errors:
        print("icount: %s %s: %s" % (r["file"], r["kernel"], r["ptx_reason"]), file=sys.stderr)
    if bench_errors:
        return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
