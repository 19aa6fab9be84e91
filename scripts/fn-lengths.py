#!/usr/bin/env python3
"""Functions longer than a limit in kperf's C and C++ sources.

A function counts from its opening line (the signature, at column 0) to the
closing brace at column 0.  A function over the limit passes when the comment
right above it starts with "Long:" and says why it is one piece.

    scripts/fn-lengths.py [--max 150] [--all] [--self-test] [PATH...]

Without paths: every .c/.cpp/.h under the source folders.  Prints one line
per function over the limit ("path:line: name: N lines") and exits 1 when one
has no reason; --all lists those with a reason too.  The ctest
layers.functions runs it on the tree; --self-test shows that it catches a long
function without a reason and lets one with a reason pass.
"""
import argparse
import os
import re
import sys
import tempfile

FOLDERS = ["model", "gpu-db", "analyses", "diagnostics", "tools", "plugin", "tidy", "clangd"]
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_A_FUNCTION = re.compile(r"^(typedef|struct|enum|union|class|namespace|extern\s+\"C\"|static\s+const\s+\w+\s+\w+\[)")
NAME = re.compile(r"([A-Za-z_~][\w:~]*)\s*\(")


def functions(lines):
    """(first line index, last line index, name, reason) of each top-level function."""
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if not line or line[0] in " \t#/*}" or NOT_A_FUNCTION.match(line) or "(" not in line:
            i += 1
            continue
        # The signature runs to the line that ends with '{' (a declaration ends with ';').
        j = i
        while j < n and not lines[j].rstrip().endswith("{") and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= n or lines[j].rstrip().endswith(";") or "=" in "".join(lines[i:j + 1]).split("(")[0]:
            i = j + 1
            continue
        end = j + 1
        while end < n and not lines[end].startswith("}"):
            end += 1
        m = NAME.search(line)
        name = m.group(1) if m else "?"
        # The comment block right above the signature.
        k = i - 1
        comment = []
        while k >= 0 and (lines[k].lstrip().startswith(("/*", "*", "//")) or lines[k].rstrip().endswith("*/")):
            comment.insert(0, lines[k])
            k -= 1
        text = " ".join(c.strip().lstrip("/*").strip() for c in comment)
        yield i, end, name, "Long:" in text
        i = end + 1


def self_test():
    body = "\n".join("  x += %d;" % i for i in range(200))
    cases = [("int long_one(int x) {\n%s\n  return x;\n}\n" % body, 1),
             ("/* Long: the steps in order. */\nstatic int long_one(int x) {\n%s\n  return x;\n}\n" % body, 0),
             ("int short_one(int x) {\n  return x;\n}\n", 0),
             ("namespace {\n\nbool Klass::method(int X) {\n%s\n  return X;\n}\n\n} // namespace\n" % body, 1)]
    ok = True
    for text, want in cases:
        with tempfile.NamedTemporaryFile("w", suffix=".c") as f:
            f.write(text)
            f.flush()
            got = sum(1 for first, last, name, reason in functions(text.split("\n"))
                      if last - first + 1 > 150 and not reason)
        if got != want:
            print("self-test: %d unexplained long functions found, %d expected in:\n%s" % (got, want, text[:120]))
            ok = False
    print("self-test: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max", type=int, default=150)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    paths = a.paths
    if not paths:
        for folder in FOLDERS:
            for root, _, files in os.walk(os.path.join(HERE, folder)):
                paths += [os.path.join(root, f) for f in sorted(files) if f.endswith((".c", ".cpp", ".h"))]
    bad = 0
    for p in sorted(paths):
        with open(p, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        for first, last, name, reason in functions(lines):
            length = last - first + 1
            if length > a.max and (a.all or not reason):
                print("%s:%d: %s: %d lines%s" % (os.path.relpath(p, HERE), first + 1, name, length,
                                                 " (Long: reason given)" if reason else ""))
                bad += not reason
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
