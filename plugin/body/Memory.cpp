// BodyBuilder: memory -- the places lvalues name (variables, array elements,
// struct fields, pointees), __shared__ arrays, the accesses recorded and
// their address arithmetic, loads and stores.
#include "body/Builder.h"
#include "body/Loops.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

kp_space BodyBuilder::spaceOf(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>())
    return KP_SPACE_SHARED;
  if (VD->hasAttr<CUDAConstantAttr>())
    return KP_SPACE_CONST;
  if (VD->hasAttr<CUDADeviceAttr>() && VD->hasGlobalStorage())
    return KP_SPACE_GLOBAL;
  if (VD->isLocalVarDecl() && !VD->isStaticLocal())
    return KP_SPACE_LOCAL;
  if (isa<ParmVarDecl>(VD))
    return KP_SPACE_GLOBAL;
  return KP_SPACE_UNKNOWN;
}

// A local array of constant size of the thread's own (not __shared__, not
// static): its elements live in registers where indices are constants.
bool BodyBuilder::isThreadArray(const VarDecl *VD) {
  return VD->isLocalVarDecl() && !VD->hasAttr<CUDASharedAttr>() && !VD->isStaticLocal() &&
         !isa<ParmVarDecl>(VD) && isa<ConstantArrayType>(VD->getType().getCanonicalType());
}

Val BodyBuilder::arrayBase(const VarDecl *VD) {
  Val R;
  R.IsPtr = true;
  R.Base = str(VD->getNameAsString());
  R.Space = spaceOf(VD);
  R.Off = linConst(0);
  R.Key = "arr:" + VD->getNameAsString();
  if (isThreadArray(VD))
    R.LocalArray = VD;
  if (R.Space == KP_SPACE_SHARED && SharedSeen.insert(VD).second) {
    QualType T = VD->getType();
    if (const auto *CAT = Ctx.getAsConstantArrayType(T))
      K->shared_static_bytes += Ctx.getTypeSizeInChars(CAT).getQuantity();
    else if (T->isIncompleteArrayType())
      K->uses_dynamic_shared = 1;
    recordShared(VD);
  }
  if (R.Space == KP_SPACE_SHARED) {
    auto It = SharedIdx.find(VD);
    if (It != SharedIdx.end())
      R.SharedDecl = It->second;
  }
  return R;
}

// A __shared__ array: its shape, and where its innermost extent is written.
void BodyBuilder::recordShared(const VarDecl *VD) {
  kp_shared_decl *D = kp_kernel_add_shared(M, K);
  if (!D)
    return;
  SharedIdx[VD] = static_cast<int>(K->nshared_decls - 1);
  D->name = str(VD->getNameAsString());
  D->loc = loc(VD->getLocation());
  QualType T = VD->getType();
  std::vector<int64_t> Ext;
  if (const auto *IAT = Ctx.getAsIncompleteArrayType(T)) {
    Ext.push_back(0);
    T = IAT->getElementType();
  }
  while (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
    Ext.push_back(CAT->getSize().getSExtValue());
    T = CAT->getElementType();
  }
  D->elem_bytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
  D->ndims = static_cast<unsigned>(std::min<size_t>(Ext.size(), 4));
  for (unsigned I = 0; I < D->ndims; ++I)
    D->dims[I] = Ext[I];
  // The innermost [N]: the last array type loc of the declarator.
  const TypeSourceInfo *TSI = VD->getTypeSourceInfo();
  if (!TSI || Ext.size() < 2)
    return;
  TypeLoc TL = TSI->getTypeLoc();
  const Expr *Inner = nullptr;
  while (auto ATL = TL.getAs<ArrayTypeLoc>()) {
    Inner = ATL.getSizeExpr();
    TL = ATL.getElementLoc();
  }
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Inner)
    return;
  // The extent as written in the file (a literal, or a macro such as TILE),
  // when it is exactly what stands between the brackets.
  CharSourceRange R = SM.getExpansionRange(Inner->getSourceRange());
  if (R.isInvalid() || !R.getBegin().isFileID())
    return;
  SourceLocation B = R.getBegin();
  SourceLocation E = R.isTokenRange()
                         ? Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts())
                         : R.getEnd();
  if (E.isInvalid() || !E.isFileID() || SM.getFileID(B) != SM.getFileID(E))
    return;
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
  unsigned OB = SM.getFileOffset(B), OE = SM.getFileOffset(E);
  if (Invalid || OE <= OB || OE > Buf.size())
    return;
  size_t L = OB, Rt = OE;
  while (L > 0 && (Buf[L - 1] == ' ' || Buf[L - 1] == '\t'))
    --L;
  while (Rt < Buf.size() && (Buf[Rt] == ' ' || Buf[Rt] == '\t'))
    ++Rt;
  if (L == 0 || Buf[L - 1] != '[' || Rt >= Buf.size() || Buf[Rt] != ']')
    return;
  D->inner_begin = loc(B);
  D->inner_end = loc(E);
  D->inner_text = str(Buf.substr(OB, OE - OB).str());
}

