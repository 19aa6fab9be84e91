// BodyBuilder: guards -- which threads of a warp run a piece of code: the
// conditions of thread-dependent branches and loops as comparisons of
// formulas, and which statements can leave the code that follows them.
#include "body/Builder.h"

#include "kperf/limits.h"
#include "kperf/trip.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

// The integer value of E as a formula, without emitting anything; NULL when
// it is not one kperf can state (loaded from memory, a call, floating point).
const kp_sym *BodyBuilder::condSym(const Expr *E) {
  E = E->IgnoreParens();
  if (!E->getType()->isIntegralOrEnumerationType())
    return nullptr;
  Lin L = evalQuiet(E);
  // A condition on a value loaded from memory is data: which lanes pass
  // it is not known.
  if (mentionsLoaded(L.valid ? guardSym(L) : L.sym))
    return nullptr;
  if (L.valid)
    return guardSym(L);
  if (L.sym) // not affine, but a formula each thread computes (1 << lg, t % w)
    return L.sym;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (IC->getSubExpr()->getType()->isIntegralOrEnumerationType())
      return condSym(IC->getSubExpr());
  if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
    if (CE->getSubExpr()->getType()->isIntegralOrEnumerationType())
      return condSym(CE->getSubExpr());
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return nullptr;
  kp_sym_kind K2;
  if (!symBinaryKind(BO->getOpcode(), /*Truncating=*/false, K2))
    return nullptr;
  const kp_sym *X = condSym(BO->getLHS()), *Y = condSym(BO->getRHS());
  if (!X || !Y)
    return nullptr;
  return kp_sym_bin(A, K2, X, Y);
}

kp_guard_op BodyBuilder::negate(kp_guard_op Op) {
  switch (Op) {
  case KP_GUARD_LT: return KP_GUARD_GE;
  case KP_GUARD_LE: return KP_GUARD_GT;
  case KP_GUARD_GT: return KP_GUARD_LE;
  case KP_GUARD_GE: return KP_GUARD_LT;
  case KP_GUARD_EQ: return KP_GUARD_NE;
  case KP_GUARD_NE: return KP_GUARD_EQ;
  }
  return KP_GUARD_NE;
}

// The conjunction that holds where Cond is true (Neg: false); false when
// it is not a conjunction of comparisons kperf can state.
bool BodyBuilder::condGuards(const Expr *Cond, bool Neg, std::vector<kp_guard> &Out) {
  if (!Cond || overBudget())
    return false;
  Nest N(CondDepth);
  if (CondDepth > KP_LIMIT_EXPR_DEPTH) {
    halt("conditions are nested deeper than " + std::to_string(KP_LIMIT_EXPR_DEPTH));
    return false;
  }
  // Definite side effects only: blockDim.x and friends are calls to getters.
  if (Cond->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return false;
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot)
      return condGuards(UO->getSubExpr(), !Neg, Out);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_LAnd && !Neg) || (Op == BO_LOr && Neg))
      return condGuards(BO->getLHS(), Neg, Out) && condGuards(BO->getRHS(), Neg, Out);
    if (Op == BO_LAnd || Op == BO_LOr)
      return false;
    kp_guard_op G;
    bool Cmp = true;
    switch (Op) {
    case BO_LT: G = KP_GUARD_LT; break;
    case BO_LE: G = KP_GUARD_LE; break;
    case BO_GT: G = KP_GUARD_GT; break;
    case BO_GE: G = KP_GUARD_GE; break;
    case BO_EQ: G = KP_GUARD_EQ; break;
    case BO_NE: G = KP_GUARD_NE; break;
    default: Cmp = false; G = KP_GUARD_NE; break;
    }
    if (Cmp) {
      const kp_sym *L = condSym(BO->getLHS()), *R = condSym(BO->getRHS());
      if (!L || !R)
        return false;
      Out.push_back({L, R, Neg ? negate(G) : G});
      return true;
    }
  }
  // An integer used as a truth value: E != 0.
  const kp_sym *V = condSym(E);
  if (!V)
    return false;
  Out.push_back({V, C(0), Neg ? KP_GUARD_EQ : KP_GUARD_NE});
  return true;
}

