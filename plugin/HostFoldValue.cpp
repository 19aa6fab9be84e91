// Host expressions folded to constants (HostFold::fold): what clang evaluates,
// the facts and values a local holds at the launch, the device properties kperf
// knows (cudaDeviceProp fields, a device-info call's warp size), operators in
// the C type's width and sign (HostFold.h says what and why clang).  Front end
// only: clang's AST and the C model layer.
#include "HostFold.h"
#include "Extract.h"
#include "Body.h"

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

bool HostFold::fold(const Expr *E, int64_t &V, int Depth) {
  if (Depth > 16 || E->isValueDependent() || E->isTypeDependent())
    return false;
  E = E->IgnoreParenImpCasts();
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx)) {
    std::optional<int64_t> X = R.Val.getInt().tryExtValue();
    if (!X)
      return false; // wider than int64_t
    V = *X;
    return true;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      for (auto It = Facts.rbegin(); It != Facts.rend(); ++It)
        if (It->first == VD) {
          if (!isUnchanged(VD, /*Params=*/true))
            break;
          V = It->second;
          return true;
        }
      bool Integral = VD->getType()->isIntegralOrEnumerationType();
      // At a launch, a local declared on the way to it: the assignment
      // (or initialiser) that reaches the launch, when one does.  What it
      // reads is read where it was made, not at the launch: only
      // constants, unchanged variables and facts there.
      if (InLaunch && Integral && VD->isLocalVarDecl() &&
          !VD->getType().isConstQualified()) {
        const Expr *At = valueAt(VD);
        if (At) {
          InLaunch = false;
          bool Ok = fold(At, V, Depth + 1);
          InLaunch = true;
          return Ok;
        }
        // Unsure on the way (a call that may write it, printf's varargs
        // included): the precise question below.
      }
      // The initialiser first: whether the variable changes is the costly
      // question.  A parameter's "initialiser" is its default argument.
      if (!isa<ParmVarDecl>(VD) && VD->getInit() && Integral) {
        bool Saved = InLaunch;
        InLaunch = false;
        bool Ok = fold(VD->getInit(), V, Depth + 1);
        InLaunch = Saved;
        if (Ok && isUnchanged(VD))
          return true;
      }
    }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (deviceProperty(ME, V))
      return true;
  return foldOp(E, V, Depth);
}

bool HostFold::deviceProperty(const MemberExpr *ME, int64_t &V) const {
  if (!Device || !ME->getMemberDecl()->getIdentifier())
    return false;
  if (deviceInfoWarpSize(ME)) {
    V = Device->WarpSize;
    return V > 0;
  }
  QualType T = ME->getBase()->getType();
  if (ME->isArrow() && T->isPointerType())
    T = T->getPointeeType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier() || RD->getName() != "cudaDeviceProp")
    return false;
  llvm::StringRef F = ME->getMemberDecl()->getName();
  int64_t X = F == "maxThreadsPerBlock"            ? Device->MaxThreadsPerBlock
              : F == "warpSize"                    ? Device->WarpSize
              : F == "multiProcessorCount"         ? Device->MultiProcessorCount
              : F == "maxThreadsPerMultiProcessor" ? Device->MaxThreadsPerMultiProcessor
              : F == "sharedMemPerBlock"           ? Device->SharedMemPerBlock
              : F == "regsPerBlock"                ? Device->RegsPerBlock
                                                   : 0;
  if (X <= 0)
    return false;
  V = X;
  return true;
}

bool HostFold::deviceInfoWarpSize(const MemberExpr *ME) {
  llvm::StringRef F = ME->getMemberDecl()->getName();
  if ((F != "warp_size" && F != "warpSize") || !ME->getType()->isIntegerType())
    return false;
  const Expr *B = ME->getBase()->IgnoreParenImpCasts();
  for (;;) {
    if (const auto *M = dyn_cast<MemberExpr>(B))
      B = M->getBase()->IgnoreParenImpCasts();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(B))
      B = A->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  return isa<CallExpr>(B);
}

