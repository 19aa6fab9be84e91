#!/usr/bin/env bash
# Compiler caches never serve stale findings: a user's CMake project
# (cache-project/) built through LAUNCHER (ccache or sccache) with
# kperf_add_to_target(... DB copy-of-the-database).  Then
#   1. the database changes (the GPU's SM count and clock halved): the rebuild
#      shows the new prediction, the one an uncached compile gives;
#   2. a second build directory with the same database is served by the cache
#      (so the cache is in use, and the miss of 1 was the key's doing);
#   3. control: the same compile without -fplugin-arg-kperf-cache-key gets the
#      stale prediction from the cache after the database changes back.
#   run_cache.sh ccache|sccache BUILD_DIR CLANGXX CUDA_PATH GENERATOR
# Exits 77 (skipped) when LAUNCHER is not installed or does not cache the compile.
set -euo pipefail
launcher=$1 build=$2 clangxx=$3 cuda=$4 gen=${5:-Ninja}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v "$launcher" >/dev/null 2>&1; then
  echo "SKIP: $launcher is not installed"
  exit 77
fi
tmp=$(mktemp -d /tmp/kperf-cache.XXXXXX)
cleanup() {
  [ "$launcher" = sccache ] && sccache --stop-server >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
unset KPERF_DB CCACHE_DISABLE CCACHE_RECACHE CCACHE_READONLY CCACHE_NODIRECT CCACHE_DEPEND
# The launcher's default configuration, in a cache of its own.
export CCACHE_DIR=$tmp/cache CCACHE_CONFIGPATH=$tmp/ccache.conf
: >"$CCACHE_CONFIGPATH"
export SCCACHE_DIR=$tmp/cache SCCACHE_SERVER_PORT=$((42000 + $$ % 2000)) SCCACHE_IDLE_TIMEOUT=120
export SCCACHE_CONF=$tmp/sccache.toml
: >"$SCCACHE_CONF"
db=$tmp/gpus.db
cp "$build/lib/kperf-gpus.db" "$db"

hits() { # the launcher's count of cache hits
  if [ "$launcher" = ccache ]; then
    ccache --print-stats | awk -F'\t' '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { n += $2 } END { print n + 0 }'
  else
    sccache --show-stats | awk '/^Cache hits  / { print $3 }'
  fi
}
prediction() { # the predicted time of the launch in a build log
  grep -o "remark: predicted [0-9.]* us on h100" "$1" | head -1 | awk '{ print $3 }'
}
build_in() { # build_in DIR LOG: configure (once) and build
  if [ ! -f "$1/CMakeCache.txt" ]; then
    cmake -S "$here/cache-project" -B "$1" -G "$gen" -DCMAKE_CXX_COMPILER="$clangxx" \
      -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" -Dkperf_DIR="$build/lib/cmake/kperf" \
      -DCUDA_PATH="$cuda" -DKPERF_TEST_DB="$db" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      >"$2.configure" 2>&1 || { cat "$2.configure"; exit 1; }
  fi
  cmake --build "$1" -v >"$2" 2>&1 || { cat "$2"; exit 1; }
}
uncached() { # the prediction of a compile without the cache, from the database as it is
  "$clangxx" -x cuda --cuda-path="$cuda" --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version \
    -fsyntax-only "$here/cache-project/scale.cu" -fplugin="$build/lib/kperf.so" \
    -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-db="$db" >"$tmp/uncached.log" 2>&1
  prediction "$tmp/uncached.log"
}
change_db() { # halve (or double back) h100's SM count and boost clock
  python3 - "$db" "$1" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
f = float(sys.argv[2])
c.execute("UPDATE gpus SET sm_count = CAST(sm_count * ? AS INTEGER), boost_clock_mhz = boost_clock_mhz * ? WHERE id = 'h100'", (f, f))
c.commit()
PY
}

build_in "$tmp/b" "$tmp/1.log"
grep -q -- "-fplugin-arg-kperf-cache-key=" "$tmp/1.log" || { echo "FAIL: no cache key on the command line"; cat "$tmp/1.log"; exit 1; }
before=$(prediction "$tmp/1.log")
[ -n "$before" ] || { echo "FAIL: no prediction in the build"; cat "$tmp/1.log"; exit 1; }
echo "database as built: predicted $before us"

# 1. The database changes.
change_db 0.5
want=$(uncached)
build_in "$tmp/b" "$tmp/2.log"
after=$(prediction "$tmp/2.log")
echo "database changed: predicted ${after:-nothing} us (uncached: $want us)"
if [ "$after" != "$want" ] || [ "$after" = "$before" ]; then
  echo "FAIL: after the database changed the build predicted '${after}' us, not the $want us of an uncached compile"
  cat "$tmp/2.log"; exit 1
fi

# 2. A second build directory, same database: served by the cache.
h0=$(hits)
build_in "$tmp/b2" "$tmp/3.log"
h1=$(hits)
if [ "$h1" -le "$h0" ]; then
  echo "SKIP: $launcher did not serve the compile from its cache (hits $h0 -> $h1): it does not cache it"
  exit 77
fi
again=$(prediction "$tmp/3.log")
echo "cache hit (hits $h0 -> $h1): predicted $again us"
[ "$again" = "$want" ] || { echo "FAIL: the cache hit predicted '$again' us, not $want"; cat "$tmp/3.log"; exit 1; }

# 3. Control: without the key the cache serves the stale prediction.
cmd=$(python3 - "$tmp/b/compile_commands.json" <<'PY'
import json, shlex, sys
e = json.load(open(sys.argv[1]))[0]
args = e.get("arguments") or shlex.split(e["command"])
print(shlex.join(a for a in args if not a.startswith("-fplugin-arg-kperf-cache-key=")))
PY
)
(cd "$tmp/b" && eval "$launcher $cmd" >"$tmp/4.log" 2>&1)
change_db 2
(cd "$tmp/b" && eval "$launcher $cmd" >"$tmp/5.log" 2>&1)
stale=$(prediction "$tmp/5.log")
fresh=$(uncached)
echo "control without the key, database changed back: predicted $stale us (uncached: $fresh us)"
if [ "$stale" = "$fresh" ]; then
  echo "FAIL: the control was not served stale: the test cannot tell the key's effect"; exit 1
fi
# 4. Per-file reports: a hit does not run the compiler, so report=sarif:
#    writes nothing; with the cache told to run every compile (ccache:
#    CCACHE_RECACHE=1; sccache: SCCACHE_C_CUSTOM_CACHE_BUSTER=<new value>) it
#    does (docs/integration.md).
report="$cmd -fplugin-arg-kperf-report=sarif:$tmp/sarif/"
(cd "$tmp/b" && eval "$launcher $report" >/dev/null 2>&1)
rm -rf "$tmp/sarif"
(cd "$tmp/b" && eval "$launcher $report" >/dev/null 2>&1)
if ls "$tmp"/sarif/*.sarif >/dev/null 2>&1; then
  echo "NOTE: $launcher ran the compiler on a repeated compile: the SARIF was written"
fi
if [ "$launcher" = ccache ]; then
  (cd "$tmp/b" && CCACHE_RECACHE=1 eval "$launcher $report" >/dev/null 2>&1)
else
  (cd "$tmp/b" && SCCACHE_C_CUSTOM_CACHE_BUSTER=run-$$ eval "$launcher $report" >/dev/null 2>&1)
fi
if ! grep -q '"ruleId"' "$tmp"/sarif/*.sarif 2>/dev/null; then
  echo "FAIL: with the cache told to run the compile, no SARIF with the findings was written"; exit 1
fi
echo "SARIF written with the cache told to run the compile"
echo PASS
