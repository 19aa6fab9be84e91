// BodyBuilder: what nvcc -O3 unrolls -- the loop hints, whether a loop is
// unrolled whole or partly, and the size of a loop body as nvcc's unroller
// measures it.  Uses body/Builder.h, body/Loops.h and the nvcc constants of
// the builder.
#include "body/Builder.h"
#include "body/Loops.h"
#include "Pragmas.h"

#include "kperf/trip.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

// The unrolling a statement's loop hints ask for (kp_loop.unroll): 0 none,
// nvcc::PragmaUnrollFull, or a count (1: not unrolled).
int BodyBuilder::unrollHint(const AttributedStmt *AS) {
  int Unroll = 0;
  for (const Attr *At : AS->getAttrs())
    if (const auto *LH = dyn_cast<LoopHintAttr>(At)) {
      if (LH->getOption() == LoopHintAttr::Unroll && LH->getState() == LoopHintAttr::Full)
        Unroll = nvcc::PragmaUnrollFull;
      else if (LH->getOption() == LoopHintAttr::Unroll && LH->getState() == LoopHintAttr::Enable)
        Unroll = nvcc::PragmaUnrollFull;
      else if (LH->getOption() == LoopHintAttr::Unroll && LH->getState() == LoopHintAttr::Disable)
        Unroll = 1;
      else if (LH->getOption() == LoopHintAttr::UnrollCount && LH->getValue()) {
        int64_t V;
        if (foldInt(LH->getValue(), V) && V >= 0 && V <= INT32_MAX)
          Unroll = static_cast<int>(V);
      }
    }
  return Unroll;
}

// Whether nvcc -O3 unrolls a loop of Trip iterations (a constant; -1 when
// not) completely, given its unroll pragma and one iteration's size in
// unrollSize's units (see nvcc::FullUnrollBudget).
// ThreadArray: the counter indexes one of the thread's own arrays
// (indexesThreadArray; nvcc::ArrayUnrollBudget).
bool BodyBuilder::unrollsWhole(int Unroll, int64_t Trip, uint64_t IterationSize,
                               bool ThreadArray) {
  if (Trip < 0)
    return false;
  // One iteration is no loop: the compiler drops the back edge and the
  // counter is its start value, whatever the body's size.
  if (Unroll == nvcc::PragmaUnrollFull || Trip == 1)
    return true;
  if (Unroll > 0)
    return Unroll >= Trip;
  const uint64_t Budget =
      static_cast<uint64_t>(ThreadArray ? nvcc::ArrayUnrollBudget : nvcc::FullUnrollBudget);
  return Trip <= (ThreadArray ? nvcc::ArrayTripCap : nvcc::FoldTripCap) &&
         IterationSize <= Budget && static_cast<uint64_t>(Trip) * IterationSize <= Budget;
}

// Whether S subscripts an array of the thread's own (a local variable of
// constant size, not __shared__) with an index that reads Counter: `acc[m *
// TN + n]`, `sum[r][c]` for the counter m, r or c.
bool BodyBuilder::indexesThreadArray(const Stmt *S, const VarDecl *Counter, int Depth) {
  if (!S || !Counter || Depth > 256)
    return false;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    bool Reads = false;
    const Expr *Base = AS;
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Base->IgnoreParenImpCasts())) {
      if (!Reads) {
        llvm::SmallPtrSet<const VarDecl *, 1> C;
        C.insert(Counter);
        Reads = mentionsAny(Sub->getIdx(), C);
      }
      Base = Sub->getBase();
    }
    if (Reads)
      if (const auto *DR = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
          if (VD->hasLocalStorage() && !isa<clang::ParmVarDecl>(VD) &&
              isa<clang::ConstantArrayType>(VD->getType().getCanonicalType()))
            return true;
          // An inlined callee's pointer parameter bound to such an array.
          auto It = Env.find(VD);
          if (isa<clang::ParmVarDecl>(VD) && It != Env.end() && It->second.V.LocalArray)
            return true;
        }
  }
  for (const Stmt *Ch : S->children())
    if (indexesThreadArray(Ch, Counter, Depth + 1))
      return true;
  return false;
}

// One iteration's size, in unrollSize's units, as nvcc sizes a loop of Trip
// iterations it may unroll whole (nvcc::FoldTripCap, nvcc::ArrayTripCap when
// ThreadArray): up to the cap, without what folds once Counter is a constant
// (its arithmetic with constants, its update); above it, body and update as
// written.
uint64_t BodyBuilder::wholeSize(const Stmt *Body, const Expr *Inc, const VarDecl *Counter,
                                int64_t Trip, int Depth, bool ThreadArray) {
  if (!Counter || Trip < 0 || Trip > (ThreadArray ? nvcc::ArrayTripCap : nvcc::FoldTripCap))
    return unrollSize(Body, Depth) + unrollSize(Inc, Depth);
  FoldedCounters.push_back(Counter);
  uint64_t B = unrollSize(Body, Depth);
  FoldedCounters.pop_back();
  return B;
}

