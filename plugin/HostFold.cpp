// Host expressions as formulas, quotients and dim3s, and the kernel a launch
// calls (HostFold.h says what and why clang); their constant values are
// HostFoldValue.cpp's.  Front end only: clang's AST and the C model layer.
#include "HostFold.h"
#include "Extract.h"
#include "Body.h"

#include "kperf/launch.h"
#include "kperf/registers.h"
#include "kperf/sym.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {

const FunctionDecl *HostFold::resolveCallee(const CUDAKernelCallExpr *E, bool &ViaPointer) {
  if (const FunctionDecl *FD = E->getDirectCallee())
    return FD;
  ViaPointer = true;
  const Expr *C = E->getCallee()->IgnoreParenImpCasts();
  for (int Depth = 0; Depth < 8 && C; ++Depth) {
    if (const auto *U = dyn_cast<UnaryOperator>(C)) {
      if (U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref)
        return nullptr;
      C = U->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(C);
    if (!DRE)
      return nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
      return FD;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getInit() || !isUnchanged(VD))
      return nullptr;
    C = VD->getInit()->IgnoreParenImpCasts();
  }
  return nullptr;
}

const FunctionDecl *HostFold::namedFunction(const Expr *C) {
  for (int Depth = 0; Depth < 4 && C; ++Depth) {
    C = C->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_AddrOf) {
      C = U->getSubExpr();
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(C);
    return DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  }
  return nullptr;
}

llvm::SmallVector<const FunctionDecl *, 8> HostFold::pointerCallees(const CUDAKernelCallExpr *E) {
  llvm::SmallVector<const FunctionDecl *, 8> Out;
  const Expr *C = E->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_Deref)
    C = U->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(C);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || !CurrentFunction || !CurrentFunction->getBody())
    return Out;
  PointerValues PV(VD);
  PV.TraverseStmt(CurrentFunction->getBody());
  if (PV.Other || PV.Refs != PV.Assigned.size() + PV.Read.size())
    return Out;
  if (const Expr *Init = VD->getInit()) {
    const Expr *I = Init->IgnoreParenImpCasts();
    if (const FunctionDecl *F = namedFunction(I))
      PV.Values.push_back(F);
    else if (!isa<CXXNullPtrLiteralExpr>(I) && !isa<GNUNullExpr>(I) &&
             !I->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return Out;
  }
  for (const FunctionDecl *F : PV.Values) {
    if (!F->hasAttr<CUDAGlobalAttr>())
      return {};
    if (std::find(Out.begin(), Out.end(), F) == Out.end())
      Out.push_back(F);
  }
  return Out;
}

kp_expr HostFold::intOf(const Expr *E, int Depth) {
  kp_expr R = {nullptr, 0, 0, nullptr, nullptr, nullptr};
  E = E->IgnoreImplicit();
  R.text = str(sourceText(E));
  int64_t V;
  if (fold(E, V, 0)) {
    R.known = 1;
    R.value = V;
  } else {
    R.sym = symOf(E, 0);
  }
  const Expr *P = E->IgnoreParenImpCasts();
  R.name = plainName(P);
  if (!R.name && !R.known && !R.sym)
    R.name = callName(P);
  if (Depth == 0) {
    // (size_t)ceil(...): a conversion to an integer type as wide as int
    // keeps the quotient.
    const Expr *QE = P;
    while (const auto *C = dyn_cast<ExplicitCastExpr>(QE)) {
      if (!C->getType()->isIntegerType() || Ctx.getTypeSize(C->getType()) < 32)
        break;
      QE = C->getSubExpr()->IgnoreParenImpCasts();
    }
    R.quot = quotientOf(QE);
  }
  if (Depth == 0 && !R.quot)
    R.quot = quotientThroughLocal(P);
  return R;
}

