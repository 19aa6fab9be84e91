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
echo PASS
