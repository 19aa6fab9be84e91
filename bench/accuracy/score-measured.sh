#!/bin/sh
# The second half of the accuracy run, where kperf is built: takes what
# gpu-measure.sh wrote on the GPU machine, imports the calibrated GPU row
# (GPU_NAME-measured, on top of the built-in GPU_NAME's other facts) into the
# user database, copies the CSV and the SQL into the repository, and scores
# kperf's predictions with both GPU rows.
#   bench/accuracy/score-measured.sh GPU_NAME IN_DIR [BUILD_DIR]
set -eu
GPU=${1:?usage: score-measured.sh GPU_NAME IN_DIR [BUILD_DIR]}
IN=${2:?usage: score-measured.sh GPU_NAME IN_DIR [BUILD_DIR]}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${3:-$SRC/build}
RES=${KPERF_RESULTS_DIR:-$SRC/bench/accuracy/results}
mkdir -p "$RES"
export KPERF_USER_DB=${KPERF_USER_DB:-$BUILD/user-gpus.db}
sh "$SRC/tools/calibrate/base-rows.sh" "$BUILD/lib/kperf-gpus.db" "$GPU" "$GPU-measured" \
  >"$RES/$GPU-measured.sql"
cat "$IN/$GPU.measured.sql" >>"$RES/$GPU-measured.sql"
"$BUILD/bin/kperf" import-gpus "$RES/$GPU-measured.sql"
[ "$IN/$GPU.csv" -ef "$RES/$GPU.csv" ] || cp "$IN/$GPU.csv" "$RES/$GPU.csv"
for g in "$GPU-measured" "$GPU"; do
  echo "=== predictions for GPU $g ==="
  python3 "$SRC/bench/accuracy/score.py" "$RES/$GPU.csv" --gpu "$g" --kperf "$BUILD/bin/kperf" \
    --save-predictions "$RES/$GPU.predicted-$g.csv" | tee "$RES/$GPU.score-$g.txt"
done
