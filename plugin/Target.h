// The target GPU of a kperf analysis, chosen as the plugin does (a copy of the
// logic of Plugin.cpp's chooseTarget, for the clang-tidy module and
// kperf-clangd, which have no plugin options and no driver command line).
#ifndef KPERF_PLUGIN_TARGET_H
#define KPERF_PLUGIN_TARGET_H

#include "kperf/gpu.h"

#include <string>
#include <vector>

namespace kperf {

struct GpuTarget {
  bool Known = false;
  kp_gpu Gpu;
  std::string How; // "named with Gpu=h100" / "assumed from sm_90"
  std::string Why; // when !Known: why there is none
};

// Chooses the GPU: Gpu names one; else Arch ("sm_90", may be empty) maps to
// one.  Db (empty: $KPERF_DB, then next to NearDir) is the database.  A GPU or
// database named explicitly that cannot be had is an error (Error is set);
// otherwise a missing database only leaves the target unknown (Why says so).
GpuTarget chooseGpuTarget(const std::string &Gpu, const std::string &Db, const std::string &Arch,
                          const std::string &NearDir, std::string &Error);

// The directory of the shared object (or executable) that holds this code.
std::string thisObjectDir();

// The --cuda-gpu-arch / --offload-arch values (sm_XX only) of a command line.
std::vector<std::string> gpuArchsOf(const std::vector<std::string> &Args);

// This process's command line (/proc/self/cmdline).
std::vector<std::string> selfCmdline();

} // namespace kperf

#endif
