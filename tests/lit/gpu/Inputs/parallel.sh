#!/usr/bin/env bash
# usage: parallel.sh N OUTDIR EXPECTED COMMAND...
# Runs COMMAND N times at once; fails unless every run exits 0 and prints EXPECTED.
set -u
n=$1 out=$2 expected=$3
shift 3
rm -rf "$out" && mkdir -p "$out"
pids=()
for i in $(seq "$n"); do
  "$@" > "$out/$i.log" 2>&1 &
  pids+=($!)
done
fail=0
for i in $(seq "$n"); do
  if ! wait "${pids[$((i - 1))]}"; then
    echo "run $i failed:"; cat "$out/$i.log"; fail=1
  elif ! grep -qF "$expected" "$out/$i.log"; then
    echo "run $i did not print '$expected':"; cat "$out/$i.log"; fail=1
  fi
done
[ "$fail" = 0 ] && echo "$n runs ok"
exit "$fail"
