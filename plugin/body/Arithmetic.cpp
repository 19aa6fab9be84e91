// BodyBuilder: arithmetic -- binary and unary operators, mad/fma fusion,
// strength reduction in loops, free and immediate operands, C's operators in
// their type's width as formulas, and ?: as a branch, min or max.  Uses
// body/Builder.h and the math-function table (kperf/mathfn.h).
#include "body/Builder.h"

#include "kperf/limits.h"
#include "kperf/mathfn.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

bool BodyBuilder::isPow2(int64_t V, int &Log) {
  if (V <= 0 || (V & (V - 1)))
    return false;
  Log = 0;
  while ((int64_t(1) << Log) < V)
    ++Log;
  return true;
}

// The innermost enclosing loop frame that is not unrolled, -1.
int BodyBuilder::innermostLoopFrame() const {
  for (int D = depth(); D > 0; --D)
    if (Frames[D].Loop >= 0)
      return D;
  return -1;
}

// An integer value affine in the counter of the innermost loop: code
// generation keeps it as an induction variable (or folds it into an
// address increment), so computing it costs nothing per iteration; in an
// unrolled loop it is a constant offset from a value computed once.
bool BodyBuilder::strengthReduced(const Lin &L) {
  int F = innermostLoopFrame();
  if (F < 0 || !L.valid)
    return false;
  for (const kp_term &T : L.termList())
    if (T.var == KP_V_LOOP + Frames[F].Loop)
      return true;
  return false;
}

Val BodyBuilder::freeValue(const Lin &L, const std::vector<const Val *> &Ops,
                           const std::string &Key) {
  Val R;
  R.L = L;
  R.Level = depth();
  R.Free = true;
  for (const Val *O : Ops) {
    R.ThreadDep |= O->ThreadDep;
    R.FromMemory |= O->FromMemory;
  }
  R.Key = Key;
  return R;
}

// A compile-time constant computed from Ops: no node.
Val BodyBuilder::immValue(const std::string &Key, const std::vector<const Val *> &Ops) {
  Val R;
  R.Imm = true;
  R.Key = Key;
  for (const Val *O : Ops)
    R.Level = std::max(R.Level, O->Level);
  return R;
}

// C's integer operator Op (/, %, <<, >>, &, |, ^) on values of type T as a
// formula (signed: truncating / and %; unsigned 32-bit: the operands taken
// modulo 2^32 first); null when kperf does not state it (wider unsigned
// types, an operand without a formula).
const kp_sym *BodyBuilder::cOp(BinaryOperatorKind Op, QualType T, const Lin &X, const Lin &Y) {
  const kp_sym *FX = formula(X), *FY = formula(Y);
  if (!FX || !FY || !T->isIntegralOrEnumerationType())
    return nullptr;
  bool Unsigned = T->isUnsignedIntegerOrEnumerationType();
  if (Unsigned) {
    if (Ctx.getTypeSize(T) > 32)
      return nullptr;
    FX = wrapU32(FX);
    FY = wrapU32(FY);
  }
  switch (Op) {
  case BO_Div:
    return kp_sym_bin(A, Unsigned ? KP_SYM_DIV : KP_SYM_TDIV, FX, FY);
  case BO_Rem:
    return kp_sym_bin(A, Unsigned ? KP_SYM_MOD : KP_SYM_TMOD, FX, FY);
  case BO_Shl:
    return kp_sym_bin(A, KP_SYM_SHL, FX, FY);
  case BO_Shr:
    return kp_sym_bin(A, KP_SYM_SHR, FX, FY);
  case BO_And:
    return kp_sym_bin(A, KP_SYM_AND, FX, FY);
  case BO_Or:
    return kp_sym_bin(A, KP_SYM_OR, FX, FY);
  case BO_Xor:
    return kp_sym_bin(A, KP_SYM_XOR, FX, FY);
  default:
    return nullptr;
  }
}

// An unsigned 32-bit operand: a constant in range and a variable (thread
// and block ids, counters, parameters) stand for themselves; anything else
// is taken modulo 2^32, as the hardware wraps it.
const kp_sym *BodyBuilder::wrapU32(const kp_sym *S) {
  int64_t V;
  if ((kp_sym_is_const(S, &V) && V >= 0 && V <= 0xffffffffLL) || S->kind == KP_SYM_VAR)
    return S;
  return kp_sym_bin(A, KP_SYM_MOD, S, C(int64_t(1) << 32));
}

