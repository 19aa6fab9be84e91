#!/usr/bin/env python3
"""scripts/new-check.py on a copy of the tree's registry, headers and doc/test
folders: it writes exactly the four files of a check (C file, registry row,
doc, lit test), the C file and the registry compile with the new row, the
generated doc and test satisfy test_checks.py's rules, and a second run or a
bad name writes nothing.

    test_new_check.py --cc cc [--root SRC]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import test_checks  # noqa: E402

failures = 0


def check(cond, what):
    global failures
    print("%s %s" % ("ok  " if cond else "FAIL", what))
    failures += not cond


def files_under(d):
    return sorted(os.path.relpath(os.path.join(p, f), d) for p, _, fs in os.walk(d) for f in fs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    o = ap.parse_args()
    script = os.path.join(o.root, "scripts", "new-check.py")
    with tempfile.TemporaryDirectory() as t:
        shutil.copytree(os.path.join(o.root, "include"), os.path.join(t, "include"))
        for d in ("analyses/checks", "docs/checks", "tests/lit/checks"):
            os.makedirs(os.path.join(t, d))
        before = files_under(t)
        r = subprocess.run([sys.executable, script, "kperf-divergent-branch", "--summary",
                            "branches that split warps", "--root", t], capture_output=True, text=True)
        check(r.returncode == 0, "new-check.py divergent-branch succeeds (%s)" % r.stderr.strip())
        added = sorted(set(files_under(t)) - set(before))
        check(added == ["analyses/checks/divergent_branch.c", "docs/checks/divergent-branch.md",
                        "tests/lit/checks/divergent-branch.cu"], "three new files: %s" % added)
        rows = open(os.path.join(t, "include/kperf/checks.def")).read()
        check(rows.rstrip().endswith("KP_CHECK(divergent_branch)"), "the registry row is appended")
        for src in (os.path.join(t, "analyses/checks/divergent_branch.c"),
                    os.path.join(o.root, "analyses/checks/registry.c")):
            r = subprocess.run([o.cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
                                "-I", os.path.join(t, "include"), src], capture_output=True, text=True)
            check(r.returncode == 0, "%s compiles with the new row %s" % (os.path.basename(src),
                                                                       r.stderr.strip()[:300]))
        entry = {"name": "kperf-divergent-branch", "summary": "branches that split warps",
                 "sarif_rule": "DivergentBranch", "options": []}
        p = test_checks.problems_of(entry, t)
        check(not p, "the generated doc and test pass the registry test %s" % p)
        r = subprocess.run([sys.executable, script, "divergent-branch", "--root", t],
                           capture_output=True, text=True)
        check(r.returncode != 0 and "already registered" in r.stderr, "a second run is refused")
        check(open(os.path.join(t, "include/kperf/checks.def")).read() == rows, "and writes nothing")
        r = subprocess.run([sys.executable, script, "Bad_Name", "--root", t], capture_output=True, text=True)
        check(r.returncode != 0 and "lower-case" in r.stderr, "a bad name is refused")
    print("%d passed, %d failed" % (9 - failures, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
