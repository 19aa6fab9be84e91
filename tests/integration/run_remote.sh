#!/usr/bin/env bash
# A remote-style compile gives the findings of the local one, byte for byte:
# the inputs (remote/k.cu, or its preprocessed form, and kperf.so alone:
# the GPU database is embedded in it) are copied into another directory and
# compiled there with a clean environment (env -i) and relative paths only,
# as a build worker would; the diagnostics and the SARIF report are compared
# with those of the local compile of the same relative path, in the build
# tree (the database next to kperf.so).  No absolute path may appear in what
# is compared.  Then: a database named by a relative path
# (-fplugin-arg-kperf-db=) is the compile's working directory's; a named one
# that is missing is a [kperf-setup] warning, never the embedded one in
# silence; kperf --version names the embedded database's SHA-256, that of the
# built kperf-gpus.db.
#   run_remote.sh BUILD_DIR CLANGXX CUDA_PATH
set -euo pipefail
build=$(cd "$1" && pwd) clangxx=$2 cuda=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/kperf-remote.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset KPERF_DB

flags=(-x cuda "--cuda-path=$cuda" --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version
       -fsyntax-only -fdiagnostics-color=never)

# The local compile: kperf from the build tree, the database next to it.
mkdir -p "$tmp/local/src" "$tmp/remote/src"
cp "$here/remote/k.cu" "$tmp/local/src/k.cu"
(cd "$tmp/local" && "$clangxx" "${flags[@]}" src/k.cu -fplugin="$build/lib/kperf.so" \
   -fplugin-arg-kperf-report=sarif:k.sarif >local.txt 2>&1) || { cat "$tmp/local/local.txt"; fail "local compile"; }
grep -q "warning: uncoalesced global store of 'a'" "$tmp/local/local.txt" \
  || { cat "$tmp/local/local.txt"; fail "the local compile has no finding"; }

# The remote one: k.cu and kperf.so alone in another directory, env -i.
cp "$here/remote/k.cu" "$tmp/remote/src/k.cu"
cp "$build/lib/kperf.so" "$tmp/remote/kperf.so"
[ ! -e "$tmp/remote/kperf-gpus.db" ] || fail "a database next to the copied plugin"
(cd "$tmp/remote" && env -i "$clangxx" "${flags[@]}" src/k.cu -fplugin=./kperf.so \
   -fplugin-arg-kperf-report=sarif:k.sarif >remote.txt 2>&1) || { cat "$tmp/remote/remote.txt"; fail "remote compile"; }

same() { # same WHAT LOCAL REMOTE: byte-identical, and no absolute path in either
  if ! cmp -s "$2" "$3"; then
    diff "$2" "$3" || true
    fail "$1: the remote compile's differs from the local one's"
  fi
  if grep -n "$tmp\|$build\|file:///" "$3"; then
    fail "$1: an absolute path in what is compared"
  fi
  echo "ok: $1 identical ($(wc -c <"$3") bytes)"
}
same "diagnostics" "$tmp/local/local.txt" "$tmp/remote/remote.txt"
same "SARIF report" "$tmp/local/k.sarif" "$tmp/remote/k.sarif"
if grep -q "warning: kperf: .*\[kperf-setup\]" "$tmp/remote/remote.txt"; then
  fail "the remote compile warns about its setup"
fi

# Preprocessed input (what a distributed compiler sends): preprocessed
# locally, compiled locally and in the other directory.
(cd "$tmp/local" && "$clangxx" -x cuda "--cuda-path=$cuda" --cuda-gpu-arch=sm_90 \
   -Wno-unknown-cuda-version --cuda-host-only -E src/k.cu -o src/k.cui) || fail "preprocess"
cp "$tmp/local/src/k.cui" "$tmp/remote/src/k.cui"
pp=(--cuda-path="$cuda" --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version --cuda-host-only
    -fsyntax-only -fdiagnostics-color=never)
(cd "$tmp/local" && "$clangxx" "${pp[@]}" src/k.cui -fplugin="$build/lib/kperf.so" >local-pp.txt 2>&1) \
  || { cat "$tmp/local/local-pp.txt"; fail "local compile of the preprocessed file"; }
