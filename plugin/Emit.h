// Findings (include/kperf/finding.h) -> clang diagnostics.
#ifndef KPERF_PLUGIN_EMIT_H
#define KPERF_PLUGIN_EMIT_H

#include "kperf/finding.h"

namespace clang {
class CompilerInstance;
} // namespace clang

namespace kperf {

void emitFindings(clang::CompilerInstance &CI, const kp_findings *F);

} // namespace kperf

#endif
