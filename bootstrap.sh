#!/usr/bin/env bash
# Sets kperf up on a Debian 12 machine and runs it.
#
#   ./bootstrap.sh example   install what is missing, build, run kperf on examples/
#   ./bootstrap.sh test      install what is missing, build, run the whole test suite;
#                            then build again with ASan+UBSan (BUILD-asan, clang)
#                            and run the suite there too (two ctest summaries)
#
# Needs root or sudo for the Debian packages (only when some are missing).
# The CUDA toolkit is found at $CUDA_PATH, else /usr/local/cuda, or given as
# --cuda-path=DIR after the command.  Both commands can be run again: what is
# there already is kept, and the build is incremental.
set -euo pipefail
cd "$(dirname "$0")"

usage() { echo "usage: $0 example|test [--cuda-path=DIR] [--build-dir=DIR]" >&2; exit 2; }
[ $# -ge 1 ] || usage
what=$1; shift
case "$what" in example|test) ;; *) usage ;; esac

cuda=${CUDA_PATH:-/usr/local/cuda}
build=build
for arg in "$@"; do
  case "$arg" in
    --cuda-path=*) cuda=${arg#*=} ;;
    --build-dir=*) build=${arg#*=} ;;
    *) usage ;;
  esac
done

# 1. Debian packages.
packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools libsqlite3-dev sqlite3
          libcjson-dev cmake ninja-build python3 g++ make
          # the sanitized build of 'test' (ASan/UBSan runtimes, libFuzzer)
          libclang-rt-22-dev
          # kperf-tidy.so and kperf-clangd (docs/integration.md): the clang-tidy and
          # clangd that run them, and the gRPC/protobuf that clangd's libraries need.
          clang-tidy-22 clangd-22 libgrpc++-dev libprotobuf-dev protobuf-compiler-grpc
          # The tests of kperf check on compile databases Meson and Bear write.
          meson bear
          # The tests that a compiler cache misses when kperf or its GPU database changes.
          ccache sccache
          # The tests of the distributed routes (docs/integration.md, "Distributed and
          # remote builds"): distcc and icecream on loopback, Bazel offline.
          distcc icecc bazel-bootstrap
          # HIP's headers, for the tests of HIP files (clang -x hip); the ROCm device
          # libraries, with which clang reports an AMD kernel's registers and scratch.
          libamdhip64-dev rocm-device-libs)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "kperf: installing ${missing[*]}"
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# 2. The CUDA toolkit (NVIDIA's; not a Debian package here).
if [ ! -f "$cuda/include/cuda_runtime.h" ]; then
  cat >&2 <<MSG
kperf: no CUDA toolkit at '$cuda' (no include/cuda_runtime.h).
  Install NVIDIA's CUDA toolkit (https://developer.nvidia.com/cuda-downloads; the
  'cuda-toolkit' package of NVIDIA's apt repository), then run this again, or point
  to an existing one with CUDA_PATH=DIR or --cuda-path=DIR.
MSG
  exit 1
fi

# 3. Build.
if [ ! -f "$build/CMakeCache.txt" ] || ! grep -q "^KPERF_CUDA_PATH:PATH=$cuda\$" "$build/CMakeCache.txt"; then
  cmake -S . -B "$build" -G Ninja -DKPERF_CUDA_PATH="$cuda"
fi
cmake --build "$build"

# 4. Run.
case "$what" in
  example)
    for f in examples/*.cu; do
      echo "== kperf on $f"
      /usr/lib/llvm-22/bin/clang++ -x cuda --cuda-path="$cuda" --cuda-gpu-arch=sm_90 \
        -Wno-unknown-cuda-version -isystem "$cuda/include/cccl" -fsyntax-only "$f" \
        -fplugin="$build/lib/kperf.so" -fplugin-arg-kperf-verbose
    done
    # HIP files, for an NVIDIA GPU and for an AMD one (HIP's headers from
    # Debian's libamdhip64-dev).
    for f in examples/*.hip; do
      for gpu in a100 mi250x; do
        echo "== kperf on $f for $gpu"
        /usr/lib/llvm-22/bin/clang++ -x hip --offload-arch=gfx90a --rocm-path=/usr -nogpulib \
          -D__AMDGCN_WAVEFRONT_SIZE=64 --cuda-host-only -fsyntax-only "$f" \
          -fplugin="$build/lib/kperf.so" -fplugin-arg-kperf-gpu=$gpu
      done
    done
    ;;
  test)
    status=0
    ctest --test-dir "$build" --output-on-failure -j"$(nproc)" || status=$?
    # The same suite against an ASan+UBSan build of the core, CLI and plugin,
    # plus short libFuzzer runs (tests/fuzz).  Debian's clang is not
    # sanitized: the tests run it through a wrapper that preloads the ASan
    # runtime (cmake/Sanitize.cmake).
    asan="$build-asan"
    if [ ! -f "$asan/CMakeCache.txt" ]; then
      cmake -S . -B "$asan" -G Ninja -DKPERF_CUDA_PATH="$cuda" -DKPERF_SANITIZE=ON \
        -DKPERF_BUILD_CLANGD=OFF -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
    fi
    cmake --build "$asan"
    echo "kperf: the test suite under ASan and UBSan ($asan)"
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      ctest --test-dir "$asan" --output-on-failure -j"$(nproc)" || status=$?
    exit "$status"
    ;;
esac
