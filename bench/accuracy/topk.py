#!/usr/bin/env python3
"""How much of a tuning space kperf prunes, and whether the measured best survives.

  KPERF_PUBLIC_SRC=DIR topk.py [--measured DIR] [--hub DIR] [--validation-src DIR]
                               [--kperf PATH] [--sample N | --all] [--jobs J]
                               [--cache DIR] [--vcache DIR] [--out FILE.md] [--readme]

A tuning space is the set of measured configurations of one kernel on one GPU:
each CSV of the public measurements (public.py's, `--measured`, the kernels the
models were developed on: part `tune`), each CSV that hub.py wrote (`--hub`,
benchmark_hub kernels and GPUs held out: part `heldout`) and each block-size
series of bench/validation (`--validation-src`: one (kernel-dataset, GPU, series)
is one space; its part from bench/validation/split.tsv).  kperf ranks a space's
configurations by the default model's predicted time (what `kperf tune --top K`
keeps: the default model's predicted_us, its cudaEvent-timed launch; a
configuration without a time is ranked last), and for K = 1, 5, 10 this
script says whether a configuration measured fastest is among the first K and what
fraction of the space those K prune (1 - K / size).  The public and hub CSVs
contribute public.py's deterministic sample of `--sample` rows (the same
configurations on every GPU) or every row with `--all`; the validation series are
whole.  Nothing is fitted: the held-out rows are only scored.

Per (kernel, GPU) one row: spaces, configurations per space, the spaces whose
measured best is in kperf's top 1 / 5 / 10, the fraction pruned at K = 5 and
the measured time of the best of the top 5 over the measured best.  Then per part,
for the spaces of 50 or more configurations (where K = 5 prunes 90 %), the share
whose measured best is in the top 5 against the target (TARGET_HIT, TARGET_PRUNED),
and the same for the smaller spaces, with the share whose top 5 holds a
configuration within 5 % of the measured best (NEAR).  --readme writes the block between the markers of
bench/accuracy/README.md.  Python 3 standard library only; deterministic output.
"""
import argparse
import collections
import importlib.util
import os
import sys
import tempfile
import concurrent.futures

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import csvio  # noqa: E402
import public  # noqa: E402

KS = (1, 5, 10)
K_TARGET = 5
TARGET_HIT = 0.90     # share of spaces whose measured best is in the top K_TARGET (the target's)
TARGET_PRUNED = 0.90  # fraction of each space pruned at K_TARGET, at least (the target's)
NEAR = 1.05           # "within 5 % of the best": a reading aid for near-ties, not a target
DEFAULT_MODEL = "bn"  # kperf's default model (docs/models.md): what kperf tune ranks by

MARK_BEGIN = "<!-- topk-bench:begin -->"
MARK_END = "<!-- topk-bench:end -->"


def load_validation_score():
    """bench/validation/score.py under its own module name (bench/accuracy has a score.py)."""
    path = os.path.join(ROOT, "bench", "validation", "score.py")
    spec = importlib.util.spec_from_file_location("validation_score", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rank_of_best(space):
    """space: rows with 'measured_us' and 'pred' (a time or None).  The best rank
    (0-based) kperf gives a configuration measured fastest: configurations are
    ordered by predicted time, those without one last, ties by their place in
    the space (deterministic: the CSV's order)."""
    order = sorted(range(len(space)), key=lambda i: (
        space[i]["pred"] is None, space[i]["pred"] if space[i]["pred"] is not None else 0.0, i))
    best = min(r["measured_us"] for r in space)
    return min(pos for pos, i in enumerate(order) if space[i]["measured_us"] == best), order


def space_stats(space):
    """{rank, size, regret5}: the measured best's rank, the space's size and the
    best measured time among the top K_TARGET over the best measured."""
    rank, order = rank_of_best(space)
    best = min(r["measured_us"] for r in space)
    top = [space[i]["measured_us"] for i in order[:K_TARGET]]
    return {"rank": rank, "size": len(space), "regret5": min(top) / best,
            "nopred": sum(r["pred"] is None for r in space)}


def pruned(k, n):
    return 1.0 - min(k, n) / n


# ---------------------------------------------------------------- predictions

def predict_rows(rows, a, src, cache):
    """Sets each row's 'pred' to the time `kperf tune` ranks by (the default model's
    predicted_us: its cudaEvent-timed launch, `timings.event` of the batch line),
    None without one: one `kperf predict --batch` per (file, defines, args) through
    public.run_group, as public.py and bench/validation/score.py run them (so their
    caches serve).  Returns (compiles, from the cache)."""
    groups = collections.OrderedDict()
    for r in rows:
        r["pred"] = None
        groups.setdefault((r["file"], tuple(r["defines"]), tuple(r["args"])), []).append(r)
    hits = 0
    stamp = public.tool_stamp(a.kperf)
    with tempfile.TemporaryDirectory(prefix="kperf-topk-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            futs = {ex.submit(public.run_group, a.kperf, src, k, [(r["gpu"], r) for r in rs], tmp,
                              cache or None, stamp, None, True): k for k, rs in groups.items()}
            for fu in concurrent.futures.as_completed(futs):
                res, cached = fu.result()
                hits += cached
                for r, (models, _why, timings) in zip(groups[futs[fu]], res):
                    t = timings.get("event", models.get(DEFAULT_MODEL))
                    r["pred"] = t if t is not None and t > 0 else None
    return len(groups), hits


