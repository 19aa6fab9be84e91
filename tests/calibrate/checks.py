"""The checks the accuracy benches' tests share: check() and near() count
failures; finish() prints the count and exits with it."""
import sys

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
