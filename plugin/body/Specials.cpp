// BodyBuilder: special registers -- threadIdx, blockIdx, blockDim, gridDim
// and HIP's coordinate functions and variables, read as the kernel model's
// variables.  Uses body/Builder.h.
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

} // namespace body
} // namespace kperf
