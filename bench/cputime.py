"""What the benches that run clang with the plugin share: a compile timed by
its CPU time, and a probe that the plugin analyses anything at all."""

import os
import subprocess
import tempfile
import time

PROBE = "__global__ void kperf_probe(float *a) { a[threadIdx.x * 2] = 0; }\n"


def run(cmd, timeout):
    """(exit code or None on a timeout, stderr, seconds, timed out).  The
    seconds are the CPU time (user + system) of the command and the children
    it waited for, so that other work on the machine does not make a compile
    look slow; the wall time when it times out."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as errf:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errf)
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - t0 > timeout:
                p.kill()
                os.wait4(p.pid, 0)
                errf.seek(0)
                return None, errf.read().decode("utf-8", "replace"), time.monotonic() - t0, True
            time.sleep(0.005)
        errf.seek(0)
        err = errf.read().decode("utf-8", "replace")
        return os.waitstatus_to_exitcode(status), err, ru.ru_utime + ru.ru_stime, False


def plugin_unusable(command_for, timeout=120, prelude=""):
    """Why the plugin analyses nothing (no GPU database, an argument it
    refuses, a plugin that does not load), or None: a probe kernel compiled
    with command_for(path) (the plugin and -fplugin-arg-kperf-verbose
    included) must get kperf's per-kernel remark and no error.  prelude
    goes before the probe (HIP: its runtime header)."""
    with tempfile.TemporaryDirectory(prefix="kperf-probe-") as d:
        path = os.path.join(d, "probe.cu")
        with open(path, "w") as f:
            f.write(prelude + PROBE)
        rc, err, _, _ = run(command_for(path), timeout)
    if rc == 0 and "remark: kernel 'kperf_probe'" in err:
        return None
    lines = [l for l in err.splitlines() if "error" in l] or err.splitlines() or ["exit %s" % rc]
    return lines[0].strip()
