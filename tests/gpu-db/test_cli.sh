#!/bin/sh
# The kperf command-line tool: gpus, gpu, occupancy, import-gpus, and one
# clear error line for every kind of broken database.
# usage: test_cli.sh KPERF JSONCHECK DB TMPDIR INPUTS
KPERF=$1 CHECK=$2 DB=$3 TMP=$4 INPUTS=$5
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
rm -rf "$TMP" && mkdir -p "$TMP" || exit 1
unset KPERF_DB

# expect_error NAME EXIT SUBSTRING COMMAND...: fails with that exit code and
# exactly one line on stderr containing SUBSTRING, nothing on stdout.
expect_error() {
  name=$1 code=$2 want=$3
  shift 3
  "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  lines=$(wc -l <"$TMP/err")
  if [ "$rc" -ne "$code" ]; then bad "$name: exit $rc, expected $code"; cat "$TMP/err"; return; fi
  if [ "$lines" -ne 1 ]; then bad "$name: $lines lines on stderr"; cat "$TMP/err"; return; fi
  if ! grep -qF -- "$want" "$TMP/err"; then bad "$name: stderr lacks '$want':"; cat "$TMP/err"; return; fi
  if [ -s "$TMP/out" ]; then bad "$name: wrote to stdout"; return; fi
  ok
}

# json NAME CHECKS... -- COMMAND...
json() {
  name=$1
  shift
  checks=""
  while [ "$1" != "--" ]; do checks="$checks $1"; shift; done
  shift
  if ! "$@" >"$TMP/json" 2>"$TMP/err"; then bad "$name: exit status"; cat "$TMP/err"; return; fi
  # shellcheck disable=SC2086
  if "$CHECK" $checks <"$TMP/json"; then ok; else bad "$name"; fi
}

# --- help and listing (the database is found next to the executable) ---
if "$KPERF" --help | grep -q "occupancy"; then ok; else bad "--help"; fi
if "$KPERF" occupancy --help | grep -q "active_blocks_per_sm"; then ok; else bad "occupancy --help"; fi
expect_error "no command" 2 "usage" "$KPERF"
expect_error "unknown command" 2 "unknown command 'frobnicate'" "$KPERF" frobnicate
expect_error "misspelt command" 2 "unknown command 'chek'; did you mean 'check'?" "$KPERF" chek
"$KPERF" gpus >"$TMP/gpus.txt" 2>"$TMP/err" || bad "gpus"
for id in 8600gt gtx280 gtx940mx gtx1050 v100 t4 a100 a100-80gb rtx3090 rtx4090 l4 h100 h100-pcie h200 b200; do
  if grep -q "^$id " "$TMP/gpus.txt"; then ok; else bad "gpus lacks $id"; fi
done
json "gpus --json" 'gpus#15' 'databases#1' -- "$KPERF" gpus --json

# --- every required spelling resolves ---
for pair in 8600gt:8600gt gtx280:gtx280 gtx940mx:gtx940mx gtx1050:gtx1050 v100:v100 t4:t4 \
            a100:a100 a100-80gb:a100-80gb rtx3090:rtx3090 rtx4090:rtx4090 l4:l4 h100:h100 \
            h100-pcie:h100-pcie h200:h200 b200:b200 RTX3090:rtx3090 H100-PCIe:h100-pcie; do
  json "gpu ${pair%%:*}" "id=${pair#*:}" 'facts#60' -- "$KPERF" gpu "${pair%%:*}" --json
done
if "$KPERF" gpu h100 | grep -q "mt4g sample_results/NVIDIA H100 80GB HBM3.json"; then ok; else bad "gpu h100 text lacks sources"; fi
# every fact that has a value has a source
"$KPERF" gpu a100 --json >"$TMP/a100.json"
if grep -q '"source":[[:space:]]*null' "$TMP/a100.json"; then
  # null sources are allowed only with null values
  if awk '/"value":[[:space:]]*null/{v=1} /"value":[[:space:]]*[^n[:space:]]/{v=0} /"source":[[:space:]]*null/{ if (!v) bad=1 } END{exit bad}' "$TMP/a100.json"; then ok; else bad "a fact with a value has no source"; fi
else ok; fi

# --- occupancy ---
json "occupancy h100" active_blocks_per_sm=4 active_warps_per_sm=32 occupancy=0.5 limiter=registers \
  -- "$KPERF" occupancy --gpu h100 --block 256 --regs 64 --smem 49152 --json
