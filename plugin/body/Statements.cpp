// BodyBuilder: statements -- blocks, declarations, if/else and the branch
// regions they make, returns, switches, loop pragmas.
#include "body/Builder.h"
#include "Pragmas.h"

#include "kperf/limits.h"

#include "clang/AST/Attr.h"
#include "clang/AST/StmtCXX.h"

#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

void BodyBuilder::stmt(const Stmt *S) {
  if (!S || overBudget())
    return;
  Nest N(StmtDepth);
  if (StmtDepth > KP_LIMIT_STMT_DEPTH) {
    halt("statements are nested deeper than " + std::to_string(KP_LIMIT_STMT_DEPTH));
    return;
  }
  stmtInner(S);
}

void BodyBuilder::stmtInner(const Stmt *S) {
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Ch : CS->body())
      stmt(Ch);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        varDecl(VD);
    return;
  }
  if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    PendingUnroll = unrollHint(AS);
    stmt(AS->getSubStmt());
    PendingUnroll = 0;
    return;
  }
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    ifStmt(IS);
    return;
  }
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) {
    loop(S);
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    Val V = eval(RS->getRetValue());
    if (ReturnSink)
      ReturnSink->push_back(V);
    else
      emit(depth(), KP_I_BRANCH, 1, {}, RS->getBeginLoc()); // ret
    return;
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<NullStmt>(S))
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    eval(E);
    return;
  }
  if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
    eval(SS->getCond());
    emit(depth(), KP_I_BRANCH, 1, {}, SS->getBeginLoc());
    kp_kernel_note(M, K, loc(SS->getBeginLoc()), "switch: every case counted");
    stmt(SS->getBody());
    return;
  }
  if (const auto *CS = dyn_cast<CaseStmt>(S)) {
    stmt(CS->getSubStmt());
    return;
  }
  if (const auto *DS = dyn_cast<DefaultStmt>(S)) {
    stmt(DS->getSubStmt());
    return;
  }
  if (const auto *LS = dyn_cast<LabelStmt>(S)) {
    stmt(LS->getSubStmt());
    return;
  }
  if (isa<AsmStmt>(S)) {
    kp_kernel_note(M, K, loc(S->getBeginLoc()), "inline assembly: counted as one instruction");
    emit(depth(), KP_I_OTHER, 1, {}, S->getBeginLoc());
    return;
  }
  if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
    kp_kernel_note(M, K, loc(FR->getBeginLoc()), "range-based for: body counted once");
    stmt(FR->getBody());
    return;
  }
  kp_kernel_note(M, K, loc(S->getBeginLoc()), "statement not analysed: %s", S->getStmtClassName());
}

void BodyBuilder::varDecl(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>()) {
    arrayBase(VD); // counts its bytes
    return;
  }
  if (VD->isStaticLocal() || VD->getType()->isArrayType()) {
    if (const Expr *I = VD->getInit())
      eval(I);
    return;
  }
  Val V;
  if (const Expr *I = VD->getInit())
    V = eval(I);
  if (!VD->getType()->isIntegralOrEnumerationType())
    V.L = Lin();
  if (!VD->getType()->isPointerType() && !VD->getType()->isReferenceType())
    V.IsPtr = false;
  // A reference to memory or a variable: reads through it re-read the place.
  assign(VD, V);
}

void BodyBuilder::ifStmt(const IfStmt *IS) {
  if (IS->getInit())
    stmt(IS->getInit());
  if (IS->getConditionVariableDeclStmt())
    stmt(IS->getConditionVariableDeclStmt());
  int Taken = -1;
  bool CV = false;
  const Expr *Cond = IS->getCond();
  if (IS->isConstexpr() ||
      (!Cond->isValueDependent() && !Cond->HasSideEffects(Ctx) && Cond->EvaluateAsBooleanCondition(CV, Ctx)))
    Taken = CV ? 1 : 0;
  if (IS->isConstexpr() && Taken < 0)
    Taken = 1;
  Val Cd;
  int Jump = -1;
  if (Taken < 0) {
    Cd = eval(Cond);
    Jump = emit(depth(), KP_I_BRANCH, 1, {&Cd}, IS->getIfLoc());
  }
  branch(IS->getIfLoc(), Cond, Cd, Taken, IS->getThen(), IS->getElse(), Jump);
  // #pragma kperf likely(P): the share of the threads that take the then side.
  kp_region *R = Frames.back().R;
  if (R && R->nnodes && R->nodes[R->nnodes - 1].kind == KP_NODE_BRANCH &&
      R->nodes[R->nnodes - 1].branch)
    if (std::optional<int64_t> P = likelyPragmaFor(Ctx.getSourceManager(), IS->getBeginLoc())) {
      kp_branch *B = R->nodes[R->nnodes - 1].branch;
      B->has_likely = 1;
      B->likely = static_cast<int>(*P);
    }
}

