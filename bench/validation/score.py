#!/usr/bin/env python3
"""kperf's predictions against the validation set (bench/validation/data).

  KPERF_PUBLIC_SRC=DIR score.py [--data DIR] [--split FILE] [--src DIR] [--kperf PATH]
                                [--jobs J] [--only SUBSTR[,SUBSTR...]] [--ptxas]
                                [--part tune|heldout|all] [--model M]
                                [--predictions OUT.csv] [--out FILE.md]
                                [--readme [PATH]] [--accuracy-readme [PATH]] [--cache DIR]

Reads every DATA/<source>/<dataset>.csv (columns of COLUMNS below: the columns of
bench/accuracy/csvio.py, then gpu, source, op, series and method) and the split file
(lines `kind<TAB>name<TAB>part`, kind kernel-dataset or gpu, part tune or heldout).
A row's kernel-dataset is `<source>/<dataset>/<kernel>` when the split names that,
else `<source>/<dataset>`.  A row is in the tuning part only when its kernel-dataset
and its GPU are both `tune`; else it is held out.  A kernel-dataset or GPU missing
from the split is an error.

kperf runs once per (source file, defines, args) through bench/accuracy/public.py
(`kperf predict FILE --batch`, in parallel, its output cached until kperf, its
plugin, its GPU database or the source changes; --ptxas: registers from nvcc's
ptxas, kept in CACHE/ptxas).  The time scored is that of --model (default bn).

Per (kernel-dataset, GPU) group and per part: rows, rows without a time (the most common
reason), MAPE, median APE, Spearman's rho, top-1 regret (within the rows of one
dataset, GPU and op), the median of predicted / measured, variant ordering (pairs of
variants of one op on one GPU whose measured times differ by 10 % or more, ordered
alike by kperf), the occupancy knee of each block-size series and the small
launches (measured under 10 us).  Then the held-out part against the targets, each
PASS, FAIL or n/a.  Python 3 standard library only; the output is deterministic.
"""
import argparse
import collections
import concurrent.futures
import math
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ACC = os.path.join(ROOT, "bench", "accuracy")


def _accuracy_modules():
    """bench/accuracy's csvio and public.  public.py imports bench/accuracy/score.py as
    `score`: when this file is loaded under that name, it steps aside meanwhile."""
    mine = sys.modules.get("score")
    if mine is not None and os.path.dirname(os.path.abspath(getattr(mine, "__file__", "") or "")) == ACC:
        mine = None
    if mine is not None:
        del sys.modules["score"]
    if ACC not in sys.path:
        sys.path.insert(0, ACC)
    try:
        import csvio as c
        import public as p
    finally:
        if mine is not None:
            sys.modules["score"] = mine
    return c, p


csvio, public = _accuracy_modules()
acc = public.score  # ape, median, spearman

COLUMNS = csvio.COLUMNS + ["gpu", "source", "op", "series", "method"]
METHODS = ("event", "nsight", "loop-average", "wallclock")
PARTS = ("tune", "heldout")
KINDS = ("kernel-dataset", "gpu")

# Variant ordering: two variants count when the slower measured time is at least
# this much above the faster one (10 %); closer pairs are within measurement noise.
VARIANT_GAP = 0.10
# Occupancy knee: the smallest block size whose time is within this fraction (5 %)
# of the series' fastest.  Public sweeps repeat within a few per cent; 5 % keeps a
# plateau of equal times from moving the knee to an arbitrary point of it.
KNEE_TOLERANCE = 0.05
# The knee's error is counted in steps of one warp of threads.
KNEE_STEP = 32
# Launch floor: a measured time below this (us) is a small launch, dominated by
# launch overhead and latency rather than throughput.
SMALL_US = 10.0
# A small launch is predicted well when its APE is at most this (%).
SMALL_APE = 30.0
# Spearman's rho is held against its target only for groups with this many rows
# of distinct measured times.
RHO_MIN_ROWS = 5

