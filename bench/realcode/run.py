#!/usr/bin/env python3
"""kperf over a directory of real CUDA files: does it crash, change clang's
exit code, what does it find, why is it silent, and what does it cost?

For every .cu file under DIR (with --hip: every HIP file; include dirs: the file's own directory, its
sample's directory and inc/ when the file is in a src/, DIR/Common when there
is one, plus any -I given):

  1. clang alone, then clang with the plugin (-fplugin-arg-kperf-verbose,
     report=json: and predict=), both with the issue's command
        clang++ -x cuda --cuda-gpu-arch=sm_90 -fsyntax-only -I... FILE
     crash = the plugin's run dies on a signal or prints a crash report;
     exit-code change = any other difference of exit code from clang alone.
  2. findings per check (from the JSON report), kernels and launches found
     (predict JSON), launches with a predicted time, with a time as a
     function of its unknowns (its "scaling"), with a recommended launch
     shape, and the commonest reasons kperf gives for no time or no
     recommendation (names and numbers taken out, so alike reasons group).
  3. overhead: for files that clang alone compiles, --runs alternating runs
     without and with the plugin, timed by CPU time (user + system of clang
     and its children, so a busy machine does not look like overhead) (timing jobs run one at a time unless
     --timing-jobs); the best of each; overhead = best with / best without - 1.

Usage:
  run.py DIR [--plugin build/lib/kperf.so] [--clang clang++] [--cuda-path P]
         [--gpu h100] [--runs 3] [--jobs 2] [--timing-jobs 1] [--no-timing]
         [--json out.json] [--only SUBSTRING] [-I DIR]...

Exit status: 0 when no file crashed and no exit code changed, 1 otherwise,
2 on an error of the benchmark itself.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import cputime  # noqa: E402  (bench/cputime.py)
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
CRASH_RE = re.compile(r"PLEASE submit a bug report|Stack dump:|frontend command failed due to signal|"
                      r"ERROR: (Address|Leak|UndefinedBehavior)Sanitizer|: runtime error: ")


def is_hip_source(path):
    """A .hip file, or a C++ file that includes HIP's runtime header."""
    if path.endswith(".hip"):
        return True
    if not path.endswith((".cpp", ".cc", ".cxx")):
        return False
    try:
        with open(path, errors="replace") as f:
            return "hip/hip_runtime.h" in f.read()
    except OSError:
        return False


def find_files(root, only, hip=False):
    out = []
    for d, dirs, names in os.walk(root):
        dirs.sort()
        for n in sorted(names):
            p = os.path.join(d, n)
            if (is_hip_source(p) if hip else n.endswith(".cu")) and (not only or only in p):
                out.append(p)
    return out


def command(a, path):
    own = os.path.dirname(path)
    inc = ["-I" + own]
    if os.path.basename(own) in ("src", "source"):   # a sample laid out as src/ and inc/
        sample = os.path.dirname(own)
        inc += ["-I" + sample] + ["-I" + os.path.join(sample, d) for d in ("inc", "include")
                                  if os.path.isdir(os.path.join(sample, d))]
    common = os.path.join(a.dir, "Common")
    if os.path.isdir(common):
        inc.append("-I" + common)
    inc += ["-I" + i for i in a.include]
    inc += [x for h in a.force_include for x in ("-include", h)]
    if a.hip:  # HIP's headers under /usr (Debian's libamdhip64-dev), the host pass
        return [a.clang, "-x", "hip", "--offload-arch=gfx90a", "--rocm-path=/usr", "-nogpulib",
                "-D__AMDGCN_WAVEFRONT_SIZE=64", "--cuda-host-only", "-fsyntax-only",
                "-fno-crash-diagnostics"] + inc + [path]
    return [a.clang, "-x", "cuda", "--cuda-path=" + a.cuda_path, "--cuda-gpu-arch=sm_90",
            "-Wno-unknown-cuda-version", "-isystem", os.path.join(a.cuda_path, "include", "cccl"),
            "-fsyntax-only", "-fno-crash-diagnostics"] + (["--cuda-host-only"] if a.host_only else []) + inc + [path]


