#!/usr/bin/env python3
"""kperf-clangd as an editor uses it: an LSP session over stdin/stdout.

Starts kperf-clangd on a project (a .cu file with a bank conflict, its
compile_commands.json and the .clangd of docs/integration.md), opens the file,
waits for textDocument/publishDiagnostics and checks the kperf-bank-conflict
diagnostic (source clang-tidy, its message), then asks for the code actions on
its range and checks the padding fix-it ("32" -> "33").

    lsp_test.py --clangd build/bin/kperf-clangd --clang /usr/lib/llvm-22/bin/clang++ \\
        --cuda-path /usr/local/cuda [--host-only]

Standard library only.  Exit status 0: passed; 1: failed (with the reason).
"""
import argparse
import json
import os
import shutil
import queue
import subprocess
import sys
import tempfile
import threading
import time

SOURCE = """\
// A tiled transpose without padding: reading a column of the tile is 32-way.
__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

void launch(const float *in, float *out, int n) {
  transpose_tiled<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(in, out, n);
}
"""

CLANGD_CONFIG = """\
Diagnostics:
  ClangTidy:
    Add: [kperf-*]
    FastCheckFilter: None
"""

# HIP: no CUDA arch to assume a GPU from; the checks' Gpu option names one.
HIP_GPU = """\
    CheckOptions:
      kperf-bank-conflict.Gpu: h100
"""

EXPECT = ("32-way shared-memory bank conflict on 'tile': lanes 0-31 all hit bank 0 "
          "at 32 different addresses")


class Lsp:
    def __init__(self, argv, cwd, env, log):
        self.p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=log)
        self.q = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        f = self.p.stdout
        while True:
            length = None
            while True:
                line = f.readline()
                if not line:
                    self.q.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                k, _, v = line.partition(b":")
                if k.lower() == b"content-length":
                    length = int(v)
            self.q.put(json.loads(f.read(length)))

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    def wait(self, pred, timeout, what):
        """Messages until pred(msg) is true; answers the server's requests."""
        end = time.time() + timeout
        while time.time() < end:
            try:
                m = self.q.get(timeout=max(0.1, end - time.time()))
            except queue.Empty:
                break
            if m is None:
                raise SystemExit("FAIL: kperf-clangd exited while waiting for " + what)
            if "method" in m and "id" in m:  # a request from the server
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
                continue
            if pred(m):
                return m
        raise SystemExit("FAIL: no %s within %ds" % (what, timeout))

    def close(self):
        try:
            rid = self.request("shutdown", None)
            self.wait(lambda m: m.get("id") == rid, 30, "shutdown reply")
            self.notify("exit", None)
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()


def concurrent_files(s, d, args, a):
    """Opens a.concurrent more files at once, alternately for an H100 and a
    GTX 280 (`#pragma kperf gpu`, at the top of some files and after the code
    in others), which clangd analyses on several threads: each must get its
    own GPU's degree for the tile column (32-way on 9.0, 16-way per half-warp
    on 1.3), never the other file's."""
    want = {}
    for i in range(a.concurrent):
        gpu, degree = ("h100", 32) if i % 2 == 0 else ("gtx280", 16)
        path = os.path.join(d, "t%d.cu" % i)
        # Files 0, 1, 4, 5: the pragma at the top, in clangd's preamble (lexed
        # once, in a compile of its own); 2, 3: after the code.
        pragma = "#pragma kperf gpu(%s)\n" % gpu
        text = pragma + SOURCE if i % 4 < 2 else SOURCE + pragma
        with open(path, "w") as f:
            f.write(text)
        want["file://" + path] = degree
    with open(os.path.join(d, "compile_commands.json")) as f:
        db = json.load(f)
    for uri in want:
        path = uri[len("file://"):]
        db.append({"directory": d, "file": path,
                   "arguments": [x if x != "transpose.cu" else os.path.basename(path) for x in args]})
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump(db, f)
    for uri in want:
        s.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1,
            "text": open(uri[len("file://"):]).read()}})
    got = {}

    def any_kperf(m):
        if m.get("method") != "textDocument/publishDiagnostics":
            return False
        p = m["params"]
        if p["uri"] not in want:
            return False
        for x in p["diagnostics"]:
            if x.get("code") == "kperf-bank-conflict":
                got[p["uri"]] = x["message"]
        return len(got) == len(want)
    s.wait(any_kperf, a.timeout, "kperf-bank-conflict diagnostics of %d files" % len(want))
    for uri, degree in sorted(want.items()):
        text = "%d-way shared-memory bank conflict on 'tile'" % degree
        print("%s: %s" % (os.path.basename(uri), got[uri].splitlines()[0]))
        if text not in got[uri]:
            raise SystemExit("FAIL: %s: %r lacks %r" % (uri, got[uri], text))


