#!/usr/bin/env python3
"""Tests of bench/accuracy without a GPU: score.py's statistics on a canned CSV
with hand-computed values, the CSV format, the kperf adapter and the corpus."""
import io
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import ACC, SRC, check, finish, near  # noqa: E402
import csvio  # noqa: E402
import score  # noqa: E402
import sweep  # noqa: E402

CANNED = os.path.join(SRC, "tests", "calibrate", "canned-results.csv")


# --- statistics by hand ---
check(score.ranks([5, 5, 10, 20]) == [1.5, 1.5, 3.0, 4.0], "ranks with ties")
check(score.ranks([3, 1, 2]) == [3.0, 1.0, 2.0], "ranks")
check(score.ranks([7, 7, 7]) == [2.0, 2.0, 2.0], "all tied")
near(score.spearman([1, 2, 3, 4], [10, 20, 30, 40]), 1.0, "rho monotone")
near(score.spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1.0, "rho reversed")
near(score.spearman([5, 5, 10, 20], [8, 4, 4, 30]), 0.5, "rho ties both sides")
check(score.spearman([1, 1], [2, 3]) != score.spearman([1, 1], [2, 3]), "rho undefined (NaN) when constant")
near(score.mape([(10, 12), (20, 18)]), 15.0, "mape")
near(score.median([3, 1, 2, 10]), 2.5, "median even")

rows = csvio.read_rows(CANNED)
groups, overall = score.score(rows)
check(len(groups) == 2, "two groups (n=100, n=200)")
g1, g2 = groups
# n=100: measured 10 20 30 40, predicted 12 18 30 50: APE 20 10 0 25
near(g1["mape"], 13.75, "g1 MAPE")
near(g1["median_ape"], 15.0, "g1 median APE")
near(g1["spearman"], 1.0, "g1 rho")
near(g1["slowdown"], 0.0, "g1 slowdown")
# n=200: measured 5 5 10 20, predicted 8 8 4 30: APE 60 60 60 50;
# ranks 1.5 1.5 3 4 vs 2.5 2.5 1 4 -> rho = 1.5 / 4.5; the fastest predicted
# (4 us) measured 10 us, the fastest measured is 5 us: 100 % slower
near(g2["mape"], 57.5, "g2 MAPE")
near(g2["median_ape"], 60.0, "g2 median APE")
near(g2["spearman"], 1.0 / 3.0, "g2 rho")
near(g2["slowdown"], 100.0, "g2 slowdown")
near(overall["mape"], 35.625, "overall MAPE")
near(overall["median_ape"], 37.5, "overall median APE")
near(overall["median_spearman"], 2.0 / 3.0, "overall median rho")
check(overall["best_picked"] == 1 and overall["groups"] == 2, "best picked 1 of 2")

# --- the CSV format: columns, quoting, round trip ---
buf = io.StringIO()
src_rows = [{"kernel": "matmul_tiled", "file": "bench/accuracy/kernels/workloads.cu", "grid": (64, 64, 1),
             "block": (16, 8, 1), "smem": 0, "args": [("n", 1024)], "defines": [("TILE", 16), ("COARSE", 2)],
             "measured_us": 123.456789},
            {"kernel": "scan_block_dyn", "file": "f.cu", "grid": "4096,1,1", "block": "256,1,1", "smem": 2048,
             "args": "n=1048576", "defines": "", "measured_us": 7.0}]
csvio.write_rows(buf, src_rows)
text = buf.getvalue()
check(text.splitlines()[0] == "kernel,file,grid,block,smem,args,defines,measured_us", "header")
check(text.splitlines()[1] == 'matmul_tiled,bench/accuracy/kernels/workloads.cu,"64,64,1","16,8,1",0,n=1024,'
      'TILE=16;COARSE=2,123.4568', "row text: " + text.splitlines()[1])
