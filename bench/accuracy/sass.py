#!/usr/bin/env python3
"""kperf's emitted counts against the SASS NVIDIA's compiler makes of the same code.

For a deterministic sample of the configurations of the public convolution
datasets (../shared/measured: `convolution`, `convolution_milo`), per GPU
architecture, this bench compiles the kernel as the dataset's defines give it,
lists its SASS and counts the instructions kperf models one by one: FFMA (the
filter taps) and LDS (the shared-memory loads of the fully unrolled tap nest,
which kperf merges by address), against `kperf predict --json --ptxas off`'s
`emitted_per_thread` (fp32, ld.shared).  Those instructions sit in straight-line
code, so the SASS's static count is what each thread executes.

CUDA 13 ships no disassembler here (no cuobjdump, no nvdisasm), so the SASS comes
from CUDA 11.8's ptxas and nvdisasm, which Debian ships in the non-free
nvidia-cuda-toolkit package: nvcc 13 writes the PTX, its `.version` line is set
to 7.8 (what ptxas 11.8 reads; the kernels use nothing newer), ptxas 11.8
assembles it for the architecture and nvdisasm 11.8 lists it.  Getting the
package without installing it (needs Debian's non-free component):

    printf 'Types: deb\\nURIs: http://deb.debian.org/debian\\nSuites: bookworm\\nComponents: non-free\\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\\n' > /tmp/nf.sources
    mkdir -p /tmp/nf-lists/partial /tmp/nfdeb && cd /tmp/nfdeb
    apt-get -o Dir::Etc::sourcelist=/tmp/nf.sources -o Dir::Etc::sourceparts=/dev/null \\
            -o Dir::State::Lists=/tmp/nf-lists update
    apt-get -o Dir::Etc::sourcelist=/tmp/nf.sources -o Dir::Etc::sourceparts=/dev/null \\
            -o Dir::State::Lists=/tmp/nf-lists download nvidia-cuda-toolkit
    dpkg -x nvidia-cuda-toolkit_*.deb x          # x/usr/bin/ptxas, x/usr/bin/nvdisasm

    python3 bench/accuracy/sass.py --toolkit /tmp/nfdeb/x/usr/bin --src DIR [--sample 20] [--jobs 2]

The kernels' sources are others' code: give the directory that holds
`convolution/convolution.cu` and `convolution_milo/convolution_milo.cu` (as for
public.py) with --src or KPERF_PUBLIC_SRC.  Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import csvio  # noqa: E402
import kperf_json  # noqa: E402
import public  # noqa: E402  (the same deterministic sample)

# The datasets' GPUs by architecture (the database's compute capability).
ARCH = {"RTX_2080_Ti": "sm_75", "RTX_Titan": "sm_75", "RTX_3090": "sm_86",
        "RTX_3060_laptop": "sm_86", "A4000": "sm_86", "A4000_old": "sm_86",
        "A6000": "sm_86", "A6000_original": "sm_86", "A100": "sm_80"}
KERNELS = ("convolution", "convolution_milo")
INSN = re.compile(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P[0-9T]\s+)?([A-Z0-9_]+)")


def sass_counts(toolkit, nvcc, src, kernel, arch, defines, tmp):
    """{'FFMA': n, 'LDS': n, 'all': n} of the kernel's SASS, or a string saying why not."""
    ptx, ptx8, cubin = (os.path.join(tmp, n) for n in ("k.ptx", "k8.ptx", "k.cubin"))
    d = ["-D%s=%s" % kv for kv in defines]
    p = subprocess.run([nvcc, "-ptx", "-arch=" + arch, "-o", ptx, src] + d,
                       capture_output=True, text=True)
    if p.returncode:
        return "nvcc: " + p.stderr.strip()[:120]
    with open(ptx) as f:
        text = re.sub(r"^\.version .*$", ".version 7.8", f.read(), flags=re.M)
    with open(ptx8, "w") as f:
        f.write(text)
    p = subprocess.run([os.path.join(toolkit, "ptxas"), "-arch=" + arch, "-O3", "-o", cubin, ptx8],
                       capture_output=True, text=True)
    if p.returncode:
        return "ptxas 11.8: " + p.stderr.strip()[:120]
    p = subprocess.run([os.path.join(toolkit, "nvdisasm"), "-c", cubin], capture_output=True, text=True)
    if p.returncode:
        return "nvdisasm: " + p.stderr.strip()[:120]
    out = p.stdout
    head = "\n.text.%s:" % kernel
    start = out.find(head)
    if start < 0:
        m = re.search(r"\n\.text\._Z\d+%s\w*:" % re.escape(kernel), out)
        start = m.start() if m else -1
    if start < 0:
        return "kernel %s not in the SASS" % kernel
    end = out.find("//----", start)
    ops = collections.Counter()
    for line in out[start:end if end > 0 else None].splitlines():
        m = INSN.match(line)
        if m:
            ops[m.group(1)] += 1
    return {"FFMA": ops["FFMA"], "LDS": ops["LDS"], "all": sum(ops.values())}