def no_db(s, uri, a):
    """Without a GPU database: one kperf-setup warning on the file's first line
    (clangd shows no diagnostic without a place in the file), no finding."""
    def setup_diag(m):
        if m.get("method") != "textDocument/publishDiagnostics":
            return False
        p = m["params"]
        return p["uri"] == uri and any(x.get("code") == "kperf-setup" for x in p["diagnostics"])
    m = s.wait(setup_diag, a.timeout, "kperf-setup diagnostic")
    diags = m["params"]["diagnostics"]
    setup = [x for x in diags if x.get("code") == "kperf-setup"]
    print("diagnostic:", json.dumps(setup))
    want = "kperf: nothing checked: KPERF_DB names"  # clangd capitalizes the first letter
    if len(setup) != 1 or want not in setup[0]["message"].lower().replace("kperf_db", "KPERF_DB"):
        raise SystemExit("FAIL: want one kperf-setup diagnostic saying %r, got %s" % (want, setup))
    if setup[0]["range"]["start"]["line"] != 0 or setup[0].get("severity") != 2:
        raise SystemExit("FAIL: not a warning on line 1: %s" % setup[0])
    others = [x for x in diags if str(x.get("code", "")).startswith("kperf-") and x is not setup[0]]
    if others:
        raise SystemExit("FAIL: findings without a GPU: %s" % others)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clangd", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--cuda-path", required=True)
    ap.add_argument("--host-only", action="store_true",
                    help="compile the host side (--cuda-host-only); default: as the "
                         "driver does, which clangd takes as the first (device) job")
    ap.add_argument("--hip", action="store_true",
                    help="the same file as HIP (-x hip over HIP's headers, -include'd), "
                         "analysed for an H100 named in .clangd's CheckOptions")
    ap.add_argument("--no-db", action="store_true",
                    help="KPERF_DB names a file that does not exist: the file gets one "
                         "kperf-setup diagnostic saying nothing was checked, and no finding")
    ap.add_argument("--timeout", type=int, default=180)
    ap.add_argument("--concurrent", type=int, default=0,
                    help="then open N more files at once (alternately for two GPUs) and "
                         "check that each gets its own GPU's findings")
    a = ap.parse_args()

    d = tempfile.mkdtemp(prefix="kperf-clangd-")
    name = "transpose.hip" if a.hip else "transpose.cu"
    src = os.path.join(d, name)
    with open(src, "w") as f:
        f.write(SOURCE)
    with open(os.path.join(d, ".clangd"), "w") as f:
        f.write(CLANGD_CONFIG + (HIP_GPU if a.hip else ""))
    if a.hip:
        args = [a.clang, "-x", "hip", "--offload-arch=gfx90a", "--rocm-path=/usr", "-nogpulib",
                "-D__AMDGCN_WAVEFRONT_SIZE=64", "-include", "hip/hip_runtime.h",
                "-c", name, "-o", "transpose.o"]
    else:
        args = [a.clang, "-x", "cuda", "--cuda-path=" + a.cuda_path, "--cuda-gpu-arch=sm_90",
                "-Wno-unknown-cuda-version", "-c", name, "-o", "transpose.o"]
    if a.host_only:
        args.insert(-4, "--cuda-host-only")
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump([{"directory": d, "file": src, "arguments": args}], f)

    env = dict(os.environ)
    env.pop("KPERF_DB", None)
    if a.no_db:
        env["KPERF_DB"] = os.path.join(d, "missing.db")
    env["XDG_CONFIG_HOME"] = os.path.join(d, "xdg")  # no user clangd config
    env["HOME"] = d
    log = open(os.path.join(d, "clangd.log"), "w")
    uri = "file://" + src
    s = Lsp([a.clangd, "--log=verbose", "--background-index=false", "--clang-tidy", "-j=4"], d, env, log)
    ok = False
    try:
        s.request("initialize", {
            "processId": os.getpid(), "rootUri": "file://" + d,
            "capabilities": {"textDocument": {
                "publishDiagnostics": {"relatedInformation": True},
                "codeAction": {"codeActionLiteralSupport": {
                    "codeActionKind": {"valueSet": ["quickfix"]}}}}}})
        s.wait(lambda m: m.get("id") == 1 and "result" in m, 60, "initialize reply")
        s.notify("initialized", {})
        s.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": SOURCE}})

        if a.no_db:
            no_db(s, uri, a)
        else:
            findings(s, uri, d, args, a)
        ok = True
        print("PASS")
    finally:
        s.close()
        log.close()
        if not ok:
            sys.stderr.write("clangd log (%s):\n" % log.name)
            with open(log.name) as f:
                sys.stderr.write("".join(f.readlines()[-60:]))
    shutil.rmtree(d, ignore_errors=True)  # kept only when the test failed, for its log
    return 0


