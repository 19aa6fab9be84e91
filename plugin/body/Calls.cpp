// BodyBuilder: calls -- barriers, warp operations, atomics and __ldg, library
// math (the measured PTX sequences), min/max, and device functions inlined
// at their call sites.
#include "body/Builder.h"

#include "kperf/limits.h"
#include "kperf/mathfn.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

// One operation at this point of the walk, using the values Args (and the
// address Addr of its access, if any): a call kperf does not inline.
Val BodyBuilder::opUsing(kp_iclass Cl, unsigned N, const std::vector<Val> &Args, SourceLocation L,
                         bool ThreadDep, const Val *Addr, int Access) {
  Val R;
  R.Depth = depth();
  R.Level = depth();
  R.ThreadDep = ThreadDep;
  R.Node = emit(depth(), Cl, N, {Addr}, L, Access);
  if (R.Node >= 0)
    for (const Val &V : Args)
      if (V.Depth == depth() && V.Node >= 0)
        kp_node_add_dep(M, &Frames.back().R->nodes[R.Node], V.Node);
  return R;
}

// Long: a dispatch over the kinds of callee (barriers, warp operations,
// atomics, library math, trivially assignable copies, inlined bodies,
// builtins and declared-only functions), each a commented case.
Val BodyBuilder::call(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  SourceLocation L = CE->getBeginLoc();
  std::vector<Val> Args;
  auto evalArgs = [&](unsigned From) {
    for (unsigned I = From; I < CE->getNumArgs(); ++I)
      Args.push_back(eval(CE->getArg(I)));
  };
  auto joinDeps = [&](Val &R) {
    for (const Val &V : Args) {
      R.ThreadDep |= V.ThreadDep;
      R.Level = std::max(R.Level, V.Level);
    }
  };
  if (!FD) {
    // (Lambdas and functors have a direct callee, operator(): inlined below.)
    evalArgs(0);
    kp_kernel_note(M, K, loc(L), "call through a pointer: counted as one instruction");
    return opUsing(KP_I_OTHER, 1, Args, L, true);
  }
  std::string Name = FD->getNameAsString();
  unsigned First = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) ? 1 : 0;

  // Barriers, warp operations, atomics, loads through intrinsics.
  if (Name == "__syncthreads" || Name == "__syncthreads_count" || Name == "__syncthreads_and" ||
      Name == "__syncthreads_or" || Name == "__barrier_sync" || Name == "__syncwarp") {
    evalArgs(0);
    if (Name != "__syncwarp") // a block barrier orders shared memory: loads are redone
      forgetLoads(nullptr);
    return opUsing(KP_I_BARRIER, 1, Args, L, false);
  }
  if (Name.compare(0, 6, "__shfl") == 0 || Name == "__ballot_sync" || Name == "__any_sync" ||
      Name == "__all_sync" || Name == "__activemask" || Name == "__match_any_sync" ||
      Name == "__match_all_sync" || Name.compare(0, 8, "__reduce") == 0) {
    evalArgs(0);
    Val R = opUsing(KP_I_WARP, 1, Args, L, true);
    // A float shuffled moves through an integer register and back.
    if (Name.compare(0, 6, "__shfl") == 0 && CE->getType()->isRealFloatingType())
      emit(depth(), KP_I_INT, nvcc::ShflFloatMoves, {}, L);
    return R;
  }
  bool Atomic = Name.compare(0, 6, "atomic") == 0;
  bool Ldg = Name == "__ldg" || Name.compare(0, 5, "__ldc") == 0 || Name.compare(0, 5, "__ldl") == 0;
  if ((Atomic || Ldg) && CE->getNumArgs() >= 1) {
    // The first argument is the address.
    Val PV = eval(CE->getArg(0));
    evalArgs(1);
    Place P = placeAt(PV, CE->getArg(0)->IgnoreParenImpCasts()->getType());
    if (Ldg)
      P.Ptr.Space = KP_SPACE_GLOBAL;
    Val Addr;
    int Ac = access(P, Atomic, Atomic, L, Addr);
    if (Atomic && Ac >= 0) {
      QualType PT = CE->getArg(0)->IgnoreParenImpCasts()->getType();
      K->accesses[Ac].is_float = PT->isPointerType() && PT->getPointeeType()->isRealFloatingType();
    }
    Val R = opUsing(Atomic ? KP_I_ATOMIC : KP_I_LD_GLOBAL, 1, Args, L, Atomic || PV.ThreadDep, &Addr, Ac);
    if (Atomic)
      forgetLoads(P.Ptr.Base);
    return R;
  }
  if (Name == "__threadfence" || Name == "__threadfence_block" || Name == "__threadfence_system") {
    forgetLoads(nullptr);
    return opUsing(KP_I_OTHER, 1, Args, L, false);
  }
  // Library math: the measured PTX sequence.
  if (const kp_mathfn *F = kp_mathfn_find(Name.c_str(), FastMath)) {
    evalArgs(First);
    Val R;
    int Lv = 0;
    bool Pure = true;
    std::string Key = "fn:" + Name + "(";
    for (const Val &V : Args) {
      Lv = std::max(Lv, V.Level);
      Key += V.Key + ",";
      if (V.Key.empty())
        Pure = false;
    }
    Key += ")";
    int D = hoistDepth(Lv);
    if (Pure && cseFind(Key, depth(), R)) {
      joinDeps(R);
      R.Key = Key;
      R.L = intCallValue(Name, CE, Args);
      return R;
    }
    R = emitSeq(D, F->counts, {}, L);
    if (R.Node >= 0) {
      // The sequence's first node depends on the arguments.
      kp_region *Rg = Frames[D].R;
      size_t FirstNode = Rg->nnodes;
      for (int Cl = 0; Cl < KP_I_COUNT; ++Cl)
        if (F->counts[Cl])
          --FirstNode;
      for (const Val &V : Args)
        if (V.Depth == D && V.Node >= 0)
          kp_node_add_dep(M, &Rg->nodes[FirstNode], V.Node);
      if (Pure) {
        Frames[D].Cse[Key] = R.Node;
        R.Key = Key;
      }
    }
    R.Level = D;
    joinDeps(R);
    R.L = intCallValue(Name, CE, Args);
    return R;
  }
  // `v[i] = w` for a trivially assignable struct aligned to its size
  // (int2, float4, __half, ...): one store of the whole object (st.v2/v4 or
  // one scalar), like a builtin assignment, not the field by field copy of
  // the implicit operator=.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (isa<CXXOperatorCallExpr>(CE) && CE->getNumArgs() == 2 && MD->isTrivial() &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
      QualType T = CE->getArg(0)->getType();
      if (!T->isDependentType() && !T->isIncompleteType()) {
        int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
        int64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
        if (Size == Align && (Size == 2 || Size == 4 || Size == 8 || Size == 16))
          return store(CE->getArg(0), eval(CE->getArg(1)), L);
      }
    }
  // A function with a body: inlined.
  const FunctionDecl *Def = FD->getDefinition();
  if (Def && Def->getBody() && !FD->getBuiltinID()) {
    for (const FunctionDecl *On : CallStack)
      if (On == Def) {
        evalArgs(First);
        kp_kernel_note(M, K, loc(L), "recursive call to '%s': counted once, not followed",
                       Name.c_str());
        return opUsing(KP_I_OTHER, 1, Args, L, true);
      }
    // Only after an error (kperf check, report=model) can code hold errors.
    if (Ctx.getDiagnostics().hasErrorOccurred() && hasErrors(Def)) {
      evalArgs(First);
      kp_kernel_note(M, K, loc(L), "'%s' has errors: counted as one instruction, not followed",
                     Name.c_str());
      return opUsing(KP_I_OTHER, 1, Args, L, true);
    }
    if (CallStack.size() >= KP_LIMIT_CALL_DEPTH) {
      evalArgs(First);
      kp_kernel_note(M, K, loc(L), "calls nested deeper than %d: '%s' counted as one instruction",
                     KP_LIMIT_CALL_DEPTH, Name.c_str());
      return opUsing(KP_I_OTHER, 1, Args, L, true);
    }
    return inlineCall(CE, Def, First);
  }
  // Builtins and declared-only functions.
  evalArgs(First);
  kp_iclass Cl = KP_I_OTHER;
  if (Name.find("read_ptx_sreg") != std::string::npos)
    Cl = KP_I_INT;
  else if (Name.find("fma") != std::string::npos)
    Cl = KP_I_FP32;
  else if (!FD->getBuiltinID())
    kp_kernel_note(M, K, loc(L), "call to '%s' (no definition here): counted as one instruction",
                   Name.c_str());
  Val R = opUsing(Cl, 1, Args, L, false);
  joinDeps(R);
  R.L = intCallValue(Name, CE, Args);
  return R;
}

