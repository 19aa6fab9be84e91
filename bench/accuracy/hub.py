#!/usr/bin/env python3
"""Held-out public measurements: Kernel Tuner caches of benchmark_hub as bench CSVs.

The measurements of ../shared/measured/ are the convolution and pnpoly kernels the
model was developed on.  AutoTuningAssociation/benchmark_hub publishes caches of
other kernels too; this script turns those a checkout (or a bare mirror) holds
into the same CSV columns (csvio.py), in a directory outside the repository,
with the kernels' sources beside them, so that `public.py --measured OUT
--src OUT/src` scores kperf on kernels it was not tuned on:

    python3 bench/accuracy/hub.py /work/.mirror/AutoTuningAssociation+benchmark_hub/repo /tmp/hub
    python3 bench/accuracy/public.py --measured /tmp/hub --src /tmp/hub/src

Each kernel's facts below (its problem size, how the tuner derives the grid from
it, its runtime arguments) are read from its tuning script in that repository
and cited by path.  Only the measured times become CSV rows; nothing of the
repository is copied into this one.  Caches whose blobs the mirror lacks are
reported and skipped.
"""
import argparse
import gzip
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import csvio  # noqa: E402

# Kernel -> facts from its tuning script (benchmark_hub, commit 8eeb99e7).
KERNELS = {
    # kernels/dedisp_milo/dedispersion_milo.py: problem_size = (nr_samples, nr_dms, 1) =
    # (25000, 2048, 1); no grid_div_* given, so Kernel Tuner's default divides x, y, z
    # by block_size_x, block_size_y, block_size_z (tile sizes do not shrink the grid: the
    # extra blocks exit at the kernel's bounds checks); arguments are three pointers.
    "dedispersion_milo": {
        "kernel": "dedispersion_kernel",
        "files": ["kernels/dedisp_milo/dedispersion.cu", "kernels/dedisp_milo/dedispersion.h"],
        "problem": (25000, 2048, 1),
        "grid_div": (["block_size_x"], ["block_size_y"], ["block_size_z"]),
        "args": [],
    },
    # kernels/hotspot_milo.py: problem_size = (4096, 4096); grid_div_x = [block_size_x,
    # tile_size_x], grid_div_y = [block_size_y, tile_size_y]; scalar arguments are floats
    # that do not change the work.
    "hotspot_milo": {
        "kernel": "calculate_temp",
        "files": ["kernels/hotspot_milo.cu"],
        "problem": (4096, 4096, 1),
        "grid_div": (["block_size_x", "tile_size_x"], ["block_size_y", "tile_size_y"], []),
        "args": [],
    },
    # currently_unused/kernels/pnpoly.py: size = 2e7 points; grid_div_x = [block_size_x,
    # tile_size]; the kernel's runtime argument n is that size.  The caches under
    # currently_unused/cachefiles/pnpoly are complete runs (RTX 2080 Ti: 3,722 timed
    # configurations, 8.0-59.0 ms); only the GPUs ../shared/measured lacks are taken (its
    # pnpoly rows are the RTX 3090 and RTX 3060 Laptop, the kernel kperf was developed
    # on: a new GPU generation, Turing, is held out).  The caches under "KernelTuner
    # data/pnpoly" for the RTX 2080 Ti and TITAN RTX are not used: their times
    # (0.014-0.5 ms for 12 G point-edge tests) are of launches that did no work.
    "pnpoly": {
        "kernel": "cn_pnpoly",
        "files": ["currently_unused/kernels/pnpoly.cu"],
        "cachedir": "currently_unused/cachefiles/pnpoly",
        "gpus": ["RTX_2080_Ti"],
        "problem": (20000000, 1, 1),
        "grid_div": (["block_size_x", "tile_size"], [], []),
        "args": [("n", "20000000")],
    },
}


