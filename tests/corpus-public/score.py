#!/usr/bin/env python3
"""Score kperf's findings against hand-derived labels of public CUDA projects
(labels.tsv, see README.md): [kperf-uncoalesced] and [kperf-bank-conflict] on
access lines, [kperf-local-memory], [kperf-spill] and [kperf-grid-coverage] on
the lines labelled for them.  No public code is kept in this repository: the sources are read
from a directory laid out as

    SRC/<owner>+<name>/<path in the repository>     (files at the labelled commit)

given as argument or as $KPERF_PUBLIC_SRC.  --extract fills such a directory
from bare git mirrors (MIRRORS/<owner>+<name>/repo, or MIRRORS/<owner>+<name>
itself a git dir) at the labelled commits.

  score.py --build BUILD SRC            (BUILD/lib/kperf.so; its database next to it)
  score.py --plugin kperf.so [--db kperf-gpus.db] [--clang clang++-22] SRC
  score.py --extract MIRRORS SRC        (writes SRC, compiles nothing)

Prints precision and recall per check and per project ("not built" for a check
the plugin does not have), the misses grouped by idiom and the false alarms
(with the label's reason), degree disagreements, labels on lines without code
("labels to check"), and findings on lines with no label ("unlabelled
findings", not counted).  It is a bench, not a gate: exit 0 when
it ran, 2 on its own errors (bad labels, no plugin, no sources).

Standard library only.
"""
import argparse
import concurrent.futures
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# The access checks: every line with an access label (one of these or 'none')
# is a site of both.
ACCESS_CHECKS = ("uncoalesced", "bank-conflict")
# The other checks: a line is a site of check C when it has a label C (a
# positive) or no-C (a negative); 'none' says nothing about them.
OTHER_CHECKS = ("local-memory", "spill", "grid-coverage")
CHECKS = ACCESS_CHECKS + OTHER_CHECKS
NEGATIVE = {"no-" + c: c for c in OTHER_CHECKS}
COLUMNS = ("project", "commit", "path", "line", "check", "degree", "block", "cc", "reason")
# An optional tenth column: the idioms of the line (comma-separated, '-' none),
# by which the misses are grouped.
COLUMNS_IDIOM = COLUMNS + ("idiom",)
IDIOMS = ("loop-stride", "padding", "byte-shared", "bitonic", "narrow-2d", "size-param", "record-fields",
          "data-mask", "no-round-up", "no-guard", "swapped", "exact-grid", "local-index", "unrolled-index", "compare-index", "launch-bounds")
GRID_KINDS = ("no-round-up", "no-guard", "swapped")
UNIT_COLUMNS = ("project", "path", "includes", "flags")
# An optional fifth column: whether the unit is compiled with ptxas's facts
# ('-' no; 'nvcc', or 'nvcc FLAGS...' with more nvcc flags such as the
# project's -maxrregcount): the scorer runs nvcc -Xptxas -v on the file at
# score time, writes a ptxas facts file (docs/models.md) into a temporary
# directory and gives it to the plugin (-fplugin-arg-kperf-ptxas).
UNIT_COLUMNS_PTXAS = UNIT_COLUMNS + ("ptxas",)


