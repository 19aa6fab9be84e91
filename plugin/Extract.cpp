#include "Extract.h"
#include "Pragmas.h"
#include "Body.h"

#include "kperf/launch.h"
#include "kperf/registers.h"
#include "kperf/sym.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {

kp_loc toLoc(const ASTContext &Ctx, SourceLocation L, kp_module *M) {
  kp_loc R = {nullptr, 0, 0};
  if (L.isInvalid())
    return R;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation E = SM.getExpansionLoc(L);
  FileID FID = SM.getFileID(E);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return R;
  StringRef Name = FE->getName();
  R.file = kp_module_str(M, Name.data(), Name.size());
  R.line = SM.getExpansionLineNumber(E);
  R.col = SM.getExpansionColumnNumber(E);
  return R;
}

namespace {

// The local variables of a function body that some expression might modify,
// found in one pass: assigned, incremented, address taken, bound to a
// non-const reference (a parameter, a variable, a capture), the object of a
// non-const member call, an asm output.  Over-approximate: a variable found
// here gets the precise (and far more expensive) ExprMutationAnalyzer; one
// not found is unchanged.
class MaybeMutated : public RecursiveASTVisitor<MaybeMutated> {
public:
  llvm::SmallPtrSet<const VarDecl *, 16> Vars;
  // Variables assigned, incremented or decremented by name (`s = 0`, `s++`):
  // changed for sure, no need to ask clang's mutation analysis, whose every
  // question walks the whole function (a function of 800 launches in loops
  // over `s` took 33 s).
  llvm::SmallPtrSet<const VarDecl *, 16> Written;

  void written(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Written.insert(VD);
  }

  bool shouldVisitLambdaBody() const { return true; }

  // The variable an lvalue expression designates or is part of (a.x, a[i]).
  void mark(const Expr *E) {
    for (int Depth = 0; E && Depth < 64; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          Vars.insert(VD);
        return;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return; // through a pointer: the variable itself is not written
        E = ME->getBase();
      } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        E = ASE->getBase();
      } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
        mark(CO->getTrueExpr());
        E = CO->getFalseExpr();
      } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isCommaOp()) {
        E = BO->getRHS();
      } else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
        E = MTE->getSubExpr();
      } else {
        return;
      }
    }
  }
  static bool writable(QualType T) {
    return (T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
           (T->isPointerType() && !T->getPointeeType().isConstQualified());
  }
  // A variadic argument is passed by value: only through a pointer (an
  // address, an array) can the callee write the variable (`printf("%d", n)`
  // leaves n alone, `scanf("%d", &n)` does not).
  static bool variadicByValue(const FunctionDecl *FD, unsigned P, const Expr *Arg) {
    if (!FD->isVariadic() || P < FD->getNumParams())
      return false;
    QualType T = Arg->IgnoreParenImpCasts()->getType();
    return T->isArithmeticType() || T->isEnumeralType();
  }
  void args(const FunctionDecl *FD, const Expr *const *Args, unsigned N, unsigned Skip) {
    for (unsigned I = 0; I < N; ++I) {
      unsigned P = I + Skip;
      if (FD && variadicByValue(FD, P, Args[I]))
        continue;
      if (!FD || P >= FD->getNumParams() || writable(FD->getParamDecl(P)->getType()))
        mark(Args[I]);
    }
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      mark(BO->getLHS());
      written(BO->getLHS());
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      mark(UO->getSubExpr());
    if (UO->isIncrementDecrementOp())
      written(UO->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Skip = 0;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const auto *MD = MC->getMethodDecl();
      if (!MD || !MD->isConst())
        mark(MC->getImplicitObjectArgument());
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD)) {
        if (OC->getNumArgs() > 0 && !MD->isConst())
          mark(OC->getArg(0));
        for (unsigned I = 1; I < OC->getNumArgs(); ++I)
          if (I - 1 >= MD->getNumParams() || writable(MD->getParamDecl(I - 1)->getType()))
            mark(OC->getArg(I));
        return true;
      }
    }
    if (!FD && !isa<CXXMemberCallExpr>(CE)) {
      for (const Expr *A : CE->arguments())
        mark(A); // an unknown callee: any argument may be written
      return true;
    }
    args(FD, CE->getArgs(), CE->getNumArgs(), Skip);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    args(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(), 0);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && writable(VD->getType()))
      mark(VD->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          Vars.insert(VD);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    for (unsigned I = 0; I < S->getNumOutputs(); ++I)
      mark(S->getOutputExpr(I));
    return true;
  }
  bool VisitMSAsmStmt(MSAsmStmt *S) {
    for (unsigned I = 0; I < S->getNumOutputs(); ++I)
      mark(S->getOutputExpr(I));
    return true;
  }
};