// Adds the conditions to frame F's guards (or marks them unknown).  The
// conditions are evaluated before F is touched.  Of a conjunction (`a && b`;
// Neg: `!(a || b)`) each part kperf can state is a guard; a part it cannot
// that reads a value loaded from memory leaves the guards data-unknown (the
// lanes that pass it are any subset of those the others let through), any
// other part leaves them unknown.
void BodyBuilder::addGuards(Frame &F, const Expr *Cond, bool Neg) {
  std::vector<kp_guard> G;
  if (condGuards(Cond, Neg, G)) {
    F.Guards.insert(F.Guards.end(), G.begin(), G.end());
    return;
  }
  std::vector<kp_guard> Alt;
  if (!F.GuardsUnknown && condAlternatives(Cond, Neg, Alt))
    F.AnyGuards = Alt;
  else
    F.AnyGuards.clear();
  std::vector<const Expr *> Parts;
  unsigned char State =
      Cond && joinedParts(Cond, Neg ? BO_LOr : BO_LAnd, 16, Parts) ? GuardsKnown : GuardsOther;
  std::vector<kp_guard> Known;
  for (const Expr *E : Parts) {
    std::vector<kp_guard> PG;
    if (condGuards(E, Neg, PG)) {
      Known.insert(Known.end(), PG.begin(), PG.end());
      continue;
    }
    bool Data = !E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) &&
                evalQuietVal(E).FromMemory;
    State = std::max<unsigned char>(State, Data ? GuardsData : GuardsOther);
  }
  if (State == GuardsData)
    F.Guards.insert(F.Guards.end(), Known.begin(), Known.end());
  F.GuardsUnknown = std::max<unsigned char>(F.GuardsUnknown, State == GuardsKnown ? static_cast<unsigned char>(GuardsOther) : State);
}

// The operands of a chain of Join (`a && b && c`, `i++, j--`), left to
// right, as far as Max of them; false when the chain has more.
bool BodyBuilder::joinedParts(const Expr *E, BinaryOperatorKind Join, size_t Max,
                              std::vector<const Expr *> &Parts) {
  std::vector<const Expr *> Work{E};
  while (!Work.empty() && Parts.size() + Work.size() <= Max) {
    const Expr *X = Work.back()->IgnoreParenImpCasts();
    Work.pop_back();
    const auto *BO = dyn_cast<BinaryOperator>(X);
    if (BO && BO->getOpcode() == Join) {
      Work.push_back(BO->getRHS());
      Work.push_back(BO->getLHS());
    } else {
      Parts.push_back(X);
    }
  }
  return Work.empty();
}

