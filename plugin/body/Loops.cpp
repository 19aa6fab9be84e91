// BodyBuilder: loops -- counters and their updates, trip counts, what nvcc
// unrolls, and the values that change once per iteration.
#include "body/Builder.h"
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

// The loop counter variable V belongs to a loop nvcc unrolls completely.
bool BodyBuilder::unrolledVar(int V) {
  for (const Frame &F : Frames)
    if (F.Loop >= 0 && F.Unrolled && V == KP_V_LOOP + F.Loop)
      return true;
  return false;
}

// An index that is a constant once the enclosing unrolled loops are unrolled.
bool BodyBuilder::constAfterUnroll(const Lin &L) {
  if (!L.valid || !kp_sym_is_const(L.base, nullptr))
    return false;
  for (const kp_term &T : L.termList())
    if (!unrolledVar(T.var) || !kp_sym_is_const(T.coef, nullptr))
      return false;
  return true;
}

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

// A value as a formula for trip counts: the affine form (an outer loop's
// iteration is the variable iteration@ID), or the non-affine formula.
// Trip counts and loop starts are never formulas of values loaded from
// memory (they stand for data, not for sizes the user can give).
const kp_sym *BodyBuilder::tripSym(const Lin &L) {
  const kp_sym *F = formula(L);
  return mentionsLoaded(F) ? nullptr : F;
}

// The loop's update: i++, ++i, i--, i += s, i -= s, i = i + s, i *= 2, i <<= 1,
// i >>= 1, i /= 2.
BodyBuilder::Induction BodyBuilder::induction(const Expr *Inc) {
  Induction I;
  if (!Inc)
    return I;
  Inc = Inc->IgnoreParenImpCasts();
  auto varOf = [](const Expr *E) -> const VarDecl * {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (UO->isIncrementDecrementOp() && (I.VD = varOf(UO->getSubExpr()))) {
      I.Kind = Induction::Add;
      I.Step = linConst(UO->isIncrementOp() ? 1 : -1);
    }
    return I;
  }
  const auto *BO = dyn_cast<BinaryOperator>(Inc);
  if (!BO || !(I.VD = varOf(BO->getLHS())))
    return I;
  // The update as `i = i OP x`: from a compound assignment, or spelled out
  // (i = i + s, i = s + i, i = i * 2, ...).
  BinaryOperatorKind Op;
  const Expr *Other = nullptr;
  if (BO->isCompoundAssignmentOp()) {
    Op = BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
    Other = BO->getRHS();
  } else if (BO->getOpcode() == BO_Assign) {
    const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!R)
      return Induction();
    Op = R->getOpcode();
    if (varOf(R->getLHS()) == I.VD)
      Other = R->getRHS();
    else if (varOf(R->getRHS()) == I.VD && (Op == BO_Add || Op == BO_Mul))
      Other = R->getLHS();
  } else {
    return Induction();
  }
  if (!Other)
    return Induction();
  if (Op == BO_Add || Op == BO_Sub) {
    Lin S = evalQuiet(Other);
    if (S.termFree()) {
      I.Kind = Induction::Add;
      I.Step = Op == BO_Add ? S : linNeg(S);
    }
  } else {
    // Doubling and halving counters: *2, <<1, >>1, /2, and by several
    // bits at once: *4, <<2, >>2, /4 ...
    int64_t V = 0;
    int Lg = 0;
    if (foldInt(Other, V)) {
      if (Op == BO_Mul && V >= 2 && isPow2(V, Lg) && Lg <= 30) {
        I.Kind = Induction::Mul2;
        I.Shift = Lg;
      } else if (Op == BO_Shl && V >= 1 && V <= 30) {
        I.Kind = Induction::Mul2;
        I.Shift = static_cast<int>(V);
      } else if (Op == BO_Div && V >= 2 && isPow2(V, Lg) && Lg <= 30) {
        I.Kind = Induction::Shr1;
        I.Shift = Lg;
      } else if (Op == BO_Shr && V >= 1 && V <= 30) {
        I.Kind = Induction::Shr1;
        I.Shift = static_cast<int>(V);
      }
    }
  }
  if (I.Kind == Induction::None)
    I.VD = nullptr;
  return I;
}