// `if (x > E) x = E;` and its mirror forms, x an integer local and E the same
// expression on both sides: x's variable, with Out = min(x, E) (max(x, E) for
// `x < E`) from x's value before the branch; nullptr for anything else.
const VarDecl *BodyBuilder::clampOf(const Expr *Cond, const Stmt *Then, Lin &Out) {
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return nullptr;
    Then = CS->body_front();
  }
  const auto *As = dyn_cast<BinaryOperator>(Then);
  const auto *Cmp = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!As || As->getOpcode() != BO_Assign || !Cmp || !Cmp->isRelationalOp())
    return nullptr;
  const auto *Target = dyn_cast<DeclRefExpr>(As->getLHS()->IgnoreParenImpCasts());
  const auto *VD = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isIntegerType() || !VD->hasLocalStorage())
    return nullptr;
  BinaryOperatorKind Op;
  const Expr *Other = comparedWith(Cmp, VD, Op);
  if (!Other)
    return nullptr;
  const Expr *E = As->getRHS();
  int64_t C1, C2;
  bool Same = foldInt(Other, C1) && foldInt(E, C2) ? C1 == C2
                                                   : Expr::isSameComparisonOperand(Other, E);
  if (!Same || refersTo(E, VD))
    return nullptr;
  auto It = Env.find(VD);
  if (It == Env.end() || !formula(It->second.V.L))
    return nullptr;
  Lin Bound = evalQuiet(E);
  if (!formula(Bound))
    return nullptr;
  bool IsMin = Op == BO_GT || Op == BO_GE;
  Out = linMinMax(IsMin, It->second.V.L, Bound);
  return formula(Out) ? VD : nullptr;
}

void BodyBuilder::branch(SourceLocation L, const Expr *Cond, const Val &Cd, int Taken,
                         const Stmt *Then, const Stmt *Else, int Jump) {
  kp_branch *B = static_cast<kp_branch *>(kp_module_alloc(M, sizeof(kp_branch)));
  if (!B)
    return;
  B->loc = loc(L);
  B->divergent = Taken < 0 && Cd.ThreadDep;
  B->taken = Taken;
  B->cond = str(text(Cond));
  B->outer = Frames.back().Branch;
  B->outer_side = Frames.back().Side;
  if (Taken < 0 && Cond) {
    uniformNeeds(Cond, false, B->then_needs, B->nthen_needs);
    uniformNeeds(Cond, true, B->else_needs, B->nelse_needs);
    B->data = Cd.FromMemory;
  }
  bool Div = Frames.back().Divergent || B->divergent;
  // A clamp, `if (x > E) x = E;` (>=, or E < x; `<` for a floor): x is
  // min(x, E) (max) after it, whichever side the threads take.
  const VarDecl *ClampVD = nullptr;
  Lin Clamp;
  if (Taken < 0 && !Else && Then && Cond)
    ClampVD = clampOf(Cond, Then, Clamp);
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
  auto side = [&](kp_region *R, const Stmt *Body, bool Neg) {
    Frame F;
    F.R = R;
    F.IsBranch = true;
    F.Divergent = Div;
    F.Branch = B;
    F.Side = Neg ? 0 : 1;
    F.Guards = Frames.back().Guards;
    F.GuardsUnknown = Frames.back().GuardsUnknown;
    F.AnyGuards = Frames.back().AnyGuards;
    if (B->divergent)
      addGuards(F, Cond, Neg);
    Frames.push_back(F);
    stmt(Body);
    for (const VarDecl *VD : Frames.back().Assigned)
      Assigned.insert(VD);
    Frames.pop_back();
  };
  if (Taken != 0)
    side(&B->then_r, Then, false);
  if (Taken != 1 && Else)
    side(&B->else_r, Else, true);
  // Threads that leave under a thread-dependent condition are missing from
  // the code that follows: `if (i >= n) return;` at the kernel's top level
  // and `if (c) continue;` directly in a loop body keep the rest of it under
  // the negated condition; any other exit leaves it unknown.
  if (Div && (exits(Then) || exits(Else))) {
    bool IsReturn = false;
    bool Simple = B->divergent && !Else && onlyExit(Then, IsReturn) &&
                  (IsReturn ? (!ReturnSink && depth() == 0) : Frames.back().Loop >= 0);
    if (Simple) {
      addGuards(Frames.back(), Cond, true);
    } else {
      for (Frame &Fr : Frames) {
        Fr.GuardsUnknown = GuardsOther;
        Fr.AnyGuards.clear();
      }
    }
  }
  kp_node *Nd = addNode(Frames.back().R);
  if (!Nd)
    return;
  Nd->kind = KP_NODE_BRANCH;
  Nd->branch = B;
  Nd->loc = B->loc;
  if (Cd.Depth == depth() && Cd.Node >= 0)
    kp_node_add_dep(M, Nd, Cd.Node);
  int Node = static_cast<int>(Frames.back().R->nnodes - 1);
  B->has_jump = Jump >= 0 && Jump == Node - 1;
  // Variables assigned on a side: their value after the branch comes from it.
  for (const VarDecl *VD : Assigned) {
    auto It = Env.find(VD);
    if (It == Env.end())
      continue;
    Val V = It->second.V;
    if (Taken < 0) {
      V.L = VD == ClampVD ? Clamp : Lin();
      forgetTruth(V); // either side's value: not known to be a truth value
    }
    V.IsPtr = V.IsPtr && Taken >= 0;
    V.Depth = depth();
    V.Node = Node;
    V.Level = depth();
    V.ThreadDep |= B->divergent;
    It->second.Version = ++VersionCounter;
    V.Key = keyOf(VD);
    It->second.V = V;
    for (Frame &F : Frames)
      F.Assigned.insert(VD);
  }
  forgetLoads(nullptr);
}

} // namespace body
} // namespace kperf