const kp_quotient *HostFold::quotientThroughLocal(const Expr *E) {
  const Expr *At = localValue(E);
  if (!At)
    return nullptr;
  bool Saved = InLaunch;
  InLaunch = false;
  const kp_quotient *Q = quotientOf(At->IgnoreParenImpCasts());
  InLaunch = Saved;
  return Q;
}

const Expr *HostFold::localValue(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || !VD->getType()->isIntegralOrEnumerationType())
    return nullptr;
  const Expr *At = InLaunch ? valueAt(VD) : nullptr;
  if (!At && VD->getInit() && isUnchanged(VD))
    At = VD->getInit();
  return At && unchangedVars(At) ? At : nullptr;
}

const char *HostFold::plainName(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->getIdentifier())
      return str(VD->getName().str());
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isImplicitAccess() && ME->getMemberDecl()->getIdentifier())
      return str(ME->getMemberDecl()->getName().str());
  }
  return nullptr;
}

const char *HostFold::callName(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || isa<CXXOperatorCallExpr>(Call) || !Call->getDirectCallee())
    return nullptr;
  std::string T = sourceText(E);
  if (T.empty() || T.size() > 48 || T.find_first_of("\n\r") != std::string::npos)
    return nullptr;
  return str(T);
}

bool HostFold::sameValue(const Expr *A, const Expr *B) {
  int64_t X, Y;
  if (fold(A, X, 0) && fold(B, Y, 0))
    return X == Y;
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    return isa<DeclRefExpr>(B) && cast<DeclRefExpr>(B)->getDecl() == DA->getDecl();
  const auto *MA = dyn_cast<MemberExpr>(A), *MB = dyn_cast<MemberExpr>(B);
  return MA && MB && MA->getMemberDecl() == MB->getMemberDecl() &&
         MA->isArrow() == MB->isArrow() &&
         (isa<CXXThisExpr>(MA->getBase()->IgnoreParenImpCasts())
              ? isa<CXXThisExpr>(MB->getBase()->IgnoreParenImpCasts())
              : sameValue(MA->getBase(), MB->getBase()));
}

bool HostFold::isOne(const Expr *E) {
  int64_t V;
  return fold(E, V, 0) && V == 1;
}

