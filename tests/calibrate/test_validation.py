#!/usr/bin/env python3
"""Tests of bench/validation/score.py without a GPU: its statistics on rows whose
results are worked out by hand (Spearman's rho with ties, top-1 regret, the knee in
32-thread steps, variant pairs at the 10 % threshold, the split rule, the small-launch
rule, the targets' verdicts), then whole runs on a fixture of this repository
(tests/calibrate/validation: kernels written for the test and INVENTED times,
never measured).

  test_validation.py KPERF   (the kperf binary; without it, the statistics only)"""
import csv
import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import SRC, check, finish, near  # noqa: E402

SCORE = os.path.join(SRC, "bench", "validation", "score.py")
FIX = os.path.join(SRC, "tests", "calibrate", "validation")
spec = importlib.util.spec_from_file_location("validation_score", SCORE)
vs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vs)


def row(measured, pred=None, kernel="k", defines=(), block=256, gpu="g", op="op", dataset="src/d",
        series="", part="heldout"):
    return {"kernel": kernel, "file": "f.cu", "grid": (1, 1, 1), "block": (block, 1, 1), "smem": 0,
            "args": [], "defines": list(defines), "measured_us": measured, "gpu": gpu,
            "source": "src", "op": op, "series": series, "method": "event", "dataset": dataset,
            "part": part, "pred": pred, "why": {"": "" if pred else "no trip count for n"}}


# --- Spearman's rho with ties (measured ranks 1, 2.5, 2.5, 4; predicted 1..4):
# sxy = 4.5, sxx = 4.5, syy = 5: rho = 4.5 / sqrt(22.5).
s = vs.group_stats([row(1, 10), row(2, 20), row(2, 30), row(3, 40)], "bn")
near(s["rho"], 4.5 / math.sqrt(22.5), "rho with tied measurements")
check(not s["rho_counts"], "3 distinct times: rho not held against the target")
s = vs.group_stats([row(t, t) for t in (1, 2, 3, 4, 5)], "bn")
check(s["rho_counts"] and abs(s["rho"] - 1) < 1e-12, "5 distinct times: rho counts, 1")
s = vs.group_stats([row(t, t) for t in (1, 2, 3, 4, 4)], "bn")
check(not s["rho_counts"], "5 rows of 4 distinct times: rho does not count")
# One row without a time: not in rho or the APEs, counted with its reason.
s = vs.group_stats([row(10, 12), row(20, 18), row(40, None)], "bn")
check(s["rows"] == 3 and s["missing"] == 1 and s["reason"] == "no trip count for n",
      "a row without a time and its reason: %r" % ((s["rows"], s["missing"], s["reason"]),))
near(s["mdape"], 15.0, "median APE of 20 and 10")
near(s["ratio"], 1.05, "median pred/meas of 1.2 and 0.9")

# --- top-1 regret, per (dataset, GPU, op): op a predicts the 12 us row fastest (10 us
# is the fastest measured): 1.2; op b has one row (no regret); on another GPU the
# predicted-fastest is the fastest: 1.0; a tie in the prediction takes the first row.
rs = [row(10, 5, op="a"), row(12, 4, op="a"), row(20, 6, op="a"), row(7, 1, op="b"),
      row(10, 5, op="a", gpu="h"), row(11, 6, op="a", gpu="h"), row(9, 3, op="c"), row(12, 3, op="c")]
r = vs.op_regrets(rs)
check(sorted(r) == [("src/d", "g", "a"), ("src/d", "g", "c"), ("src/d", "h", "a")],
      "regret groups: %r" % sorted(r))
near(r.get(("src/d", "g", "a"), 0), 1.2, "regret 1.2")
near(r.get(("src/d", "h", "a"), 0), 1.0, "regret 1 where the best is found")
near(r.get(("src/d", "g", "c"), 0), 1.0, "predicted tie: the first row")
near(vs.group_stats(rs, "bn")["regret"], 1.2, "the group's regret is its worst op's")
r = vs.op_regrets([row(10, 5, op="a", dataset="x/1"), row(8, 6, op="a", dataset="x/2")])
check(not r, "rows of one op in two datasets are not alternatives: %r" % r)
r = vs.op_regrets([row(10, 5, op=""), row(20, 1, op="")])
check(not r and not vs.variant_pairs([row(10, 5, op="", kernel="a"), row(20, 1, op="", kernel="b")]),
      "rows of an empty op are alternatives of none")

