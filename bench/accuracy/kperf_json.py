"""One launch through `kperf predict --json`, for the benches that compare kperf's
counts with a GPU's (counters.py: hardware counters; sass.py: the compiler's SASS).
Python 3 standard library only."""
import json
import subprocess


def predict(kperf, src, kernel, grid, block, gpu, defines, ptxas_cache=None):
    """(kperf's JSON, None) for one launch, or (None, the last line of its error).
    grid, block: 'x,y,z'; defines: (name, value) pairs; ptxas_cache: registers from
    nvcc's ptxas kept in that directory, else kperf's estimate."""
    ptxas = ["--ptxas", "nvcc", "--ptxas-cache", ptxas_cache] if ptxas_cache else ["--ptxas", "off"]
    cmd = ([kperf, "predict", src, "--kernel", kernel, "--grid", grid, "--block", block,
            "--gpu", gpu, "--json"] + ptxas + ["-D%s=%s" % kv for kv in defines])
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, (p.stderr.strip().splitlines() or ["kperf: exit %d" % p.returncode])[-1]
    return json.loads(p.stdout), None


def emitted(breakdown, cls):
    """Instructions of class cls per thread as emitted: kperf's emitted count where
    it differs from the source count (emitted_per_thread), else the source count."""
    e = breakdown.get("emitted_per_thread") or {}
    return e.get(cls, (breakdown.get("instructions_by_class") or {}).get(cls, 0))