const kp_quotient *HostFold::quotientOf(const Expr *E) {
  const Expr *Num = nullptr, *Den = nullptr;
  int RoundUp = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Div && BO->getType()->isIntegralOrEnumerationType()) {
    Num = BO->getLHS()->IgnoreParenImpCasts();
    Den = BO->getRHS();
  } else if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    llvm::StringRef Name = FD && FD->getIdentifier() ? FD->getName() : llvm::StringRef();
    if (Call->getNumArgs() == 2 && !Name.empty() && kp_is_divup_name(Name.data(), Name.size())) {
      Num = Call->getArg(0)->IgnoreParenImpCasts();
      Den = Call->getArg(1);
      RoundUp = 1;
    } else if (Call->getNumArgs() == 1 && (Name == "ceil" || Name == "ceilf" ||
                                           Name == "floor" || Name == "floorf")) {
      const auto *Q = dyn_cast<BinaryOperator>(Call->getArg(0)->IgnoreParenImpCasts());
      auto IntegerCast = [](const Expr *X) -> const Expr * { // (float)n, n of an integer type
        X = X->IgnoreParenImpCasts();
        if (const auto *C = dyn_cast<CastExpr>(X))
          X = C->getSubExpr()->IgnoreParenImpCasts();
        if (const auto *F = dyn_cast<FloatingLiteral>(X)) // 32.0f: an integer's value
          return F->getValue().isInteger() ? X : nullptr;
        return X->getType()->isIntegralOrEnumerationType() ? X : nullptr;
      };
      if (Q && Q->getOpcode() == BO_Div && IntegerCast(Q->getLHS()) && IntegerCast(Q->getRHS())) {
        Num = IntegerCast(Q->getLHS());
        Den = IntegerCast(Q->getRHS());
        RoundUp = Name.starts_with("ceil");
      }
    }
  }
  const auto *DenF = Den ? dyn_cast<FloatingLiteral>(Den) : nullptr;
  if (!Num || !Den || !Num->getType()->isIntegralOrEnumerationType() ||
      (!Den->getType()->isIntegralOrEnumerationType() && !DenF))
    return nullptr;
  const Expr *Head = nullptr;
  int64_t Tail = 0;
  const auto *X = dyn_cast<BinaryOperator>(Num);
  if (!RoundUp && X) {
    const Expr *L = X->getLHS()->IgnoreParenImpCasts(), *R = X->getRHS()->IgnoreParenImpCasts();
    const auto *LB = dyn_cast<BinaryOperator>(L), *RB = dyn_cast<BinaryOperator>(R);
    if (X->getOpcode() == BO_Sub && isOne(R) && LB && LB->getOpcode() == BO_Add &&
        sameValue(LB->getRHS(), Den)) { // N + D - 1
      Num = LB->getLHS()->IgnoreParenImpCasts();
      RoundUp = 1;
    } else if (X->getOpcode() == BO_Add && RB && RB->getOpcode() == BO_Sub &&
               isOne(RB->getRHS()) && sameValue(RB->getLHS(), Den)) { // N + (D - 1)
      Num = L;
      RoundUp = 1;
    } else if (X->getOpcode() == BO_Add && LB && LB->getOpcode() == BO_Sub &&
               isOne(LB->getRHS()) && sameValue(R, Den)) { // N - 1 + D
      Num = LB->getLHS()->IgnoreParenImpCasts();
      RoundUp = 1;
    } else if (X->getOpcode() == BO_Add && fold(R, Tail, 0)) { // N + C
      Head = L;
    }
  }
  auto *Q = static_cast<kp_quotient *>(kp_module_alloc(M, sizeof(kp_quotient)));
  if (!Q)
    return nullptr;
  *Q = kp_quotient{};
  Q->den = intOf(Den, 1);
  if (DenF) { // ceil(n / 32.0f): the divisor 32
    llvm::APSInt V(64, false);
    bool Exact = false;
    if (DenF->getValue().convertToInteger(V, llvm::APFloat::rmTowardZero, &Exact) !=
            llvm::APFloat::opOK ||
        !Exact || V.getSExtValue() <= 0)
      return nullptr;
    Q->den.known = 1;
    Q->den.value = V.getSExtValue();
    Q->den.sym = nullptr;
  }
  if (Head) { // whether it rounds up is the divisor's value's question (grid_cover)
    Q->has_tail = 1;
    Q->head = intOf(Head, 1);
    Q->tail = Tail;
  }
  Q->num = intOf(Num, 1);
  Q->num_held = Q->num.known ? nullptr : throughLocal(Num, Q->num).sym; // kp_quotient.num_held
  if (Q->num_held == Q->num.sym)
    Q->num_held = nullptr;
  const Expr *Held = Q->num.known ? nullptr : localValue(Num);
  Q->num_param = readsParam(Num) || (Held && readsParam(Held));
  Q->round_up = RoundUp;
  if (!RoundUp && !Head && isa<BinaryOperator>(E))
    divisionRange(E, Q);
  return Q;
}

void HostFold::divisionRange(const Expr *E, kp_quotient *Q) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = E->getBeginLoc(), En = E->getEndLoc();
  if (B.isInvalid() || En.isInvalid() || !B.isFileID() || !En.isFileID())
    return;
  En = Lexer::getLocForEndOfToken(En, 0, SM, Ctx.getLangOpts());
  if (En.isInvalid() || SM.getFileID(B) != SM.getFileID(En))
    return;
  Q->begin = toLoc(Ctx, B, M);
  Q->end = toLoc(Ctx, En, M);
}