// Resolves an lvalue to a variable or a memory place.
bool BodyBuilder::placeOf(const Expr *E, Place &P) {
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return false;
    bool Mem = VD->hasGlobalStorage() || VD->hasAttr<CUDASharedAttr>();
    if (!Mem) {
      P.IsVar = true;
      P.VD = VD;
      return true;
    }
    P.Ptr = arrayBase(VD);
    P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(VD->getType()).getQuantity());
    return true;
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    // Collect the subscripts of a multi-dimensional array access a[i][j].
    std::vector<const Expr *> Idx;
    const Expr *Cur = ASE;
    while (const auto *S = dyn_cast<ArraySubscriptExpr>(Cur->IgnoreParens())) {
      Idx.insert(Idx.begin(), S->getIdx());
      const Expr *B = S->getBase()->IgnoreParens();
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(B))
        if (IC->getCastKind() == CK_ArrayToPointerDecay &&
            isa<ArraySubscriptExpr>(IC->getSubExpr()->IgnoreParens())) {
          Cur = IC->getSubExpr();
          continue;
        }
      Cur = B;
      break;
    }
    // s[i].v[k]: v, an array member of a struct in memory, decays to the
    // address of its first element (in units of that element).
    Val Base;
    bool MemberArray = false;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(Cur->IgnoreParens()))
      if (IC->getCastKind() == CK_ArrayToPointerDecay)
        if (const auto *ME = dyn_cast<MemberExpr>(IC->getSubExpr()->IgnoreParens()))
          if (const auto *CAT = Ctx.getAsConstantArrayType(ME->getType())) {
            int64_t EB = Ctx.getTypeSizeInChars(CAT->getElementType()).getQuantity();
            Place MP;
            if (EB > 0 && memberPlace(ME, MP, static_cast<unsigned>(EB)) && !MP.IsVar &&
                !MP.Why && MP.Ptr.Off.valid) {
              Base = MP.Ptr;
              Base.IsPtr = true;
              Base.Key = MP.IndexKey.empty() ? std::string() : "addr:" + MP.IndexKey;
              MemberArray = true;
            }
          }
    if (!MemberArray && !localMemberArray(Cur, Base, P))
      Base = eval(Cur);
    if (!Base.IsPtr) {
      P.Why = "unknown base";
      P.Ptr = Base;
      P.Ptr.IsPtr = true;
      P.Ptr.Off = Lin();
      P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
      for (const Expr *I : Idx)
        eval(I);
      return true;
    }
    // Extents of the base array, outermost first (0: a pointer's unknown extent).
    std::vector<int64_t> Ext;
    const Expr *BaseE = Cur->IgnoreParenImpCasts();
    QualType T = BaseE->getType();
    if (T->isPointerType()) {
      Ext.push_back(0);
      T = T->getPointeeType();
    }
    while (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      Ext.push_back(CAT->getSize().getSExtValue());
      T = CAT->getElementType();
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BaseE))
      if (const VarDecl *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->isLocalVarDecl() && !VD->hasAttr<CUDASharedAttr>() && !VD->isStaticLocal() &&
            VD->getType()->isArrayType())
          P.RegisterArray = VD;
    if (!P.RegisterArray && Base.LocalArray && !MemberArray)
      P.RegisterArray = Base.LocalArray; // a callee's pointer to the caller's array
    if (MemberArray)
      Ext.clear(); // the struct's array, not a shaped array of its own
    if (Ext.size() > 1 || (Ext.size() == 1 && Ext[0] > 0)) {
      P.NDims = static_cast<unsigned>(std::min<size_t>(Ext.size(), 4));
      for (unsigned I = 0; I < P.NDims; ++I)
        P.Dims[I] = Ext[I];
    }
    Lin Index = linConst(0);
    std::string Key;
    bool Thread = false, Indirect = false;
    for (size_t I = 0; I < Idx.size(); ++I) {
      P.Text += "[" + text(Idx[I]) + "]";
      Val V = eval(Idx[I]);
      Thread |= V.ThreadDep;
      Indirect |= V.FromMemory;
      int64_t Stride = 1;
      for (size_t J = I + 1; J < Idx.size() && J < Ext.size(); ++J)
        Stride *= Ext[J];
      Index = linAdd(Index, linScale(V.L, C(Stride)), 1);
      P.Subs.push_back(V.L);
      Key += "[" + (V.Key.empty() ? std::string("?") : V.Key) + "]";
      P.Ptr.Level = std::max(P.Ptr.Level, V.Level);
    }
    int Lv = P.Ptr.Level;
    P.Ptr = Base;
    P.Ptr.Level = std::max(Base.Level, Lv);
    P.Ptr.Off = linAdd(Base.Off, Index, 1);
    P.Ptr.ThreadDep = Base.ThreadDep || Thread;
    P.IndexKey = Base.Key.empty() || Key.find('?') != std::string::npos ? std::string()
                                                                         : Base.Key + Key;
    P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
    if (!P.Ptr.Off.valid) {
      std::string Spell;
      for (const Expr *I : Idx)
        Spell += (Spell.empty() ? "" : "][") + text(I);
      P.Why = str((Indirect ? "indirect index, loaded from memory: " : "non-affine index: ") + Spell);
      if (Indirect)
        P.Ptr.Off.sym = nullptr; // data-dependent: never a formula
    }
    // fewValued of the subscripts together, for a thread's own array.
    int Few = Idx.empty() || (!P.RegisterArray && P.Ptr.Space != KP_SPACE_LOCAL) ? 0 : 1;
    for (const Expr *I : Idx) {
      int F = Few ? fewValued(I, 0) : 0;
      Few = F ? std::max(Few, F) : 0;
    }
    P.IndexCompares = Few == 2;
    return true;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Deref)
      return false;
    Val B = eval(UO->getSubExpr());
    P.Ptr = B;
    if (!B.IsPtr) {
      P.Ptr.IsPtr = true;
      P.Ptr.Off = Lin();
      P.Why = "pointer kperf cannot follow";
    }
    P.IndexKey = B.Key;
    P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
    return true;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return memberPlace(ME, P, 0);
  return false;
}

