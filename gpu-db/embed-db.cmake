# Writes OUT: a C file holding the bytes of the built GPU database DB as
# kp_gpudb_embedded_bytes[] (read by gpudb.c through sqlite3_deserialize, read
# only), its size and its SHA-256.  Run at build time by gpu-db/CMakeLists.txt
# whenever the database is rebuilt; linked into kperf.so, kperf-tidy.so,
# kperf-clangd and the kperf command, so that each works without the file.
file(READ "${DB}" hex HEX)
file(SHA256 "${DB}" sha)
file(SIZE "${DB}" size)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n  " bytes "${bytes}")
file(WRITE "${OUT}.tmp" "/* Generated from the built kperf-gpus.db by gpu-db/embed-db.cmake; do not edit. */
#include <stddef.h>
/* 8-byte aligned: SQLite reads the pages in place. */
_Alignas(8) const unsigned char kp_gpudb_embedded_bytes[] = {
  ${bytes}0x00
};
const size_t kp_gpudb_embedded_size = ${size};
const char kp_gpudb_embedded_sha256[] = \"${sha}\";
")
file(RENAME "${OUT}.tmp" "${OUT}")
