#!/bin/sh
# One command for a GPU session: calibration, then the sweep, then the score.
#   bench/accuracy/run.sh [GPU_NAME] [BASE] [BUILD_DIR]     e.g.  run.sh h100 h100
# GPU_NAME names results/<GPU_NAME>.csv; predictions use the measured GPU
# <GPU_NAME>-measured (imported by tools/calibrate/run.sh) and the built-in BASE.
# Expected duration on an H100: build ~2 min, calibration ~3 min, sweep (454 runs
# x 23 launches, 36 kernels) ~6 min, scoring ~2x454 kperf predict calls ~4 min:
# about 15 minutes.  REPS (default 20) sets the timed repeats.
set -eu
GPU=${1:-h100}
BASE=${2:-$GPU}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${3:-$SRC/build}
REPS=${REPS:-20}
echo "accuracy run: expected about 15 minutes on an H100 (REPS=$REPS)" >&2
start=$(date +%s)
export KPERF_USER_DB=${KPERF_USER_DB:-$BUILD/user-gpus.db}
sh "$SRC/tools/calibrate/run.sh" "$GPU-measured" "$BASE" "$BUILD"
echo "accuracy run: calibration done after $(( $(date +%s) - start )) s" >&2
python3 "$SRC/bench/accuracy/sweep.py" --gpu "$GPU" --reps "$REPS" --work "$BUILD/accuracy"
echo "accuracy run: sweep done after $(( $(date +%s) - start )) s" >&2
CSV=$SRC/bench/accuracy/results/$GPU.csv
for g in "$GPU-measured" "$BASE"; do
  echo "=== predictions for GPU $g ==="
  python3 "$SRC/bench/accuracy/score.py" "$CSV" --gpu "$g" --kperf "$BUILD/bin/kperf" \
    --save-predictions "$SRC/bench/accuracy/results/$GPU.predicted-$g.csv" \
    | tee "$SRC/bench/accuracy/results/$GPU.score-$g.txt"
done
echo "accuracy run: done after $(( $(date +%s) - start )) s" >&2