// Whether integer expression E takes only a few values, each fixed at
// compile time once the loops are unrolled, and is made of comparisons: 2
// when it is made of comparison results (0 or 1) -- with compile-time
// constants, sums, products, shifts and bit operations, selections, a local
// variable never modified after such an initializer, and the counters of
// loops of constant trip count (or whose trip count only such counters set);
// 1 for such a value without a comparison; 0 for anything else (a value
// loaded from memory, a thread index, a parameter).  HeCBench s8n's
// `temp_idx = _x * 4 + _y * 2 + _z` with `_x = (tx > x)`, and `temp_idx +
// k`, `temp_idx + kk - 1` in its loops `k < 4` and `kk = 3; kk >= k + 1`: 2.
int BodyBuilder::fewValued(const Expr *E, int Depth) {
  if (!E || Depth > 8 || E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return 0;
  E = E->IgnoreParens();
  if (E->isIntegerConstantExpr(Ctx))
    return 1;
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return CE->getSubExpr()->getType()->isIntegralOrEnumerationType()
               ? fewValued(CE->getSubExpr(), Depth)
               : 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isComparisonOp() || BO->isLogicalOp())
      return 2;
    if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)
      return 0;
    int A = fewValued(BO->getLHS(), Depth), B = A ? fewValued(BO->getRHS(), Depth) : 0;
    return A && B ? std::max(A, B) : 0;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    UnaryOperatorKind Op = UO->getOpcode();
    if (Op == UO_LNot)
      return 2;
    return Op == UO_Minus || Op == UO_Plus || Op == UO_Not ? fewValued(UO->getSubExpr(), Depth) : 0;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    int A = fewValued(CO->getTrueExpr(), Depth), B = A ? fewValued(CO->getFalseExpr(), Depth) : 0;
    return A && B ? std::max(A, B) : 0;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || VD->hasAttr<CUDASharedAttr>() || VD->isStaticLocal())
    return 0;
  auto It = Env.find(VD);
  if (It != Env.end()) {
    const Val &V = It->second.V;
    if (V.Truth)
      return 2;
    if (V.Imm || (V.L.valid && V.L.termFree() && kp_sym_is_const(V.L.base, nullptr)))
      return 1;
    if (V.L.valid && V.L.nterms == 1 && kp_sym_is_const(V.L.base, nullptr) &&
        kp_sym_is_const(V.L.terms[0].coef, nullptr) && V.L.terms[0].var >= KP_V_LOOP &&
        static_cast<size_t>(V.L.terms[0].var - KP_V_LOOP) < K->nloops) {
      const kp_loop *Lp = K->loops[V.L.terms[0].var - KP_V_LOOP];
      if (Lp->trip_kind == KP_TRIP_EXACT && boundedTrip(Lp->trip))
        return 1;
    }
  }
  return VD->getInit() && neverModified(VD) ? fewValued(VD->getInit(), Depth + 1) : 0;
}

