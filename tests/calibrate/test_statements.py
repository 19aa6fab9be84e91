#!/usr/bin/env python3
"""Tests of bench/accuracy/statements.py without the public sources: reading a
statement at a size (values worked out by hand), the ties it must hold, the
launch it writes, and a whole run on the canned CSV of a kernel of this
repository (tests/calibrate/public; the measured times there are invented).

  test_statements.py KPERF   (the kperf binary)"""
import csv
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import ACC, DATA, check, finish, near  # noqa: E402
import statements  # noqa: E402

# --- reading a statement ---
pts = [{"value": 1 << 12, "predicted_us": 2.0}, {"value": 1 << 16, "predicted_us": 4.0},
       {"value": 1 << 20, "predicted_us": 20.0}, {"value": 1 << 24, "predicted_us": 320.0}]
lin = {"points": pts, "flat": False, "growth": 1.0, "per_2_20_us": 20.0}
t, how = statements.read_statement(lin, 1 << 16)
check(how == "point" and t == 4.0, "a listed point: %r %r" % (t, how))
# Halfway between 2^16 and 2^20 (in n, not in log n): halfway between 4 and 20 us.
t, how = statements.read_statement(lin, ((1 << 16) + (1 << 20)) // 2)
check(how == "between", "between two points: " + how)
near(t, 12.0, "linear between two points")
# 2^24 + 2^21: the slope per 2^20 twice past the last point.
t, how = statements.read_statement(lin, (1 << 24) + (1 << 21))
check(how == "past", "past the last point: " + how)
near(t, 360.0, "the slope per 2^20 past the last point")
t, how = statements.read_statement(lin, 100)
check(how == "below" and t == 2.0, "below the first point: its time (%r %r)" % (t, how))
# Not linear: the growth exponent past the last point (n^2: 4x at twice the size).
sq = {"points": pts, "flat": False, "growth": 2.0, "per_2_20_us": None}
t, how = statements.read_statement(sq, 1 << 25)
near(t, 1280.0, "growth exponent past the last point")
t, how = statements.read_statement({"points": pts, "flat": True}, 12345)
check(how == "flat" and t == 320.0, "flat: the time at every size")
t, how = statements.read_statement({"points": []}, 5)
check(t is None and "without points" in how, "no points: no time")

# --- ties ---
s = {"ties": [{"variable": "h", "as": "equal", "divisor": 1}]}
check(statements.ties_hold(s, 4096, {"w": 4096, "h": 4096}) is None, "h = w holds at a square")
why = statements.ties_hold(s, 4096, {"w": 4096, "h": 2048})
check(why == "the statement takes h = 4096; measured at h = 2048", "h = w fails: %r" % why)
s = {"ties": [{"variable": "h", "as": "fixed", "divisor": 1}]}
check("takes h = 1" in (statements.ties_hold(s, 4096, {"h": 4096}) or ""), "h = 1 fails at 4096")
s = {"ties": [{"variable": "blocks", "as": "grid", "divisor": 256}]}
check(statements.ties_hold(s, 1000, {"blocks": 4}) is None, "blocks = ceil(1000/256) = 4 holds")
check(statements.ties_hold(s, 1000, {"blocks": 3}) is not None, "blocks = 3 does not")
check(statements.ties_hold(s, 1000, {}) is None, "a variable the bench does not know: not checked")

# --- the launch written for a row ---
facts = {"kernel": "k", "decl": "__global__ void k(float *o, int n)", "params": "float *o",
         "call": "o, n", "sizes": [("n", 1000, ["block_size_x", "tile"])]}
row = {"grid": (63, 1, 1), "block": (8, 1, 1), "smem": 0,
       "defines": [("block_size_x", "8"), ("tile", "2")]}
text, x = statements.driver(facts, row)
check(x == 1000 and "dim3 grid((n + 16 - 1) / 16);" in text and "k<<<grid, block, 0>>>(o, n);"
      in text and "void kperf_statement_launch(float *o, int n)" in text, "launch: %r" % text)
row["grid"] = (62, 1, 1)
text, why = statements.driver(facts, row)
check(text is None and why == "grid (62, 1, 1) is not ceil(1000 / 16)", "grid mismatch: %r" % why)

# --- a whole run ---
if len(sys.argv) > 1:
    kperf = sys.argv[1]
    # tests/calibrate/public's tile kernel, launched as a tuner would: n = 1024,
    # ceil(n / (block_size_x * tile_size)) blocks.
    statements.FACTS["tile/tile.cu"] = {
        "kernel": "tile_copy", "decl": "__global__ void tile_copy(float *out, const float *in, int n)",
        "params": "float *out, const float *in", "call": "out, in, n",
        "sizes": [("n", 1024, ["block_size_x", "tile_size"])]}
    with tempfile.TemporaryDirectory() as tmp:
        rows, out = os.path.join(tmp, "r.csv"), os.path.join(tmp, "t.md")
        rc = statements.main(["--measured", os.path.join(DATA, "measured"), "--src",
                              os.path.join(DATA, "src"), "--kperf", kperf, "--all", "--only",
                              "tile__H100", "--jobs", "2", "--rows", rows, "--out", out])
        check(rc == 0, "statements.py ran")
        got = list(csv.DictReader(open(rows)))
        check(len(got) == 5, "5 rows: %d" % len(got))
        # The second row's grid (32) is not ceil(1024 / 64): no statement for it.
        bad = [r for r in got if r["grid"] == "32,1,1"]
        check(len(bad) == 1 and bad[0]["stmt_us"] == "" and "is not ceil(1024 / 64)" in bad[0]["why"],
              "a row launched otherwise is not read: %r" % bad)
        ok = [r for r in got if r["stmt_us"]]
        check(len(ok) == 4 and all(r["how"] == "below" for r in ok),
              "n = 1024 lies below the statement's first point (2^12): %r" % [r["how"] for r in ok])
        # What was read is the statement kperf predict --sites gives for that launch.
        r0 = ok[0]
        facts = statements.FACTS["tile/tile.cu"]
        with open(os.path.join(tmp, "l.h"), "w") as f:
            row0 = {"grid": tuple(int(v) for v in r0["grid"].split(",")),
                    "block": tuple(int(v) for v in r0["block"].split(",")), "smem": 0,
                    "defines": [tuple(d.split("=")) for d in r0["defines"].split(";")]}
            f.write(facts["decl"] + ";\n" + statements.driver(facts, row0)[0])
        cmd = [kperf, "predict", os.path.join(DATA, "src", "tile", "tile.cu"), "--sites", "--gpu",
               "h100", "--json", "--ptxas", "off"] + ["-D%s=%s" % d for d in row0["defines"]]
        q = subprocess.run(cmd + ["--", "-include", os.path.join(tmp, "l.h")],
                           stdout=subprocess.PIPE, universal_newlines=True)
        sites = json.loads(q.stdout) if q.returncode == 0 else []
        mine = [l for l in sites if l.get("loc", "").startswith(os.path.join(tmp, "l.h"))]
        first = (mine[0].get("scaling") or {}).get("points", [{}])[0] if mine else {}
        check(first.get("value") == 4096, "the statement's first point is 2^12: %r" % first)
        near(float(r0["stmt_us"]), first.get("predicted_us", float("nan")), "read = kperf's statement",
             eps=1e-5)
        table = open(out).read()
        check(statements.MARK_BEGIN in table and
              "| tile | H100 (h100) | 5 | 1 (grid (32, 1, 1) is not ceil(1024 / 64)) | below 4 |" in table,
              "the table's row: %r" % [l for l in table.splitlines() if l.startswith("| tile")])

finish("test_statements")
