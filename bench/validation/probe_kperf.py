#!/usr/bin/env python3
"""Run kperf predict on one row per (file, kernel) of the validation CSVs.

usage: probe_kperf.py SRC_DIR [--kperf PATH] [--all-rows N]

Prints, per kernel, whether kperf gives a time, the time, the measured one
and kperf's reason when it gives none.  SRC_DIR is what fetch_sources.py
filled.
"""
import argparse
import csv
import glob
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
CLANG_ARGS = ["--", "-isystem", "/usr/local/cuda/include/cccl",
              "-Wno-unknown-cuda-version"]


def predict(kperf, src, r):
    cmd = [kperf, "predict", os.path.join(src, r["file"]), "--kernel", r["kernel"],
           "--grid", r["grid"], "--block", r["block"], "--smem", r["smem"] or "0",
           "--gpu", r["gpu"], "--json"]
    for a in filter(None, r["args"].split(";")):
        cmd += ["--arg", a]
    for d in filter(None, r["defines"].split(";")):
        cmd += ["-D" + d]
    p = subprocess.run(cmd + CLANG_ARGS, capture_output=True, text=True)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        return None, (p.stderr or p.stdout).strip().splitlines()[-1:] or ["no output"]
    if d.get("ok") and d.get("predicted_us") is not None:
        return d["predicted_us"], d.get("bound")
    return None, d.get("why") or d.get("reason") or str(d)[:200]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--kperf", default="/work/main/build/bin/kperf")
    a = ap.parse_args()
    seen = set()
    for path in sorted(glob.glob(os.path.join(HERE, "data", "*", "*.csv"))):
        for r in csv.DictReader(open(path)):
            key = (r["file"], r["kernel"])
            if key in seen:
                continue
            seen.add(key)
            t, info = predict(a.kperf, a.src, r)
            print("%-40s %-55s %-14s %s" % (
                r["kernel"], r["file"], r["gpu"],
                ("predicted %.4g us (measured %s, %s)" % (t, r["measured_us"], info))
                if t is not None else "NO TIME: %s" % info))


if __name__ == "__main__":
    main()