// Whether formula S names only constants and the iterations of loops of
// constant trip count ("iteration@N").
bool BodyBuilder::boundedTrip(const kp_sym *S) {
  if (!S)
    return false;
  if (S->kind == KP_SYM_CONST)
    return true;
  if (S->kind == KP_SYM_VAR) {
    if (!S->name || strncmp(S->name, "iteration@", 10) != 0)
      return false;
    long N = strtol(S->name + 10, nullptr, 10);
    if (N < 0 || static_cast<size_t>(N) >= K->nloops)
      return false;
    const kp_loop *Lp = K->loops[N];
    return Lp->trip_kind == KP_TRIP_EXACT && kp_sym_is_const(Lp->trip, nullptr);
  }
  return boundedTrip(S->a) && (!S->b || boundedTrip(S->b));
}

// Whether local variable VD is never assigned, incremented, passed by
// reference or has its address taken in its function (the loops' Modified
// visitor over the function's body).
bool BodyBuilder::neverModified(const VarDecl *VD) {
  auto It = Unmodified.find(VD);
  if (It != Unmodified.end())
    return It->second;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  Stmt *Body = FD ? FD->getBody() : nullptr;
  bool Ok = false;
  if (Body) {
    Modified Mod;
    Mod.TraverseStmt(Body);
    Ok = !Mod.Vars.count(VD);
  }
  Unmodified[VD] = Ok;
  return Ok;
}

// v.buf, or this->buf in a method run on v, decayed to a pointer, for v a
// thread's own object (a local variable) and buf an array member: the base
// of a local array named "v.buf" (it is in local memory, or registers, as a
// local array is); false for anything else.
bool BodyBuilder::localMemberArray(const Expr *Cur, Val &Base, Place &P) {
  const auto *IC = dyn_cast<ImplicitCastExpr>(Cur->IgnoreParens());
  if (!IC || IC->getCastKind() != CK_ArrayToPointerDecay)
    return false;
  const auto *ME = dyn_cast<MemberExpr>(IC->getSubExpr()->IgnoreParens());
  if (!ME || !Ctx.getAsConstantArrayType(ME->getType()) || !ME->getMemberDecl()->getIdentifier())
    return false;
  const Expr *B = ME->getBase()->IgnoreParenImpCasts();
  const VarDecl *Obj = nullptr;
  if (isa<CXXThisExpr>(B))
    Obj = ThisObjects.empty() ? nullptr : ThisObjects.back();
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(B); DRE && !ME->isArrow())
    Obj = dyn_cast<VarDecl>(DRE->getDecl());
  if (!Obj || !Obj->isLocalVarDecl() || Obj->isStaticLocal() || Obj->hasAttr<CUDASharedAttr>() ||
      !Obj->getType()->isRecordType() || !Obj->getIdentifier())
    return false;
  auto Sz = Ctx.getTypeSizeInCharsIfKnown(ME->getType());
  if (!Sz || Sz->getQuantity() <= 0)
    return false;
  std::string Name = Obj->getNameAsString() + "." + ME->getMemberDecl()->getNameAsString();
  Base = Val();
  Base.IsPtr = true;
  Base.Base = str(Name);
  Base.Space = KP_SPACE_LOCAL;
  Base.Off = linConst(0);
  Base.Key = "arr:" + Name;
  P.MemberArrayBytes = Sz->getQuantity();
  return true;
}