// Whether index E multiplies a folded counter by something that does not
// fold (the side that folds is not a constant on its own: it reads a counter).
bool BodyBuilder::runtimeStride(const Expr *E, int Depth) {
  if (!E || Depth > 64)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == clang::BO_Mul || BO->getOpcode() == clang::BO_Shl) {
      bool L = foldsAfterUnroll(BO->getLHS(), Depth + 1), R = foldsAfterUnroll(BO->getRHS(), Depth + 1);
      const Expr *Folded = L ? BO->getLHS() : BO->getRHS();
      if (L != R && !Folded->isValueDependent() && !Folded->isIntegerConstantExpr(Ctx))
        return true;
    }
    return runtimeStride(BO->getLHS(), Depth + 1) || runtimeStride(BO->getRHS(), Depth + 1);
  }
  return false;
}

// Whether E names one of FoldedCounters.
bool BodyBuilder::isFoldedCounter(const Expr *E) {
  const auto *DR = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return DR && llvm::is_contained(FoldedCounters, DR->getDecl());
}

// Whether E is arithmetic of FoldedCounters and constants only (a constant
// in every copy of a loop unrolled whole).
bool BodyBuilder::foldsAfterUnroll(const Expr *E, int Depth) {
  if (!E || Depth > 256)
    return false;
  E = E->IgnoreParens();
  // A template's parameter (TN in `m * TN + n`) is a constant in an
  // instance: see through its substitution.
  if (const auto *ST = dyn_cast<clang::SubstNonTypeTemplateParmExpr>(E))
    return foldsAfterUnroll(ST->getReplacement(), Depth + 1);
  if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<clang::CharacterLiteral>(E) ||
      isa<clang::CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<clang::EnumConstantDecl>(DR->getDecl()))
      return true;
    if (!isa<VarDecl>(DR->getDecl()))
      return false;
    if (isFoldedCounter(DR))
      return true;
    return !E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() &&
           E->isIntegerConstantExpr(Ctx);
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (isa<clang::ExplicitCastExpr>(CE) || isa<clang::ImplicitCastExpr>(CE))
      switch (CE->getCastKind()) {
      case clang::CK_LValueToRValue:
      case clang::CK_NoOp:
      case clang::CK_IntegralCast:
      case clang::CK_IntegralToFloating:
      case clang::CK_FloatingToIntegral:
      case clang::CK_FloatingCast:
      case clang::CK_IntegralToBoolean:
      case clang::CK_FloatingToBoolean:
        return foldsAfterUnroll(CE->getSubExpr(), Depth + 1);
      default:
        return false;
      }
    return false;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           foldsAfterUnroll(BO->getLHS(), Depth + 1) && foldsAfterUnroll(BO->getRHS(), Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp())
      return isFoldedCounter(UO->getSubExpr());
    switch (UO->getOpcode()) {
    case clang::UO_Minus:
    case clang::UO_Plus:
    case clang::UO_Not:
    case clang::UO_LNot:
      return foldsAfterUnroll(UO->getSubExpr(), Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return foldsAfterUnroll(CO->getCond(), Depth + 1) &&
           foldsAfterUnroll(CO->getTrueExpr(), Depth + 1) &&
           foldsAfterUnroll(CO->getFalseExpr(), Depth + 1);
  return false;
}

// Whether nvcc cannot count the iterations of a loop whose trip count is
// not a constant, and so does not unroll it without a pragma: it has no
// counter kperf recognises (while (*flag)), its counter moves by a shift or
// a multiplication (s >>= 1), or by an addition done in an unsigned type
// other than ++ or -- (i += blockDim.x, which may wrap).
// Measured with nvcc -O3 (CUDA 13, sm_86, PTX): i++, i += 2, i += 256,
// i += st (an int), i += (int)blockDim.x and i-- are unrolled by 4; i <<= 1,
// i += blockDim.x, i += blockDim.x * gridDim.x, and an unsigned i += 4 not.
bool BodyBuilder::uncountable(const Induction &Ind, const Expr *Update) {
  if (!Ind.VD)
    return true; // while (*flag): no counter at all
  if (!Update)
    return false;
  if (Ind.Kind != Induction::Add)
    return true;
  const Expr *E = Update->IgnoreParenImpCasts();
  if (isa<UnaryOperator>(E))
    return false; // ++ / --
  clang::QualType T;
  const Expr *Step = nullptr;
  if (const auto *CAO = dyn_cast<clang::CompoundAssignOperator>(E)) {
    T = CAO->getComputationResultType();
    Step = CAO->getRHS();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Assign)
      return false;
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    T = R->getType();
    if (const auto *Sum = dyn_cast<BinaryOperator>(R))
      Step = Sum->getRHS();
  } else {
    return false;
  }
  if (T.isNull() || !T->isUnsignedIntegerType())
    return false;
  int64_t V;
  return !(Step && foldInt(Step, V) && (V == 1 || V == -1));
}

