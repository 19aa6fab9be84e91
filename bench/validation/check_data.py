#!/usr/bin/env python3
"""Validate the validation set: every data/<source>/<dataset>.csv and split.tsv.

usage: check_data.py [--db PATH]     (default: the build's kperf-gpus.db)

Checks the columns and their order, the types of every field, the method,
that each GPU id is in the database (gpus.id), that split.tsv names every
kernel-dataset (<source>/<dataset>/<kernel>) and every GPU of the CSVs with
part tune or heldout, and that it names nothing the CSVs lack.  Prints a
summary and exits 0, or prints every problem and exits 1.
"""
import argparse
import csv
import glob
import os
import re
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["kernel", "file", "grid", "block", "smem", "args", "defines",
           "measured_us", "gpu", "source", "op", "series", "method",
           "max_blocks_per_sm"]
METHODS = {"event", "nsight", "loop-average", "wallclock"}
DIM = re.compile(r"^[1-9]\d*,[1-9]\d*,[1-9]\d*$")
KV = re.compile(r"^[A-Za-z_]\w*=[^;=]+$")
IDENT = re.compile(r"^[A-Za-z_]\w*$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default=os.environ.get(
        "KPERF_GPU_DB", "/work/main/build/lib/kperf-gpus.db"))
    a = ap.parse_args()
    problems = []
    if not os.path.exists(a.db):
        sys.exit("check_data.py: no GPU database at %s (--db)" % a.db)
    ids = {r[0] for r in sqlite3.connect(a.db).execute("select id from gpus")}

    kernels, gpus, n, by_source = set(), set(), 0, {}
    paths = sorted(glob.glob(os.path.join(HERE, "data", "*", "*.csv")))
    if not paths:
        problems.append("no CSVs under data/")
    for path in paths:
        rel = os.path.relpath(path, HERE)
        source_dir = os.path.basename(os.path.dirname(path))
        dataset = os.path.splitext(os.path.basename(path))[0]
        with open(path, newline="") as f:
            rd = csv.reader(f)
            header = next(rd, None)
            if header != COLUMNS:
                problems.append("%s: columns %s, expected %s" % (rel, header, COLUMNS))
                continue
            for i, fields in enumerate(rd, 2):
                where = "%s:%d" % (rel, i)
                if len(fields) != len(COLUMNS):
                    problems.append("%s: %d fields" % (where, len(fields)))
                    continue
                r = dict(zip(COLUMNS, fields))
                n += 1
                if not IDENT.match(r["kernel"]):
                    problems.append("%s: kernel %r" % (where, r["kernel"]))
                if not r["file"] or r["file"].startswith("/") or ".." in r["file"].split("/"):
                    problems.append("%s: file %r is not a relative path" % (where, r["file"]))
                for c in ("grid", "block"):
                    if not DIM.match(r[c]):
                        problems.append("%s: %s %r is not x,y,z" % (where, c, r[c]))
                if DIM.match(r["block"]):
                    x, y, z = map(int, r["block"].split(","))
                    if x * y * z > 1024:
                        problems.append("%s: block of %d threads" % (where, x * y * z))
                if not r["smem"].isdigit():
                    problems.append("%s: smem %r" % (where, r["smem"]))
                for c in ("args", "defines"):
                    for kv in filter(None, r[c].split(";")):
                        if not KV.match(kv):
                            problems.append("%s: %s item %r" % (where, c, kv))
                try:
                    t = float(r["measured_us"])
                    if not t > 0:
                        raise ValueError
                except ValueError:
                    problems.append("%s: measured_us %r" % (where, r["measured_us"]))
                if r["gpu"] not in ids:
                    problems.append("%s: GPU %r not in %s" % (where, r["gpu"], a.db))
                if r["source"] != source_dir:
                    problems.append("%s: source %r in directory %s" % (where, r["source"], source_dir))
                if not r["op"]:
                    problems.append("%s: empty op" % where)
                if r["max_blocks_per_sm"] and not (r["max_blocks_per_sm"].isdigit() and
                                                   int(r["max_blocks_per_sm"]) > 0):
                    problems.append("%s: max_blocks_per_sm %r" % (where, r["max_blocks_per_sm"]))
                if r["method"] not in METHODS:
                    problems.append("%s: method %r" % (where, r["method"]))
                kernels.add("%s/%s/%s" % (source_dir, dataset, r["kernel"]))
                gpus.add(r["gpu"])
                by_source.setdefault(source_dir, [0, set(), set()])
                by_source[source_dir][0] += 1
                by_source[source_dir][1].add(r["kernel"])
                by_source[source_dir][2].add(r["gpu"])

    split = {}
    sp = os.path.join(HERE, "split.tsv")
    if not os.path.exists(sp):
        problems.append("no split.tsv")
    else:
        for i, line in enumerate(open(sp), 1):
            if not line.strip() or line.startswith("#"):
                continue
            f = line.rstrip("\n").split("\t")
            if len(f) != 3 or f[0] not in ("kernel-dataset", "gpu") or f[2] not in ("tune", "heldout"):
                problems.append("split.tsv:%d: %r" % (i, line.rstrip("\n")))
                continue
            if (f[0], f[1]) in split:
                problems.append("split.tsv:%d: %s %s twice" % (i, f[0], f[1]))
            split[(f[0], f[1])] = f[2]
    for kind, names in (("kernel-dataset", kernels), ("gpu", gpus)):
        for name in sorted(names):
            if (kind, name) not in split:
                problems.append("split.tsv lacks %s %s" % (kind, name))
        for (k, name) in split:
            if k == kind and name not in names:
                problems.append("split.tsv names %s %s, which no CSV has" % (kind, name))

    if problems:
        for p in problems:
            print("check_data.py: " + p)
        sys.exit(1)
    held = lambda kind: sum(1 for (k, _), p in split.items() if k == kind and p == "heldout")
    print("check_data.py: %d rows, %d CSVs, %d kernel-datasets (%d held out), "
          "%d GPUs (%d held out): ok" % (n, len(paths), len(kernels),
                                         held("kernel-dataset"), len(gpus), held("gpu")))
    for s, (rows, ks, gs) in sorted(by_source.items()):
        print("  %-14s %5d rows %3d kernels %3d GPUs: %s" % (s, rows, len(ks), len(gs), " ".join(sorted(gs))))


if __name__ == "__main__":
    main()