// p->f or s.f: the field of a struct in memory, its index in units of Unit
// bytes (0: the field's size), or a register (a field of a local struct).
bool BodyBuilder::memberPlace(const MemberExpr *ME, Place &P, unsigned Unit) {
  const Expr *E = ME;
  {
    Place Inner;
    QualType ST = ME->getBase()->getType();
    if (ME->isArrow()) {
      // p->f is (*p).f: element 0 of what p points to (p = d + gid: element gid of d).
      Val B = eval(ME->getBase());
      if (!B.IsPtr || !ST->isPointerType()) {
        P.Ptr = B;
        P.Ptr.IsPtr = true;
        P.Ptr.Off = Lin();
        P.Why = "struct field";
        P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
        return true;
      }
      Inner.Ptr = B;
      Inner.IndexKey = B.Key; // as (*p).f
      ST = ST->getPointeeType();
    } else {
      if (!placeOf(ME->getBase(), Inner))
        return false;
      if (Inner.IsVar) {
        P = Inner; // a field of a local struct: a register
        return true;
      }
    }
    // s[i].f: element i of an array of structures; the field is at a fixed
    // offset, so in units of the field's size the index stays affine when
    // the structure's size and the offset are multiples of it.
    P = Inner;
    P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
    P.NDims = 0;
    P.Subs.clear();
    int64_t U = Unit ? Unit : P.ElemBytes;
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    int64_t Size = ST->isRecordType() && !ST->isDependentType() && !ST->isIncompleteType()
                       ? Ctx.getTypeSizeInChars(ST).getQuantity()
                       : 0;
    int64_t FieldOff = FD && !FD->isBitField() && FD->getParent() && !FD->getParent()->isInvalidDecl()
                           ? static_cast<int64_t>(Ctx.getFieldOffset(FD) / 8)
                           : -1;
    if (!P.IndexKey.empty() && FD)
      P.IndexKey += "." + FD->getNameAsString(); // s[i].x and s[i].y are different places
    if (Inner.Ptr.Off.valid && U > 0 && Size > 0 && FieldOff >= 0 && Size % U == 0 &&
        FieldOff % U == 0) {
      P.Ptr.Off = linAdd(linScale(Inner.Ptr.Off, C(Size / U)), linConst(FieldOff / U), 1);
      return true;
    }
    P.Ptr.Off = Lin();
    P.Why = "struct field";
    return true;
  }
}

bool BodyBuilder::addressOf(const Expr *E, Val &Out) {
  Place P;
  if (!placeOf(E, P) || P.IsVar)
    return false;
  Out = P.Ptr;
  Out.Key = P.IndexKey.empty() ? std::string() : "addr:" + P.IndexKey;
  return true;
}

