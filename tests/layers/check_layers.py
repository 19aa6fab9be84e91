#!/usr/bin/env python3
"""The layers of kperf, held to the table in docs/architecture.md ("Layers").

Each row of that table names a layer (numbered from the bottom), its library
(CMake target), its folders and its headers under include/kperf/.  This check
fails when:
  * a header of include/kperf/ is on no row of the table, or a source file
    or header of a layer's folder on no row of "Every file" (the map went
    stale);
  * a file #includes a header of a higher layer (an upward include);
  * a layer's library links (target_link_libraries) a higher layer's library,
    or a library of the table is not defined by add_library;
  * with --build DIR: an object of a layer's archive needs a symbol that only
    a higher layer's archive defines (an upward call; nm).
--self-test runs the check on small trees made to break each rule (the
upward call on two archives it compiles, when a C compiler is at hand) and
fails unless each is caught.

With --asserts (builds with KPERF_ASSERTS on), it also fails unless the
core's archives call kp__assert_fail: the invariants are compiled in.

usage: check_layers.py [--root DIR] [--build DIR] [--asserts] [--self-test]
"""
import argparse
import fnmatch
import os
import re
import subprocess
import sys
import tempfile

SRC_EXT = (".c", ".h", ".cpp", ".def")


def parse_table(root):
    """Rows of the "Layers" table: [(index, name, library list, folders, headers)]."""
    path = os.path.join(root, "docs", "architecture.md")
    text = open(path, encoding="utf-8").read()
    m = re.search(r"^## Layers\n(.*?)(?=^## )", text, re.S | re.M)
    if not m:
        raise SystemExit("check_layers: no '## Layers' section in docs/architecture.md")
    rows = []
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not re.match(r"^\d+ ", cells[0]):
            continue
        idx, name = cells[0].split(" ", 1)
        libs = re.findall(r"`([^`]+)`", cells[1])
        folders = [f.rstrip("/") for f in re.findall(r"`([^`]+/)`", cells[2])]
        headers = re.findall(r"`([^`/]+\.(?:h|def))`", cells[3])
        rows.append((int(idx), name, libs, folders, headers))
    if not rows:
        raise SystemExit("check_layers: the Layers table has no rows")
    return rows


def layer_maps(rows):
    folder_layer, header_layer, lib_layer = {}, {}, {}
    for idx, name, libs, folders, headers in rows:
        for f in folders:
            folder_layer[f] = idx
        for h in headers:
            header_layer[h] = idx
        for l in libs:
            lib_layer[l] = idx
    return folder_layer, header_layer, lib_layer


def folder_of(rel, folder_layer):
    """The longest folder of the table that holds rel, or None."""
    best = None
    for f in folder_layer:
        if rel == f or rel.startswith(f + "/"):
            if best is None or len(f) > len(best):
                best = f
    return best


def check_includes(root, rows, problems):
    folder_layer, header_layer, _ = layer_maps(rows)
    inc = os.path.join(root, "include", "kperf")
    for h in sorted(os.listdir(inc)) if os.path.isdir(inc) else []:
        if h.endswith((".h", ".def")) and h not in header_layer:
            problems.append("include/kperf/%s is on no row of the Layers table" % h)
    files = []
    for f in folder_layer:
        for dirpath, _, names in os.walk(os.path.join(root, f)):
            for n in names:
                if n.endswith(SRC_EXT):
                    rel = os.path.relpath(os.path.join(dirpath, n), root)
                    if folder_of(rel, folder_layer) == f:
                        files.append((rel, folder_layer[f]))
    for h, idx in header_layer.items():
        if os.path.exists(os.path.join(inc, h)):
            files.append(("include/kperf/" + h, idx))
    names = {idx: name for idx, name, _, _, _ in rows}
    doc = open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8").read()
    listed = set(re.findall(r"`([^`]+)`", doc[doc.find("## Every file"):]))
    for rel, idx in sorted(files):
        if not rel.startswith("include/") and rel not in listed and \
                not any("*" in pat and fnmatch.fnmatch(rel, pat) for pat in listed):
            problems.append("%s is on no row of docs/architecture.md's \"Every file\"" % rel)
    for rel, idx in sorted(files):
        text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
        for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            target = m.group(1)
            if target.startswith("kperf/"):
                h = target[len("kperf/"):]
                if h not in header_layer:
                    continue  # reported above when it exists
                tidx = header_layer[h]
            else:
                cand = os.path.normpath(os.path.join(os.path.dirname(rel), target))
                f = folder_of(cand, folder_layer)
                if f is None:
                    continue
                tidx = folder_layer[f]
            if tidx > idx:
                line = text.count("\n", 0, m.start()) + 1
                problems.append("%s:%d: includes %s of layer %d (%s) from layer %d (%s)"
                                % (rel, line, target, tidx, names[tidx], idx, names[idx]))


