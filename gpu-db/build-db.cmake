# Builds the GPU database OUT from SCHEMA and the DATA files (a ';'-list),
# with the sqlite3 command-line tool SQLITE3.  Fails on any SQL error, on
# dangling references, and on a failed integrity check.  Run by
# gpu-db/CMakeLists.txt as: cmake -DSQLITE3=... -DSCHEMA=... -DDATA=... -DOUT=... -P build-db.cmake
set(tmp "${OUT}.tmp")
set(all "${OUT}.sql")
file(REMOVE "${tmp}" "${all}")
file(READ "${SCHEMA}" text)
set(script "PRAGMA foreign_keys = ON;\n${text}\nBEGIN;\n")
foreach(f IN LISTS DATA)
  file(READ "${f}" text)
  string(APPEND script "-- ${f}\n${text}\n")
endforeach()
string(APPEND script "COMMIT;\n")
file(WRITE "${all}" "${script}")

execute_process(COMMAND "${SQLITE3}" -bail "${tmp}" INPUT_FILE "${all}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  file(REMOVE "${tmp}")
  message(FATAL_ERROR "kperf GPU database: SQL error in ${SCHEMA} or the data files:\n${err}${out}")
endif()

# Checks: each must print nothing.
set(checks
  "PRAGMA foreign_key_check;"
  "SELECT 'arch_default ' || arch || ' names unknown GPU ' || gpu_id FROM arch_default WHERE gpu_id NOT IN (SELECT id FROM gpus);"
  "SELECT 'GPU ' || id || ' has CC ' || cc_major || '.' || cc_minor || ' ' || isa || ' without cc_limits' FROM gpus g WHERE NOT EXISTS (SELECT 1 FROM cc_limits c WHERE c.isa = g.isa AND c.cc_major = g.cc_major AND c.cc_minor = g.cc_minor);"
  "SELECT 'alias ' || alias || ' shadows GPU id ' || gpu_id FROM gpu_aliases WHERE alias IN (SELECT id FROM gpus);"
  "SELECT 'GPU ' || id || ' has no identity source' FROM gpus WHERE trim(identity_source) = '';")
foreach(c IN LISTS checks)
  execute_process(COMMAND "${SQLITE3}" "${tmp}" "${c}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "" OR NOT err STREQUAL "")
    file(REMOVE "${tmp}")
    message(FATAL_ERROR "kperf GPU database: check failed (${c}):\n${out}${err}")
  endif()
endforeach()
execute_process(COMMAND "${SQLITE3}" "${tmp}" "PRAGMA integrity_check;"
  OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT out STREQUAL "ok")
  file(REMOVE "${tmp}")
  message(FATAL_ERROR "kperf GPU database: integrity check failed: ${out}")
endif()
file(REMOVE "${all}")
file(RENAME "${tmp}" "${OUT}")