// The operations of an integer or floating binary arithmetic operator.
Val BodyBuilder::arith(BinaryOperatorKind Op, const Expr *LE, const Expr *RE, QualType T,
                       SourceLocation L, const Val *LHSVal) {
  // a*b+c and a*b-c fuse into one mad/fma (p + a*b is pointer arithmetic).
  if ((Op == BO_Add || Op == BO_Sub) && !LHSVal && !T->isPointerType()) {
    for (int Side = 0; Side < 2; ++Side) {
      const Expr *MulE = (Side == 0 ? LE : RE)->IgnoreParenImpCasts();
      const Expr *Other = Side == 0 ? RE : LE;
      const auto *MB = dyn_cast<BinaryOperator>(MulE);
      if (!MB || MB->getOpcode() != BO_Mul || !MB->getType()->isArithmeticType())
        continue;
      Val X = eval(MB->getLHS()), Y = eval(MB->getRHS()), Z = eval(Other);
      kp_iclass Cl = arithClass(T);
      Lin Res;
      if (T->isIntegralOrEnumerationType()) {
        Lin P = linMul(X.L, Y.L);
        Res = Side == 0 ? linAdd(P, Z.L, Op == BO_Add ? 1 : -1)
                        : linAdd(Z.L, P, Op == BO_Add ? 1 : -1);
        int64_t CX, CY;
        bool XC = X.L.termFree() && kp_sym_is_const(X.L.base, &CX);
        bool YC = Y.L.termFree() && kp_sym_is_const(Y.L.base, &CY);
        int Lg;
        if ((XC && isPow2(CX, Lg)) || (YC && isPow2(CY, Lg)))
          Cl = KP_I_INT; // shl + add: count the add; the shift folds into the address or a shf
        else
          Cl = is64(T) ? KP_I_INT64 : KP_I_INT_MUL;
      }
      std::string Key = std::string("mad") + std::to_string(Op) + std::to_string(Side) + "(" + X.Key +
                        "," + Y.Key + "," + Z.Key + ")";
      if (T->isIntegralOrEnumerationType() && strengthReduced(Res))
        return freeValue(Res, {&X, &Y, &Z}, Key);
      if (T->isIntegralOrEnumerationType() && strengthReduced(linMul(X.L, Y.L))) {
        // A product of the loop's counter is an induction register (with the
        // other affine terms nvcc moves into it): adding the rest is one add
        // (dedispersion's `channel * N + (sample + shift)`).
        Val P = freeValue(linMul(X.L, Y.L), {&X, &Y}, "");
        P.Free = false;
        Val R = pureOp(is64(T) ? KP_I_INT64 : KP_I_INT, 1, Key, {&P, &Z}, L);
        R.L = Res;
        return R;
      }
      Val R = pureOp(Cl, 1, Key, {&X, &Y, &Z}, L);
      R.L = Res;
      return R;
    }
  }
  Val X = LHSVal ? *LHSVal : eval(LE);
  Val Y = eval(RE);
  // Pointer arithmetic: p + i, p - i.
  if ((Op == BO_Add || Op == BO_Sub) && (X.IsPtr || Y.IsPtr)) {
    Val P = X.IsPtr ? X : Y;
    const Val &I = X.IsPtr ? Y : X;
    if (X.IsPtr && Y.IsPtr) { // p - q: an integer
      Val R = pureOp(KP_I_INT64, 1, "", {&X, &Y}, L);
      return R;
    }
    P.Off = linAdd(P.Off, I.L, Op == BO_Add ? 1 : -1);
    P.Key = P.Key.empty() || I.Key.empty() ? std::string()
                                             : "padd(" + P.Key + "," + I.Key + ")";
    P.ThreadDep |= I.ThreadDep;
    P.Level = std::max(P.Level, I.Level);
    return P;
  }
  kp_iclass Cl = arithClass(T);
  unsigned N = 1;
  bool IsInt = T->isIntegralOrEnumerationType();
  Lin Res;
  int64_t CY = 0;
  bool YConst = Y.L.termFree() && kp_sym_is_const(Y.L.base, &CY);
  int Lg = 0;
  switch (Op) {
  case BO_Add:
  case BO_Sub:
    Res = linAdd(X.L, Y.L, Op == BO_Add ? 1 : -1);
    break;
  case BO_Mul:
    Res = linMul(X.L, Y.L);
    if (IsInt) {
      int64_t CX;
      bool XConst = X.L.termFree() && kp_sym_is_const(X.L.base, &CX);
      Cl = (YConst && isPow2(CY, Lg)) || (XConst && isPow2(CX, Lg)) ? KP_I_INT : KP_I_INT_MUL;
    }
    break;
  case BO_Shl:
    if (YConst && CY >= 0 && CY < 62)
      Res = linScale(X.L, C(int64_t(1) << CY));
    else if (IsInt)
      Res = linFormula(cOp(Op, T, X.L, Y.L));
    break;
  case BO_Shr:
  case BO_And:
  case BO_Or:
  case BO_Xor:
    if (IsInt)
      Res = linFormula(cOp(Op, T, X.L, Y.L));
    break;
  case BO_Div:
  case BO_Rem:
    if (IsInt) {
      bool Signed = T->isSignedIntegerType();
      if (X.L.termFree() && Y.L.termFree())
        Res = linSym(kp_sym_bin(A, Op == BO_Div ? KP_SYM_DIV : KP_SYM_MOD, X.L.base, Y.L.base));
      else
        Res = linFormula(cOp(Op, T, X.L, Y.L));
      if (YConst && isPow2(CY, Lg)) {
        Cl = KP_I_INT;
        N = Signed ? (Op == BO_Div ? nvcc::SignedPow2DivOps : nvcc::SignedPow2RemOps)
                   : nvcc::UnsignedPow2DivRemOps;
      } else if (YConst && CY != 0) {
        Cl = KP_I_INT_MUL; // mul.hi + shifts
        N = Op == BO_Div ? nvcc::ConstDivOps : nvcc::ConstRemOps;
      } else {
        Cl = KP_I_INT_DIV;
      }
    } else {
      const kp_mathfn *F = nullptr;
      const Expr *LX = LE->IgnoreParenImpCasts();
      double One = 0;
      if (const auto *FL = dyn_cast<FloatingLiteral>(LX))
        One = FL->getValueAsApproximateDouble();
      bool Dbl = Cl == KP_I_FP64;
      if (One == 1.0 && !Dbl)
        F = kp_mathfn_find("frcp", FastMath);
      if (!F)
        F = kp_mathfn_find(Dbl ? "ddiv" : "fdiv", FastMath);
      if (F) {
        Val R = emitSeq(hoistDepth(std::max(X.Level, Y.Level)), F->counts, {&X, &Y}, L);
        R.Level = R.Depth < 0 ? 0 : R.Depth;
        R.ThreadDep = X.ThreadDep || Y.ThreadDep;
        return R;
      }
      Cl = KP_I_FP_DIV;
    }
    break;
  default:
    break;
  }
  if (IsInt && Cl == KP_I_INT && is64(T))
    Cl = KP_I_INT64;
  std::string Key = std::string("b") + std::to_string(Op) + "(" + X.Key + "," + Y.Key + ")";
  if (IsInt && (Op == BO_Add || Op == BO_Sub || Op == BO_Mul || Op == BO_Shl) && strengthReduced(Res))
    return freeValue(Res, {&X, &Y}, Key);
  // Floating-point arithmetic of constants is folded.
  if (!IsInt && X.Imm && Y.Imm && X.Node < 0 && Y.Node < 0)
    return immValue(Key, {&X, &Y});
  Val R = pureOp(Cl, N, Key, {&X, &Y}, L);
  if (IsInt)
    R.L = Res;
  return R;
}

