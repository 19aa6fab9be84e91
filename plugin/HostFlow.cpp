// Host-side dataflow of the front end (HostFlow.h says what and why clang).
#include "HostFlow.h"
#include "Extract.h"

#include "kperf/launch.h"
#include "kperf/registers.h"
#include "kperf/sym.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {

namespace {

// The local variables of a function body that some expression might modify,
// found in one pass: assigned, incremented, address taken, bound to a
// non-const reference (a parameter, a variable, a capture), the object of a
// non-const member call, an asm output.  Over-approximate: a variable found
// here gets the precise (and far more expensive) ExprMutationAnalyzer; one
// not found is unchanged.
class MaybeMutated : public RecursiveASTVisitor<MaybeMutated> {
public:
  llvm::SmallPtrSet<const VarDecl *, 16> Vars;
  // Variables assigned, incremented or decremented by name (`s = 0`, `s++`):
  // changed for sure, no need to ask clang's mutation analysis, whose every
  // question walks the whole function (a function of 800 launches in loops
  // over `s` took 33 s).
  llvm::SmallPtrSet<const VarDecl *, 16> Written;

  void written(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Written.insert(VD);
  }

  bool shouldVisitLambdaBody() const { return true; }

  // The variable an lvalue expression designates or is part of (a.x, a[i]).
  void mark(const Expr *E) {
    for (int Depth = 0; E && Depth < 64; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          Vars.insert(VD);
        return;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return; // through a pointer: the variable itself is not written
        E = ME->getBase();
      } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        E = ASE->getBase();
      } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
        mark(CO->getTrueExpr());
        E = CO->getFalseExpr();
      } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isCommaOp()) {
        E = BO->getRHS();
      } else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
        E = MTE->getSubExpr();
      } else {
        return;
      }
    }
  }
  static bool writable(QualType T) {
    return (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
           (T->isPointerType() && !T->getPointeeType().isConstQualified());
  }
  // A variadic argument is passed by value: only through a pointer (an
  // address, an array) can the callee write the variable (`printf("%d", n)`
  // leaves n alone, `scanf("%d", &n)` does not).
  static bool variadicByValue(const FunctionDecl *FD, unsigned P, const Expr *Arg) {
    if (!FD->isVariadic() || P < FD->getNumParams())
      return false;
    QualType T = Arg->IgnoreParenImpCasts()->getType();
    return T->isArithmeticType() || T->isEnumeralType();
  }
  void args(const FunctionDecl *FD, const Expr *const *Args, unsigned N, unsigned Skip) {
    for (unsigned I = 0; I < N; ++I) {
      unsigned P = I + Skip;
      if (FD && variadicByValue(FD, P, Args[I]))
        continue;
      if (!FD || P >= FD->getNumParams() || writable(FD->getParamDecl(P)->getType()))
        mark(Args[I]);
    }
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      mark(BO->getLHS());
      written(BO->getLHS());
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      mark(UO->getSubExpr());
    if (UO->isIncrementDecrementOp())
      written(UO->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Skip = 0;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const auto *MD = MC->getMethodDecl();
      if (!MD || !MD->isConst())
        mark(MC->getImplicitObjectArgument());
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD)) {
        if (OC->getNumArgs() > 0 && !MD->isConst())
          mark(OC->getArg(0));
        for (unsigned I = 1; I < OC->getNumArgs(); ++I)
          if (I - 1 >= MD->getNumParams() || writable(MD->getParamDecl(I - 1)->getType()))
            mark(OC->getArg(I));
        return true;
      }
    }
    if (!FD && !isa<CXXMemberCallExpr>(CE)) {
      for (const Expr *A : CE->arguments())
        mark(A); // an unknown callee: any argument may be written
      return true;
    }
    args(FD, CE->getArgs(), CE->getNumArgs(), Skip);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    args(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(), 0);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && writable(VD->getType()))
      mark(VD->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          Vars.insert(VD);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    for (unsigned I = 0; I < S->getNumOutputs(); ++I)
      mark(S->getOutputExpr(I));
    return true;
  }
  bool VisitMSAsmStmt(MSAsmStmt *S) {
    for (unsigned I = 0; I < S->getNumOutputs(); ++I)
      mark(S->getOutputExpr(I));
    return true;
  }
};

} // namespace

bool HostFlow::mutates(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  MaybeMutated Scan;
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return Scan.Vars.count(VD) > 0;
}