def kperf_counts(kperf, src, kernel, row):
    pred, why = kperf_json.predict(kperf, src, kernel, csvio.fmt_dim(row["grid"]),
                                   csvio.fmt_dim(row["block"]), "h100", row["defines"])
    if why:
        return "kperf: " + why[:120]
    b = pred["breakdown"]
    return {"FFMA": kperf_json.emitted(b, "fp32"), "LDS": kperf_json.emitted(b, "ld.shared"),
            "all": b["emitted_instructions_per_thread"]}


def one(a, nvcc, kernel, arch, row):
    src = os.path.join(a.src, kernel, kernel + ".cu")
    defines = [kv for kv in row["defines"] if kv[0] not in ("kernel_tuner",)]
    with tempfile.TemporaryDirectory() as tmp:
        s = sass_counts(a.toolkit, nvcc, src, row["kernel"], arch, defines, tmp)
    k = kperf_counts(a.kperf, src, row["kernel"], dict(row, defines=defines))
    return s, k


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--measured", default=os.path.join(HERE, "..", "..", "..", "shared", "measured"))
    ap.add_argument("--src", default=os.environ.get("KPERF_PUBLIC_SRC", ""))
    ap.add_argument("--toolkit", required=True, help="the directory of CUDA 11.8's ptxas and nvdisasm")
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--kperf", default=os.path.join(HERE, "..", "..", "build", "bin", "kperf"))
    ap.add_argument("--sample", type=int, default=20, help="configurations per dataset")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    if not a.src:
        ap.error("give the public sources' directory (--src or KPERF_PUBLIC_SRC)")
    jobs, seen = [], set()
    for f in sorted(os.listdir(a.measured)):
        kernel, _, gpu = f[:-4].partition("__")
        if kernel not in KERNELS or gpu not in ARCH:
            continue
        for row in public.sample(csvio.read_rows(os.path.join(a.measured, f)), a.sample):
            key = (kernel, ARCH[gpu], csvio.fmt_pairs(row["defines"]))
            if key not in seen:
                seen.add(key)
                jobs.append((kernel, ARCH[gpu], row))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        res = list(ex.map(lambda j: one(a, a.nvcc, *j), jobs))
    by = collections.defaultdict(list)
    fails = collections.Counter()
    for (kernel, arch, row), (s, k) in zip(jobs, res):
        if isinstance(s, str) or isinstance(k, str):
            fails[s if isinstance(s, str) else k] += 1
            continue
        by[(kernel, arch)].append((s, k))
    print("| kernel | arch | configurations | FFMA equal | LDS equal | median kperf/SASS FFMA | LDS | "
          "all instructions (kperf emitted / SASS static) |")
    print("|---|---|---|---|---|---|---|---|")
    for (kernel, arch), v in sorted(by.items()):
        def ratio(c):
            return statistics.median(k[c] / s[c] for s, k in v if s[c])
        print("| %s | %s | %d | %d | %d | %.3f | %.3f | %.2f |" % (
            kernel, arch, len(v), sum(s["FFMA"] == k["FFMA"] for s, k in v),
            sum(s["LDS"] == k["LDS"] for s, k in v), ratio("FFMA"), ratio("LDS"), ratio("all")))
    for why, n in fails.most_common():
        print("failed %d: %s" % (n, why))
    return 0


if __name__ == "__main__":
    sys.exit(main())
