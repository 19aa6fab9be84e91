// BodyBuilder: a loop walked -- its steps in order (BodyBuilder::loop): the
// counter, the trip count (LoopTrips.cpp), nvcc's unrolling decision
// (LoopUnroll.cpp), the body walked once per copy, the values that change once
// per iteration and the model's loop record.  Uses body/Builder.h,
// body/Loops.h and the pragmas (Pragmas.h).
#include "body/Builder.h"
#include "body/Loops.h"
#include "Pragmas.h"

#include "kperf/limits.h"
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
  int Nest = 1;
  for (int P = Lp->parent; P >= 0 && (size_t)P < K->nloops && Nest <= KP_LIMIT_LOOP_DEPTH; P = K->loops[P]->parent)
    ++Nest;
  if (Nest > KP_LIMIT_LOOP_DEPTH) {
    halt("loops are nested deeper than " + std::to_string(KP_LIMIT_LOOP_DEPTH));
    return;
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
