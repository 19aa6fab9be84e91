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

void emitFindings(clang::CompilerInstance &CI, const kp_findings *F);

// The location of a file position of the C core (invalid when the file is
// not part of the compile).
clang::SourceLocation toSourceLocation(clang::SourceManager &SM, const kp_loc &L);

} // namespace kperf

#endif