json "occupancy 940mx" active_blocks_per_sm=32 active_warps_per_sm=32 occupancy=0.5 limiter=blocks \
  -- "$KPERF" occupancy --gpu gtx940mx --block 32 --json
json "occupancy gtx280" active_blocks_per_sm=4 active_warps_per_sm=32 occupancy=1 limiter=warps \
  -- "$KPERF" occupancy --gpu gtx280 --block 256 --regs 16 --smem 4096 --json
json "occupancy smem K suffix" active_blocks_per_sm=0 limiter=shared_memory note? \
  -- "$KPERF" occupancy --gpu a100 --block 128 --smem 100K --json
json "occupancy opt-in" active_blocks_per_sm=1 -- "$KPERF" occupancy --gpu a100 --block 128 --smem 100K --optin --json
json "occupancy --arch" gpu=h100 active_blocks_per_sm=8 -- "$KPERF" occupancy --arch sm_90a --block 256 --regs 32 --json
if "$KPERF" occupancy --gpu rtx3090 --block 1024 --regs 32 | grep -q "limiter: *warps"; then ok; else bad "occupancy text"; fi
expect_error "occupancy unknown GPU" 2 "unknown GPU 'h1000'; did you mean" "$KPERF" occupancy --gpu h1000 --block 128
expect_error "occupancy no block" 2 "--block" "$KPERF" occupancy --gpu h100
expect_error "occupancy bad number" 2 "not a non-negative integer" "$KPERF" occupancy --gpu h100 --block abc
expect_error "occupancy unknown arch" 2 "no GPU is assumed for architecture 'sm_72'" "$KPERF" occupancy --arch sm_72 --block 128

# --- unknown GPU: one line, exit 2 ---
expect_error "unknown GPU" 2 "kperf: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'? (list them with 'kperf gpus')" \
  "$KPERF" gpu gtx94Omx
if [ "$(cat "$TMP/err")" = "kperf: unknown GPU 'gtx94Omx'; did you mean 'gtx940mx'? (list them with 'kperf gpus')" ]; then ok; else bad "exact unknown-GPU message"; fi
expect_error "unknown GPU, no suggestion" 2 "kperf: unknown GPU 'voodoo5' (list them with 'kperf gpus')" "$KPERF" gpu voodoo5 --json

# --- broken databases: one line each, exit 1, no crash ---
expect_error "missing db" 1 "cannot open GPU database '$TMP/missing.db': No such file or directory" \
  "$KPERF" gpus --db "$TMP/missing.db"
expect_error "directory db" 1 "Is a directory" "$KPERF" gpu h100 --db "$TMP"
head -c 3000 "$DB" | tail -c 1000 >"$TMP/garbage.db"
printf 'this is not a database at all\n' >>"$TMP/garbage.db"
expect_error "garbage db" 1 "is corrupt or not an SQLite database" "$KPERF" gpu h100 --db "$TMP/garbage.db"
sqlite3 "$TMP/other.db" "CREATE TABLE t (x);"
expect_error "foreign db" 1 "is not a kperf GPU database" "$KPERF" gpus --db "$TMP/other.db"
cp "$DB" "$TMP/newer.db" && chmod u+w "$TMP/newer.db" && sqlite3 "$TMP/newer.db" "PRAGMA user_version = 2;"
expect_error "wrong schema version" 1 "has schema version 2, but this kperf reads version 1" \
  "$KPERF" occupancy --gpu h100 --block 128 --db "$TMP/newer.db"
KPERF_DB="$TMP/missing.db" expect_error "KPERF_DB missing" 1 "KPERF_DB names" "$KPERF" gpus
cp "$DB" "$TMP/locked.db" && chmod 000 "$TMP/locked.db"
if [ ! -r "$TMP/locked.db" ]; then
  expect_error "unreadable db" 1 "Permission denied" "$KPERF" gpus --db "$TMP/locked.db"