const char *HostFold::blockMacros(const kp_dim3 &B) {
  auto MacroOf = [&](const kp_expr &X) -> std::string {
    if (!X.known || !X.text)
      return std::string();
    llvm::StringRef T = llvm::StringRef(X.text).trim();
    if (T.empty() || !(isalpha(static_cast<unsigned char>(T[0])) || T[0] == '_'))
      return std::string();
    for (char C : T)
      if (!isalnum(static_cast<unsigned char>(C)) && C != '_')
        return std::string();
    auto It = Ctx.Idents.find(T);
    if (It == Ctx.Idents.end() || !It->getValue() || !It->getValue()->hasMacroDefinition())
      return std::string();
    return T.str();
  };
  std::string X = MacroOf(B.x), Y = MacroOf(B.y);
  if (X.empty())
    return nullptr;
  if (!Y.empty() && Y != X)
    X += "," + Y;
  return str(X);
}

kp_expr HostFold::throughLocal(const Expr *E, kp_expr X) {
  if (X.known)
    return X;
  const Expr *At = localValue(E);
  if (!At)
    return X;
  bool Saved = InLaunch;
  InLaunch = false;
  if (const kp_sym *S = symOf(At, 0))
    X.sym = S;
  InLaunch = Saved;
  return X;
}

bool HostFold::unchangedVars(const Expr *E) {
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && (VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) &&
          !isUnchanged(VD, /*Params=*/true))
        Ok = false;
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  return Ok;
}

const kp_sym *HostFold::symOf(const Expr *E, int Depth) {
  if (!E || Depth > 16 || E->isValueDependent() || E->isTypeDependent())
    return nullptr;
  kp_arena *A = M->arena;
  for (const Expr *Prev = nullptr; Prev != E;) {
    Prev = E;
    E = E->IgnoreImplicit()->IgnoreParenImpCasts();
  }
  int64_t V;
  if (E->getType()->isIntegralOrEnumerationType() && fold(E, V, 0))
    return kp_sym_const(A, V);
  // A floating-point value converted to an integer (the conversion was
  // stripped above or is this cast): truncated, `(size_t)(ceil((float)M) /
  // (float)B)` is M / B.  Only exact quotients of integers (ratioOf).
  if (E->getType()->isRealFloatingType()) {
    const kp_sym *N = nullptr, *D = nullptr;
    return ratioOf(E, Depth + 1, N, D) ? kp_sym_bin(A, KP_SYM_DIV, N, D) : nullptr;
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return symOf(CE->getSubExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getIdentifier() || !VD->getType()->isIntegralOrEnumerationType())
      return nullptr;
    return kp_sym_var(A, VD->getName().str().c_str());
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (!ME->getType()->isIntegralOrEnumerationType())
      return nullptr;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    std::string Field = ME->getMemberDecl()->getNameAsString();
    // A member of the object a method runs on, as the code names it.
    if (isa<CXXThisExpr>(Base) && ME->getMemberDecl()->getIdentifier())
      return kp_sym_var(A, Field.c_str());
    const auto *BD = dyn_cast<DeclRefExpr>(Base);
    if (!BD || !BD->getDecl()->getIdentifier())
      return nullptr;
    const CXXRecordDecl *RD = Base->getType()->getAsCXXRecordDecl();
    if (!ME->isArrow() && RD && RD->getIdentifier() && RD->getName() == "dim3" &&
        (Field == "x" || Field == "y" || Field == "z")) {
      kp_dim3 D = dim3Of(Base);
      const kp_expr &C = Field == "x" ? D.x : Field == "y" ? D.y : D.z;
      if (C.known)
        return kp_sym_const(A, C.value);
      if (C.sym)
        return C.sym; // `block.x` of `block.x = m_threads;`: the formula of m_threads
    }
    std::string Name = BD->getDecl()->getNameAsString() + (ME->isArrow() ? "->" : ".") + Field;
    return kp_sym_var(A, Name.c_str());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // A comparison is worth 1 or 0: `iw / b + (0 != iw % b)` rounds up.
    if (BO->isComparisonOp())
      return condOf(BO, Depth + 1);
    kp_sym_kind K;
    if (!symBinaryKind(BO->getOpcode(), /*Truncating=*/true, K))
      return nullptr;
    if (!BO->getType()->isIntegralOrEnumerationType())
      return nullptr; // float arithmetic (a quotient under ceil/floor is read there)
    return kp_sym_bin(A, K, symOf(BO->getLHS(), Depth + 1), symOf(BO->getRHS(), Depth + 1));
  }
  // `c ? t : f` over integers: f + (t - f) * [c], with [c] the 0-or-1 of
  // the condition (condOf): `threads <= 32 ? 2 * threads * 4 : threads * 4`,
  // the rounding-up term `x % T ? 1 : 0`.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (!CO->getType()->isIntegralOrEnumerationType())
      return nullptr;
    const kp_sym *T = symOf(CO->getTrueExpr(), Depth + 1);
    const kp_sym *F = symOf(CO->getFalseExpr(), Depth + 1);
    const kp_sym *C = T && F ? condOf(CO->getCond(), Depth + 1) : nullptr;
    return kp_sym_add(A, F, kp_sym_mul(A, kp_sym_sub(A, T, F), C));
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return nullptr;
    llvm::StringRef Name = FD->getName();
    if (Call->getNumArgs() == 2 && kp_is_divup_name(Name.data(), Name.size()))
      return kp_sym_bin(A, KP_SYM_CEILDIV, symOf(Call->getArg(0), Depth + 1),
                        symOf(Call->getArg(1), Depth + 1));
    if (Call->getNumArgs() == 2 && (Name == "min" || Name == "max"))
      return kp_sym_bin(A, Name == "min" ? KP_SYM_MIN : KP_SYM_MAX,
                        symOf(Call->getArg(0), Depth + 1), symOf(Call->getArg(1), Depth + 1));
    // ceil(a / (float)b), floor(...): of an exact quotient of integers.
    if (Call->getNumArgs() == 1 &&
        (Name == "ceil" || Name == "ceilf" || Name == "floor" || Name == "floorf")) {
      const kp_sym *N = nullptr, *D = nullptr;
      if (!ratioOf(Call->getArg(0), Depth + 1, N, D))
        return nullptr;
      return kp_sym_bin(A, Name.starts_with("ceil") ? KP_SYM_CEILDIV : KP_SYM_DIV, N, D);
    }
  }
  return nullptr;
}

