#!/usr/bin/env bash
# find_package(kperf) from a user's CMake project (cmake-package/), against
#   build  the build tree (kperf_DIR=BUILD/lib/cmake/kperf), or
#   install  an install of BUILD into a temporary prefix;
# the project's compile must show kperf's warning.
#   run_cmake_package.sh build|install BUILD_DIR CLANGXX CUDA_PATH GENERATOR
set -euo pipefail
mode=$1 build=$2 clangxx=$3 cuda=$4 gen=${5:-Ninja}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/kperf-pkg.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
case "$mode" in
  build) dir=$build/lib/cmake/kperf ;;
  install)
    cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
    dir=$tmp/prefix/lib/cmake/kperf ;;
  *) echo "usage: $0 build|install BUILD CLANGXX CUDA [GENERATOR]" >&2; exit 2 ;;
esac
unset KPERF_DB
cmake -S "$here/cmake-package" -B "$tmp/b" -G "$gen" -DCMAKE_CXX_COMPILER="$clangxx" \
  -Dkperf_DIR="$dir" -DCUDA_PATH="$cuda" >"$tmp/configure.log" 2>&1 \
  || { cat "$tmp/configure.log"; exit 1; }
grep "kperf plugin:" "$tmp/configure.log"
cmake --build "$tmp/b" -v >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
if ! grep -q "fplugin=.*kperf.so" "$tmp/build.log" ||
   ! grep -q "warning: 32-way shared-memory bank conflict on 'tile'.*\[kperf-bank-conflict\]" "$tmp/build.log"; then
  echo "FAIL: no kperf warning in the build:"; cat "$tmp/build.log"; exit 1
fi
grep "kperf-bank-conflict" "$tmp/build.log"

# A misspelt GPU stops the configuration, naming the close match (not every
# compile of the build).
if cmake -S "$here/cmake-package" -B "$tmp/typo" -G "$gen" -DCMAKE_CXX_COMPILER="$clangxx" \
    -Dkperf_DIR="$dir" -DCUDA_PATH="$cuda" -DKPERF_TEST_GPU=gtx94Omx >"$tmp/typo.log" 2>&1; then
  echo "FAIL: GPU gtx94Omx configured:"; cat "$tmp/typo.log"; exit 1
fi
if ! tr -s ' \n' ' ' <"$tmp/typo.log" |
    grep -q "kperf_add_to_target(transpose GPU gtx94Omx): unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'?"; then
  echo "FAIL: no configure-time error naming gtx940mx:"; cat "$tmp/typo.log"; exit 1
fi
grep -m1 "unknown GPU" "$tmp/typo.log"

# clang++-22 as CMAKE_CUDA_COMPILER (the CUDA language): with CUDA 13, CMake's
# compiler check needs an arch and -Wno-unknown-cuda-version in CMAKE_CUDA_FLAGS
# (docs/integration.md).
cmake -S "$here/cmake-package" -B "$tmp/cuda" -G "$gen" -DCMAKE_CXX_COMPILER="$clangxx" \
  -DCMAKE_CUDA_COMPILER="$clangxx" -DCMAKE_CUDA_FLAGS="--cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version --cuda-path=$cuda" \
  -DKPERF_TEST_CUDA_LANGUAGE=ON -Dkperf_DIR="$dir" -DCUDA_PATH="$cuda" >"$tmp/cuda.log" 2>&1 \
  || { cat "$tmp/cuda.log"; exit 1; }
cmake --build "$tmp/cuda" -v >"$tmp/cuda-build.log" 2>&1 || { cat "$tmp/cuda-build.log"; exit 1; }
if ! grep -q "warning: 32-way shared-memory bank conflict on 'tile'.*\[kperf-bank-conflict\]" "$tmp/cuda-build.log"; then
  echo "FAIL: no kperf warning in the CUDA-language build:"; cat "$tmp/cuda-build.log"; exit 1
fi
echo "CUDA language: kperf-bank-conflict reported"
echo PASS
