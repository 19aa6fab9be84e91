#!/bin/sh
# base-rows.sh DB BASE NEWID: prints INSERT statements that copy GPU BASE's rows
# (gpus, gpu_memory, gpu_latency, launch_overhead) of kperf database DB under
# the id NEWID, for `kperf import-gpus`; kperf-calibrate's SQL then overwrites
# what it measured.  BASE may be an id or an alias.  Needs the sqlite3 shell.
set -eu
if [ $# -ne 3 ]; then echo "usage: base-rows.sh DB BASE NEWID" >&2; exit 2; fi
DB=$1 BASE=$2 NEW=$3
case "$BASE$NEW" in *[!a-z0-9._-]*) echo "base-rows.sh: ids are [a-z0-9._-]" >&2; exit 2;; esac
[ -f "$DB" ] || { echo "base-rows.sh: no database '$DB'" >&2; exit 1; }
n=$(sqlite3 -batch "file:$DB?mode=ro" "SELECT count(*) FROM gpus WHERE id = coalesce((SELECT gpu_id FROM gpu_aliases WHERE alias = '$BASE'), '$BASE')")
[ "$n" = 1 ] || { echo "base-rows.sh: no GPU '$BASE' in '$DB'" >&2; exit 1; }
sqlite3 -batch -bail :memory: <<SQL
ATTACH '$DB' AS k;
CREATE TEMP TABLE pick AS SELECT coalesce((SELECT gpu_id FROM k.gpu_aliases WHERE alias = '$BASE'),
                                          (SELECT id FROM k.gpus WHERE id = '$BASE')) AS id;
CREATE TEMP TABLE g AS SELECT * FROM k.gpus WHERE id = (SELECT id FROM pick);
CREATE TEMP TABLE m AS SELECT * FROM k.gpu_memory WHERE gpu_id = (SELECT id FROM pick);
CREATE TEMP TABLE l AS SELECT * FROM k.gpu_latency WHERE gpu_id = (SELECT id FROM pick);
CREATE TEMP TABLE o AS SELECT * FROM k.launch_overhead WHERE gpu_id = (SELECT id FROM pick);
UPDATE g SET id = '$NEW';
UPDATE m SET gpu_id = '$NEW';
UPDATE l SET gpu_id = '$NEW';
UPDATE o SET gpu_id = '$NEW';
.print "-- Facts of '$BASE' from $DB, copied as '$NEW' by tools/calibrate/base-rows.sh."
.headers on
.mode insert gpus
SELECT * FROM g;
.mode insert gpu_memory
SELECT * FROM m;
.mode insert gpu_latency
SELECT * FROM l;
.mode insert launch_overhead
SELECT * FROM o;
SQL
