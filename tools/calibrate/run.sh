#!/bin/sh
# One command for a GPU session: build kperf-calibrate if needed, measure this
# GPU, write the SQL (with the --based-on GPU's other facts copied first) and
# import it into the user database.
#   tools/calibrate/run.sh GPU_ID [BASE] [BUILD_DIR]      e.g.  run.sh h100-measured h100
# Writes BUILD_DIR/calibrate/GPU_ID.{raw,sql}; KPERF_USER_DB picks the database.
set -eu
ID=${1:?usage: run.sh GPU_ID [BASE] [BUILD_DIR]}
BASE=${2:-}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${3:-$SRC/build}
if [ ! -x "$BUILD/bin/kperf-calibrate" ] || [ ! -x "$BUILD/bin/kperf" ]; then
  cmake -S "$SRC" -B "$BUILD" -G Ninja -DKPERF_BUILD_CALIBRATE=ON >/dev/null
  cmake --build "$BUILD" --target kperf kperf-calibrate kperf_gpu_db
fi
OUT=$BUILD/calibrate
mkdir -p "$OUT"
echo "run.sh: measuring (about 2-4 minutes)..." >&2
set -- --gpu-id "$ID" --raw "$OUT/$ID.raw" -o "$OUT/$ID.measured.sql"
[ -n "$BASE" ] && set -- "$@" --based-on "$BASE"
"$BUILD/bin/kperf-calibrate" "$@"
if [ -n "$BASE" ]; then
  sh "$SRC/tools/calibrate/base-rows.sh" "$BUILD/lib/kperf-gpus.db" "$BASE" "$ID" >"$OUT/$ID.sql"
  cat "$OUT/$ID.measured.sql" >>"$OUT/$ID.sql"
else
  cp "$OUT/$ID.measured.sql" "$OUT/$ID.sql"
fi
"$BUILD/bin/kperf" import-gpus "$OUT/$ID.sql"
"$BUILD/bin/kperf" gpu "$ID"
echo "run.sh: SQL in $OUT/$ID.sql" >&2