# --- the knee: measured 20, 11, 10.5, 10 at 32..256 threads: 10.5 is exactly 5 %
# above the fastest, so 128; predicted 30, 14.6, 14, 14.2: 64 (14.6 <= 14.7): |64 - 128|
# / 32 = 2 steps.  At 10.51 the measured knee moves to 256.
near(vs.KNEE_TOLERANCE, 0.05, "the knee's tolerance")
check(vs.knee([(32, 20), (64, 11), (128, 10.5), (256, 10)]) == 128, "knee at exactly 5 %")
check(vs.knee([(32, 20), (64, 11), (128, 10.51), (256, 10)]) == 256, "knee just over 5 %")
ser = [row(m, p, block=b, series="s1") for b, m, p in
       [(32, 20, 30), (64, 11, 14.6), (128, 10.5, 14), (256, 10, 14.2)]]
ser += [row(m, p, block=b, series="s2") for b, m, p in [(64, 8, 9), (96, 7, 7.4), (128, 7.2, 7)]]
ser += [row(5, 5, block=64, series="s3"), row(6, None, block=128, series="s3")]
k = vs.knee_errors(ser)
check(sorted(k) == [("src/d", "g", "s1"), ("src/d", "g", "s2")], "series with two predicted sizes: %r" % k)
near(k.get(("src/d", "g", "s1"), 0), 2.0, "knee error 2 steps")
near(k.get(("src/d", "g", "s2"), 0), 1.0, "knee error 1 step (96 vs 128)")
s = vs.group_stats(ser, "bn")
check(s["knee_ok"] == 1 and len(s["knees"]) == 2, "one series of two within one step")
near(s["knee_median"], 1.5, "median knee error")

# --- variant pairs: 10 vs 11 is exactly 10 % apart (a pair), 10 vs 10.99 not; the same
# kernel and defines at another block size is no variant; other defines are; another
# GPU or op is not compared.
near(vs.VARIANT_GAP, 0.10, "the variant threshold")
check(vs.differ(10.0, 11.0) and not vs.differ(10.0, 10.99), "10 % apart, and not")
v = [row(10.0, 1, kernel="a"), row(11.0, 2, kernel="b"), row(10.99, 3, kernel="c"),
     row(13.0, 9, kernel="a", block=128), row(12.5, 0.5, kernel="a", defines=[("T", "2")]),
     row(30.0, 1, kernel="z", gpu="other"), row(30.0, 1, kernel="z", op="other")]
pairs = [(a["kernel"] + str(a["measured_us"]), b["kernel"] + str(b["measured_us"]))
         for a, b in vs.variant_pairs(v)]
want = [("a10.0", "b11.0"), ("a10.0", "a12.5"), ("b11.0", "a13.0"), ("b11.0", "a12.5"),
        ("c10.99", "a13.0"), ("c10.99", "a12.5")]
check(sorted(pairs) == sorted(want), "variant pairs %r" % sorted(pairs))
# Ordered alike: a10<b11 yes (1<2), a10<a12.5 no (1>0.5), b11<a13 yes, b11<a12.5 no,
# c10.99<a13 yes, c10.99<a12.5 no.
agree, n = vs.ordered(vs.variant_pairs(v))
check((agree, n) == (3, 6), "3 of 6 ordered alike: %r" % ((agree, n),))
check(vs.ordered([(row(10, 2), row(20, 2))]) == (0, 1), "a predicted tie is not an ordering")
# A pair of two datasets: in no (dataset, GPU) group; in the held-out part unless both
# rows are tuning rows.
x = [row(10, 1, kernel="a", dataset="s/t", part="tune"), row(20, 2, kernel="b", dataset="s/h"),
     row(10, 1, kernel="a", dataset="s/t", part="tune", op="o2"),
     row(20, 3, kernel="b", dataset="s/t", part="tune", op="o2")]
text, per_group, per_part = vs.tables(x, "bn")
check([g["pairs"] for _, g in per_group] == [1, 0], "pairs per group: %r" % [g["pairs"] for _, g in per_group])
check((per_part["tune"]["pairs"], per_part["heldout"]["pairs"]) == (1, 1),
      "one pair per part: %r" % ((per_part["tune"]["pairs"], per_part["heldout"]["pairs"]),))
check(vs.ordered([(row(10, None), row(20, 2))]) == (0, 0), "a pair without a time is skipped")

# --- the split rule ---
split = {("kernel-dataset", "s/d"): "tune", ("kernel-dataset", "s/e"): "heldout",
         ("gpu", "g"): "tune", ("gpu", "h"): "heldout"}