def csv_spaces(a, measured, src, part, cache):
    """[(part, kernel, GPU label, [space])] of the CSVs of a measured directory."""
    ns = argparse.Namespace(measured=measured, kperf=a.kperf, only="", all=a.all, sample=a.sample)
    per_csv, _ = public.sampled_rows(ns)
    compiles, hits = predict_rows([r for _, rows in per_csv for r in rows], a, src, cache)
    out = [(part, kern, label, [rows]) for (kern, label, _gpu), rows in per_csv]
    return out, compiles, hits


def validation_spaces(a):
    """[(part, kernel-dataset, GPU, [space per block-size series])] of bench/validation."""
    vs = load_validation_score()
    split = vs.read_split(os.path.join(ROOT, "bench", "validation", "split.tsv"))
    rows = [r for r in vs.load_rows(os.path.join(ROOT, "bench", "validation", "data"), split)
            if r["series"]]
    compiles, hits = predict_rows(rows, a, a.validation_src, a.vcache)
    series = collections.OrderedDict()
    for r in rows:
        series.setdefault((r["part"], r["dataset"], r["gpu"]), collections.OrderedDict()) \
              .setdefault(r["series"], []).append(r)
    out = [(p, d, g, list(ss.values())) for (p, d, g), ss in sorted(series.items())]
    return out, compiles, hits


# ---------------------------------------------------------------- table

def frac(k, n):
    return "%d/%d" % (k, n)


def sizes_text(sizes):
    lo, hi = min(sizes), max(sizes)
    return "%d" % lo if lo == hi else "%d-%d" % (lo, hi)