def plugin_flags(a):
    return (["-fplugin=" + a.plugin, "-fplugin-arg-kperf-gpu=" + a.gpu]
            + ["-fplugin-arg-kperf-" + kv for kv in a.plugin_arg])


def run(cmd, timeout):
    """(exit code or None on a timeout, stderr, seconds): CPU seconds of clang
    and its children (cputime.run), the wall time when it times out."""
    rc, err, t, _ = cputime.run(cmd, timeout)
    return rc, (err if rc is not None else "timeout"), t


def plugin_unusable(a):
    """Why the plugin analyses nothing for files compiled like these, or None."""
    return cputime.plugin_unusable(
        lambda p: command(a, p) + plugin_flags(a) + ["-fplugin-arg-kperf-verbose"],
        prelude="#include <hip/hip_runtime.h>\n" if a.hip else "")


def reason(why):
    """A reason with names, numbers and quoted code taken out."""
    w = re.sub(r"'[^']*'", "'X'", why or "")
    w = re.sub(r"\([^()]*\)", "(...)", w)
    w = re.sub(r"\b\d+(\.\d+)?\b", "N", w)
    return w.strip()


def check_file(a, path):
    base = command(a, path)
    rc0, err0, t0 = run(base, a.timeout)
    with tempfile.TemporaryDirectory(prefix="kperf-realcode-") as d:
        rep = os.path.join(d, "findings.json")
        pred = os.path.join(d, "predict.json")
        cmd = base + plugin_flags(a) + ["-fplugin-arg-kperf-verbose", "-fplugin-arg-kperf-report=json:" + rep,
                                        "-fplugin-arg-kperf-predict=" + pred]
        rc1, err1, t1 = run(cmd, max(a.timeout, 10 * t0))
        findings, predict = None, None
        try:
            with open(rep) as f:
                findings = json.load(f)
        except (OSError, ValueError):
            pass
        try:
            with open(pred) as f:
                predict = json.load(f)
        except (OSError, ValueError):
            pass
    crashed = rc1 is None or (rc1 is not None and (rc1 < 0 or rc1 >= 128)) or bool(CRASH_RE.search(err1))
    return {
        "file": os.path.relpath(path, a.dir), "rc_alone": rc0, "rc_kperf": rc1, "crash": crashed,
        "hang": rc1 is None, "exit_changed": (rc0 != rc1) and not crashed,
        "findings": findings, "predict": predict,
        "kernels_verbose": sum(1 for l in err1.splitlines() if "remark: kernel '" in l),
        "launches_verbose": sum(1 for l in err1.splitlines() if "remark: launch of '" in l),
    }


def time_file(a, path):
    base = command(a, path)
    with_p = base + plugin_flags(a)
    best0, best1 = float("inf"), float("inf")
    for _ in range(a.runs):
        rc, _, t = run(base, a.timeout)
        best0 = min(best0, t)
        rc, _, t = run(with_p, a.timeout)
        best1 = min(best1, t)
    return {"file": os.path.relpath(path, a.dir), "alone_s": round(best0, 3), "kperf_s": round(best1, 3),
            "overhead": best1 / best0 - 1.0}


def warning_list(r):
    """The file's warnings as "line:col check" (to compare two sweeps)."""
    out = []
    for x in (r.get("findings") or {}).get("findings", []):
        if x.get("severity") == "warning":
            out.append("%s:%s %s" % (x.get("line"), x.get("column"), x.get("check")))
    return sorted(out)