// The conditions under which the threads of frame Fr make access Ac
// (kp_access.guards, guards_unknown, guards_data, any_guards).
void BodyBuilder::recordGuards(const Frame &Fr, kp_access *Ac) {
  Ac->guards_unknown = Fr.GuardsUnknown != GuardsKnown;
  Ac->guards_data = Fr.GuardsUnknown == GuardsData;
  if (!Fr.Guards.empty()) {
    Ac->guards = static_cast<kp_guard *>(kp_module_alloc(M, sizeof(kp_guard) * Fr.Guards.size()));
    if (Ac->guards) {
      std::copy(Fr.Guards.begin(), Fr.Guards.end(), Ac->guards);
      Ac->nguards = Fr.Guards.size();
    } else {
      Ac->guards_unknown = 1;
      Ac->guards_data = 0;
    }
  }
  if (Ac->guards_unknown && !Fr.AnyGuards.empty()) {
    Ac->any_guards =
        static_cast<kp_guard *>(kp_module_alloc(M, sizeof(kp_guard) * Fr.AnyGuards.size()));
    if (Ac->any_guards) {
      std::copy(Fr.AnyGuards.begin(), Fr.AnyGuards.end(), Ac->any_guards);
      Ac->nany_guards = Fr.AnyGuards.size();
    }
  }
}