class Extractor : public RecursiveASTVisitor<Extractor> {
public:
  Extractor(ASTContext &Ctx, kp_module *M, const BodyBudget &Budget)
      : Ctx(Ctx), M(M), Budget(Budget) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  // System headers (the CUDA runtime, thrust, cub) are not the user's code:
  // their kernels and launches are neither reported nor walked.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    // Uninstantiated templates are analysed through their instantiations.
    if (FD->isDependentContext() && !FD->isTemplateInstantiation())
      return true;
    const FunctionDecl *Saved = CurrentFunction;
    CurrentFunction = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    CurrentFunction = Saved;
    return R;
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    if (MD->isDependentContext() && !MD->isTemplateInstantiation())
      return true;
    const FunctionDecl *Saved = CurrentFunction;
    CurrentFunction = MD;
    bool R = RecursiveASTVisitor::TraverseCXXMethodDecl(MD);
    CurrentFunction = Saved;
    return R;
  }

  // The statements from the function body down to the one being visited
  // (valueAt reads it at a launch).
  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    // Each level is a few frames of clang's stack: code nested tens of
    // thousands deep (a + a + ... + a) is not descended into past the limit.
    if (!S || Path.size() >= KP_LIMIT_SEARCH_DEPTH)
      return true;
    Path.push_back(S);
    bool Ok = RecursiveASTVisitor::TraverseStmt(S);
    Path.pop_back();
    return Ok;
  }

  // Facts of the enclosing switch cases and ifs: `case 512:` of
  // `switch (threads)` and the then-branch of `if (threads == 512)` fold
  // `threads` to 512 in the launches there, when nothing in the function
  // changes `threads` (a parameter or a local; checked where it is used).
  bool TraverseSwitchStmt(SwitchStmt *S) {
    const VarDecl *V = factVar(S->getCond());
    const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!V || !Body || S->getConditionVariable())
      return RecursiveASTVisitor::TraverseSwitchStmt(S);
    if (S->getInit() && !TraverseStmt(S->getInit()))
      return false;
    if (!TraverseStmt(S->getCond()))
      return false;
    bool FallsIn = false; // whether the previous statement can run on into the next
    std::optional<int64_t> Cur;
    Path.push_back(Body);
    struct PopPath {
      std::vector<const Stmt *> &P;
      ~PopPath() { P.pop_back(); }
    } Pop{Path};
    for (Stmt *C : Body->body()) {
      if (const auto *SC = dyn_cast<SwitchCase>(C)) {
        // One value, reached only through its label: `case 2: case 3:`,
        // GNU ranges, `default:` and fall-through give no fact.
        Cur.reset();
        const auto *CS = dyn_cast<CaseStmt>(SC);
        int64_t X;
        if (!FallsIn && CS && !CS->caseStmtIsGNURange() && !isa<SwitchCase>(CS->getSubStmt()) &&
            fold(CS->getLHS(), X, 0))
          Cur = X;
      }
      size_t Pushed = Facts.size();
      if (Cur)
        Facts.push_back({V, *Cur});
      bool Ok = TraverseStmt(C);
      Facts.resize(Pushed);
      if (!Ok)
        return false;
      FallsIn = !ends(C);
    }
    return true;
  }
  bool TraverseIfStmt(IfStmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S->getCond()->IgnoreParenImpCasts());
    const VarDecl *V = nullptr;
    int64_t X = 0;
    if (BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) && !S->isConsteval() &&
        !S->getConditionVariable()) {
      if ((V = factVar(BO->getLHS())) && !fold(BO->getRHS(), X, 0))
        V = nullptr;
      if (!V && (V = factVar(BO->getRHS())) && !fold(BO->getLHS(), X, 0))
        V = nullptr;
    }
    if (!V)
      return RecursiveASTVisitor::TraverseIfStmt(S);
    if (S->getInit() && !TraverseStmt(S->getInit()))
      return false;
    if (!TraverseStmt(S->getCond()))
      return false;
    bool Eq = BO->getOpcode() == BO_EQ;
    size_t Pushed = Facts.size();
    if (Eq)
      Facts.push_back({V, X});
    bool Ok = TraverseStmt(S->getThen());
    Facts.resize(Pushed);
    if (!Ok)
      return false;
    if (!Eq)
      Facts.push_back({V, X});
    Ok = !S->getElse() || TraverseStmt(S->getElse());
    Facts.resize(Pushed);
    return Ok;
  }
  // A lambda's body may run anywhere: no facts of its surroundings.
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    std::vector<std::pair<const VarDecl *, int64_t>> Saved;
    Saved.swap(Facts);
    bool Ok = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    Facts.swap(Saved);
    return Ok;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody() &&
        !FD->isDependentContext())
      kernelIndex(FD);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    // A launch clang could not make sense of (after an error: kperf check,
    // report=model) is not read: its parts may be missing.
    if (E->isTypeDependent() || E->isValueDependent() || E->containsErrors())
      return true;
    const CallExpr *Config = E->getConfig();
    // A launch from device code (-fgpu-rdc) configures through
    // cudaLaunchDevice(func, params, grid, block, smem, stream): the grid
    // comes third there, first in the host's __cudaPushCallConfiguration.
    unsigned Off = 0;
    if (const FunctionDecl *CF = Config ? Config->getDirectCallee() : nullptr)
      if (CF->getIdentifier() && CF->getName() == "cudaLaunchDevice")
        Off = 2;
    if (!Config || Config->getNumArgs() < Off + 2)
      return true;

    bool ViaPointer = false;
    llvm::SmallVector<const FunctionDecl *, 8> Callees;
    if (const FunctionDecl *Callee = resolveCallee(E, ViaPointer))
      Callees.push_back(Callee);
    else if (ViaPointer)
      Callees = pointerCallees(E);
    if (Callees.empty())
      Callees.push_back(nullptr);

    struct InLaunchScope {
      bool &B;
      ~InLaunchScope() { B = false; }
    } Scope{InLaunch};
    InLaunch = true;
    kp_dim3 Grid = dim3Of(Config->getArg(Off));
    kp_dim3 Block = dim3Of(Config->getArg(Off + 1));
    kp_expr Smem = {nullptr, 0, 0, nullptr, nullptr, nullptr};
    const char *Stream = nullptr;
    // Written by the user: not a default argument, nor (from device code) the
    // 0 and nullptr clang puts at the '<<<' for what the launch leaves out.
    auto Written = [&](unsigned I) {
      const Expr *A = Config->getArg(I);
      return !isa<CXXDefaultArgExpr>(A) &&
             (Off == 0 || A->IgnoreImplicit()->getBeginLoc() != Config->getBeginLoc());
    };
    if (Config->getNumArgs() > Off + 2 && Written(Off + 2))
      Smem = throughLocal(Config->getArg(Off + 2), intOf(Config->getArg(Off + 2)));
    if (Config->getNumArgs() > Off + 3 && Written(Off + 3))
      Stream = str(sourceText(Config->getArg(Off + 3)));

    kp_loc Loc = toLoc(Ctx, E->getBeginLoc(), M);
    // The arguments, folded where they are constants (they bind the kernel's
    // integer parameters when its formulas are evaluated at this launch).
    size_t NArgs = E->getNumArgs();
    kp_expr *Args = static_cast<kp_expr *>(kp_module_alloc(M, sizeof(kp_expr) * (NArgs ? NArgs : 1)));
    for (unsigned I = 0; Args && I < NArgs; ++I) {
      const Expr *Arg = E->getArg(I);
      if (Arg->getType()->isIntegralOrEnumerationType())
        Args[I] = intOf(Arg);
      else
        Args[I] = kp_expr{str(sourceText(Arg->IgnoreImplicit())), 0, 0, nullptr, nullptr, nullptr};
    }
    // A launch through a pointer that may hold several kernels is a launch
    // of each of them.
    for (const FunctionDecl *Callee : Callees) {
      std::string Name = Callee ? nameOf(Callee) : sourceText(E->getCallee());
      // A launch in a template is seen once per instantiation; report each
      // distinct (place, kernel, configuration) once.
      std::string Key;
      llvm::raw_string_ostream OS(Key);
      OS << (Loc.file ? Loc.file : "") << ':' << Loc.line << ':' << Loc.col << ':' << Name;
      for (const kp_expr *X : {&Grid.x, &Grid.y, &Grid.z, &Block.x, &Block.y, &Block.z, &Smem})
        OS << ':' << (X->known ? std::to_string(X->value) : "?");
      if (!SeenLaunches.insert(OS.str()).second)
        continue;

      int KernelIdx = Callee ? kernelIndex(Callee) : -1;
      kp_launch *L = kp_module_add_launch(M);
      if (!L)
        return false;
      L->kernel_name = str(Name);
      L->kernel = KernelIdx;
      L->via_pointer = ViaPointer;
      L->loc = Loc;
      L->grid = Grid;
      L->block = Block;
      L->block_macros = blockMacros(Block);
      L->smem = Smem;
      L->stream = Stream;
      L->nargs = Args ? NArgs : 0;
      L->args = Args;
    }
    return true;
  }