int HostFlow::componentOf(const Expr *E, const VarDecl *VD) {
  const auto *ME = E ? dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()) : nullptr;
  if (!ME || ME->isArrow())
    return -1;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!DRE || DRE->getDecl() != VD || !ME->getMemberDecl()->getIdentifier())
    return -1;
  llvm::StringRef F = ME->getMemberDecl()->getName();
  return F == "x" ? 0 : F == "y" ? 1 : F == "z" ? 2 : -1;
}

unsigned HostFlow::changedIn(const Stmt *S, const VarDecl *VD) {
  // Each (statement, variable) is asked once: a function with a hundred
  // launches of the same dim3 asks it for every launch after S, and each
  // answer runs clang's matchers over S.
  auto Key = std::make_pair(S, VD);
  auto It = ChangedIn.find(Key);
  if (It != ChangedIn.end())
    return It->second;
  unsigned R = changedInUncached(S, VD);
  ChangedIn[Key] = R;
  return R;
}

unsigned HostFlow::changedInUncached(const Stmt *S, const VarDecl *VD) {
  if (!mutates(S, VD))
    return 0;
  if (VD->getType()->isIntegralOrEnumerationType())
    return 7;
  unsigned Mask = 0;
  bool Other = false;
  ExprMutationAnalyzer Analyzer(*S, Ctx);
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X || Other)
      return;
    const Expr *Lhs = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(X); BO && BO->isAssignmentOp())
      Lhs = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(X); UO && UO->isIncrementDecrementOp())
      Lhs = UO->getSubExpr();
    int C = componentOf(Lhs, VD);
    if (C >= 0) {
      Mask |= 1u << C;
      if (const auto *BO = dyn_cast<BinaryOperator>(X))
        Walk(BO->getRHS());
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X);
        DRE && DRE->getDecl() == VD && Analyzer.isMutated(DRE)) {
      Other = true;
      return;
    }
    for (const Stmt *Child : X->children())
      Walk(Child);
  };
  Walk(S);
  return Other ? 7 : Mask;
}

const Expr *HostFlow::lastAssigned(const Stmt *B, const VarDecl *VD, int C) {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(B);
  llvm::ArrayRef<Stmt *> Body = CS ? llvm::ArrayRef<Stmt *>(CS->body_begin(), CS->size())
                                   : llvm::ArrayRef<Stmt *>(const_cast<Stmt **>(&B), 1);
  const bool Integer = VD->getType()->isIntegralOrEnumerationType();
  for (size_t I = Body.size(); I-- > 0;) {
    const Stmt *St = Body[I];
    const auto *BO = dyn_cast_or_null<BinaryOperator>(St);
    const auto *L = BO ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()) : nullptr;
    if (BO && BO->getOpcode() == BO_Assign &&
        (Integer ? C == 0 && L && L->getDecl() == VD : componentOf(BO->getLHS(), VD) == C) &&
        !mutates(BO->getRHS(), VD))
      return BO->getRHS();
    if (St && (changedIn(St, VD) & (1u << C)))
      return nullptr;
  }
  return nullptr;
}

