#!/usr/bin/env python3
"""Tests of bench/accuracy/public.py without the public sources: its statistics
on pairs whose MAPE, median APE, rho, regret and median ratio are worked out by
hand, the deterministic sample, and a whole run on a tiny canned CSV of a
kernel of this repository (tests/calibrate/public; the measured times there
are invented), one GPU of the database, one missing GPU and one AMD GPU.

  test_public.py KPERF   (the kperf binary)"""
import csv
import io
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import ACC, DATA, check, finish, near  # noqa: E402
import csvio  # noqa: E402
import public  # noqa: E402


# --- statistics by hand ---
# APEs 20, 10, 25, 0; same order measured and predicted; the fastest predicted
# (12) is the fastest measured (10); ratios 1.2, 0.9, 1.25, 1.0.
s = public.stats([(10, 12), (20, 18), (40, 50), (30, 30)])
near(s["mape"], 13.75, "MAPE")
near(s["mdape"], 15.0, "median APE")
near(s["rho"], 1.0, "rho")
near(s["regret"], 1.0, "regret when the best is found")
near(s["ratio"], 1.1, "median pred/meas")
# APEs 200, 50, 50; ranks measured 1 2 3, predicted 3 1 2: rho = 1 - 6*6/(3*8) = -0.5;
# the fastest predicted (10) ran 20 us, the fastest 10 us: regret 2.
s = public.stats([(10, 30), (20, 10), (40, 20)])
near(s["mape"], 100.0, "MAPE 2")
near(s["mdape"], 50.0, "median APE 2")
near(s["rho"], -0.5, "rho 2")
near(s["regret"], 2.0, "regret 2")
near(s["ratio"], 0.5, "median pred/meas 2")
s = public.stats([])
check(all(math.isnan(v) for v in s.values()), "no pairs: every statistic NaN")
check(public.common_reason(["b", "a", "b", "a", "c"]) == "a", "most common reason, ties alphabetical")
check(public.common_reason([]) == "", "no reasons")

# --- the sample: deterministic, the same configurations whatever the row order ---
rows = csvio.read_rows(os.path.join(DATA, "measured", "tile__H100.csv"))
a = [public.config_key(r) for r in public.sample(rows, 3)]
b = [public.config_key(r) for r in public.sample(list(reversed(rows)), 3)]
check(len(a) == 3 and a == b, "sample independent of row order: %r %r" % (a, b))
check(len(public.sample(rows, None)) == len(rows) and len(public.sample(rows, 99)) == len(rows),
      "all rows")

# --- a whole run ---
if len(sys.argv) > 1:
    kperf = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        out, pred = os.path.join(tmp, "t.md"), os.path.join(tmp, "p.csv")
        cmd = [sys.executable, os.path.join(ACC, "public.py"), "--measured",
               os.path.join(DATA, "measured"), "--src", os.path.join(DATA, "src"),
               "--kperf", kperf, "--all", "--jobs", "2", "--out", out, "--predictions", pred,
               "--cache", os.path.join(tmp, "cache")]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        check(p.returncode == 0, "public.py ran: %s" % p.stderr)
        text = p.stdout
        # Again: every compile from the cache, the same table.
        p2 = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True)
        check("4 kperf compiles (one per source, defines and args; 4 of them from the cache)"
              in p2.stdout, "second run from the cache: " + p2.stdout.splitlines()[-1])
        check(p2.stdout.split("\n\n")[0] == text.split("\n\n")[0], "cached run, same table")
        check("; 0 of them from the cache" in text, "first run compiles")
        lines = [l for l in text.splitlines() if l.startswith("| tile |")]
        by = {}
        for l in lines:
            cells = [c.strip() for c in l.strip("|").split("|")]
            by[(cells[1], cells[2])] = cells
        h = by.get(("H100 (h100)", "kp"))
        check(h is not None and h[3] == "5" and h[4] == "0",
              "h100 kp: 5 rows, no failure (trip count derived): %r" % (h,))
        for m in public.MODELS:
            c = by.get(("NO_SUCH_GPU (no-such-gpu)", m))
            check(c is not None and c[4].startswith("5 (missing GPU"),
                  "missing GPU is the reason of every row (%s): %r" % (m, c))
        # An AMD CSV is predicted for its AMD GPU of the database.
        for m in public.MODELS:
            c = by.get(("MI250X (mi250x)", m))
            check(c is not None and c[3] == "5" and c[4] == "0",
                  "AMD CSV predicted on mi250x, no failure (%s): %r" % (m, c))
        check("skipped" not in text.splitlines()[-1], "nothing skipped")
        # 4 distinct define sets (two rows share one), compiled once each for every GPU.
        check("15 rows of 3 CSVs, 4 kperf compiles (" in text, "one compile per define set: " +
              text.splitlines()[-1])
        check(os.path.exists(out) and public.MARK_BEGIN in open(out).read(), "--out written")
        # The table's statistics are those of the predictions written.
        prow = [r for r in csv.DictReader(open(pred)) if r["gpu"] == "h100"]
        pairs = [(float(r["measured_us"]), float(r["pred_kp"])) for r in prow]
        check(len(pairs) == 5 and all(t > 0 for _, t in pairs), "5 kp predictions")
        s = public.stats(pairs)
        check(h is not None and h[5] == "%.1f" % s["mape"] and h[7] == "%.2f" % s["rho"] and
              h[8] == "%.2f" % s["regret"], "table = statistics of the predictions")
        # The batch gives what a single `kperf predict` gives.
        r0 = prow[0]
        cmd = [kperf, "predict", os.path.join(DATA, "src", r0["file"]), "--kernel", r0["kernel"],
               "--grid", r0["grid"], "--block", r0["block"], "--gpu", "h100", "--json"]
        cmd += ["--arg", r0["args"]] + ["-D" + d for d in r0["defines"].split(";")]
        q = subprocess.run(cmd, stdout=subprocess.PIPE, universal_newlines=True)
        one = json.loads(q.stdout) if q.returncode == 0 else {}
        near(float(r0["pred_bn"]), one.get("predicted_us", float("nan")), "batch = single predict",
             eps=1e-5)
        for m in public.MODELS:
            near(float(r0["pred_" + m]), one.get("models", {}).get(m, float("nan")),
                 "batch = single predict (%s)" % m, eps=1e-5)
        # The default model's limit and runner-up, as the single predict names them.
        want = "%s/%s %.2f" % (one.get("bound"), one.get("bound2", ""), one.get("bound2_ratio") or 0)
        check(r0.get("bound") == want, "bound column %r, predict says %r" % (r0.get("bound"), want))

