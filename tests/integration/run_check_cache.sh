#!/usr/bin/env bash
# kperf check --cache on a generated project of 50 files (check-cache/gen.py):
#   1. a first run analyses every file and fills the cache;
#   2. a second run of unchanged code reuses all 50 and saves the same snapshot;
#   3. one changed file: exactly that file is analysed again;
#   4. a changed header: exactly the 5 files that include it are analysed again,
#      and the snapshot is byte-identical to that of a run without the cache;
#   5. $KPERF_CACHE_DIR stands for --cache; another KPERF_* environment and a
#      changed GPU database reuse nothing (one file named).
#   run_check_cache.sh BUILD_DIR CLANGXX CUDA_PATH
set -euo pipefail
build=$(cd "$1" && pwd) clangxx=$2 cuda=$3
here=$(cd "$(dirname "$0")" && pwd)
kperf=$build/bin/kperf
tmp=$(mktemp -d /tmp/kperf-check-cache.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset KPERF_CACHE_DIR
db=$tmp/gpus.db
cp "$build/lib/kperf-gpus.db" "$db"
proj=$tmp/proj
python3 "$here/check-cache/gen.py" "$proj" 50 "$clangxx" "$cuda"
cd "$proj"

run() { # run OUT [kperf check options...]: the snapshot OUT, stderr in OUT.err
  local out=$1
  shift
  "$kperf" check -p build --db "$db" --gpu h100 -j 2 --save "$out" "$@" >"$out.out" 2>"$out.err" ||
    { cat "$out.out" "$out.err"; fail "kperf check $*"; }
}
reused() { # reused ERR REUSED ANALYSED [FILES]: the cache's line says so
  grep -q "cache '.*': $2 of ${4:-50} files\? reused, $3 analysed" "$1" ||
    { cat "$1"; fail "expected $2 of ${4:-50} reused and $3 analysed"; }
}

run "$tmp/s1.json" --cache "$tmp/cache"
reused "$tmp/s1.json.err" 0 50
run "$tmp/s2.json" --cache "$tmp/cache"
reused "$tmp/s2.json.err" 50 0
cmp "$tmp/s1.json" "$tmp/s2.json" || fail "the snapshot from the cache differs"
cmp "$tmp/s1.json.out" "$tmp/s2.json.out" || fail "the findings printed from the cache differ"

python3 "$here/check-cache/gen.py" "$proj" --touch 7
run "$tmp/s3.json" --cache "$tmp/cache"
reused "$tmp/s3.json.err" 49 1
! cmp -s "$tmp/s1.json" "$tmp/s3.json" || fail "the changed file's snapshot did not change"
grep -q '"scale7"' "$tmp/s3.json" || fail "scale7 is not in the snapshot"

python3 "$here/check-cache/gen.py" "$proj" --touch-header
run "$tmp/s4.json" --cache "$tmp/cache"
reused "$tmp/s4.json.err" 45 5
run "$tmp/fresh.json"
! grep -q "cache '" "$tmp/fresh.json.err" || fail "a run without --cache used one"
cmp "$tmp/s4.json" "$tmp/fresh.json" || fail "the snapshot with the cache differs from a fresh one"
cmp "$tmp/s4.json.out" "$tmp/fresh.json.out" || fail "the findings with the cache differ from a fresh run's"

# (one file named, to keep the test short)
KPERF_CACHE_DIR=$tmp/cache run "$tmp/s5.json" src/k3.cu
reused "$tmp/s5.json.err" 1 0 1
KPERF_CACHE_DIR=$tmp/cache KPERF_TEST_SETTING=1 run "$tmp/s6.json" src/k3.cu
reused "$tmp/s6.json.err" 0 1 1
python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE test_extra (x INTEGER)'); c.commit()" "$db"
run "$tmp/s7.json" --cache "$tmp/cache" src/k3.cu
reused "$tmp/s7.json.err" 0 1 1
run "$tmp/s8.json" --cache "$tmp/cache" src/k3.cu
reused "$tmp/s8.json.err" 1 0 1
echo "PASS"