Val BodyBuilder::binary(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  SourceLocation L = BO->getOperatorLoc();
  if (Op == BO_Assign)
    return store(BO->getLHS(), eval(BO->getRHS()), L);
  if (BO->isCompoundAssignmentOp()) {
    const auto *CAO = cast<CompoundAssignOperator>(BO);
    BinaryOperatorKind Base = BinaryOperator::getOpForCompoundAssignment(Op);
    Val Old = readLValue(BO->getLHS());
    const auto *MB = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if ((Base == BO_Add || Base == BO_Sub) && MB && MB->getOpcode() == BO_Mul &&
        MB->getType()->isArithmeticType() && !Old.IsPtr) {
      // x += a*b: one fma/mad.
      Val X = eval(MB->getLHS()), Y = eval(MB->getRHS());
      QualType T = CAO->getComputationResultType();
      kp_iclass Cl = arithClass(T);
      if (T->isIntegralOrEnumerationType())
        Cl = is64(T) ? KP_I_INT64 : KP_I_INT_MUL;
      Val R;
      R.Depth = depth();
      R.Node = emit(depth(), Cl, 1, {&X, &Y, &Old}, L);
      R.Level = depth();
      R.ThreadDep = X.ThreadDep || Y.ThreadDep || Old.ThreadDep;
      if (T->isIntegralOrEnumerationType())
        R.L = linAdd(Old.L, linMul(X.L, Y.L), Base == BO_Add ? 1 : -1);
      return store(BO->getLHS(), R, L);
    }
    Val R = arith(Base, BO->getLHS(), BO->getRHS(), CAO->getComputationResultType(), L, &Old);
    return store(BO->getLHS(), R, L);
  }
  if (BO->isComparisonOp()) {
    Val X = eval(BO->getLHS()), Y = eval(BO->getRHS());
    // == and != between two truth values: an exclusive or of predicates.
    bool Combines = BO->isEqualityOp() && X.Truth && Y.Truth;
    if (Combines) { // bools promoted to int for the comparison stay predicates
      markPredLogic(X.SelR, X.SelNode, 2);
      markPredLogic(Y.SelR, Y.SelNode, 2);
    }
    return truthOp(KP_I_CMP, std::string("cmp") + std::to_string(Op) + "(" + X.Key + "," + Y.Key + ")",
                   {&X, &Y}, L, Combines);
  }
  if (BO->isLogicalOp()) {
    Val X = eval(BO->getLHS()), Y = eval(BO->getRHS());
    return truthOp(KP_I_INT, std::string("log") + std::to_string(Op) + "(" + X.Key + "," + Y.Key + ")",
                   {&X, &Y}, L, X.Truth && Y.Truth);
  }
  if (Op == BO_Comma) {
    eval(BO->getLHS());
    return eval(BO->getRHS());
  }
  return arith(Op, BO->getLHS(), BO->getRHS(), BO->getType(), L);
}