// A for loop's update: one of induction()'s forms, or several joined by
// commas (i++, j--) or `k = j++` (j counts, k trails it): the counter is
// then the variable the condition compares.
BodyBuilder::Induction BodyBuilder::updateOf(const Expr *Inc, const Expr *Cond,
                                             const Modified *Mod) {
  Induction I = induction(Inc);
  if (I.VD || !Inc || !Cond)
    return I;
  std::vector<const Expr *> Parts;
  joinedParts(Inc, BO_Comma, SIZE_MAX, Parts);
  Induction Found;
  int N = 0;
  for (const Expr *P : Parts) {
    Induction C2 = induction(P);
    const auto *BO = dyn_cast<BinaryOperator>(P);
    if (!C2.VD && BO && BO->getOpcode() == BO_Assign)
      C2 = induction(BO->getRHS()); // k = j++: j's update
    if (C2.VD && boundOf(Cond, C2.VD, Mod).Ok) {
      Found = C2;
      ++N;
    }
  }
  return N == 1 ? Found : Induction();
}

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == VD;
}

const Expr *comparedWith(const BinaryOperator *Cmp, const VarDecl *VD, BinaryOperatorKind &Op) {
  Op = Cmp->getOpcode();
  if (refersTo(Cmp->getLHS(), VD))
    return Cmp->getRHS();
  if (!refersTo(Cmp->getRHS(), VD))
    return nullptr;
  Op = BinaryOperator::reverseComparisonOp(Op);
  return Cmp->getLHS();
}

// Whether S mentions one of the variables (deeper than 256 levels: taken
// as yes).
static bool mentionsAny(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars,
                        int Depth = 0) {
  if (!S)
    return false;
  if (Depth > 256)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return Vars.count(VD) != 0;
  for (const Stmt *Ch : S->children())
    if (mentionsAny(Ch, Vars, Depth + 1))
      return true;
  return false;
}

// Whether E is the counter VD plus an offset that does not mention it (`k`,
// `base + k`, `k + base`, `k - 1`, `(b * T + k)`): Off its value.
bool BodyBuilder::counterPlus(const Expr *E, const VarDecl *VD, Lin &Off, int Depth) {
  if (Depth > 16)
    return false;
  E = E->IgnoreParenImpCasts();
  if (refersTo(E, VD)) {
    Off = linConst(0);
    return true;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub) ||
      !BO->getType()->isIntegralOrEnumerationType())
    return false;
  llvm::SmallPtrSet<const VarDecl *, 1> Self;
  Self.insert(VD);
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  Lin Inner;
  if (!mentionsAny(R, Self) && counterPlus(L, VD, Inner, Depth + 1)) {
    Off = linAdd(Inner, evalQuiet(R), BO->getOpcode() == BO_Add ? 1 : -1);
    return formula(Off) != nullptr;
  }
  if (BO->getOpcode() == BO_Add && !mentionsAny(L, Self) && counterPlus(R, VD, Inner, Depth + 1)) {
    Off = linAdd(Inner, evalQuiet(L), 1);
    return formula(Off) != nullptr;
  }
  return false;
}