def findings(s, uri, d, args, a):
    """The bank conflict's diagnostic, its fix-it, and with --concurrent the
    findings of more files at once."""
    def kperf_diag(m):
        if m.get("method") != "textDocument/publishDiagnostics":
            return False
        p = m["params"]
        return p["uri"] == uri and any(x.get("code") == "kperf-bank-conflict"
                                       for x in p["diagnostics"])
    m = s.wait(kperf_diag, a.timeout, "kperf-bank-conflict diagnostic")
    diag = next(x for x in m["params"]["diagnostics"] if x.get("code") == "kperf-bank-conflict")
    print("diagnostic:", json.dumps(diag))
    if diag.get("source") != "clang-tidy":
        raise SystemExit("FAIL: source is %r, not clang-tidy" % diag.get("source"))
    if EXPECT not in diag["message"]:
        raise SystemExit("FAIL: message %r lacks %r" % (diag["message"], EXPECT))
    if diag["range"]["start"]["line"] != 9:
        raise SystemExit("FAIL: diagnostic on line %d, not 10" % (diag["range"]["start"]["line"] + 1))

    rid = s.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diag["range"],
        "context": {"diagnostics": [diag], "only": ["quickfix"]}})
    r = s.wait(lambda m: m.get("id") == rid, 60, "codeAction reply")
    actions = r.get("result") or []
    print("code actions:", json.dumps(actions))
    edits = []
    for act in actions:
        for e in (act.get("edit") or {}).get("changes", {}).get(uri, []):
            edits.append(e)
        for dc in (act.get("edit") or {}).get("documentChanges", []):
            if dc.get("textDocument", {}).get("uri") == uri:
                edits.extend(dc.get("edits", []))
    want = [e for e in edits if e["newText"] == "33" and e["range"]["start"]["line"] == 2
            and e["range"]["start"]["character"] == 28 and e["range"]["end"]["character"] == 30]
    if not want:
        raise SystemExit("FAIL: no fix-it replacing '32' with '33' on line 3 among %s" % edits)
    if a.concurrent:
        concurrent_files(s, d, args, a)


if __name__ == "__main__":
    sys.exit(main())