def _own_corpus():
    """The diagnostic parsing of the own corpus's scorer (tests/corpus/score.py)."""
    path = os.path.join(HERE, os.pardir, "corpus", "score.py")
    spec = importlib.util.spec_from_file_location("kperf_own_corpus_score", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_OWN = _own_corpus()
WAY_RE, pct = _OWN.WAY_RE, _OWN.pct
# bank-conflict: N, or LO-HI when the degree changes with a loop iteration,
# optionally @VAR=VALUE, the worst iteration.  uncoalesced: SECTORS/IDEAL, or
# LO-HI/IDEAL, with the same optional @.
WAYS_RE = re.compile(r"^(\d+)(?:-(\d+))?(?:@([A-Za-z_][A-Za-z0-9_]*=-?\d+))?$")
SECTORS_RE = re.compile(r"^(\d+)(?:-(\d+))?/(\d+)(?:@([A-Za-z_][A-Za-z0-9_]*=-?\d+))?$")
# kperf's message for a degree that changes with a loop: "2- to 32-way ...", or
# "(2-way at stride = 1 rising to 16-way at stride = 8, then falling to 1-way
# at stride = 256)": the degrees of the trend are its "N-way at".
WAY_RANGE_RE = re.compile(r"(\d+)- to (\d+)-way")
WAY_TREND_RE = re.compile(r"\(([^()]*\b(?:rising|falling) to [^()]*)\)")
WAY_AT_RE = re.compile(r"(\d+)-way at\b")
# Any kperf finding (the own corpus's DIAG_RE knows the two access checks only).
FINDING_RE = re.compile(r"^(.*?):(\d+):(\d+): (?:warning|error): (.*) \[kperf-([a-z][a-z-]*)\]$")
BYTES_RE = re.compile(r"(\d+) bytes")
FRAME_RE = re.compile(r"(\d+)-byte stack frame")
# local-memory, spill: bytes per thread or '-', optionally @ARRAY:LINE, the array
# (declared on LINE of the same file) whose accesses form one site: the array is
# found when kperf reports any of them.
BYTES_DEGREE_RE = re.compile(r"^(\d+|-)(?:@([A-Za-z_][A-Za-z0-9_]*:\d+))?$")
# kperf's uncoalesced message: "... touches 32 sectors where 4 would do ..."
KPERF_SECTORS_RE = re.compile(r"(\d+) sectors where (\d+) would do")
HEX40_RE = re.compile(r"^[0-9a-f]{40}$")
# The files --extract writes: sources and headers, nothing else.
SOURCE_EXT = (".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx", ".c", ".cc", ".cpp", ".cxx", ".inl", ".inc", ".def")
PROJECT_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$")


class Error(Exception):
    pass


def read_tsv(path, columns, optional=None):
    """Rows of a tab-separated file: '#' lines and blank lines are skipped, the
    first other line is the header and must name `columns` in order (or
    `optional`, the same with more columns at the end)."""
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = tuple(c.strip() for c in cells)
                if header != columns and header != optional:
                    raise Error("%s:%d: header must be: %s" % (path, n, " ".join(columns)))
                continue
            if len(cells) != len(header):
                raise Error("%s:%d: %d columns, want %d" % (path, n, len(cells), len(header)))
            row = dict(zip(header, (c.strip() for c in cells)))
            row.setdefault("idiom", "-")
            row["where"] = "%s:%d" % (os.path.basename(path), n)
            rows.append(row)
    return rows


def degree_range(check, d):
    """(lo, hi) of a degree: the n-way degree of a bank conflict, the sectors
    of an uncoalesced request (hi the worst); None when malformed."""
    m = (WAYS_RE if check == "bank-conflict" else SECTORS_RE).match(d)
    if not m:
        return None
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    return (lo, hi) if lo <= hi else None


def check_degree(w, check, d):
    """Raises Error when the degree column of a label is malformed."""
    if check == "none" or check in NEGATIVE:
        if d not in ("", "-"):
            raise Error("%s: a '%s' label takes no degree" % (w, check))
    elif check == "bank-conflict":
        rng = degree_range(check, d)
        if not rng or rng[1] < 2:
            raise Error("%s: bank-conflict degree must be an n >= 2, or LO-HI[@VAR=V] with HI >= 2" % w)
    elif check == "uncoalesced":
        rng = degree_range(check, d)
        if not rng or rng[1] < 2 * int(SECTORS_RE.match(d).group(3)):
            raise Error("%s: uncoalesced degree must be SECTORS/IDEAL (or LO-HI/IDEAL[@VAR=V]) "
                        "with SECTORS >= 2 IDEAL" % w)
    elif check == "grid-coverage":
        if not d or any(k not in GRID_KINDS for k in d.split(",")):
            raise Error("%s: grid-coverage degree must be a comma-separated list of %s" % (w, ", ".join(GRID_KINDS)))
    elif check in ("local-memory", "spill"):
        m = BYTES_DEGREE_RE.match(d)
        if not m or m.group(1) != "-" and int(m.group(1)) < 1:
            raise Error("%s: %s degree must be the bytes per thread (n > 0) or '-', optionally "
                        "@ARRAY:LINE (the array and the line of its declaration)" % (w, check))


def read_labels(path):
    """{(project, path, line): [row]}, and {project: commit}."""
    sites, commits = {}, {}
    for r in read_tsv(path, COLUMNS, COLUMNS_IDIOM):
        w = r["where"]
        if not PROJECT_RE.match(r["project"]):
            raise Error("%s: project must be owner/name: '%s'" % (w, r["project"]))
        if not HEX40_RE.match(r["commit"]):
            raise Error("%s: commit must be 40 lower-case hex digits" % w)
        if commits.setdefault(r["project"], r["commit"]) != r["commit"]:
            raise Error("%s: one commit per project (%s has %s)" % (w, r["project"], commits[r["project"]]))
        if not r["line"].isdigit() or int(r["line"]) < 1:
            raise Error("%s: bad line '%s'" % (w, r["line"]))
        if r["check"] not in CHECKS + ("none",) + tuple(NEGATIVE):
            raise Error("%s: check must be one of %s, none, or no-<%s>" % (
                w, ", ".join(CHECKS), "|".join(OTHER_CHECKS)))
        check_degree(w, r["check"], r["degree"])
        if r["idiom"] not in ("", "-") and any(i not in IDIOMS for i in r["idiom"].split(",")):
            raise Error("%s: idiom must be '-' or a comma-separated list of %s" % (w, ", ".join(IDIOMS)))
        if not r["reason"]:
            raise Error("%s: a label needs a reason" % w)
        key = (r["project"], r["path"], int(r["line"]))
        sites.setdefault(key, []).append(r)
    for key, rows in sites.items():
        kinds = [r["check"] for r in rows]
        access = [k for k in kinds if k in ACCESS_CHECKS + ("none",)]
        other = [NEGATIVE.get(k, k) for k in kinds if k not in access]
        if "none" in access and len(access) > 1 or len(set(kinds)) != len(kinds) or len(set(other)) != len(other):
            raise Error("%s: %s:%d: 'none' must be the only access label of its line, a check at most once, "
                        "and not both C and no-C" % (rows[0]["where"], key[1], key[2]))
    return sites, commits


def is_site(rows, check):
    """Whether a labelled line is a site of check, and whether a positive one."""
    kinds = {r["check"] for r in rows}
    if check in ACCESS_CHECKS:
        return bool(kinds & set(ACCESS_CHECKS + ("none",))), check in kinds
    return check in kinds or "no-" + check in kinds, check in kinds


def site_units(sites, check):
    """[(keys, rows)]: the sites of check in order, one per labelled line,
    except that the positive local-memory/spill lines whose degree names the
    same array (@ARRAY:LINE) in one file form one site."""
    units, groups = [], {}
    for key, rows in sorted(sites.items()):
        site, want = is_site(rows, check)
        if not site:
            continue
        tag = None
        if want and check in ("local-memory", "spill"):
            m = BYTES_DEGREE_RE.match(degree_text(rows, check))
            tag = m.group(2) if m else None
        if tag is None:
            units.append(([key], list(rows)))
            continue
        gkey = (key[0], key[1], tag)
        if gkey not in groups:
            groups[gkey] = ([], [])
            units.append(groups[gkey])
        groups[gkey][0].append(key)
        groups[gkey][1].extend(rows)
    return units


def built_checks(plugin):
    """The kperf checks the plugin has: their names are strings in it
    ("kperf-grid-coverage" and the NUL that ends it)."""
    try:
        with open(plugin, "rb") as f:
            data = f.read()
    except OSError:
        return set(CHECKS)
    return {c for c in CHECKS if ("kperf-%s\0" % c).encode() in data}


def read_units(path):
    """{(project, path): (includes, flags, ptxas)}: the files to compile and how
    (the file's own directory is always on the include path); ptxas is None or
    the extra nvcc flags of a unit compiled with ptxas's facts."""
    units = {}
    if path and os.path.exists(path):
        for r in read_tsv(path, UNIT_COLUMNS, UNIT_COLUMNS_PTXAS):
            inc = [d for d in r["includes"].split(",") if d and d != "-"]
            flags = r["flags"].replace("{here}", HERE).split() if r["flags"] not in ("", "-") else []
            px = r.get("ptxas", "-").split()
            if px and px[0] not in ("-", "nvcc"):
                raise Error("%s: ptxas must be '-' or 'nvcc [FLAGS]', not %r" % (r["where"], r["ptxas"]))
            units[(r["project"], r["path"])] = (inc, flags, tuple(px[1:]) if px and px[0] == "nvcc" else None)
    return units


# ptxas -v: "Compiling entry function 'NAME' for 'sm_90'", then "Function
# properties for NAME" / "N bytes stack frame, N bytes spill stores, N bytes
# spill loads" and "Used N registers".
PTXAS_ENTRY_RE = re.compile(r"Compiling entry function '([^']+)' for '(sm_[0-9a-z]+)'")
PTXAS_FRAME_RE = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
PTXAS_REGS_RE = re.compile(r"Used (\d+) registers")
PTXAS_PROPS_RE = re.compile(r"Function properties for (\S+)")


def ptxas_facts_text(out):
    """The ptxas facts file (docs/models.md) of what nvcc -Xptxas -v printed:
    one line per kernel with its registers, stack frame and spill bytes."""
    rows, cur, props = [], None, None
    for line in out.splitlines():
        m = PTXAS_ENTRY_RE.search(line)
        if m:
            cur = {"name": m.group(1), "arch": m.group(2), "frame": None, "regs": None}
            rows.append(cur)
            continue
        m = PTXAS_PROPS_RE.search(line)
        if m:
            props = m.group(1)  # the function the next frame line is of (a callee's too)
            continue
        m = PTXAS_FRAME_RE.search(line)
        if m and cur is not None and props == cur["name"] and cur["frame"] is None:
            cur["frame"] = m.groups()
            continue
        m = PTXAS_REGS_RE.search(line)
        if m and cur is not None and cur["regs"] is None:
            cur["regs"] = m.group(1)
    text = ["# kperf ptxas facts 1", "# arch function registers stack_bytes spill_store_bytes spill_load_bytes"]
    for r in rows:
        if r["frame"] and r["regs"]:
            text.append("%s %s %s %s %s %s" % ((r["arch"], r["name"], r["regs"]) + r["frame"]))
    return "\n".join(text) + "\n", sum(1 for r in rows if r["frame"] and r["regs"])


def nvcc_flag(a):
    """The clang flags nvcc takes the same way (as kperf predict --ptxas does):
    -D, -U, -I (joined), -std=."""
    return (a[:2] in ("-D", "-U", "-I") and len(a) > 2) or a.startswith("-std=")


def ptxas_facts(args, src, unit, tmpdir):
    """(path of the unit's ptxas facts file, None) or (None, why not)."""
    project, path, inc, flags, extra = unit
    nvcc = args.nvcc or os.path.join(args.cuda_path, "bin", "nvcc")
    if not os.path.exists(nvcc):
        return None, "no nvcc at %s for the ptxas facts" % nvcc
    root = project_dir(src, project)
    full = os.path.join(root, path)
    cmd = [nvcc, "-arch=" + args.ptxas_arch, "-cubin", "-o", os.devnull, "-Xptxas", "-v",
           "-I" + os.path.dirname(full)] + ["-I" + os.path.join(root, d) for d in inc] + [
           f for f in flags if nvcc_flag(f)] + list(extra) + [full]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                           cwd=root, timeout=600)
    except subprocess.TimeoutExpired:
        return None, "nvcc took more than 600 s"
    text, n = ptxas_facts_text(p.stdout)
    if p.returncode != 0 or n == 0:
        errs = [l for l in p.stdout.splitlines() if "error" in l][:2]
        return None, "nvcc -Xptxas -v (exit %d, %d kernels): %s" % (p.returncode, n, " | ".join(errs))
    out = os.path.join(tmpdir, "%s+%s.ptxas" % (project.replace("/", "+"), path.replace("/", "+")))
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    return out, None


