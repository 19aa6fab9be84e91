#!/usr/bin/env python3
"""Writes BUILD/compile_commands.json for the sources in SRC (tests of kperf check):
a.cu with "arguments", b.cu with a "command" string (relative file, outputs and
dependency files that kperf check must not write), c.cpp (not CUDA), and with
--broken broken.cu.  Usage: make_compdb.py SRC BUILD CLANG CUDA_PATH [--broken]"""
import json
import os
import shlex
import sys

src, build, clang, cuda = (os.path.abspath(p) if i < 2 else p for i, p in enumerate(sys.argv[1:5]))
os.makedirs(build, exist_ok=True)
flags = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-path=" + cuda, "-Wno-unknown-cuda-version",
         "-isystem", cuda + "/include/cccl"]
entries = [
    {"directory": build, "file": os.path.join(src, "a.cu"),
     "arguments": [clang] + flags + ["-c", os.path.join(src, "a.cu"), "-o", "a.o", "-MD", "-MF", "a.d"]},
    {"directory": build, "file": os.path.relpath(os.path.join(src, "b.cu"), build),
     "command": shlex.join([clang] + flags + ["-DUNUSED=1", "-o", "b.o", "-c",
                                              os.path.relpath(os.path.join(src, "b.cu"), build)])},
    {"directory": build, "file": os.path.join(src, "c.cpp"),
     "command": "g++ -c %s -o c.o" % os.path.join(src, "c.cpp")},
]
if "--broken" in sys.argv:
    entries.append({"directory": build, "file": os.path.join(src, "broken.cu"),
                    "arguments": [clang] + flags + ["-c", os.path.join(src, "broken.cu")]})
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
