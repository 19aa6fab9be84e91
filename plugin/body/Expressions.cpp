// BodyBuilder: expressions -- constants folded, the walk over an
// expression's kinds, variables and loaded values, casts, and quiet
// evaluation; special registers are in Specials.cpp, operators in
// Arithmetic.cpp.  Uses body/Builder.h and the limits (kperf/limits.h).
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

bool BodyBuilder::foldInt(const Expr *E, int64_t &Out) {
  if (E->isValueDependent() || E->isTypeDependent() || !E->getType()->isIntegralOrEnumerationType())
    return false;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return false;
  // A value int64_t cannot hold (__int128, unsigned 64-bit above 2^63) is
  // not folded.
  std::optional<int64_t> V = R.Val.getInt().tryExtValue();
  if (!V)
    return false;
  Out = *V;
  return true;
}

kp_iclass BodyBuilder::arithClass(QualType T) {
  T = T.getCanonicalType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Float:
      return KP_I_FP32;
    case BuiltinType::Double:
    case BuiltinType::LongDouble:
      return KP_I_FP64;
    case BuiltinType::Half:
    case BuiltinType::Float16:
    case BuiltinType::BFloat16:
      return KP_I_FP16;
    default:
      break;
    }
  }
  return KP_I_INT;
}

bool BodyBuilder::is64(QualType T) { return T->isIntegerType() && Ctx.getTypeSize(T) > 32; }

Val BodyBuilder::eval(const Expr *E) {
  if (!E || overBudget())
    return Val();
  Nest N(ExprDepth);
  if (ExprDepth > KP_LIMIT_EXPR_DEPTH) {
    halt("expressions are nested deeper than " + std::to_string(KP_LIMIT_EXPR_DEPTH));
    return Val();
  }
  return evalExpr(E);
}

// Whether E has at most a few hundred sub-expressions.  clang's folding
// walks the whole tree, and eval asks at every level: only small trees
// are asked (a larger constant is still folded by kperf's own arithmetic).
bool BodyBuilder::smallTree(const Stmt *E) {
  int Budget = 256;
  std::vector<const Stmt *> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (--Budget < 0)
      return false;
    for (const Stmt *Ch : S->children())
      if (Ch)
        Work.push_back(Ch);
  }
  return true;
}

bool BodyBuilder::foldsToConstant(const Expr *E, int64_t &Out) {
  if (isa<CallExpr>(E) || !E->getType()->isIntegralOrEnumerationType())
    return false;
  auto It = Folded.find(E);
  if (It == Folded.end()) {
    int64_t V = 0;
    bool Ok = smallTree(E) && !E->HasSideEffects(Ctx) && foldInt(E, V);
    It = Folded.try_emplace(E, Ok, V).first;
  }
  Out = It->second.second;
  return It->second.first;
}

Val BodyBuilder::evalExpr(const Expr *E) {
  E = E->IgnoreParens();
  int64_t IV;
  if (foldsToConstant(E, IV)) {
    Val R;
    R.L = linConst(IV);
    R.Key = "c" + std::to_string(IV);
    return R;
  }
  if (isa<FloatingLiteral>(E) || isa<CXXBoolLiteralExpr>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXNullPtrLiteralExpr>(E) || isa<StringLiteral>(E)) {
    Val R;
    // Keyed by its value: x * 2.0f and x * 3.0f are two operations.
    R.Key = "lit";
    if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
      llvm::SmallString<32> Buf;
      FL->getValue().toString(Buf);
      R.Key += std::string(Buf.str());
      R.Imm = true;
    } else if (!isa<StringLiteral>(E)) {
      R.Key += text(E);
      R.Imm = true;
    }
    return R;
  }
  std::string SName;
  int SV = specialVar(E, SName);
  if (SV >= 0)
    return special(E, SV, SName);
  Val HipProduct;
  if (hipSpecialProduct(E, HipProduct))
    return HipProduct;

  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return castExpr(ICE, ICE->getCastKind(), ICE->getSubExpr(), ICE->getType());
  if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
    return castExpr(CE, CE->getCastKind(), CE->getSubExpr(), CE->getType());
  if (const auto *CE = dyn_cast<CXXNamedCastExpr>(E))
    return castExpr(CE, CE->getCastKind(), CE->getSubExpr(), CE->getType());
  if (const auto *CE = dyn_cast<CXXFunctionalCastExpr>(E))
    return castExpr(CE, CE->getCastKind(), CE->getSubExpr(), CE->getType());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return declRef(DRE);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return unary(UO);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Val Cd = eval(CO->getCond());
    Val T = eval(CO->getTrueExpr());
    Val F = eval(CO->getFalseExpr());
    Val R = pureOp(KP_I_CMP, 1, "sel(" + Cd.Key + "," + T.Key + "," + F.Key + ")", {&Cd, &T, &F},
                   CO->getBeginLoc());
    R.L = selectValue(CO, T, F);
    if (T.IsPtr) {
      R.IsPtr = true;
      R.Space = T.Space == F.Space ? T.Space : KP_SPACE_UNKNOWN;
    }
    return R;
  }
  if (isa<ArraySubscriptExpr>(E))
    return load(E);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE);
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return eval(EWC->getSubExpr());
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MTE->getSubExpr());
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(BTE->getSubExpr());
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DAE->getExpr());
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    Val R;
    for (const Expr *Arg : CCE->arguments()) {
      Val V = eval(Arg);
      R.ThreadDep |= V.ThreadDep;
      if (CCE->getNumArgs() == 1)
        return V;
    }
    return R;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A field of a struct value or through a pointer: a load when through memory.
    if (ME->isArrow())
      return load(E);
    Val B = eval(ME->getBase());
    Val R;
    R.ThreadDep = B.ThreadDep;
    R.Level = B.Level;
    return R;
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    Val R;
    for (const Expr *I : ILE->inits()) {
      Val V = eval(I);
      R.ThreadDep |= V.ThreadDep;
    }
    return R;
  }
  // sizeof/alignof, `this`, and a lambda's definition (its calls are inlined).
  // (`this` is not followed: a method's accesses to its object are of unknown
  // space, docs/analyze.md.)
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<CXXThisExpr>(E) || isa<LambdaExpr>(E))
    return Val();
  // Anything else: walk the children for their operations; the value is unknown.
  Val R;
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch)) {
      Val V = eval(CE);
      R.ThreadDep |= V.ThreadDep;
    }
  return R;
}

