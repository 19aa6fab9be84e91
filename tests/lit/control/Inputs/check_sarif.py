#!/usr/bin/env python3
"""Structural checks of a SARIF 2.1.0 log that kperf wrote (standard library only).

    check_sarif.py LOG [--results N] [--expect RULE:LEVEL:URI_SUFFIX:LINE:COL]...
                       [--fix URI_SUFFIX:LINE:COL-COL:TEXT] [--srcroot URI] [--require-base]

Checks what GitHub code scanning and other viewers need: version 2.1.0, the
$schema, one run of the tool "kperf" whose rules are kperf-* checks with a
short description, a help text and a help URI; every result with a ruleId
among the rules (and ruleIndex pointing at it), a level, a message and a
location with a URI and a 1-based region; fixes with artifact changes and
replacements; uriBaseIds declared in originalUriBaseIds.  --expect names a
result that must be there (URI_SUFFIX: the end of its URI), --results the
number of results, --fix a fix that must replace columns COL-COL of LINE with
TEXT, --srcroot the URI %SRCROOT% must stand for ("-": no originalUriBaseIds).
The driver must have a version (x.y.z) and every rule a name apart from its
id (PascalCase, as code scanning shows it); runs[0].invocations[0] must say
executionSuccessful, --failed N that it is false with N error notifications
(each with a message and, when it names a file, a URI), else that it is true
with none; --warned N: N warning notifications besides (files analysed
despite errors clang reported).
Exit status 0 when all hold, 1 with one line per failure.
"""
import argparse
import json
import re
import sys

failures = []


def fail(msg):
    failures.append(msg)


def need(cond, msg):
    if not cond:
        fail(msg)
    return cond


def region_ok(region, where):
    need(isinstance(region, dict), f"{where}: no region")
    if isinstance(region, dict):
        for k in ("startLine", "startColumn"):
            v = region.get(k)
            need(isinstance(v, int) and v >= 1, f"{where}: region.{k} is {v!r}, not a 1-based integer")


