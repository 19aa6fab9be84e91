#!/usr/bin/env python3
"""Derive the validation CSVs under data/ from the public result files.

usage: derive.py            (reads the bare mirrors under /work/.mirror or
                             $KPERF_MIRROR_ROOT; rewrites data/*/*.csv)

Every number written is a published measurement (or a published bandwidth or
GFLOP/s rate turned into a time with the bytes or flops the benchmark itself
uses); SOURCES.md says which file, commit and column each comes from.
"""
import csv
import io
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR_ROOT = os.environ.get("KPERF_MIRROR_ROOT", "/work/.mirror")
COLUMNS = ["kernel", "file", "grid", "block", "smem", "args", "defines",
           "measured_us", "gpu", "source", "op", "series", "method",
           "max_blocks_per_sm"]


def show(repo, commit, path):
    git = os.path.join(MIRROR_ROOT, repo.replace("/", "+"), "repo")
    if not os.path.isdir(git):
        sys.exit("derive.py: no mirror of %s (fetch github:%s)" % (repo, repo))
    return subprocess.run(["git", "--git-dir", git, "show",
                           "%s:%s" % (commit, path)], check=True,
                          capture_output=True).stdout.decode()


def cdiv(a, b):
    return (a + b - 1) // b


def dim(x, y=1, z=1):
    return "%d,%d,%d" % (x, y, z)


def args(**kw):
    return ";".join("%s=%s" % (k, v) for k, v in kw.items())


def us(x):
    return "%.6g" % x


