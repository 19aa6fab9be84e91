// The target GPU of a kperf analysis: one choice for the plugin, the
// clang-tidy module and kperf-clangd, which differ only in how a user names
// the GPU (-fplugin-arg-kperf-gpu=NAME, or the Gpu check option).
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
  // When Known but only as a stand-in: the arch has no GPU of its own in the
  // database and the GPU of the nearest one is used (to be said once per file).
  std::string Warning;
};

// How the user names a GPU, for the texts of a GpuTarget: NamedHow is its
// How when Gpu was given ("named with -fplugin-arg-kperf-gpu"), NameHint ends
// the Why when none could be assumed ("name a GPU with the Gpu option").
struct GpuSpelling {
  std::string NamedHow;
  std::string NameHint;
};

// Chooses the GPU: Gpu names one; else Arch ("sm_90", may be empty) maps to
// one.  Db (empty: $KPERF_DB, then next to NearDir, then NearDir/../lib) is
// the database.  A GPU or database named explicitly that cannot be had is an
// error (Error is set); otherwise a missing database only leaves the target
// unknown (Why says so).
GpuTarget chooseGpuTarget(const std::string &Gpu, const std::string &Db, const std::string &Arch,
                          const std::string &NearDir, const GpuSpelling &Spell,
                          std::string &Error);

// The GPU of one file: Named (the user's option; empty: none) wins over the
// file's `#pragma kperf gpu(PragmaName)` (empty: none), whose name is checked
// either way: a pragma naming a GPU that cannot be had sets PragmaError (to be
// reported at the pragma) and nothing else is chosen.  Otherwise as
// chooseGpuTarget, with How saying which named the GPU.
GpuTarget chooseFileGpuTarget(const std::string &Named, const std::string &PragmaName,
                              const std::string &Db, const std::string &Arch,
                              const std::string &NearDir, const GpuSpelling &Spell,
                              std::string &Error, std::string &PragmaError);

// The directory of the shared object (or executable) that holds this code.
std::string thisObjectDir();

// The --cuda-gpu-arch / --offload-arch values (sm_XX only) of a command line.
std::vector<std::string> gpuArchsOf(const std::vector<std::string> &Args);

// A process's command line (/proc/PID/cmdline), and this process's.
std::vector<std::string> readCmdline(const std::string &Path);
std::vector<std::string> selfCmdline();

} // namespace kperf

#endif
