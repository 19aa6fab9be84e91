#!/usr/bin/env python3
"""kperf's statements (a launch's time as a function of a size it cannot know)
against public real-GPU measurements, read at the measured sizes.

  KPERF_PUBLIC_SRC=DIR statements.py [--measured DIR] [--plugin kperf.so] [--sample N | --all]
                                     [--jobs J] [--only CSV,...] [--numbers PRED.csv]
                                     [--out FILE.md] [--readme] [--rows OUT.csv]

A real program rarely knows its problem size at compile time, so at most of its
launches kperf states the time as a function of that size (docs/checks/launch.md,
"Launches that depend on unknowns").  This bench checks those statements where
real GPUs measured the kernels: for each sampled row of the measured CSVs
(public.py's sample, the same configurations), it runs `kperf predict --sites`
on the kernel's source with a launch written the way the tuning script of its
repository launches it (given to clang with -include), the problem size a
run-time variable:

    void kperf_statement_launch(float *output, float *input, float *filter, int w, int h) {
      dim3 grid((w + 64 - 1) / 64, (h + 4 - 1) / 4);    // Kernel Tuner: ceil(size / grid_div)
      dim3 block(16, 4, 1);
      convolution_kernel<<<grid, block>>>(output, input, filter);
    }

(the configuration's defines as measured; the grid divisors and the block are
the row's numbers), and reads the statement at the measured size the way its
remark is read: a point it lists, else linear between
two listed points, else past the last one its slope per 2^20 (or its growth
exponent when the time is not linear), below the first one the first.

Per (kernel, GPU): rows, rows without a statement (with the most common
reason: a statement that ties a size to a value the measurement did not have,
such as `h = 1` for a grid whose y is the problem's height, does not state
the time of that row), MAPE, median APE, Spearman's rho, top-1 regret and the median of
statement / measured, as public.py reports for the numbers; with --numbers
(public.py --predictions of the same sample) also the median and the largest
|statement / number - 1|, which says whether the statement form loses anything
against the number kperf gives when the size is known.

The kernels' sources are others' code, not part of this repository: KPERF_PUBLIC_SRC
names the directory public.py uses.  The launches are written to a temporary
directory and removed.  --ptxas takes registers and spills from nvcc's ptxas, as
public.py --ptxas does, from the same cache.  Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import csvio  # noqa: E402
import public  # noqa: E402
import score  # noqa: E402

# How the tuning scripts of AutoTuningAssociation/benchmark_hub (commit
# 8eeb99e7179e6838af95d392ac6c60cebfd8c434) launch each kernel: the kernel's
# parameters, the problem size (kernels/convolution_milo.py and
# currently_unused/kernels/convolution.py: problem_size = (image_width,
# image_height) = (4096, 4096); currently_unused/kernels/pnpoly.py: size =
# int32(2e7), passed as the kernel's n) and the defines whose product divides it
# into the grid (grid_div_x, grid_div_y; Kernel Tuner's grid is
# ceil(problem_size / product) in each dimension).  pnpoly's n is also the kernel's
# argument, so at every n the launch is one the program could make; the
# convolutions' kernels read the image size from macros (4096), so the statement
# is read at that size only, one of its points.  hub.py's held-out dedispersion is
# not here: its kernel's sizes are macros too (nr_samples 25000, between the
# statement's points 2^12 and 2^16), and a statement over a run-time grid the
# kernel does not share would be read between points of a program nobody wrote.
CONVOLUTION = {
    "kernel": "convolution_kernel",
    "decl": "__global__ void convolution_kernel(float *output, float *input, float *filter)",
    "params": "float *output, float *input, float *filter",
    "call": "output, input, filter",
    "sizes": [("w", 4096, ["block_size_x", "tile_size_x"]),
              ("h", 4096, ["block_size_y", "tile_size_y"])],
}
FACTS = {
    "convolution_milo/convolution_milo.cu": CONVOLUTION,
    # The older file declares its kernels inside extern "C" { }.
    "convolution/convolution.cu": dict(CONVOLUTION, decl='extern "C" ' + CONVOLUTION["decl"]),
    "pnpoly/pnpoly.cu": {
        "kernel": "cn_pnpoly",
        "decl": "__global__ void cn_pnpoly(int *bitmap, float2 *points, int n)",
        "params": "int *bitmap, float2 *points",
        "call": "bitmap, points, n",
        "sizes": [("n", 20000000, ["block_size_x", "tile_size"])],
    },
}

MARK_BEGIN = "<!-- statement-bench:begin -->"
MARK_END = "<!-- statement-bench:end -->"


def read_statement(scaling, x):
    """The time a statement (the JSON 'scaling' of a launch) gives at x of its
    variable, and how it was read: (us, 'point'|'between'|'past'|'below'|'flat'),
    or (None, why)."""
    pts = sorted((p["value"], p["predicted_us"]) for p in scaling.get("points") or []
                 if p.get("predicted_us") is not None)
    if not pts:
        return None, "a statement without points"
    if scaling.get("flat"):
        return pts[-1][1], "flat"
    for v, t in pts:
        if v == x:
            return t, "point"
    if x < pts[0][0]:
        return pts[0][1], "below"
    for (v0, t0), (v1, t1) in zip(pts, pts[1:]):
        if v0 < x < v1:
            return t0 + (t1 - t0) * (x - v0) / (v1 - v0), "between"
    v, t = pts[-1]
    if scaling.get("per_2_20_us") is not None:
        return t + scaling["per_2_20_us"] * (x - v) / float(1 << 20), "past"
    g = scaling.get("growth")
    if g is None:
        return None, "a statement past its last point without a slope"
    return t * (x / float(v)) ** g, "past"


def ties_hold(scaling, x, measured):
    """None when each variable the statement ties to its own (docs/checks/launch.md:
    equal to it, ceil(it / divisor) blocks, a fixed value, the block size, one
    iteration) had that value when measured; else why not.  measured: the values
    of the variables the bench knows."""
    for t in scaling.get("ties") or []:
        var, how, div = t.get("variable"), t.get("as"), int(t.get("divisor") or 0)
        if var not in measured:
            continue
        taken = {"equal": x, "grid": -(-x // max(div, 1)), "fixed": div, "block": div,
                 "once": 1}.get(how)
        if taken != measured[var]:
            return "the statement takes %s = %s; measured at %s = %d" % (
                var, taken, var, measured[var])
    return None


def define_value(defines, name):
    for k, v in defines:
        if k == name:
            return int(v)
    return None


def driver(facts, row):
    """The launch appended to the kernel's source for this row, and the size the
    statement's variable had when the row was measured; (None, why) when the row's
    grid is not the tuning script's."""
    dims, checks = [], []
    for i, (var, size, divs) in enumerate(facts["sizes"]):
        d = 1
        for name in divs:
            v = define_value(row["defines"], name)
            d *= 1 if v is None else v
        if (size + d - 1) // d != row["grid"][i]:
            return None, "grid (%s) is not ceil(%d / %d)" % (
                ", ".join(str(g) for g in row["grid"]), size, d)
        dims.append("(%s + %d - 1) / %d" % (var, d, d))
    params = facts["params"] + "".join(", int %s" % v for v, _, _ in facts["sizes"])
    b = row["block"]
    text = ("\n\nvoid kperf_statement_launch(%s) {\n"
            "  dim3 grid(%s);\n"
            "  dim3 block(%d, %d, %d);\n"
            "  %s<<<grid, block, %d>>>(%s);\n"
            "}\n" % (params, ", ".join(dims), b[0], b[1], b[2], facts["kernel"], row["smem"],
                     facts["call"]))
    return text, facts["sizes"][0][1]