def location_ok(pl, where, bases):
    if not need(isinstance(pl, dict), f"{where}: no physicalLocation"):
        return
    al = pl.get("artifactLocation", {})
    need(isinstance(al.get("uri"), str) and al["uri"], f"{where}: no artifactLocation.uri")
    if "uriBaseId" in al:
        need(al["uriBaseId"] in bases, f"{where}: uriBaseId {al['uriBaseId']!r} is not in originalUriBaseIds")
        need(not al["uri"].startswith("/") and "://" not in al["uri"],
             f"{where}: uri {al['uri']!r} with a uriBaseId must be relative")
    region_ok(pl.get("region"), where)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--results", type=int)
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--fix", action="append", default=[])
    ap.add_argument("--srcroot")
    ap.add_argument("--failed", type=int, default=0,
                    help="the number of files that could not be analysed")
    ap.add_argument("--warned", type=int, default=0,
                    help="the number of files analysed despite errors clang reported")
    ap.add_argument("--notification", action="append", default=[],
                    help="URI_SUFFIX:TEXT: a notification about that file whose message contains TEXT")
    ap.add_argument("--require-base", action="store_true",
                    help="every result's location must be relative to a uriBaseId")
    a = ap.parse_args()
    with open(a.log) as f:
        log = json.load(f)
    need(log.get("version") == "2.1.0", f"version is {log.get('version')!r}")
    need("sarif-2.1.0" in str(log.get("$schema", "")), f"$schema is {log.get('$schema')!r}")
    runs = log.get("runs")
    if not need(isinstance(runs, list) and len(runs) == 1, "not exactly one run"):
        return report()
    run = runs[0]
    driver = run.get("tool", {}).get("driver", {})
    need(driver.get("name") == "kperf", f"tool.driver.name is {driver.get('name')!r}")
    need(re.fullmatch(r"\d+\.\d+\.\d+", str(driver.get("version", ""))) is not None,
         f"tool.driver.version is {driver.get('version')!r}, not x.y.z")
    rules = driver.get("rules", [])
    need(len(rules) >= 3, f"{len(rules)} rules")
    ids = []
    for i, r in enumerate(rules):
        rid = r.get("id", "")
        ids.append(rid)
        need(rid.startswith("kperf-"), f"rule {i}: id {rid!r}")
        name = r.get("name", "")
        need(re.fullmatch(r"(?:[A-Z][a-z0-9]+)+", name) is not None and name != rid,
             f"rule {rid}: name {name!r} is not a PascalCase name apart from the id")
        need(r.get("shortDescription", {}).get("text"), f"rule {rid}: no shortDescription.text")
        need(r.get("help", {}).get("text"), f"rule {rid}: no help.text")
        need(str(r.get("helpUri", "")).startswith("http"), f"rule {rid}: no helpUri")
    need(len(set(ids)) == len(ids), "rule ids repeat")
    for must in ("kperf-uncoalesced", "kperf-bank-conflict", "kperf-launch"):
        need(must in ids, f"no rule {must}")
    bases = run.get("originalUriBaseIds", {})
    for k, v in bases.items():
        u = v.get("uri", "")
        need(u.startswith("file:///") and u.endswith("/"), f"originalUriBaseIds {k}: uri {u!r}")
    if a.srcroot == "-":
        need(not bases, "originalUriBaseIds present")
    elif a.srcroot:
        need(bases.get("%SRCROOT%", {}).get("uri") == a.srcroot,
             f"%SRCROOT% is {bases.get('%SRCROOT%')!r}, not {a.srcroot!r}")
    inv = run.get("invocations", [])
    if need(isinstance(inv, list) and inv and isinstance(inv[0], dict), "no runs[0].invocations[0]"):
        ok = inv[0].get("executionSuccessful")
        need(ok is (a.failed == 0), f"invocations[0].executionSuccessful is {ok!r} with {a.failed} failed")
        notes = inv[0].get("toolExecutionNotifications", [])
        errs = [nt for nt in notes if nt.get("level") == "error"]
        warns = [nt for nt in notes if nt.get("level") == "warning"]
        need(len(errs) == a.failed, f"{len(errs)} error toolExecutionNotifications, not {a.failed}")
        need(len(warns) == a.warned, f"{len(warns)} warning toolExecutionNotifications, not {a.warned}")
        for m, nt in enumerate(notes):
            need(nt.get("level") in ("error", "warning"), f"notification {m}: level {nt.get('level')!r}")
            need(nt.get("message", {}).get("text"), f"notification {m}: no message.text")
            for loc in nt.get("locations", []):
                al = loc.get("physicalLocation", {}).get("artifactLocation", {})
                need(al.get("uri"), f"notification {m}: location without uri")
                if "uriBaseId" in al:
                    need(al["uriBaseId"] in bases, f"notification {m}: uriBaseId not declared")
        for e in a.notification:
            suffix, text = e.split(":", 1)
            need(any(text in nt.get("message", {}).get("text", "") and any(
                loc.get("physicalLocation", {}).get("artifactLocation", {}).get("uri", "").endswith(suffix)
                for loc in nt.get("locations", [])) for nt in notes),
                 f"no notification about {suffix} saying {text!r}")
    results = run.get("results", [])
    if a.results is not None:
        need(len(results) == a.results, f"{len(results)} results, not {a.results}")
    seen = []
    for n, r in enumerate(results):
        where = f"result {n}"
        rid = r.get("ruleId")
        need(rid in ids, f"{where}: ruleId {rid!r} is not a rule")
        if "ruleIndex" in r:
            ri = r["ruleIndex"]
            need(isinstance(ri, int) and 0 <= ri < len(rules) and rules[ri]["id"] == rid,
                 f"{where}: ruleIndex {ri!r} does not point at {rid}")
        need(r.get("level") in ("error", "warning", "note", "none"), f"{where}: level {r.get('level')!r}")
        need(r.get("message", {}).get("text"), f"{where}: no message.text")
        locs = r.get("locations", [])
        if need(locs, f"{where}: no locations"):
            location_ok(locs[0].get("physicalLocation"), where, bases)
            if a.require_base:
                al = locs[0].get("physicalLocation", {}).get("artifactLocation", {})
                need(al.get("uriBaseId") == "%SRCROOT%", f"{where}: uri {al.get('uri')!r} has no uriBaseId")
        for m, rel in enumerate(r.get("relatedLocations", [])):
            location_ok(rel.get("physicalLocation"), f"{where} related {m}", bases)
            need(rel.get("message", {}).get("text"), f"{where} related {m}: no message")
        for fx in r.get("fixes", []):
            need(fx.get("description", {}).get("text"), f"{where}: fix without description")
            changes = fx.get("artifactChanges", [])
            need(changes, f"{where}: fix without artifactChanges")
            for ch in changes:
                need(ch.get("artifactLocation", {}).get("uri"), f"{where}: change without uri")
                for rep in ch.get("replacements", []):
                    d = rep.get("deletedRegion", {})
                    region_ok(d, f"{where} fix")
                    need("insertedContent" in rep, f"{where}: replacement without insertedContent")
                    seen.append((ch["artifactLocation"]["uri"], d.get("startLine"), d.get("startColumn"),
                                 d.get("endColumn"), rep.get("insertedContent", {}).get("text")))
    for e in a.expect:
        rule, level, suffix, line, col = e.split(":")
        ok = False
        for r in results:
            pl = r.get("locations", [{}])[0].get("physicalLocation", {})
            reg = pl.get("region", {})
            if (r.get("ruleId") == rule and r.get("level") == level
                    and pl.get("artifactLocation", {}).get("uri", "").endswith(suffix)
                    and reg.get("startLine") == int(line) and reg.get("startColumn") == int(col)):
                ok = True
        need(ok, f"no {level} {rule} at {suffix}:{line}:{col}")
    for e in a.fix:
        suffix, line, cols, text = e.split(":", 3)
        c0, c1 = (int(c) for c in cols.split("-"))
        need(any(u.endswith(suffix) and l == int(line) and s == c0 and t == c1 and x == text
                 for (u, l, s, t, x) in seen),
             f"no fix replacing {suffix}:{line}:{cols} with {text!r} (fixes: {seen})")
    return report()


def report():
    for f in failures:
        print("check_sarif: " + f)
    if not failures:
        print("check_sarif: ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
