# -DKPERF_SANITIZE=ON: everything (core, CLI, plugin, tests) built with
# AddressSanitizer and UndefinedBehaviorSanitizer, every error fatal.  Needs
# clang as the compiler (the plugin runs inside Debian's clang, which is not
# sanitized: the tests preload clang's shared ASan runtime into it, see
# tests/lit/lit.cfg.py).  Everything links that one shared runtime, found
# through an rpath, so the CLI, the tests and the plugin share it.
# Also builds the libFuzzer targets of tests/fuzz.
option(KPERF_SANITIZE "Build with ASan and UBSan (clang only) and the libFuzzer targets" OFF)
set(KPERF_ASAN_RUNTIME "")
if(KPERF_SANITIZE)
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang" OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "kperf: KPERF_SANITIZE needs clang (-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22)")
  endif()
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
    OUTPUT_VARIABLE KPERF_ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT IS_ABSOLUTE "${KPERF_ASAN_RUNTIME}" OR NOT EXISTS "${KPERF_ASAN_RUNTIME}")
    message(FATAL_ERROR "kperf: no shared ASan runtime for ${CMAKE_C_COMPILER} (Debian: libclang-rt-22-dev)")
  endif()
  get_filename_component(KPERF_ASAN_RUNTIME_DIR "${KPERF_ASAN_RUNTIME}" DIRECTORY)
  message(STATUS "kperf: ASan+UBSan build, runtime ${KPERF_ASAN_RUNTIME}")
  set(KPERF_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
  add_compile_options(${KPERF_SANITIZE_FLAGS})
  add_link_options(${KPERF_SANITIZE_FLAGS} -shared-libasan "LINKER:-rpath,${KPERF_ASAN_RUNTIME_DIR}")
endif()

# The tests run clang, which is not sanitized: run them with the runtime
# preloaded (bootstrap.sh test does), e.g.
#   LD_PRELOAD=$(clang-22 -print-file-name=libclang_rt.asan-x86_64.so) \
#   ASAN_OPTIONS=detect_leaks=0 ctest --test-dir build-asan
# (clang's own allocations at exit are not the plugin's leaks).