// The comparisons one of which holds where Cond is true (Neg: false) when
// it is a disjunction of two to eight of them (`a || b`; Neg: `a && b`);
// false otherwise.
bool BodyBuilder::condAlternatives(const Expr *Cond, bool Neg, std::vector<kp_guard> &Out) {
  if (!Cond || Cond->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return false;
  std::vector<const Expr *> Parts;
  if (!joinedParts(Cond, Neg ? BO_LAnd : BO_LOr, 8, Parts) || Parts.size() < 2)
    return false;
  for (const Expr *X : Parts) {
    std::vector<kp_guard> G;
    if (!condGuards(X, Neg, G) || G.size() != 1)
      return false;
    Out.push_back(G[0]);
  }
  return true;
}

// Whether formula S reads only kernel parameters (`n`, a field `p.n`),
// launch sizes (blockDim.*, gridDim.*) and constants: a value the same for
// every thread of a launch, known once the launch's arguments are.
bool BodyBuilder::launchUniform(const kp_sym *S, int Depth) const {
  if (!S || Depth > 64)
    return false;
  if (S->kind == KP_SYM_CONST)
    return true;
  if (S->kind == KP_SYM_VAR) {
    std::string N = S->name ? S->name : "";
    // A parameter used as a doubling or halving counter (`for (; n > 1; n
    // >>= 1)`) stands for the counter's value in formulas, not the argument.
    for (size_t I = 0; I < K->nloops; ++I)
      if (K->loops[I] && K->loops[I]->var && K->loops[I]->step_kind != KP_STEP_ADD &&
          N == K->loops[I]->var)
        return false;
    if (N.rfind("blockDim.", 0) == 0 || N.rfind("gridDim.", 0) == 0 || paramNamed(N))
      return true;
    size_t Dot = N.find_first_of(".-");
    return Dot != std::string::npos && paramNamed(N.substr(0, Dot)) && !mentionsLoaded(S);
  }
  return launchUniform(S->a, Depth + 1) && (!S->b || launchUniform(S->b, Depth + 1));
}

// The parts of Cond that hold wherever it is true (Neg: false) and are the
// same for every thread of a launch (launchUniform): the conjuncts of `a &&
// b` (Neg: the negated disjuncts of `a || b`) that are comparisons kperf
// can state over parameters, launch sizes and constants.  Out is allocated
// in the module; N 0 when there are none.
void BodyBuilder::uniformNeeds(const Expr *Cond, bool Neg, kp_guard *&Out, size_t &N) {
  Out = nullptr;
  N = 0;
  if (!Cond)
    return;
  std::vector<const Expr *> Parts;
  joinedParts(Cond, Neg ? BO_LOr : BO_LAnd, 16, Parts);
  std::vector<kp_guard> Needs;
  for (const Expr *E : Parts) {
    std::vector<kp_guard> G;
    if (!condGuards(E, Neg, G))
      continue;
    for (const kp_guard &Gd : G)
      if (launchUniform(Gd.lhs) && launchUniform(Gd.rhs))
        Needs.push_back(Gd);
  }
  if (Needs.empty())
    return;
  Out = static_cast<kp_guard *>(kp_module_alloc(M, sizeof(kp_guard) * Needs.size()));
  if (!Out)
    return;
  std::copy(Needs.begin(), Needs.end(), Out);
  N = Needs.size();
}

// Whether S can leave the code that follows it: return, break, continue, goto.
bool BodyBuilder::exits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<GotoStmt>(S) ||
      isa<CXXThrowExpr>(S))
    return true;
  for (const Stmt *C : S->children())
    if (exits(C))
      return true;
  return false;
}

// Whether S can leave the function it is in (return, goto, throw); a
// lambda's body is its own function.
// Expressions are not walked (they can be nested very deep), except the
// statements of a GNU statement expression.
bool BodyBuilder::leavesFunction(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<CXXThrowExpr>(S) || isa<IndirectGotoStmt>(S))
    return true;
  if (const auto *SE = dyn_cast<StmtExpr>(S))
    return leavesFunction(SE->getSubStmt());
  if (const auto *E = dyn_cast<Expr>(S))
    return E->getStmtClass() != Stmt::CXXThrowExprClass && containsStmtExpr(E, 0);
  for (const Stmt *C : S->children())
    if (leavesFunction(C))
      return true;
  return false;
}

// An expression with a statement expression in it (looked for a few
// levels deep only; deeper, taken as present: the caller stays careful).
bool BodyBuilder::containsStmtExpr(const Expr *E, int Depth) {
  if (isa<StmtExpr>(E))
    return leavesFunction(E);
  if (Depth > 32)
    return true;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (containsStmtExpr(CE, Depth + 1))
        return true;
  return false;
}

// S is `return;` / `continue;` alone (or in braces).
bool BodyBuilder::onlyExit(const Stmt *S, bool &IsReturn) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      return false;
    S = CS->body_front();
  }
  IsReturn = S && isa<ReturnStmt>(S);
  return S && (isa<ReturnStmt>(S) || isa<ContinueStmt>(S));
}

} // namespace body
} // namespace kperf