# The held-out targets.
TARGET_MDAPE = 25.0       # median APE (%) of every (kernel-dataset, GPU) group, at most
TARGET_RHO = 0.8          # Spearman's rho of every group with RHO_MIN_ROWS distinct times, at least
TARGET_REGRET = 1.10      # top-1 regret of every (kernel-dataset, GPU, op) group, at most
TARGET_VARIANTS = 0.90    # fraction of variant pairs ordered alike, at least
# The way of timing a launch (kperf predict's "timings", docs/models.md) that each
# measurement method is: a cudaEvent pair around one launch; Nsight Compute's
# duration; back-to-back launches averaged ('wallclock' rows time two
# back-to-back launches between synchronisations, gpu-benches' gpu-stream).
TIMING_OF_METHOD = {"event": "event", "nsight": "nsight", "loop-average": "stream",
                    "wallclock": "stream"}
DEFAULT_MODEL = "bn"
TARGET_SMALL = 1.0        # fraction of small launches within SMALL_APE: every one
TARGET_KNEE = 0.90        # fraction of series whose knee is within one step, at least

MARK_BEGIN = "<!-- validation-bench:begin -->"
MARK_END = "<!-- validation-bench:end -->"
ACCURACY_HEADING = "## Validation set (bench/validation)"

NAN = float("nan")


# ---------------------------------------------------------------- reading

