#!/usr/bin/env python3
"""Whose code did the AMD measurements time?  Per tile size of convolution_milo
(tile_size_x, tile_size_y), the measured median time of every configuration
with that tile on each AMD GPU, beside the scratch-memory instructions that
clang (the compiler kperf asks for AMD registers) emits for that tile on the
GPU's ISA (one block shape, 32x4; the tile, not the block, decides the
unrolled code), and the Spearman rho between the two over the 16 tiles.

If the measured kernels were clang's code, the tiles clang spills most would
be the slow ones (rho near +1).

usage: amd_tiles.py [--measured DIR] [--src DIR] [--clang PATH] [--block X,Y]
  --measured  the folder of the public CSVs (default ../shared/measured)
  --src       the public sources (default $KPERF_PUBLIC_SRC): reads
              convolution_milo/convolution_milo.cu.hip
Needs clang with the AMDGPU target and HIP's headers under /usr (Debian's
libamdhip64-dev); no ROCm device libraries (-nogpulib).
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import score  # noqa: E402  (spearman)

# dataset -> the ISA of its GPU (the database's isa column)
DATASETS = {"MI250X": "gfx90a", "MI50_old": "gfx906", "W6600": "gfx1032", "W7800": "gfx1100"}
TILES = [(x, y) for x in range(1, 5) for y in range(1, 5)]
SCRATCH = re.compile(r"^\s+(scratch_|buffer_(load|store))")


def measured_by_tile(path):
    by = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            d = dict(p.split("=", 1) for p in row["defines"].split(";") if "=" in p)
            key = (int(d["tile_size_x"]), int(d["tile_size_y"]))
            by.setdefault(key, []).append(float(row["measured_us"]))
    return {k: statistics.median(v) for k, v in by.items()}


def scratch_ops(clang, src, isa, tile, block, tmp):
    wave = 64 if isa.startswith("gfx9") else 32
    out = os.path.join(tmp, "k.s")
    defines = {"block_size_x": block[0], "block_size_y": block[1], "block_size_z": 1,
               "tile_size_x": tile[0], "tile_size_y": tile[1], "read_only": 0,
               "use_padding": 0, "use_shmem": 1, "use_cmem": 1, "filter_height": 15,
               "filter_width": 15, "kernel_tuner": 1}
    cmd = [clang, "-x", "hip", "--cuda-device-only", "-O3", "-S", "-w", "-o", out,
           "--offload-arch=" + isa, "--rocm-path=/usr", "-nogpulib",
           "-D__AMDGCN_WAVEFRONT_SIZE=%d" % wave, src]
    cmd += ["-D%s=%s" % kv for kv in defines.items()]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("clang failed for %s %s: %s" % (isa, tile, p.stderr.strip()[:300]))
    n, inside = 0, False
    with open(out) as f:
        for line in f:
            if line.startswith("_Z18convolution_kernel"):
                inside = True
            elif inside and "s_endpgm" in line:
                break
            elif inside and SCRATCH.match(line):
                n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--measured", default=os.path.join(HERE, "..", "..", "..", "shared", "measured"))
    ap.add_argument("--src", default=os.environ.get("KPERF_PUBLIC_SRC", ""))
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--block", default="32,4")
    a = ap.parse_args()
    src = os.path.join(a.src, "convolution_milo", "convolution_milo.cu.hip")
    if not os.path.exists(src):
        raise SystemExit("no %s (give --src or KPERF_PUBLIC_SRC)" % src)
    block = tuple(int(x) for x in a.block.split(","))
    print("| GPU (ISA) | " + " | ".join("%dx%d" % t for t in TILES) + " | rho |")
    print("|---" * (len(TILES) + 2) + "|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, isa in DATASETS.items():
            meas = measured_by_tile(os.path.join(a.measured, "convolution_milo__%s.csv" % name))
            ops = [scratch_ops(a.clang, src, isa, t, block, tmp) for t in TILES]
            ms = [meas[t] / 1000.0 for t in TILES]
            print("| %s measured ms | %s | |" % (name, " | ".join("%.1f" % m for m in ms)))
            print("| clang %s scratch ops | %s | %.2f |" % (isa, " | ".join(str(o) for o in ops),
                                                          score.spearman(ms, ops)))


if __name__ == "__main__":
    main()
