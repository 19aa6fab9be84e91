#!/usr/bin/env bash
# A pull request's performance diff, end to end: a throw-away git repository
# with two commits of diff-project/ (the base; the head makes a kernel strided,
# so uncoalesced and slower, fixes another and adds a third), a snapshot of
# each (kperf check -p over a compile_commands.json written here, --save),
# then kperf diff as text, --markdown, --sarif (baselineState),
# --fail-on-slowdown, --werror --new-only and bad input; and a snapshot of
# unchanged code is byte-identical.
#   run_diff.sh BUILD_DIR CLANGXX CUDA_PATH
set -euo pipefail
build=$(cd "$1" && pwd) clangxx=$2 cuda=$3
here=$(cd "$(dirname "$0")" && pwd)
kperf=$build/bin/kperf
db=$build/lib/kperf-gpus.db
tmp=$(mktemp -d /tmp/kperf-diff.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

repo=$tmp/repo
mkdir -p "$repo/src" "$repo/build"
cd "$repo"
git init -q .
git config user.email test@example.com
git config user.name test
cp "$here/diff-project/base.cu" src/k.cu
git add src/k.cu
git commit -qm base
git tag base
cp "$here/diff-project/head.cu" src/k.cu
git commit -qam head
git tag head

# The compile database (as CMake writes one), for whichever commit is checked out.
cat >build/compile_commands.json <<JSON
[{"directory": "$repo/build", "file": "$repo/src/k.cu",
  "arguments": ["$clangxx", "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-path=$cuda",
                "-Wno-unknown-cuda-version", "-c", "$repo/src/k.cu", "-o", "k.o"]}]
JSON

snapshot() { # snapshot COMMIT OUT
  git checkout -q "$1"
  "$kperf" check -p build --db "$db" --gpu h100 -j 1 --save "$2" >"$2.out" 2>"$2.err" ||
    { cat "$2.out" "$2.err"; fail "kperf check --save at $1"; }
}
snapshot base "$tmp/base.json"
snapshot head "$tmp/head.json"
snapshot base "$tmp/base2.json"
cmp "$tmp/base.json" "$tmp/base2.json" || fail "two snapshots of the same code differ"
! grep -q "$tmp" "$tmp/base.json" "$tmp/head.json" || fail "a snapshot holds an absolute path"

# The snapshot's contents: launches with their predictions, kernels, findings.
python3 - "$tmp/base.json" "$tmp/head.json" <<'PY'
import json, sys
base, head = (json.load(open(p)) for p in sys.argv[1:3])
def launch(s, k):
    return next(l for l in s["launches"] if l["kernel"] == k)
for s in (base, head):
    assert s["schema"] == 1, s
    for l in s["launches"]:
        assert l["file"] == "src/k.cu" and l["gpu"] == "h100", l
        for key in ("predicted_us", "bound", "occupancy", "registers", "spill_bytes", "smem_bytes"):
            assert key in l, (key, l)
    assert all(f["fingerprint"] and f["file"] == "src/k.cu" for f in s["findings"]), s["findings"]
assert sorted(k["name"] for k in base["kernels"]) == ["fill", "scale", "transpose"], base["kernels"]
assert launch(head, "scale")["predicted_us"] > 1.5 * launch(base, "scale")["predicted_us"]
assert launch(base, "transpose")["smem_bytes"] == 4096, launch(base, "transpose")
checks = lambda s: sorted((f["check"], f["kernel"]) for f in s["findings"])
assert checks(base) == [("kperf-bank-conflict", "transpose"), ("kperf-uncoalesced", "fill")], checks(base)
assert ("kperf-uncoalesced", "scale") in checks(head) and ("kperf-uncoalesced", "fill") not in checks(head)
PY

# The text.
"$kperf" diff "$tmp/base.json" "$tmp/head.json" >"$tmp/diff.txt" || fail "kperf diff exit status"
cat "$tmp/diff.txt"
grep -q "^kperf: 1 launch slower (up to [0-9.]*x), 0 faster, 1 added, 0 removed; 1 kernel added, 0 removed; [0-9]* new finding" "$tmp/diff.txt" ||
  fail "the summary"
grep -q "src/k.cu:[0-9]* scale on h100: .* -> .* ([0-9.]*x slower" "$tmp/diff.txt" || fail "the slower launch"
grep -q "src/k.cu:[0-9]* launch added: zero on h100" "$tmp/diff.txt" || fail "the added launch"
grep -q "src/k.cu:[0-9]* kernel added: zero" "$tmp/diff.txt" || fail "the added kernel"
grep -q "new finding: warning: uncoalesced .*\[kperf-uncoalesced\]" "$tmp/diff.txt" || fail "the new finding"
grep -q "fixed finding: warning: uncoalesced global store of 'a'" "$tmp/diff.txt" || fail "the fixed finding"
! grep -q "bank-conflict" "$tmp/diff.txt" || fail "the unchanged finding is listed"
! grep -q "transpose" "$tmp/diff.txt" || fail "an unchanged launch is listed"

# Markdown: a one-line summary, then the table, the largest change first.
"$kperf" diff "$tmp/base.json" "$tmp/head.json" --markdown >"$tmp/diff.md"
cat "$tmp/diff.md"
head -1 "$tmp/diff.md" | grep -q '^\*\*kperf\*\*: 1 launch slower' || fail "the Markdown summary"
grep -q '^| change | where | kernel | GPU | base | head | details |$' "$tmp/diff.md" || fail "the table"
[ "$(grep -m1 '^| [a-z]' "$tmp/diff.md" | grep -v '^| change')" ] || true
sed -n 5p "$tmp/diff.md" | grep -q '^| slower | `src/k.cu:[0-9]*` | `scale` | h100 |' || fail "the largest change first"
"$kperf" diff "$tmp/base.json" "$tmp/head.json" --markdown --max-rows 2 >"$tmp/diff2.md"
[ "$(grep -c '^| [a-z]' "$tmp/diff2.md")" = 3 ] || fail "--max-rows 2 (header and two rows)"
grep -q "more changes not shown" "$tmp/diff2.md" || fail "--max-rows: the rest counted"

# SARIF with baselineState.
"$kperf" diff "$tmp/base.json" "$tmp/head.json" --sarif "$tmp/diff.sarif" >/dev/null
python3 - "$tmp/diff.sarif" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0"
results = log["runs"][0]["results"]
state = {}
for r in results:
    state.setdefault((r["ruleId"], r["baselineState"]), []).append(r["message"]["text"])
assert ("kperf-uncoalesced", "new") in state, state
assert ("kperf-uncoalesced", "absent") in state, state
assert ("kperf-bank-conflict", "unchanged") in state, state
assert any("scale on h100" in m and "slower" in m for m in state[("kperf-launch", "updated")]), state
assert ("kperf-launch", "new") in state, state
for r in results:
    assert r["baselineState"] in ("new", "unchanged", "updated", "absent"), r
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "src/k.cu", "uriBaseId": "%SRCROOT%"}, loc
ids = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
assert {r["ruleId"] for r in results} <= ids
PY