# --- hub.py: Kernel Tuner caches (invented here) to bench CSVs ---
import gzip  # noqa: E402
import hub  # noqa: E402
with tempfile.TemporaryDirectory() as tmp:
    repo, out = os.path.join(tmp, "hub"), os.path.join(tmp, "out")
    os.makedirs(os.path.join(repo, "cachefiles", "dedispersion_milo"))
    os.makedirs(os.path.join(repo, "kernels", "dedisp_milo"))
    for f in ("dedispersion.cu", "dedispersion.h"):
        with open(os.path.join(repo, "kernels", "dedisp_milo", f), "w") as fh:
            fh.write("// %s\n" % f)
    keys = ["block_size_x", "block_size_y", "block_size_z", "tile_size_x"]

    def entry(bx, by, tx, t):
        return {"block_size_x": bx, "block_size_y": by, "block_size_z": 1, "tile_size_x": tx,
                "time": t, "times": [t]}
    cache = {"device_name": "Some GPU", "tune_params_keys": keys, "cache": {
        "a": entry(16, 32, 2, 1.5), "b": entry(3, 7, 1, 0.25),
        "c": entry(16, 32, 1, "RuntimeFailedConfig"), "d": entry(8, 8, 1, 1e20 * 1e300)}}
    for name in ("G1.json.gz", "G1_T4.json.gz"):
        with open(os.path.join(repo, "cachefiles", "dedispersion_milo", name), "wb") as fh:
            fh.write(gzip.compress(json.dumps(cache).encode()))
    p = subprocess.run([sys.executable, os.path.join(ACC, "hub.py"), repo, out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    check(p.returncode == 0, "hub.py ran: %s" % p.stderr)
    check("hotspot_milo: kernels/hotspot_milo.cu not in" in p.stdout, "missing source reported: " + p.stdout)
    check(sorted(os.listdir(out)) == ["dedispersion_milo__G1.csv", "src"], "one CSV (no _T4): %r" %
          sorted(os.listdir(out)))
    check(os.path.exists(os.path.join(out, "src", "dedispersion_milo", "dedispersion.h")), "header copied")
    got = {tuple(r["block"]): r for r in csvio.read_rows(os.path.join(out, "dedispersion_milo__G1.csv"))}
    check(sorted(got) == [(3, 7, 1), (16, 32, 1)], "failed and infinite times dropped: %r" % sorted(got))
    r = got.get((3, 7, 1))
    # ceil(25000 / 3), ceil(2048 / 7): the tile size does not divide the grid here.
    check(r is not None and list(r["grid"]) == [8334, 293, 1], "default grid divisors: %r" % (r,))
    check(r is not None and abs(r["measured_us"] - 250.0) < 1e-9, "ms -> us")
    r = got.get((16, 32, 1))
    check(r is not None and list(r["grid"]) == [1563, 64, 1] and r["kernel"] == "dedispersion_kernel"
          and r["file"] == "dedispersion_milo/dedispersion.cu", "row of (16, 32): %r" % (r,))
    check(r is not None and ("tile_size_x", "2") in [tuple(d) for d in r["defines"]] and
          ("grid_size_x", "1563") in [tuple(d) for d in r["defines"]], "defines: %r" % (r,))
# A kernel whose tuner divides the grid by the tile size too.
g = hub.grid_of(hub.KERNELS["hotspot_milo"], {"block_size_x": 32, "tile_size_x": 3,
                                               "block_size_y": 4, "tile_size_y": 5})
check(g == [43, 205, 1], "grid divided by block and tile: %r" % (g,))

finish("test_public")
