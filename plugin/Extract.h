// AST -> kernel model (include/kperf/model.h).
#ifndef KPERF_PLUGIN_EXTRACT_H
#define KPERF_PLUGIN_EXTRACT_H

#include "kperf/limits.h"
#include <cstdint>
#include "kperf/model.h"

#include <string>

namespace clang {
class ASTContext;
class Expr;
class SourceLocation;
} // namespace clang

namespace kperf {

// The properties of the device the program runs on, as cudaGetDeviceProperties
// fills a cudaDeviceProp (0: not known): those of kperf's target GPU.
struct DeviceFacts {
  int64_t MaxThreadsPerBlock = 0, WarpSize = 0, MultiProcessorCount = 0,
          MaxThreadsPerMultiProcessor = 0, SharedMemPerBlock = 0, RegsPerBlock = 0;
};

// E's source text: as written when E is a macro's argument
// (hipLaunchKernelGGL(k, dim3(64), ...)'s `dim3(64)`), else the text of the
// macro expansion it lies in.
std::string exprText(const clang::Expr *E, const clang::ASTContext &Ctx);

// Fills M with the kernels and launches of the translation unit, and its
// main file's name when M has none.  Kernels not yet walked when TimeBudgetMs
// (0: no limit) have passed are left unanalysed (kp_kernel.not_analysed).
// With Mangled, each kernel's symbol name (kp_kernel.mangled, to match
// ptxas's facts) is computed too; only then is clang's mangler run.
// Device, when given, folds `prop.maxThreadsPerBlock` and the like.
void extractModule(clang::ASTContext &Ctx, kp_module *M,
                   unsigned TimeBudgetMs = KP_LIMIT_TIME_MS, bool Mangled = false,
                   const DeviceFacts *Device = nullptr);

// The file position of L (its expansion location), with the file name copied into M.
kp_loc toLoc(const clang::ASTContext &Ctx, clang::SourceLocation L, kp_module *M);

} // namespace kperf

#endif
