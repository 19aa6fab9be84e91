#!/usr/bin/env python3
"""Tests of bench/accuracy/counters.py without the public source or counters: a
whole run on a kernel of this repository standing in for the convolution and
KTT results whose counters are invented, so that the ratios and the implied
clock are worked out from kperf's own counts.

  test_counters.py KPERF   (the kperf binary)"""
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

SRC = os.environ.get("KPERF_SRC") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(SRC, "bench", "accuracy", "counters.py")
KPERF = sys.argv[1]

KERNEL = r"""
__global__ void convolution_kernel(float *out, const float *in, const float *f) {
  __shared__ float row[block_size_y][block_size_x + filter_width];
  int x = blockIdx.x * block_size_x + threadIdx.x;
  int y = blockIdx.y * block_size_y + threadIdx.y;
  row[threadIdx.y][threadIdx.x] = in[y * 4096 + x];
  __syncthreads();
  float s = 0;
  for (int i = 0; i < filter_width; i++)
    s += row[threadIdx.y][threadIdx.x + i % block_size_x] * f[i];
  out[y * 4096 + x] = s;
}
"""

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, finish, near  # noqa: E402


def config(bx, by, hfs, pad, counters, duration):
    params = {"BLOCK_SIZE_X": bx, "BLOCK_SIZE_Y": by, "TILE_SIZE_X": 1, "TILE_SIZE_Y": 1,
              "PADDING": pad, "READ_ONLY": 0, "HFS": hfs}
    return {"Status": "Ok",
            "Configuration": [{"Name": k, "Value": v} for k, v in params.items()],
            "ComputationResults": [{
                "Duration": duration,
                "GlobalSize": {"X": 4096 // bx, "Y": 64 // by, "Z": 1},
                "LocalSize": {"X": bx, "Y": by, "Z": 1},
                "ProfilingData": {"Counters": [{"Name": k, "Value": v} for k, v in counters.items()]}}]}


def kperf_counts(src, bx, by, hfs):
    out = subprocess.run([KPERF, "predict", os.path.join(src, "convolution", "convolution.cu"),
                          "--kernel", "convolution_kernel", "--grid", "%d,%d,1" % (4096 // bx, 64 // by),
                          "--block", "%d,%d,1" % (bx, by), "--gpu", "rtx2080ti", "--ptxas", "off", "--json",
                          "-Dblock_size_x=%d" % bx, "-Dblock_size_y=%d" % by,
                          "-Dfilter_height=%d" % (2 * hfs + 1), "-Dfilter_width=%d" % (2 * hfs + 1),
                          "-Dread_only=0", "-Duse_padding=0", "-Dtile_size_x=1", "-Dtile_size_y=1"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["breakdown"]


with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "src")
    os.makedirs(os.path.join(src, "convolution"))
    with open(os.path.join(src, "convolution", "convolution.cu"), "w") as f:
        f.write(KERNEL)
    b = kperf_counts(src, 32, 4, 3)
    emitted = b["emitted_instructions_per_thread"]
    by_class = b["instructions_by_class"]
    check(emitted > 0 and by_class.get("ld.shared") == 7, "kperf's counts of the stand-in: %r" % b)
    warps = (4096 // 32) * (64 // 4) * 4
    # Invented counters: twice kperf's instructions per warp, its memory
    # instructions exactly, 4 wavefronts per shared access (a 4-way conflict
    # kperf does not see); issue active 50 % of 100 % active cycles.
    mem = by_class.get("ld.shared", 0) + by_class.get("st.shared", 0) + \
        by_class.get("ld.global", 0) + by_class.get("st.global", 0)
    shared = by_class.get("ld.shared", 0) + by_class.get("st.shared", 0)
    counters = {
        "smsp__inst_executed.sum": 2 * emitted * warps,
        "smsp__issue_active.avg.pct_of_peak_sustained_active": 50.0,
        "smsp__cycles_active.avg.pct_of_peak_sustained_elapsed": 100.0,
        "smsp__sass_thread_inst_executed_op_memory_pred_on.sum": 32 * mem * warps,
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": 4 * shared * warps,
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": 0,
        "l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed": 41.5,
    }
    duration = 100.0
    clock = 2 * emitted * warps / (4 * 68) / 0.5 / 1.0 / duration
    doc = {"Metadata": {"Device": "NVIDIA GeForce RTX 2080 Ti"},
           "Results": [config(32, 4, 3, 0, counters, duration),
                       {"Status": "ComputationFailed", "Configuration": [], "ComputationResults": []}]}
    ktt = os.path.join(tmp, "ktt.json.gz")
    with gzip.open(ktt, "wt") as f:
        json.dump(doc, f)
    p = subprocess.run([sys.executable, BENCH, "--ktt", ktt, "--src", src, "--kperf", KPERF, "--jobs", "1"],
                       capture_output=True, text=True)
    out = p.stdout
    check(p.returncode == 0, "counters.py failed: %s" % p.stderr)
    check("1 profiled configurations; 1 sampled, 0 failed" in out, "configurations: %r" % out)
    m = re.search(r"imply: median (\d+) MHz", out)
    check(m and int(m.group(1)) == round(clock), "implied clock %r, expected %.0f" % (m and m.group(1), clock))
    check("highest shared-memory wavefront utilisation: 41.5 %" in out, "utilisation: %r" % out)
    check(re.search(r"instructions: median 0\.50 ", out), "instructions ratio: %r" % out)
    check(re.search(r"memory: +median 1\.00 ", out), "memory ratio: %r" % out)
    check(re.search(r"wavefronts: +median 0\.25 ", out), "wavefronts ratio: %r" % out)

    # Missing arguments: a usage error, not a traceback.
    p = subprocess.run([sys.executable, BENCH, "--kperf", KPERF], capture_output=True, text=True,
                       env={k: v for k, v in os.environ.items() if k != "KPERF_PUBLIC_SRC"})
    check(p.returncode == 2 and "give --mirror or --ktt" in p.stderr, "usage: %r" % p.stderr)

finish("test_counters")