// The factor nvcc -O3 unrolls a loop that stays a loop by, without a pragma:
// one iteration is IterationSize units (unrollSize), Trip its constant trip
// count (-1 when not a constant); see nvcc::PartialUnrollBudget.
int BodyBuilder::partialUnroll(uint64_t IterationSize, int64_t Trip) {
  int Max = Trip > 0 && Trip % 2 == 0 ? nvcc::MaxPartialUnroll : nvcc::RuntimeUnrollFactor;
  int F = 1;
  while (F < Max && static_cast<uint64_t>(2 * F) * IterationSize <= nvcc::PartialUnrollBudget &&
         (Trip <= 0 || Trip % 2 != 0 || Trip % (2 * F) == 0))
    F *= 2;
  return F;
}

// About the instructions statement S compiles to, as nvcc's unroller sizes
// a loop body: one unit per operator (not a plain assignment), memory
// access, conversion between integer and floating point, condition and
// one-instruction math function; nvcc::CallUnits per other call; a loop
// inside counts its body times its trip count when it is unrolled whole
// itself, else it makes S too big to unroll (nvcc -O3 keeps both loops of
// `for (i = 0; i < 8; i++) for (j = i; j < 8; j++)`).
uint64_t BodyBuilder::unrollSize(const Stmt *S, int Depth) {
  const uint64_t Cap = nvcc::RolledLoopSize;
  if (!S || Depth > 256)
    return 0;
  int Hint = 0;
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    if (isa<ForStmt>(AS->getSubStmt()) || isa<WhileStmt>(AS->getSubStmt()) ||
        isa<DoStmt>(AS->getSubStmt())) {
      Hint = unrollHint(AS);
      S = AS->getSubStmt();
    }
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) {
    const Stmt *Body = nullptr;
    const Expr *Inc = nullptr;
    if (const auto *FS = dyn_cast<ForStmt>(S))
      Body = FS->getBody(), Inc = FS->getInc();
    else if (const auto *WS = dyn_cast<WhileStmt>(S))
      Body = WS->getBody();
    else
      Body = cast<DoStmt>(S)->getBody();
    const VarDecl *Counter = nullptr;
    int64_t Trip = -1;
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      const kp_sym *T = constantTrip(FS, Counter);
      if (!T || !kp_sym_is_const(T, &Trip) || Trip < 0)
        Trip = -1;
    }
    bool Arr = Hint == 0 && indexesThreadArray(Body, Counter, 0);
    uint64_t W = wholeSize(Body, Inc, Counter, Trip, Depth + 1, Arr);
    if (Trip >= 0 && W < Cap && unrollsWhole(Hint, Trip, W, Arr))
      return std::min(Cap, static_cast<uint64_t>(Trip) * W);
    // A loop that stays a loop keeps the loops around it loops too (nvcc
    // unrolls outer loops only once their inner loops are gone).
    return Cap;
  }
  if (!FoldedCounters.empty())
    if (const auto *E = dyn_cast<Expr>(S))
      if ((isa<BinaryOperator>(E) || isa<UnaryOperator>(E) || isa<CastExpr>(E) ||
           isa<ConditionalOperator>(E)) &&
          foldsAfterUnroll(E, Depth))
        return 0;
  uint64_t Own = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    Own = BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_Comma ? 0 : 1;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    Own = UO->isIncrementDecrementOp() || UO->getOpcode() == UO_Minus ||
                  UO->getOpcode() == UO_Not || UO->getOpcode() == UO_LNot
              ? 1
              : 0;
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    // Unrolled whole, a copy's address is an offset from one register when
    // the counter's stride is a constant (sh[tx + i]); a stride known only
    // at run time (in[i * n + x]) takes arithmetic in every copy.
    Own = !FoldedCounters.empty() && runtimeStride(AS->getIdx(), 0) ? 2 : 1;
  } else if (isa<ConditionalOperator>(S) || isa<IfStmt>(S)) {
    Own = 1;
  } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    Own = ME->isArrow() ? 1 : 0;
  } else if (isa<CXXOperatorCallExpr>(S)) {
    Own = 1; // an overloaded operator: vector arithmetic, inlined
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    static const llvm::StringSet<> Cheap = {
        "fminf", "fmaxf", "fmin", "fmax", "fabsf", "fabs", "abs", "min", "max", "fmaf", "fma",
        "__fmaf_rn", "__fmul_rn", "__fadd_rn", "__fsub_rn", "__saturatef", "__ldg", "rsqrtf",
        "__expf", "__logf", "__sinf", "__cosf", "__exp2f", "__log2f", "__fdividef", "__popc",
        "__clz", "__ffs", "__mul24", "__umul24", "__syncthreads", "__syncwarp", "__shfl_sync",
        "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__float2int_rn",
        "__int2float_rn"};
    const FunctionDecl *FD = CE->getDirectCallee();
    Own = FD && FD->getIdentifier() && Cheap.count(FD->getName()) ? 1 : nvcc::CallUnits;
  } else if (const auto *Cast = dyn_cast<CastExpr>(S)) {
    Own = Cast->getCastKind() == clang::CK_IntegralToFloating ||
                  Cast->getCastKind() == clang::CK_FloatingToIntegral
              ? 1
              : 0;
  }
  for (const Stmt *Ch : S->children()) {
    Own += unrollSize(Ch, Depth + 1);
    if (Own >= Cap)
      return Cap;
  }
  return Own;
}

} // namespace body
} // namespace kperf
