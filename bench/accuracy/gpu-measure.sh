#!/bin/sh
# The GPU half of the accuracy run, for a machine that has an NVIDIA GPU, nvcc
# and python3 but neither clang 22 nor kperf's build (a bare CUDA machine):
# builds kperf-calibrate with nvcc alone, measures the GPU, and times the
# corpus.  Everything it writes goes to OUT_DIR; the other half (importing the
# calibrated row, predicting and scoring) runs where kperf is built:
#
#   bench/accuracy/gpu-measure.sh h100 OUT_DIR          # on the GPU machine (~10 min)
#   bench/accuracy/score-measured.sh h100 OUT_DIR       # where kperf is built
#
# REPS (default 20) sets the timed repeats of the sweep; ARCH (default: the
# GPU's own, from nvidia-smi) the nvcc architecture.
set -eu
GPU=${1:?usage: gpu-measure.sh GPU_NAME OUT_DIR}
OUT=${2:?usage: gpu-measure.sh GPU_NAME OUT_DIR}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
NVCC=${NVCC:-nvcc}
REPS=${REPS:-20}
if [ -z "${ARCH:-}" ]; then
  cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d ' .')
  ARCH=sm_$cc
fi
mkdir -p "$OUT"
start=$(date +%s)
"$NVCC" -std=c++17 -O3 -arch="$ARCH" -I"$SRC/tools/calibrate" -I"$SRC/include" \
  -o "$OUT/kperf-calibrate" "$SRC/tools/calibrate/calibrate.cu" "$SRC/tools/calibrate/sqlout.c" \
  "$SRC/model/errmsg.c"
nvidia-smi --query-gpu=name,compute_cap,clocks.max.sm,clocks.max.mem,driver_version \
  --format=csv >"$OUT/nvidia-smi.csv" || true
echo "gpu-measure: calibrating ($ARCH)..." >&2
"$OUT/kperf-calibrate" --gpu-id "$GPU-measured" --based-on "$GPU" --raw "$OUT/$GPU.raw" -o "$OUT/$GPU.measured.sql"
echo "gpu-measure: calibration done after $(( $(date +%s) - start )) s; sweep..." >&2
python3 "$SRC/bench/accuracy/sweep.py" --gpu "$GPU" --reps "$REPS" --arch "$ARCH" \
  --work "$OUT/work" --out "$OUT/$GPU.csv"
echo "gpu-measure: done after $(( $(date +%s) - start )) s: $OUT/$GPU.csv, $OUT/$GPU.measured.sql" >&2
