#!/usr/bin/env bash
# What the distributed compilers Debian packages do with a CUDA compile that
# carries kperf (docs/integration.md, "Distributed and remote builds"), run on
# this machine only (loopback, no discovery):
#   distcc  a distccd on a loopback port: a .cu file is not sent (distcc sees
#           no input file and runs the compile locally); a CUDA compile made to
#           look like C++ (k.cpp -x cuda) is refused by the server for its
#           -fplugin= ("insecure") and run locally after; without kperf the
#           server cannot compile clang's preprocessed CUDA either.  Each local
#           run gives the findings of a direct compile, byte for byte.
#   icecc   the client keeps a .cu file ("unknown extension") and -x cuda
#           ("unsupported -x option") local, with the findings of a direct
#           compile; no daemon is started (iceccd and its scheduler look for
#           each other by broadcast on the network).
#   bazel   an offline workspace whose genrule runs clang with kperf.so and
#           the GPU database as declared inputs, in Bazel's sandbox (only
#           declared inputs are there): the findings of a direct compile.
#   run_distributed.sh distcc|icecc|bazel BUILD_DIR CLANGXX CUDA_PATH
# Exits 77 (skipped) when the tool is not installed (bootstrap.sh installs
# distcc, icecc and bazel-bootstrap).
set -euo pipefail
mode=$1 build=$(cd "$2" && pwd) clangxx=$3 cuda=$4
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
tool=$mode
[ "$mode" = bazel ] || [ "$mode" = distcc ] || [ "$mode" = icecc ] || fail "unknown mode '$mode'"
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "SKIP: $tool is not installed (bootstrap.sh installs it)"
  exit 77
fi
tmp=$(mktemp -d /tmp/kperf-dist.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  chmod -R u+w "$tmp" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
unset KPERF_DB
cflags=(-x cuda "--cuda-path=$cuda" --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version
        -fdiagnostics-color=never)

# The direct compile every route is compared with: k.cu by its relative
# path, kperf.so alone (its database embedded).
mkdir -p "$tmp/w"
cp "$here/remote/k.cu" "$tmp/w/k.cu"
cp "$build/lib/kperf.so" "$tmp/w/kperf.so"
cd "$tmp/w"
"$clangxx" "${cflags[@]}" -c k.cu -o direct.o -fplugin=./kperf.so >direct.txt 2>&1 \
  || { cat direct.txt; fail "direct compile"; }
grep -q "warning: uncoalesced global store of 'a'" direct.txt || { cat direct.txt; fail "no finding"; }

same_findings() { # same_findings WHAT OUTPUT: OUTPUT less the tool's own lines is direct.txt
  grep -v "^distcc\[\|^ICECC\[" "$2" >"$2.findings" || true
  if ! cmp -s direct.txt "$2.findings"; then
    diff direct.txt "$2.findings" || true
    fail "$1: the findings differ from the direct compile's"
  fi
  echo "ok: $1: the findings of the direct compile"
}

case "$mode" in
distcc)
  # The server accepts compilers by a bare name it knows (/usr/lib/distcc):
  # clang++-22, found first on PATH as CLANGXX (the build's: in the sanitized
  # build, a script that preloads the ASan runtime for kperf.so), for the
  # client and the server alike.
  cxx=clang++-22
  mkdir -p "$tmp/bin"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$clangxx" >"$tmp/bin/$cxx"
  chmod 755 "$tmp" "$tmp/bin" "$tmp/bin/$cxx"
  export PATH="$tmp/bin:$PATH"
  port=$((36000 + $$ % 2000))
  : >"$tmp/distccd.log" && chmod 666 "$tmp/distccd.log"
  distccd --no-detach --daemon --allow 127.0.0.1 --listen 127.0.0.1 --port "$port" --jobs 2 \
    --log-file "$tmp/distccd.log" --log-level info &
  pids+=($!)
  for _ in $(seq 50); do grep -q "daemon started" "$tmp/distccd.log" && break; sleep 0.1; done
  export DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_VERBOSE=1 DISTCC_DIR="$tmp/distcc-state"
  mkdir -p "$DISTCC_DIR" # (without it distcc never tries a server)
  # 1. A .cu file: no input file distcc knows, so a local compile.
  distcc "$cxx" "${cflags[@]}" -c k.cu -o d1.o -fplugin=./kperf.so >d1.txt 2>&1 || { cat d1.txt; fail "distcc compile of k.cu"; }
  grep -q "no visible input file" d1.txt || { cat d1.txt; fail "distcc took k.cu as an input"; }
  grep -q "exec on localhost" d1.txt || fail "distcc did not compile k.cu locally"
  same_findings "distcc, k.cu" d1.txt
  # 2. The same code as k.cpp -x cuda: sent, refused for -fplugin=, compiled here.
  cp k.cu k.cpp
  distcc "$cxx" "${cflags[@]}" -c k.cpp -o d2.o -fplugin=./kperf.so >d2.txt 2>&1 || { cat d2.txt; fail "distcc compile of k.cpp"; }
  grep -q "fplugin= and/or -specs= passed, which are insecure and not supported" "$tmp/distccd.log" \
    || { cat "$tmp/distccd.log"; fail "distccd did not refuse -fplugin="; }
  grep -q "running locally instead" d2.txt || { cat d2.txt; fail "distcc did not fall back to a local compile"; }
  "$clangxx" "${cflags[@]}" -c k.cpp -o direct2.o -fplugin=./kperf.so >direct.txt 2>&1
  same_findings "distcc, k.cpp -x cuda (refused by the server)" d2.txt
  # 3. Without kperf: the server compiles the preprocessed CUDA and fails
  #    (clang -E writes the host and the device text), so a local compile.
  #    Debian's clang-22 itself (no ASan runtime needed without kperf.so).
  rm -rf "$DISTCC_DIR" && mkdir -p "$DISTCC_DIR" # no backoff from 2.
  distcc clang-22 "${cflags[@]}" -c k.cpp -o d3.o >d3.txt 2>&1 || { cat d3.txt; fail "distcc compile without kperf"; }
  grep -q "compile k.cpp on 127.0.0.1:$port/2 failed" d3.txt || { cat d3.txt; fail "the server compiled CUDA"; }
  grep -q "COMPILE_ERROR .*clang-22 k.cpp" "$tmp/distccd.log" \
    || { cat "$tmp/distccd.log"; fail "the server did not run the compiler (and fail)"; }
  grep -q "compile k.cpp on localhost completed ok" d3.txt || { cat d3.txt; fail "no local compile after the server's failure"; }
  echo "ok: distcc cannot send a clang CUDA compile, with or without kperf"
  ;;