private:
  ASTContext &Ctx;
  kp_module *M;
  const FunctionDecl *CurrentFunction = nullptr;
  llvm::DenseMap<const FunctionDecl *, int> Kernels;
  const BodyBudget &Budget;
  size_t Walked = 0;                                    // kernels whose body was walked
  llvm::DenseMap<const FunctionDecl *, int> Instances; // per kernel template

  // Why a kernel is not walked at all (kperf/limits.h), or null.
  const char *notWalked(const FunctionDecl *Def) {
    if (std::chrono::steady_clock::now() > Budget.Deadline)
      return str("kperf's time budget for this file (" + std::to_string(Budget.TimeMs) +
                 " ms) is spent");
    if (Walked >= KP_LIMIT_KERNELS)
      return str("the file has more than " + std::to_string(KP_LIMIT_KERNELS) + " kernels");
    // Only after an error (kperf check, report=model) can code hold errors.
    if (Ctx.getDiagnostics().hasErrorOccurred() && hasErrors(Def))
      return str("its code has errors");
    if (const FunctionDecl *Tmpl = Def->getTemplateInstantiationPattern())
      if (++Instances[Tmpl] > KP_LIMIT_INSTANCES)
        return str("its template has more than " + std::to_string(KP_LIMIT_INSTANCES) +
                   " instances here");
    return nullptr;
  }
  llvm::StringSet<> SeenLaunches;
  std::vector<std::pair<const VarDecl *, int64_t>> Facts; // innermost last
  std::vector<const Stmt *> Path;
  bool InLaunch = false; // Path ends at the launch being extracted

  static bool mutates(const Stmt *S, const VarDecl *VD) {
    if (!S)
      return false;
    MaybeMutated Scan;
    Scan.TraverseStmt(const_cast<Stmt *>(S));
    return Scan.Vars.count(VD) > 0;
  }

  // What local VD holds where Path ends (a launch), per component: for an
  // integer, E[0]; for a dim3, E[0..2], each either the whole dim3 value it
  // was last given (Whole: its declaration or `VD = dim3(...)`) or the
  // integer last assigned to that component (`VD.x = n;`).  A component is
  // null where kperf is unsure: something else may have changed it on the
  // way (a call given VD's address, a branch that assigns it or not, a loop
  // around the launch that assigns it and no assignment after the loop
  // begins).  In a switch, the statements of the launch's case count, not
  // those of the other cases.  False when VD is not declared on the way.
  struct Held {
    const Expr *E[3] = {nullptr, nullptr, nullptr};
    bool Whole[3] = {true, true, true};
    void set(const Expr *X) {
      for (int I = 0; I < 3; ++I) {
        E[I] = X;
        Whole[I] = true;
      }
    }
    void forget(unsigned Mask) {
      for (int I = 0; I < 3; ++I)
        if (Mask & (1u << I))
          E[I] = nullptr;
    }
  };

  // The component of VD that E designates (`VD.x` 0, `.y` 1, `.z` 2), or -1.
  static int componentOf(const Expr *E, const VarDecl *VD) {
    const auto *ME = E ? dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()) : nullptr;
    if (!ME || ME->isArrow())
      return -1;
    const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    if (!DRE || DRE->getDecl() != VD || !ME->getMemberDecl()->getIdentifier())
      return -1;
    llvm::StringRef F = ME->getMemberDecl()->getName();
    return F == "x" ? 0 : F == "y" ? 1 : F == "z" ? 2 : -1;
  }

  // The components of VD that S may change, as a mask: those of `VD.x op=`,
  // `++VD.y`; all when anything else in S may change VD.
  unsigned changedIn(const Stmt *S, const VarDecl *VD) {
    // Each (statement, variable) is asked once: a function with a hundred
    // launches of the same dim3 asks it for every launch after S, and each
    // answer runs clang's matchers over S.
    auto Key = std::make_pair(S, VD);
    auto It = ChangedIn.find(Key);
    if (It != ChangedIn.end())
      return It->second;
    unsigned R = changedInUncached(S, VD);
    ChangedIn[Key] = R;
    return R;
  }
  llvm::DenseMap<std::pair<const Stmt *, const VarDecl *>, unsigned> ChangedIn;

  unsigned changedInUncached(const Stmt *S, const VarDecl *VD) {
    if (!mutates(S, VD))
      return 0;
    if (VD->getType()->isIntegralOrEnumerationType())
      return 7;
    unsigned Mask = 0;
    bool Other = false;
    ExprMutationAnalyzer Analyzer(*S, Ctx);
    std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
      if (!X || Other)
        return;
      const Expr *Lhs = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(X); BO && BO->isAssignmentOp())
        Lhs = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(X); UO && UO->isIncrementDecrementOp())
        Lhs = UO->getSubExpr();
      int C = componentOf(Lhs, VD);
      if (C >= 0) {
        Mask |= 1u << C;
        if (const auto *BO = dyn_cast<BinaryOperator>(X))
          Walk(BO->getRHS());
        return;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(X);
          DRE && DRE->getDecl() == VD && Analyzer.isMutated(DRE)) {
        Other = true;
        return;
      }
      for (const Stmt *Child : X->children())
        Walk(Child);
    };
    Walk(S);
    return Other ? 7 : Mask;
  }

  // The expression branch B last assigns to component C of VD (`VD.y = E;`
  // a statement of B's own; for an integer VD, C 0 and `VD = E;`), when
  // nothing after it in B may change that component; null otherwise.
  const Expr *lastAssigned(const Stmt *B, const VarDecl *VD, int C) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(B);
    llvm::ArrayRef<Stmt *> Body = CS ? llvm::ArrayRef<Stmt *>(CS->body_begin(), CS->size())
                                     : llvm::ArrayRef<Stmt *>(const_cast<Stmt **>(&B), 1);
    const bool Integer = VD->getType()->isIntegralOrEnumerationType();
    for (size_t I = Body.size(); I-- > 0;) {
      const Stmt *St = Body[I];
      const auto *BO = dyn_cast_or_null<BinaryOperator>(St);
      const auto *L = BO ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()) : nullptr;
      if (BO && BO->getOpcode() == BO_Assign &&
          (Integer ? C == 0 && L && L->getDecl() == VD : componentOf(BO->getLHS(), VD) == C) &&
          !mutates(BO->getRHS(), VD))
        return BO->getRHS();
      if (St && (changedIn(St, VD) & (1u << C)))
        return nullptr;
    }
    return nullptr;
  }

  bool heldAt(const VarDecl *VD, Held &H) {
    H = Held();
    bool Declared = false;
    for (size_t I = 0; I + 1 < Path.size(); ++I) {
      const Stmt *P = Path[I], *Child = Path[I + 1];
      if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P)) {
        // Another turn of the loop may have changed it: unsure until an
        // assignment in the loop's body, before the launch.
        H.forget(changedIn(P, VD));
        continue;
      }
      if (const auto *If = dyn_cast<IfStmt>(P)) {
        if (mutates(If->getInit(), VD) || mutates(If->getCond(), VD))
          return false;
        continue;
      }
      if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
        if (mutates(Sw->getInit(), VD) || mutates(Sw->getCond(), VD))
          return false;
        continue;
      }
      const auto *CS = dyn_cast<CompoundStmt>(P);
      if (!CS)
        continue; // an expression or a label around the launch
      size_t End = 0, N = CS->size();
      while (End < N && CS->body_begin()[End] != Child)
        End++;
      if (End == N)
        return false;
      size_t Begin = 0;
      if (I > 0 && isa<SwitchStmt>(Path[I - 1])) {
        // From the launch's case label: the other cases do not run first,
        // unless one falls into it (then whatever they assign is unsure).
        Begin = End;
        while (Begin > 0 && !isa<SwitchCase>(CS->body_begin()[Begin]))
          Begin--;
        bool FallsIn = Begin > 0 && !ends(CS->body_begin()[Begin - 1]);
        for (size_t J = 0; FallsIn && J < Begin; J++)
          if (mutates(CS->body_begin()[J], VD))
            return false;
      }
      for (size_t J = Begin; J < End; J++) {
        const Stmt *S = CS->body_begin()[J];
        while (const auto *SC = dyn_cast<SwitchCase>(S))
          S = SC->getSubStmt();
        if (const auto *DS = dyn_cast<DeclStmt>(S)) {
          bool Mine = false;
          for (const Decl *D : DS->decls())
            Mine |= D == VD;
          if (Mine) {
            Declared = true;
            H.set(VD->getInit());
            continue;
          }
        }
        if (!mutates(S, VD))
          continue;
        // `VD = E;`, `VD = dim3(...)` (a class's operator=), `VD.x = E;`.
        if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
          S = EWC->getSubExpr();
        const Expr *Lhs = nullptr, *Rhs = nullptr;
        if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign) {
          Lhs = BO->getLHS();
          Rhs = BO->getRHS();
        } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
                   OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
          Lhs = OC->getArg(0);
          Rhs = OC->getArg(1);
        }
        const auto *L = Lhs ? dyn_cast<DeclRefExpr>(Lhs->IgnoreParenImpCasts()) : nullptr;
        int C = componentOf(Lhs, VD);
        if (L && L->getDecl() == VD && !mutates(Rhs, VD)) {
          H.set(Rhs);
        } else if (C >= 0 && !mutates(Rhs, VD)) {
          H.E[C] = Rhs;
          H.Whole[C] = false;
        } else {
          // Anything else that may change VD leaves what it changes unsure
          // until a later assignment, but for a component both branches of
          // an if set to the same constant (`threads.y = 1;` in each; an
          // integer's `threads = 256;`).
          unsigned Mask = changedIn(S, VD);
          const auto *If = dyn_cast<IfStmt>(S);
          for (int C = 0; C < 3 && If && If->getElse() && !If->getInit() &&
                          !If->getConditionVariable() && !mutates(If->getCond(), VD);
               ++C) {
            const Expr *T = lastAssigned(If->getThen(), VD, C);
            const Expr *F = lastAssigned(If->getElse(), VD, C);
            Expr::EvalResult RT, RF;
            if ((Mask & (1u << C)) && T && F && !T->isValueDependent() &&
                !F->isValueDependent() && T->EvaluateAsInt(RT, Ctx) &&
                F->EvaluateAsInt(RF, Ctx) && RT.Val.getInt() == RF.Val.getInt()) {
              H.E[C] = T;
              H.Whole[C] = false;
              Mask &= ~(1u << C);
            }
          }
          H.forget(Mask);
        }
      }
    }
    return Declared;
  }

  // The expression integer local VD holds where Path ends (heldAt), or null.
  const Expr *valueAt(const VarDecl *VD) {
    Held H;
    return heldAt(VD, H) ? H.E[0] : nullptr;
  }

  // The integer variable (a parameter or a local) a condition reads, or null.
  static const VarDecl *factVar(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isIntegralOrEnumerationType() ||
        !(VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) || VD->getType().isVolatileQualified())
      return nullptr;
    return VD;
  }
  // Whether control never runs on past S (break, return, continue, goto,
  // throw, or a block ending in one).
  static bool ends(const Stmt *S) {
    for (int Depth = 0; S && Depth < 16; ++Depth) {
      if (const auto *SC = dyn_cast<SwitchCase>(S)) {
        S = SC->getSubStmt();
        continue;
      }
      if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
        if (CS->body_empty())
          return false;
        S = CS->body_back();
        continue;
      }
      return isa<BreakStmt>(S) || isa<ReturnStmt>(S) || isa<ContinueStmt>(S) ||
             isa<GotoStmt>(S) || isa<CXXThrowExpr>(S);
    }
    return false;
  }
  // One mutation analysis per function, shared by its launches.
  std::unique_ptr<ExprMutationAnalyzer> Mutations;
  const FunctionDecl *MutationFunction = nullptr;

  const char *str(const std::string &S) { return kp_module_str(M, S.data(), S.size()); }

  std::string nameOf(const FunctionDecl *FD) const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    return OS.str();
  }

  // The kernel's symbol name as ptxas prints it: the Itanium mangling of the
  // kernel itself (not of its host-side stub); extern "C": the plain name.
  // Empty when it cannot be had (an invalid declaration).
  std::string mangledName(const FunctionDecl *FD) {
    if (FD->isInvalidDecl() || !FD->getIdentifier())
      return std::string();
    if (!Mangler)
      Mangler.reset(Ctx.createMangleContext());
    if (!Mangler->shouldMangleDeclName(FD))
      return FD->getName().str();
    std::string S;
    llvm::raw_string_ostream OS(S);
    Mangler->mangleName(GlobalDecl(FD, KernelReferenceKind::Kernel), OS);
    return OS.str();
  }
  std::unique_ptr<MangleContext> Mangler;