Val BodyBuilder::declRef(const DeclRefExpr *DRE) {
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD) {
    Val R;
    R.Key = "fn";
    return R;
  }
  // Arrays as values: pointers to their first element.
  if (VD->getType()->isArrayType())
    return arrayBase(VD);
  auto It = Env.find(VD);
  if (It != Env.end()) {
    Val V = It->second.V;
    if (const auto *P = dyn_cast<ParmVarDecl>(VD))
      if (CallStack.size() == 1 && It->second.Version == 0)
        return readParam(P, V, DRE->getBeginLoc());
    // An integer loaded from an address the same for every thread of a
    // warp (first = box[blockIdx.x].offset): one value per warp, unknown;
    // a variable named after the local, so that rA[first + tx] has a
    // known stride.
    if (V.FromMemory && !V.ThreadDep && !V.L.valid && !V.L.sym && !V.IsPtr &&
        VD->isLocalVarDecl() && VD->getType()->isIntegerType())
      V.L = linSym(Var(loadedName(VD)));
    return V;
  }
  // A variable kperf has not seen assigned: a global (__device__/__constant__) or
  // a capture.  Its value is unknown.
  Val R;
  if (VD->hasGlobalStorage() && !VD->isLocalVarDecl()) {
    R.Key = keyOf(VD);
    if (VD->getType()->isPointerType()) {
      R.IsPtr = true;
      R.Base = str(VD->getNameAsString());
      R.Space = KP_SPACE_UNKNOWN;
      R.Off = linConst(0);
    }
    int64_t IV;
    if (VD->getType().isConstQualified() && VD->getInit() && foldInt(VD->getInit(), IV))
      R.L = linConst(IV);
  }
  return R;
}

// The variable that stands for a warp-uniform loaded value in local VD:
// VD's name, made unique among the kernel's locals and parameters.
const char *BodyBuilder::loadedName(const VarDecl *VD) {
  auto It = LoadedNames.find(VD);
  if (It != LoadedNames.end())
    return It->second;
  std::string Base = VD->getNameAsString(), N = Base;
  for (int I = 2; UsedLoadedNames.count(N) || paramNamed(N); ++I)
    N = Base + "#" + std::to_string(I);
  UsedLoadedNames.insert(N);
  return LoadedNames[VD] = str(N);
}

bool BodyBuilder::paramNamed(const std::string &N) const {
  for (size_t I = 0; I < K->nparams; ++I)
    if (K->params[I].name && N == K->params[I].name)
      return true;
  return false;
}

// Whether formula F names a value loaded from memory (loadedName).
bool BodyBuilder::mentionsLoaded(const kp_sym *F) const {
  for (const auto &N : UsedLoadedNames)
    if (kp_sym_uses(F, N.getKey().data()))
      return true;
  return false;
}

