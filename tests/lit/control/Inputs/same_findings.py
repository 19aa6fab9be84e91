"""Prints 'same N' when two compiler outputs have the same kperf warnings
(file name, line, column, text); else the differences.  Usage:
same_findings.py A.txt B.txt"""
import os
import re
import sys


def findings(path):
    out = set()
    with open(path) as f:
        for line in f:
            m = re.match(r"(.*?):(\d+):(\d+): warning: (.*\[kperf-[a-z-]+\])\s*$", line)
            if m:
                out.add((os.path.basename(m.group(1)), m.group(2), m.group(3), m.group(4)))
    return out


a, b = findings(sys.argv[1]), findings(sys.argv[2])
if a == b and a:
    print("same %d" % len(a))
else:
    for x in sorted(a - b):
        print("only in %s: %s" % (sys.argv[1], x))
    for x in sorted(b - a):
        print("only in %s: %s" % (sys.argv[2], x))
    print("differ" if a or b else "none")