def launch_list(r):
    """Each launch of a file's predict JSON: its place, kernel, what kperf said
    ("time", "statement" or "silent") and why not more."""
    out = []
    for l in (r.get("predict") or {}).get("launches", []):
        st = "time" if l.get("ok") else "statement" if l.get("scaling") else "silent"
        x = {"loc": l.get("loc"), "kernel": l.get("kernel"), "said": st}
        if l.get("analysable"):
            x["analysable"] = True
        if l.get("block_macros"):
            x["block_macros"] = l["block_macros"]
        if st != "time":
            x["why"] = l.get("why")
        elif not (l.get("best") or {}).get("recommended"):
            x["why_no_recommendation"] = (l.get("reshape") or {}).get("why")
        out.append(x)
    return out


def summarise(results, timings):
    s = {"files": len(results)}
    s["clang_alone_failures"] = sum(1 for r in results if r["rc_alone"] != 0)
    s["crashes"] = [r["file"] for r in results if r["crash"]]
    s["exit_code_changes"] = [{"file": r["file"], "alone": r["rc_alone"], "kperf": r["rc_kperf"]}
                              for r in results if r["exit_changed"]]
    per_check = collections.Counter()
    per_sev = collections.Counter()
    files_with = collections.Counter()
    kernels = launches = predicted = recommended = stated = 0
    analysable = analysable_said = 0
    silent_analysable = collections.Counter()
    sites = {}  # (file, place) of an analysable launch -> whether every instance there was said
    silent = collections.Counter()
    no_reco = collections.Counter()
    for r in results:
        f = r["findings"] or {}
        seen = set()
        for x in f.get("findings", []):
            per_check[x.get("check")] += 1
            per_sev[x.get("severity")] += 1
            seen.add(x.get("check"))
        for c in seen:
            files_with[c] += 1
        p = r["predict"] or {}
        kernels += len(p.get("kernels", []))
        for l in p.get("launches", []):
            launches += 1
            if l.get("analysable"):
                analysable += 1
                said = bool(l.get("ok") or l.get("scaling"))
                if said:
                    analysable_said += 1
                else:
                    silent_analysable[reason(l.get("why"))] += 1
                key = (r["file"], l.get("loc"))
                sites[key] = sites.get(key, True) and said
            if l.get("ok"):
                predicted += 1
                best = l.get("best") or {}
                if best.get("recommended"):
                    recommended += 1
                else:
                    rs = l.get("reshape") or {}
                    no_reco[reason(rs.get("why") or ("reshape considered, current shape is best"
                                                     if rs.get("ok") else "no reason given"))] += 1
            elif l.get("scaling"):
                stated += 1
            else:
                silent[reason(l.get("why"))] += 1
    s["findings_per_check"] = dict(per_check.most_common())
    s["files_with_findings_per_check"] = dict(files_with.most_common())
    s["findings_per_severity"] = dict(per_sev.most_common())
    s["kernels"] = kernels
    s["launches"] = launches
    s["launches_predicted"] = predicted
    s["launches_recommended"] = recommended
    s["launches_stated"] = stated
    s["launches_analysable"] = analysable
    s["launches_analysable_with_time"] = analysable_said
    s["no_time_analysable_reasons"] = silent_analysable.most_common()
    # A template's instances launched from one place are one launch site.
    s["launch_sites_analysable"] = len(sites)
    s["launch_sites_analysable_with_time"] = sum(1 for v in sites.values() if v)
    s["no_prediction_reasons"] = silent.most_common(8)
    s["no_recommendation_reasons"] = no_reco.most_common(8)
    if timings:
        ov = sorted(t["overhead"] for t in timings)
        worst = max(timings, key=lambda t: t["overhead"])
        s["timed_files"] = len(timings)
        s["overhead_median"] = round(statistics.median(ov), 4)
        s["overhead_max"] = round(ov[-1], 4)
        s["overhead_max_file"] = worst["file"]
        s["overhead_over_2pct"] = sum(1 for x in ov if x > 0.02)
        s["overhead_over_10pct"] = [t["file"] for t in timings if t["overhead"] > 0.10]
        s["time_alone_total_s"] = round(sum(t["alone_s"] for t in timings), 1)
        s["time_kperf_total_s"] = round(sum(t["kperf_s"] for t in timings), 1)
    return s


