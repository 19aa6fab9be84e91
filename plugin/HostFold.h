// Host expressions as the model's formulas: an integer expression of host
// code folded to its value, or made a formula (kperf/sym.h) over the host
// variables it reads, a quotient (kp_quotient), a launch's dim3; and the
// kernel a launch calls (directly, or through a function pointer whose
// values are known).  Part of the AST -> model walk (Extract.cpp), whose
// Extractor derives from it; it reads what a local holds at a launch from
// HostFlow.
//
// Why it needs clang: the expressions are clang's (their types, casts,
// macro spellings, constant evaluation, cudaDeviceProp members); what it
// makes is plain data of the model (kp_expr, kp_sym, kp_quotient), which the
// analyses read without clang.
#ifndef KPERF_PLUGIN_HOSTFOLD_H
#define KPERF_PLUGIN_HOSTFOLD_H

#include "Extract.h"
#include "HostFlow.h"

#include "kperf/model.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace kperf {

class HostFold : public HostFlow {
public:
  HostFold(ASTContext &Ctx, kp_module *M) : HostFlow(Ctx), M(M) {}

  kp_module *M;


  const char *str(const std::string &S) { return kp_module_str(M, S.data(), S.size()); }

  const DeviceFacts *Device = nullptr; // the target GPU's cudaDeviceProp values // compute kp_kernel.mangled (only with ptxas facts)

  std::string sourceText(const Expr *E) const { return exprText(E, Ctx); }

  // The kernel a launch calls: directly, or through a function pointer whose
  // only value is known (a variable initialised with a kernel and never changed).
  const FunctionDecl *resolveCallee(const CUDAKernelCallExpr *E, bool &ViaPointer);

  // The function an expression names directly (`f`, `&f`), or null.
  static const FunctionDecl *namedFunction(const Expr *C);

