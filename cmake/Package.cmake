# find_package(kperf): kperfConfig.cmake (+ version) for the build tree
# (build/lib/cmake/kperf) and the install tree (lib/cmake/kperf), giving
#   kperf_add_to_target(TARGET [GPU name] [DB path])
# See docs/integration.md.
include(CMakePackageConfigHelpers)
set(KPERF_PACKAGE_DIR lib/cmake/kperf)

# Build tree: point at build/lib.
set(KPERF_CONFIG_PLUGIN "${CMAKE_BINARY_DIR}/lib/kperf.so")
set(KPERF_CONFIG_TIDY "${CMAKE_BINARY_DIR}/lib/kperf-tidy.so")
set(KPERF_CONFIG_CLI "${CMAKE_BINARY_DIR}/bin/kperf")
configure_file(${CMAKE_CURRENT_LIST_DIR}/kperfConfig.cmake.in
  ${CMAKE_BINARY_DIR}/${KPERF_PACKAGE_DIR}/kperfConfig.cmake @ONLY)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/${KPERF_PACKAGE_DIR}/kperfConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)

# Install tree: relative to the config file (relocatable).
set(KPERF_CONFIG_PLUGIN "\${_kperf_prefix}/${CMAKE_INSTALL_LIBDIR}/kperf.so")
set(KPERF_CONFIG_TIDY "\${_kperf_prefix}/${CMAKE_INSTALL_LIBDIR}/kperf-tidy.so")
set(KPERF_CONFIG_CLI "\${_kperf_prefix}/${CMAKE_INSTALL_BINDIR}/kperf")
configure_file(${CMAKE_CURRENT_LIST_DIR}/kperfConfig.cmake.in
  ${CMAKE_BINARY_DIR}/kperfConfig.install.cmake @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/kperfConfig.install.cmake
  DESTINATION ${KPERF_PACKAGE_DIR} RENAME kperfConfig.cmake)
install(FILES ${CMAKE_BINARY_DIR}/${KPERF_PACKAGE_DIR}/kperfConfigVersion.cmake
  DESTINATION ${KPERF_PACKAGE_DIR})