check(vs.part_of("s/d", "g", split) == "tune", "tune dataset on a tune GPU: tune")
check(vs.part_of("s/d", "h", split) == "heldout", "tune dataset on a held-out GPU: held out")
check(vs.part_of("s/e", "g", split) == "heldout", "held-out dataset on a tune GPU: held out")
for ds, gpu in (("s/x", "g"), ("s/d", "x")):
    try:
        vs.part_of(ds, gpu, split)
        check(False, "missing %s/%s: no error" % (ds, gpu))
    except KeyError as e:
        check("x" in str(e), "the error names what is missing: %s" % e)
with tempfile.TemporaryDirectory() as tmp:
    p = os.path.join(tmp, "split.tsv")
    for text, ok in (("# c\n\nkernel-dataset\ts/d\ttune\ngpu\tg\theldout\n", True),
                     ("kernel-dataset s/d tune\n", False), ("dataset\ts/d\ttune\n", False),
                     ("gpu\tg\ttuning\n", False), ("gpu\tg\ttune\ngpu\tg\theldout\n", False)):
        with open(p, "w") as f:
            f.write(text)
        try:
            got = vs.read_split(p)
            check(ok and got == {("kernel-dataset", "s/d"): "tune", ("gpu", "g"): "heldout"},
                  "split %r read as %r" % (text, got))
        except ValueError:
            check(not ok, "split %r refused" % text)
    # Rows of the fixture with a split lacking a100 and fixture/sum: both named.
    with open(p, "w") as f:
        f.write("kernel-dataset\tfixture/copy\ttune\ngpu\th100\ttune\ngpu\tno-such-gpu\theldout\n")
    try:
        vs.load_rows(os.path.join(FIX, "data"), vs.read_split(p))
        check(False, "rows outside the split: no error")
    except ValueError as e:
        check("gpu a100" in str(e) and "kernel-dataset fixture/sum" in str(e), "error: %s" % e)
    # A kernel-dataset is '<source>/<dataset>/<kernel>' where the split names it, else the CSV's.
    os.makedirs(os.path.join(tmp, "d", "s"))
    with open(os.path.join(FIX, "data", "fixture", "sum.csv")) as f:
        text = f.read()
    with open(os.path.join(tmp, "d", "s", "sum.csv"), "w") as f:
        f.write(text)
    with open(p, "w") as f:
        f.write("kernel-dataset\ts/sum/fixture_sum_tree\ttune\nkernel-dataset\ts/sum\theldout\n"
                "gpu\th100\ttune\ngpu\ta100\ttune\ngpu\tno-such-gpu\ttune\n")
    got = sorted(set((r["dataset"], r["part"]) for r in vs.load_rows(os.path.join(tmp, "d"), vs.read_split(p))))
    check(got == [("s/sum", "heldout"), ("s/sum/fixture_sum_tree", "tune")], "per-kernel split: %r" % got)
    with open(p, "w") as f:
        f.write("kernel-dataset\ts/sum/fixture_sum_tree\ttune\ngpu\th100\ttune\ngpu\ta100\ttune\n"
                "gpu\tno-such-gpu\ttune\n")
    try:
        vs.load_rows(os.path.join(tmp, "d"), vs.read_split(p))
        check(False, "a kernel without a kernel-dataset: no error")
    except ValueError as e:
        check(str(e).startswith("not in the split file: kernel-dataset s/sum ("),
              "the CSV's name missing: %s" % e)
    rows = vs.load_rows(os.path.join(FIX, "data"), vs.read_split(os.path.join(FIX, "split.tsv")))
    parts = {}
    for r in rows:
        parts.setdefault((r["dataset"], r["gpu"]), set()).add(r["part"])
    check(parts == {("fixture/copy", "h100"): {"tune"}, ("fixture/copy", "a100"): {"heldout"},
                    ("fixture/sum", "h100"): {"heldout"}, ("fixture/sum", "a100"): {"heldout"},
                    ("fixture/sum", "no-such-gpu"): {"heldout"}}, "fixture parts: %r" % parts)
    check(len(rows) == 27, "27 fixture rows: %d" % len(rows))
    check(len(vs.load_rows(os.path.join(FIX, "data"), vs.read_split(os.path.join(FIX, "split.tsv")),
                           "sum")) == 13, "--only sum: the 13 rows of fixture/sum")

# --- small launches: 9.99 us is one, 10 us is not; APE 30 % is within, 30.1 % not;
# a small launch without a time is not within.
sm = [row(9.99, 9.99 * 1.3), row(5.0, 5.0 * 1.301), row(8.0, None), row(10.0, 100.0), row(2.0, 2.2)]
within, n, md = vs.small_launches(sm)
check((within, n) == (2, 4), "2 of 4 small launches within 30 %%: %r" % ((within, n),))
near(md, 30.0, "median APE of 30, 30.1 and 10")