// Records the access and emits its address arithmetic; returns the access index.
int BodyBuilder::access(const Place &P, bool Store, bool Atomic, SourceLocation L, Val &Addr) {
  kp_access *Ac = kp_kernel_add_access(M, K);
  if (!Ac)
    return -1;
  int Idx = static_cast<int>(K->naccesses - 1);
  Ac->loc = loc(L);
  Ac->is_store = Store;
  Ac->is_atomic = Atomic;
  Ac->space = P.Ptr.Space;
  Ac->array = P.Ptr.Base ? P.Ptr.Base : "?";
  Ac->elem_bytes = P.ElemBytes;
  Ac->ndims = P.NDims;
  for (unsigned I = 0; I < P.NDims; ++I)
    Ac->dims[I] = P.Dims[I];
  for (int D = depth(); D >= 0; --D)
    if (Frames[D].Loop >= 0) {
      Ac->loop = Frames[D].Loop;
      break;
    }
  Ac->divergent = Frames.back().Divergent;
  Ac->branch = Frames.back().Branch;
  Ac->branch_side = Frames.back().Side;
  Ac->shared_decl = P.Ptr.Space == KP_SPACE_SHARED ? P.Ptr.SharedDecl : -1;
  recordGuards(Frames.back(), Ac);
  if (P.NDims > 1 && P.Subs.size() == P.NDims) {
    Ac->subs = static_cast<kp_affine *>(kp_module_alloc(M, sizeof(kp_affine) * P.NDims));
    for (unsigned I = 0; Ac->subs && I < P.NDims; ++I)
      Ac->subs[I] = toAffine(P.Subs[I]);
  }
  const Lin &Ix = P.Ptr.Off;
  if (Ix.valid) {
    Ac->index = toAffine(Ix);
  } else {
    Ac->index.known = 0;
    Ac->index.why = P.Why ? P.Why : "non-affine index";
    Ac->index_formula = Ix.sym;
    if (Ix.part && Ix.part->valid)
      Ac->index_part = toAffine(Lin(*Ix.part));
  }
  if (!P.Text.empty())
    Ac->index_text = str(P.Text);

  // Address arithmetic.  The same address up to a constant offset is free
  // (an immediate offset); a constant index needs none; else mul.wide+add
  // (global) or shl+add (shared), hoisted as far as its index allows, and
  // in a loop where the index advances with the counter, one add per
  // iteration (strength reduction) after the first address.
  Addr = P.Ptr;
  Addr.Depth = -1;
  Addr.Node = -1;
  if (P.Ptr.BaseIsParam && P.Ptr.Space == KP_SPACE_GLOBAL) {
    std::string CK = std::string("cvta:") + (P.Ptr.Base ? P.Ptr.Base : "");
    Val F;
    if (!cseFind(CK, 0, F)) {
      Frames[0].Cse[CK] = emit(0, KP_I_ADDR, 1, {}, L);
    }
  }
  if (registerArray(P, Ix))
    return Idx;
  if (P.Ptr.Space == KP_SPACE_LOCAL && P.Ptr.Base)
    MemArrayNames.insert(P.Ptr.Base);
  if (P.RegisterArray)
    if (auto Sz = Ctx.getTypeSizeInCharsIfKnown(P.RegisterArray->getType()))
      Ac->local_array_bytes = Sz->getQuantity();
  if (P.MemberArrayBytes > 0 && P.Ptr.Space == KP_SPACE_LOCAL && !constAfterUnroll(Ix))
    Ac->local_array_bytes = P.MemberArrayBytes;
  if (Ac->local_array_bytes > 0)
    Ac->index_compares = P.IndexCompares;
  std::string NonConst;
  if (Ix.valid) {
    // The non-constant part of the index.
    int64_t Cst;
    char Buf[256];
    if (!kp_sym_is_const(Ix.base, &Cst)) {
      kp_sym_print(Ix.base, Buf, sizeof Buf);
      NonConst += Buf;
    }
    for (const kp_term &T : Ix.termList()) {
      if (unrolledVar(T.var))
        continue; // a constant offset once the loop is unrolled
      kp_sym_print(T.coef, Buf, sizeof Buf);
      NonConst += "+" + std::string(Buf) + "*" + std::to_string(T.var);
    }
    if (NonConst.empty())
      return Idx; // constant index: base + immediate
    NonConst = std::string("ea:") + (P.Ptr.Base ? P.Ptr.Base : "?") + ":" + NonConst;
  } else if (!P.IndexKey.empty()) {
    NonConst = "ea:" + P.IndexKey;
  }
  Val F;
  if (!NonConst.empty() && cseFind(NonConst, depth(), F)) {
    Addr.Depth = F.Depth;
    Addr.Node = F.Node;
    return Idx;
  }
  // Innermost loop whose counter the index follows.
  int LoopFrame = -1;
  for (int D = depth(); D > 0; --D)
    if (Frames[D].Loop >= 0 && !Frames[D].Unrolled) {
      for (const kp_term &T : Ix.termList())
        if (T.var == KP_V_LOOP + Frames[D].Loop)
          LoopFrame = D;
      break;
    }
  kp_iclass Cl = KP_I_ADDR;
  // Forming an address: mul.wide/shl + add, and one mad more for the row
  // offset of a multi-dimensional array.
  unsigned Form = P.NDims > 1 ? nvcc::AddressOpsMultiDim : nvcc::AddressOps;
  Val Ptr = P.Ptr;
  if (LoopFrame > 0) {
    // The first address before the loop, then one add per iteration; with
    // the loop unrolled, one per group when the stride is a constant (the
    // group's other addresses are immediate offsets).
    int Outer = LoopFrame - 1;
    emit(Outer, Cl, Form, {}, L);
    bool ConstStride = false;
    for (const kp_term &T : Ix.termList())
      if (T.var == KP_V_LOOP + Frames[LoopFrame].Loop)
        ConstStride = kp_sym_is_const(T.coef, nullptr);
    Addr.Depth = depth();
    Addr.Node = emit(depth(), Cl, 1, {}, L);
    if (ConstStride && LoopFrame == depth())
      Frames[depth()].R->nodes[Addr.Node].per_group = 1;
  } else {
    int D = hoistDepth(P.Ptr.Level);
    // Addresses that differ only by an unrolled loop's counter are
    // immediate offsets from one address formed before that loop (an
    // index kperf cannot state as affine, `(r * 8 + c) % n`, is computed
    // in each copy, and so is its address).
    while (Ix.valid && D > 0 && Frames[D].Loop >= 0 && Frames[D].Unrolled)
      --D;
    Addr.Depth = D;
    Addr.Node = emit(D, Cl, Form, {&Ptr}, L);
  }
  if (!NonConst.empty() && Addr.Depth >= 0)
    Frames[Addr.Depth].Cse[NonConst] = Addr.Node;
  return Idx;
}

// Whether the element P addresses at index Ix is a register: a local array
// indexed by a constant (after unrolling); the array is recorded
// (RegArrays).  Its other accesses go to memory (access()).
bool BodyBuilder::registerArray(const Place &P, const Lin &Ix) {
  if (!P.RegisterArray || !constAfterUnroll(Ix))
    return false;
  RegArrays.insert(P.RegisterArray);
  return true;
}