bool HostFold::ratioOf(const Expr *E, int Depth, const kp_sym *&N, const kp_sym *&D) {
  if (!E || Depth > 16 || E->isValueDependent() || E->isTypeDependent())
    return false;
  kp_arena *A = M->arena;
  E = E->IgnoreParens();
  if (E->getType()->isIntegralOrEnumerationType()) {
    N = symOf(E, Depth + 1);
    D = kp_sym_const(A, 1);
    return N != nullptr;
  }
  if (!E->getType()->isRealFloatingType())
    return false;
  if (const auto *C = dyn_cast<CastExpr>(E)) // float <-> double, int -> float
    return ratioOf(C->getSubExpr(), Depth + 1, N, D);
  if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
    llvm::APFloat F = FL->getValue();
    bool Exact = false;
    llvm::APSInt I(64, /*isUnsigned=*/false);
    if (F.convertToInteger(I, llvm::APFloat::rmTowardZero, &Exact) != llvm::APFloat::opOK ||
        !Exact)
      return false;
    N = kp_sym_const(A, I.getExtValue());
    D = kp_sym_const(A, 1);
    return true;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const kp_sym *N1, *D1, *N2, *D2;
    if (!ratioOf(BO->getLHS(), Depth + 1, N1, D1) || !ratioOf(BO->getRHS(), Depth + 1, N2, D2))
      return false;
    switch (BO->getOpcode()) {
    case BO_Div:
      N = kp_sym_mul(A, N1, D2);
      D = kp_sym_mul(A, D1, N2);
      return N && D;
    case BO_Mul:
      N = kp_sym_mul(A, N1, N2);
      D = kp_sym_mul(A, D1, D2);
      return N && D;
    case BO_Add:
    case BO_Sub:
      N = (BO->getOpcode() == BO_Add ? kp_sym_add : kp_sym_sub)(A, kp_sym_mul(A, N1, D2),
                                                               kp_sym_mul(A, N2, D1));
      D = kp_sym_mul(A, D1, D2);
      return N && D;
    default:
      return false;
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier() || Call->getNumArgs() != 1)
      return false;
    llvm::StringRef Name = FD->getName();
    if (Name != "ceil" && Name != "ceilf" && Name != "floor" && Name != "floorf")
      return false;
    const kp_sym *N1, *D1;
    if (!ratioOf(Call->getArg(0), Depth + 1, N1, D1))
      return false;
    N = kp_sym_bin(A, Name.starts_with("ceil") ? KP_SYM_CEILDIV : KP_SYM_DIV, N1, D1);
    D = kp_sym_const(A, 1);
    return N != nullptr;
  }
  return false;
}

