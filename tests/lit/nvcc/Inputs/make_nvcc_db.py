#!/usr/bin/env python3
"""Writes BUILD/compile_commands.json of nvcc entries (tests of kperf check on
nvcc databases): each argument FILE[:FLAG,FLAG...] is one entry for SRC/FILE
compiled as nvcc -arch=sm_90 FLAGS -c FILE (with --clang CLANG first: as
CLANG -x cuda --cuda-gpu-arch=sm_90 FLAGS -c FILE).  Usage:
make_nvcc_db.py [--clang CLANG] SRC BUILD FILE[:FLAGS]..."""
import json
import os
import sys

args = sys.argv[1:]
compiler = ["/usr/local/cuda/bin/nvcc", "-arch=sm_90"]
if args[0] == "--clang":
    compiler = [args[1], "-x", "cuda", "--cuda-gpu-arch=sm_90"]
    args = args[2:]
src, build = (os.path.abspath(p) for p in args[0:2])
os.makedirs(build, exist_ok=True)
entries = []
for spec in args[2:]:
    name, _, flags = spec.partition(":")
    path = os.path.join(src, name)
    entries.append({"directory": build, "file": path,
                    "arguments": compiler +
                    [f for f in flags.split(",") if f] + ["-c", path, "-o", name + ".o"]})
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
