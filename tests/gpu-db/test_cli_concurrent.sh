#!/bin/sh
# 16 concurrent 'kperf gpu h100 --json' processes all succeed.
# usage: test_cli_concurrent.sh KPERF JSONCHECK TMPDIR
KPERF=$1 CHECK=$2 TMP=$3
rm -rf "$TMP" && mkdir -p "$TMP" || exit 1
unset KPERF_DB
i=0
while [ $i -lt 16 ]; do
  ( "$KPERF" gpu h100 --json >"$TMP/out.$i" 2>"$TMP/err.$i"; echo $? >"$TMP/rc.$i" ) &
  i=$((i + 1))
done
wait
pass=0 fail=0
i=0
while [ $i -lt 16 ]; do
  if [ "$(cat "$TMP/rc.$i")" = 0 ] && [ ! -s "$TMP/err.$i" ] && "$CHECK" id=h100 'facts#60' <"$TMP/out.$i"; then
    pass=$((pass + 1))
  else
    echo "FAIL: process $i"; cat "$TMP/err.$i"; fail=$((fail + 1))
  fi
  i=$((i + 1))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