# --- the targets' verdicts ---
def part_stats(**kw):
    s = vs.group_stats([row(10, 10)], "bn")
    s.update(kw)
    return s


g_ok = (("heldout", "s/d", "g"), part_stats(mdape=25.0, rho=0.8, rho_counts=True))
g_bad = (("heldout", "s/e", "g"), part_stats(mdape=25.1, rho=0.79, rho_counts=True))
g_few = (("heldout", "s/f", "g"), part_stats(mdape=1.0, rho=-1.0, rho_counts=False))
g_tune = (("tune", "s/t", "g"), part_stats(mdape=90.0, rho=-1.0, rho_counts=True))
ok = part_stats(missing=0, regrets={("s/d", "g", "o"): 1.10}, agree=9, pairs=10, small_within=4,
                small=4, knees={1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 2}, knee_ok=9)
lines = vs.targets([g_ok, g_few, g_tune], {"heldout": ok})
check(len(lines) == 7 and all(": PASS: " in l for l in lines), "every target met:\n" + "\n".join(lines))
bad = part_stats(missing=1, regrets={("s/d", "g", "o"): 1.11}, agree=8, pairs=10, small_within=3,
                 small=4, knees={1: 0, 2: 2}, knee_ok=1)
lines = vs.targets([g_ok, g_bad], {"heldout": bad})
check(len(lines) == 7 and all(": FAIL: " in l for l in lines), "every target missed:\n" + "\n".join(lines))
check(vs.named(["a", "b"]) == "; not: a, b" and vs.named(list("abcdefg")) == "; not: a, b, c, d, e and 2 more"
      and vs.named([]) == "", "failing names, the first five")
check("s/e g (25.1)" in lines[1] and "s/e g (0.79)" in lines[2] and "s/d" not in lines[1],
      "the failing group named: " + lines[1] + lines[2])
none = part_stats(regrets={}, pairs=0, agree=0, small=0, small_within=0, knees={}, knee_ok=0)
lines = vs.targets([g_few], {"heldout": none})
check([l.split(": ")[1] for l in lines[2:]] == ["n/a"] * 5, "no data: n/a\n" + "\n".join(lines))
check(vs.targets([g_tune], {"tune": ok}) == ["- no held-out rows scored (targets not checked)"],
      "tuning part only: no verdict")