(cd "$tmp/remote" && env -i "$clangxx" "${pp[@]}" src/k.cui -fplugin=./kperf.so >remote-pp.txt 2>&1) \
  || { cat "$tmp/remote/remote-pp.txt"; fail "remote compile of the preprocessed file"; }
grep -q "warning: uncoalesced global store of 'a'" "$tmp/remote/remote-pp.txt" \
  || { cat "$tmp/remote/remote-pp.txt"; fail "no finding in the preprocessed file"; }
same "diagnostics of the preprocessed file" "$tmp/local/local-pp.txt" "$tmp/remote/remote-pp.txt"

# A database named relative to the compile's working directory: used (its
# GPU's SM count halved: the prediction changes), not the embedded one.
mkdir -p "$tmp/remote/db"
cp "$build/lib/kperf-gpus.db" "$tmp/remote/db/gpus.db"
sqlite3 "$tmp/remote/db/gpus.db" "UPDATE gpus SET sm_count = sm_count / 2 WHERE id = 'h100'"
(cd "$tmp/remote" && env -i "$clangxx" "${flags[@]}" src/k.cu -fplugin=./kperf.so \
   -fplugin-arg-kperf-db=db/gpus.db -fplugin-arg-kperf-gpu=h100 -fplugin-arg-kperf-verbose >reldb.txt 2>&1) \
  || { cat "$tmp/remote/reldb.txt"; fail "compile with a relative db="; }
grep -q "target GPU h100 (.*, 66 SMs)" "$tmp/remote/reldb.txt" \
  || { grep "target GPU" "$tmp/remote/reldb.txt"; fail "db=db/gpus.db was not the database used (want h100 with 132/2 SMs)"; }

# A named database that is missing: a [kperf-setup] warning, nothing checked.
(cd "$tmp/remote" && env -i "$clangxx" "${flags[@]}" src/k.cu -fplugin=./kperf.so \
   -fplugin-arg-kperf-db=db/missing.db >missing.txt 2>&1) || true
grep -q "kperf: cannot open GPU database 'db/missing.db'" "$tmp/remote/missing.txt" \
  || { cat "$tmp/remote/missing.txt"; fail "a missing db= was not said"; }
grep -q "uncoalesced" "$tmp/remote/missing.txt" && fail "a missing db= fell back to another database"
(cd "$tmp/remote" && env -i KPERF_DB=db/missing.db "$clangxx" "${flags[@]}" src/k.cu -fplugin=./kperf.so \
   >missing-env.txt 2>&1) || true
grep -q "warning: kperf: nothing checked: KPERF_DB names 'db/missing.db'.*\[kperf-setup\]" "$tmp/remote/missing-env.txt" \
  || { cat "$tmp/remote/missing-env.txt"; fail "a missing KPERF_DB was not a [kperf-setup] warning"; }
grep -q "uncoalesced" "$tmp/remote/missing-env.txt" && fail "a missing KPERF_DB fell back to another database"

# The embedded database's content hash is the built file's.
want=$(sha256sum "$build/lib/kperf-gpus.db" | cut -d' ' -f1)
"$build/bin/kperf" --version >"$tmp/version.txt"
grep -q "GPU database: embedded, $(stat -c %s "$build/lib/kperf-gpus.db") bytes, sha256 $want" "$tmp/version.txt" \
  || { cat "$tmp/version.txt"; fail "kperf --version does not name the embedded database's sha256 $want"; }
# The embedded database named explicitly, and listed by the CLI.
"$build/bin/kperf" gpus --db '<embedded>' --json >"$tmp/gpus.json"
grep -q '"databases":.*"<embedded>"' "$tmp/gpus.json" \
  || fail "kperf gpus --db '<embedded>' does not list the embedded database"
[ "$(env -i "$build/bin/kperf" gpus --db '<embedded>' | wc -l)" = "$(env -i "$build/bin/kperf" gpus --db "$build/lib/kperf-gpus.db" | wc -l)" ] \
  || fail "the embedded database lists other GPUs than the built file"
echo "PASS"
