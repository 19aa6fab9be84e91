// The target GPU of a kperf analysis: one choice for the plugin, the
// clang-tidy module and kperf-clangd, which differ only in how a user names
// the GPU (-fplugin-arg-kperf-gpu=NAME, or the Gpu check option).
#ifndef KPERF_PLUGIN_TARGET_H
#define KPERF_PLUGIN_TARGET_H

#include "kperf/gpu.h"

#include <string>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace kperf {

struct GpuTarget {
  bool Known = false;
  kp_gpu Gpu;
  std::string How; // "named with Gpu=h100" / "assumed from sm_90"
  std::string Why; // when !Known: why there is none
  // When Known but only as a stand-in: the arch has no GPU of its own in the
  // database and the GPU of the nearest one is used (to be said once per file).
  std::string Warning;
  // When !Known: the database could not be had (none found, unreadable,
  // corrupt), as opposed to no GPU named and none to assume.
  bool NoDatabase = false;
  // When Known: the GPU was assumed from the compile's GPU arch (no GPU named).
  bool Assumed = false;
};

// How the user names a GPU, for the texts of a GpuTarget: NamedHow is its
// How when Gpu was given ("named with -fplugin-arg-kperf-gpu"), NameHint ends
// the Why when none could be assumed ("name a GPU with the Gpu option").
struct GpuSpelling {
  std::string NamedHow;
  std::string NameHint;
  // How to give a database ("set KPERF_DB or -fplugin-arg-kperf-db=PATH").
  std::string DbHint = "set KPERF_DB";
};

// The one line that says a file was not analysed (T not Known): what is
// missing and what to do, e.g. "nothing checked: no GPU database found: ...;
// put kperf-gpus.db next to kperf.so, or set KPERF_DB".
std::string noTargetMessage(const GpuTarget &T, const GpuSpelling &Spell);

// The one line that says which GPU was assumed and why (T Known and Assumed).
std::string assumedMessage(const GpuTarget &T, const GpuSpelling &Spell);

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

// The first GPU arch of the compile's __CUDA_ARCH_LIST__ ("sm_52"; clang
// defines it in the host and the device passes, with --cuda-gpu-arch=native
// resolved and clang's default arch when none is given); "" when none.
std::string archFromMacro(clang::Preprocessor *PP);

// The directory of the shared object (or executable) that holds this code.
std::string thisObjectDir();

// The --cuda-gpu-arch / --offload-arch values (sm_XX only) of a command line.
std::vector<std::string> gpuArchsOf(const std::vector<std::string> &Args);

// A process's command line (/proc/PID/cmdline), and this process's.
std::vector<std::string> readCmdline(const std::string &Path);
std::vector<std::string> selfCmdline();

} // namespace kperf

#endif
