// BodyBuilder: a loop's counter and trip count -- the counter's update
// (induction), the condition as bounds on it, the trip count as a formula,
// floating-point and constant counters.  Uses body/Builder.h, body/Loops.h
// and kperf/trip.h (the trip count's formula).
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
bool mentionsAny(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars, int Depth) {
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

} // namespace body
} // namespace kperf
