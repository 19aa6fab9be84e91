// Host-side dataflow of the front end: what a local variable of a host
// function holds where a launch is written, which statements may change it,
// and the facts of the enclosing switch cases and ifs.  Part of the AST ->
// model walk (Extract.cpp), whose Extractor derives from it.
//
// Why it needs clang: it reads clang's statements as they are (the path from
// the function's body down to the launch, assignments, calls that take an
// address) and asks clang's ExprMutationAnalyzer whether a variable may
// change; no plain-data copy of a host function's body exists to do it over.
// It keeps no analysis logic: what the values mean is decided in analyses/
// (launch_eval.c and the checks) from the formulas HostFold makes.
#ifndef KPERF_PLUGIN_HOSTFLOW_H
#define KPERF_PLUGIN_HOSTFLOW_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace kperf {

// The front end's files read clang's AST by its own names.
using namespace clang;

class HostFlow {
public:
  explicit HostFlow(ASTContext &Ctx) : Ctx(Ctx) {}

  ASTContext &Ctx;


  const FunctionDecl *CurrentFunction = nullptr;

  std::vector<std::pair<const VarDecl *, int64_t>> Facts; // innermost last

  std::vector<const Stmt *> Path;

  bool InLaunch = false; // Path ends at the launch being extracted

  static bool mutates(const Stmt *S, const VarDecl *VD);

  // What local VD holds where Path ends (a launch), per component: for an
  // integer, E[0]; for a dim3, E[0..2], each either the whole dim3 value it
  // was last given (Whole: its declaration or `VD = dim3(...)`) or the
  // integer last assigned to that component (`VD.x = n;`).  A component is
  // null where kperf is unsure: something else may have changed it on the
  // way (a call given VD's address, a branch that assigns it or not, a loop
  // around the launch that assigns it and no assignment after the loop
  // begins).  In a switch, the statements of the launch's case count, not
  // those of the other cases.  False when VD is not declared on the way.
  struct Held {
    const Expr *E[3] = {nullptr, nullptr, nullptr};
    bool Whole[3] = {true, true, true};
    void set(const Expr *X) {
      for (int I = 0; I < 3; ++I) {
        E[I] = X;
        Whole[I] = true;
      }
    }
    void forget(unsigned Mask) {
      for (int I = 0; I < 3; ++I)
        if (Mask & (1u << I))
          E[I] = nullptr;
    }
  };

  // The component of VD that E designates (`VD.x` 0, `.y` 1, `.z` 2), or -1.
  static int componentOf(const Expr *E, const VarDecl *VD);

  // The components of VD that S may change, as a mask: those of `VD.x op=`,
  // `++VD.y`; all when anything else in S may change VD.
  unsigned changedIn(const Stmt *S, const VarDecl *VD);

  llvm::DenseMap<std::pair<const Stmt *, const VarDecl *>, unsigned> ChangedIn;

  unsigned changedInUncached(const Stmt *S, const VarDecl *VD);

  // The expression branch B last assigns to component C of VD (`VD.y = E;`
  // a statement of B's own; for an integer VD, C 0 and `VD = E;`), when
  // nothing after it in B may change that component; null otherwise.
  const Expr *lastAssigned(const Stmt *B, const VarDecl *VD, int C);

  bool heldAt(const VarDecl *VD, Held &H);

  // The expression integer local VD holds where Path ends (heldAt), or null.
  const Expr *valueAt(const VarDecl *VD);

  // The integer variable (a parameter or a local) a condition reads, or null.
  static const VarDecl *factVar(const Expr *E);

  // Whether control never runs on past S (break, return, continue, goto,
  // throw, or a block ending in one).
  static bool ends(const Stmt *S);

  // One mutation analysis per function, shared by its launches.
  std::unique_ptr<ExprMutationAnalyzer> Mutations;

  const FunctionDecl *MutationFunction = nullptr;

  // True when VD's value is its initialiser wherever it is read: a const
  // variable, or a local that the enclosing function never modifies (with
  // Params, a parameter it never modifies: its value on entry).
  bool isUnchanged(const VarDecl *VD, bool Params = false);

  llvm::DenseMap<const VarDecl *, bool> Unchanged; // isUnchanged's answers in MutationFunction

  llvm::SmallPtrSet<const VarDecl *, 16> Candidates; // MaybeMutated's variables there

  llvm::SmallPtrSet<const VarDecl *, 16> Written;    // of those, the ones written by name

  // The size argument of the one device allocation of local pointer VD in
  // the current function (`cudaMalloc(&VD, S)`, `cudaMalloc((void **)&VD,
  // S)`, cudaMallocManaged, hipMalloc, hipMallocManaged), when nothing else
  // there assigns VD, takes its address or moves it (kp_launch.arg_bytes);
  // null otherwise.
  const Expr *allocationSize(const VarDecl *VD);

  // Whether the current function computes N % D, or N & (D - 1) for a
  // divisor of value *DValue (a power of two), N and D as written (blanks
  // aside) or D by its value (kp_launch.grid_remainder).
  bool remainderTaken(const char *N, const char *D, const int64_t *DValue);

  // Whether E reads a parameter of the current function, main's aside
  // (kp_quotient.num_param).
  bool readsParam(const Expr *E);

};

} // namespace kperf

#endif
