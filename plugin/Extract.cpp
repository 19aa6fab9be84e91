// The AST -> kernel model walk (Extract.h): every kernel defined in the user's
// code (its body built by Body.cpp) and every launch, with its sizes as the
// host expressions HostFold.h makes of them (over what HostFlow.h says a
// local holds there).  It needs clang to walk the AST; it decides nothing
// about performance: the analyses (analyses/) read the model it fills.
#include "Extract.h"
#include "Pragmas.h"
#include "Body.h"
#include "HostFold.h"

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

class Extractor : public RecursiveASTVisitor<Extractor>, public HostFold {
public:
  Extractor(ASTContext &Ctx, kp_module *M, const BodyBudget &Budget)
      : HostFold(Ctx, M), Budget(Budget) {}

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
    // The bytes the pointer arguments' device allocations hold.
    kp_expr *Bytes = nullptr;
    for (unsigned I = 0; Args && I < NArgs; ++I) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->getArg(I)->IgnoreParenCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      const Expr *Size = VD ? allocationSize(VD) : nullptr;
      if (!Size)
        continue;
      if (!Bytes)
        Bytes = static_cast<kp_expr *>(kp_module_alloc(M, sizeof(kp_expr) * NArgs));
      if (Bytes)
        Bytes[I] = throughLocal(Size, intOf(Size, 1));
    }
    // Whether the function takes a grid numerator modulo its divisor.
    unsigned GridRem = 0;
    for (int D = 0; D < 2; ++D)
      if (const kp_quotient *Q = D ? Grid.y.quot : Grid.x.quot)
        if (!Q->round_up && !Q->has_tail &&
            remainderTaken(Q->num.text, Q->den.text, Q->den.known ? &Q->den.value : nullptr))
          GridRem |= 1u << D;
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
      L->arg_bytes = Bytes;
      L->grid_remainder = GridRem;
    }
    return true;
  }

private:
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

private:
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
