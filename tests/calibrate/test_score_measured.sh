#!/bin/sh
# bench/accuracy/score-measured.sh, the half of the accuracy run that needs no
# GPU, on what gpu-measure.sh would write: a calibrated row (from the canned
# measurement set) and a timed CSV of vadd.  It must import the row and score
# every CSV row with both GPU rows.
# usage: test_score_measured.sh CALIBRATE_SQL BUILD_DIR TMPDIR SRCDIR
TOSQL=$1 BUILD=$2 TMP=$3 SRC=$4
rm -rf "$TMP" && mkdir -p "$TMP/in" "$TMP/results" || exit 1
unset KPERF_DB
"$TOSQL" "$SRC/tests/calibrate/canned.raw" --based-on h100 -o "$TMP/in/h100.measured.sql" || exit 1
cat >"$TMP/in/h100.csv" <<CSV
kernel,file,grid,block,smem,args,defines,measured_us
vadd,bench/icount/kernels/vector.cu,"4096,1,1","256,1,1",0,n=1048576,,9.1
vadd,bench/icount/kernels/vector.cu,"8192,1,1","128,1,1",0,n=1048576,,9.0
vadd,bench/icount/kernels/vector.cu,"32768,1,1","32,1,1",0,n=1048576,,14.2
CSV
KPERF_USER_DB="$TMP/user.db" KPERF_RESULTS_DIR="$TMP/results" \
  sh "$SRC/bench/accuracy/score-measured.sh" h100 "$TMP/in" "$BUILD" >"$TMP/out" 2>&1
rc=$?
cat "$TMP/out"
fail=0
[ $rc -eq 0 ] || { echo "FAIL: exit $rc"; fail=1; }
for g in h100-measured h100; do
  grep -q "^all: 3 rows" "$TMP/results/h100.score-$g.txt" || { echo "FAIL: $g: not all 3 rows scored"; fail=1; }
done
grep -q "measured by kperf-calibrate" "$TMP/results/h100-measured.sql" || { echo "FAIL: no measured source"; fail=1; }
[ $fail -eq 0 ] && echo "test_score_measured: 1 passed, 0 failed" || echo "test_score_measured: 0 passed, 1 failed"
exit $fail
