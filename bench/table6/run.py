#!/usr/bin/env python3
"""Seed 001's Table 6 through kperf: W, I, v, v/I and predicted times for the
GTX 940MX at the table's launch configurations, next to the paper's columns,
and the Spearman correlation of kperf's ranking with the measured ranks.

usage: python3 bench/table6/run.py [--kperf PATH] [--db PATH] [--max-blocks-per-sm N]
(python3 standard library only)."""
import argparse, json, math, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "accuracy"))
from score import spearman  # noqa: E402  (the statistics of bench/accuracy)
ROOT = os.path.dirname(os.path.dirname(HERE))

# <g,b>, K measured, W, I, v, v/I, sort, rank (None: not in the paper's ranking)
PAPER = [
    (15, 128, 32022, 20, 3.2, 4, 1.25, 1, 2),
    (12, 160, 32001, 20, 3, 5, 1.67, 2, 1),
    (6, 320, 32107.44, 20, 3, 10, 3.33, 3, 4),
    (3, 640, 32022.11, 20, 3, 20, 6.67, 4, 3),
    (60, 32, 32185.67, 20, 0.8, 1, 1, 5, 6),
    (30, 64, 32221.44, 20, 1.6, 2, 1.25, 6, 7),
    (20, 96, 32164.22, 21, 2.29, 3, 1.31, 7, 5),
    (10, 192, 32438.22, 24, 2.5, 6, 2.4, 8, 9),
    (5, 384, 32377.78, 24, 2.5, 12, 4.8, 9, 8),
    (4, 480, 36246.33, 30, 2, 15, 7.5, 10, 10),
    (2, 960, 36335.22, 30, 2, 30, 15, 11, 11),
    (8, 256, 32090.1, 24, None, None, None, None, None),
    (4, 512, 32909.4, 28, None, None, None, None, None),
    (2, 1024, 36567.4, 32, None, None, None, None, None),
]
PAPER_RHO = 0.945


def predict(kperf, db, g, b, cap, model):
    cmd = [kperf, "predict", os.path.join(HERE, "vecadd.cu"), "--kernel", "VecAdd",
           "--grid", str(g), "--block", str(b), "--arg", "N=1920", "--gpu", "gtx940mx",
           "--model", model, "--json"]
    if cap:
        cmd += ["--max-blocks-per-sm", str(cap)]
    if db:
        cmd += ["--db", db]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def fmt(x, spec="{:.3g}"):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else spec.format(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kperf", default=os.environ.get("KPERF", os.path.join(ROOT, "build", "bin", "kperf")))
    ap.add_argument("--db", default=os.environ.get("KPERF_DB"))
    ap.add_argument("--max-blocks-per-sm", type=int, default=16,
                    help="occupancy cap (16 reproduces the paper's I column; 0: the database's)")
    a = ap.parse_args()
    rows = []
    for (g, b, K, W, I, v, vI, sort, rank) in PAPER:
        kp = predict(a.kperf, a.db, g, b, a.max_blocks_per_sm, "kp")
        qu = predict(a.kperf, a.db, g, b, a.max_blocks_per_sm, "qu")
        num = lambda d, k: d.get(k) if isinstance(d.get(k), (int, float)) else float("nan")
        rows.append(dict(g=g, b=b, K=K, W=W, I=I, v=v, vI=vI, sort=sort, rank=rank,
                         kW=num(kp, "W"), kI=num(kp, "I"), kv=num(kp, "v"), kvI=num(kp, "v_over_I"),
                         t_kp=num(kp, "predicted_us"), t_qu=num(qu, "predicted_us"),
                         K_qu=num(qu.get("breakdown", {}), "qu_K"),
                         occ=kp.get("occupancy", {}).get("active_blocks_per_sm")))
    print("GTX 940MX, VecAdd N=1920, 50 ops/element; occupancy cap: %s blocks/SM"
          % (a.max_blocks_per_sm or "database"))
    print("%-10s | %8s %4s %5s %3s %5s %4s %4s | %5s %5s %3s %5s %10s %10s %7s" %
          ("<g,b>", "K", "W", "I", "v", "v/I", "sort", "rank",
           "kW", "kI", "kv", "kv/I", "kp us", "qu us", "qu K"))
    for r in rows:
        print("%-10s | %8s %4s %5s %3s %5s %4s %4s | %5s %5s %3s %5s %10s %10s %7s" % (
            "<%d,%d>" % (r["g"], r["b"]), fmt(r["K"], "{:.0f}"), r["W"], fmt(r["I"]), fmt(r["v"]),
            fmt(r["vI"]), fmt(r["sort"]), fmt(r["rank"]), fmt(r["kW"]), fmt(r["kI"]),
            fmt(r["kv"]), fmt(r["kvI"]), fmt(r["t_kp"], "{:.4g}"), fmt(r["t_qu"], "{:.4g}"),
            fmt(r["K_qu"], "{:.4g}")))
    ranked = [r for r in rows if r["rank"] is not None]
    meas = [r["rank"] for r in ranked]
    print()
    print("Spearman rho against the measured rank (11 ranked rows):")
    print("  paper's own order (sort)         %.3f  (the paper reports %.3f)"
          % (spearman([r["sort"] for r in ranked], meas), PAPER_RHO))
    for key, label in (("t_kp", "kperf kp predicted time"), ("t_qu", "kperf qu predicted time"),
                       ("K_qu", "kperf qu K (time / warp time)")):
        xs = [r[key] for r in ranked]
        if any(math.isnan(x) for x in xs):
            print("  %-32s unknown (NaN: a GPU fact is missing)" % label)
        elif len(set(xs)) == 1:
            print("  %-32s undefined (every prediction is %.4g: no ranking)" % (label, xs[0]))
        else:
            print("  %-32s %.3f" % (label, spearman(xs, meas)))
    lex = [(r["kW"], r["kvI"]) for r in ranked]
    print("  %-32s %.3f" % ("kperf (W, v/I) lexicographic", spearman(lex, meas)))
    print("  %-32s %.3f" % ("kperf v/I alone", spearman([r["kvI"] for r in ranked], meas)))
    print("  %-32s %.3f" % ("measured K (sanity: ~1)", spearman([r["K"] for r in ranked], meas)))
    all_k = [r["K"] for r in rows]
    print("Spearman rho against the measured K (all 14 rows):")
    for key, label in (("t_kp", "kperf kp predicted time"), ("K_qu", "kperf qu K"),
                       ("kW", "kperf W")):
        xs = [r[key] for r in rows]
        if any(math.isnan(x) for x in xs):
            print("  %-32s unknown (NaN)" % label)
        elif len(set(xs)) == 1:
            print("  %-32s undefined (all equal)" % label)
        else:
            print("  %-32s %.3f" % (label, spearman(xs, all_k)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
