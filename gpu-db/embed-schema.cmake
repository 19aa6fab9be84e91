# Writes OUT: a C file holding the text of SCHEMA as kp_gpudb_schema_sql[].
# Run at configure time by gpu-db/CMakeLists.txt.
file(READ "${SCHEMA}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n  " bytes "${bytes}")
set(text "/* Generated from gpu-db/schema.sql; do not edit. */\nconst char kp_gpudb_schema_sql[] = {\n  ${bytes}0x00\n};\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
