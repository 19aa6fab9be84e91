#!/usr/bin/env python3
"""Score kperf's [kperf-uncoalesced] and [kperf-bank-conflict] findings against
the hand-derived labels of the corpus (tests/corpus/*.cu, see README.md).

Compiles every corpus file with the plugin for several GPUs of different
generations, matches findings to labels by file and line, and prints
precision and recall per check and GPU.  Exits 1 when, for any check and GPU,
precision < 100% or recall < 95% (the thresholds are options), 2 on a usage,
label or compile error.

  score.py --build BUILD                       (BUILD/lib/kperf.so, kperf-gpus.db)
  score.py --plugin kperf.so --db kperf-gpus.db [--clang clang++]

Standard library only.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKS = ("uncoalesced", "bank-conflict")
# name: compute capability, used when the database cannot be read.
DEFAULT_GPUS = [("h100", (9, 0)), ("gtx1050", (6, 1)), ("gtx940mx", (5, 0)),
                ("gtx280", (1, 3)), ("8600gt", (1, 1))]

LABEL_RE = re.compile(r"//\s*expect:\s*(.*)$")
TERM_RE = re.compile(r"^(none|skip|uncoalesced|bank-conflict)(?::(\d+))?(?:@(.+))?$")
COND_RE = re.compile(r"^cc(>=|<=|>|<)?(\d+)(?:\.(\d+))?$")
DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): warning: (.*) \[kperf-(uncoalesced|bank-conflict)\]$")
WAY_RE = re.compile(r"(\d+)-way")


class LabelError(Exception):
    pass


def parse_cond(text, where):
    """A predicate on (major, minor) for `ccX`, `cc>=X`, `cc<X`, ... (X = M or M.m)."""
    if text is None:
        return lambda cc: True
    m = COND_RE.match(text)
    if not m:
        raise LabelError("%s: bad condition '@%s'" % (where, text))
    op, major, minor = m.group(1), int(m.group(2)), m.group(3)
    if op is None:
        if minor is None:
            return lambda cc: cc[0] == major
        v = (major, int(minor))
        return lambda cc: cc == v
    v = (major, int(minor) if minor is not None else 0)
    return {">=": lambda cc: cc >= v, "<=": lambda cc: cc <= v if minor is not None else cc[0] <= major,
            ">": lambda cc: cc > v if minor is not None else cc[0] > major,
            "<": lambda cc: cc < v}[op]


def parse_labels(path):
    """{line: [(what, degree, cond, text)]} for every `// expect:` line."""
    labels = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = LABEL_RE.search(line)
            if not m:
                continue
            terms = []
            for tok in re.split(r"[\s,]+", m.group(1).strip()):
                if not tok:
                    continue
                t = TERM_RE.match(tok)
                where = "%s:%d" % (os.path.basename(path), n)
                if not t:
                    raise LabelError("%s: bad label term '%s'" % (where, tok))
                what, deg, cond = t.group(1), t.group(2), t.group(3)
                if deg is not None and what != "bank-conflict":
                    raise LabelError("%s: only bank-conflict takes a degree: '%s'" % (where, tok))
                terms.append((what, int(deg) if deg else None, parse_cond(cond, where), tok))
            if not terms:
                raise LabelError("%s:%d: empty label" % (os.path.basename(path), n))
            labels[n] = terms
    return labels


def truth(terms, cc):
    """None when the line is not labelled for cc (or is `skip`), else
    {check: degree-or-True-or-False}."""
    applicable = [t for t in terms if t[2](cc)]
    if not applicable or any(t[0] == "skip" for t in applicable):
        return None
    res = {c: False for c in CHECKS}
    for what, deg, _, _ in applicable:
        if what in CHECKS:
            res[what] = deg if deg is not None else True
    return res


def gpu_cc(db, name):
    try:
        con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
        try:
            row = con.execute("SELECT cc_major, cc_minor FROM gpus WHERE id = ?", (name,)).fetchone()
            if row is None:
                row = con.execute("SELECT g.cc_major, g.cc_minor FROM gpu_aliases a JOIN gpus g "
                                  "ON g.id = a.gpu_id WHERE a.alias = ?", (name,)).fetchone()
        finally:
            con.close()
        if row:
            return (int(row[0]), int(row[1]))
    except sqlite3.Error:
        pass
    return dict(DEFAULT_GPUS).get(name)


def run_kperf(args, path, gpu):
    cmd = [args.clang, "-x", "cuda", "--cuda-path=" + args.cuda_path, "-Wno-unknown-cuda-version",
           "-isystem", os.path.join(args.cuda_path, "include", "cccl"),
           "--cuda-gpu-arch=sm_90", "--cuda-host-only", "-fsyntax-only",
           "-fplugin=" + args.plugin, "-fplugin-arg-kperf-db=" + args.db,
           "-fplugin-arg-kperf-gpu=" + gpu, "-fno-color-diagnostics", path]
    env = dict(os.environ)
    env.pop("KPERF_DB", None)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                       universal_newlines=True)
    findings = {}  # (line, check) -> [messages]
    real = os.path.realpath(path)
    for line in p.stdout.splitlines():
        m = DIAG_RE.match(line)
        if not m or os.path.realpath(m.group(1)) != real:
            continue
        findings.setdefault((int(m.group(2)), m.group(5)), []).append(m.group(4))
    return p.returncode, p.stdout, findings


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", nargs="?", help="kperf build directory (lib/kperf.so, lib/kperf-gpus.db)")
    ap.add_argument("--build", dest="build_opt", help="the same as the positional argument")
    ap.add_argument("--plugin", help="path of kperf.so")
    ap.add_argument("--db", help="path of kperf-gpus.db")
    ap.add_argument("--clang", help="clang++ to load the plugin into (default: the build's "
                    "KPERF_CLANG, else clang++ on PATH)")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--gpu", action="append", help="GPU id to score (repeatable; default: "
                    + ", ".join(g for g, _ in DEFAULT_GPUS) + ")")
    ap.add_argument("--min-precision", type=float, default=100.0)
    ap.add_argument("--min-recall", type=float, default=95.0)
    ap.add_argument("-v", "--verbose", action="store_true", help="list every true positive too")
    args = ap.parse_args()

    build = args.build_opt or args.build
    if build:
        args.plugin = args.plugin or os.path.join(build, "lib", "kperf.so")
        args.db = args.db or os.path.join(build, "lib", "kperf-gpus.db")
        if not args.clang:
            cache = os.path.join(build, "CMakeCache.txt")
            if os.path.exists(cache):
                for l in open(cache, encoding="utf-8", errors="replace"):
                    if l.startswith("KPERF_CLANG:"):
                        args.clang = l.split("=", 1)[1].strip()
    if not args.plugin or not args.db:
        ap.error("give the build directory, or --plugin and --db")
    args.clang = args.clang or shutil.which("clang++") or "clang++"
    for p in (args.plugin, args.db):
        if not os.path.exists(p):
            print("score.py: %s does not exist" % p, file=sys.stderr)
            return 2

    files = sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".cu"))
    try:
        labels = {f: parse_labels(f) for f in files}
    except LabelError as e:
        print("score.py: label error: %s" % e, file=sys.stderr)
        return 2

    gpus = []
    for g in (args.gpu or [g for g, _ in DEFAULT_GPUS]):
        cc = gpu_cc(args.db, g)
        if cc is None:
            print("score.py: unknown GPU '%s'" % g, file=sys.stderr)
            return 2
        gpus.append((g, cc))

    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as ex:
        for f in files:
            for g, _ in gpus:
                jobs[(f, g)] = ex.submit(run_kperf, args, f, g)
    results = {k: v.result() for k, v in jobs.items()}
    for (f, g), (rc, out, _) in sorted(results.items()):
        if rc != 0:
            print("score.py: %s failed for %s (exit %d):\n%s" % (os.path.basename(f), g, rc, out[-4000:]),
                  file=sys.stderr)
            return 2

    nsites = sum(len(l) for l in labels.values())
    print("kperf corpus: %d labelled lines in %d files" % (nsites, len(files)))
    ok = True
    problems = []
    rows = []
    for g, cc in gpus:
        for check in CHECKS:
            tp = fp = fn = tn = skipped = 0
            for f in files:
                base = os.path.basename(f)
                findings = results[(f, g)][2]
                for line, terms in sorted(labels[f].items()):
                    t = truth(terms, cc)
                    got = findings.get((line, check))
                    if t is None:
                        skipped += 1
                        continue
                    want = t[check]
                    if want and got:
                        tp += 1
                        if want is not True:
                            degs = [int(d) for msg in got for d in WAY_RE.findall(msg)[:1]]
                            if degs and max(degs) != want:
                                problems.append("  degree  %-8s %s:%d: labelled %d-way, kperf says %s" % (
                                    g, base, line, want, "/".join("%d-way" % d for d in degs)))
                        if args.verbose:
                            problems.append("  tp      %-8s %s:%d %s" % (g, base, line, check))
                    elif want:
                        fn += 1
                        problems.append("  MISS    %-8s %s:%d: %s expected (%s), kperf silent" % (
                            g, base, line, check, " ".join(x[3] for x in terms)))
                    elif got:
                        fp += 1
                        problems.append("  FALSE+  %-8s %s:%d: %s" % (g, base, line, got[0]))
                    else:
                        tn += 1
                # Findings on lines that carry no label at all: false positives.
                for (line, c), msgs in sorted(findings.items()):
                    if c == check and line not in labels[f]:
                        fp += 1
                        problems.append("  FALSE+  %-8s %s:%d (unlabelled line): %s" % (g, base, line, msgs[0]))
            prec, rec = pct(tp, tp + fp), pct(tp, tp + fn)
            bad = prec < args.min_precision or rec < args.min_recall
            ok = ok and not bad
            rows.append((g, "%d.%d" % cc, check, tp + fn, tp + fn + fp + tn, tp, fp, fn, skipped, prec, rec,
                         "FAIL" if bad else "ok"))

    print("%-9s %-4s %-14s %4s %5s %4s %4s %4s %5s %9s %8s" % (
        "gpu", "cc", "check", "pos", "sites", "tp", "fp", "fn", "skip", "precision", "recall"))
    for r in rows:
        print("%-9s %-4s %-14s %4d %5d %4d %4d %4d %5d %8.1f%% %7.1f%%  %s" % r)
    if problems:
        print("\nDisagreements (MISS: labelled, not reported; FALSE+: reported, labelled none; "
              "degree: both report, degrees differ):")
        print("\n".join(problems))
    print("\n%s (thresholds: precision >= %.0f%%, recall >= %.0f%% per check and GPU)" % (
        "PASS" if ok else "FAIL", args.min_precision, args.min_recall))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
