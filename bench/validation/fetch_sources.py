#!/usr/bin/env python3
"""Copy the public kernel sources the validation CSVs name into SRC_DIR.

usage: fetch_sources.py [SRC_DIR]      (default: $KPERF_PUBLIC_SRC)

The sources are others' code and are not in this repository.  Each file is
read from a bare mirror under /work/.mirror (or $KPERF_MIRROR_ROOT) at the
pinned commit below and written to SRC_DIR/<prefix>/<path in repository>.
Where a kernel is a template that its file never instantiates, a small
instantiation file written here (ours, a few lines) includes the published
header and instantiates the template with the published arguments; those
files are named kperf_inst*.cu.
"""
import os
import subprocess
import sys

MIRROR_ROOT = os.environ.get("KPERF_MIRROR_ROOT", "/work/.mirror")

# prefix: (owner/name, commit, [paths])
REPOS = {
    "pmpp": ("R100001/Programming-Massively-Parallel-Processors",
             "a972fb50d5d8695844ab3d5621e3ec54c2388367",
             ["Performance-Tests-NvBench/array_add/array_add_kernels.cuh",
              "Performance-Tests-NvBench/histogram/histogram_kernels.cuh",
              "Performance-Tests-NvBench/image_to_grayscale/img_to_gray_kernels.cuh",
              "Performance-Tests-NvBench/mat_mat_mul/mat_mat_mul_kernels.cuh",
              "Performance-Tests-NvBench/mat_vec_mul/mat_vec_mul_kernels.cuh",
              "Performance-Tests-NvBench/convolution/convolution_kernels.cuh"]),
    "gpu-benches": ("te42kyfo/gpu-benches",
                    "1c36d509ee717dca9215c27135fa1e611bb03ed1",
                    ["gpu-stream/main.cu", "gpu-small-kernels/main.cu",
                     "MeasurementSeries.hpp", "dtime.hpp", "gpu-error.h"]),
    "sgemm": ("siboehm/SGEMM_CUDA",
              "4820c609a1078e63c35c660107836fb022679fd9",
              ["src/kernels.cuh"] + ["src/kernels/%s.cuh" % k for k in (
                  "1_naive", "2_kernel_global_mem_coalesce",
                  "3_kernel_shared_mem_blocking", "4_kernel_1D_blocktiling",
                  "5_kernel_2D_blocktiling", "6_kernel_vectorize",
                  "7_kernel_resolve_bank_conflicts", "8_kernel_bank_extra_col",
                  "9_kernel_autotuned", "10_kernel_warptiling",
                  "11_kernel_double_buffering")]),
    "cuda-training": ("eduardo4jesus/cuda-training-series",
                      "2cce63d99119d0aee2bb78e331497ff6abca9492",
                      ["exercises/hw3/vector_add_1b_1t.cu",
                       "exercises/hw3/vector_add_1b_1024t.cu",
                       "exercises/hw3/vector_add_160b_1024t.cu",
                       "exercises/hw4/matrix_sums.cu",
                       "exercises/hw5/matrix_sums.cu",
                       "exercises/hw5/reductions-a-8M.cu",
                       "exercises/hw5/reductions-b-160K.cu",
                       "exercises/hw5/reductions-c-32M.cu"]),
}