def read_split(path):
    """{(kind, name): part} of a split file; blank lines and # comments skipped.
    ValueError on a malformed line, an unknown kind or part, or a name given twice."""
    split = {}
    with open(path) as f:
        for n, line in enumerate(f, start=1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cells = line.split("\t")
            if len(cells) != 3:
                raise ValueError("%s:%d: want kind<TAB>name<TAB>part, got %r" % (path, n, line))
            kind, name, part = (c.strip() for c in cells)
            if kind not in KINDS:
                raise ValueError("%s:%d: kind %r is not one of %s" % (path, n, kind, ", ".join(KINDS)))
            if part not in PARTS:
                raise ValueError("%s:%d: part %r is not one of %s" % (path, n, part, ", ".join(PARTS)))
            if (kind, name) in split:
                raise ValueError("%s:%d: %s %s given twice" % (path, n, kind, name))
            split[(kind, name)] = part
    return split


def part_of(dataset, gpu, split):
    """'tune' when the dataset and the GPU are both tune, else 'heldout'.  KeyError
    names what the split lacks."""
    missing = [("kernel-dataset", dataset)] if ("kernel-dataset", dataset) not in split else []
    if ("gpu", gpu) not in split:
        missing.append(("gpu", gpu))
    if missing:
        raise KeyError("not in the split: " + ", ".join("%s %s" % m for m in missing))
    both = split[("kernel-dataset", dataset)] == "tune" and split[("gpu", gpu)] == "tune"
    return "tune" if both else "heldout"


def datasets(data_dir):
    """The datasets under data_dir: ('<source>/<dataset>', path), sorted."""
    out = []
    for d, _, files in os.walk(data_dir):
        for f in files:
            if f.endswith(".csv"):
                p = os.path.join(d, f)
                out.append((os.path.relpath(p, data_dir)[:-4].replace(os.sep, "/"), p))
    return sorted(out)


def load_rows(data_dir, split, only=""):
    """Every row of the datasets, with 'csv' (its '<source>/<dataset>'), 'dataset'
    (its kernel-dataset: '<source>/<dataset>/<kernel>' when the split names that,
    else '<source>/<dataset>') and 'part'.  only: comma-separated substrings, one
    of which the row's '<source>/<dataset>/<kernel>' holds.  ValueError on a
    missing column, a time that is not positive, an unknown method, or
    kernel-datasets and GPUs missing from the split (all of them named)."""
    keep = [s for s in only.split(",") if s]
    rows, missing = [], set()
    for name, path in datasets(data_dir):
        with open(path, newline="") as f:
            head = f.readline().strip().split(",")
        lack = [c for c in COLUMNS if c not in head]
        if lack:
            raise ValueError("%s lacks columns: %s" % (path, ", ".join(lack)))
        for n, r in enumerate(csvio.read_rows(path), start=2):
            per_kernel = name + "/" + r["kernel"]
            if keep and not any(s in per_kernel for s in keep):
                continue
            if not r["measured_us"] > 0 or math.isinf(r["measured_us"]):
                raise ValueError("%s:%d: measured_us %r is not a positive time" % (path, n, r["measured_us"]))
            if r["method"] not in METHODS:
                raise ValueError("%s:%d: method %r is not one of %s" % (path, n, r["method"], ", ".join(METHODS)))
            r["csv"] = name
            r["dataset"] = per_kernel if ("kernel-dataset", per_kernel) in split else name
            try:
                r["part"] = part_of(r["dataset"], r["gpu"], split)
            except KeyError:
                for key in (("kernel-dataset", r["dataset"]), ("gpu", r["gpu"])):
                    if key not in split:
                        missing.add(key)
            rows.append(r)
    if missing:
        raise ValueError("not in the split file: " + ", ".join("%s %s" % m for m in sorted(missing)) +
                         " (a kernel-dataset is '<source>/<dataset>/<kernel>' or '<source>/<dataset>')")
    return rows


# ---------------------------------------------------------------- statistics

def threads(row):
    b = row["block"]
    return b[0] * b[1] * b[2]


def predicted(rows):
    """The rows with a positive predicted time."""
    return [r for r in rows if r.get("pred") is not None and r["pred"] > 0]


def top1_regret(pairs):
    """pairs: (measured, predicted).  The measured time of the row predicted fastest
    (ties: the first) over the fastest measured."""
    if not pairs:
        return NAN
    best = min(range(len(pairs)), key=lambda i: pairs[i][1])
    return pairs[best][0] / min(m for m, _ in pairs)


def op_regrets(rows):
    """{(dataset, gpu, op): top-1 regret} over the groups of alternative
    configurations of one computation with at least two predicted rows (a row
    of an empty op is an alternative of none)."""
    groups = collections.OrderedDict()
    for r in predicted(rows):
        if r["op"]:
            groups.setdefault((r["dataset"], r["gpu"], r["op"]), []).append(r)
    return {k: top1_regret([(r["measured_us"], r["pred"]) for r in rs])
            for k, rs in sorted(groups.items()) if len(rs) >= 2}


def variant_key(row):
    return row["kernel"], tuple(row["defines"])


def differ(fast, slow, gap=VARIANT_GAP):
    """slow is at least `gap` above fast (with a rounding allowance)."""
    return slow - fast >= gap * fast * (1 - 1e-12)


def variant_pairs(rows):
    """The pairs (a, b) of rows with the same GPU and op, another kernel or other
    defines, and measured times that differ by VARIANT_GAP or more; a the faster
    measured.  Rows without a prediction take part (ordered() skips them); rows
    of an empty op do not."""
    by = collections.OrderedDict()
    for r in rows:
        if r["op"]:
            by.setdefault((r["gpu"], r["op"]), []).append(r)
    out = []
    for key in sorted(by):
        rs = by[key]
        for i in range(len(rs)):
            for j in range(i + 1, len(rs)):
                a, b = rs[i], rs[j]
                if variant_key(a) == variant_key(b):
                    continue
                if a["measured_us"] > b["measured_us"]:
                    a, b = b, a
                if differ(a["measured_us"], b["measured_us"]):
                    out.append((a, b))
    return out


def ordered(pairs):
    """(pairs kperf orders as measured, pairs with both predictions): the faster
    measured must be predicted strictly faster."""
    both = [(a, b) for a, b in pairs if predicted([a]) and predicted([b])]
    return sum(1 for a, b in both if a["pred"] < b["pred"]), len(both)


def knee(points, tol=KNEE_TOLERANCE):
    """points: (block size, time).  The smallest block size whose time is within
    tol of the fastest."""
    best = min(t for _, t in points)
    return min(s for s, t in points if t <= best * (1 + tol) * (1 + 1e-12))


def knee_errors(rows):
    """{(dataset, gpu, series): |predicted knee - measured knee| / KNEE_STEP} over the
    series with at least two block sizes predicted (both knees over those rows)."""
    by = collections.OrderedDict()
    for r in predicted(rows):
        if r.get("series"):
            by.setdefault((r["dataset"], r["gpu"], r["series"]), []).append(r)
    out = {}
    for k in sorted(by):
        rs = by[k]
        if len(set(threads(r) for r in rs)) < 2:
            continue
        meas = knee([(threads(r), r["measured_us"]) for r in rs])
        pred = knee([(threads(r), r["pred"]) for r in rs])
        out[k] = abs(pred - meas) / float(KNEE_STEP)
    return out


def small_launches(rows):
    """(small launches within SMALL_APE, small launches, median APE of those
    predicted).  A small launch without a time is not within."""
    small = [r for r in rows if r["measured_us"] < SMALL_US]
    apes = [acc.ape(r["measured_us"], r["pred"]) for r in predicted(small)]
    return sum(1 for a in apes if a <= SMALL_APE * (1 + 1e-12)), len(small), acc.median(apes)


def rho_counts(rows):
    """Whether rho is held against its target: RHO_MIN_ROWS predicted rows of
    distinct measured times."""
    return len(set(r["measured_us"] for r in predicted(rows))) >= RHO_MIN_ROWS


def why_of(row, model):
    w = row.get("why") or {}
    if isinstance(w, str):
        return public.short_reason(w, model)
    return public.short_reason(w.get(model) or w.get(""), model)


def group_stats(rows, model, variants=None):
    """The statistics of a set of rows (a group or a part); variants: its variant pairs
    (default: those among the rows)."""
    ok = predicted(rows)
    pairs = [(r["measured_us"], r["pred"]) for r in ok]
    reasons = [why_of(r, model) for r in rows if not predicted([r])]
    apes = [acc.ape(m, p) for m, p in pairs]
    regrets = op_regrets(rows)
    agree, npairs = ordered(variant_pairs(rows) if variants is None else variants)
    knees = knee_errors(rows)
    within, nsmall, small_mdape = small_launches(rows)
    return {
        "rows": len(rows),
        "missing": len(reasons),
        "reason": public.common_reason(reasons),
        "mape": sum(apes) / len(apes) if apes else NAN,
        "mdape": acc.median(apes),
        "rho": acc.spearman([m for m, _ in pairs], [p for _, p in pairs]) if pairs else NAN,
        "rho_counts": rho_counts(rows),
        "regrets": regrets,
        "regret": max(regrets.values()) if regrets else NAN,
        "ratio": acc.median([p / m for m, p in pairs]),
        "agree": agree, "pairs": npairs,
        "knees": knees,
        "knee_ok": sum(1 for e in knees.values() if e <= 1.0),
        "knee_median": acc.median(list(knees.values())),
        "small_within": within, "small": nsmall, "small_mdape": small_mdape,
    }


# ---------------------------------------------------------------- tables

def fmt(v, spec):
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else spec % v


def frac(k, n):
    return "-" if not n else "%d/%d (%.0f %%)" % (k, n, 100.0 * k / n)


def cells(s):
    missing = "%d" % s["missing"]
    if s["missing"]:
        missing += " (%s)" % s["reason"].replace("|", "/")
    rho = fmt(s["rho"], "%.2f")
    if rho != "-" and not s["rho_counts"]:
        rho = "(%s)" % rho
    regret = "-" if not s["regrets"] else "%.2f (%d)" % (s["regret"], len(s["regrets"]))
    knees = "-" if not s["knees"] else "%d/%d, %s" % (s["knee_ok"], len(s["knees"]),
                                                      fmt(s["knee_median"], "%.1f"))
    small = "-" if not s["small"] else "%d/%d, %s" % (s["small_within"], s["small"],
                                                      fmt(s["small_mdape"], "%.1f"))
    return [str(s["rows"]), missing, fmt(s["mape"], "%.1f"), fmt(s["mdape"], "%.1f"), rho, regret,
            fmt(s["ratio"], "%.3g"), frac(s["agree"], s["pairs"]), knees, small]


HEAD = ["rows", "no time (most common reason)", "MAPE %", "median APE %", "Spearman rho",
        "top-1 regret (ops)", "median pred/meas", "variant order", "knee within 1 step, median steps",
        "small launches within 30 %, median APE %"]


def groups_of(rows):
    """[((part, dataset, gpu), rows)]: tuning part first, then held out."""
    by = collections.OrderedDict()
    for r in rows:
        by.setdefault((PARTS.index(r["part"]), r["dataset"], r["gpu"]), []).append(r)
    return [((PARTS[k[0]], k[1], k[2]), by[k]) for k in sorted(by)]


def tables(rows, model):
    """The per-group table, the per-part table and the statistics of each part."""
    out = ["| part | dataset | GPU | " + " | ".join(HEAD) + " |\n",
           "|" + "---|" * (len(HEAD) + 3) + "\n"]
    per_group = []
    for (part, ds, gpu), rs in groups_of(rows):
        s = group_stats(rs, model)
        per_group.append(((part, ds, gpu), s))
        out.append("| %s | %s | %s | %s |\n" % (part, ds, gpu, " | ".join(cells(s))))
    out.append("\n| part | " + " | ".join(HEAD) + " |\n")
    out.append("|" + "---|" * (len(HEAD) + 1) + "\n")
    per_part = collections.OrderedDict()
    # A pair of variants of two datasets of different parts is held out.
    pairs = variant_pairs(rows)
    for part in PARTS:
        rs = [r for r in rows if r["part"] == part]
        if rs:
            mine = [(a, b) for a, b in pairs if (a["part"] == b["part"] == "tune") == (part == "tune")]
            per_part[part] = group_stats(rs, model, mine)
            out.append("| %s | %s |\n" % (part, " | ".join(cells(per_part[part]))))
    return "".join(out), per_group, per_part


def at_least(k, n, fraction):
    """k of n is at least the fraction (with a rounding allowance)."""
    return k >= fraction * n * (1 - 1e-12)


def named(bad, most=5):
    """'; not: ' and the first `most` of the failing names."""
    if not bad:
        return ""
    more = len(bad) - most
    return "; not: " + ", ".join(bad[:most]) + (" and %d more" % more if more > 0 else "")


def verdict(ok, detail):
    return ("n/a" if ok is None else "PASS" if ok else "FAIL") + ": " + detail


def targets(per_group, per_part):
    """The held-out part against the targets: lines '- what: PASS|FAIL|n/a: detail'."""
    s = per_part.get("heldout")
    if s is None:
        return ["- no held-out rows scored (targets not checked)"]
    groups = [(k, g) for k, g in per_group if k[0] == "heldout"]
    out = []
    out.append("- rows without a time = 0: " + verdict(s["missing"] == 0, "%d of %d rows" % (
        s["missing"], s["rows"]) + (" (%s)" % s["reason"] if s["missing"] else "")))
    bad = ["%s %s (%s)" % (k[1], k[2], fmt(g["mdape"], "%.1f")) for k, g in groups
           if not g["mdape"] <= TARGET_MDAPE]
    out.append("- median APE <= %g %% in every (kernel-dataset, GPU) group: " % TARGET_MDAPE + verdict(
        not bad if groups else None, "%d of %d groups" % (len(groups) - len(bad), len(groups)) +
        named(bad)))
    held = [(k, g) for k, g in groups if g["rho_counts"]]
    bad = ["%s %s (%s)" % (k[1], k[2], fmt(g["rho"], "%.2f")) for k, g in held
           if not g["rho"] >= TARGET_RHO]
    out.append("- Spearman rho >= %g in every group of >= %d distinct times: " % (
        TARGET_RHO, RHO_MIN_ROWS) + verdict(not bad if held else None, "%d of %d groups" % (
            len(held) - len(bad), len(held)) + named(bad)))
    bad = ["%s %s %s (%.2f)" % (k + (v,)) for k, v in sorted(s["regrets"].items())
           if not v <= TARGET_REGRET]
    out.append("- top-1 regret <= %.2f in every (kernel-dataset, GPU, op) group: " % TARGET_REGRET + verdict(
        not bad if s["regrets"] else None, "%d of %d ops, worst %s" % (
            len(s["regrets"]) - len(bad), len(s["regrets"]), fmt(s["regret"], "%.2f")) +
        named(bad)))
    out.append("- variant ordering >= %.0f %%: " % (100 * TARGET_VARIANTS) + verdict(
        at_least(s["agree"], s["pairs"], TARGET_VARIANTS) if s["pairs"] else None,
        "%s of pairs >= %.0f %% apart" % (frac(s["agree"], s["pairs"]), 100 * VARIANT_GAP)))
    out.append("- small launches (< %g us) within %g %%: " % (SMALL_US, SMALL_APE) + verdict(
        at_least(s["small_within"], s["small"], TARGET_SMALL) if s["small"] else None,
        "%s, median APE %s %%" % (frac(s["small_within"], s["small"]), fmt(s["small_mdape"], "%.1f"))))
    out.append("- knee within one step on >= %.0f %% of series: " % (100 * TARGET_KNEE) + verdict(
        at_least(s["knee_ok"], len(s["knees"]), TARGET_KNEE) if s["knees"] else None,
        "%s, median error %s steps of %d threads" % (frac(s["knee_ok"], len(s["knees"])),
                                                      fmt(s["knee_median"], "%.1f"), KNEE_STEP)))
    return out


# ---------------------------------------------------------------- kperf

def predict(rows, a):
    """Sets each row's 'pred' (the model's time, or None) and 'why' ({model: reason})
    with one `kperf predict --batch` per (file, defines, args).  Returns (compiles,
    from the cache)."""
    groups = collections.OrderedDict()
    for r in rows:
        r["pred"], r["why"] = None, {}
        groups.setdefault((r["file"], tuple(r["defines"]), tuple(r["args"])), []).append(r)
    hits = 0
    stamp = public.tool_stamp(a.kperf)
    cache = a.cache or None
    ptxas = None
    if a.ptxas:
        ptxas = os.path.abspath(os.path.join(a.cache or os.path.join(ROOT, "build", "validation-bench-cache"),
                                             "ptxas"))
    with tempfile.TemporaryDirectory(prefix="kperf-validation-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            futs = {ex.submit(public.run_group, a.kperf, a.src, k, [(r["gpu"], r) for r in rs], tmp,
                              cache, stamp, ptxas, True): k for k, rs in groups.items()}
            for fu in concurrent.futures.as_completed(futs):
                res, cached = fu.result()
                hits += cached
                for r, (models, why, timings) in zip(groups[futs[fu]], res):
                    r["pred"], r["why"] = models.get(a.model), why
                    # The default model's time as the row's measurement timed it.
                    if a.model == DEFAULT_MODEL:
                        t = timings.get(TIMING_OF_METHOD.get(r["method"], "event"))
                        if t is not None and r["pred"] is not None:
                            r["pred"] = t
    return len(groups), hits


