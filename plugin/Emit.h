// Findings (include/kperf/finding.h) -> clang diagnostics.
#ifndef KPERF_PLUGIN_EMIT_H
#define KPERF_PLUGIN_EMIT_H

#include "kperf/finding.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringMap.h"

namespace clang {
class CompilerInstance;
class SourceManager;
} // namespace clang

namespace kperf {

// File positions of the C core -> clang locations, for one SourceManager.
// Each file's FileID is looked up once: SourceManager::translateFile scans
// every file entry and macro expansion the translation unit has made, which
// for hundreds of findings in a large file costs more than the analysis.
class Locations {
public:
  explicit Locations(clang::SourceManager &SM) : SM(SM) {}
  // The FileID of the file at Path (its first inclusion; invalid when the
  // file is not part of the compile).
  clang::FileID fileId(const char *Path);
  // The location of L (invalid when its file is not part of the compile).
  clang::SourceLocation at(const kp_loc &L);
  clang::SourceManager &sourceManager() { return SM; }

private:
  clang::SourceManager &SM;
  llvm::StringMap<clang::FileID> Ids;
};

// Reports the findings as clang diagnostics, as clang's switches say of its
// own warnings (kperf's diagnostic IDs are custom ones, which clang's -w,
// -Werror and -Wno-everything do not reach): under -w and -Wno-everything
// kperf's warnings (and their notes) are not shown, under -Werror they are
// errors.  Remarks are remarks.
void emitFindings(clang::CompilerInstance &CI, Locations &Locs, const kp_findings *F);

// The level a kperf warning has under clang's -w / -Werror: Ignored, Warning or Error.
unsigned warningLevel(clang::CompilerInstance &CI);

// Drops the findings located in system headers (-isystem, CUDA's own), as
// clang does for its warnings unless -Wsystem-headers.  Returns how many.
size_t dropSystemHeaderFindings(clang::CompilerInstance &CI, Locations &Locs, kp_findings *F);

} // namespace kperf

#endif
