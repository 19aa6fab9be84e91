// AST -> kernel body model (regions, loops, branches, accesses; include/kperf/model.h).
#ifndef KPERF_PLUGIN_BODY_H
#define KPERF_PLUGIN_BODY_H

#include "kperf/model.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace kperf {

// Walks the kernel's definition and fills K's body, loops, accesses, notes and
// shared-memory facts.  Never fails: what it cannot follow becomes a note and,
// for values, "unknown".
void buildKernelBody(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel, kp_kernel *K,
                     kp_module *M);

} // namespace kperf

#endif