# ---------------------------------------------------------------- output

def put_block(path, block, heading=None):
    """block (between MARK_BEGIN and MARK_END) in place of the one of the file at
    path, else appended (under heading)."""
    try:
        with open(path) as f:
            s = f.read()
    except FileNotFoundError:
        s = ""
    if MARK_BEGIN in s and MARK_END in s and s.index(MARK_BEGIN) < s.index(MARK_END):
        s = s[:s.index(MARK_BEGIN)] + block.rstrip("\n") + s[s.index(MARK_END) + len(MARK_END):]
    else:
        s = s.rstrip("\n") + ("\n\n" if s.strip() else "") + (heading + "\n\n" if heading else "") + block
    with open(path, "w") as f:
        f.write(s)


def write_predictions(path, rows):
    flat = []
    for r in rows:
        d = dict(r)
        d["predicted_us"] = "" if r.get("pred") is None else repr(float(r["pred"]))
        w = r.get("why") or {}
        d["why"] = "" if d["predicted_us"] else (w.get("") if isinstance(w, dict) else w) or ""
        flat.append(d)
    csvio.write_rows(path, flat, COLUMNS[len(csvio.COLUMNS):] + ["dataset", "part", "predicted_us", "why"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=os.path.join(HERE, "data"))
    ap.add_argument("--split", default=os.path.join(HERE, "split.tsv"))
    ap.add_argument("--src", default=os.environ.get("KPERF_PUBLIC_SRC"),
                    help="the kernels' sources (the `file` column is relative to it; "
                         "default $KPERF_PUBLIC_SRC)")
    ap.add_argument("--kperf", default=os.path.join(ROOT, "build", "bin", "kperf"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", default="", help="datasets whose name holds one of these "
                                               "comma-separated substrings")
    ap.add_argument("--part", choices=["tune", "heldout", "all"], default="all")
    ap.add_argument("--model", default="bn", choices=public.MODELS)
    ap.add_argument("--ptxas", action="store_true",
                    help="registers and spills from nvcc's ptxas (kperf predict --ptxas nvcc; "
                         "kept in CACHE/ptxas)")
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "validation-bench-cache"),
                    help="reuse kperf's output for unchanged kperf, source and launches ('' for none)")
    ap.add_argument("--predictions", help="write every scored row with predicted_us (CSV)")
    ap.add_argument("--out", help="write the block (markdown) here")
    ap.add_argument("--readme", nargs="?", const=os.path.join(HERE, "README.md"),
                    help="replace the block between the markers of bench/validation/README.md (or PATH)")
    ap.add_argument("--accuracy-readme", nargs="?", const=os.path.join(ACC, "README.md"),
                    help="the same block in bench/accuracy/README.md (or PATH), under '%s'" %
                    ACCURACY_HEADING)
    a = ap.parse_args(argv)
    if not a.src:
        ap.error("set KPERF_PUBLIC_SRC (or --src) to the copy of the kernels' sources")
    try:
        split = read_split(a.split)
        rows = load_rows(a.data, split, a.only)
    except (OSError, ValueError) as e:
        sys.stderr.write("score.py: %s\n" % e)
        return 2
    if a.part != "all":
        rows = [r for r in rows if r["part"] == a.part]
    if not rows:
        sys.stderr.write("score.py: no rows to score\n")
        return 2
    compiles, hits = predict(rows, a)
    text, per_group, per_part = tables(rows, a.model)
    summary = ("%d rows of %d datasets on %d GPUs, model %s, %s; %d kperf compiles" % (
        len(rows), len(set(r["dataset"] for r in rows)), len(set(r["gpu"] for r in rows)), a.model,
        "registers from nvcc's ptxas" if a.ptxas else "kperf's register estimate", compiles))
    goals = "Held-out targets:\n\n" + "\n".join(targets(per_group, per_part)) + "\n"
    sys.stdout.write(text + "\n" + summary + "\n\n" + goals)
    sys.stderr.write("score.py: %d of %d compiles from the cache\n" % (hits, compiles))
    if a.predictions:
        write_predictions(a.predictions, rows)
    cmd = "KPERF_PUBLIC_SRC=DIR python3 bench/validation/score.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    block = "%s\n\nCommit `%s`, `%s`: %s.\n\n%s\n%s%s\n" % (
        MARK_BEGIN, public.git("rev-parse", "--short", "HEAD") or "?", cmd.strip(), summary,
        text, goals, MARK_END)
    if a.out:
        with open(a.out, "w") as f:
            f.write(block)
    if a.readme:
        put_block(a.readme, block)
    if a.accuracy_readme:
        put_block(a.accuracy_readme, block, ACCURACY_HEADING)
    return 0


if __name__ == "__main__":
    sys.exit(main())
