// AST -> kernel body model (regions, loops, branches, accesses; include/kperf/model.h).
#ifndef KPERF_PLUGIN_BODY_H
#define KPERF_PLUGIN_BODY_H

#include "kperf/model.h"
#include "kperf/sym.h"

#include "clang/AST/OperationKinds.h"

#include <chrono>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace kperf {

// What building one kernel's model may spend (kperf/limits.h): the
// translation unit's deadline.
struct BodyBudget {
  std::chrono::steady_clock::time_point Deadline = std::chrono::steady_clock::time_point::max();
  unsigned TimeMs = 0; // the budget the deadline came from, for the message
};

// Walks the kernel's definition and fills K's body, loops, accesses, notes and
// shared-memory facts.  Never fails: what it cannot follow becomes a note and,
// for values, "unknown".  When a limit stops the walk, K keeps has_body == 0
// and K->not_analysed says which limit.
void buildKernelBody(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel, kp_kernel *K,
                     kp_module *M, const BodyBudget &Budget);

// Whether the function's declaration, parameters or body hold something clang
// reported an error on (an invalid declaration, an expression clang could not
// build): such code is not walked, its parts may be missing.
bool hasErrors(const clang::FunctionDecl *FD);

// The formula operation (kperf/sym.h) of an integer binary operator: + - * /
// % << >>, with / and % as C's truncating ones (Truncating) or as floor
// division and its modulo.  False for any other operator.
bool symBinaryKind(clang::BinaryOperatorKind Op, bool Truncating, kp_sym_kind &K);

} // namespace kperf

#endif
