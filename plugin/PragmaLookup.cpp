// The lookups of Pragmas.h over the store the `#pragma kperf` handler
// (Pragmas.cpp) fills: a loop's trip count, an if's likely share, the assumed
// values, a kernel's block shape, the file's GPU; the start and the reset of a
// translation unit's records; the dump consumer of the tests
// (-fplugin-arg-kperf-pragmas=dump).  Front end only: clang's AST and Basic.
#include "Pragmas.h"
#include "PragmaStore.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <array>
#include <climits>
#include <memory>
#include <mutex>

using namespace clang;

namespace kperf {

namespace pragmas {

Store &store() {
  static Store S;
  return S;
}

} // namespace pragmas

using namespace pragmas;

namespace {

// For tests (-fplugin-arg-kperf-pragmas=dump): a remark for
// every loop that tripPragmaFor gives a trip count (template instances
// included, reported once per loop), for every assumePragmas() pair, for every
// well-formed block pragma, and for every kernel definition that
// blockPragmaFor gives a block shape (template instances included, reported
// once per kernel).
class DumpConsumer : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Visitor V(Ctx.getSourceManager());
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    DiagnosticsEngine &D = Ctx.getDiagnostics();
    unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Remark, "kperf-pragmas: %0");
    for (const auto &L : V.Loops)
      D.Report(L.first, ID) << ("loop: trip count " + std::to_string(L.second));
    std::vector<std::pair<std::string, int64_t>> Assumed = assumePragmas(Ctx.getSourceManager());
    std::vector<SourceLocation> Locs;
    {
      Store &S = store();
      std::lock_guard<std::mutex> Lock(S.Mu);
      for (const AssumeRecord &A : S.Assumes)
        if (A.SM == &Ctx.getSourceManager())
          Locs.push_back(A.Loc);
    }
    for (size_t I = 0; I < Assumed.size() && I < Locs.size(); ++I)
      D.Report(Locs[I], ID) << ("assume " + Assumed[I].first + " = " +
                                std::to_string(Assumed[I].second));
    std::vector<BlockRecord> Blocks;
    {
      Store &S = store();
      std::lock_guard<std::mutex> Lock(S.Mu);
      for (const BlockRecord &B : S.Blocks)
        if (B.SM == &Ctx.getSourceManager())
          Blocks.push_back(B);
    }
    for (const BlockRecord &B : Blocks)
      D.Report(B.Loc, ID) << ("block " + shape(B.Dims));
    if (std::optional<GpuPragma> G = gpuPragmaFor(Ctx.getSourceManager()))
      D.Report(G->Loc, ID) << ("gpu " + G->Name);
    for (const auto &K : V.Kernels)
      D.Report(K.Loc, ID) << ("kernel '" + K.Name + "': block " + shape(K.Dims));
  }

private:
  static std::string shape(const std::array<int64_t, 3> &D) {
    return std::to_string(D[0]) + " x " + std::to_string(D[1]) + " x " + std::to_string(D[2]);
  }

  struct Kernel {
    SourceLocation Loc;
    std::string Name;
    std::array<int64_t, 3> Dims;
  };

  struct Visitor : RecursiveASTVisitor<Visitor> {
    explicit Visitor(const SourceManager &SM) : SM(SM) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
        return true;
      SourceLocation Loc = FD->getLocation();
      if (std::any_of(Kernels.begin(), Kernels.end(),
                      [&](const Kernel &K) { return K.Loc == Loc; }))
        return true; // another instance of the same kernel template
      if (std::optional<std::array<int64_t, 3>> B = blockPragmaFor(SM, Loc))
        Kernels.push_back({Loc, FD->getQualifiedNameAsString(), *B});
      return true;
    }
    bool VisitForStmt(ForStmt *S) { return loop(S); }
    bool VisitWhileStmt(WhileStmt *S) { return loop(S); }
    bool VisitDoStmt(DoStmt *S) { return loop(S); }
    bool VisitCXXForRangeStmt(CXXForRangeStmt *S) { return loop(S); }
    bool loop(Stmt *S) {
      if (std::optional<int64_t> N = tripPragmaFor(SM, S->getBeginLoc())) {
        auto It = std::find_if(Loops.begin(), Loops.end(),
                               [&](const auto &L) { return L.first == S->getBeginLoc(); });
        if (It == Loops.end())
          Loops.emplace_back(S->getBeginLoc(), *N);
        else if (It->second != *N)
          It->second = -1; // must never happen: the same loop, another answer
      }
      return true;
    }
    const SourceManager &SM;
    std::vector<std::pair<SourceLocation, int64_t>> Loops;
    std::vector<Kernel> Kernels;
  };
};

} // namespace

// Called from KperfAction::ParseArgs in every pass, before clang lexes the
// translation unit (plugin actions parse their arguments once the preprocessor
// exists).  Not for the nested compiles that build implicit modules: they run
// in the middle of a translation unit and must not forget its pragmas.
void beginPragmas(const CompilerInstance &CI, bool Reporting) {
  if (!CI.hasPreprocessor() || CI.getLangOpts().isCompilingModule())
    return;
  resetPragmas(CI.getSourceManager());
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  S.Passes.push_back({&CI.getPreprocessor(), &CI.getSourceManager(), Reporting});
}

std::unique_ptr<ASTConsumer> pragmaDumpConsumer() { return std::make_unique<DumpConsumer>(); }

static std::optional<int64_t> pragmaFor(const SourceManager &SM, SourceLocation LoopBegin,
                                        bool Likely);