def code_lines(path):
    """The lines of a C/C++ file with comments (and string contents) blanked."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append('"' + " " * max(0, j - i - 2) + '"')
            i = j
            continue
        else:
            out.append(text[i])
            i += 1
            continue
        out.append("".join(c if c == "\n" else " " for c in text[i:j]))
        i = j
    return "".join(out).split("\n")


def suspicious_labels(src, sites):
    """Labelled lines that hold no code (a comment, past the end of the file)."""
    bad, files = [], {}
    for (project, path, line) in sorted(sites):
        full = os.path.join(project_dir(src, project), path)
        if full not in files:
            files[full] = code_lines(full) if os.path.exists(full) else None
        lines = files[full]
        if lines is None:
            bad.append("%s %s:%d: no such file" % (project, path, line))
        elif line > len(lines) or not lines[line - 1].strip():
            bad.append("%s %s:%d: no code on this line (comment or blank)" % (project, path, line))
    return bad


def project_dir(src, project):
    return os.path.join(src, project.replace("/", "+"))


def compile_units(sites, units):
    """[(project, path, includes, flags)]: the units of units.tsv whose project
    has labels.  A labelled file that is no unit (a header, a kernel file that
    another file #includes) is covered by the units of its project."""
    projects = {p for (p, _, _) in sites}
    return [(p, f, inc, fl, px) for (p, f), (inc, fl, px) in sorted(units.items()) if p in projects]


def extract(mirrors, src, sites, units):
    """Write SRC/<owner>+<name>/... from bare mirrors at the labelled commits:
    the directories of the labelled files and units and their include dirs."""
    _, commits = sites
    for project, commit in sorted(commits.items()):
        git = None
        for cand in (os.path.join(mirrors, project.replace("/", "+"), "repo"),
                     os.path.join(mirrors, project.replace("/", "+"))):
            if os.path.exists(os.path.join(cand, "HEAD")):
                git = cand
                break
        if git is None:
            raise Error("no mirror of %s under %s" % (project, mirrors))
        dirs = set()
        for (p, f, _) in sites[0]:
            if p == project:
                dirs.add(os.path.dirname(f) or ".")
        for (p, f), (inc, _, _) in units.items():
            if p == project:
                dirs.add(os.path.dirname(f) or ".")
                dirs.update(inc)
        dest = project_dir(src, project)
        ls = subprocess.run(["git", "--git-dir=" + git, "ls-tree", "-r", "--name-only", "-z", commit, "--"]
                            + sorted(dirs), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if ls.returncode != 0:
            raise Error("%s: git ls-tree %s: %s" % (project, commit, ls.stderr.decode(errors="replace").strip()))
        names = [n for n in ls.stdout.decode().split("\0") if n.endswith(SOURCE_EXT)]
        # one `git cat-file --batch` for all the files of the project
        cat = subprocess.run(["git", "--git-dir=" + git, "cat-file", "--batch"],
                             input="".join("%s:%s\n" % (commit, n) for n in names).encode(),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if cat.returncode != 0:
            raise Error("%s: git cat-file: %s" % (project, cat.stderr.decode(errors="replace").strip()))
        out, pos, written = cat.stdout, 0, 0
        for n in names:
            nl = out.index(b"\n", pos)
            head = out[pos:nl].split()
            pos = nl + 1
            if len(head) < 3 or head[1] != b"blob":
                continue  # missing from the mirror (e.g. a large file not fetched)
            size = int(head[2])
            path = os.path.join(dest, n)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(out[nl + 1:nl + 1 + size])
            pos = nl + 1 + size + 1
            written += 1
        with open(os.path.join(dest, ".kperf-commit"), "w", encoding="utf-8") as f:
            f.write(commit + "\n")
        print("extracted %s@%s: %d files under %s" % (project, commit[:12], written, " ".join(sorted(dirs))))


def run_kperf(args, src, unit, tmpdir=None):
    project, path, inc, flags, extra = unit
    root = project_dir(src, project)
    full = os.path.join(root, path)
    cmd = [args.clang, "-x", "cuda", "--cuda-path=" + args.cuda_path, "--cuda-gpu-arch=sm_90",
           "-Wno-unknown-cuda-version", "-isystem", os.path.join(args.cuda_path, "include", "cccl"),
           "--cuda-host-only", "-fsyntax-only", "-fno-color-diagnostics",
           "-I" + os.path.dirname(full)] + ["-I" + os.path.join(root, d) for d in inc] + flags + [
           full, "-fplugin=" + args.plugin, "-fplugin-arg-kperf-gpu=" + args.gpu]
    if args.db:
        cmd.append("-fplugin-arg-kperf-db=" + args.db)
    if extra is not None:
        facts, why = ptxas_facts(args, src, unit, tmpdir)
        if not facts:
            return 1, "error: %s" % why, {}
        cmd.append("-fplugin-arg-kperf-ptxas=" + facts)
    env = dict(os.environ)
    if args.db:
        env.pop("KPERF_DB", None)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                       universal_newlines=True, cwd=root)
    findings = {}  # (path relative to the project, line, check) -> [messages]
    rroot = os.path.realpath(root)
    for line in p.stdout.splitlines():
        m = FINDING_RE.match(line)
        if not m or m.group(5) not in CHECKS:
            continue
        f = os.path.realpath(os.path.join(root, m.group(1)))
        if not f.startswith(rroot + os.sep):
            continue
        rel = os.path.relpath(f, rroot).replace(os.sep, "/")
        findings.setdefault((rel, int(m.group(2)), m.group(5)), []).append(m.group(4))
    return p.returncode, p.stdout, findings


def degree_text(rows, check):
    for r in rows:
        if r["check"] == check:
            return r["degree"]
    return ""


def degree_note(ref, check, lab, got):
    """A disagreement between the labelled degree and kperf's messages, or None."""
    if check == "bank-conflict":
        lo, hi = degree_range(check, lab)
        degs = sorted({int(d) for msg in got for d in WAY_RE.findall(msg)[:1]})
        ranges = {(int(a), int(b)) for msg in got for a, b in WAY_RANGE_RE.findall(msg)}
        for msg in got:
            for trend in WAY_TREND_RE.findall(msg):
                ats = [int(x) for x in WAY_AT_RE.findall(trend)]
                if ats:
                    ranges.add((min(ats), max(ats)))
        ranges = sorted(ranges)
        if degs and hi not in degs:
            return "%s: labelled %s-way, kperf says %s" % (ref, lab, "/".join("%d-way" % d for d in degs))
        if lo != hi and ranges and (lo, hi) not in ranges:
            return "%s: labelled %d- to %d-way, kperf says %s" % (
                ref, lo, hi, "/".join("%d- to %d-way" % r for r in ranges))
    elif check == "uncoalesced":
        m = SECTORS_RE.match(lab)
        want = "%s/%s" % (m.group(2) or m.group(1), m.group(3))
        secs = sorted({"%s/%s" % x.groups() for msg in got for x in KPERF_SECTORS_RE.finditer(msg)})
        if secs and want not in secs:
            return "%s: labelled %s sectors, kperf says %s" % (ref, lab, ", ".join(secs))
    elif check in ("local-memory", "spill") and lab.split("@")[0].isdigit():
        # spill: the stack frame ptxas spills into ("the 56-byte stack frame")
        sizes = sorted({int(b) for msg in got for b in (FRAME_RE if check == "spill" else BYTES_RE).findall(msg)})
        if sizes and int(lab.split("@")[0]) not in sizes:
            return "%s: labelled %s bytes, kperf says %s" % (ref, lab, "/".join("%d bytes" % b for b in sizes))
    return None


def counts(c):
    c["precision"] = pct(c["tp"], c["tp"] + c["fp"])
    c["recall"] = pct(c["tp"], c["tp"] + c["fn"])
    return c


def score(sites, results, built=CHECKS):
    """Per check: counts (also per project), and the lists of misses (also by
    idiom), false alarms, degree notes.  A check not in `built` is not
    scored: its entry says "built": False and how many labels it has."""
    compiled = {}
    for (project, path, inc, flags), (rc, _, findings) in results.items():
        for (f, line, check), msgs in findings.items():
            compiled.setdefault((project, f, line, check), []).extend(msgs)
    # A labelled file is scored when it was compiled as a unit without error;
    # a labelled file that is no unit (a header, an #included .cu) when a unit
    # of its project compiled without error.
    units = {(p, f): r[0] for (p, f, _, _), r in results.items()}
    ok_projects = {p for (p, f), rc in units.items() if rc == 0}
    scored_files = {(p, f) for (p, f, _) in sites
                    if units.get((p, f)) == 0 or ((p, f) not in units and p in ok_projects)}
    out = {"checks": {}, "unscored": [], "unlabelled": []}
    for check in CHECKS:
        c = {"built": check in built, "tp": 0, "fp": 0, "fn": 0, "tn": 0, "labels": 0, "positives": 0,
             "misses": [], "misses_by_idiom": {}, "false_alarms": [], "degrees": [], "projects": {}}
        for keys, rows in site_units(sites, check):
            project, path, line = keys[0]
            c["labels"] += 1
            c["positives"] += any(r["check"] == check for r in rows)
            if not c["built"] or (project, path) not in scored_files:
                continue
            want = any(r["check"] == check for r in rows)
            pc = c["projects"].setdefault(project, {"tp": 0, "fp": 0, "fn": 0, "tn": 0})
            got = [m for k in keys for m in compiled.get(k + (check,), [])]
            ref = "%s %s:%s" % (project, path, ",".join(str(k[2]) for k in keys))
            reason = "; ".join(r["reason"] for r in rows[:1] if len(keys) > 1) or \
                "; ".join(r["reason"] for r in rows)
            if want and got:
                kind = "tp"
                note = degree_note(ref, check, degree_text(rows, check), got)
                if note:
                    c["degrees"].append(note)
            elif want:
                kind = "fn"
                miss = "%s: %s %s expected (%s)" % (ref, check, degree_text(rows, check), reason)
                c["misses"].append(miss)
                idioms = sorted({i for r in rows if r["check"] == check
                                 for i in r["idiom"].split(",") if i not in ("", "-")}) or ["-"]
                for i in idioms:
                    c["misses_by_idiom"].setdefault(i, []).append(ref)
            elif got:
                kind = "fp"
                c["false_alarms"].append("%s: %s (label: %s)" % (ref, got[0], reason))
            else:
                kind = "tn"
            c[kind] += 1
            pc[kind] += 1
        counts(c)
        for pc in c["projects"].values():
            counts(pc)
        out["checks"][check] = c
    for key in sorted(sites):
        if (key[0], key[1]) not in scored_files:
            out["unscored"].append("%s %s:%d" % key)
    for (project, f, line, check), msgs in sorted(compiled.items()):
        rows = sites.get((project, f, line))
        if not rows or not is_site(rows, check)[0]:
            out["unlabelled"].append("%s %s:%d: %s [kperf-%s]" % (project, f, line, msgs[0], check))
    return out


def print_table(res, rows, per_project=False):
    """One line per check (or per project of one check): sites, positives,
    tp fp fn tn, precision, recall; "not built" for a check the plugin lacks."""
    print("%-36s %5s %5s %4s %4s %4s %4s %9s %8s" % ("project" if per_project else "check", "sites", "pos",
                                                     "tp", "fp", "fn", "tn", "precision", "recall"))
    for name, c in rows:
        if not per_project and not c["built"]:
            print("%-36s %5d %5d   not built (no kperf-%s in the plugin)" % (name, c["labels"], c["positives"], name))
            continue
        print("%-36s %5d %5d %4d %4d %4d %4d %8.1f%% %7.1f%%" % (
            name, c["tp"] + c["fp"] + c["fn"] + c["tn"], c["tp"] + c["fn"], c["tp"], c["fp"], c["fn"],
            c["tn"], c["precision"], c["recall"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src", nargs="?", default=os.environ.get("KPERF_PUBLIC_SRC"),
                    help="directory of the public sources (default: $KPERF_PUBLIC_SRC)")
    ap.add_argument("--labels", default=os.path.join(HERE, "labels.tsv"))
    ap.add_argument("--units", help="compile units (default: units.tsv next to the labels)")
    ap.add_argument("--build", help="kperf build directory (lib/kperf.so)")
    ap.add_argument("--plugin", help="path of kperf.so")
    ap.add_argument("--db", help="path of kperf-gpus.db (default: the plugin finds its own)")
    ap.add_argument("--clang", help="clang++ (default: clang++-22, else the build's KPERF_CLANG, else clang++)")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--nvcc", help="nvcc for the units with ptxas facts (default: CUDA_PATH/bin/nvcc)")
    ap.add_argument("--ptxas-arch", default="sm_90", help="architecture of the ptxas facts (default sm_90, "
                    "the h100's)")
    ap.add_argument("--gpu", default="h100", help="GPU the labels were judged for (default h100, CC 9.0)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", help="also write the numbers and lists to this file")
    ap.add_argument("--checks-built", help="comma-separated checks to score (default: those the plugin has)")
    ap.add_argument("--extract", metavar="MIRRORS", help="only write SRC from the bare git mirrors under MIRRORS")
    args = ap.parse_args()
    if args.units is None:
        args.units = os.path.join(os.path.dirname(os.path.abspath(args.labels)), "units.tsv")
    if not args.src:
        ap.error("give the source directory or set KPERF_PUBLIC_SRC")
    args.src = os.path.abspath(args.src)

    try:
        sites, commits = read_labels(args.labels)
        units = read_units(args.units)
        if args.extract:
            extract(args.extract, args.src, (sites, commits), units)
            return 0
    except (Error, OSError) as e:
        print("score.py: %s" % e, file=sys.stderr)
        return 2

    if args.build:
        args.plugin = args.plugin or os.path.join(args.build, "lib", "kperf.so")
        cache = os.path.join(args.build, "CMakeCache.txt")
        if not args.clang and not shutil.which("clang++-22") and os.path.exists(cache):
            for l in open(cache, encoding="utf-8", errors="replace"):
                if l.startswith("KPERF_CLANG:"):
                    args.clang = l.split("=", 1)[1].strip()
    if not args.plugin:
        ap.error("give --build or --plugin")
    args.plugin = os.path.abspath(args.plugin)
    if args.db:
        args.db = os.path.abspath(args.db)
    args.clang = args.clang or shutil.which("clang++-22") or shutil.which("clang++") or "clang++"
    if not os.path.exists(args.plugin):
        print("score.py: %s does not exist" % args.plugin, file=sys.stderr)
        return 2
    for project, commit in sorted(commits.items()):
        d = project_dir(args.src, project)
        if not os.path.isdir(d):
            print("score.py: no sources of %s in %s (see --extract)" % (project, d), file=sys.stderr)
            return 2
        mark = os.path.join(d, ".kperf-commit")
        if os.path.exists(mark) and open(mark).read().strip() != commit:
            print("score.py: warning: %s holds %s, the labels are for %s" % (
                d, open(mark).read().strip()[:12], commit[:12]), file=sys.stderr)

    todo = compile_units(sites, units)
    with tempfile.TemporaryDirectory(prefix="kperf-corpus-ptxas-") as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        jobs = {u[:2] + (tuple(u[2]), tuple(u[3])): ex.submit(run_kperf, args, args.src, u, tmpdir)
                for u in todo}
        results = {k: v.result() for k, v in jobs.items()}
    failed = []
    for (project, path, _, _), (rc, out, _) in sorted(results.items()):
        if rc != 0:
            errs = [l for l in out.splitlines() if "error: " in l][:3] or out.strip().splitlines()[-3:]
            failed.append("%s %s (exit %d): %s" % (project, path, rc, " | ".join(errs)))

    built = built_checks(args.plugin) if args.checks_built is None else \
        {c for c in args.checks_built.split(",") if c}
    res = score(sites, results, built)
    res["suspicious"] = suspicious_labels(args.src, sites)
    nproj = len(commits)
    nfiles = len({(p, f) for (p, f, _) in sites})
    print("kperf public corpus: %d labelled lines in %d files of %d projects, %d compile units, GPU %s" % (
        len(sites), nfiles, nproj, len(todo), args.gpu))
    print_table(res, [(c, res["checks"][c]) for c in CHECKS])
    for check in CHECKS:
        c = res["checks"][check]
        if not c["built"] or not c["projects"]:
            continue
        print("\n%s per project:" % check)
        print_table(res, sorted(c["projects"].items()), per_project=True)
    for check in CHECKS:
        c = res["checks"][check]
        if c["misses_by_idiom"]:
            print("\n%s misses by idiom:" % check)
            for idiom, where in sorted(c["misses_by_idiom"].items()):
                print("  %s (%d): %s" % (idiom, len(where), ", ".join(where)))
        for title, key in (("misses", "misses"), ("false alarms", "false_alarms"),
                           ("degree disagreements", "degrees")):
            if c[key]:
                print("\n%s %s (%d):" % (check, title, len(c[key])))
                print("\n".join("  " + x for x in c[key]))
    if failed:
        print("\ncompile failures (their labels are not scored):")
        print("\n".join("  " + x for x in failed))
    if res["unscored"]:
        print("\nlabelled lines not scored (%d, their unit did not compile):" % len(res["unscored"]))
        print("\n".join("  " + x for x in res["unscored"]))
    if res["suspicious"]:
        print("\nlabels to check (%d):" % len(res["suspicious"]))
        print("\n".join("  " + x for x in res["suspicious"]))
    if res["unlabelled"]:
        print("\nunlabelled findings (%d, not counted):" % len(res["unlabelled"]))
        print("\n".join("  " + x for x in res["unlabelled"]))
    if args.json:
        res["failed"] = failed
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(res, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Error as e:
        print("score.py: %s" % e, file=sys.stderr)
        sys.exit(2)
