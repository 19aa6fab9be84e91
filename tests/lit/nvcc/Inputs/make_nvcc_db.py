#!/usr/bin/env python3
"""Writes BUILD/compile_commands.json of nvcc entries (tests of kperf check on
nvcc databases): each argument FILE[:FLAG,FLAG...] is one entry for SRC/FILE
compiled as nvcc -arch=sm_90 FLAGS -c FILE.  Usage:
make_nvcc_db.py SRC BUILD FILE[:FLAGS]..."""
import json
import os
import sys

src, build = (os.path.abspath(p) for p in sys.argv[1:3])
os.makedirs(build, exist_ok=True)
entries = []
for spec in sys.argv[3:]:
    name, _, flags = spec.partition(":")
    path = os.path.join(src, name)
    entries.append({"directory": build, "file": path,
                    "arguments": ["/usr/local/cuda/bin/nvcc", "-arch=sm_90"] +
                    [f for f in flags.split(",") if f] + ["-c", path, "-o", name + ".o"]})
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