# --- whole runs on the fixture ---
if len(sys.argv) > 1:
    kperf = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        pred, out = os.path.join(tmp, "p.csv"), os.path.join(tmp, "block.md")
        readme, accreadme = os.path.join(tmp, "README.md"), os.path.join(tmp, "ACC.md")
        with open(readme, "w") as f:
            f.write("# before\n\n%s\nold table\n%s\n\n## after\n" % (vs.MARK_BEGIN, vs.MARK_END))
        with open(accreadme, "w") as f:
            f.write("# accuracy\n\ntext\n")
        base = [sys.executable, SCORE, "--data", os.path.join(FIX, "data"), "--split",
                os.path.join(FIX, "split.tsv"), "--src", os.path.join(FIX, "src"), "--kperf", kperf,
                "--jobs", "2", "--cache", os.path.join(tmp, "cache")]

        def run(*extra):
            return subprocess.run(base + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  universal_newlines=True)
        p = run("--predictions", pred, "--out", out, "--readme", readme, "--accuracy-readme", accreadme)
        check(p.returncode == 0, "score.py ran: %s" % p.stderr)
        check("0 of 4 compiles from the cache" in p.stderr, "4 compiles (one per file, defines, args): "
              + p.stderr)
        lines = [l for l in p.stdout.splitlines() if l.startswith("| tune |") or l.startswith("| heldout |")]
        keys = [tuple(c.strip() for c in l.strip("|").split("|")[:3]) for l in lines]
        check(keys[:5] == [("tune", "fixture/copy", "h100"), ("heldout", "fixture/copy", "a100"),
                           ("heldout", "fixture/sum", "a100"), ("heldout", "fixture/sum", "h100"),
                           ("heldout", "fixture/sum", "no-such-gpu")], "groups, tuning first: %r" % keys)
        check([k[0] for k in keys[5:]] == ["tune", "heldout"], "then the parts: %r" % keys[5:])
        # The predictions: every row, a time but on the GPU the database lacks.
        prow = list(csv.DictReader(open(pred))) if os.path.exists(pred) else []
        check(len(prow) == 27, "27 predictions: %d" % len(prow))
        for r in prow:
            if r["gpu"] == "no-such-gpu":
                check(r["predicted_us"] == "" and r["why"].startswith("missing GPU"), "missing GPU row: %r" % r)
            else:
                check(r["predicted_us"] != "" and float(r["predicted_us"]) > 0, "a time: %r" % r)
        check("- rows without a time = 0: FAIL: 1 of 20 rows (missing GPU)" in p.stdout,
              "the row without a time fails the target")
        # The tables are the statistics of the predictions written.
        rows = vs.load_rows(os.path.join(FIX, "data"), vs.read_split(os.path.join(FIX, "split.tsv")))
        for r, q in zip(rows, prow):
            r["pred"] = float(q["predicted_us"]) if q["predicted_us"] else None
            r["why"] = {"": q["why"]}
        text, per_group, per_part = vs.tables(rows, "bn")
        check(text == p.stdout.split("\n\n27 rows")[0] + "\n", "tables = statistics of the predictions")
        hs = per_part.get("heldout", {})
        check(hs.get("pairs") == 14, "14 variant pairs held out (7 per GPU of fixture/sum): %r" % hs.get("pairs"))
        check(len(hs.get("knees", {})) == 3 and hs.get("small") == 12,
              "3 held-out series, 12 small launches: %r" % ((hs.get("knees"), hs.get("small")),))
        check("\n".join(vs.targets(per_group, per_part)) in p.stdout, "targets of these statistics")
        # One row as a single `kperf predict` gives it (bn and, with --model kp, kp).
        r0 = prow[8]
        cmd = [kperf, "predict", os.path.join(FIX, "src", r0["file"]), "--kernel", r0["kernel"],
               "--grid", r0["grid"], "--block", r0["block"], "--gpu", r0["gpu"], "--json",
               "--ptxas", "off", "--arg", r0["args"]]
        q = subprocess.run(cmd, stdout=subprocess.PIPE, universal_newlines=True)
        one = json.loads(q.stdout) if q.returncode == 0 else {}
        near(float(r0["predicted_us"]), one.get("models", {}).get("bn", float("nan")), "batch = single predict",
             eps=1e-5)
        pk = os.path.join(tmp, "pk.csv")
        p3 = run("--model", "kp", "--predictions", pk)
        check(p3.returncode == 0 and "4 of 4 compiles from the cache" in p3.stderr, "--model kp from the cache")
        near(float(list(csv.DictReader(open(pk)))[8]["predicted_us"]) if os.path.exists(pk) else 0,
             one.get("models", {}).get("kp", float("nan")), "--model kp = single predict's kp", eps=1e-5)
        # Again: the same output (deterministic), the README blocks replaced, not added.
        p2 = run("--readme", readme, "--accuracy-readme", accreadme)
        check(p2.stdout == p.stdout, "second run, same output")
        s = open(readme).read()
        check(s.startswith("# before\n\n" + vs.MARK_BEGIN) and s.endswith(vs.MARK_END + "\n\n## after\n")
              and "old table" not in s and s.count(vs.MARK_BEGIN) == 1 and "| tune | fixture/copy |" in s,
              "README block replaced in place:\n" + s[:300])
        s = open(accreadme).read()
        check(s.startswith("# accuracy\n\ntext\n\n" + vs.ACCURACY_HEADING + "\n\n" + vs.MARK_BEGIN)
              and s.count(vs.ACCURACY_HEADING) == 1 and s.count(vs.MARK_END) == 1,
              "accuracy README: the section appended once:\n" + s[:300])
        check(os.path.exists(out) and open(out).read().split("\n\n", 2)[2] ==
              s.split("\n\n", 5)[5], "--out = the README block")
        # --part tune: the tuning part only, no verdict.
        p4 = run("--part", "tune")
        check(p4.returncode == 0 and "| heldout |" not in p4.stdout and "| tune | fixture/copy | h100 |" in p4.stdout
              and "no held-out rows scored" in p4.stdout, "--part tune:\n" + p4.stdout)
        # A split without a GPU of the data: an error naming it.
        bad = os.path.join(tmp, "bad.tsv")
        with open(bad, "w") as f:
            f.write("".join(l for l in open(os.path.join(FIX, "split.tsv")) if "a100" not in l))
        p5 = subprocess.run(base[:5] + [bad] + base[6:], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True)
        check(p5.returncode == 2 and "gpu a100" in p5.stderr and not p5.stdout, "split error: " + p5.stderr)

finish("test_validation")