public:
  bool WantMangled = false;
  const DeviceFacts *Device = nullptr; // the target GPU's cudaDeviceProp values // compute kp_kernel.mangled (only with ptxas facts)

private:

  std::string sourceText(const Expr *E) const { return exprText(E, Ctx); }

  // The kernel's index in the model, adding it on first sight; -1 when the
  // function has no body here (declared only) or is not a kernel.
  int kernelIndex(const FunctionDecl *FD) {
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->hasAttr<CUDAGlobalAttr>() || Def->isDependentContext())
      return -1;
    auto It = Kernels.find(Def);
    if (It != Kernels.end())
      return It->second;
    kp_kernel *K = kp_module_add_kernel(M);
    if (!K)
      return -1;
    int Idx = static_cast<int>(M->nkernels - 1);
    Kernels[Def] = Idx;
    K->name = str(nameOf(Def));
    std::string Mangled = WantMangled ? mangledName(Def) : std::string();
    K->mangled = Mangled.empty() ? nullptr : str(Mangled);
    K->loc = toLoc(Ctx, Def->getLocation(), M);
    K->is_template_instance = Def->isTemplateInstantiation();
    K->nparams = Def->getNumParams();
    K->params = static_cast<kp_param *>(
        kp_module_alloc(M, sizeof(kp_param) * (K->nparams ? K->nparams : 1)));
    for (unsigned I = 0; K->params && I < Def->getNumParams(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      K->params[I].name = str(P->getName().str());
      K->params[I].type = str(P->getType().getAsString(Ctx.getPrintingPolicy()));
    }
    // Values outside 1..2^20 are not launch bounds any GPU has: ignored.
    auto bound = [&](const Expr *E) {
      Expr::EvalResult R;
      if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
        return 0;
      std::optional<int64_t> V = R.Val.getInt().tryExtValue();
      return V && *V > 0 && *V <= (1 << 20) ? static_cast<int>(*V) : 0;
    };
    if (const auto *LB = Def->getAttr<CUDALaunchBoundsAttr>()) {
      K->max_threads_per_block = bound(LB->getMaxThreads());
      K->min_blocks_per_sm = bound(LB->getMinBlocks());
    } else if (const auto *FW = Def->getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
      // HIP's __launch_bounds__(N): amdgpu_flat_work_group_size(1, N).  Its
      // second argument (amdgpu_waves_per_eu) is not blocks per SM.
      K->max_threads_per_block = bound(FW->getMax());
    }
    if (auto B = blockPragmaFor(Ctx.getSourceManager(), Def->getLocation()))
      for (int I = 0; I < 3; ++I)
        K->block_pragma[I] = (*B)[I];
    K->not_analysed = notWalked(Def);
    if (!K->not_analysed) {
      ++Walked;
      buildKernelBody(Ctx, Def, K, M, Budget);
    }
    K->registers_estimate = kp_registers_estimate(K);
    return Idx;
  }

  // The kernel a launch calls: directly, or through a function pointer whose
  // only value is known (a variable initialised with a kernel and never changed).
  const FunctionDecl *resolveCallee(const CUDAKernelCallExpr *E, bool &ViaPointer) {
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

  // The function an expression names directly (`f`, `&f`), or null.
  static const FunctionDecl *namedFunction(const Expr *C) {
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
  llvm::SmallVector<const FunctionDecl *, 8> pointerCallees(const CUDAKernelCallExpr *E) {
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

  // True when VD's value is its initialiser wherever it is read: a const
  // variable, or a local that the enclosing function never modifies (with
  // Params, a parameter it never modifies: its value on entry).
  bool isUnchanged(const VarDecl *VD, bool Params = false) {
    if (VD->getType().isConstQualified())
      return true;
    // A reference to const (`const mmq_args &args`) changes nothing through
    // its name, unless its class has mutable fields: asking clang's mutation
    // analysis walks the function once per use of it (a launch helper reading
    // `args.x` sixty times in each of 32 template instances took 7 s).
    if (const auto *RT = VD->getType()->getAs<ReferenceType>()) {
      QualType P = RT->getPointeeType();
      const auto *RD = P->getAsCXXRecordDecl();
      if (P.isConstQualified() && !P.isVolatileQualified() &&
          (!RD || (RD->hasDefinition() && !RD->hasMutableFields())))
        return true;
    }
    if (!(VD->isLocalVarDecl() || (Params && isa<ParmVarDecl>(VD))) || !CurrentFunction ||
        !CurrentFunction->getBody())
      return false;
    if (MutationFunction != CurrentFunction) {
      Mutations = std::make_unique<ExprMutationAnalyzer>(*CurrentFunction->getBody(), Ctx);
      MutationFunction = CurrentFunction;
      Unchanged.clear();
      MaybeMutated Scan;
      Scan.TraverseStmt(CurrentFunction->getBody());
      Candidates = std::move(Scan.Vars);
      Written = std::move(Scan.Written);
    }
    if (!Candidates.count(VD))
      return true;
    if (Written.count(VD))
      return false;
    // Each question walks the function's body with clang's matchers: a
    // function with hundreds of launches of the same dim3 variables (a
    // switch over template instances) asks it once per variable.
    auto It = Unchanged.find(VD);
    if (It != Unchanged.end())
      return It->second;
    bool R = !Mutations->isMutated(VD);
    Unchanged[VD] = R;
    return R;
  }
  llvm::DenseMap<const VarDecl *, bool> Unchanged; // isUnchanged's answers in MutationFunction
  llvm::SmallPtrSet<const VarDecl *, 16> Candidates; // MaybeMutated's variables there
  llvm::SmallPtrSet<const VarDecl *, 16> Written;    // of those, the ones written by name

  // An integer expression, folded when it is a constant or a never-modified
  // local initialised with a constant; otherwise its formula over the host
  // variables it reads, when it has one.
  kp_expr intOf(const Expr *E, int Depth = 0) {
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
    if (Depth == 0)
      R.quot = quotientOf(P);
    if (Depth == 0 && !R.quot)
      R.quot = quotientThroughLocal(P);
    return R;
  }

  // The quotient a local holds at a launch (`int blocks = (n + 255) / 256;
  // k<<<blocks, 256>>>`), read where it was made (as throughLocal); null
  // otherwise.
  const kp_quotient *quotientThroughLocal(const Expr *E) {
    const Expr *At = localValue(E);
    if (!At)
      return nullptr;
    bool Saved = InLaunch;
    InLaunch = false;
    const kp_quotient *Q = quotientOf(At->IgnoreParenImpCasts());
    InLaunch = Saved;
    return Q;
  }

  // The expression whose value an integer local E holds where it is read:
  // the assignment that reaches a launch, or its initialiser when it never
  // changes, provided what that expression reads never changes in the
  // function (a formula made there holds at the launch); null otherwise.
  const Expr *localValue(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->isLocalVarDecl() || !VD->getType()->isIntegralOrEnumerationType())
      return nullptr;
    const Expr *At = InLaunch ? valueAt(VD) : nullptr;
    if (!At && VD->getInit() && isUnchanged(VD))
      At = VD->getInit();
    return At && unchangedVars(At) ? At : nullptr;
  }

  // The name E is written as when it is a plain one: a variable, or a
  // member of the object a method runs on written without `this->`; null
  // otherwise.
  const char *plainName(const Expr *E) {
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

  // A call with no formula (`grid2D(n_ffts)`, `numBlocks(n)`), named by its
  // spelling so that a statement can speak of it as of a variable; null for
  // anything else or a spelling too long for a name.
  const char *callName(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const auto *Call = dyn_cast<CallExpr>(E);
    if (!Call || isa<CXXOperatorCallExpr>(Call) || !Call->getDirectCallee())
      return nullptr;
    std::string T = sourceText(E);
    if (T.empty() || T.size() > 48 || T.find_first_of("\n\r") != std::string::npos)
      return nullptr;
    return str(T);
  }

  // Whether A and B have one value: both fold to it, or they are the same
  // variable or member (`threads`, `block.x`).
  bool sameValue(const Expr *A, const Expr *B) {
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
  bool isOne(const Expr *E) {
    int64_t V;
    return fold(E, V, 0) && V == 1;
  }

  // E as a division of a size by a divisor (kp_quotient, kperf/model.h):
  // `N / D`; rounded up: `(N + D - 1) / D`, `(N + (D - 1)) / D`,
  // `(N - 1 + D) / D`, `divUp(N, D)`, `ceil(N / (float)D)`; `floor(N /
  // (float)D)` is N / D; `(N + C) / D` keeps N and C (it rounds up when D's
  // value is C + 1).  Null otherwise.
  const kp_quotient *quotientOf(const Expr *E) {
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
        auto IntegerCast = [](const Expr *X) { // (float)n, n of an integer type
          X = X->IgnoreParenImpCasts();
          if (const auto *C = dyn_cast<CastExpr>(X))
            X = C->getSubExpr()->IgnoreParenImpCasts();
          return X->getType()->isIntegralOrEnumerationType() ? X : nullptr;
        };
        if (Q && Q->getOpcode() == BO_Div && IntegerCast(Q->getLHS()) && IntegerCast(Q->getRHS())) {
          Num = IntegerCast(Q->getLHS());
          Den = IntegerCast(Q->getRHS());
          RoundUp = Name.starts_with("ceil");
        }
      }
    }
    if (!Num || !Den || !Num->getType()->isIntegralOrEnumerationType() ||
        !Den->getType()->isIntegralOrEnumerationType())
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
    if (Head) { // whether it rounds up is the divisor's value's question (grid_cover)
      Q->has_tail = 1;
      Q->head = intOf(Head, 1);
      Q->tail = Tail;
    }
    Q->num = intOf(Num, 1);
    Q->round_up = RoundUp;
    if (!RoundUp && !Head && isa<BinaryOperator>(E))
      divisionRange(E, Q);
    return Q;
  }

  // The source range of a plain division E (kp_quotient.begin/end): in one
  // file, outside macros; left unset otherwise.
  void divisionRange(const Expr *E, kp_quotient *Q) {
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

  // The macros a known block size is written as: x's, and y's when it is
  // another ("TILE", "BX,BY"); null when x is not a macro's name.
  const char *blockMacros(const kp_dim3 &B) {
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

  // X, the value of expression E at a launch, when E is a local variable
  // with no value there: the formula of what reaches the launch (`smemSize`
  // of `int smemSize = threads <= 32 ? 2 * threads * 4 : threads * 4;` is a
  // formula of `threads`), read where it was made.  X as it is otherwise.
  kp_expr throughLocal(const Expr *E, kp_expr X) {
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

  // Whether every local and parameter E reads is never changed in the
  // function: a formula made where E was written then holds at the launch.
  bool unchangedVars(const Expr *E) {
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

  // A host integer expression as a formula (kperf/sym.h): constants and what
  // fold folds, integer variables by name, `a.b` / `a->b` members by their
  // spelling (a dim3's known component as its value; `this->m` as `m`),
  // + - * / % << >>, `c ? a : b` over integers, divide-rounding-up helpers,
  // min/max, ceil/floor of a quotient.  Null when any part has no such form
  // (a call, a float).
  const kp_sym *symOf(const Expr *E, int Depth) {
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

  // A floating-point expression whose value is a quotient of integer
  // formulas, N / D with D > 0 where it is evaluated: integers converted to
  // floating point (`(float)n`, `n * 1.0f` with an integral literal), + - *
  // / of such quotients, and ceil/floor of one (an integer again).  False
  // for anything else (a float variable, sqrt, a fractional literal).
  bool ratioOf(const Expr *E, int Depth, const kp_sym *&N, const kp_sym *&D) {
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

  // A condition over integers as a formula worth 1 when it holds, else 0:
  // `x`, `!c`, `a < b`, `a <= b`, `a > b`, `a >= b`, `a == b`, `a != b`
  // (a < b is min(max(b - a, 0), 1) over integers).  Null otherwise.
  const kp_sym *condOf(const Expr *E, int Depth) {
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

  bool fold(const Expr *E, int64_t &V, int Depth) {
    if (Depth > 16 || E->isValueDependent() || E->isTypeDependent())
      return false;
    E = E->IgnoreParenImpCasts();
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx)) {
      std::optional<int64_t> X = R.Val.getInt().tryExtValue();
      if (!X)
        return false; // wider than int64_t
      V = *X;
      return true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        for (auto It = Facts.rbegin(); It != Facts.rend(); ++It)
          if (It->first == VD) {
            if (!isUnchanged(VD, /*Params=*/true))
              break;
            V = It->second;
            return true;
          }
        bool Integral = VD->getType()->isIntegralOrEnumerationType();
        // At a launch, a local declared on the way to it: the assignment
        // (or initialiser) that reaches the launch, when one does.  What it
        // reads is read where it was made, not at the launch: only
        // constants, unchanged variables and facts there.
        if (InLaunch && Integral && VD->isLocalVarDecl() &&
            !VD->getType().isConstQualified()) {
          const Expr *At = valueAt(VD);
          if (At) {
            InLaunch = false;
            bool Ok = fold(At, V, Depth + 1);
            InLaunch = true;
            return Ok;
          }
          // Unsure on the way (a call that may write it, printf's varargs
          // included): the precise question below.
        }
        // The initialiser first: whether the variable changes is the costly
        // question.  A parameter's "initialiser" is its default argument.
        if (!isa<ParmVarDecl>(VD) && VD->getInit() && Integral) {
          bool Saved = InLaunch;
          InLaunch = false;
          bool Ok = fold(VD->getInit(), V, Depth + 1);
          InLaunch = Saved;
          if (Ok && isUnchanged(VD))
            return true;
        }
      }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      if (deviceProperty(ME, V))
        return true;
    return foldOp(E, V, Depth);
  }

  // `prop.maxThreadsPerBlock` of a cudaDeviceProp (or `p->...`): the target
  // GPU's value, whatever device the program asked about.
  bool deviceProperty(const MemberExpr *ME, int64_t &V) const {
    if (!Device || !ME->getMemberDecl()->getIdentifier())
      return false;
    if (deviceInfoWarpSize(ME)) {
      V = Device->WarpSize;
      return V > 0;
    }
    QualType T = ME->getBase()->getType();
    if (ME->isArrow() && T->isPointerType())
      T = T->getPointeeType();
    const auto *RD = T->getAsRecordDecl();
    if (!RD || !RD->getIdentifier() || RD->getName() != "cudaDeviceProp")
      return false;
    llvm::StringRef F = ME->getMemberDecl()->getName();
    int64_t X = F == "maxThreadsPerBlock"            ? Device->MaxThreadsPerBlock
                : F == "warpSize"                    ? Device->WarpSize
                : F == "multiProcessorCount"         ? Device->MultiProcessorCount
                : F == "maxThreadsPerMultiProcessor" ? Device->MaxThreadsPerMultiProcessor
                : F == "sharedMemPerBlock"           ? Device->SharedMemPerBlock
                : F == "regsPerBlock"                ? Device->RegsPerBlock
                                                     : 0;
    if (X <= 0)
      return false;
    V = X;
    return true;
  }

  // An integer member named warp_size or warpSize of what a call returns
  // (`ggml_cuda_info().devices[id].warp_size`, a library's record of the
  // device it queried): the target GPU's warp size.  A member of an object
  // the code itself fills (`cfg.warp_size`) is not read this way.
  static bool deviceInfoWarpSize(const MemberExpr *ME) {
    llvm::StringRef F = ME->getMemberDecl()->getName();
    if ((F != "warp_size" && F != "warpSize") || !ME->getType()->isIntegerType())
      return false;
    const Expr *B = ME->getBase()->IgnoreParenImpCasts();
    for (;;) {
      if (const auto *M = dyn_cast<MemberExpr>(B))
        B = M->getBase()->IgnoreParenImpCasts();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(B))
        B = A->getBase()->IgnoreParenImpCasts();
      else
        break;
    }
    return isa<CallExpr>(B);
  }

  // Arithmetic over what fold folds: `threads * sizeof(T)`, `(n + 255) / 256`,
  // `t <= 32 ? 2 * t : t` with t a fact of the launch (the operands are not
  // constants, so clang's evaluator does not fold them).  Overflow, division
  // by zero and shifts out of range fold to nothing.
  bool foldOp(const Expr *E, int64_t &V, int Depth) {
    if (!E->getType()->isIntegralOrEnumerationType())
      return false;
    int64_t A, B;
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      if (!CE->getSubExpr()->getType()->isIntegralOrEnumerationType() ||
          !fold(CE->getSubExpr(), A, Depth + 1))
        return false;
      return asType(E->getType(), A, V);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      if (!fold(CO->getCond(), A, Depth + 1))
        return false;
      return fold(A ? CO->getTrueExpr() : CO->getFalseExpr(), V, Depth + 1) &&
             asType(E->getType(), V, V);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (!fold(UO->getSubExpr(), A, Depth + 1))
        return false;
      switch (UO->getOpcode()) {
      case UO_Plus: V = A; break;
      case UO_Minus: if (__builtin_sub_overflow((int64_t)0, A, &V)) return false; break;
      case UO_Not: V = ~A; break;
      case UO_LNot: V = !A; break;
      default: return false;
      }
      return asType(E->getType(), V, V);
    }
    // min(a, b) / max(a, b) of two folded integers (the host overloads, std::).
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || !FD->getIdentifier() || Call->getNumArgs() != 2)
        return false;
      llvm::StringRef Name = FD->getName();
      if ((Name != "min" && Name != "max") || !fold(Call->getArg(0), A, Depth + 1) ||
          !fold(Call->getArg(1), B, Depth + 1))
        return false;
      V = Name == "min" ? std::min(A, B) : std::max(A, B);
      return asType(E->getType(), V, V);
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || !fold(BO->getLHS(), A, Depth + 1) || !fold(BO->getRHS(), B, Depth + 1))
      return false;
    bool Unsigned = BO->getLHS()->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType() ||
                    BO->getRHS()->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType();
    switch (BO->getOpcode()) {
    case BO_Add: if (__builtin_add_overflow(A, B, &V)) return false; break;
    case BO_Sub: if (__builtin_sub_overflow(A, B, &V)) return false; break;
    case BO_Mul: if (__builtin_mul_overflow(A, B, &V)) return false; break;
    case BO_Div:
    case BO_Rem:
      if (B == 0 || (A == INT64_MIN && B == -1) || (Unsigned && (A < 0 || B < 0)))
        return false;
      V = BO->getOpcode() == BO_Div ? A / B : A % B;
      break;
    case BO_Shl:
      if (B < 0 || B > 62 || A < 0 || A > (INT64_MAX >> B)) return false;
      V = A << B;
      break;
    case BO_Shr: if (B < 0 || B > 63 || A < 0) return false; V = A >> B; break;
    case BO_And: V = A & B; break;
    case BO_Or: V = A | B; break;
    case BO_Xor: V = A ^ B; break;
    case BO_LT: case BO_GT: case BO_LE: case BO_GE:
      if (Unsigned && (A < 0 || B < 0))
        return false;
      V = BO->getOpcode() == BO_LT ? A < B : BO->getOpcode() == BO_GT ? A > B
          : BO->getOpcode() == BO_LE ? A <= B : A >= B;
      break;
    case BO_EQ: V = A == B; break;
    case BO_NE: V = A != B; break;
    case BO_LAnd: V = A && B; break;
    case BO_LOr: V = A || B; break;
    default: return false;
    }
    return asType(E->getType(), V, V);
  }

  // X as a value of integer type T (wrapped or sign-extended to its width);
  // false when T is wider than 64 bits.
  bool asType(QualType T, int64_t X, int64_t &V) const {
    if (!T->isIntegralOrEnumerationType())
      return false;
    uint64_t W = Ctx.getTypeSize(T);
    if (T->isBooleanType()) {
      V = X != 0;
      return true;
    }
    if (W > 64 || W == 0)
      return false;
    if (W == 64) {
      if (T->isUnsignedIntegerOrEnumerationType() && X < 0)
        return false; // above INT64_MAX
      V = X;
      return true;
    }
    uint64_t U = static_cast<uint64_t>(X) & ((UINT64_C(1) << W) - 1);
    if (!T->isUnsignedIntegerOrEnumerationType() && (U >> (W - 1)))
      U |= ~((UINT64_C(1) << W) - 1);
    V = static_cast<int64_t>(U);
    return true;
  }

  // A launch size component as dim3 holds it: an unsigned int (-4 is
  // 4294967292, 1LL << 40 is 0), the value the CUDA runtime gets.
  static kp_expr asUnsigned(kp_expr X) {
    if (X.known)
      X.value = static_cast<int64_t>(static_cast<uint32_t>(X.value));
    return X;
  }

  // A launch dimension: an integer (x, 1, 1) or a dim3.
  kp_dim3 dim3Of(const Expr *E) {
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
};

} // namespace

void extractModule(ASTContext &Ctx, kp_module *M, unsigned TimeBudgetMs, bool Mangled,
                   const DeviceFacts *Device) {
  BodyBudget Budget;
  Budget.TimeMs = TimeBudgetMs;
  if (TimeBudgetMs)
    Budget.Deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(TimeBudgetMs);
  // Parent lookups (ExprMutationAnalyzer's) build clang's parent map over the
  // traversal scope, by default the whole translation unit with every system
  // header in it: limit it to the declarations kperf walks while it runs, and
  // give the caller's scope back (clangd sets its own).
  std::vector<Decl *> Saved = Ctx.getTraversalScope();
  std::vector<Decl *> Scope;
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(D->getLocation()))
      Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
  Extractor X(Ctx, M, Budget);
  X.WantMangled = Mangled;
  X.Device = Device;
  X.TraverseDecl(Ctx.getTranslationUnitDecl());
  Ctx.setTraversalScope(Saved);
  if (!M->main_file) {
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID());
    StringRef Name = FE ? FE->getName() : StringRef();
    M->main_file = kp_module_str(M, Name.data(), Name.size());
  }
}

} // namespace kperf