const kp_sym *HostFold::condOf(const Expr *E, int Depth) {
  if (!E || Depth > 16)
    return nullptr;
  kp_arena *A = M->arena;
  E = E->IgnoreParenImpCasts();
  auto Clamp01 = [&](const kp_sym *X) { // min(max(X, 0), 1)
    return kp_sym_bin(A, KP_SYM_MIN, kp_sym_bin(A, KP_SYM_MAX, X, kp_sym_const(A, 0)),
                      kp_sym_const(A, 1));
  };
  auto Not = [&](const kp_sym *X) { return kp_sym_sub(A, kp_sym_const(A, 1), X); };
  auto Lt = [&](const kp_sym *X, const kp_sym *Y) { return Clamp01(kp_sym_sub(A, Y, X)); };
  auto NonZero = [&](const kp_sym *X) { // min(|X|, 1)
    return kp_sym_bin(A, KP_SYM_MIN,
                      kp_sym_bin(A, KP_SYM_MAX, X, kp_sym_sub(A, kp_sym_const(A, 0), X)),
                      kp_sym_const(A, 1));
  };
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
    return Not(condOf(U->getSubExpr(), Depth + 1));
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isComparisonOp()) {
    if (!B->getLHS()->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType() ||
        !B->getRHS()->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType())
      return nullptr;
    const kp_sym *X = symOf(B->getLHS(), Depth + 1), *Y = symOf(B->getRHS(), Depth + 1);
    const kp_sym *One = kp_sym_const(A, 1);
    switch (B->getOpcode()) {
    case BO_LT: return Lt(X, Y);
    case BO_GT: return Lt(Y, X);
    case BO_LE: return Lt(X, kp_sym_add(A, Y, One));
    case BO_GE: return Lt(Y, kp_sym_add(A, X, One));
    case BO_NE: return NonZero(kp_sym_sub(A, X, Y));
    case BO_EQ: return Not(NonZero(kp_sym_sub(A, X, Y)));
    default: return nullptr; // <=>
    }
  }
  if (!E->getType()->isIntegralOrEnumerationType())
    return nullptr;
  return NonZero(symOf(E, Depth + 1));
}

kp_expr HostFold::asUnsigned(kp_expr X) {
  if (X.known)
    X.value = static_cast<int64_t>(static_cast<uint32_t>(X.value));
  return X;
}