bool HostFlow::heldAt(const VarDecl *VD, Held &H) {
  H = Held();
  bool Declared = false;
  for (size_t I = 0; I + 1 < Path.size(); ++I) {
    const Stmt *P = Path[I], *Child = Path[I + 1];
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P)) {
      // Another turn of the loop may have changed it: unsure until an
      // assignment in the loop's body, before the launch.
      H.forget(changedIn(P, VD));
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (mutates(If->getInit(), VD) || mutates(If->getCond(), VD))
        return false;
      continue;
    }
    if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
      if (mutates(Sw->getInit(), VD) || mutates(Sw->getCond(), VD))
        return false;
      continue;
    }
    const auto *CS = dyn_cast<CompoundStmt>(P);
    if (!CS)
      continue; // an expression or a label around the launch
    size_t End = 0, N = CS->size();
    while (End < N && CS->body_begin()[End] != Child)
      End++;
    if (End == N)
      return false;
    size_t Begin = 0;
    if (I > 0 && isa<SwitchStmt>(Path[I - 1])) {
      // From the launch's case label: the other cases do not run first,
      // unless one falls into it (then whatever they assign is unsure).
      Begin = End;
      while (Begin > 0 && !isa<SwitchCase>(CS->body_begin()[Begin]))
        Begin--;
      bool FallsIn = Begin > 0 && !ends(CS->body_begin()[Begin - 1]);
      for (size_t J = 0; FallsIn && J < Begin; J++)
        if (mutates(CS->body_begin()[J], VD))
          return false;
    }
    for (size_t J = Begin; J < End; J++) {
      const Stmt *S = CS->body_begin()[J];
      while (const auto *SC = dyn_cast<SwitchCase>(S))
        S = SC->getSubStmt();
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        bool Mine = false;
        for (const Decl *D : DS->decls())
          Mine |= D == VD;
        if (Mine) {
          Declared = true;
          H.set(VD->getInit());
          continue;
        }
      }
      if (!mutates(S, VD))
        continue;
      // `VD = E;`, `VD = dim3(...)` (a class's operator=), `VD.x = E;`.
      if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
        S = EWC->getSubExpr();
      const Expr *Lhs = nullptr, *Rhs = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign) {
        Lhs = BO->getLHS();
        Rhs = BO->getRHS();
      } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
                 OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
        Lhs = OC->getArg(0);
        Rhs = OC->getArg(1);
      }
      const auto *L = Lhs ? dyn_cast<DeclRefExpr>(Lhs->IgnoreParenImpCasts()) : nullptr;
      int C = componentOf(Lhs, VD);
      if (L && L->getDecl() == VD && !mutates(Rhs, VD)) {
        H.set(Rhs);
      } else if (C >= 0 && !mutates(Rhs, VD)) {
        H.E[C] = Rhs;
        H.Whole[C] = false;
      } else {
        // Anything else that may change VD leaves what it changes unsure
        // until a later assignment, but for a component both branches of
        // an if set to the same constant (`threads.y = 1;` in each; an
        // integer's `threads = 256;`).
        unsigned Mask = changedIn(S, VD);
        const auto *If = dyn_cast<IfStmt>(S);
        for (int C = 0; C < 3 && If && If->getElse() && !If->getInit() &&
                        !If->getConditionVariable() && !mutates(If->getCond(), VD);
             ++C) {
          const Expr *T = lastAssigned(If->getThen(), VD, C);
          const Expr *F = lastAssigned(If->getElse(), VD, C);
          Expr::EvalResult RT, RF;
          if ((Mask & (1u << C)) && T && F && !T->isValueDependent() &&
              !F->isValueDependent() && T->EvaluateAsInt(RT, Ctx) &&
              F->EvaluateAsInt(RF, Ctx) && RT.Val.getInt() == RF.Val.getInt()) {
            H.E[C] = T;
            H.Whole[C] = false;
            Mask &= ~(1u << C);
          }
        }
        H.forget(Mask);
      }
    }
  }
  return Declared;
}

const Expr *HostFlow::valueAt(const VarDecl *VD) {
  Held H;
  return heldAt(VD, H) ? H.E[0] : nullptr;
}

const VarDecl *HostFlow::factVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isIntegralOrEnumerationType() ||
      !(VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) || VD->getType().isVolatileQualified())
    return nullptr;
  return VD;
}

bool HostFlow::ends(const Stmt *S) {
  for (int Depth = 0; S && Depth < 16; ++Depth) {
    if (const auto *SC = dyn_cast<SwitchCase>(S)) {
      S = SC->getSubStmt();
      continue;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      if (CS->body_empty())
        return false;
      S = CS->body_back();
      continue;
    }
    return isa<BreakStmt>(S) || isa<ReturnStmt>(S) || isa<ContinueStmt>(S) ||
           isa<GotoStmt>(S) || isa<CXXThrowExpr>(S);
  }
  return false;
}

bool HostFlow::isUnchanged(const VarDecl *VD, bool Params) {
  if (VD->getType().isConstQualified())
    return true;
  // A reference to const (`const mmq_args &args`) changes nothing through
  // its name, unless its class has mutable fields: asking clang's mutation
  // analysis walks the function once per use of it (a launch helper reading
  // `args.x` sixty times in each of 32 template instances took 7 s).
  if (const auto *RT = VD->getType()->getAs<ReferenceType>()) {
    QualType P = RT->getPointeeType();
    const auto *RD = P->getAsCXXRecordDecl();
    if (P.isConstQualified() && !P.isVolatileQualified() &&
        (!RD || (RD->hasDefinition() && !RD->hasMutableFields())))
      return true;
  }
  if (!(VD->isLocalVarDecl() || (Params && isa<ParmVarDecl>(VD))) || !CurrentFunction ||
      !CurrentFunction->getBody())
    return false;
  if (MutationFunction != CurrentFunction) {
    Mutations = std::make_unique<ExprMutationAnalyzer>(*CurrentFunction->getBody(), Ctx);
    MutationFunction = CurrentFunction;
    Unchanged.clear();
    MaybeMutated Scan;
    Scan.TraverseStmt(CurrentFunction->getBody());
    Candidates = std::move(Scan.Vars);
    Written = std::move(Scan.Written);
  }
  if (!Candidates.count(VD))
    return true;
  if (Written.count(VD))
    return false;
  // Each question walks the function's body with clang's matchers: a
  // function with hundreds of launches of the same dim3 variables (a
  // switch over template instances) asks it once per variable.
  auto It = Unchanged.find(VD);
  if (It != Unchanged.end())
    return It->second;
  bool R = !Mutations->isMutated(VD);
  Unchanged[VD] = R;
  return R;
}