def cmake_files(root):
    for dirpath, dirnames, names in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".", "build")) and d != "tests"]
        for n in names:
            if n == "CMakeLists.txt":
                yield os.path.join(dirpath, n)


def check_cmake(root, rows, problems):
    _, _, lib_layer = layer_maps(rows)
    defined, links = set(), {}
    for path in cmake_files(root):
        text = re.sub(r"#[^\n]*", "", open(path, encoding="utf-8").read())
        for m in re.finditer(r"add_library\(\s*(\w+)", text):
            defined.add(m.group(1))
        for m in re.finditer(r"target_link_libraries\(\s*([\w-]+)([^)]*)\)", text):
            links.setdefault(m.group(1), []).extend(m.group(2).split())
    for lib, idx in sorted(lib_layer.items()):
        if lib not in defined:
            problems.append("library %s of the Layers table is not defined (add_library)" % lib)
        for dep in links.get(lib, []):
            if dep in lib_layer and lib_layer[dep] > idx:
                problems.append("%s (layer %d) links %s of layer %d" % (lib, idx, dep, lib_layer[dep]))


def archive_symbols(path):
    """(symbols the archive defines, {symbol it needs: the object needing it})."""
    out = subprocess.run(["nm", "-A", path], capture_output=True, text=True).stdout
    defined, undefined = set(), {}
    for line in out.splitlines():
        # "lib.a:obj.o:0000000000000000 T sym", "lib.a:obj.o:                 U sym"
        parts = line.split()
        if len(parts) < 3:
            continue
        kind, sym = parts[-2], parts[-1]
        obj = line.split(":")[1] if line.count(":") >= 2 else path
        if kind == "U":
            undefined.setdefault(sym, obj)
        elif kind in ("T", "D", "B", "R", "V", "W"):
            defined.add(sym)
    return defined, undefined


def check_symbols(build, rows, problems):
    _, _, lib_layer = layer_maps(rows)
    libdir = os.path.join(build, "lib")
    syms = {}
    for lib in lib_layer:
        a = os.path.join(libdir, "lib%s.a" % lib)
        if os.path.exists(a):
            syms[lib] = archive_symbols(a)
    for lib, (_, undefined) in sorted(syms.items()):
        for sym, obj in sorted(undefined.items()):
            if sym in syms[lib][0]:
                continue
            above = [o for o in syms if lib_layer[o] > lib_layer[lib] and sym in syms[o][0]]
            below = [o for o in syms if lib_layer[o] <= lib_layer[lib] and sym in syms[o][0]]
            if above and not below:
                problems.append("%s (%s, layer %d) calls %s, defined in %s of layer %d"
                                % (obj, lib, lib_layer[lib], sym, above[0], lib_layer[above[0]]))


def check_asserts(build, problems):
    """With KPERF_ASSERTS: the archives that hold KP_ASSERTs call kp__assert_fail."""
    for lib in ("kperf_model", "kperf_gpudb", "kperf_analyses"):
        a = os.path.join(build, "lib", "lib%s.a" % lib)
        if os.path.exists(a) and "kp__assert_fail" not in archive_symbols(a)[1] \
                and "kp__assert_fail" not in archive_symbols(a)[0]:
            problems.append("%s has no KP_ASSERT compiled in (KPERF_ASSERTS is on)" % lib)


def run(root, build=None):
    rows = parse_table(root)
    problems = []
    check_includes(root, rows, problems)
    check_cmake(root, rows, problems)
    if build:
        check_symbols(build, rows, problems)
    return problems


