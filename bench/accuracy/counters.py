#!/usr/bin/env python3
"""kperf's per-thread counts against a real GPU's hardware counters.

benchmark_hub (AutoTuningAssociation/benchmark_hub, the commit of
../shared/measured) publishes, beside the Kernel Tuner caches, Kernel Tuning
Toolkit results of the same convolution on an RTX 2080 Ti with Nsight Compute
counters for each configuration
(`currently_unused/cachefiles/KTT data/KTConvolutionOutput_2080Ti.json.gz`).
This bench runs `kperf predict --json` on a deterministic sample of those
configurations and compares, per warp:

  * instructions: kperf's emitted instructions per thread
    (`emitted_instructions_per_thread`) against smsp__inst_executed / warps;
  * memory instructions: kperf's emitted shared, global and local loads and
    stores against smsp__sass_thread_inst_executed_op_memory_pred_on / 32 / warps;
  * shared-memory wavefronts: kperf's emitted shared loads and stores plus its
    bank-conflict replays against l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st};

and reports the SM clock the counters imply (issued instructions over the
issue-active fraction, per SM, over the duration), the highest shared-memory
wavefront utilisation of all profiled configurations, and the bn model's
cycles against the elapsed cycles the counters give (so the GPU's clock in
that run is out of the comparison) on the configurations without padding.  The kernel's source is
others' code: give the directory that holds `convolution/convolution.cu` (as for
public.py) with --src or KPERF_PUBLIC_SRC.

    python3 bench/accuracy/counters.py --mirror /work/.mirror/AutoTuningAssociation+benchmark_hub/repo \\
        --src /tmp/public-src [--kperf build/bin/kperf] [--sample 150] [--jobs 2] \\
        [--ptxas-cache DIR]   (registers from nvcc's ptxas, as public.py --ptxas)
"""
import argparse
import concurrent.futures
import gzip
import hashlib
import json
import os
import statistics
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kperf_json  # noqa: E402
import public  # noqa: E402  (the statistics of the public bench)

KTT_PATH = "currently_unused/cachefiles/KTT data/KTConvolutionOutput_2080Ti.json.gz"
SOURCE = "convolution/convolution.cu"
GPU, SMS, SUBPARTITIONS = "rtx2080ti", 68, 4
MEMORY = ("ld.shared", "st.shared", "ld.global", "st.global", "ld.local", "st.local", "atomic")


def read_ktt(args):
    if args.ktt:
        with open(args.ktt, "rb") as f:
            raw = f.read()
    else:
        raw = subprocess.run(["git", "--git-dir", args.mirror, "show", "HEAD:" + KTT_PATH],
                             check=True, capture_output=True).stdout
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return json.loads(raw)


def configurations(doc):
    """Profiled configurations: (defines, grid, block, counters, duration_us)."""
    out = []
    for r in doc.get("Results", []):
        if r.get("Status") != "Ok" or not r.get("ComputationResults"):
            continue
        cr = r["ComputationResults"][0]
        prof = cr.get("ProfilingData")
        if not prof:
            continue
        p = {c["Name"]: c["Value"] for c in r["Configuration"]}
        hfs = int(p["HFS"])
        defines = {"block_size_x": p["BLOCK_SIZE_X"], "block_size_y": p["BLOCK_SIZE_Y"],
                   "tile_size_x": p["TILE_SIZE_X"], "tile_size_y": p["TILE_SIZE_Y"],
                   "read_only": p["READ_ONLY"], "use_padding": p["PADDING"],
                   "filter_height": 2 * hfs + 1, "filter_width": 2 * hfs + 1}
        grid = (cr["GlobalSize"]["X"], cr["GlobalSize"]["Y"], cr["GlobalSize"]["Z"])
        block = (cr["LocalSize"]["X"], cr["LocalSize"]["Y"], cr["LocalSize"]["Z"])
        counters = {c["Name"]: c["Value"] for c in prof["Counters"]}
        out.append((defines, grid, block, counters, cr["Duration"]))
    return out


def elapsed_cycles(counters):
    """The SM cycles the launch took: issued instructions per sub-partition over
    the issue-active fraction of the active cycles, over the active fraction of
    the elapsed ones."""
    inst = counters["smsp__inst_executed.sum"]
    issue = counters["smsp__issue_active.avg.pct_of_peak_sustained_active"] / 100
    active = counters["smsp__cycles_active.avg.pct_of_peak_sustained_elapsed"] / 100
    if issue <= 0 or active <= 0:
        return None
    return inst / (SUBPARTITIONS * SMS) / issue / active


def implied_clock_mhz(counters, duration_us):
    cycles = elapsed_cycles(counters)
    return cycles / duration_us if cycles and duration_us > 0 else None