# Exit status: --fail-on-slowdown, --werror, --new-only.
status() { set +e; "$kperf" diff "$@" >/dev/null 2>"$tmp/err"; echo $?; set -e; }
[ "$(status "$tmp/base.json" "$tmp/head.json" --fail-on-slowdown 10)" = 1 ] || fail "--fail-on-slowdown 10"
[ "$(status "$tmp/base.json" "$tmp/head.json" --fail-on-slowdown 100000)" = 0 ] || fail "--fail-on-slowdown 100000"
[ "$(status "$tmp/head.json" "$tmp/base.json" --fail-on-slowdown 10)" = 0 ] || fail "faster is no slowdown"
[ "$(status "$tmp/base.json" "$tmp/base2.json" --fail-on-slowdown 0)" = 0 ] || fail "no change"
[ "$(status "$tmp/base.json" "$tmp/head.json" --werror --new-only)" = 1 ] || fail "--werror --new-only, a new finding"
[ "$(status "$tmp/base.json" "$tmp/base2.json" --werror --new-only)" = 0 ] || fail "--werror --new-only, none new"
[ "$(status "$tmp/base.json" "$tmp/base2.json" --werror)" = 1 ] || fail "--werror, old findings"
"$kperf" diff "$tmp/base.json" "$tmp/base2.json" | grep -q "^kperf: 0 launches slower, 0 faster, 0 added, 0 removed; 0 kernels added, 0 removed; 0 new findings, 0 fixed" ||
  fail "no change: the summary"

# Bad input: one line, status 2.
echo '{"schema": 1}' >"$tmp/bad.json"
echo 'not json' >"$tmp/junk.json"
for args in "$tmp/base.json $tmp/bad.json" "$tmp/junk.json $tmp/head.json" "$tmp/base.json $tmp/nowhere.json" "$tmp/base.json" "$tmp/base.json $tmp/head.json --fail-on-slowdown x"; do
  # shellcheck disable=SC2086
  [ "$(status $args)" = 2 ] || fail "bad input: $args"
  [ "$(wc -l <"$tmp/err")" = 1 ] || { cat "$tmp/err"; fail "bad input, one line: $args"; }
done
grep -q "kperf: diff: .* is not a kperf snapshot" <(set +e; "$kperf" diff "$tmp/base.json" "$tmp/bad.json" 2>&1) ||
  fail "bad input: the message"
echo "PASS"
