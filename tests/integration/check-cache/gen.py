#!/usr/bin/env python3
"""Writes a generated CUDA project of N files for kperf check --cache.

  gen.py DIR N CLANGXX CUDA_PATH

DIR/src/k<i>.cu: one kernel and its launch each; every file includes
src/common.h, and the files whose number is a multiple of 10 also include
src/extra.h.  DIR/build/compile_commands.json has one entry per file, as
CMake writes them.  `gen.py DIR --touch I [STRIDE]` makes file I's kernel read
with a stride (default 8: slower, another finding); `--touch-header` changes extra.h's stride.
Standard library only.
"""
import json
import os
import sys

COMMON = """#pragma once
#include <cuda_runtime.h>
#define N_ELEMS (1 << 22)
"""

EXTRA = """#pragma once
#define EXTRA_STRIDE %d
"""

KERNEL = """#include "common.h"
%(extra)s
__global__ void scale%(i)d(const float *in, float *out, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N_ELEMS / %(stride)s)
    out[i] = a * in[i * %(stride)s] + %(i)d.0f;
}

void run%(i)d(const float *in, float *out) {
  scale%(i)d<<<N_ELEMS / 256, 256>>>(in, out, 2.0f);
}
"""


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def kernel(i, stride):
    extra = '#include "extra.h"' if i % 10 == 0 else ""
    s = "EXTRA_STRIDE" if i % 10 == 0 else str(stride)
    return KERNEL % {"i": i, "extra": extra, "stride": s}


def main(argv):
    d = argv[1]
    src = os.path.join(d, "src")
    if argv[2] == "--touch":
        stride = int(argv[4]) if len(argv) > 4 else 8
        write(os.path.join(src, "k%d.cu" % int(argv[3])), kernel(int(argv[3]), stride))
        return 0
    if argv[2] == "--touch-header":
        write(os.path.join(src, "extra.h"), EXTRA % 4)
        return 0
    n, clangxx, cuda = int(argv[2]), argv[3], argv[4]
    os.makedirs(src, exist_ok=True)
    os.makedirs(os.path.join(d, "build"), exist_ok=True)
    write(os.path.join(src, "common.h"), COMMON)
    write(os.path.join(src, "extra.h"), EXTRA % 1)
    entries = []
    for i in range(n):
        f = os.path.join(src, "k%d.cu" % i)
        write(f, kernel(i, 1))
        entries.append({"directory": os.path.join(d, "build"), "file": f,
                        "arguments": [clangxx, "-x", "cuda", "--cuda-gpu-arch=sm_90",
                                      "--cuda-path=" + cuda, "-Wno-unknown-cuda-version",
                                      "-I" + src, "-O2", "-c", f, "-o", "k%d.o" % i]})
    with open(os.path.join(d, "build", "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
