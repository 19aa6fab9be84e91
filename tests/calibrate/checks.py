"""What the accuracy benches' tests share: SRC (the source tree: $KPERF_SRC, else
this file's), ACC (bench/accuracy, put on the module path so that a test imports
the bench's modules) and DATA (the canned public measurements); check() and
near() count failures; finish() prints the count and exits with it."""
import os
import sys

SRC = os.environ.get("KPERF_SRC") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ACC = os.path.join(SRC, "bench", "accuracy")
DATA = os.path.join(SRC, "tests", "calibrate", "public")
sys.dont_write_bytecode = True
sys.path.insert(0, ACC)

failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)


def near(a, b, what, eps=1e-9):
    check(abs(a - b) <= eps * (1 + abs(b)), "%s: %r != %r" % (what, a, b))


def finish(name):
    print("%s: %s" % (name, "all checks passed" if not failures else "%d failed" % failures))
    sys.exit(1 if failures else 0)