std::optional<int64_t> tripPragmaFor(const SourceManager &SM, SourceLocation LoopBegin) {
  return pragmaFor(SM, LoopBegin, false);
}

std::optional<int64_t> likelyPragmaFor(const SourceManager &SM, SourceLocation IfBegin) {
  return pragmaFor(SM, IfBegin, true);
}

static std::optional<int64_t> pragmaFor(const SourceManager &SM, SourceLocation LoopBegin,
                                        bool Likely) {
  if (LoopBegin.isInvalid())
    return std::nullopt;
  SourceLocation At = SM.getExpansionLoc(LoopBegin);
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  // The last matching pragma: a superseded one never applies.
  for (auto It = S.Trips.rbegin(); It != S.Trips.rend(); ++It) {
    TripRecord &R = *It;
    if (R.SM != &SM || R.Superseded || R.Likely != Likely)
      continue;
    if (!(R.Target.isValid() && R.Target == At) &&
        !(R.MacroTarget.isValid() && R.MacroTarget == At))
      continue;
    if (R.ClaimedBy.isInvalid())
      R.ClaimedBy = LoopBegin;
    if (R.ClaimedBy != LoopBegin)
      return std::nullopt;
    return R.P.Value;
  }
  return std::nullopt;
}

std::optional<std::array<int64_t, 3>> blockPragmaFor(const SourceManager &SM,
                                                     SourceLocation KernelLoc) {
  if (KernelLoc.isInvalid())
    return std::nullopt;
  SourceLocation At = SM.getExpansionLoc(KernelLoc);
  FileID File = SM.getFileID(At);
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  // The last pragma before the kernel in the same file.  Records are in lexing
  // order, which within one file is source order; at the same expansion
  // location (a macro invocation that has both the _Pragma and the kernel),
  // the full locations decide, and of two pragmas the later lexed one wins.
  const BlockRecord *Best = nullptr;
  for (const BlockRecord &R : S.Blocks) {
    if (R.SM != &SM || R.At.isInvalid() || SM.getFileID(R.At) != File)
      continue;
    bool Before = R.At == At ? SM.isBeforeInTranslationUnit(R.Loc, KernelLoc)
                             : SM.isBeforeInTranslationUnit(R.At, At);
    if (!Before)
      continue;
    if (!Best || !SM.isBeforeInTranslationUnit(R.At, Best->At))
      Best = &R;
  }
  if (!Best)
    return std::nullopt;
  return Best->Dims;
}

std::optional<GpuPragma> gpuPragmaFor(const SourceManager &SM) {
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  for (auto It = S.Gpus.rbegin(); It != S.Gpus.rend(); ++It)
    if (It->SM == &SM)
      return It->P;
  return std::nullopt;
}

std::optional<GpuPragma> gpuPragmaInPreamble(const SourceManager &SM) {
  FileID Main = SM.getMainFileID();
  OptionalFileEntryRef F = SM.getFileEntryRefForID(Main);
  if (!F)
    return std::nullopt;
  std::string File = F->getName().str();
  StringRef Text = SM.getBufferData(Main);
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  const GpuRecord *Best = nullptr;
  for (const GpuRecord &R : S.Gpus) {
    if (R.SM == &SM || !R.HasOffset || R.File != File || R.Offset >= Text.size() ||
        !Text.substr(R.Offset).starts_with(R.P.Name))
      continue;
    // Still a gpu pragma of this text: its line is '#pragma kperf gpu(' NAME.
    size_t LineStart = Text.rfind('\n', R.Offset);
    LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
    StringRef Line = Text.slice(LineStart, R.Offset);
    if (!Line.ltrim().starts_with("#") || !Line.contains("pragma") || !Line.contains("kperf") ||
        !Line.rtrim().ends_with("(") || !Line.contains("gpu"))
      continue;
    if (!Best || R.Offset > Best->Offset)
      Best = &R;
  }
  if (!Best)
    return std::nullopt;
  GpuPragma P;
  P.Name = Best->P.Name;
  P.Loc = SM.getComposedLoc(Main, Best->Offset);
  return P;
}

std::vector<std::pair<std::string, int64_t>> assumePragmas(const SourceManager &SM) {
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  std::vector<std::pair<std::string, int64_t>> Out;
  for (const AssumeRecord &A : S.Assumes)
    if (A.SM == &SM)
      Out.emplace_back(A.Name, A.Value);
  return Out;
}

std::vector<TripPragma> tripPragmas(const SourceManager &SM) {
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  std::vector<TripPragma> Out;
  for (const TripRecord &R : S.Trips)
    if (!R.Superseded && R.SM == &SM && !R.Likely)
      Out.push_back(R.P);
  return Out;
}

void resetPragmas(const SourceManager &SM) {
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  auto Other = [&](const auto &R) { return R.SM == &SM; };
  S.Gpus.erase(std::remove_if(S.Gpus.begin(), S.Gpus.end(), Other), S.Gpus.end());
  S.Trips.erase(std::remove_if(S.Trips.begin(), S.Trips.end(), Other), S.Trips.end());
  S.Assumes.erase(std::remove_if(S.Assumes.begin(), S.Assumes.end(), Other), S.Assumes.end());
  S.Blocks.erase(std::remove_if(S.Blocks.begin(), S.Blocks.end(), Other), S.Blocks.end());
  S.Passes.erase(std::remove_if(S.Passes.begin(), S.Passes.end(), Other), S.Passes.end());
}

} // namespace kperf
