#!/bin/sh
# kperf-calibrate's SQL, from a canned measurement set, imports into a fresh
# user database (alone, and after base-rows.sh copied h100's facts), and
# `kperf gpu` then shows the measured values with their source.
# usage: test_import.sh KPERF CALIBRATE_SQL DB TMPDIR SRCDIR
KPERF=$1 TOSQL=$2 DB=$3 TMP=$4 SRC=$5
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
rm -rf "$TMP" && mkdir -p "$TMP" || exit 1
unset KPERF_DB
SOURCE="measured by kperf-calibrate 2030-01-02 NVIDIA H100 80GB HBM3 \\(test data\\)"

"$TOSQL" "$SRC/tests/calibrate/canned.raw" -o "$TMP/measured.sql" || bad "kperf-calibrate-sql"
# 1. alone, into a fresh user database (the default --into: $KPERF_USER_DB)
export KPERF_USER_DB="$TMP/user1.db"
if "$KPERF" import-gpus "$TMP/measured.sql" --db "$DB" >"$TMP/out" 2>&1; then ok; else bad "import alone"; cat "$TMP/out"; fi
"$KPERF" gpu h100-measured --db "$TMP/user1.db:$DB" >"$TMP/gpu1.txt" 2>&1 || { bad "kperf gpu (alone)"; cat "$TMP/gpu1.txt"; }
check() { # FILE PATTERN...
  f=$1; shift
  for p in "$@"; do
    if grep -qE -- "$p" "$f"; then ok; else bad "$f lacks /$p/"; fi
  done
}
check "$TMP/gpu1.txt" "sm_count +132 SMs" "fp32 .*4\.25 " "div_f32 .*157\.75" "812\.25" "7123\.5" \
  "2\.625" "$SOURCE" "Hopper"
# 2. after the base GPU's rows (what tools/calibrate/run.sh does)
export KPERF_USER_DB="$TMP/user2.db"
sh "$SRC/tools/calibrate/base-rows.sh" "$DB" h100 h100-measured >"$TMP/base.sql" || bad "base-rows.sh"
cat "$TMP/base.sql" "$TMP/measured.sql" >"$TMP/all.sql"
if "$KPERF" import-gpus "$TMP/all.sql" --db "$DB" >"$TMP/out" 2>&1; then ok; else bad "import with base"; cat "$TMP/out"; fi
[ -f "$TMP/user2.db" ] && ok || bad "no user database created"
"$KPERF" gpu h100-measured >"$TMP/gpu2.txt" 2>&1 || { bad "kperf gpu (with base)"; cat "$TMP/gpu2.txt"; }
check "$TMP/gpu2.txt" "fp32 .*4\.25 " "812\.25" "$SOURCE" "GH100" "HBM3" "architecture and chip as in h100" \
  "dram_type as in h100"
# facts not measured stay those of h100 (its L1 line size), measured ones replace them
check "$TMP/gpu2.txt" "mt4g"
if grep -qE "dram.*834\.47" "$TMP/gpu2.txt"; then bad "h100's DRAM latency not replaced"; else ok; fi
"$KPERF" gpu h100-measured --json >"$TMP/gpu2.json" 2>&1 || bad "kperf gpu --json"
check "$TMP/gpu2.json" "157\.75" "measured by kperf-calibrate"
# re-importing the same file is idempotent
if "$KPERF" import-gpus "$TMP/measured.sql" --db "$DB" >"$TMP/out" 2>&1; then ok; else bad "re-import"; cat "$TMP/out"; fi
# the built-in h100 is untouched
KPERF_USER_DB="$TMP/none.db" "$KPERF" gpu h100 >"$TMP/h100.txt" 2>&1
check "$TMP/h100.txt" "834\.47"
echo "test_import: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