bool HostFold::foldOp(const Expr *E, int64_t &V, int Depth) {
  if (!E->getType()->isIntegralOrEnumerationType())
    return false;
  int64_t A, B;
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    if (!CE->getSubExpr()->getType()->isIntegralOrEnumerationType() ||
        !fold(CE->getSubExpr(), A, Depth + 1))
      return false;
    return asType(E->getType(), A, V);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (!fold(CO->getCond(), A, Depth + 1))
      return false;
    return fold(A ? CO->getTrueExpr() : CO->getFalseExpr(), V, Depth + 1) &&
           asType(E->getType(), V, V);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!fold(UO->getSubExpr(), A, Depth + 1))
      return false;
    switch (UO->getOpcode()) {
    case UO_Plus: V = A; break;
    case UO_Minus: if (__builtin_sub_overflow((int64_t)0, A, &V)) return false; break;
    case UO_Not: V = ~A; break;
    case UO_LNot: V = !A; break;
    default: return false;
    }
    return asType(E->getType(), V, V);
  }
  // min(a, b) / max(a, b) of two folded integers (the host overloads, std::).
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier() || Call->getNumArgs() != 2)
      return false;
    llvm::StringRef Name = FD->getName();
    if ((Name != "min" && Name != "max") || !fold(Call->getArg(0), A, Depth + 1) ||
        !fold(Call->getArg(1), B, Depth + 1))
      return false;
    V = Name == "min" ? std::min(A, B) : std::max(A, B);
    return asType(E->getType(), V, V);
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !fold(BO->getLHS(), A, Depth + 1) || !fold(BO->getRHS(), B, Depth + 1))
    return false;
  bool Unsigned = BO->getLHS()->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType() ||
                  BO->getRHS()->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType();
  switch (BO->getOpcode()) {
  case BO_Add: if (__builtin_add_overflow(A, B, &V)) return false; break;
  case BO_Sub: if (__builtin_sub_overflow(A, B, &V)) return false; break;
  case BO_Mul: if (__builtin_mul_overflow(A, B, &V)) return false; break;
  case BO_Div:
  case BO_Rem:
    if (B == 0 || (A == INT64_MIN && B == -1) || (Unsigned && (A < 0 || B < 0)))
      return false;
    V = BO->getOpcode() == BO_Div ? A / B : A % B;
    break;
  case BO_Shl:
    if (B < 0 || B > 62 || A < 0 || A > (INT64_MAX >> B)) return false;
    V = A << B;
    break;
  case BO_Shr: if (B < 0 || B > 63 || A < 0) return false; V = A >> B; break;
  case BO_And: V = A & B; break;
  case BO_Or: V = A | B; break;
  case BO_Xor: V = A ^ B; break;
  case BO_LT: case BO_GT: case BO_LE: case BO_GE:
    if (Unsigned && (A < 0 || B < 0))
      return false;
    V = BO->getOpcode() == BO_LT ? A < B : BO->getOpcode() == BO_GT ? A > B
        : BO->getOpcode() == BO_LE ? A <= B : A >= B;
    break;
  case BO_EQ: V = A == B; break;
  case BO_NE: V = A != B; break;
  case BO_LAnd: V = A && B; break;
  case BO_LOr: V = A || B; break;
  default: return false;
  }
  return asType(E->getType(), V, V);
}

bool HostFold::asType(QualType T, int64_t X, int64_t &V) const {
  if (!T->isIntegralOrEnumerationType())
    return false;
  uint64_t W = Ctx.getTypeSize(T);
  if (T->isBooleanType()) {
    V = X != 0;
    return true;
  }
  if (W > 64 || W == 0)
    return false;
  if (W == 64) {
    if (T->isUnsignedIntegerOrEnumerationType() && X < 0)
      return false; // above INT64_MAX
    V = X;
    return true;
  }
  uint64_t U = static_cast<uint64_t>(X) & ((UINT64_C(1) << W) - 1);
  if (!T->isUnsignedIntegerOrEnumerationType() && (U >> (W - 1)))
    U |= ~((UINT64_C(1) << W) - 1);
  V = static_cast<int64_t>(U);
  return true;
}

} // namespace kperf
