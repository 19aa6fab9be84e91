// BodyBuilder: expressions -- constants, special registers, variables,
// casts, arithmetic (mad/fma fusion, strength reduction), ?: -- and their
// operations.
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

// The kperf code of a special register named Obj ("threadIdx", ...) and axis,
// or -1.
static int specialCode(const std::string &Obj, int Axis) {
  if (Axis < 0 || Axis > 2)
    return -1;
  if (Obj == "threadIdx")
    return KP_V_TID_X + Axis;
  if (Obj == "blockIdx")
    return KP_V_CTAID_X + Axis;
  if (Obj == "blockDim" || Obj == "gridDim")
    return 100 + Axis; // uniform: a symbol
  return -1;
}

static int axisOf(const std::string &Field) {
  return Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : -1;
}

// HIP's threadIdx.x & co as members (hip/amd_detail/amd_hip_runtime.h):
// threadIdx is a __HIP_Coordinates<__HIP_ThreadIdx> object whose static
// members x, y, z convert to the id.  E is the member itself (a copy of it
// when passed by value, as to the overloaded blockDim.x * gridDim.x).
int BodyBuilder::hipCoordinate(const Expr *E, std::string &Name) {
  E = E->IgnoreParenImpCasts();
  while (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) { // a copy of the member
    if (CCE->getNumArgs() != 1)
      return -1;
    E = CCE->getArg(0)->IgnoreParenImpCasts();
  }
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    E = MTE->getSubExpr()->IgnoreParenImpCasts();
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME)
    return -1;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const CXXRecordDecl *RD = VD ? VD->getType()->getAsCXXRecordDecl() : nullptr;
  if (!RD || !RD->getIdentifier() || RD->getName() != "__HIP_Coordinates")
    return -1;
  std::string Obj = VD->getNameAsString(), Field = ME->getMemberDecl()->getNameAsString();
  int Code = specialCode(Obj, axisOf(Field));
  if (Code >= 0)
    Name = Obj + "." + Field;
  return Code;
}

// HIP's special registers as values: a member's conversion (threadIdx.x), or
// hipThreadIdx_x & co, which are __ockl_get_local_id(0) & co.
int BodyBuilder::hipSpecialVar(const Expr *E, std::string &Name) {
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    if (ICE->getCastKind() == CK_UserDefinedConversion)
      E = ICE->getSubExpr()->IgnoreParens();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()) && MC->getImplicitObjectArgument()
               ? hipCoordinate(MC->getImplicitObjectArgument(), Name)
               : -1;
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || CE->getNumArgs() != 1 || !FD->getIdentifier())
    return -1;
  StringRef F = FD->getName();
  const char *Obj = F == "__ockl_get_local_id"     ? "threadIdx"
                    : F == "__ockl_get_group_id"   ? "blockIdx"
                    : F == "__ockl_get_local_size" ? "blockDim"
                    : F == "__ockl_get_num_groups" ? "gridDim"
                                                   : nullptr;
  int64_t Axis;
  if (!Obj || !foldInt(CE->getArg(0), Axis) || Axis < 0 || Axis > 2)
    return -1;
  Name = std::string(Obj) + "." + "xyz"[Axis];
  return specialCode(Obj, (int)Axis);
}

// The special register threadIdx.x & co, or -1.
int BodyBuilder::specialVar(const Expr *E, std::string &Name) {
  const auto *POE = dyn_cast<PseudoObjectExpr>(E);
  if (!POE)
    return hipSpecialVar(E, Name);
  const auto *PR = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
  if (!PR)
    return -1;
  const Expr *B = PR->getBaseExpr()->IgnoreImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(B))
    B = OV->getSourceExpr()->IgnoreImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(B);
  if (!DRE)
    return -1;
  std::string Obj = DRE->getDecl()->getNameAsString();
  std::string Field = PR->getPropertyDecl()->getNameAsString();
  int Code = specialCode(Obj, axisOf(Field));
  if (Code >= 0)
    Name = Obj + "." + Field;
  return Code;
}

// HIP's blockDim.x * gridDim.x (and the other order, per axis): an overloaded
// operator* of the two members; the product of the two symbols.
bool BodyBuilder::hipSpecialProduct(const Expr *E, Val &Out) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  if (!OC || OC->getOperator() != OO_Star || OC->getNumArgs() != 2)
    return false;
  std::string NA, NB;
  int A = hipCoordinate(OC->getArg(0), NA), B = hipCoordinate(OC->getArg(1), NB);
  if (A < 100 || B < 100)
    return false;
  Val X = special(OC->getArg(0), A, NA), Y = special(OC->getArg(1), B, NB);
  Out = freeValue(linMul(X.L, Y.L), {&X, &Y}, "mul(" + X.Key + "," + Y.Key + ")");
  return true;
}

Val BodyBuilder::special(const Expr *E, int V, const std::string &Name) {
  Val R;
  R.Key = "sreg:" + Name;
  Val Found;
  if (cseFind(R.Key, 0, Found)) {
    R.Depth = Found.Depth;
    R.Node = Found.Node;
  } else {
    R.Depth = 0;
    R.Node = emit(0, KP_I_INT, 1, {}, E->getBeginLoc());
    Frames[0].Cse[R.Key] = R.Node;
  }
  if (V >= 100) {
    R.L = linSym(Var(Name.c_str()));
  } else {
    R.L = linVar(V, C(1));
    R.ThreadDep = V <= KP_V_TID_Z;
  }
  return R;
}

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
      // elements is only known when it is zero.
      int64_t O;
      if (!(V.Off.termFree() && kp_sym_is_const(V.Off.base, &O) && O == 0))
        V.Off = Lin();
    }
    if (!To->isIntegralOrEnumerationType() && !To->isPointerType())
      V.L = Lin();
    return V;
  }
}

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