// Every statement of S, depth first (the body of a function: a few hundred).
static void eachStmt(const Stmt *S, const std::function<void(const Stmt *)> &F) {
  if (!S)
    return;
  F(S);
  for (const Stmt *C : S->children())
    eachStmt(C, F);
}

const Expr *HostFlow::allocationSize(const VarDecl *VD) {
  if (!VD || !VD->isLocalVarDecl() || !VD->getType()->isPointerType() || !CurrentFunction ||
      !CurrentFunction->getBody())
    return nullptr;
  if (const Expr *I = VD->getInit())
    if (!I->IgnoreParenCasts()->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return nullptr;
  auto IsVD = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    return DRE && DRE->getDecl() == VD;
  };
  auto AddressOfVD = [&](const Expr *E) {
    const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
    return U && U->getOpcode() == UO_AddrOf && IsVD(U->getSubExpr());
  };
  const Expr *Size = nullptr;
  unsigned Allocs = 0, Taken = 0;
  bool Other = false;
  eachStmt(CurrentFunction->getBody(), [&](const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      llvm::StringRef Name = FD && FD->getIdentifier() ? FD->getName() : llvm::StringRef();
      if (Call->getNumArgs() >= 2 && AddressOfVD(Call->getArg(0)) &&
          (Name == "cudaMalloc" || Name == "cudaMallocManaged" || Name == "hipMalloc" ||
           Name == "hipMallocManaged")) {
        ++Allocs;
        Size = Call->getArg(1);
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_AddrOf && IsVD(U->getSubExpr()))
        ++Taken;
      else if (U->isIncrementDecrementOp() && IsVD(U->getSubExpr()))
        Other = true;
    } else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->isAssignmentOp() && IsVD(B->getLHS()))
        Other = true;
    }
  });
  return Allocs == 1 && Taken == 1 && !Other ? Size : nullptr;
}

bool HostFlow::readsParam(const Expr *E) {
  // main's argc and argv are the program's input, not a caller's choice.
  if (!CurrentFunction || CurrentFunction->isMain())
    return false;
  bool Found = false;
  eachStmt(E, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        Found |= P->getDeclContext() == CurrentFunction;
  });
  return Found;
}

// S without blanks.
static std::string squeezed(llvm::StringRef S) {
  std::string R;
  for (char C : S)
    if (!isspace(static_cast<unsigned char>(C)))
      R += C;
  return R;
}

bool HostFlow::remainderTaken(const char *N, const char *D, const int64_t *DValue) {
  if (!N || !D || !CurrentFunction || !CurrentFunction->getBody())
    return false;
  std::string NS = squeezed(N), DS = squeezed(D);
  auto ValueIs = [&](const Expr *E, int64_t V) {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return false;
    std::optional<int64_t> X = R.Val.getInt().tryExtValue();
    return X && *X == V;
  };
  bool Found = false;
  eachStmt(CurrentFunction->getBody(), [&](const Stmt *S) {
    const auto *B = dyn_cast<BinaryOperator>(S);
    if (Found || !B || squeezed(exprText(B->getLHS(), Ctx)) != NS)
      return;
    const Expr *R = B->getRHS();
    if (B->getOpcode() == BO_Rem || B->getOpcode() == BO_RemAssign)
      Found = squeezed(exprText(R, Ctx)) == DS || (DValue && ValueIs(R, *DValue));
    else if ((B->getOpcode() == BO_And || B->getOpcode() == BO_AndAssign) && DValue &&
             *DValue > 1 && (*DValue & (*DValue - 1)) == 0)
      Found = ValueIs(R, *DValue - 1);
  });
  return Found;
}

} // namespace kperf
