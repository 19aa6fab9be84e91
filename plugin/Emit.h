// Findings (include/kperf/finding.h) -> clang diagnostics.
#ifndef KPERF_PLUGIN_EMIT_H
#define KPERF_PLUGIN_EMIT_H

#include "kperf/finding.h"

namespace clang {
class CompilerInstance;
class SourceLocation;
class SourceManager;
} // namespace clang

namespace kperf {

// Reports the findings as clang diagnostics, as clang's switches say of its
// own warnings (kperf's diagnostic IDs are custom ones, which clang's -w and
// -Werror do not reach): under -w kperf's warnings (and their notes) are not
// shown, under -Werror they are errors.  Remarks are remarks.
void emitFindings(clang::CompilerInstance &CI, const kp_findings *F);

// The level a kperf warning has under clang's -w / -Werror: Ignored, Warning or Error.
unsigned warningLevel(clang::CompilerInstance &CI);

// Drops the findings located in system headers (-isystem, CUDA's own), as
// clang does for its warnings unless -Wsystem-headers.  Returns how many.
size_t dropSystemHeaderFindings(clang::CompilerInstance &CI, kp_findings *F);

// The location of a file position of the C core (invalid when the file is
// not part of the compile).
clang::SourceLocation toSourceLocation(clang::SourceManager &SM, const kp_loc &L);

} // namespace kperf

#endif