NV = "pmpp/Performance-Tests-NvBench/"
# Instantiation files: path -> text.  Template arguments are those of the
# published benchmark drivers (nvbench uint32 axes; SGEMM_CUDA runner.cu).
INST = {
    NV + "array_add/kperf_inst.cu": """#include <cstdint>
#include "array_add_kernels.cuh"
template __global__ void array_add_not_coalesced<float>(float *, float *, float *, int, int);
template __global__ void array_add_coalesced<float>(float *, float *, float *, int, int);
""",
    NV + "histogram/kperf_inst.cu": """#include <cstdint>
#include "histogram_kernels.cuh"
""",
    NV + "image_to_grayscale/kperf_inst.cu": """#include <cstdint>
#include "img_to_gray_kernels.cuh"
""",
    NV + "mat_mat_mul/kperf_inst.cu": """#include <cstdint>
#include "mat_mat_mul_kernels.cuh"
template __global__ void mat_mat_mul<uint32_t>(uint32_t *, uint32_t *, uint32_t *, int, int, int, int);
template __global__ void mat_mat_mul_tiles<uint32_t>(uint32_t *, uint32_t *, uint32_t *, int, int, int, int);
template __global__ void mat_mat_mul_rec_tiles<uint32_t>(uint32_t *, uint32_t *, uint32_t *, int, int, int, int);
""",
    NV + "mat_vec_mul/kperf_inst.cu": """#include <cstdint>
#include "mat_vec_mul_kernels.cuh"
template __global__ void mat_vec_mul<uint32_t>(uint32_t *, uint32_t *, uint32_t *, int, int);
template __global__ void mat_vec_mul_tiles<uint32_t>(uint32_t *, uint32_t *, uint32_t *, int, int);
""",
    # convolution_bench.cu declares the mask in constant memory before
    # including the kernels; the same two lines here.
    NV + "convolution/kperf_inst.cu": """#define MAX_MASK_WIDTH 121
__constant__ float M[MAX_MASK_WIDTH];
#include "convolution_kernels.cuh"
""",
    # The stream numbers come from an nvcc build: nvcc's branch of the file
    # (spoilerSize 768, GPU_ERROR) is the measured one.
    "gpu-benches/kperf_inst_stream.cu": """#define __NVCC__ 1
#include "gpu-stream/main.cu"
template __global__ void init_kernel<double>(double *, const double *__restrict__, const double *__restrict__, const double *__restrict__, const size_t, bool);
template __global__ void read_kernel<double>(double *, const double *__restrict__, const double *__restrict__, const double *__restrict__, const size_t, bool);
template __global__ void scale_kernel<double>(double *, const double *__restrict__, const double *__restrict__, const double *__restrict__, const size_t, bool);
template __global__ void triad_kernel<double>(double *, const double *__restrict__, const double *__restrict__, const double *__restrict__, const size_t, bool);
template __global__ void stencil1d3pt_kernel<double>(double *, const double *__restrict__, const double *__restrict__, const double *__restrict__, const size_t, bool);
template __global__ void stencil1d5pt_kernel<double>(double *, const double *__restrict__, const double *__restrict__, const double *__restrict__, const size_t, bool);
""",
    # scale has no shared memory; only the host code's error macro, which
    # gpu-error.h defines for nvcc and hipcc only, is needed here.
    "gpu-benches/kperf_inst_small.cu": """#define GPU_ERROR(ans) (ans)
#include "gpu-small-kernels/main.cu"
template __global__ void scale<double>(double *__restrict__, const double *__restrict__, const int);
""",
    "sgemm/kperf_inst.cu": """#include "src/kernels.cuh"
template __global__ void sgemm_global_mem_coalesce<32>(int, int, int, float, const float *, const float *, float, float *);
template __global__ void sgemm_shared_mem_block<32>(int, int, int, float, const float *, const float *, float, float *);
template __global__ void sgemm1DBlocktiling<64, 64, 8, 8>(int, int, int, float, const float *, const float *, float, float *);
template __global__ void sgemm2DBlocktiling<128, 128, 8, 8, 8>(int, int, int, float, const float *, const float *, float, float *);
template __global__ void sgemmVectorize<128, 128, 8, 8, 8>(int, int, int, float, float *, float *, float, float *);
template __global__ void sgemmResolveBankConflicts<128, 128, 8, 8, 8>(int, int, int, float, float *, float *, float, float *);
template __global__ void sgemmResolveBankExtraCol<128, 128, 8, 8, 8>(int, int, int, float, float *, float *, float, float *);
template __global__ void sgemmAutotuned<128, 128, 16, 8, 8>(int, int, int, float, float *, float *, float, float *);
template __global__ void sgemmWarptiling<128, 128, 16, 64, 64, 4, 8, 4, 128>(int, int, int, float, float *, float *, float, float *);
template __global__ void sgemmDoubleBuffering<64, 128, 16, 32, 32, 2, 4, 4, 256>(const int, const int, const int, const float, float *, float *, float, float *);
""",
}


def mirror_dir(repo):
    d = os.path.join(MIRROR_ROOT, repo.replace("/", "+"), "repo")
    if not os.path.isdir(d):
        sys.exit("fetch_sources.py: no mirror of %s at %s; bring it with "
                 "fetch github:%s" % (repo, d, repo))
    return d


def main():
    dest = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("KPERF_PUBLIC_SRC")
    if not dest:
        sys.exit(__doc__)
    n = 0
    for prefix, (repo, commit, paths) in REPOS.items():
        git = mirror_dir(repo)
        for p in paths:
            try:
                data = subprocess.run(
                    ["git", "--git-dir", git, "show", "%s:%s" % (commit, p)],
                    check=True, capture_output=True).stdout
            except subprocess.CalledProcessError as e:
                sys.exit("fetch_sources.py: %s@%s:%s: %s (fetch github:%s "
                         "again for a newer snapshot)" % (
                             repo, commit, p, e.stderr.decode().strip(), repo))
            out = os.path.join(dest, prefix, p)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as f:
                f.write(data)
            n += 1
    for p, text in INST.items():
        out = os.path.join(dest, p)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w") as f:
            f.write(text)
        n += 1
    print("fetch_sources.py: %d files in %s" % (n, dest))


if __name__ == "__main__":
    main()
