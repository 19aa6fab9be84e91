#!/usr/bin/env python3
"""Writes a project of N small CUDA files for kperf check --shard: SRC/h.cuh (a
kernel every file includes, so every file reports it: a finding the merge must
keep once), SRC/fNN.cu (a kernel with a stride of its own and a launch; fBROKEN
has code clang cannot compile and no kernel: a file that is not analysed) and
BUILD/compile_commands.json with one entry each.  No CUDA headers
(-nocudainc): h.cuh declares what a launch needs, so each compile is short.
Usage: make_shards.py DIR CLANG CUDA_PATH N BROKEN"""
import json
import os
import sys

top, clang, cuda, n, broken = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
src, build = os.path.join(top, "src"), os.path.join(top, "build")
os.makedirs(src, exist_ok=True)
os.makedirs(build, exist_ok=True)
with open(os.path.join(src, "h.cuh"), "w") as f:
    f.write('''#include "__clang_cuda_builtin_vars.h"
#define __global__ __attribute__((global))
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef struct CUstream_st *cudaStream_t;
extern "C" int __cudaPushCallConfiguration(dim3 grid, dim3 block, unsigned long shmem = 0,
                                           cudaStream_t stream = 0);
__global__ void shared_kernel(float *a) { a[threadIdx.x * 8] = 0.0f; }
''')
entries = []
for i in range(n):
    name = os.path.join(src, "f%02d.cu" % i)
    with open(name, "w") as f:
        if i == broken:
            f.write("void host_only( { not C++ }\n")
        else:
            f.write('#include "h.cuh"\n'
                    "__global__ void k%d(float *a) { a[threadIdx.x * %d] = 1.0f; }\n"
                    "void run%d(float *a) { k%d<<<%d, %d>>>(a); }\n"
                    % (i, 2 + i % 7, i, i, 1 + i, 32 * (1 + i % 8)))
    entries.append({"directory": build, "file": name,
                    "arguments": [clang, "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-path=" + cuda,
                                  "-Wno-unknown-cuda-version", "-nocudainc", "-c", name,
                                  "-o", "f%02d.o" % i]})
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
