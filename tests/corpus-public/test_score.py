#!/usr/bin/env python3
"""Test of score.py on its own fixture (fixture/: our own kernels laid out like
a public project, example/kernels, with labels some of which are deliberately
wrong).  Puts the fixture in a git repository, extracts it with
`score.py --extract` at that commit, scores it, and checks the numbers and the
lists: one miss, one false alarm, one degree disagreement, one unlabelled
finding, one unit that does not compile, one label on a comment line.  Also checks that bad labels exit 2.

  test_score.py --plugin kperf.so [--db kperf-gpus.db] [--clang clang++] [--cuda-path DIR]

Standard library only.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "fixture")
SCORE = os.path.join(HERE, "score.py")

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)


def git(cwd, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com",
               GIT_AUTHOR_DATE="2000-01-01T00:00:00Z", GIT_COMMITTER_DATE="2000-01-01T00:00:00Z")
    for k in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        env.pop(k, None)
    return subprocess.run(["git"] + list(args), cwd=cwd, env=env, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--db")
    ap.add_argument("--clang")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    args = ap.parse_args()
    common = ["--plugin", args.plugin, "--cuda-path", args.cuda_path]
    if args.db:
        common += ["--db", args.db]
    if args.clang:
        common += ["--clang", args.clang]

    tmp = tempfile.mkdtemp(prefix="kperf-corpus-public-")
    try:
        # The fixture as a project in a git mirror, as --extract expects.
        work = os.path.join(tmp, "work")
        shutil.copytree(os.path.join(FIXTURE, "src", "example+kernels"), work)
        git(work, "init", "-q")
        git(work, "add", "-A")
        git(work, "commit", "-q", "-m", "fixture")
        commit = git(work, "rev-parse", "HEAD")
        mirrors = os.path.join(tmp, "mirrors")
        git(tmp, "clone", "-q", "--bare", work, os.path.join(mirrors, "example+kernels", "repo"))

        labels = os.path.join(tmp, "labels.tsv")
        with open(os.path.join(FIXTURE, "labels.tsv"), encoding="utf-8") as f:
            text = f.read().replace("0" * 40, commit)
        with open(labels, "w", encoding="utf-8") as f:
            f.write(text)
        shutil.copy(os.path.join(FIXTURE, "units.tsv"), os.path.join(tmp, "units.tsv"))

        src = os.path.join(tmp, "src")
        p = subprocess.run([sys.executable, SCORE, "--labels", labels, "--extract", mirrors, src],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        print(p.stdout, end="")
        check(p.returncode == 0, "--extract exits 0 (got %d)" % p.returncode)
        for f in ("kernels.cu", "tile.h", "broken.cu"):
            check(os.path.exists(os.path.join(src, "example+kernels", "src", f)), "--extract wrote src/" + f)
        mark = os.path.join(src, "example+kernels", ".kperf-commit")
        check(os.path.exists(mark) and open(mark).read().strip() == commit, "--extract records the commit")

        out = os.path.join(tmp, "score.json")
        p = subprocess.run([sys.executable, SCORE, "--labels", labels, "--json", out, src] + common,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        print(p.stdout, end="")
        check(p.returncode == 0, "score.py exits 0 when it ran (got %d)" % p.returncode)
        if not os.path.exists(out):
            check(False, "score.py wrote its JSON")
            return 1
        res = json.load(open(out, encoding="utf-8"))
        u, b = res["checks"]["uncoalesced"], res["checks"]["bank-conflict"]
        check((u["tp"], u["fp"], u["fn"], u["tn"]) == (1, 1, 1, 5),
              "uncoalesced tp/fp/fn/tn = 1/1/1/5 (got %d/%d/%d/%d)" % (u["tp"], u["fp"], u["fn"], u["tn"]))
        check(u["precision"] == 50.0 and u["recall"] == 50.0, "uncoalesced precision and recall 50%")
        check((b["tp"], b["fp"], b["fn"], b["tn"]) == (2, 0, 0, 6),
              "bank-conflict tp/fp/fn/tn = 2/0/0/6 (got %d/%d/%d/%d)" % (b["tp"], b["fp"], b["fn"], b["tn"]))
        check(b["precision"] == 100.0 and b["recall"] == 100.0, "bank-conflict precision and recall 100%")
        check(len(u["misses"]) == 1 and u["misses"][0].startswith("example/kernels src/kernels.cu:11:")
              and "the row copy is coalesced" in u["misses"][0], "the miss is kernels.cu:11, with its reason")
        check(len(u["false_alarms"]) == 1 and u["false_alarms"][0].startswith("example/kernels src/kernels.cu:18:")
              and "deliberately wrong" in u["false_alarms"][0], "the false alarm is kernels.cu:18, with its reason")
        check(b["misses"] == [] and b["false_alarms"] == [], "no bank-conflict miss or false alarm")
        check(len(b["degrees"]) == 1 and "kernels.cu:47: labelled 4-way, kperf says 2-way" in b["degrees"][0],
              "the degree disagreement is kernels.cu:47 (4-way labelled, 2-way found)")
        check(len(res["unlabelled"]) == 1 and res["unlabelled"][0].startswith("example/kernels src/kernels.cu:41:")
              and "[kperf-uncoalesced]" in res["unlabelled"][0], "the unlabelled finding is kernels.cu:41")
        check(res["suspicious"] == ["example/kernels src/kernels.cu:3: no code on this line (comment or blank)"],
              "the label on a comment line is among the labels to check")
        check(res["unscored"] == ["example/kernels src/broken.cu:3"], "broken.cu's label is not scored")
        check(len(res["failed"]) == 1 and "src/broken.cu" in res["failed"][0], "broken.cu is the compile failure")

        # Bad labels: exit 2.
        bad = os.path.join(tmp, "bad.tsv")
        with open(bad, "w", encoding="utf-8") as f:
            f.write(text.replace("\tbank-conflict\t32\t", "\tbank-conflict\t1\t"))
        p = subprocess.run([sys.executable, SCORE, "--labels", bad, src] + common,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        check(p.returncode == 2 and "degree" in p.stdout, "a 1-way bank-conflict label is an error (exit 2)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%s: %d failure(s)" % ("FAIL" if failures else "PASS", len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