def pct(x):
    return "%+.1f %%" % (100 * x)


def print_summary(s):
    print("files                 %d" % s["files"])
    print("clang alone fails     %d" % s["clang_alone_failures"])
    print("crashes               %d %s" % (len(s["crashes"]), " ".join(s["crashes"])))
    print("exit-code changes     %d %s" % (len(s["exit_code_changes"]),
                                          " ".join("%s (%s -> %s)" % (e["file"], e["alone"], e["kperf"])
                                                   for e in s["exit_code_changes"])))
    print("findings per check    %s" % ", ".join("%s %d" % kv for kv in s["findings_per_check"].items()))
    print("files with a finding  %s" % ", ".join("%s %d" % kv for kv in s["files_with_findings_per_check"].items()))
    print("kernels               %d" % s["kernels"])
    print("launches              %d found, %d with a predicted time, %d with a time as a function "
          "of its unknowns, %d with a recommendation" %
          (s["launches"], s["launches_predicted"], s.get("launches_stated", 0),
           s["launches_recommended"]))
    if s.get("launches_analysable"):
        print("analysable kernels    %d launches, %d with a time or a statement (%.1f %%)" %
              (s["launches_analysable"], s["launches_analysable_with_time"],
               100.0 * s["launches_analysable_with_time"] / s["launches_analysable"]))
        if s.get("launch_sites_analysable"):
            print("  launch sites          %d (a template's instances at one place count once), %d "
                  "with a time or a statement at every instance (%.1f %%)" %
                  (s["launch_sites_analysable"], s["launch_sites_analysable_with_time"],
                   100.0 * s["launch_sites_analysable_with_time"] / s["launch_sites_analysable"]))
        print("  no time there, why (all):")
        for w, n in s["no_time_analysable_reasons"]:
            print("    %4d  %s" % (n, w))
    print("no time, why:")
    for w, n in s["no_prediction_reasons"]:
        print("  %4d  %s" % (n, w))
    print("predicted, no recommendation, why:")
    for w, n in s["no_recommendation_reasons"]:
        print("  %4d  %s" % (n, w))
    if "tune_files" in s:
        print("compile-time block    %d files with launches whose block size is written as macros; "
              "kperf tune: %d such launches, %d with a value recommended (>= 10 %% faster)" %
              (s["tune_files"], s["tune_launches"], s["tune_recommended"]))
        for w, n in s["tune_why_not"]:
            print("    %4d  %s" % (n, w))
    if "timed_files" in s:
        print("overhead              median %s, max %s (%s) over %d files; %d over 2 %%, %d over 10 %%" %
              (pct(s["overhead_median"]), pct(s["overhead_max"]), s["overhead_max_file"], s["timed_files"],
               s["overhead_over_2pct"], len(s["overhead_over_10pct"])))