def predict(kperf, src, cfg, ptxas_cache=None):
    defines, grid, block, counters, duration = cfg
    pred, why = kperf_json.predict(kperf, os.path.join(src, SOURCE), "convolution_kernel",
                                   "%d,%d,%d" % grid, "%d,%d,%d" % block, GPU,
                                   sorted(defines.items()), ptxas_cache)
    return cfg, pred, why


def per_warp(cfg, pred):
    defines, grid, block, c, duration = cfg
    warps = grid[0] * grid[1] * grid[2] * -(-(block[0] * block[1] * block[2]) // 32)
    b = pred["breakdown"]
    cls = lambda k: kperf_json.emitted(b, k)
    kperf = {"instructions": b["emitted_instructions_per_thread"],
             "memory": sum(cls(k) for k in MEMORY),
             "wavefronts": cls("ld.shared") + cls("st.shared") + b["bank_conflict_replays_per_thread"]}
    real = {"instructions": c["smsp__inst_executed.sum"] / warps,
            "memory": c["smsp__sass_thread_inst_executed_op_memory_pred_on.sum"] / 32 / warps,
            "wavefronts": (c["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] +
                           c["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]) / warps}
    return kperf, real


def spread(xs):
    xs = sorted(xs)
    return "median %.2f (10th-90th percentile %.2f-%.2f, n %d)" % (
        statistics.median(xs), xs[len(xs) // 10], xs[(9 * len(xs)) // 10], len(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mirror", help="bare git mirror of AutoTuningAssociation/benchmark_hub")
    ap.add_argument("--ktt", help="the KTT results file itself (.json or .json.gz)")
    ap.add_argument("--src", default=os.environ.get("KPERF_PUBLIC_SRC"))
    ap.add_argument("--kperf", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                    "build", "bin", "kperf"))
    ap.add_argument("--sample", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ptxas-cache", help="registers from nvcc's ptxas, kept in this directory")
    args = ap.parse_args()
    if not (args.mirror or args.ktt) or not args.src:
        ap.error("give --mirror or --ktt, and --src (or KPERF_PUBLIC_SRC)")
    if not os.path.isfile(os.path.join(args.src, SOURCE)):
        sys.exit("counters.py: %s not found under %s" % (SOURCE, args.src))

    cfgs = configurations(read_ktt(args))
    if not cfgs:
        sys.exit("counters.py: no profiled configuration in the KTT results")
    shared_util = max(c[3]["l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed"]
                      for c in cfgs)
    clocks = [m for m in (implied_clock_mhz(c[3], c[4]) for c in cfgs) if m]
    key = lambda c: hashlib.sha1(json.dumps(c[0], sort_keys=True).encode()).hexdigest()
    sample = sorted(cfgs, key=key)[:args.sample]

    ratios = {"instructions": [], "memory": [], "wavefronts": []}
    ratios_nopad = {k: [] for k in ratios}
    failures, cycles = [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for cfg, pred, why in ex.map(lambda c: predict(args.kperf, args.src, c, args.ptxas_cache),
                                     sample):
            if pred is None or not pred.get("ok"):
                failures.append(why or pred.get("why", "?"))
                continue
            kperf, real = per_warp(cfg, pred)
            elapsed = elapsed_cycles(cfg[3])
            if not cfg[0]["use_padding"] and elapsed and pred["breakdown"].get("exec_cycles"):
                cycles.append((elapsed, pred["breakdown"]["exec_cycles"]))
            for k in ratios:
                if real[k] > 0:
                    ratios[k].append(kperf[k] / real[k])
                    if not cfg[0]["use_padding"]:
                        ratios_nopad[k].append(kperf[k] / real[k])

    print("RTX 2080 Ti, %d profiled configurations; %d sampled, %d failed%s" % (
        len(cfgs), len(sample), len(failures), (" (%s)" % failures[0]) if failures else ""))
    print("SM clock the counters imply: median %.0f MHz" % statistics.median(clocks))
    print("highest shared-memory wavefront utilisation: %.1f %% of one per clock" % shared_util)
    for k in ratios:
        if ratios[k]:
            print("kperf / counters, %-12s %s; without padding %s" % (
                k + ":", spread(ratios[k]), spread(ratios_nopad[k]) if ratios_nopad[k] else "-"))
    if cycles:
        st = public.stats(cycles)
        print("%s cycles / elapsed cycles, without padding (%d): median APE %.1f %%, rho %.2f, "
              "median ratio %.3g (registers: %s)" % (
                  "bn", len(cycles), st["mdape"], st["rho"], st["ratio"],
                  "ptxas" if args.ptxas_cache else "kperf's estimate"))


if __name__ == "__main__":
    main()