kp_iclass BodyBuilder::memClass(kp_space S, bool Store) {
  switch (S) {
  case KP_SPACE_SHARED:
    return Store ? KP_I_ST_SHARED : KP_I_LD_SHARED;
  case KP_SPACE_LOCAL:
    return Store ? KP_I_ST_LOCAL : KP_I_LD_LOCAL;
  case KP_SPACE_CONST:
    return Store ? KP_I_ST_GLOBAL : KP_I_LD_CONST;
  default:
    return Store ? KP_I_ST_GLOBAL : KP_I_LD_GLOBAL;
  }
}

Val BodyBuilder::readLValue(const Expr *E) {
  Place P;
  if (placeOf(E, P) && P.IsVar)
    return eval(E);
  return load(E);
}

Val BodyBuilder::load(const Expr *E) {
  Place P;
  if (!placeOf(E, P))
    return eval(E);
  if (P.IsVar) {
    auto It = Env.find(P.VD);
    return It == Env.end() ? Val() : It->second.V;
  }
  if (registerArray(P, P.Ptr.Off)) {
    Val R;
    R.Level = depth();
    return R; // a register
  }
  // A load of the same address with no store in between is reused.
  std::string LK = P.IndexKey.empty() ? std::string() : "ld:" + std::string(P.Ptr.Base ? P.Ptr.Base : "?") + "|" + P.IndexKey;
  Val R;
  if (!LK.empty() && cseFind(LK, depth(), R)) {
    R.ThreadDep = P.Ptr.ThreadDep;
    R.FromMemory = true;
    R.Level = R.Depth;
    return R;
  }
  Val Addr;
  int Ac = access(P, false, false, E->getBeginLoc(), Addr);
  R.Depth = depth();
  R.Node = emit(depth(), memClass(P.Ptr.Space, false), 1, {&Addr}, E->getBeginLoc(), Ac);
  R.ThreadDep = P.Ptr.ThreadDep;
  R.FromMemory = true;
  R.Level = depth();
  if (!LK.empty())
    Frames.back().Cse[LK] = R.Node;
  return R;
}

void BodyBuilder::forgetLoads(const char *Base) {
  std::string Prefix = Base ? "ld:" + std::string(Base) + "|" : std::string("ld:");
  // The keys that start with Prefix are one run of the ordered map: a store
  // in a kernel of thousands of pure expressions visits only its loads.
  for (Frame &F : Frames)
    for (auto It = F.Cse.lower_bound(Prefix);
         It != F.Cse.end() && It->first.compare(0, Prefix.size(), Prefix) == 0;)
      It = F.Cse.erase(It);
}

Val BodyBuilder::store(const Expr *LHS, Val V, SourceLocation L) {
  Place P;
  if (!placeOf(LHS, P))
    return V;
  if (P.IsVar) {
    assign(P.VD, V);
    return V;
  }
  if (registerArray(P, P.Ptr.Off)) {
    // The element is a register that outlives this statement: the value's
    // operation stays in the code even when nothing here reads it.
    if (V.Depth >= 0 && V.Depth <= depth() && V.Node >= 0 &&
        static_cast<size_t>(V.Node) < Frames[V.Depth].R->nnodes)
      Frames[V.Depth].R->nodes[V.Node].escapes = 1;
    return V;
  }
  Val Addr;
  int Ac = access(P, true, false, L, Addr);
  emit(depth(), memClass(P.Ptr.Space, true), 1, {&Addr, &V}, L, Ac);
  forgetLoads(P.Ptr.Base);
  return V;
}

// The memory place a pointer value PV of type PT points at (atomics, __ldg).
BodyBuilder::Place BodyBuilder::placeAt(const Val &PV, QualType PT) {
  Place P;
  P.Ptr = PV;
  if (!PV.IsPtr) {
    P.Ptr.IsPtr = true;
    P.Ptr.Off = Lin();
    P.Why = "pointer kperf cannot follow";
  }
  P.IndexKey = PV.Key;
  P.ElemBytes = PT->isPointerType()
                    ? static_cast<unsigned>(Ctx.getTypeSizeInChars(PT->getPointeeType()).getQuantity())
                    : 4;
  return P;
}

} // namespace body
} // namespace kperf