def tune_files(a, results):
    """kperf tune over each file whose analysable launches write their block
    size as macros, once per set of macros: per such launch, whether a value
    is recommended.  Returns the summary and, per file, what tune said."""
    def key(loc):
        parts = (loc or "").rsplit(":", 2)
        return "%s:%s:%s" % (os.path.basename(parts[0]), parts[1], parts[2]) if len(parts) == 3 else None

    todo = collections.OrderedDict()   # (file, macros) -> keys of its launches
    for r in results:
        for l in (r.get("predict") or {}).get("launches", []):
            if l.get("analysable") and l.get("block_macros"):
                todo.setdefault((r["file"], l["block_macros"]), set()).add(key(l.get("loc")))
    per_file = collections.defaultdict(list)
    launches = recommended = 0
    why = collections.Counter()
    env = dict(os.environ, KPERF_PLUGIN=a.plugin)

    def one(item):
        (f, macros), keys = item
        path = os.path.join(a.dir, f)
        inc = [x for x in command(a, path) if x.startswith("-I")]
        inc += [x for h in a.force_include for x in ("-include", h)]
        cmd = [a.tune, "tune", path, "--gpu", a.gpu, "--json"]
        for m in macros.split(","):
            cmd += ["--tune", m]
        cmd += (["--", "-include", a.compat] if a.compat else ["--"]) + inc
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=a.timeout * 8)
        return f, macros, keys, p

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for f, macros, keys, p in ex.map(one, todo.items()):
            out = {"macros": macros, "exit": p.returncode}
            try:
                d = json.loads(p.stdout) if p.returncode == 0 else None
            except ValueError:
                d = None
            if d is None:
                out["error"] = (p.stderr.strip().splitlines() or ["no output"])[0][:200]
                why[reason(out["error"])] += len(keys)
                launches += len(keys)
            else:
                out["launches"] = []
                for l in d.get("launches", []):
                    if l.get("loc") not in keys:
                        continue
                    launches += 1
                    rec = bool(l.get("recommended"))
                    recommended += rec
                    runs = l.get("runs", [])
                    b = l.get("best", -1)
                    x = {"loc": l.get("loc"), "kernel": l.get("kernel"), "recommended": rec}
                    if runs and runs[0].get("predicted_us") and 0 <= b < len(runs) and runs[b].get("predicted_us"):
                        x["values"] = runs[b]["values"]
                        x["speedup"] = round(runs[0]["predicted_us"] / runs[b]["predicted_us"], 3)
                    if not runs or runs[0].get("predicted_us") is None:
                        why["no time at the file's values"] += 1
                    elif not any(r.get("comparable") for r in runs[1:]):
                        why["no other value launches the same work with a time"] += 1
                    elif not rec:
                        why["no value predicted >= 10 % faster"] += 1
                    out["launches"].append(x)
                out["not_compiled"] = d.get("not_compiled", [])
            per_file[f].append(out)
    return {"tune_files": len({f for f, _ in todo}), "tune_launches": launches,
            "tune_recommended": recommended, "tune_why_not": why.most_common()}, per_file


def retime(a, timings, over):
    """Times again, one file at a time and --retime runs each, the files whose
    overhead is above `over` (noise on a busy machine); keeps the best times."""
    for t in timings:
        if t["overhead"] <= over:
            continue
        runs, a.runs = a.runs, a.retime
        u = time_file(a, os.path.join(a.dir, t["file"]))
        a.runs = runs
        t["alone_s"] = min(t["alone_s"], u["alone_s"])
        t["kperf_s"] = min(t["kperf_s"], u["kperf_s"])
        t["overhead"] = t["kperf_s"] / t["alone_s"] - 1.0
        t["retimed"] = True
        print("realcode: %s re-timed: %+.1f %%" % (t["file"], 100 * t["overhead"]), file=sys.stderr)