def git_show(repo, path):
    """A file of the repository: from a work tree, else `git show HEAD:path` of a bare
    one.  None when absent (a mirror may lack large blobs)."""
    p = os.path.join(repo, path)
    if os.path.isfile(p):
        with open(p, "rb") as f:
            return f.read()
    r = subprocess.run(["git", "--git-dir", repo, "show", "HEAD:" + path],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return r.stdout if r.returncode == 0 else None


def git_ls(repo, prefix):
    if os.path.isdir(os.path.join(repo, prefix)):
        return sorted(os.path.join(prefix, f) for f in os.listdir(os.path.join(repo, prefix)))
    r = subprocess.run(["git", "--git-dir", repo, "ls-tree", "--name-only", "HEAD", prefix + "/"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, universal_newlines=True)
    return sorted(r.stdout.split())


def grid_of(facts, params):
    """Kernel Tuner's grid: ceil(problem / product of the divisors) per dimension."""
    g = []
    for size, divs in zip(facts["problem"], facts["grid_div"]):
        d = 1
        for name in divs:
            d *= int(params[name])
        g.append(int(math.ceil(size / float(d))))
    return g


def unroll_zero_keys(cache):
    """Kernel Tuner's loop_unroll_factor_* parameters: a value of 0 removes the line
    `#pragma unroll <name>` from the kernel (the compiler decides), any other is
    declared as a constant.  The ones that are 0 in every configuration: the copied
    source loses their pragma line, as the measured program did."""
    keys = [k for k in cache["tune_params_keys"] if k.startswith("loop_unroll_factor")]
    return [k for k in keys if all(e.get(k) == 0 for e in cache["cache"].values())]


def strip_unroll(text, keys):
    for k in keys:
        text = re.sub(rb"\n[ \t]*#pragma[ \t]+unroll[ \t]+" + k.encode() + rb"[ \t]*(?=\r?\n)",
                      b"\n", text)
    return text


def rows_of(cache, kernel_name, facts, drop=()):
    """The CSV rows of one Kernel Tuner cache (dict): valid, timed configurations only."""
    keys = cache["tune_params_keys"]
    out = []
    for entry in cache["cache"].values():
        t = entry.get("time")
        if not isinstance(t, (int, float)) or not (t > 0) or math.isinf(t):
            continue  # failed compiles, launches or verifications are stored as strings
        params = {k: entry[k] for k in keys}
        block = [int(params.get("block_size_" + d, 1)) for d in "xyz"]
        grid = grid_of(facts, params)
        defines = [("grid_size_" + d, str(v)) for d, v in zip("xyz", grid)]
        defines += [("block_size_" + d, str(v)) for d, v in zip("xyz", block)]
        defines += [(k, str(params[k])) for k in keys
                    if not k.startswith("block_size_") and k not in drop]
        defines.append(("kernel_tuner", "1"))
        out.append({"kernel": facts["kernel"], "file": kernel_name + "/" +
                    os.path.basename(facts["files"][0]), "grid": grid, "block": block,
                    "smem": 0, "args": facts["args"], "defines": defines,
                    "measured_us": float(t) * 1000.0})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repo", help="benchmark_hub: a work tree or a bare git directory")
    ap.add_argument("out", help="output directory (outside this repository)")
    ap.add_argument("--kernels", default=",".join(sorted(KERNELS)))
    a = ap.parse_args(argv)
    os.makedirs(os.path.join(a.out, "src"), exist_ok=True)
    total = 0
    for name in a.kernels.split(","):
        facts = KERNELS[name]
        caches = []
        for path in git_ls(a.repo, facts.get("cachedir", "cachefiles/" + name)):
            base = os.path.basename(path)
            if not base.endswith(".json.gz") or base.endswith("_T4.json.gz"):
                continue
            gpu = base[:-len(".json.gz")]
            if "gpus" in facts and gpu not in facts["gpus"]:
                continue
            blob = git_show(a.repo, path)
            if blob is None:
                print("%s %s: the cache's blob is missing: skipped" % (name, gpu))
                continue
            caches.append((gpu, json.loads(gzip.decompress(blob).decode())))
        # Pragmas the tuner removed in every configuration of every GPU.
        drop = set.intersection(*[set(unroll_zero_keys(c)) for _, c in caches]) if caches else set()
        missing = False
        for f in facts["files"]:
            text = git_show(a.repo, f)
            if text is None:
                print("%s: %s not in %s: skipped" % (name, f, a.repo))
                missing = True
                break
            d = os.path.join(a.out, "src", name)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, os.path.basename(f)), "wb") as fh:
                fh.write(strip_unroll(text, sorted(drop)))
        if missing:
            continue
        for gpu, cache in caches:
            rows = rows_of(cache, name, facts, drop)
            csv_path = os.path.join(a.out, "%s__%s.csv" % (name, gpu))
            csvio.write_rows(csv_path, rows, [])
            total += len(rows)
            print("%s %s (%s): %d rows -> %s%s" % (
                name, gpu, cache.get("device_name", "?"), len(rows), csv_path,
                "; '#pragma unroll %s' removed (0 in every row)" % ", ".join(sorted(drop))
                if drop else ""))
    print("%d rows" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