def self_test():
    """Trees made to break each rule; each must be caught."""
    table = """# x

## Layers

| layer | library | folders | headers (include/kperf/) |
|---|---|---|---|
| 0 low | `lib_low` | `low/` | `low.h` |
| 1 high | `lib_high` | `high/` | `high.h` |

## Every file

`low/a.c` `high/b.c` `high/x.h`

## After
"""
    cases = {
        "upward include": ({"low/a.c": '#include "kperf/high.h"\n'}, "includes kperf/high.h"),
        "upward relative include": ({"low/a.c": '#include "../high/x.h"\n', "high/x.h": ""},
                                    "includes ../high/x.h"),
        "header on no row": ({"low/a.c": "", "include/kperf/other.h": ""}, "on no row"),
        "file on no row": ({"low/c.c": ""}, "low/c.c is on no row"),
        "upward link": ({"low/CMakeLists.txt": "add_library(lib_low a.c)\n"
                                               "target_link_libraries(lib_low PUBLIC lib_high)\n"},
                        "links lib_high"),
    }
    base = {"docs/architecture.md": table, "include/kperf/low.h": "", "include/kperf/high.h": "",
            "low/CMakeLists.txt": "add_library(lib_low a.c)\n",
            "high/CMakeLists.txt": "add_library(lib_high b.c)\ntarget_link_libraries(lib_high lib_low)\n",
            "high/b.c": '#include "kperf/low.h"\n', "low/a.c": '#include "kperf/low.h"\n'}
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        def write(files):
            for rel, text in files.items():
                p = os.path.join(d, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                open(p, "w").write(text)
        write(base)
        if run(d):
            print("self-test: the clean tree fails: %s" % run(d))
            failed += 1
        for name, (files, expect) in cases.items():
            saved = {rel: open(os.path.join(d, rel)).read() if os.path.exists(os.path.join(d, rel)) else None
                     for rel in files}
            write(files)
            problems = run(d)
            if not any(expect in p for p in problems):
                print("self-test: %s not caught (%s)" % (name, problems))
                failed += 1
            for rel, text in saved.items():
                if text is None:
                    os.remove(os.path.join(d, rel))
                else:
                    open(os.path.join(d, rel), "w").write(text)
    ncases = len(cases)
    sym = self_test_symbols()
    if sym is not None:
        ncases += 1
        if not sym:
            failed += 1
    print("self-test: %d of %d rules caught" % (ncases - failed, ncases))
    return failed == 0


def self_test_symbols():
    """An object of the low layer's archive that calls a function only the
    high layer's archive defines must be caught (check_symbols, nm); a call
    the other way is fine.  None when no C compiler or ar is at hand."""
    rows = [(0, "low", ["lib_low"], ["low"], []), (1, "high", ["lib_high"], ["high"], [])]
    srcs = {"lib_low": {"a.c": "int high_fn(void);\nint low_fn(void) { return high_fn(); }\n"},
            "lib_high": {"b.c": "int low_fn(void);\nint high_fn(void) { return 1; }\n"
                                "int high_uses_low(void) { return low_fn(); }\n"}}
    cc = os.environ.get("CC", "cc")
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "lib"))
        for lib, files in srcs.items():
            objs = []
            for name, text in files.items():
                c, o = os.path.join(d, name), os.path.join(d, name[:-2] + ".o")
                open(c, "w").write(text)
                try:
                    subprocess.run([cc, "-c", c, "-o", o], check=True, capture_output=True)
                except (OSError, subprocess.CalledProcessError):
                    print("self-test: no C compiler (%s): the symbol rule not tried" % cc)
                    return None
                objs.append(o)
            try:
                subprocess.run(["ar", "rcs", os.path.join(d, "lib", "lib%s.a" % lib)] + objs,
                               check=True, capture_output=True)
            except (OSError, subprocess.CalledProcessError):
                print("self-test: no ar: the symbol rule not tried")
                return None
        problems = []
        check_symbols(d, rows, problems)
    ok = len(problems) == 1 and "calls high_fn" in problems[0] and "lib_low" in problems[0]
    if not ok:
        print("self-test: upward call not caught, or a downward one reported (%s)" % problems)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--build")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--asserts", action="store_true",
                    help="also fail unless the core's archives have KP_ASSERT compiled in")
    a = ap.parse_args()
    if a.self_test:
        return 0 if self_test() else 1
    problems = run(os.path.abspath(a.root), a.build)
    if a.asserts and a.build:
        check_asserts(a.build, problems)
    for p in problems:
        print("layers: " + p)
    print("layers: %d problem(s)" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