Val BodyBuilder::unary(const UnaryOperator *UO) {
  SourceLocation L = UO->getOperatorLoc();
  switch (UO->getOpcode()) {
  case UO_PreInc:
  case UO_PostInc:
  case UO_PreDec:
  case UO_PostDec: {
    Val Old = readLValue(UO->getSubExpr());
    QualType T = UO->getSubExpr()->getType();
    Val R;
    if (Old.IsPtr) {
      R = Old;
      R.Off = linAdd(Old.Off, linConst(UO->isIncrementOp() ? 1 : -1), 1);
      R.Depth = Frames.size() - 1;
      R.Node = emit(depth(), KP_I_ADDR, 1, {&Old}, L);
    } else {
      kp_iclass Cl = arithClass(T);
      if (Cl == KP_I_INT && is64(T))
        Cl = KP_I_INT64;
      R.Depth = depth();
      R.Node = emit(depth(), Cl, 1, {&Old}, L);
      R.ThreadDep = Old.ThreadDep;
      R.L = linAdd(Old.L, linConst(UO->isIncrementOp() ? 1 : -1), 1);
    }
    R.Level = depth();
    store(UO->getSubExpr(), R, L);
    return UO->isPrefix() ? R : Old;
  }
  case UO_AddrOf: {
    const Expr *S = UO->getSubExpr()->IgnoreParens();
    if (isa<ArraySubscriptExpr>(S) || isa<DeclRefExpr>(S)) {
      Val P;
      if (addressOf(S, P))
        return P;
    }
    return eval(S);
  }
  case UO_Deref:
    return load(UO);
  case UO_Plus:
    return eval(UO->getSubExpr());
  case UO_Minus: {
    Val X = eval(UO->getSubExpr());
    QualType T = UO->getType();
    kp_iclass Cl = arithClass(T);
    Val R = pureOp(Cl, 1, "neg(" + X.Key + ")", {&X}, L);
    if (T->isIntegralOrEnumerationType())
      R.L = linNeg(X.L);
    return R;
  }
  case UO_Not:
  case UO_LNot: {
    Val X = eval(UO->getSubExpr());
    if (UO->getOpcode() == UO_LNot)
      return truthOp(KP_I_CMP, "lnot(" + X.Key + ")", {&X}, L, X.Truth);
    return pureOp(KP_I_INT, 1, "not(" + X.Key + ")", {&X}, L);
  }
  default:
    return eval(UO->getSubExpr());
  }
}

// c ? x : y of integers: the branch when c folds to a constant; min or max
// when c compares x with y (a < b ? a : b, a > b ? a : b, a < b ? b : a, ...).
Lin BodyBuilder::selectValue(const ConditionalOperator *CO, const Val &T, const Val &F) {
  if (!CO->getType()->isIntegerType())
    return Lin();
  int64_t V;
  if (foldInt(CO->getCond(), V))
    return V ? T.L : F.L;
  const auto *BO = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  if (!BO || !BO->isRelationalOp())
    return Lin();
  bool Less = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE;
  auto same = [this](const Expr *X, const Expr *Y) {
    int64_t VX, VY;
    return Expr::isSameComparisonOperand(X->IgnoreParenImpCasts(), Y->IgnoreParenImpCasts()) ||
           (foldInt(X, VX) && foldInt(Y, VY) && VX == VY);
  };
  if (same(BO->getLHS(), CO->getTrueExpr()) && same(BO->getRHS(), CO->getFalseExpr()))
    return linMinMax(Less, T.L, F.L);
  if (same(BO->getLHS(), CO->getFalseExpr()) && same(BO->getRHS(), CO->getTrueExpr()))
    return linMinMax(!Less, T.L, F.L);
  return Lin();
}

} // namespace body
} // namespace kperf
