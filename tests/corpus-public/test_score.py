#!/usr/bin/env python3
"""Test of score.py on its own fixture (fixture/: our own kernels laid out like
a public project, example/kernels, with labels some of which are deliberately
wrong).  Puts the fixture in a git repository, extracts it with
`score.py --extract` at that commit, scores it, and checks the numbers and the
lists: one miss, one false alarm, one degree disagreement, one unlabelled
finding, one unit that does not compile, one label on a comment line.  Also checks that bad labels exit 2;
the labels with the optional idiom column and rows of kperf-grid-coverage
(scored only when the check is built: --checks-built forces either case), the
misses grouped by idiom, the per-project numbers; and, without the plugin, the
degree formats of loop-varying degrees and their comparison with kperf's
messages.

  test_score.py --plugin kperf.so [--db kperf-gpus.db] [--clang clang++] [--cuda-path DIR]

Standard library only.
"""
import argparse
import importlib.util
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


def degree_formats():
    """The degree formats and their comparison with kperf's messages (no plugin needed)."""
    spec = importlib.util.spec_from_file_location("kperf_public_score", SCORE)
    sc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sc)
    check(sc.degree_range("bank-conflict", "2-16@stride=8") == (2, 16), "2-16@stride=8 is a 2- to 16-way range")
    check(sc.degree_range("bank-conflict", "4") == (4, 4), "4 is 4-way")
    check(sc.degree_range("uncoalesced", "8-32/4@i=3") == (8, 32), "8-32/4@i=3 is 8 to 32 sectors")
    check(sc.degree_range("bank-conflict", "16-2") is None, "16-2 is no range")
    msg = "2- to 32-way as offset doubles; 32-way at offset = 16"
    check(sc.degree_note("r", "bank-conflict", "2-32@offset=16", [msg]) is None, "2-32 agrees with '%s'" % msg)
    check(sc.degree_note("r", "bank-conflict", "32", [msg]) is None, "a label of the worst degree agrees too")
    n = sc.degree_note("r", "bank-conflict", "2-16@offset=8", [msg])
    check(n is not None and "labelled 2-16" in n, "2-16 disagrees with '%s'" % msg)
    n = sc.degree_note("r", "bank-conflict", "1-32@offset=16", [msg])
    check(n is not None and "1- to 32-way" in n, "1-32 disagrees with the range 2- to 32-way")
    trend = ("16-way shared-memory bank conflict on 'XY' (2-way at stride = 1 rising to 16-way at stride = 8, "
             "then falling to 1-way at stride = 256): lanes 0, 2, 4, ..., 30 all hit bank 15")
    check(sc.degree_note("r", "bank-conflict", "1-16@stride=8", [trend]) is None, "1-16 agrees with a rising/falling trend")
    n = sc.degree_note("r", "bank-conflict", "2-16@stride=8", [trend])
    check(n is not None and "1- to 16-way" in n, "2-16 disagrees with a trend from 1- to 16-way")
    m2 = "touches 32 sectors where 4 would do"
    check(sc.degree_note("r", "uncoalesced", "8-32/4", [m2]) is None, "8-32/4 agrees with 32 sectors where 4")
    check(sc.degree_note("r", "local-memory", "2048", ["2048 bytes per thread in local memory"]) is None,
          "2048 bytes agrees")
    check(sc.degree_note("r", "local-memory", "64", ["2048 bytes per thread"]) is not None, "64 bytes disagrees")
    lab = [{"check": "local-memory", "degree": "64@t:3", "reason": "r"}]
    units = sc.site_units({("p/q", "f.cu", 5): lab, ("p/q", "f.cu", 9): lab,
                           ("p/q", "f.cu", 12): [{"check": "no-local-memory", "degree": "-", "reason": "r"}]},
                          "local-memory")
    check([[k[2] for k in keys] for keys, _ in units] == [[5, 9], [12]],
          "the lines of one local array (@t:3) are one site, a negative line its own")
    check(sc.degree_note("r", "local-memory", "64@t:3", ["the array (64 bytes per thread) is placed"]) is None,
          "64@t:3 agrees with 64 bytes")
    msg = ("'k' spills registers to local memory: ptxas (sm_90) assigns 64 registers per thread and has spill "
           "stores of 64 bytes and spill loads of 108 bytes, ... one per 4 bytes of the 56-byte stack frame")
    check(sc.degree_note("r", "spill", "56", [msg]) is None, "a spill label of 56 agrees with the 56-byte frame")
    check(sc.degree_note("r", "spill", "64", [msg]) is not None, "64 is no frame of that message")
    # The ptxas facts the scorer writes for a unit with the ptxas column.
    out = ("ptxas info    : Compiling entry function '_Z8FWrem_64PiiS_S_ii' for 'sm_90'\n"
           "ptxas info    : Function properties for _Z6calleev\n"
           "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
           "ptxas info    : Function properties for _Z8FWrem_64PiiS_S_ii\n"
           "    32 bytes stack frame, 28 bytes spill stores, 28 bytes spill loads\n"
           "ptxas info    : Used 32 registers, used 1 barriers, 32 bytes cumulative stack size\n"
           "ptxas info    : Function properties for _Z6helperv\n"
           "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
           "ptxas info    : Compiling entry function 'plain' for 'sm_90'\n"
           "ptxas info    : Function properties for plain\n"
           "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
           "ptxas info    : Used 12 registers, used 0 barriers\n")
    text, n = sc.ptxas_facts_text(out)
    check(n == 2 and "sm_90 _Z8FWrem_64PiiS_S_ii 32 32 28 28\n" in text and "sm_90 plain 12 0 0 0\n" in text
          and "helper" not in text and "callee" not in text and text.startswith("# kperf ptxas facts 1\n"),
          "ptxas -v becomes a facts file of the entry functions: %r" % text)
    check(sc.nvcc_flag("-DX=1") and sc.nvcc_flag("-Iinc") and sc.nvcc_flag("-std=c++17")
          and not sc.nvcc_flag("-include") and not sc.nvcc_flag("-D"), "the flags nvcc is given")
    rows = [{"check": "grid-coverage"}, {"check": "none"}]
    check(sc.is_site(rows, "grid-coverage") == (True, True) and sc.is_site(rows, "uncoalesced") == (True, False)
          and sc.is_site(rows, "local-memory") == (False, False), "sites: the access checks and grid-coverage")


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

    degree_formats()
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

        # The idiom column, the per-project numbers, and a check that is not built.
        lines = text.splitlines()
        ext = []
        for l in lines:
            if l.startswith("#") or not l.strip():
                ext.append(l)
            elif l.startswith("project\t"):
                ext.append(l + "\tidiom")
            else:
                ext.append(l + ("\tnarrow-2d" if "\tsrc/kernels.cu\t11\t" in l else "\t-"))
        row = "example/kernels\t%s\tsrc/kernels.cu\t%d\t%s\t%s\t%s\t9.0\t%s\t%s"
        ext.append(row % (commit, 58, "no-grid-coverage", "-", "32x8x1", "w / TILE = 32 exactly", "exact-grid"))
        ext.append(row % (commit, 61, "grid-coverage", "no-round-up", "256x1x1",
                          "deliberately wrong label (the test wants a miss when the check is scored)", "no-round-up"))
        labels2 = os.path.join(tmp, "labels2.tsv")
        with open(labels2, "w", encoding="utf-8") as f:
            f.write("\n".join(ext) + "\n")
        shutil.copy(os.path.join(FIXTURE, "units.tsv"), os.path.join(tmp, "units.tsv"))
        for built in ("uncoalesced,bank-conflict", "uncoalesced,bank-conflict,grid-coverage"):
            out2 = os.path.join(tmp, "score2.json")
            p = subprocess.run([sys.executable, SCORE, "--labels", labels2, "--json", out2, "--checks-built", built, src]
                               + common, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
            print(p.stdout, end="")
            check(p.returncode == 0, "score.py with the idiom column exits 0 (got %d)" % p.returncode)
            r2 = json.load(open(out2, encoding="utf-8"))
            u2, g2 = r2["checks"]["uncoalesced"], r2["checks"]["grid-coverage"]
            check((u2["tp"], u2["fp"], u2["fn"], u2["tn"]) == (1, 1, 1, 5),
                  "the idiom column and grid rows leave uncoalesced at 1/1/1/5")
            check(u2["misses_by_idiom"] == {"narrow-2d": ["example/kernels src/kernels.cu:11"]},
                  "the miss is grouped under its idiom (got %s)" % u2["misses_by_idiom"])
            pk = u2["projects"].get("example/kernels", {})
            check((pk.get("tp"), pk.get("fp"), pk.get("fn"), pk.get("tn")) == (1, 1, 1, 5),
                  "the per-project numbers of example/kernels are the totals")
            check(g2["labels"] == 2 and g2["positives"] == 1, "grid-coverage has 2 labels, 1 positive")
            check(r2["unlabelled"] == res["unlabelled"], "grid rows add no unlabelled finding")
            if "grid-coverage" in built:
                check(g2["built"] and (g2["tp"], g2["fp"], g2["fn"], g2["tn"]) == (0, 0, 1, 1),
                      "grid-coverage scored: 0/0/1/1 (got %d/%d/%d/%d)" % (g2["tp"], g2["fp"], g2["fn"], g2["tn"]))
                check(g2["misses_by_idiom"] == {"no-round-up": ["example/kernels src/kernels.cu:61"]},
                      "the grid-coverage miss is grouped under no-round-up")
            else:
                check(not g2["built"] and g2["tp"] + g2["fp"] + g2["fn"] + g2["tn"] == 0,
                      "grid-coverage not built: not scored")
                check("not built" in p.stdout, "the table says 'not built'")

        # Bad labels: exit 2.
        bad = os.path.join(tmp, "bad.tsv")
        with open(bad, "w", encoding="utf-8") as f:
            f.write(text.replace("\tbank-conflict\t32\t", "\tbank-conflict\t1\t"))
        p = subprocess.run([sys.executable, SCORE, "--labels", bad, src] + common,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        check(p.returncode == 2 and "degree" in p.stdout, "a 1-way bank-conflict label is an error (exit 2)")
        for bad_row, what in ((("bank-conflict", "1-1"), "a 1- to 1-way range"),
                              (("bank-conflict", "8-4"), "a range whose low end is above its high end"),
                              (("uncoalesced", "6-7/4"), "a sector range below 2x"),
                              (("grid-coverage", "rounding"), "an unknown grid-coverage kind"),
                              (("no-local-memory", "16"), "a negative with a degree"),
                              (("local-memory", "64@"), "an array tag without a name")):
            with open(bad, "w", encoding="utf-8") as f:
                f.write(text + "example/kernels\t%s\tsrc/kernels.cu\t40\t%s\t%s\t256x1x1\t9.0\tbad\n"
                        % (commit, bad_row[0], bad_row[1]))
            p = subprocess.run([sys.executable, SCORE, "--labels", bad, src] + common,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
            check(p.returncode == 2, "%s is an error (exit 2, got %d)" % (what, p.returncode))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%s: %d failure(s)" % ("FAIL" if failures else "PASS", len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
