#!/usr/bin/env python3
"""kperf's predictions against public real-GPU measurements.

  KPERF_PUBLIC_SRC=DIR public.py [--measured DIR] [--kperf PATH] [--sample N | --all]
                                 [--jobs J] [--models kp,hongkim,...] [--out FILE.md]
                                 [--readme] [--predictions OUT.csv] [--ptxas]

Reads every CSV of the measured directory (default ../shared/measured/ beside the
repository; columns of csvio.py, file names KERNEL__GPU.csv) and the kernel sources
from KPERF_PUBLIC_SRC (the `file` column is a path under it: others' code, never
part of this repository).  Each CSV contributes a deterministic sample of its rows
(the configurations whose hash of defines, args and launch is smallest: the same
configurations on every GPU that measured them), or every row with --all.

kperf runs once per (source, defines, args): `kperf predict FILE --batch` predicts
every launch of that compile, on every GPU and with every model, so a
configuration measured on four GPUs costs one clang run.  Compiles run in
parallel (--jobs, default the number of CPUs), and their output is cached
(--cache) until kperf, its plugin, its GPU database or the source changes.
Registers are kperf's estimate (--ptxas off) unless --ptxas asks the device compilers
(nvcc's ptxas; clang's AMDGPU backend for AMD GPUs) for
them and their spills (kperf predict --ptxas nvcc), whose results are kept in
CACHE/ptxas apart from kperf's output, so they survive changes to kperf.

Prints, and writes to --out (default: stdout only), per (kernel, GPU, model): rows,
failures with the most common reason, MAPE, median APE, Spearman's rho, top-1
regret (measured time of the predicted-fastest configuration / fastest measured)
and the median of predicted / measured.  --readme replaces the table between the
markers of bench/accuracy/README.md, with the commit, the date and the command.
AMD rows are predicted for the AMD GPUs of the database.  Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import datetime
import hashlib
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import csvio  # noqa: E402
import score  # noqa: E402

MODELS = ["kp", "hongkim", "kolpakov", "qu", "bn"]

# The GPU of each CSV (its name after "__") -> spellings of it in kperf's GPU
# database, tried in order (AMD's RDNA GPUs W6600 and W7800 are in it since
# gpu-db/data/71-amd-rdna.sql).
GPU_NAMES = {
    "A100": ["a100-pcie-40gb", "a100-pcie", "a100"],
    "A4000": ["a4000", "rtx-a4000"],
    "A4000_old": ["a4000", "rtx-a4000"],
    "A6000": ["a6000", "rtx-a6000"],
    "A6000_original": ["a6000", "rtx-a6000"],
    "RTX_3090": ["rtx3090", "3090"],
    "RTX_2080_Ti": ["rtx2080ti", "2080ti", "rtx-2080-ti"],
    "RTX_Titan": ["titanrtx", "titan-rtx", "rtx-titan"],
    "RTX_3060_laptop": ["rtx3060-laptop", "3060-laptop", "rtx3060-mobile"],
    "H100": ["h100"],
    "MI250X": ["mi250x"],
    "MI50_old": ["mi50"],
    "W6600": ["w6600", "radeon-pro-w6600"],
    "W7800": ["w7800", "radeon-pro-w7800"],
}

MARK_BEGIN = "<!-- public-bench:begin -->"
MARK_END = "<!-- public-bench:end -->"


# ---------------------------------------------------------------- statistics

def stats(pairs):
    """pairs: (measured, predicted) of the rows with a prediction.  Returns MAPE
    and median APE (%), Spearman's rho, top-1 regret (measured time of the
    fastest-predicted row / fastest measured; ties: the first row) and the
    median of predicted / measured."""
    if not pairs:
        nan = float("nan")
        return {"mape": nan, "mdape": nan, "rho": nan, "regret": nan, "ratio": nan}
    apes = [score.ape(m, p) for m, p in pairs]
    best_pred = min(range(len(pairs)), key=lambda i: pairs[i][1])
    return {
        "mape": sum(apes) / len(apes),
        "mdape": score.median(apes),
        "rho": score.spearman([m for m, _ in pairs], [p for _, p in pairs]),
        "regret": pairs[best_pred][0] / min(m for m, _ in pairs),
        "ratio": score.median([p / m for m, p in pairs]),
    }


def common_reason(reasons):
    """The most common failure reason (ties: the alphabetically first)."""
    if not reasons:
        return ""
    c = collections.Counter(reasons)
    top = max(c.values())
    return min(r for r, n in c.items() if n == top)


# ---------------------------------------------------------------- sampling

def config_key(row):
    return "%s|%s|%s|%s|%d|%s" % (row["kernel"], csvio.fmt_pairs(row["defines"]),
                                  csvio.fmt_pairs(row["args"]), csvio.fmt_dim(row["grid"]),
                                  row["smem"], csvio.fmt_dim(row["block"]))


def sample(rows, n):
    """The n rows whose configuration hashes smallest (all when n is None)."""
    if n is None or n >= len(rows):
        return list(rows)
    keyed = sorted(rows, key=lambda r: (hashlib.sha1(config_key(r).encode()).hexdigest(),
                                        r["measured_us"]))
    return keyed[:n]


# ---------------------------------------------------------------- kperf

def resolve_gpu(kperf, label, cache={}):
    """The database name of a CSV's GPU: (name, None), (None, 'skipped') for a None entry,
    or (first spelling, None) when no spelling is in the database (the batch
    then reports a missing GPU)."""
    if label not in GPU_NAMES:
        spellings = [label.lower().replace("_", "-")]
    else:
        spellings = GPU_NAMES[label]
    if spellings is None:
        return None, "skipped"
    for s in spellings:
        if (kperf, s) not in cache:
            p = subprocess.run([kperf, "gpu", s], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            cache[(kperf, s)] = p.returncode == 0
        if cache[(kperf, s)]:
            return s, None
    return spellings[0], None


def batch_cmd(kperf, src, file, defines, args, batch_path, ptxas=None):
    """The `kperf predict --batch` command for one compile (adapt here if the CLI changes).
    ptxas: the directory of nvcc's cached ptxas results (--ptxas), else None (kperf's
    register estimate)."""
    cmd = [kperf, "predict", os.path.join(src, file), "--batch", batch_path]
    if ptxas:
        cmd += ["--ptxas", "nvcc", "--ptxas-cache", ptxas]
    else:
        cmd += ["--ptxas", "off"]
    for k, v in args:
        cmd += ["--arg", "%s=%s" % (k, v)]
    for k, v in defines:
        cmd.append("-D%s=%s" % (k, v) if v != "" else "-D%s" % k)
    return cmd


def tool_stamp(kperf):
    """What a cached result depends on besides the kernel: kperf, its plugin
    and GPU database (../lib beside the binary), by size and modification time."""
    parts = []
    kdir = os.path.dirname(os.path.abspath(kperf))
    for p in (kperf, os.path.join(kdir, "..", "lib", "kperf.so"),
              os.path.join(kdir, "..", "lib", "kperf-gpus.db"), os.environ.get("KPERF_DB", "")):
        try:
            st = os.stat(p)
            parts.append("%s:%d:%d" % (p, st.st_size, st.st_mtime_ns))
        except OSError:
            parts.append(p + ":-")
    return "|".join(parts)


def cap_field(row):
    """The batch line's optional last field: a row's cap on resident blocks per SM
    (column max_blocks_per_sm, for benchmarks that force one), else nothing."""
    cap = int(row.get("max_blocks_per_sm") or 0)
    return " %d" % cap if cap > 0 else ""


def run_group(kperf, src, key, items, tmpdir, cache=None, stamp="", ptxas=None,
              with_timings=False):
    """items: (gpu, row).  Returns a list of dicts {model: us or None} and the
    failure reason per item.  With cache (a directory), kperf's output for the
    same tools, source, defines, args, launches and ptxas setting is reused."""
    file, defines, args = key
    h = hashlib.sha1(repr(key).encode()).hexdigest()[:16]
    bpath = os.path.join(tmpdir, h + ".launches")
    batch = "".join("%s %s %s %s %d%s\n" % (gpu, row["kernel"], csvio.fmt_dim(row["grid"]),
                                             csvio.fmt_dim(row["block"]), row["smem"], cap_field(row))
                    for gpu, row in items)
    with open(bpath, "w") as f:
        f.write(batch)
    cpath = None
    if cache:
        try:
            with open(os.path.join(src, file), "rb") as f:
                text = f.read()
        except OSError:
            text = b""
        ck = hashlib.sha1(stamp.encode() + b"\0" + text + b"\0" + repr(key).encode() + b"\0" +
                          batch.encode() + (b"\0ptxas" if ptxas else b"")).hexdigest()
        cpath = os.path.join(cache, ck + ".jsonl")
    cached = bool(cpath and os.path.exists(cpath))
    if cached:
        with open(cpath) as f:
            stdout, rc, stderr = f.read(), 0, ""
    else:
        p = subprocess.run(batch_cmd(kperf, src, file, defines, args, bpath, ptxas),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        stdout, rc, stderr = p.stdout, p.returncode, p.stderr
        if cpath and rc == 0:
            os.makedirs(cache, exist_ok=True)
            with open(cpath + ".tmp%d" % os.getpid(), "w") as f:
                f.write(stdout)
            os.replace(cpath + ".tmp%d" % os.getpid(), cpath)
    p = argparse.Namespace(stdout=stdout, returncode=rc, stderr=stderr)
    out = []
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    import json
    if p.returncode != 0 or len(lines) != len(items):
        err = (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])
        why = next((l for l in err if "error" in l), err[-1])
        why = "compile: " + why.split("error:", 1)[-1].strip()[:100]
        return [({}, {"": why}, {}) if with_timings else ({}, {"": why}) for _ in items], cached
    for line in lines:
        d = json.loads(line)
        models = {k: v for k, v in (d.get("models") or {}).items() if v is not None}
        whys = dict(d.get("models_why") or {})
        whys[""] = d.get("why") or ""
        # The default model's limit and runner-up, for --predictions.
        whys["bound"] = "%s/%s %.2f" % (d.get("bound", ""), d.get("bound2", ""),
                                        d.get("bound2_ratio") or 0) if d.get("bound") else ""
        # The default model's time per way of timing the launch (event, nsight,
        # stream, graph), with with_timings.
        timings = {k: v for k, v in (d.get("timings") or {}).items() if v is not None}
        out.append((models, whys, timings) if with_timings else (models, whys))
    return out, cached


def short_reason(why, model):
    if not why:
        return "%s gave no time" % model
    # The first clause ("no DRAM latency in the GPU database; latency unknown
    # for ...": the first).  The parameter names of unknown trip counts carry
    # line numbers: kept, they say which loop.
    why = why.strip()
    if why.startswith("missing GPU"):
        return "missing GPU"
    return why.split("; ")[0][:100]


# ---------------------------------------------------------------- table

def fmt(v, spec):
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else spec % v


def table(results, models):
    head = ("| kernel | GPU | model | rows | failures (most common reason) | MAPE % | "
            "median APE % | Spearman rho | top-1 regret | median pred/meas |\n"
            "|---|---|---|---|---|---|---|---|---|---|\n")
    out = [head]
    for (kern, label, gpu), rows in results:
        for m in models:
            pairs, reasons = [], []
            for r in rows:
                t = r["pred"].get(m)
                if t is not None and t > 0:
                    pairs.append((r["measured_us"], t))
                else:
                    w = r["why"] if isinstance(r["why"], str) else (r["why"].get(m) or r["why"].get(""))
                    reasons.append(short_reason(w, m))
            s = stats(pairs)
            fail = "%d" % len(reasons)
            if reasons:
                fail += " (%s)" % common_reason(reasons).replace("|", "/")
            out.append("| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s |\n" % (
                kern, label + ("" if gpu == label else " (%s)" % gpu), m, len(rows), fail,
                fmt(s["mape"], "%.1f"), fmt(s["mdape"], "%.1f"), fmt(s["rho"], "%.2f"),
                fmt(s["regret"], "%.2f"), fmt(s["ratio"], "%.3g")))
    return "".join(out)


def git(*a):
    try:
        return subprocess.run(["git", "-C", ROOT] + list(a), stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, universal_newlines=True).stdout.strip()
    except OSError:
        return ""


def publish(script, argv, summary, text, out, readme, begin, end):
    """The table between its markers, with the commit, the date and the command,
    written to `out` and, with `readme`, in place of the table between the same
    markers of bench/accuracy/README.md (appended when they are not there)."""
    cmd = "KPERF_PUBLIC_SRC=DIR python3 bench/accuracy/%s " % script + " ".join(
        argv if argv is not None else sys.argv[1:])
    block = ("%s\n\nCommit `%s`, %s, `%s`: %s.\n\n%s%s\n" % (
        begin, git("rev-parse", "--short", "HEAD") or "?",
        datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        cmd.strip(), summary, text, end))
    if out:
        with open(out, "w") as f:
            f.write(block)
    if readme:
        path = os.path.join(HERE, "README.md")
        with open(path) as f:
            s = f.read()
        if begin in s and end in s:
            s = s[:s.index(begin)] + block.rstrip("\n") + s[s.index(end) + len(end):]
        else:
            s = s.rstrip("\n") + "\n\n" + block
        with open(path, "w") as f:
            f.write(s)


def add_sample_args(ap):
    """The options that choose the measured rows (shared with statements.py)."""
    ap.add_argument("--measured", default=os.path.join(os.path.dirname(ROOT), "shared", "measured"))
    ap.add_argument("--src", default=os.environ.get("KPERF_PUBLIC_SRC"))
    ap.add_argument("--kperf", default=os.path.join(ROOT, "build", "bin", "kperf"))
    ap.add_argument("--sample", type=int, default=150)
    ap.add_argument("--all", action="store_true", help="every row")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", default="", help="comma-separated CSV names (without .csv)")


def sampled_rows(a):
    """Per measured CSV (--only), ((kernel, GPU label, database GPU), its sampled
    rows, each with 'gpu'), and the CSVs skipped."""
    csvs = sorted(f for f in os.listdir(a.measured) if f.endswith(".csv"))
    if a.only:
        keep = set(a.only.split(","))
        csvs = [f for f in csvs if f[:-4] in keep]
    per_csv, skipped = [], []
    for f in csvs:
        kern, _, label = f[:-4].partition("__")
        gpu, skip = resolve_gpu(a.kperf, label)
        if skip:
            skipped.append(f)
            continue
        rows = sample(csvio.read_rows(os.path.join(a.measured, f)), None if a.all else a.sample)
        for r in rows:
            r["gpu"] = gpu
        per_csv.append(((kern, label, gpu), rows))
    return per_csv, skipped


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_sample_args(ap)
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--out", help="write the table (markdown) here")
    ap.add_argument("--readme", action="store_true",
                    help="replace the table in bench/accuracy/README.md")
    ap.add_argument("--predictions", help="write every sampled row with its predictions (CSV)")
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "public-bench-cache"),
                    help="reuse kperf's output for unchanged kperf, source and defines "
                         "(default build/public-bench-cache; '' for none)")
    ap.add_argument("--ptxas", action="store_true",
                    help="registers and spills from the device compilers (nvcc's ptxas; clang's AMDGPU "
                         "backend for AMD GPUs) instead of kperf's estimate "
                         "(kperf predict --ptxas nvcc; nvcc takes seconds per compile: its "
                         "results are kept in CACHE/ptxas, keyed by source, defines, "
                         "architecture and toolkit, so they survive changes to kperf)")
    a = ap.parse_args(argv)
    if not a.src:
        ap.error("set KPERF_PUBLIC_SRC (or --src) to the copy of the kernels' sources")
    models = [m for m in a.models.split(",") if m]
    t0 = time.time()
    per_csv, skipped = sampled_rows(a)
    for _, rows in per_csv:
        for r in rows:
            r["pred"], r["why"] = {}, ""
    groups = collections.OrderedDict()
    for _, rows in per_csv:
        for r in rows:
            key = (r["file"], tuple(r["defines"]), tuple(r["args"]))
            groups.setdefault(key, []).append(r)
    with tempfile.TemporaryDirectory(prefix="kperf-public-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            stamp = tool_stamp(a.kperf)
            ptxas = None
            if a.ptxas:
                ptxas = os.path.abspath(os.path.join(
                    a.cache or os.path.join(ROOT, "build", "public-bench-cache"), "ptxas"))
            futs = {ex.submit(run_group, a.kperf, a.src, k, [(r["gpu"], r) for r in rs], tmp,
                              a.cache or None, stamp, ptxas): k
                    for k, rs in groups.items()}
            hits = 0
            for fu in concurrent.futures.as_completed(futs):
                res, cached = fu.result()
                hits += cached
                for r, (pred, why) in zip(groups[futs[fu]], res):
                    r["pred"], r["why"] = pred, why
    elapsed = time.time() - t0
    nrows = sum(len(rs) for _, rs in per_csv)
    text = table(per_csv, models)
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        load = "load average %.1f" % os.getloadavg()[0]
    except OSError:
        load = "load unknown"
    summary = ("%d rows of %d CSVs, %d kperf compiles (one per source, defines and args; "
               "%d of them from the cache), %.0f s with %d jobs on %d CPUs (%s at the end; "
               "CPU time of kperf and clang %.0f s)" % (
                   nrows, len(per_csv), len(groups), hits, elapsed, a.jobs, os.cpu_count() or 0,
                   load, ru.ru_utime + ru.ru_stime))
    if a.ptxas:
        summary += "; registers and spills from the device compilers (nvcc's ptxas, clang's AMDGPU backend)"
    if skipped:
        summary += "; skipped: " + ", ".join(skipped)
    sys.stdout.write(text + "\n" + summary + "\n")
    if a.predictions:
        extra = ["gpu"] + ["pred_" + m for m in models] + ["bound", "why"]
        flat = []
        for _, rs in per_csv:
            for r in rs:
                d = dict(r)
                for m in models:
                    d["pred_" + m] = "" if r["pred"].get(m) is None else "%.6g" % r["pred"][m]
                d["bound"] = r["why"].get("bound", "") if isinstance(r["why"], dict) else ""
                flat.append(d)
        csvio.write_rows(a.predictions, flat, extra)
    publish("public.py", argv, summary, text, a.out, a.readme, MARK_BEGIN, MARK_END)
    return 0


if __name__ == "__main__":
    sys.exit(main())