Val BodyBuilder::inlineCall(const CallExpr *CE, const FunctionDecl *Def, unsigned First) {
  std::vector<Val> Args;
  for (unsigned I = First; I < CE->getNumArgs(); ++I)
    Args.push_back(eval(CE->getArg(I)));
  // Parameters take the arguments' values.  A non-const reference parameter
  // bound to a variable of the caller (`load(s, ai, bi)` with `int &ai`) gives
  // that variable the value the callee leaves in it; bound to anything else
  // it is a copy here (writes through it do not reach the caller's model).
  CallStack.push_back(Def);
  // The object a method runs on, when it is the thread's own (a local).
  const VarDecl *This = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    if (const Expr *Obj = MC->getImplicitObjectArgument()) {
      Obj = Obj->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(Obj))
        This = ThisObjects.empty() ? nullptr : ThisObjects.back();
      else if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl())
          This = VD;
    }
  ThisObjects.push_back(This);
  std::vector<std::pair<const ParmVarDecl *, const VarDecl *>> OutParams;
  std::vector<unsigned> OutVersions;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    Val V = I < Args.size() ? Args[I] : eval(P->getDefaultArg());
    VarInfo &VI = Env[P];
    VI.Version = ++VersionCounter;
    V.Key = V.Key.empty() ? keyOf(P) : V.Key;
    VI.V = V;
    QualType T = P->getType();
    if (I < Args.size() && T->isLValueReferenceType() &&
        !T.getNonReferenceType().isConstQualified() &&
        T.getNonReferenceType()->isIntegerType())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(CE->getArg(I + First)->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (VD->getType()->isIntegerType() && Env.count(VD)) {
            OutParams.emplace_back(P, VD);
            OutVersions.push_back(VI.Version);
          }
  }
  std::vector<Val> Returns;
  std::vector<Val> *Saved = ReturnSink;
  ReturnSink = &Returns;
  // A return (or any exit) inside the callee ends the callee only: the
  // threads that leave it under a condition are back in the caller when the
  // call returns, so what the callee's exits did to the caller's guards is
  // undone after it.
  std::vector<std::pair<std::vector<kp_guard>, unsigned char>> CallerGuards;
  std::vector<std::vector<kp_guard>> CallerAny;
  for (const Frame &Fr : Frames) {
    CallerGuards.emplace_back(Fr.Guards, Fr.GuardsUnknown);
    CallerAny.push_back(Fr.AnyGuards);
  }
  stmt(Def->getBody());
  for (size_t I = 0; I < CallerGuards.size() && I < Frames.size(); ++I) {
    Frames[I].Guards = CallerGuards[I].first;
    Frames[I].GuardsUnknown = CallerGuards[I].second;
    Frames[I].AnyGuards = CallerAny[I];
  }
  ReturnSink = Saved;
  CallStack.pop_back();
  ThisObjects.pop_back();
  // What the callee wrote through its reference parameters reaches the
  // caller's variables (those it did not write keep their value).
  for (size_t I = 0; I < OutParams.size(); ++I) {
    auto It = Env.find(OutParams[I].first);
    if (It != Env.end() && It->second.Version != OutVersions[I])
      assign(OutParams[I].second, It->second.V);
  }
  if (Returns.empty())
    return Val();
  Val R = Returns.back();
  for (const Val &V : Returns)
    R.ThreadDep |= V.ThreadDep;
  if (Returns.size() > 1)
    R.L = Lin();
  return R;
}

