#!/usr/bin/env python3
"""kperf check --cache: the time of a snapshot after a one-file change.

  bench.py [--kperf PATH] [--clang CLANGXX] [--cuda DIR] [--files 50] [--reps 5] [-j N]

Generates the project of tests/integration/check-cache/gen.py (N files, each
its kernel and launch, all including one header), fills a cache with one
`kperf check --save --cache`, then, --reps times, changes one file (a new
stride each time, so each is a real change) and times
  * the snapshot of the whole project with the cache (`kperf check -p build
    --save S --cache C -j N`: the changed file analysed, the others reused),
  * the changed file's own compile command from compile_commands.json (clang
    -c: what the build spends on that file),
  * `kperf check` of that file alone without the cache (what analysing it costs).
Prints the medians, wall-clock and CPU (the commands' and their children's
user + system time, which a busy machine disturbs less), the ratio snapshot /
compile (the target: under 2) and what the cache line says was reused.  Standard library only.
"""
import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GEN = os.path.join(ROOT, "tests", "integration", "check-cache", "gen.py")


def cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def timed(cmd, cwd):
    """(wall-clock seconds, CPU seconds of the command and its children, stderr)."""
    t0, c0 = time.perf_counter(), cpu()
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    dt, dc = time.perf_counter() - t0, cpu() - c0
    if p.returncode not in (0, 1):
        sys.exit("failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
    return dt, dc, p.stderr


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kperf", default=os.path.join(ROOT, "build", "bin", "kperf"))
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--files", type=int, default=50)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args(argv)
    db = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(a.kperf))), "lib",
                      "kperf-gpus.db")
    with tempfile.TemporaryDirectory(prefix="kperf-cache-bench-") as tmp:
        proj, cache = os.path.join(tmp, "proj"), os.path.join(tmp, "cache")
        subprocess.check_call([sys.executable, GEN, proj, str(a.files), a.clang, a.cuda])
        check = [a.kperf, "check", "-p", "build", "--db", db, "--gpu", "h100", "-j", str(a.jobs),
                 "--save", os.path.join(tmp, "s.json")]
        fill = timed(check + ["--cache", cache], proj)
        with open(os.path.join(proj, "build", "compile_commands.json")) as f:
            entry = json.load(f)[7]
        compile_cmd = [x if x != "k7.o" else os.path.join(tmp, "k7.o") for x in entry["arguments"]]
        snap, comp, one, lines = [], [], [], []
        for r in range(a.reps):
            subprocess.check_call([sys.executable, GEN, proj, "--touch", "7", str(2 + r)])
            t = timed(check + ["--cache", cache], proj)
            snap.append(t)
            m = re.search(r"cache '.*': (\d+) of (\d+) files? reused, (\d+) analysed", t[2])
            lines.append(m.group(0)[m.group(0).index(":") + 2:] if m else "no cache line")
            comp.append(timed(compile_cmd, entry["directory"]))
            one.append(timed([a.kperf, "check", "-p", "build", "--db", db, "--gpu", "h100",
                              os.path.join(proj, "src", "k7.cu")], proj))

        def med(ts, i):
            return statistics.median(t[i] for t in ts)

        print("files %d, -j %d, %d repetitions; load average %.1f at the end" % (
            a.files, a.jobs, a.reps, os.getloadavg()[0]))
        print("first snapshot (empty cache): %.2f s wall, %.2f s CPU" % (fill[0], fill[1]))
        print("cache: %s" % "; ".join(sorted(set(lines))))
        for name, ts in (("snapshot after a one-file change, with the cache", snap),
                         ("that file's compile (its clang -c command)", comp),
                         ("kperf check of that file alone, no cache", one)):
            print("%s: median %.2f s wall (%s), %.2f s CPU" % (
                name, med(ts, 0), ", ".join("%.2f" % t[0] for t in ts), med(ts, 1)))
        print("ratio snapshot / compile: %.2f wall, %.2f CPU (target: under 2)" % (
            med(snap, 0) / med(comp, 0), med(snap, 1) / med(comp, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