def write(source, dataset, rows):
    d = os.path.join(HERE, "data", source)
    os.makedirs(d, exist_ok=True)
    rows.sort(key=lambda r: (r["gpu"], r["op"], r["kernel"], r["series"],
                             [int(v) for v in r["block"].split(",")]))
    with open(os.path.join(d, dataset + ".csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print("%s/%s: %d rows" % (source, dataset, len(rows)))


def row(**kw):
    r = {c: "" for c in COLUMNS}
    r.update(kw)
    return r


# ---------------------------------------------------------------------------
# R100001/Programming-Massively-Parallel-Processors, Performance-Tests-NvBench
PMPP = ("R100001/Programming-Massively-Parallel-Processors",
        "a972fb50d5d8695844ab3d5621e3ec54c2388367")
PMPP_GPUS = {"1650": "gtx1650", "2060": "rtx2060", "3060": "rtx3060",
             "3060l": "rtx3060-laptop", "3060ti": "rtx3060ti",
             "3070ti": "rtx3070ti", "3080": "rtx3080"}
PMPP_NAMES = {"gtx1650": "NVIDIA GeForce GTX 1650",
              "rtx2060": "NVIDIA GeForce RTX 2060",
              "rtx3060": "NVIDIA GeForce RTX 3060",
              "rtx3060-laptop": "NVIDIA GeForce RTX 3060 Laptop GPU",
              "rtx3060ti": "NVIDIA GeForce RTX 3060 Ti",
              "rtx3070ti": "NVIDIA GeForce RTX 3070 Ti",
              "rtx3080": "NVIDIA GeForce RTX 3080"}
NV = "pmpp/Performance-Tests-NvBench/"


def pmpp_rows(bench):
    for suffix, gpu in PMPP_GPUS.items():
        text = show(*PMPP, "Performance-Tests-NvBench/%s/BenchResults/"
                    "BenchResults%s.csv" % (bench, suffix))
        for r in csv.DictReader(io.StringIO(text)):
            if r["Skipped"] != "No" or not r["GPU Time (sec)"]:
                continue
            if r["Device Name"] != PMPP_NAMES[gpu]:
                sys.exit("derive.py: %s: device %r" % (suffix, r["Device Name"]))
            yield gpu, r, float(r["GPU Time (sec)"]) * 1e6


def pmpp_common(gpu, t, **kw):
    return row(measured_us=us(t), gpu=gpu, source="pmpp-nvbench",
               method="event", **kw)


def pmpp_array_add():
    out = []
    kern = {"Coalesced (Different Array Sizes)": "array_add_coalesced",
            "Not Coalesced (Different Array Sizes)": "array_add_not_coalesced"}
    for gpu, r, t in pmpp_rows("array_add"):
        a = int(r["Axis Size"])
        out.append(pmpp_common(
            gpu, t, kernel=kern[r["Benchmark"]],
            file=NV + "array_add/kperf_inst.cu",
            grid=dim(cdiv(a, 16), cdiv(a, 16)), block=dim(16, 16), smem="0",
            args=args(m=a, n=a), op="array-add-f32-%dx%d" % (a, a)))
    write("pmpp-nvbench", "array_add", out)


def pmpp_histogram():
    out = []
    for gpu, r, t in pmpp_rows("histogram"):
        n, bins, bs = int(r["Array Size"]), int(r["Num Bins"]), int(r["Num Threads"])
        shared = r["Benchmark"].startswith("Histogram Shared")
        k = "histogram_shared" if shared else "simple_histogram"
        sweep = "Grid and Block" in r["Benchmark"]
        out.append(pmpp_common(
            gpu, t, kernel=k, file=NV + "histogram/kperf_inst.cu",
            grid=dim(cdiv(n, bs)), block=dim(bs), smem=str(bins * 4 if shared else 0),
            # The input is all zeros: the atomics of each kernel hit one
            # address (kperf's binding for a data-addressed atomic).
            args=args(num_elements=n, num_bins=bins) + ";addresses@histogram_kernels.cuh:%d=1"
            % (36 if shared else 16),
            op="histogram-u32-all-in-bin0-bins=%d-n=%d" % (bins, n),
            series=("%s-blocksweep-n=%d" % (k, n)) if sweep else ""))
    write("pmpp-nvbench", "histogram", out)


def pmpp_grayscale():
    out = []
    for gpu, r, t in pmpp_rows("image_to_grayscale"):
        a, b = int(r["Axis Size"]), int(r["Num Threads"])
        out.append(pmpp_common(
            gpu, t, kernel="color_to_grayscale_conversion",
            file=NV + "image_to_grayscale/kperf_inst.cu",
            grid=dim(cdiv(a, b), cdiv(a, b)), block=dim(b, b), smem="0",
            args=args(width=a, height=a), op="rgb-to-gray-u8-%dx%d" % (a, a)))
    write("pmpp-nvbench", "image_to_grayscale", out)


def pmpp_mat_mat_mul():
    out = []
    for gpu, r, t in pmpp_rows("mat_mat_mul"):
        m, k, n = (int(r["Num Rows 1"]), int(r["Num Cols 1 / Rows 2"]),
                   int(r["Num Cols 2"]))
        bs = int(r["Num Threads"])
        b = r["Benchmark"]
        if b.startswith("Simple"):
            kern, grid, smem = "mat_mat_mul", dim(cdiv(n, bs), cdiv(m, bs)), 0
        elif "Rectangular" in b:
            kern = "mat_mat_mul_rec_tiles"
            grid = dim(cdiv(n, bs // 2), cdiv(m, bs))
            smem = 3 * bs * bs * 4
        else:
            kern, grid, smem = "mat_mat_mul_tiles", dim(cdiv(n, bs), cdiv(m, bs)), 2 * bs * bs * 4
        out.append(pmpp_common(
            gpu, t, kernel=kern, file=NV + "mat_mat_mul/kperf_inst.cu",
            grid=grid, block=dim(bs, bs), smem=str(smem),
            args=args(mat1_rows=m, mat1_cols=k, mat2_rows=k, mat2_cols=n),
            op="matmul-u32-%dx%dx%d" % (m, k, n),
            series=("%s-blocksweep-%d" % (kern, m)) if "Grid and Block" in b else ""))
    write("pmpp-nvbench", "mat_mat_mul", out)


def pmpp_mat_vec_mul():
    out = []
    for gpu, r, t in pmpp_rows("mat_vec_mul"):
        m, n, bs = int(r["Num Rows"]), int(r["Num Cols"]), int(r["Num Threads"])
        tiles = "Shared Memory" in r["Benchmark"]
        kern = "mat_vec_mul_tiles" if tiles else "mat_vec_mul"
        out.append(pmpp_common(
            gpu, t, kernel=kern, file=NV + "mat_vec_mul/kperf_inst.cu",
            grid=dim(cdiv(m, bs)), block=dim(bs), smem=str(bs * 4 if tiles else 0),
            args=args(m=m, n=n), op="matvec-u32-%dx%d" % (m, n),
            series=("%s-blocksweep-%d" % (kern, m)) if "Grid and Block" in r["Benchmark"] else ""))
    write("pmpp-nvbench", "mat_vec_mul", out)


def pmpp_convolution():
    out = []
    kern = {"1D Basic": "convolution_1D_basic_kernel",
            "1D Constant Memory": "convolution_1D_constant_memory_kernel",
            "1D Tiled": "convolution_1D_tiled_kernel",
            "1D Tiled and Caching": "convolution_1D_tiled_caching_kernel",
            "2D Basic": "convolution_2D_basic_kernel",
            "2D Constant Memory": "convolution_2D_constant_memory_kernel",
            "2D Tiled": "convolution_2D_tiled_kernel"}
    for gpu, r, t in pmpp_rows("convolution"):
        m = re.match(r"Convolution (.*) \((Different .*)\)", r["Benchmark"])
        k = kern[m.group(1)]
        sweep = "Block and Grid" in m.group(2)
        mw = int(r["Mask width"])
        if m.group(1).startswith("1D"):
            n, bd = int(r["Array size"]), int(r["Block dim"])
            smem = {"1D Tiled": (bd + mw - 1) * 4,
                    "1D Tiled and Caching": bd * 4}.get(m.group(1), 0)
            out.append(pmpp_common(
                gpu, t, kernel=k, file=NV + "convolution/kperf_inst.cu",
                grid=dim(cdiv(n, bd)), block=dim(bd), smem=str(smem),
                args=args(mask_width=mw, width=n),
                op="conv1d-f32-n=%d-mask=%d" % (n, mw),
                series=("%s-blocksweep-n=%d" % (k, n)) if sweep else ""))
        else:
            a, c, b = int(r["Axis size"]), int(r["Num channels"]), int(r["Block axis dim"])
            if m.group(1) == "2D Tiled":
                o = max(b - mw + 1, 1) if (b - mw + 1) != 0 else 1
                g = (a + b - mw) // o
                grid, smem = dim(g, g), b * b * 4
            else:
                grid, smem = dim(cdiv(a, b), cdiv(a, b)), 0
            out.append(pmpp_common(
                gpu, t, kernel=k, file=NV + "convolution/kperf_inst.cu",
                grid=grid, block=dim(b, b), smem=str(smem),
                args=args(mask_height=mw, mask_width=mw, height=a, width=a, channels=c),
                op="conv2d-f32-%dx%dx%d-mask=%d" % (a, a, c, mw),
                series=("%s-blocksweep-%d" % (k, a)) if sweep else ""))
    write("pmpp-nvbench", "convolution", out)


# ---------------------------------------------------------------------------
# te42kyfo/gpu-benches
GB = ("te42kyfo/gpu-benches", "1c36d509ee717dca9215c27135fa1e611bb03ed1")
STREAM_GPUS = {"a100_40": "a100", "a100_80": "a100-80gb", "a40": "a40",
               "h100_pcie": "h100-pcie", "h200": "h200", "l40": "l40",
               "v100": "v100"}
STREAM_KERNELS = [("init_kernel", 1), ("read_kernel", 1), ("scale_kernel", 2),
                  ("triad_kernel", 3), ("stencil1d3pt_kernel", 2),
                  ("stencil1d5pt_kernel", 2)]
STREAM_N = 128 * 1024 * 1024 + 2


def gpu_stream():
    out = []
    for name, gpu in STREAM_GPUS.items():
        for line in show(*GB, "gpu-stream/%s.txt" % name).splitlines()[1:]:
            f = line.split()
            if len(f) < 12 or f[5] != "GB/s:":
                continue
            bs = int(f[0])
            for (k, streams), v in zip(STREAM_KERNELS, f[6:12]):
                t = streams * STREAM_N * 8 / (float(v) * 1e9) * 1e6
                out.append(row(
                    kernel=k, file="gpu-benches/kperf_inst_stream.cu",
                    grid=dim(STREAM_N // bs + 1), block=dim(bs), smem="0",
                    args=args(N=STREAM_N, secretlyFalse=0), defines="",
                    measured_us=us(t), gpu=gpu, source="gpu-benches",
                    op="stream-f64-n=%d" % STREAM_N,
                    series="%s-2-blocks-per-sm" % k, method="wallclock",
                    # the benchmark sets the shared-memory carveout until two
                    # blocks (of 6 KB static shared memory) fit on an SM: two
                    # and no more are resident (gpu-stream/main.cu, measureFunc)
                    max_blocks_per_sm="2"))
    write("gpu-benches", "gpu_stream", out)


SMALL_GPUS = {"a40": "a40", "h200": "h200", "l40": "l40"}


def gpu_small_kernels():
    out = []
    for name, gpu in SMALL_GPUS.items():
        lines = [l.split() for l in show(*GB, "gpu-small-kernels/%s.txt" % name).splitlines()]
        lines = [f for f in lines if len(f) == 8 and f[1].endswith("kB")]
        for i, f in enumerate(lines):
            if i % 3:
                continue  # every third size: 60 sizes from 64 kB to 2 GB
            d = int(f[0])
            for bs, v in zip([32, 64, 128, 256, 512, 1024], f[2:]):
                t = d * 2 * 8 / (float(v) * 1e9) * 1e6
                out.append(row(
                    kernel="scale", file="gpu-benches/kperf_inst_small.cu",
                    grid=dim(d // bs + 1), block=dim(bs), smem="0",
                    args=args(size=d), measured_us=us(t), gpu=gpu,
                    source="gpu-benches", op="scale-f64-n=%d" % d,
                    series="scale-blocksweep-n=%d" % d, method="loop-average"))
    write("gpu-benches", "gpu_small_kernels", out)


# ---------------------------------------------------------------------------
# siboehm/SGEMM_CUDA, README table at the commit that wrote it
SG = ("siboehm/SGEMM_CUDA", "4820c609a1078e63c35c660107836fb022679fd9")
SGEMM = {1: ("sgemm_naive", (128, 128), (32, 32)),
         2: ("sgemm_global_mem_coalesce", (128, 128), (1024, 1)),
         3: ("sgemm_shared_mem_block", (128, 128), (1024, 1)),
         4: ("sgemm1DBlocktiling", (64, 64), (512, 1)),
         5: ("sgemm2DBlocktiling", (32, 32), (256, 1)),
         6: ("sgemmVectorize", (32, 32), (256, 1)),
         7: ("sgemmResolveBankConflicts", (32, 32), (256, 1)),
         8: ("sgemmResolveBankExtraCol", (32, 32), (256, 1)),
         9: ("sgemmAutotuned", (32, 32), (256, 1)),
         10: ("sgemmWarptiling", (32, 32), (128, 1)),
         11: ("sgemmDoubleBuffering", (32, 64), (256, 1))}


def sgemm():
    out = []
    for line in show(*SG, "README.md").splitlines():
        m = re.match(r"\|\s*(\d+):[^|]*\|\s*`?([\d.]+)`?\s*\|", line)
        if not m or int(m.group(1)) == 0:
            continue
        k, gflops = int(m.group(1)), float(m.group(2))
        name, g, b = SGEMM[k]
        t = 2 * 4096 ** 3 / (gflops * 1e9) * 1e6
        out.append(row(kernel=name, file="sgemm/kperf_inst.cu", grid=dim(*g),
                       block=dim(*b), smem="0", args=args(M=4096, N=4096, K=4096),
                       measured_us=us(t), gpu="rtx-a6000", source="sgemm-cuda",
                       op="sgemm-f32-4096x4096x4096", method="loop-average"))
    if len(out) != 11:
        sys.exit("derive.py: SGEMM README table: %d rows" % len(out))
    write("sgemm-cuda", "sgemm_a6000", out)


# ---------------------------------------------------------------------------
# eduardo4jesus/cuda-training-series: Nsight Compute reports
CT = ("eduardo4jesus/cuda-training-series",
      "2cce63d99119d0aee2bb78e331497ff6abca9492")
UNIT = {"nsecond": 1e-3, "usecond": 1.0, "msecond": 1e3, "second": 1e6}


def ncu_kernels(text):
    """(kernel, duration_us, block, grid, dynamic smem) per kernel section."""
    res, cur = [], None
    for line in text.splitlines():
        m = re.match(r"^\s+([A-Za-z_]\w*)\(.*\), \d{4}-\w{3}-\d+ .*Context", line)
        if m:
            cur = {"kernel": m.group(1)}
            res.append(cur)
            continue
        if cur is None:
            continue
        f = line.split()
        if f[:1] == ["Duration"] and f[1] in UNIT:
            cur["us"] = float(f[2].replace(",", "")) * UNIT[f[1]]
        elif f[:2] == ["Block", "Size"]:
            cur["block"] = int(f[-1].replace(",", ""))
        elif f[:2] == ["Grid", "Size"]:
            cur["grid"] = int(f[-1].replace(",", ""))
        elif f[:4] == ["Dynamic", "Shared", "Memory", "Per"]:
            cur["smem"] = int(f[-1].replace(",", ""))
    return res


def cuda_training():
    sets = {}
    red = {"a-8M": 8 * 1024 * 1024, "b-160K": 256 * 640, "c-32M": 32 * 1024 * 1024}
    jobs = []
    for tag, n in red.items():
        jobs.append(("exercises/hw5/outputs-rtx-3070/nsight-profile.1.reductions-%s.output" % tag,
                     "exercises/hw5/reductions-%s.cu" % tag, "rtx3070",
                     "reduce-sum-f32-n=%d" % n, {}))
    jobs.append(("exercises/hw5/outputs-rtx-3070/nsight-profile.3.matrix_sums.output",
                 "exercises/hw5/matrix_sums.cu", "rtx3070",
                 "matrix-sums-f32-16384x16384", {"ds": 16384}))
    jobs.append(("exercises/hw4/Profile Output - RTX 3070/matrix_sums.profile1-simple.output",
                 "exercises/hw4/matrix_sums.cu", "rtx3070",
                 "matrix-sums-f32-16384x16384", {"ds": 16384}))
    names = {"exercises/hw5/matrix_sums.cu": "hw5_matrix_sums",
             "exercises/hw4/matrix_sums.cu": "hw4_matrix_sums"}
    for prof, src, gpu, op, a in jobs:
        out = sets.setdefault(names.get(src, "hw5_reductions"), [])
        for k in ncu_kernels(show(*CT, prof)):
            if "us" not in k:
                continue
            out.append(row(kernel=k["kernel"], file="cuda-training/" + src,
                           grid=dim(k["grid"]), block=dim(k["block"]),
                           smem=str(k.get("smem", 0)), args=args(**a),
                           measured_us=us(k["us"]), gpu=gpu, source="cuda-training",
                           op=op, method="nsight"))
    # Tesla P40, vadd with a grid-stride loop; the launch is in the file name
    out = sets.setdefault("hw3_vadd", [])
    for tag, (g, b) in {"1b_1t": (1, 1), "1b_1024t": (1, 1024),
                        "160b_1024t": (160, 1024)}.items():
        ks = ncu_kernels(show(*CT, "exercises/hw3/Profile Output - TeslaP40/"
                              "vector_add_%s.profile.output" % tag))
        assert len(ks) == 1 and ks[0]["kernel"] == "vadd", ks
        out.append(row(kernel="vadd", file="cuda-training/exercises/hw3/vector_add_%s.cu" % tag,
                       grid=dim(g), block=dim(b), smem="0", args=args(ds=32 * 1048576),
                       measured_us=us(ks[0]["us"]), gpu="p40", source="cuda-training",
                       op="vadd-f32-n=%d" % (32 * 1048576), method="nsight"))
    for name, rows in sets.items():
        write("cuda-training", name, rows)


if __name__ == "__main__":
    pmpp_array_add()
    pmpp_histogram()
    pmpp_grayscale()
    pmpp_mat_mat_mul()
    pmpp_mat_vec_mul()
    pmpp_convolution()
    gpu_stream()
    gpu_small_kernels()
    sgemm()
    cuda_training()