// The integer value of a call kperf knows: min and max (minMaxValue), and
// __mul24(a, b), __umul24(a, b) (and libdevice's __nv_mul24, __nv_umul24,
// which clang's CUDA headers call): a * b.  They multiply the low 24 bits of
// their operands (CUDA C++ Programming Guide, "Integer Intrinsics"), which is
// a * b whenever both fit in 24 bits, as every index into shared memory does
// (228 KB at most) and the thread and block indices, strides and sizes old
// code multiplies with them do.
Lin BodyBuilder::intCallValue(const std::string &Name, const CallExpr *CE,
                              const std::vector<Val> &Args) {
  if ((Name == "__mul24" || Name == "__umul24" || Name == "__nv_mul24" || Name == "__nv_umul24") &&
      Args.size() == 2 && CE->getType()->isIntegerType())
    return linMul(Args[0].L, Args[1].L);
  return minMaxValue(Name, CE, Args);
}

// min(a, b), max(a, b) of integers: CUDA's min, max, umin, umax, llmin,
// llmax, ullmin, ullmax and std::min, std::max.
Lin BodyBuilder::minMaxValue(const std::string &Name, const CallExpr *CE,
                             const std::vector<Val> &Args) {
  static const char *const Mins[] = {"min", "umin", "llmin", "ullmin"};
  static const char *const Maxs[] = {"max", "umax", "llmax", "ullmax"};
  int Kind = 0;
  for (const char *N : Mins)
    Kind = Name == N ? 1 : Kind;
  for (const char *N : Maxs)
    Kind = Name == N ? 2 : Kind;
  if (!Kind || Args.size() != 2 || !CE->getType().getNonReferenceType()->isIntegerType())
    return Lin();
  return linMinMax(Kind == 1, Args[0].L, Args[1].L);
}

} // namespace body
} // namespace kperf