BodyBuilder::Bound BodyBuilder::boundOf(const Expr *Cond, const VarDecl *VD, const Modified *Mod) {
  Bound B;
  if (!Cond || !VD)
    return B;
  // The conjuncts of `a && b && ...`.
  std::vector<const Expr *> Conj, Work{Cond};
  while (!Work.empty()) {
    const Expr *E = Work.back()->IgnoreParenImpCasts();
    Work.pop_back();
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (BO && BO->getOpcode() == BO_LAnd) {
      Work.push_back(BO->getRHS());
      Work.push_back(BO->getLHS());
    } else {
      Conj.push_back(E);
    }
    if (Conj.size() + Work.size() > 16)
      return Bound();
  }
  llvm::SmallPtrSet<const VarDecl *, 1> Self;
  Self.insert(VD);
  for (const Expr *E : Conj) {
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (Conj.size() > 1 && !mentionsAny(E, Self)) {
      // A condition the loop does not change (`i < n && flag`): the loop
      // runs only when it holds.
      std::vector<kp_guard> G;
      if (!Mod || mentionsAny(E, Mod->Vars) || !condGuards(E, false, G))
        return Bound();
      B.When.insert(B.When.end(), G.begin(), G.end());
      continue;
    }
    if (!BO || !BO->isComparisonOp())
      return Bound();
    BinaryOperatorKind Op;
    Lin Limit, Off;
    if (const Expr *Other = comparedWith(BO, VD, Op)) {
      Limit = evalQuiet(Other);
    } else if (!mentionsAny(BO->getRHS(), Self) && counterPlus(BO->getLHS(), VD, Off, 0)) {
      // base + i < n: i < n - base (also alone: `offset + S <= BM`, a
      // tile loop that stops before a partial step).  kp_sym's arithmetic
      // does not wrap, so an unsigned n < base gives no iteration, as the
      // comparison does.
      Op = BO->getOpcode();
      Limit = linAdd(evalQuiet(BO->getRHS()), Off, -1);
    } else if (!mentionsAny(BO->getLHS(), Self) && counterPlus(BO->getRHS(), VD, Off, 0)) {
      Op = BinaryOperator::reverseComparisonOp(BO->getOpcode());
      Limit = linAdd(evalQuiet(BO->getLHS()), Off, -1);
    } else {
      return Bound();
    }
    if (!tripSym(Limit))
      return Bound();
    B.Limits.emplace_back(Op, Limit);
  }
  B.Ok = !B.Limits.empty();
  return B;
}

// The kp_cmp of a comparison `i Op bound`; false for other operators.
static bool cmpOf(BinaryOperatorKind Op, kp_cmp &Cmp) {
  switch (Op) {
  case BO_LT: Cmp = KP_CMP_LT; return true;
  case BO_LE: Cmp = KP_CMP_LE; return true;
  case BO_GT: Cmp = KP_CMP_GT; return true;
  case BO_GE: Cmp = KP_CMP_GE; return true;
  case BO_NE: Cmp = KP_CMP_NE; return true;
  default: return false;
  }
}

// Trip count of a loop with counter starting at Init, updated by Ind, while
// every `i Op Limit` of B (and its conditions without the counter) holds.
const kp_sym *BodyBuilder::tripOf(const Lin &Init, const Induction &Ind, const Bound &B) {
  kp_step_kind Kind = Ind.Kind == Induction::Add    ? KP_STEP_ADD
                      : Ind.Kind == Induction::Mul2 ? KP_STEP_MUL2
                                                    : KP_STEP_SHR1;
  if (Ind.Kind == Induction::None ||
      (Ind.Kind == Induction::Add && mentionsLoaded(Ind.Step.base)) || B.Limits.empty())
    return nullptr;
  std::vector<const kp_sym *> Trips;
  for (const auto &[Op, Limit] : B.Limits) {
    kp_cmp Cmp;
    if (!cmpOf(Op, Cmp))
      return nullptr;
    const kp_sym *T = kp_trip_count(A, tripSym(Init), Kind,
                                    Ind.Kind == Induction::Add ? Ind.Step.base : nullptr, Cmp,
                                    tripSym(Limit));
    // Several bits per update: the counter takes every Shift-th value of the
    // one-bit counter, from the first: ceil(trip / Shift) of them.
    if (T && Ind.Kind != Induction::Add && Ind.Shift > 1)
      T = kp_sym_bin(A, KP_SYM_CEILDIV, T, C(Ind.Shift));
    if (!T)
      return nullptr;
    Trips.push_back(T);
  }
  return kp_trip_conjunction(A, Trips.data(), Trips.size(), B.When.data(), B.When.size());
}

// The trip count of `for (float v = -3; v <= 3; v++)`: a floating-point
// counter with integer constants for its start, bound and step (+= c, -=
// c, ++, --), changed nowhere else.  Null otherwise.
const kp_sym *BodyBuilder::floatTrip(const ForStmt *FS, Modified &Mod) {
  const VarDecl *VD = nullptr;
  const kp_sym *T = constantTrip(FS, VD);
  return VD && VD->getType()->isRealFloatingType() && Mod.Count[VD] == 1 ? T : nullptr;
}