Val BodyBuilder::castExpr(const Expr *E, CastKind CK, const Expr *Sub, QualType To) {
  if (CK == CK_LValueToRValue) {
    // Reading an lvalue: a variable, or memory.
    const Expr *S = Sub->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && (VD->hasAttr<CUDASharedAttr>() ||
                 (VD->hasGlobalStorage() && !VD->isLocalVarDecl() && !isa<ParmVarDecl>(VD) &&
                  !VD->getType().isConstQualified())))
        return load(S);
      return eval(S);
    }
    if (isa<PseudoObjectExpr>(S))
      return eval(S);
    if (isa<ArraySubscriptExpr>(S) || isa<MemberExpr>(S) ||
        (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_Deref))
      return load(S);
    return eval(S);
  }
  Val V = eval(Sub);
  switch (CK) {
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean: {
    std::string Key = std::string("cvt") + std::to_string(static_cast<int>(CK)) + "(" + V.Key + ")";
    if (CK == CK_IntegralToBoolean || CK == CK_FloatingToBoolean) {
      // A truth value kept as an integer and tested again stays a predicate:
      // neither the integer nor the test is emitted.
      if (V.Truth)
        markPredLogic(V.SelR, V.SelNode, 2);
      return truthOp(KP_I_CMP, Key, {&V}, E->getBeginLoc(), V.Truth);
    }
    // A constant once unrolled, (float)k of a loop unrolled whole: folded.
    if (V.Node < 0 && (V.Imm || constAfterUnroll(V.L)))
      return immValue(Key, {&V});
    return pureOp(KP_I_CONV, 1, Key, {&V}, E->getBeginLoc());
  }
  case CK_IntegralCast:
    // A truth value used as a number: selp 1, 0 (unless it is only tested
    // again, see above).
    if (V.Truth && V.Node >= 0 && Sub->getType()->isBooleanType() && !To->isBooleanType()) {
      Val R = pureOp(KP_I_CMP, 1, "selp(" + V.Key + ")", {&V}, E->getBeginLoc());
      R.Truth = true;
      R.SelR = regionOf(R);
      R.SelNode = R.Node;
      R.L = V.L;
      return R;
    }
    [[fallthrough]];
  case CK_BitCast:
  case CK_NoOp:
  case CK_ArrayToPointerDecay:
  case CK_FunctionToPointerDecay:
  case CK_NullToPointer:
  case CK_UncheckedDerivedToBase:
  case CK_DerivedToBase:
  default:
    if (V.IsPtr && To->isPointerType() && CK == CK_BitCast) {
      // A reinterpretation of the element type: the offset in the new
      // elements is known when it is a constant whose bytes are a whole
      // number of new elements (HeCBench match-cuda's `(int*)&scores[256]`,
      // float to int: 256), unknown otherwise.
      int64_t O;
      if (!(V.Off.termFree() && kp_sym_is_const(V.Off.base, &O) &&
            (O == 0 || rescaleOffset(Sub->getType(), To, O, V.Off))))
        V.Off = Lin();
    }
    if (!To->isIntegralOrEnumerationType() && !To->isPointerType())
      V.L = Lin();
    return V;
  }
}

// Offset O in elements of pointer type From's pointee, as elements of
// pointer type To's pointee, into Off: false when either pointee's size is
// unknown (void, incomplete) or O's bytes are not a whole number of them.
bool BodyBuilder::rescaleOffset(QualType From, QualType To, int64_t O, Lin &Off) {
  if (!From->isPointerType() || !To->isPointerType())
    return false;
  QualType PF = From->getPointeeType(), PT = To->getPointeeType();
  if (PF->isVoidType() || PT->isVoidType() || PF->isIncompleteType() || PT->isIncompleteType() ||
      PF->isFunctionType() || PT->isFunctionType() || PF->isDependentType() || PT->isDependentType())
    return false;
  auto SF = Ctx.getTypeSizeInCharsIfKnown(PF), ST = Ctx.getTypeSizeInCharsIfKnown(PT);
  if (!SF || !ST || SF->getQuantity() <= 0 || ST->getQuantity() <= 0)
    return false;
  int64_t Bytes;
  if (__builtin_mul_overflow(O, SF->getQuantity(), &Bytes) || Bytes % ST->getQuantity() != 0)
    return false;
  Off = linConst(Bytes / ST->getQuantity());
  return true;
}

// The affine value of an expression without emitting anything (for bounds
// and steps, which the loop's code evaluates separately).
Lin BodyBuilder::evalQuiet(const Expr *E) {
  int64_t V;
  if (foldInt(E, V))
    return linConst(V);
  return evalQuietVal(E).L;
}

// The same, the whole value (what it is computed from).
Val BodyBuilder::evalQuietVal(const Expr *E) {
  kp_region Scratch = {nullptr, 0, 0};
  Frame F;
  F.R = &Scratch;
  F.IsBranch = true;
  F.Branch = Frames.back().Branch;
  F.Side = Frames.back().Side;
  // Evaluate in a scratch frame whose nodes are discarded; CSE entries it
  // makes are dropped with it.  Hoisting is disabled (IsBranch).
  Frames.push_back(F);
  size_t NAcc = K->naccesses;
  Val R = eval(E);
  Frames.pop_back();
  K->naccesses = NAcc; // accesses made while evaluating are dropped
  if (R.Depth == static_cast<int>(Frames.size()))
    R.Depth = -1;
  return R;
}

} // namespace body
} // namespace kperf