  // Every reference to a local function pointer VD in Body, classified: the
  // functions plain assignments `VD = &k;` give it, and whether it is ever
  // used otherwise than read or so assigned (address taken, passed by
  // reference, assigned something else).
  class PointerValues : public RecursiveASTVisitor<PointerValues> {
  public:
    const VarDecl *VD;
    llvm::SmallVector<const FunctionDecl *, 8> Values;
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Assigned, Read;
    unsigned Refs = 0;
    bool Other = false;
    explicit PointerValues(const VarDecl *V) : VD(V) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      Refs += E->getDecl() == VD;
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      const auto *L = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
      if (!L || L->getDecl() != VD)
        return true;
      const FunctionDecl *F = B->getOpcode() == BO_Assign ? namedFunction(B->getRHS()) : nullptr;
      if (F)
        Values.push_back(F), Assigned.insert(L);
      else
        Other = true;
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
      if (C->getCastKind() == CK_LValueToRValue)
        if (const auto *R = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens()))
          if (R->getDecl() == VD)
            Read.insert(R);
      return true;
    }
  };

  // The kernels a launch through a local function pointer may call: the
  // pointer's initialiser and every value the enclosing function assigns it
  // (`kernel = &transposeNaive;` in the cases of a switch), when that is all
  // that ever changes it.  Empty when any use is of another kind.
  llvm::SmallVector<const FunctionDecl *, 8> pointerCallees(const CUDAKernelCallExpr *E);

  // An integer expression, folded when it is a constant or a never-modified
  // local initialised with a constant; otherwise its formula over the host
  // variables it reads, when it has one.
  kp_expr intOf(const Expr *E, int Depth = 0);

  // The quotient a local holds at a launch (`int blocks = (n + 255) / 256;
  // k<<<blocks, 256>>>`), read where it was made (as throughLocal); null
  // otherwise.
  const kp_quotient *quotientThroughLocal(const Expr *E);

  // The expression whose value an integer local E holds where it is read:
  // the assignment that reaches a launch, or its initialiser when it never
  // changes, provided what that expression reads never changes in the
  // function (a formula made there holds at the launch); null otherwise.
  const Expr *localValue(const Expr *E);

  // The name E is written as when it is a plain one: a variable, or a
  // member of the object a method runs on written without `this->`; null
  // otherwise.
  const char *plainName(const Expr *E);

  // A call with no formula (`grid2D(n_ffts)`, `numBlocks(n)`), named by its
  // spelling so that a statement can speak of it as of a variable; null for
  // anything else or a spelling too long for a name.
  const char *callName(const Expr *E);

  // Whether A and B have one value: both fold to it, or they are the same
  // variable or member (`threads`, `block.x`).
  bool sameValue(const Expr *A, const Expr *B);

  bool isOne(const Expr *E);

  // E as a division of a size by a divisor (kp_quotient, kperf/model.h):
  // `N / D`; rounded up: `(N + D - 1) / D`, `(N + (D - 1)) / D`,
  // `(N - 1 + D) / D`, `divUp(N, D)`, `ceil(N / (float)D)`; `floor(N /
  // (float)D)` is N / D; `(N + C) / D` keeps N and C (it rounds up when D's
  // value is C + 1).  Null otherwise.
  const kp_quotient *quotientOf(const Expr *E);
  // The source range of a plain division E (kp_quotient.begin/end): in one
  // file, outside macros; left unset otherwise.
  void divisionRange(const Expr *E, kp_quotient *Q);

  // The macros a known block size is written as: x's, and y's when it is
  // another ("TILE", "BX,BY"); null when x is not a macro's name.
  const char *blockMacros(const kp_dim3 &B);

  // X, the value of expression E at a launch, when E is a local variable
  // with no value there: the formula of what reaches the launch (`smemSize`
  // of `int smemSize = threads <= 32 ? 2 * threads * 4 : threads * 4;` is a
  // formula of `threads`), read where it was made.  X as it is otherwise.
  kp_expr throughLocal(const Expr *E, kp_expr X);

  // Whether every local and parameter E reads is never changed in the
  // function: a formula made where E was written then holds at the launch.
  bool unchangedVars(const Expr *E);

  // A host integer expression as a formula (kperf/sym.h): constants and what
  // fold folds, integer variables by name, `a.b` / `a->b` members by their
  // spelling (a dim3's known component as its value; `this->m` as `m`),
  // + - * / % << >>, `c ? a : b` over integers, divide-rounding-up helpers,
  // min/max, ceil/floor of a quotient.  Null when any part has no such form
  // (a call, a float).
  const kp_sym *symOf(const Expr *E, int Depth);

  // A floating-point expression whose value is a quotient of integer
  // formulas, N / D with D > 0 where it is evaluated: integers converted to
  // floating point (`(float)n`, `n * 1.0f` with an integral literal), + - *
  // / of such quotients, and ceil/floor of one (an integer again).  False
  // for anything else (a float variable, sqrt, a fractional literal).
  bool ratioOf(const Expr *E, int Depth, const kp_sym *&N, const kp_sym *&D);

  // A condition over integers as a formula worth 1 when it holds, else 0:
  // `x`, `!c`, `a < b`, `a <= b`, `a > b`, `a >= b`, `a == b`, `a != b`
  // (a < b is min(max(b - a, 0), 1) over integers).  Null otherwise.
  const kp_sym *condOf(const Expr *E, int Depth);

  bool fold(const Expr *E, int64_t &V, int Depth);

  // `prop.maxThreadsPerBlock` of a cudaDeviceProp (or `p->...`): the target
  // GPU's value, whatever device the program asked about.
  bool deviceProperty(const MemberExpr *ME, int64_t &V) const;

  // An integer member named warp_size or warpSize of what a call returns
  // (`ggml_cuda_info().devices[id].warp_size`, a library's record of the
  // device it queried): the target GPU's warp size.  A member of an object
  // the code itself fills (`cfg.warp_size`) is not read this way.
  static bool deviceInfoWarpSize(const MemberExpr *ME);

  // Arithmetic over what fold folds: `threads * sizeof(T)`, `(n + 255) / 256`,
  // `t <= 32 ? 2 * t : t` with t a fact of the launch (the operands are not
  // constants, so clang's evaluator does not fold them).  Overflow, division
  // by zero and shifts out of range fold to nothing.
  bool foldOp(const Expr *E, int64_t &V, int Depth);

  // X as a value of integer type T (wrapped or sign-extended to its width);
  // false when T is wider than 64 bits.
  bool asType(QualType T, int64_t X, int64_t &V) const;

  // A launch size component as dim3 holds it: an unsigned int (-4 is
  // 4294967292, 1LL << 40 is 0), the value the CUDA runtime gets.
  static kp_expr asUnsigned(kp_expr X);

  // A launch dimension: an integer (x, 1, 1) or a dim3.
  kp_dim3 dim3Of(const Expr *E);

};

} // namespace kperf

#endif