// The trip count of `for (T i = A; i cmp B; i++)` (i--, i += C, i -= C; the
// bound on either side) with A, B and C integers below 2^24, exact in a
// float too; null otherwise.  Counter: i, once the loop declares one.
const kp_sym *BodyBuilder::constantTrip(const ForStmt *FS, const VarDecl *&Counter) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
  const auto *VD = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  Counter = VD;
  if (!VD || !VD->getInit() || !FS->getCond() || !FS->getInc())
    return nullptr;
  auto IntConst = [&](const Expr *E, double &V) {
    if (!E || E->isValueDependent())
      return false;
    E = E->IgnoreParenImpCasts();
    Expr::EvalResult R;
    llvm::APFloat F(0.0);
    double X;
    if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx)) {
      std::optional<int64_t> I = R.Val.getInt().tryExtValue();
      if (!I)
        return false;
      X = static_cast<double>(*I);
    } else if (E->getType()->isRealFloatingType() && E->EvaluateAsFloat(F, Ctx)) {
      X = F.convertToDouble();
    } else {
      return false;
    }
    if (!std::isfinite(X) || X != std::floor(X) || std::fabs(X) >= (1 << 24))
      return false;
    V = X;
    return true;
  };
  auto IsVar = [&](const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return D && D->getDecl() == VD;
  };
  double Start, Bound, Step = 0;
  if (!IntConst(VD->getInit(), Start))
    return nullptr;
  const Expr *Inc = FS->getInc()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc); U && U->isIncrementDecrementOp() &&
                                                     IsVar(U->getSubExpr()))
    Step = U->isIncrementOp() ? 1 : -1;
  else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
           CA && IsVar(CA->getLHS()) && IntConst(CA->getRHS(), Step) &&
           (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign))
    Step = CA->getOpcode() == BO_AddAssign ? Step : -Step;
  if (Step == 0)
    return nullptr;
  const auto *B = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  if (!B || !B->isRelationalOp())
    return nullptr;
  BinaryOperatorKind Op = B->getOpcode();
  if (IsVar(B->getLHS()) && IntConst(B->getRHS(), Bound)) {
  } else if (IsVar(B->getRHS()) && IntConst(B->getLHS(), Bound)) {
    Op = BinaryOperator::reverseComparisonOp(Op);
  } else {
    return nullptr;
  }
  // Every value the counter takes lies between its start and its bound,
  // integers under 2^24: exact in a float, so the integer loop's count.
  kp_cmp Cmp = KP_CMP_GE;
  cmpOf(Op, Cmp);
  return kp_trip_count(A, C(static_cast<int64_t>(Start)), KP_STEP_ADD,
                       C(static_cast<int64_t>(Step)), Cmp, C(static_cast<int64_t>(Bound)));
}

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