icecc)
  export ICECC_DEBUG=debug ICECC_LOGFILE=
  cxx=$clangxx
  icecc "$cxx" --cuda-path="$cuda" --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version \
    -fdiagnostics-color=never -c k.cu -o i1.o -fplugin=./kperf.so >i1.txt 2>&1 || { cat i1.txt; fail "icecc compile of k.cu"; }
  grep -q "unknown extension cu" i1.txt || { cat i1.txt; fail "icecc did not keep k.cu local"; }
  "$clangxx" --cuda-path="$cuda" --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version \
    -fdiagnostics-color=never -c k.cu -o direct1.o -fplugin=./kperf.so >direct.txt 2>&1
  same_findings "icecc, k.cu" i1.txt
  "$clangxx" "${cflags[@]}" -c k.cu -o direct.o -fplugin=./kperf.so >direct.txt 2>&1
  icecc "$cxx" "${cflags[@]}" -c k.cu -o i2.o -fplugin=./kperf.so >i2.txt 2>&1 || { cat i2.txt; fail "icecc compile of -x cuda"; }
  grep -q "unsupported -x option: cuda; running locally" i2.txt || { cat i2.txt; fail "icecc did not keep -x cuda local"; }
  same_findings "icecc, -x cuda" i2.txt
  ;;
bazel)
  mkdir -p "$tmp/ws"
  cp k.cu kperf.so "$tmp/ws/"
  cp "$build/lib/kperf-gpus.db" "$tmp/ws/kperf-gpus.db"
  : >"$tmp/ws/WORKSPACE"
  # The compile of the rule: clang is the machine's (a toolchain), kperf.so
  # and the database are inputs of the rule, named by their paths in the
  # sandbox.  ./ because dlopen reads a name without '/' as a library name.
  cat >"$tmp/ws/BUILD" <<BUILD
genrule(
    name = "findings",
    srcs = ["k.cu", "kperf.so", "kperf-gpus.db"],
    outs = ["k.findings.txt"],
    cmd = "$clangxx -x cuda --cuda-path=$cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version " +
          "-fdiagnostics-color=never -c \$(location k.cu) -o /dev/null " +
          "-fplugin=./\$(location kperf.so) -fplugin-arg-kperf-db=\$(location kperf-gpus.db) " +
          "> \$@ 2>&1",
)
BUILD
  cd "$tmp/ws"
  if ! bazel --batch --output_user_root="$tmp/bazel-root" --nohome_rc \
      build //:findings --spawn_strategy=sandboxed --noshow_progress >"$tmp/bazel.txt" 2>&1; then
    cat "$tmp/bazel.txt"
    fail "bazel build"
  fi
  grep -q "linux-sandbox\|processwrapper-sandbox" "$tmp/bazel.txt" || { cat "$tmp/bazel.txt"; fail "the rule did not run sandboxed"; }
  cp bazel-bin/k.findings.txt "$tmp/w/bazel.txt"
  cd "$tmp/w"
  # The same relative path as in the sandbox ($(location k.cu) is ./k.cu).
  "$clangxx" "${cflags[@]}" -c ./k.cu -o /dev/null -fplugin=./kperf.so >direct.txt 2>&1
  same_findings "bazel, sandboxed genrule" bazel.txt
  ;;
esac
echo "PASS"