def table(groups):
    head = ("| part | kernel | GPU | spaces | configurations | no time | best in top 1 | top 5 | "
            "top 10 | pruned at K = 1 / 5 / 10 | best of top 5 / best |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|\n")
    out = [head]
    per_part = collections.OrderedDict((p, []) for p in ("tune", "heldout"))
    for part, kern, gpu, spaces in groups:
        st = [space_stats(s) for s in spaces]
        per_part.setdefault(part, []).extend(st)
        n = len(st)
        sizes = [s["size"] for s in st]
        prn = ["%.0f" % (100 * min(pruned(k, z) for z in sizes)) for k in KS]
        reg = [s["regret5"] for s in st]
        out.append("| %s | %s | %s | %d | %s | %d | %s | %s | %s | %s %% | %s |\n" % (
            part, kern, gpu, n, sizes_text(sizes), sum(s["nopred"] for s in st),
            frac(sum(s["rank"] < 1 for s in st), n), frac(sum(s["rank"] < 5 for s in st), n),
            frac(sum(s["rank"] < 10 for s in st), n), " / ".join(prn),
            "%.2f" % max(reg) if n == 1 else "%.2f (worst %.2f)" % (sorted(reg)[len(reg) // 2], max(reg))))
    return "".join(out), per_part


def summary_lines(per_part):
    """Per part: the spaces large enough for K_TARGET to prune TARGET_PRUNED of them
    against the target, and the smaller ones (block-size series) for what they
    say, with the share whose top K_TARGET holds a configuration within NEAR of
    the measured best."""
    lines = []
    for part, st in per_part.items():
        big = [s for s in st if pruned(K_TARGET, s["size"]) >= TARGET_PRUNED]
        small = [s for s in st if pruned(K_TARGET, s["size"]) < TARGET_PRUNED]
        for what, ss, judged in (("spaces of %d or more configurations" % round(
                K_TARGET / (1 - TARGET_PRUNED)), big, True),
                ("smaller spaces (%d or fewer configurations: K = %d prunes under %.0f %%)" % (
                    round(K_TARGET / (1 - TARGET_PRUNED)) - 1, K_TARGET, 100 * TARGET_PRUNED),
                 small, False)):
            if not ss:
                continue
            n = len(ss)
            hit = sum(s["rank"] < K_TARGET for s in ss)
            near = sum(s["regret5"] <= NEAR for s in ss)
            line = ("* %s, %s: measured best in kperf's top %d on %d of %d (%.0f %%); a "
                    "configuration within %.0f %% of the measured best in the top %d on %d (%.0f %%)" % (
                        part, what, K_TARGET, hit, n, 100.0 * hit / n, 100 * (NEAR - 1), K_TARGET,
                        near, 100.0 * near / n))
            if judged:
                line += "; target (best in the top %d on %.0f %% with %.0f %% pruned): %s" % (
                    K_TARGET, 100 * TARGET_HIT, 100 * TARGET_PRUNED,
                    "met" if hit >= TARGET_HIT * n else "not met")
            lines.append(line + ".")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--measured", default=os.path.join(os.path.dirname(ROOT), "shared", "measured"),
                    help="the public measurements (public.py's; '' for none)")
    ap.add_argument("--src", default=os.environ.get("KPERF_PUBLIC_SRC"),
                    help="their kernels' sources (default $KPERF_PUBLIC_SRC)")
    ap.add_argument("--hub", default="", help="hub.py's output directory (held out; its src/ beside)")
    ap.add_argument("--validation-src", default="",
                    help="bench/validation's sources (fetch_sources.py's directory; '' to skip)")
    ap.add_argument("--kperf", default=os.path.join(ROOT, "build", "bin", "kperf"))
    ap.add_argument("--sample", type=int, default=150)
    ap.add_argument("--all", action="store_true", help="every row of the public and hub CSVs")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "public-bench-cache"),
                    help="public.py's cache of kperf's output ('' for none)")
    ap.add_argument("--vcache", default=os.path.join(ROOT, "build", "validation-bench-cache"),
                    help="bench/validation's cache of kperf's output ('' for none)")
    ap.add_argument("--out", help="write the block (markdown) here")
    ap.add_argument("--readme", action="store_true",
                    help="replace the block between the markers of bench/accuracy/README.md")
    a = ap.parse_args(argv)
    groups, notes = [], []
    if a.measured:
        if not a.src:
            ap.error("set KPERF_PUBLIC_SRC (or --src) to the public kernels' sources, or --measured ''")
        g, c, h = csv_spaces(a, a.measured, a.src, "tune", a.cache)
        groups += g
        notes.append("public measurements: %d compiles (%d from the cache)" % (c, h))
    if a.hub:
        g, c, h = csv_spaces(a, a.hub, os.path.join(a.hub, "src"), "heldout", a.cache)
        groups += g
        notes.append("hub.py's held-out CSVs: %d compiles (%d from the cache)" % (c, h))
    if a.validation_src:
        g, c, h = validation_spaces(a)
        groups += g
        notes.append("bench/validation block-size series: %d compiles (%d from the cache)" % (c, h))
    if not groups:
        ap.error("nothing to score (--measured, --hub, --validation-src)")
    groups.sort(key=lambda g: (g[0] != "tune", g[1], g[2]))
    text, per_part = table(groups)
    text += "\n" + summary_lines(per_part)
    summary = "model %s; %s; %s" % (
        DEFAULT_MODEL, "every row" if a.all else "a sample of %d configurations per CSV" % a.sample,
        "; ".join(notes))
    sys.stdout.write(text + "\n" + summary + "\n")
    public.publish("topk.py", argv, summary, text, a.out, a.readme, MARK_BEGIN, MARK_END)
    return 0


if __name__ == "__main__":
    sys.exit(main())
