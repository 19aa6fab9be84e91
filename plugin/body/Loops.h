// What the loop files of the body builder share (plugin/body/Loops.cpp,
// LoopTrips.cpp, LoopUnroll.cpp; Memory.cpp asks Modified whether a local
// never changes) and nothing else reads: the variables a
// statement may modify, and whether a statement mentions one of a set.  Uses
// clang's AST and body/Builder.h.
#ifndef KPERF_PLUGIN_BODY_LOOPS_H
#define KPERF_PLUGIN_BODY_LOOPS_H

#include "body/Builder.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>

namespace kperf {
namespace body {

using namespace clang; // as each file that includes this one does

// Variables a statement may modify (assignments, ++/--, address taken).
class BodyBuilder::Modified : public RecursiveASTVisitor<Modified> {
public:
  llvm::SmallPtrSet<const VarDecl *, 8> Vars;
  std::map<const VarDecl *, int> Count;
  void mark(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        Vars.insert(VD);
        Count[VD]++;
      }
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      mark(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      mark(UO->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // Arguments bound to non-const references may be modified.
    if (const FunctionDecl *FD = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
        QualType T = FD->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          mark(CE->getArg(I));
      }
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
      mark(OC->getArg(0));
    return true;
  }
};

// Whether S mentions one of the variables (deeper than 256 levels: taken
// as yes).
bool mentionsAny(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars, int Depth = 0);

} // namespace body
} // namespace kperf

#endif
