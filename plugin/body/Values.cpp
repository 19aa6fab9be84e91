// BodyBuilder: integer values as affine forms over thread/block ids and loop
// counters, or as formulas when not affine (Lin), and their arithmetic.
#include "body/Builder.h"

#include "clang/AST/Type.h"

#include <algorithm>
#include <cstring>
#include <string>

using namespace clang;

namespace kperf {
namespace body {

// Names of KP_V_TID_X .. KP_V_CTAID_Z in formulas.
const char *const *const VarNames = kp_id_names;

Lin BodyBuilder::linConst(int64_t V) {
  Lin L;
  L.Valid = true;
  L.Base = C(V);
  return L;
}

Lin BodyBuilder::linSym(const kp_sym *S) {
  Lin L;
  L.Valid = S != nullptr;
  L.Base = S;
  return L;
}

Lin BodyBuilder::linVar(int V, const kp_sym *Coef) {
  Lin L;
  L.Valid = true;
  L.Base = C(0);
  L.Terms.push_back({V, Coef});
  return L;
}

// The value of an integer as a formula over thread ids, "iteration@N",
// parameters ...: from the affine form, or the non-affine formula; null
// when it has neither.
const kp_sym *BodyBuilder::formula(const Lin &L) { return L.Valid ? guardSym(L) : L.Sym; }

// A non-affine value with formula S (null: unknown).
Lin BodyBuilder::linFormula(const kp_sym *S) {
  Lin L;
  L.Sym = S;
  return L;
}

Lin BodyBuilder::linAdd(const Lin &X, const Lin &Y, int Sign) {
  Lin R;
  if (!X.Valid || !Y.Valid) {
    const kp_sym *FX = formula(X), *FY = formula(Y);
    if (FX && FY)
      R.Sym = Sign > 0 ? kp_sym_add(A, FX, FY) : kp_sym_sub(A, FX, FY);
    return R;
  }
  R.Valid = true;
  R.Base = Sign > 0 ? kp_sym_add(A, X.Base, Y.Base) : kp_sym_sub(A, X.Base, Y.Base);
  R.Terms = X.Terms;
  for (const auto &T : Y.Terms) {
    const kp_sym *Cf = Sign > 0 ? T.second : kp_sym_sub(A, C(0), T.second);
    bool Merged = false;
    for (auto &U : R.Terms)
      if (U.first == T.first) {
        U.second = kp_sym_add(A, U.second, Cf);
        Merged = true;
      }
    if (!Merged)
      R.Terms.push_back({T.first, Cf});
  }
  // Drop terms whose coefficient folded to 0.
  std::vector<std::pair<int, const kp_sym *>> Kept;
  for (const auto &T : R.Terms) {
    int64_t V;
    if (!(kp_sym_is_const(T.second, &V) && V == 0))
      Kept.push_back(T);
  }
  R.Terms = Kept;
  if (!R.Base)
    R.Valid = false;
  return R;
}

Lin BodyBuilder::linScale(const Lin &X, const kp_sym *S) {
  Lin R;
  if (!X.Valid) {
    if (X.Sym && S)
      R.Sym = kp_sym_mul(A, X.Sym, S);
    return R;
  }
  if (!S)
    return R;
  R.Valid = true;
  R.Base = kp_sym_mul(A, X.Base, S);
  for (const auto &T : X.Terms)
    R.Terms.push_back({T.first, kp_sym_mul(A, T.second, S)});
  return R;
}

Lin BodyBuilder::linMul(const Lin &X, const Lin &Y) {
  if (X.termFree())
    return linScale(Y, X.Base);
  if (Y.termFree())
    return linScale(X, Y.Base);
  // A product of two varying values (i * (k + 1), threadIdx.x * s).
  const kp_sym *FX = formula(X), *FY = formula(Y);
  return linFormula(FX && FY ? kp_sym_mul(A, FX, FY) : nullptr);
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

// A formula for the value (thread ids and loop counters as variables).
const kp_sym *BodyBuilder::linToSym(const Lin &L) {
  if (!L.Valid)
    return nullptr;
  const kp_sym *S = L.Base;
  for (const auto &T : L.Terms)
    S = kp_sym_add(A, S, kp_sym_mul(A, T.second, Var(varName(T.first).c_str())));
  return S;
}

std::string BodyBuilder::varName(int V) {
  if (V >= 0 && V < 6)
    return VarNames[V];
  int Id = V - KP_V_LOOP;
  if (Id >= 0 && static_cast<size_t>(Id) < K->nloops && K->loops[Id]->var)
    return std::string("iteration(") + K->loops[Id]->var + ")";
  return "iteration";
}

// The same for every thread of a warp, with a formula: no thread id in its
// affine terms or in its non-affine formula.
bool BodyBuilder::uniform(const Lin &L) {
  if (L.Valid)
    return !linThreadDep(L);
  return L.Sym && !kp_sym_uses_prefix(L.Sym, "threadIdx.");
}

bool BodyBuilder::linThreadDep(const Lin &L) {
  for (const auto &T : L.Terms)
    if (T.first >= KP_V_TID_X && T.first <= KP_V_TID_Z)
      return true;
  return false;
}

kp_affine BodyBuilder::toAffine(const Lin &L) {
  kp_affine R;
  std::memset(&R, 0, sizeof R);
  if (!L.Valid) {
    R.why = "non-affine index";
    return R;
  }
  R.known = 1;
  R.base = L.Base;
  R.nterms = L.Terms.size();
  R.terms = static_cast<kp_term *>(kp_module_alloc(M, sizeof(kp_term) * (L.Terms.size() + 1)));
  for (size_t I = 0; R.terms && I < L.Terms.size(); ++I) {
    R.terms[I].var = L.Terms[I].first;
    R.terms[I].coef = L.Terms[I].second;
  }
  if (!R.terms)
    R.known = 0;
  return R;
}

// A formula for an affine value, loop counters named "iteration@N".
const kp_sym *BodyBuilder::guardSym(const Lin &L) {
  if (!L.Valid)
    return nullptr;
  const kp_sym *S = L.Base;
  for (const auto &T : L.Terms) {
    std::string N = T.first >= 0 && T.first < 6 ? std::string(VarNames[T.first])
                                                  : "iteration@" + std::to_string(T.first - KP_V_LOOP);
    S = kp_sym_add(A, S, kp_sym_mul(A, T.second, Var(N.c_str())));
  }
  return S;
}

// Integer min/max and the ?: forms of them keep their value as a formula
// (min(a, b), a constant when both are), so that a bound like
// `i < min(n, base + tile)`, or a local holding one, gives a trip count.
Lin BodyBuilder::linMinMax(bool IsMin, const Lin &X, const Lin &Y) {
  const kp_sym *FX = formula(X), *FY = formula(Y);
  if (!FX || !FY)
    return Lin();
  int64_t VX, VY;
  if (kp_sym_is_const(FX, &VX) && kp_sym_is_const(FY, &VY))
    return linConst(IsMin ? std::min(VX, VY) : std::max(VX, VY));
  return linFormula(kp_sym_bin(A, IsMin ? KP_SYM_MIN : KP_SYM_MAX, FX, FY));
}

} // namespace body
} // namespace kperf