back = csvio.read_rows(io.StringIO(text))
check(back[0]["grid"] == (64, 64, 1) and back[0]["block"] == (16, 8, 1), "dims round trip")
check(back[0]["defines"] == [("TILE", "16"), ("COARSE", "2")], "defines round trip")
check(back[1]["smem"] == 2048 and back[1]["args"] == [("n", "1048576")] and back[1]["defines"] == [], "row 2")
near(back[1]["measured_us"], 7.0, "measured")
check(csvio.parse_dim("128") == (128, 1, 1), "short dims")
for bad in ("kernel,file\nx,y\n", "kernel,file,grid,block,smem,args,defines,measured_us\nk,f,\"0,1,1\",\"1,1,1\",0,,,1\n"):
    try:
        csvio.read_rows(io.StringIO(bad))
        check(False, "accepted bad CSV %r" % bad)
    except ValueError:
        pass

# --- the kperf predict adapter ---
cmd = score.predict_cmd(back[0], "h100", "kperf")
check(cmd[1:3] == ["predict", os.path.join(score.ROOT, "bench/accuracy/kernels/workloads.cu")], "cmd file")
check(cmd[3:] == ["--kernel", "matmul_tiled", "--grid", "64,64,1", "--block", "16,8,1", "--arg", "n=1024",
                  "-DTILE=16", "-DCOARSE=2", "--gpu", "h100", "--json"], "cmd: %r" % cmd)
check("--smem" in score.predict_cmd(back[1], "h100") and "2048" in score.predict_cmd(back[1], "h100"), "smem")
with tempfile.TemporaryDirectory() as tmp:
    fake = os.path.join(tmp, "kperf")
    with open(fake, "w") as f:
        f.write('#!/bin/sh\necho \'{"kernel": "x", "predicted_us": 12.5}\'\n')
    os.chmod(fake, 0o755)
    near(score.predict_us(back[0], "h100", fake), 12.5, "adapter parses JSON")
    nocol = os.path.join(tmp, "m.csv")
    csvio.write_rows(nocol, src_rows)
    p = subprocess.run([sys.executable, os.path.join(ACC, "score.py"), nocol, "--gpu", "h100", "--kperf", fake],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    check(p.returncode == 0 and "all: 2 rows" in p.stdout, "score.py with a fake kperf: %s %s" % (p.stdout, p.stderr))
    p = subprocess.run([sys.executable, os.path.join(ACC, "score.py"), CANNED], stdout=subprocess.PIPE,
                       universal_newlines=True)
    check(p.returncode == 0 and "MAPE 35.6%" in p.stdout and "fastest in 1 of 2 groups" in p.stdout,
          "score.py on the canned CSV: " + p.stdout)

# --- the corpus ---
corpus = sweep.load_corpus()
check(len(corpus) >= 30, "at least 30 kernels (%d)" % len(corpus))
for k in corpus:
    check(os.path.exists(os.path.join(SRC, k["file"])), "file of %s" % k["kernel"])
    check(len(k["sizes"]) >= 2, "%s: >= 2 sizes" % k["kernel"])
    check(len(k["configs"]) >= 6, "%s: >= 6 configurations" % k["kernel"])
runs = sweep.expand(corpus)
for r in runs:
    threads = r["block"][0] * r["block"][1] * r["block"][2]
    check(1 <= threads <= 1024, "%s: block %r" % (r["kernel"], r["block"]))
    check(all(g >= 1 for g in r["grid"]), "%s: grid %r" % (r["kernel"], r["grid"]))
    check(r["smem"] <= 48 * 1024, "%s: smem %d" % (r["kernel"], r["smem"]))
    for s in r["specs"]:
        if s.startswith("buf:"):
            check(int(s.split(":")[2]) > 0, "%s: empty buffer %s" % (r["kernel"], s))
keys = {(r["kernel"], csvio.fmt_pairs(r["args"])) for r in runs}
for kern, args in keys:
    n = len({(r["grid"], r["block"], tuple(r["defines"]), r["smem"]) for r in runs
             if r["kernel"] == kern and csvio.fmt_pairs(r["args"]) == args})
    check(n >= 6, "%s %s: %d distinct configurations" % (kern, args, n))
near(sweep.evaluate("cdiv(n-2,bx)", {"n": 1000, "bx": 256}), 4, "cdiv")
near(sweep.evaluate("TILE/COARSE", {"TILE": 32, "COARSE": 4}), 8, "integer division")

finish("test_accuracy")
