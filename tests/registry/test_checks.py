#!/usr/bin/env python3
"""Every registered check has what a check is made of: a registry row with a
summary, a SARIF rule name and options whose defaults parse; its documentation
docs/checks/<name>.md with a Bad and a Good example (code blocks) and every
option named by its plugin key and clang-tidy name; and a lit test of its own
that runs it (tests/lit/checks/<name>*.cu or tests/lit/<name>/).  The list of
checks is the registry's, read through `kperf checks --json`.

    test_checks.py --kperf build/bin/kperf [--root SRC]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys


def section(text, title):
    """The body of '## title' up to the next '## ' heading, or None."""
    m = re.search(r"^## %s\s*$(.*?)(?=^## |\Z)" % re.escape(title), text, re.M | re.S)
    return m.group(1) if m else None


def problems_of(check, root):
    name = check["name"]
    short = name[len("kperf-"):]
    out = []
    if not check.get("summary") or not check.get("sarif_rule"):
        out.append("no summary or SARIF rule name in its registry row")
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]+", check.get("sarif_rule", "")):
        out.append("SARIF rule name '%s' is not CamelCase" % check.get("sarif_rule"))
    doc_path = os.path.join(root, "docs", "checks", short + ".md")
    if not os.path.isfile(doc_path):
        out.append("no documentation %s" % os.path.relpath(doc_path, root))
    else:
        doc = open(doc_path).read()
        if not doc.startswith("# %s\n" % name):
            out.append("%s does not start with '# %s'" % (os.path.relpath(doc_path, root), name))
        for title in ("Bad", "Good"):
            body = section(doc, title)
            if body is None or "```" not in body:
                out.append("%s has no '## %s' section with a code example"
                           % (os.path.relpath(doc_path, root), title))
        opts = section(doc, "Options")
        if opts is None:
            out.append("%s has no '## Options' section" % os.path.relpath(doc_path, root))
        else:
            for o in check["options"]:
                for word in (o["key"], o["tidy_name"]):
                    if word not in opts:
                        out.append("%s: option '%s' is not documented under Options"
                                   % (os.path.relpath(doc_path, root), word))
    lit = os.path.join(root, "tests", "lit")
    tests = glob.glob(os.path.join(lit, "checks", short + "*.cu")) + \
        glob.glob(os.path.join(lit, short, "*.cu"))
    if not tests:
        out.append("no lit test tests/lit/checks/%s*.cu or tests/lit/%s/*.cu" % (short, short))
    elif not any(name in open(t).read() for t in tests):
        out.append("no lit test of it mentions %s" % name)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kperf", required=True)
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    o = ap.parse_args()
    r = subprocess.run([o.kperf, "checks", "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("kperf checks --json failed: %s" % r.stderr.strip())
    checks = json.loads(r.stdout)["checks"]
    failed = 0
    for c in checks:
        p = problems_of(c, o.root)
        for line in p:
            print("FAIL %s: %s" % (c["name"], line))
        if not p:
            print("ok   %s (%d option%s)" % (c["name"], len(c["options"]), "" if len(c["options"]) == 1 else "s"))
        failed += bool(p)
    if not checks:
        print("FAIL: the registry lists no check")
        failed = 1
    print("%d checks, %d incomplete" % (len(checks), failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