def kperf_cmd(a, row, driver_path):
    """kperf predict --sites on the kernel's own source, the launch given to clang
    with -include (so nvcc's ptxas, run on the source with its -D flags, is asked
    exactly what public.py asks it: its cached results serve both)."""
    cmd = [a.kperf, "predict", os.path.join(a.src, row["file"]), "--sites",
           "--kernel", FACTS[row["file"]]["kernel"], "--gpu", row["gpu"], "--json"]
    if a.ptxas:
        cmd += ["--ptxas", "nvcc", "--ptxas-cache", a.ptxas]
    else:
        cmd += ["--ptxas", "off"]
    for k, v in row["defines"]:
        cmd.append("-D%s=%s" % (k, v) if v != "" else "-D%s" % k)
    return cmd + ["--", "-include", driver_path]


def run_row(a, tmp, idx, row):
    """Fills row['stmt'] (us or None), row['how'] and row['why']."""
    facts = FACTS.get(row["file"])
    row["stmt"], row["how"], row["why"] = None, "", ""
    if not facts:
        row["why"] = "no launch facts for " + row["file"]
        return row
    text, x = driver(facts, row)
    if text is None:
        row["why"] = x
        return row
    path = os.path.join(tmp, "launch%d.h" % idx)
    with open(path, "w") as f:
        f.write(facts["decl"] + ";\n" + text)
    p = subprocess.run(kperf_cmd(a, row, path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    try:
        ours = json.loads(p.stdout) if p.returncode == 0 else None
    except ValueError:
        ours = None
    if not ours:
        err = [l for l in p.stderr.splitlines() if "error" in l] or ["exit %d" % p.returncode]
        row["why"] = "kperf: " + err[0].split("error:", 1)[-1].strip()[:100]
        return row
    l = ours[-1]
    if l.get("ok"):
        row["why"] = "a number, not a statement (the size folded)"
        return row
    s = l.get("scaling")
    if not s:
        row["why"] = "no statement: " + (l.get("why") or "")[:100]
        return row
    if s.get("variable") != facts["sizes"][0][0]:
        row["why"] = "a statement over %s, not %s" % (s.get("variable"), facts["sizes"][0][0])
        return row
    why = ties_hold(s, x, {v: size for v, size, _ in facts["sizes"]})
    if why:
        row["why"] = why
        return row
    row["stmt"], row["how"] = read_statement(s, x)
    if row["stmt"] is None:
        row["why"] = row["how"]
    return row


def load_numbers(paths):
    """public.py --predictions files: config key and GPU -> the bn number."""
    out = {}
    for path in paths:
        for r in csvio.read_rows(path):
            v = r.get("pred_bn", "")
            if v not in ("", None):
                out[(public.config_key(r), r.get("gpu", ""))] = float(v)
    return out


def table(per_csv, numbers):
    head = ("| kernel | GPU | rows | no statement (most common reason) | read at the size as | "
            "MAPE % | median APE % | Spearman rho | top-1 regret | median stmt/meas |"
            " median / max abs(stmt/number - 1) % |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|\n")
    out = [head]
    for (kern, label, gpu), rows in per_csv:
        pairs = [(r["measured_us"], r["stmt"]) for r in rows if r["stmt"]]
        reasons = [r["why"] for r in rows if not r["stmt"]]
        hows = collections.Counter(r["how"] for r in rows if r["stmt"])
        s = public.stats(pairs)
        fail = "%d" % len(reasons)
        if reasons:
            fail += " (%s)" % public.common_reason(reasons).replace("|", "/")
        dev = [abs(r["stmt"] / numbers[(public.config_key(r), gpu)] - 1) * 100 for r in rows
               if r["stmt"] and numbers.get((public.config_key(r), gpu))]
        devs = "%.2g / %.2g (%d rows)" % (score.median(dev), max(dev), len(dev)) if dev else "-"
        out.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
            kern, label + ("" if gpu == label else " (%s)" % gpu), len(rows), fail,
            ", ".join("%s %d" % kv for kv in sorted(hows.items())) or "-",
            public.fmt(s["mape"], "%.1f"), public.fmt(s["mdape"], "%.1f"),
            public.fmt(s["rho"], "%.2f"), public.fmt(s["regret"], "%.2f"),
            public.fmt(s["ratio"], "%.3g"), devs))
    return "".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    public.add_sample_args(ap)
    ap.add_argument("--ptxas", action="store_true",
                    help="registers and spills from nvcc's ptxas, as public.py --ptxas (and from "
                         "the same cache: CACHE/ptxas)")
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "public-bench-cache"),
                    help="public.py's cache directory, whose ptxas/ results --ptxas shares")
    ap.add_argument("--numbers", action="append", default=[],
                    help="public.py --predictions of the same sample, to compare with (repeatable)")
    ap.add_argument("--rows", help="write every sampled row with its statement's time (CSV)")
    ap.add_argument("--out", help="write the table (markdown) here")
    ap.add_argument("--readme", action="store_true",
                    help="replace the statement table in bench/accuracy/README.md")
    a = ap.parse_args(argv)
    if not a.src:
        ap.error("set KPERF_PUBLIC_SRC (or --src) to the copy of the kernels' sources")
    if not os.path.exists(a.kperf):
        ap.error("no kperf at %s" % a.kperf)
    if a.ptxas:
        a.ptxas = os.path.abspath(os.path.join(a.cache, "ptxas"))
    t0 = time.time()
    per_csv, _ = public.sampled_rows(a)
    every = [r for _, rows in per_csv for r in rows]
    with tempfile.TemporaryDirectory(prefix="kperf-statements-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            list(ex.map(lambda ir: run_row(a, tmp, ir[0], ir[1]), enumerate(every)))
    numbers = load_numbers(a.numbers)
    text = table(per_csv, numbers)
    summary = "%d rows of %d CSVs, one kperf predict --sites each, %.0f s with %d jobs" % (
        len(every), len(per_csv), time.time() - t0, a.jobs)
    if a.ptxas:
        summary += "; registers and spills from nvcc's ptxas"
    if a.numbers:
        summary += "; numbers from " + ", ".join(os.path.basename(n) for n in a.numbers)
    sys.stdout.write(text + "\n" + summary + "\n")
    if a.rows:
        flat = []
        for r in every:
            d = dict(r)
            d["stmt_us"] = "" if r["stmt"] is None else "%.6g" % r["stmt"]
            flat.append(d)
        csvio.write_rows(a.rows, flat, ["gpu", "stmt_us", "how", "why"])
    public.publish("statements.py", argv, summary, text, a.out, a.readme, MARK_BEGIN, MARK_END)
    return 0


if __name__ == "__main__":
    sys.exit(main())