kp_dim3 HostFold::dim3Of(const Expr *E) {
  struct ResumeLaunch {
    bool *B = nullptr;
    ~ResumeLaunch() {
      if (B)
        *B = true;
    }
  } Resume;
  kp_dim3 D{};
  kp_expr One = {nullptr, 1, 1, nullptr, nullptr, nullptr};
  D.x = D.y = D.z = One;
  const Expr *Cur = E;
  for (int Depth = 0; Depth < 8 && Cur; ++Depth) {
    Cur = Cur->IgnoreImplicit()->IgnoreParens();
    if (Cur->containsErrors() || Cur->getType().isNull())
      break;
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Cur)) {
      Cur = FC->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Cur)) {
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() == 1) {
        Cur = CE->getArg(0);
        continue;
      }
      kp_expr *Out[3] = {&D.x, &D.y, &D.z};
      unsigned N = CE->getNumArgs();
      if (N == 1 && !CE->getArg(0)->getType()->isIntegralOrEnumerationType())
        break; // e.g. dim3(uint3): not followed
      for (unsigned I = 0; I < N && I < 3; ++I) {
        if (isa<CXXDefaultArgExpr>(CE->getArg(I)))
          continue;
        *Out[I] = asUnsigned(intOf(CE->getArg(I)));
      }
      return D;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Cur)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && VD->getInit() && !VD->getType()->isIntegralOrEnumerationType() &&
          isUnchanged(VD)) {
        if (!D.var && VD->getIdentifier())
          D.var = str(VD->getName().str());
        Cur = VD->getInit();
        continue;
      }
      // A dim3 assigned after its declaration (`threads = dim3(b, 1, 1);`,
      // `grid.x = n / 256;`): what reaches the launch, read where it was
      // made; a component kperf is unsure of is `grid.x`.
      Held H;
      if (VD && InLaunch && VD->isLocalVarDecl() && VD->getIdentifier() &&
          !VD->getType()->isIntegralOrEnumerationType() && heldAt(VD, H)) {
        if (!D.var)
          D.var = str(VD->getName().str());
        if (H.E[0] && H.E[0] == H.E[1] && H.E[1] == H.E[2] && H.Whole[0] && H.Whole[1] &&
            H.Whole[2]) {
          InLaunch = false;
          Resume.B = &InLaunch;
          Cur = H.E[0];
          continue;
        }
        if (H.E[0] || H.E[1] || H.E[2]) {
          InLaunch = false;
          Resume.B = &InLaunch;
          kp_expr *Out[3] = {&D.x, &D.y, &D.z};
          for (int I = 0; I < 3; ++I) {
            std::string Name = VD->getName().str() + "." + "xyz"[I];
            kp_expr Unsure = {str(Name), 0, 0, kp_sym_var(M->arena, Name.c_str()), nullptr, nullptr};
            if (!H.E[I])
              *Out[I] = Unsure;
            else if (!H.Whole[I]) {
              *Out[I] = asUnsigned(intOf(H.E[I]));
              // No formula, or one over what changes after: by its name.
              if (!Out[I]->known && (!Out[I]->sym || !unchangedVars(H.E[I])))
                *Out[I] = Unsure;
            }
            else {
              kp_dim3 W = dim3Of(H.E[I]);
              const kp_expr &C = I == 0 ? W.x : I == 1 ? W.y : W.z;
              *Out[I] = C.text || C.known ? C : Unsure;
            }
          }
          return D;
        }
      }
    }
    if (Cur->getType()->isIntegralOrEnumerationType()) {
      D.x = asUnsigned(intOf(Cur));
      return D;
    }
    break;
  }
  // Unknown shape: keep the spelling, no values.
  // Its name when it is a variable (a dim3 parameter `blockSize`, a uint3
  // `tids`), through the copy or conversion a launch makes of it.
  const Expr *Named = E;
  while (Named) {
    Named = Named->IgnoreImplicit()->IgnoreParens();
    const auto *CE = dyn_cast<CXXConstructExpr>(Named);
    if (!CE || CE->getNumArgs() != 1) // a copy, or dim3(uint3)
      break;
    Named = CE->getArg(0);
  }
  kp_expr Unknown = {E ? str(sourceText(E->IgnoreImplicit())) : nullptr, 0, 0, nullptr,
                     Named ? (plainName(Named) ? plainName(Named) : callName(Named)) : nullptr,
                     nullptr};
  D.x = Unknown;
  D.y = D.z = kp_expr{nullptr, 0, 0, nullptr, nullptr, nullptr};
  return D;
}

} // namespace kperf