def load_partial(path):
    results, timings = [], []
    with open(path) as f:
        for line in f:
            try:
                x = json.loads(line)
            except ValueError:
                continue   # a line cut short when the sweep was stopped
            results.append(x["result"])
            if x.get("timing"):
                timings.append(x["timing"])
    return results, timings


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--plugin", default=os.path.join(REPO, "build", "lib", "kperf.so"))
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--gpu", default="h100")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timing-jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--only", default=None)
    ap.add_argument("--hip", action="store_true",
                    help="HIP files (.hip, and .cpp that include hip/hip_runtime.h) compiled "
                         "-x hip over HIP's headers, instead of .cu files")
    ap.add_argument("-I", dest="include", action="append", default=[])
    ap.add_argument("--host-only", action="store_true",
                    help="compile the host pass alone (--cuda-host-only), with and without the plugin: "
                         "kperf reports from the host pass, so its findings are those of the full "
                         "compile at about half the time (a large corpus such as HeCBench)")
    ap.add_argument("--force-include", action="append", default=[], metavar="HEADER",
                    help="a header force-included (-include) in every compile, with and without the "
                         "plugin: a shim kept outside the repository for code older than the CUDA toolkit "
                         "(e.g. cudaThreadSynchronize)")
    ap.add_argument("--plugin-arg", action="append", default=[], metavar="K=V",
                    help="pass -fplugin-arg-kperf-K=V too (e.g. pass=device)")
    ap.add_argument("--json", default=None, help="write the summary and per-file results here")
    ap.add_argument("--partial", default=None, help="append each file's result here as it is done (JSON lines)")
    ap.add_argument("--resume", default=None, help="take the files done from this --partial file, run the rest")
    ap.add_argument("--summarize", default=None, help="only summarise this --partial file")
    ap.add_argument("--retime", type=int, default=0, metavar="RUNS",
                    help="time again with RUNS runs, one file at a time, the files above --retime-over")
    ap.add_argument("--retime-over", type=float, default=0.02)
    ap.add_argument("--tune", default=None, metavar="KPERF",
                    help="run KPERF tune (the kperf executable) on the files whose launches write the "
                         "block size as macros, and count the recommendations")
    ap.add_argument("--compat", default=None, metavar="HEADER",
                    help="with --tune: a header to force-include (kperf-nvcc-compat.h for nvcc-only code)")
    ap.add_argument("--interleave", action="store_true",
                    help="time each file right after checking it (with --jobs), not all at the end")
    a = ap.parse_args()
    a.dir = os.path.abspath(a.dir)
    if a.summarize:
        results, timings = load_partial(a.summarize)
        if a.retime:
            retime(a, timings, a.retime_over)
        s = summarise(results, timings)
        print_summary(s)
        return 1 if s["crashes"] or s["exit_code_changes"] else 0
    if not os.path.exists(a.plugin):
        print("realcode: no plugin at %s" % a.plugin, file=sys.stderr)
        return 2
    why = plugin_unusable(a)
    if why:
        print("realcode: the plugin does not analyse anything, so the sweep would not test it: %s"
              % why, file=sys.stderr)
        return 2
    files = find_files(a.dir, a.only, a.hip)
    if not files:
        print("realcode: no %s file under %s" % ("HIP" if a.hip else ".cu", a.dir), file=sys.stderr)
        return 2
    if a.resume:
        results, timings = load_partial(a.resume)
        done = {r["file"] for r in results}
        files = [f for f in files if os.path.relpath(f, a.dir) not in done]
    else:
        results, timings = [], []
    out = open(a.partial, "a") if a.partial else None

    def one(p):
        r = check_file(a, p)
        t = None
        if a.interleave and not a.no_timing and r["rc_alone"] == 0 and not r["crash"]:
            t = time_file(a, p)
        return r, t

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for r, t in ex.map(one, files):
            results.append(r)
            if t:
                timings.append(t)
            if out:   # a line per file as it is done: a long sweep can be summarised part way (--resume)
                out.write(json.dumps({"result": r, "timing": t}) + "\n")
                out.flush()
            if r["crash"] or r["exit_changed"]:
                print("%s: %s (exit %s alone, %s with kperf)" % (r["file"], "CRASH" if r["crash"] else "exit code changed",
                                                                r["rc_alone"], r["rc_kperf"]), file=sys.stderr)
    if not a.no_timing and not a.interleave:
        ok = [os.path.join(a.dir, r["file"]) for r in results if r["rc_alone"] == 0 and not r["crash"]]
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.timing_jobs) as ex:
            timings = list(ex.map(lambda p: time_file(a, p), ok))
    if a.retime:
        retime(a, timings, a.retime_over)
    s = summarise(results, timings)
    tuned = {}
    if a.tune:
        ts, tuned = tune_files(a, results)
        s.update(ts)
    print_summary(s)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": s, "timings": timings,
                       "files": [dict({k: v for k, v in r.items() if k not in ("findings", "predict")},
                                      launches=launch_list(r), warnings=warning_list(r),
                                      **({"tune": tuned[r["file"]]} if r["file"] in tuned else {}))
                                 for r in results]},
                      f, indent=1)
    return 1 if s["crashes"] or s["exit_code_changes"] else 0


if __name__ == "__main__":
    sys.exit(main())