elif [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
     setpriv --reuid=65534 --regid=65534 --clear-groups "$KPERF" --help >/dev/null 2>&1; then
  # root reads mode-000 files: check as an unprivileged user instead
  expect_error "unreadable db (as uid 65534)" 1 "Permission denied" \
    setpriv --reuid=65534 --regid=65534 --clear-groups "$KPERF" gpus --db "$TMP/locked.db"
else
  echo "SKIP: mode-000 file readable (root) and no way to drop privileges; unreadable case not tested"
fi

# --- users' own GPUs ---
if "$KPERF" import-gpus "$INPUTS/user-gpus.sql" --into "$TMP/user.db" --db "$DB" >"$TMP/out" 2>"$TMP/err" &&
   grep -q "2 GPUs" "$TMP/out"; then ok; else bad "import-gpus"; cat "$TMP/err"; fi
json "user gpu via KPERF_DB list" id=mygpu -- env KPERF_DB="$TMP/user.db:$DB" "$KPERF" gpu my-gpu --json
json "user gpu occupancy (CC 8.6 limits from kperf's db)" gpu=mygpu active_blocks_per_sm=1 max_warps_per_sm=48 \
  -- env KPERF_DB="$TMP/user.db:$DB" "$KPERF" occupancy --gpu labgpu1 --block 1024 --json
json "user gpu via the user database path" id=mygpu -- env KPERF_USER_DB="$TMP/user.db" "$KPERF" gpu mygpu --json
json "user database listed first" 'gpus#16' -- env KPERF_USER_DB="$TMP/user.db" "$KPERF" gpus --json
if env KPERF_USER_DB="$TMP/user.db" "$KPERF" gpu l4 | grep -q "sm_count *60"; then ok; else bad "user variant of l4 not first"; fi
expect_error "import DROP" 1 "only INSERT, UPDATE and DELETE" "$KPERF" import-gpus "$INPUTS/bad-drop.sql" --into "$TMP/user.db" --db "$DB"
expect_error "import unknown CC" 1 "compute capability 7.7" "$KPERF" import-gpus "$INPUTS/bad-cc.sql" --into "$TMP/user.db" --db "$DB"
expect_error "import dangling alias" 1 "names a GPU that is not in table 'gpus'" "$KPERF" import-gpus "$INPUTS/bad-alias.sql" --into "$TMP/user.db" --db "$DB"
json "user db unchanged after rejected imports" 'gpus#2' -- "$KPERF" gpus --json --db "$TMP/user.db"
expect_error "import into kperf's own db format check" 1 "is not a kperf GPU database" \
  "$KPERF" import-gpus "$INPUTS/user-gpus.sql" --into "$TMP/other.db" --db "$DB"
# default target: the user database path (folders created)
if env KPERF_USER_DB="$TMP/deep/er/user.db" "$KPERF" import-gpus "$INPUTS/user-gpus.sql" --db "$DB" >/dev/null &&
   [ -f "$TMP/deep/er/user.db" ]; then ok; else bad "import into the default user database"; fi

# A database made before the isa column (NVIDIA rows only) still reads, alone
# and searched with kperf's: its GPUs, limits and throughput as before.
cp "$DB" "$TMP/old.db" && chmod u+w "$TMP/old.db" && sqlite3 "$TMP/old.db" "
  DELETE FROM gpu_memory WHERE gpu_id IN (SELECT id FROM gpus WHERE isa <> '');
  DELETE FROM gpu_latency WHERE gpu_id IN (SELECT id FROM gpus WHERE isa <> '');
  DELETE FROM gpu_aliases WHERE gpu_id IN (SELECT id FROM gpus WHERE isa <> '');
  DELETE FROM gpus WHERE isa <> ''; ALTER TABLE gpus DROP COLUMN isa;
  DELETE FROM cc_limits WHERE isa <> ''; DELETE FROM cc_throughput WHERE isa <> '';
  ALTER TABLE cc_limits RENAME TO l; CREATE TABLE cc_limits AS SELECT * FROM l; DROP TABLE l;
  ALTER TABLE cc_limits DROP COLUMN isa;
  ALTER TABLE cc_throughput RENAME TO t; CREATE TABLE cc_throughput AS SELECT * FROM t; DROP TABLE t;
  ALTER TABLE cc_throughput DROP COLUMN isa;" || bad "making a database without the isa column"
if "$KPERF" occupancy --gpu a100 --block 256 --regs 32 --db "$TMP/old.db" | grep -q "occupancy: *100.0%"; then ok; else bad "older database: a100 occupancy"; fi
if "$KPERF" gpu a100 --db "$TMP/old.db" | grep -q "ldst *32"; then ok; else bad "older database: a100 throughput"; fi
if "$KPERF" gpu mi250x --db "$TMP/old.db:$DB" | grep -q "gfx90a"; then ok; else bad "older database first, an AMD GPU from kperf's"; fi
if "$KPERF" gpus --db "$TMP/old.db" | grep -q '^a100  '; then ok; else bad "older database: listing"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