// Long: a loop's steps in order, each commented: the counter and what the
// loop modifies, the trip count, nvcc's unrolling decision, the body walked
// once per copy, the model's loop record.  The steps share the counter's
// state and the frames pushed for the body.
void BodyBuilder::loop(const Stmt *S) {
  int Unroll = PendingUnroll;
  PendingUnroll = 0;
  const Stmt *Init = nullptr, *Body = nullptr;
  const Expr *Cond = nullptr, *Inc = nullptr;
  bool IsDo = false;
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    Init = FS->getInit();
    Cond = FS->getCond();
    Inc = FS->getInc();
    Body = FS->getBody();
  } else if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    Cond = WS->getCond();
    Body = WS->getBody();
  } else if (const auto *DS = dyn_cast<DoStmt>(S)) {
    Cond = DS->getCond();
    Body = DS->getBody();
    IsDo = true;
  }
  if (Init)
    stmt(Init);

  // Which variables the loop modifies, and the induction variable.
  Modified Mod;
  Mod.TraverseStmt(const_cast<Stmt *>(Body));
  if (Inc)
    Mod.TraverseStmt(const_cast<Expr *>(Inc));
  if (Cond)
    Mod.TraverseStmt(const_cast<Expr *>(Cond));
  Induction Ind = updateOf(Inc, Cond, &Mod);
  const Stmt *IncStmt = nullptr;
  if ((!Ind.VD || (Cond && !boundOf(Cond, Ind.VD, &Mod).Ok)) && Body) {
    // while/do, or a for whose update is not the counter the condition
    // compares: the counter's update is a statement of the body (the last
    // one that updates a variable the condition compares).
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      for (const Stmt *St : CS->body())
        if (const auto *E = dyn_cast<Expr>(St)) {
          Induction C2 = induction(E);
          if (C2.VD && Cond && boundOf(Cond, C2.VD, &Mod).Ok) {
            Ind = C2;
            IncStmt = St;
          }
        }
  }
  // The counter must change only in its update.
  if (Ind.VD && Mod.Count[Ind.VD] > 1)
    Ind = Induction();

  kp_loop *Lp = kp_kernel_add_loop(M, K);
  if (!Lp)
    return;
  Lp->loc = loc(S->getBeginLoc());
  Lp->unroll = Unroll;
  for (int D = depth(); D >= 0; --D)
    if (Frames[D].Loop >= 0) {
      Lp->parent = Frames[D].Loop;
      break;
    }

  Lin InitL;
  if (Ind.VD) {
    Lp->var = str(Ind.VD->getNameAsString());
    auto It = Env.find(Ind.VD);
    if (It != Env.end())
      InitL = It->second.V.L;
    Lp->init = tripSym(InitL);
    if (Ind.Kind == Induction::Add)
      Lp->step = Ind.Step.base;
    Lp->step_kind = Ind.Kind == Induction::Mul2   ? KP_STEP_MUL2
                    : Ind.Kind == Induction::Shr1 ? KP_STEP_SHR1
                                                  : KP_STEP_ADD;
    if (Ind.Kind != Induction::Add)
      Lp->shift = Ind.Shift;
  }
  const kp_sym *Trip = nullptr;
  const char *Why = nullptr;
  if (!Ind.VD)
    Why = Cond ? "no counter kperf recognises (i++, i += s, i *= 2, i >>= 1)" : "no condition";
  else {
    Bound B = boundOf(Cond, Ind.VD, &Mod);
    if (!B.Ok)
      Why = "the condition is not a comparison of the counter with a bound kperf can follow";
    else if (!(Trip = tripOf(InitL, Ind, B)))
      Why = "the counter's start, step or bound is not a formula kperf can follow";
  }
  if (!Trip && isa<ForStmt>(S))
    if ((Trip = floatTrip(cast<ForStmt>(S), Mod)))
      Why = nullptr;
  if (Trip && IsDo)
    Trip = kp_sym_bin(A, KP_SYM_MAX, C(1), Trip);
  std::optional<int64_t> P = tripPragmaFor(Ctx.getSourceManager(), S->getBeginLoc());
  if (P) {
    Lp->trip = C(*P);
    Lp->trip_kind = KP_TRIP_PRAGMA;
  } else if (Trip) {
    Lp->trip = Trip;
    Lp->trip_kind = KP_TRIP_EXACT;
  } else {
    kp_loc LL = Lp->loc;
    std::string Name = "trip@" + std::string(LL.file ? basename(LL.file) : "?") + ":" + std::to_string(LL.line);
    Lp->trip_param = str(Name);
    Lp->trip = Var(Lp->trip_param);
    Lp->trip_kind = KP_TRIP_UNKNOWN;
    Lp->why = Why;
    kp_kernel_note(M, K, Lp->loc,
                   "loop trip count unknown (%s); it is the parameter '%s': set it with "
                   "'#pragma kperf trip(N)' before the loop or -fplugin-arg-kperf-arg=%s=N",
                   Why, Name.c_str(), Name.c_str());
  }
  Lp->thread_dependent = kp_sym_uses_prefix(Lp->trip, "threadIdx.");
  int64_t TripC = -1;
  bool TripConst = kp_sym_is_const(Lp->trip, &TripC);
  // What nvcc -O3 does: a loop with a constant trip count is unrolled
  // completely under a bare #pragma unroll (or a count at least the trip
  // count), and without a pragma when it is small (nvcc::FullUnrollBudget,
  // sized by wholeSize); other loops are unrolled by the pragma's count,
  // else by the factor their size allows (partialUnroll; a bare #pragma
  // unroll on a loop without a constant trip count: nvcc::RuntimeUnrollFactor;
  // `#pragma unroll 1`: not unrolled).
  // (A trip count from #pragma kperf trip is kperf's, not the compiler's.)
  // Without a pragma, a loop around a loop that stays a loop is not unrolled
  // at all (nvcc -O3 unrolls only innermost loops in groups: dedispersion's
  // tile loops around its channel loop run one iteration after another).
  uint64_t Size = Unroll == 0 ? unrollSize(Body, 0) + unrollSize(Inc, 0) : 0;
  bool AroundLoop = Unroll == 0 && Size >= nvcc::RolledLoopSize;
  bool Arr = Unroll == 0 && indexesThreadArray(Body, Ind.VD, 0);
  bool FullUnroll = TripConst && TripC >= 0 && Lp->trip_kind == KP_TRIP_EXACT &&
                    unrollsWhole(Unroll, TripC,
                                 Unroll == 0 && !AroundLoop
                                     ? wholeSize(Body, Inc, Ind.VD, TripC, 0, Arr)
                                     : Size,
                                 Arr);
  Lp->unrolled_by = FullUnroll || AroundLoop ? 1
                    : Unroll > 0             ? Unroll
                    : Unroll < 0             ? nvcc::RuntimeUnrollFactor
                    : TripConst && Lp->trip_kind == KP_TRIP_EXACT ? partialUnroll(Size, TripC)
                    : uncountable(Ind, IncStmt ? dyn_cast<Expr>(IncStmt) : Inc)
                        ? 1
                        : partialUnroll(Size, -1);
  Lp->unrolled_whole = FullUnroll;

  // The loop's entry test (skipped by nvcc when the trip count is a known positive constant).
  if (!TripConst && !IsDo) {
    emit(depth(), KP_I_CMP, 1, {}, S->getBeginLoc());
    emit(depth(), KP_I_BRANCH, 1, {}, S->getBeginLoc());
  }

  // Variables other than the counter that the body moves once per
  // iteration, by a statement of its own at the top of the body (offset *=
  // 2, d >>= 1, j += 4 next to the counter i): their value at the start of
  // iteration `iteration@ID` is a formula of it, when they start from a
  // value uniform across threads and nothing can skip the update.
  std::map<const VarDecl *, Induction> Secondary;
  std::map<const VarDecl *, Lin> SecondaryInit;
  // The same for a position that wraps around a ring of 2^k elements, `pos
  // = (pos + 4) & 63` (or `% 64` of an unsigned): after N updates it is
  // (v0 + N * c) & m, for any start v0 whose formula is known (also one that
  // differs between threads: `pos = 4 * (t & 15)`), since & m keeps the sum
  // modulo 2^k.  Wraps: the step's formula and the mask, per variable.
  std::map<const VarDecl *, std::pair<const kp_sym *, int64_t>> Wraps;
  auto wrapped = [&](const Expr *E, const VarDecl *Counter, const Modified &M) {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || BO->getOpcode() != BO_Assign)
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD == Counter || !VD->getType()->isIntegerType() || M.Count.count(VD) == 0 ||
        M.Count.at(VD) != 1)
      return;
    const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    int64_t Mod = 0;
    int Lg = 0;
    if (!R || !foldInt(R->getRHS(), Mod))
      return;
    if (R->getOpcode() == BO_And && Mod >= 1 && isPow2(Mod + 1, Lg) && Lg <= 30)
      ;
    else if (R->getOpcode() == BO_Rem && VD->getType()->isUnsignedIntegerType() && Mod >= 2 &&
             isPow2(Mod, Lg) && Lg <= 30)
      Mod -= 1;
    else
      return;
    const auto *Sum = dyn_cast<BinaryOperator>(R->getLHS()->IgnoreParenImpCasts());
    if (!Sum || Sum->getOpcode() != BO_Add)
      return;
    const Expr *Other = refersTo(Sum->getLHS(), VD)   ? Sum->getRHS()
                        : refersTo(Sum->getRHS(), VD) ? Sum->getLHS()
                                                      : nullptr;
    if (!Other)
      return;
    Lin Step = evalQuiet(Other);
    auto It = Env.find(VD);
    if (!Step.termFree() || !Step.base || It == Env.end() || !formula(It->second.V.L) ||
        mentionsLoaded(formula(It->second.V.L)))
      return;
    Wraps[VD] = {Step.base, Mod};
    SecondaryInit[VD] = It->second.V.L;
  };
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
    if (!exits(Body))
      for (const Stmt *St : CS->body()) {
        const auto *E = dyn_cast<Expr>(St);
        if (!E || St == IncStmt)
          continue;
        Induction C2 = induction(E);
        if (!C2.VD) {
          wrapped(E, Ind.VD, Mod);
          continue;
        }
        if (C2.VD == Ind.VD || Mod.Count[C2.VD] != 1 ||
            !C2.VD->getType()->isIntegralOrEnumerationType())
          continue;
        if (C2.Kind == Induction::Add && !C2.Step.termFree())
          continue;
        auto It = Env.find(C2.VD);
        if (It == Env.end() || !uniform(It->second.V.L))
          continue;
        Secondary[C2.VD] = C2;
        SecondaryInit[C2.VD] = It->second.V.L;
      }
  }
  // The value of secondary variable VD after N updates (N a formula).
  auto secondaryAt = [&](const VarDecl *VD, const kp_sym *N) -> Lin {
    const Lin &I0 = SecondaryInit[VD];
    const kp_sym *F0 = formula(I0);
    if (!N || !F0)
      return Lin();
    if (Wraps.count(VD)) {
      // v0 + min(N, 1) * (((v0 + N * c) & m) - v0): v0 before the first update.
      const kp_sym *S = kp_sym_bin(A, KP_SYM_AND, kp_sym_add(A, F0, kp_sym_mul(A, N, Wraps[VD].first)),
                                   C(Wraps[VD].second));
      const kp_sym *Once = kp_sym_bin(A, KP_SYM_MIN, N, C(1));
      return linFormula(kp_sym_add(A, F0, kp_sym_mul(A, Once, kp_sym_sub(A, S, F0))));
    }
    const Induction &SI = Secondary[VD];
    if (SI.Kind == Induction::Add)
      return linAdd(I0, linSym(kp_sym_mul(A, N, SI.Step.base)), 1);
    const kp_sym *Bits = SI.Shift > 1 ? kp_sym_mul(A, C(SI.Shift), N) : N;
    return linSym(kp_sym_bin(A, SI.Kind == Induction::Mul2 ? KP_SYM_SHL : KP_SYM_SHR, F0, Bits));
  };

  // A break or continue ends an iteration or the loop, not the code after
  // the loop: every thread that entered it is there again.  What such an
  // exit does to the guards of the frames around the loop is undone after
  // it (a return, goto or throw in the body still counts).
  std::vector<std::pair<std::vector<kp_guard>, unsigned char>> OuterGuards;
  std::vector<std::vector<kp_guard>> OuterAny;
  bool LoopExitsOnly = Body && !leavesFunction(Body);
  if (LoopExitsOnly)
    for (const Frame &Fr : Frames) {
      OuterGuards.emplace_back(Fr.Guards, Fr.GuardsUnknown);
      OuterAny.push_back(Fr.AnyGuards);
    }

  // Enter the body: variables the loop modifies vary per iteration.
  Frame F;
  F.R = &Lp->body;
  F.Loop = Lp->id;
  F.Divergent = Frames.back().Divergent || Lp->thread_dependent;
  F.Unrolled = FullUnroll;
  F.Branch = Frames.back().Branch;
  F.Side = Frames.back().Side;
  F.Guards = Frames.back().Guards;
  F.GuardsUnknown = Frames.back().GuardsUnknown;
  F.AnyGuards = Frames.back().AnyGuards;
  Frames.push_back(F);
  for (const VarDecl *VD : Mod.Vars) {
    auto It = Env.find(VD);
    Val V = It == Env.end() ? Val() : It->second.V;
    V.Depth = -1;
    V.Node = -1;
    forgetTruth(V); // carried across iterations
    V.Free = false;  // a register the loop updates
    V.Imm = false;
    V.Level = depth();
    if (VD == Ind.VD && Ind.Kind == Induction::Add && (InitL.valid || InitL.sym)) {
      // (A start that is not affine, n >> 2, makes the counter a formula.)
      V.L = linAdd(InitL, linVar(KP_V_LOOP + Lp->id, Ind.Step.base), 1);
      // In a loop run in groups, each copy's counter is an offset of the
      // group's: an add when an operation other than an address uses it.
      V.Free = !FullUnroll && Lp->unrolled_by > 1;
    } else if (VD == Ind.VD && (InitL.valid || InitL.sym)) {
      // Multiplicative counters are uniform across threads when their start is.
      V.L = uniform(InitL) ? linSym(Var(Lp->var)) : Lin();
    } else if (Secondary.count(VD) && Secondary[VD].Kind == Induction::Add) {
      V.L = linAdd(SecondaryInit[VD], linVar(KP_V_LOOP + Lp->id, Secondary[VD].Step.base), 1);
      V.Off = Lin();
    } else if (Secondary.count(VD) || Wraps.count(VD)) {
      std::string It = "iteration@" + std::to_string(Lp->id);
      V.L = secondaryAt(VD, Var(It.c_str()));
      V.Off = Lin();
    } else {
      V.L = Lin();
      V.Off = Lin();
    }
    VarInfo &VI = Env[VD];
    VI.Version = ++VersionCounter;
    V.Key = keyOf(VD);
    VI.V = V;
  }
  // A loop whose condition differs between threads: the threads still
  // iterating satisfy it (do loops run their first iteration without it).
  if (Lp->thread_dependent || Lp->trip_kind == KP_TRIP_UNKNOWN) {
    if (IsDo || !Cond) {
      Frames.back().GuardsUnknown = GuardsOther;
      Frames.back().AnyGuards.clear();
    } else
      addGuards(Frames.back(), Cond, false);
  }
  forgetLoads(nullptr);
  // Body, then the update and the test (unless fully unrolled).
  if (IncStmt) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      for (const Stmt *St : CS->body())
        if (St != IncStmt)
          stmt(St);
  } else {
    stmt(Body);
  }
  if (!Ind.VD && Cond) {
    // No counter: the condition's own work (loads, calls) runs every iteration.
    Val CV = eval(Cond);
    emit(depth(), KP_I_BRANCH, 1, {&CV}, S->getBeginLoc());
  } else if (!FullUnroll) {
    Val Upd;
    Upd.Depth = depth();
    Upd.Node = emit(depth(), KP_I_INT, 1, {}, S->getBeginLoc());
    int CmpN = emit(depth(), KP_I_CMP, 1, {&Upd}, S->getBeginLoc());
    Val CmpV;
    CmpV.Depth = depth();
    CmpV.Node = CmpN;
    int BrN = emit(depth(), KP_I_BRANCH, 1, {&CmpV}, S->getBeginLoc());
    if (Lp->unrolled_by > 1)
      for (int N : {Upd.Node, CmpN, BrN})
        if (N >= 0)
          Frames.back().R->nodes[N].per_group = 1;
  }
  Frames.pop_back();
  if (LoopExitsOnly)
    for (size_t I = 0; I < OuterGuards.size() && I < Frames.size(); ++I) {
      Frames[I].Guards = OuterGuards[I].first;
      Frames[I].GuardsUnknown = OuterGuards[I].second;
      Frames[I].AnyGuards = OuterAny[I];
    }
  kp_node *Nd = addNode(Frames.back().R);
  if (!Nd)
    return;
  Nd->kind = KP_NODE_LOOP;
  Nd->loop = Lp;
  Nd->loc = Lp->loc;
  int Node = static_cast<int>(Frames.back().R->nnodes - 1);
  // After the loop, a secondary variable has moved once per iteration, when
  // every thread runs the same number of them.
  bool TripUniform = Lp->trip_kind != KP_TRIP_UNKNOWN && !Lp->thread_dependent &&
                     !kp_sym_uses_prefix(Lp->trip, "threadIdx.");
  for (const VarDecl *VD : Mod.Vars) {
    VarInfo &VI = Env[VD];
    Val V = VI.V;
    forgetTruth(V);
    V.L = (Secondary.count(VD) || Wraps.count(VD)) && TripUniform ? secondaryAt(VD, Lp->trip) : Lin();
    V.Off = Lin();
    V.Depth = depth();
    V.Node = Node;
    V.Level = depth();
    VI.Version = ++VersionCounter;
    V.Key = keyOf(VD);
    VI.V = V;
    for (Frame &Fr : Frames)
      Fr.Assigned.insert(VD);
  }
  forgetLoads(nullptr);
}

const char *BodyBuilder::basename(const char *P) {
  const char *S = strrchr(P, '/');
  return S ? S + 1 : P;
}

} // namespace body
} // namespace kperf
