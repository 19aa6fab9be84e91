// kperf's checks as a clang-tidy module (kperf-tidy.so, and linked into
// kperf-clangd).  Each check registered in the C registry (include/kperf/checks.h,
// include/kperf/checks.def) becomes a clang-tidy check of the same name: the checks
// run the same code as the plugin -- extractModule (plugin/Extract.h) on the
// translation unit, then kp_run_checks for the check's own name -- and turn each
// kp_finding into a clang-tidy diagnostic with its notes and fix-its, so that
// NOLINT, -fix, .clang-tidy and clangd all work as for any other check.
//
// The kernel model is built once per translation unit however many kperf
// checks are enabled (a cache keyed by the ASTContext).  The GPU is chosen as
// the plugin chooses it (plugin/Target.h): the Gpu option, else the compile's
// GPU arch: the device pass's own (clang-tidy and clangd analyse the first job
// of a CUDA compile, the device side of the first --cuda-gpu-arch, unless
// --cuda-host-only is given), or on the host side the first --cuda-gpu-arch of
// clang-tidy's command line, else the first of __CUDA_ARCH_LIST__.
#include "Emit.h"
#include "Extract.h"
#include "Pragmas.h"
#include "Target.h"

#include "kperf/checks.h"
#include "kperf/control.h"
#include "kperf/finding.h"
#include "kperf/gpu.h"
#include "kperf/model.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace kperf {
namespace {

// The kernel model of one translation unit, shared by the kperf checks of it.
struct TUModel {
  const ASTContext *Ctx = nullptr;
  const TranslationUnitDecl *TU = nullptr;
  const SourceManager *SM = nullptr;
  bool HostErrors = false;
  std::atomic<bool> StandInSaid{false}; // the stand-in GPU's warning, once per file
  std::atomic<bool> SetupSaid{false};   // kperf-setup's warning, once per file
  kp_module M;
  TUModel() { kp_module_init(&M); }
  ~TUModel() { kp_module_free(&M); }
  TUModel(const TUModel &) = delete;
  TUModel &operator=(const TUModel &) = delete;
};

std::mutex CacheMu;
std::map<const ASTContext *, std::weak_ptr<TUModel>> Cache;

// The model of Ctx's translation unit: the cached one while a check of the
// same unit holds it, else a new one.  kperf-clangd builds the ASTs of several
// files on several threads: the analyses run concurrently (the C core keeps no
// mutable state outside its arguments, the pragma store is per translation
// unit); a unit's checks run on that unit's thread, one after another.
std::shared_ptr<TUModel> modelFor(ASTContext &Ctx) {
  {
    std::lock_guard<std::mutex> Lock(CacheMu);
    auto It = Cache.find(&Ctx);
    if (It != Cache.end()) {
      std::shared_ptr<TUModel> P = It->second.lock();
      if (P && P->TU == Ctx.getTranslationUnitDecl() && P->SM == &Ctx.getSourceManager())
        return P;
      Cache.erase(It);
    }
    for (auto I = Cache.begin(); I != Cache.end();)
      I = I->second.expired() ? Cache.erase(I) : std::next(I);
  }
  auto P = std::make_shared<TUModel>();
  P->Ctx = &Ctx;
  P->TU = Ctx.getTranslationUnitDecl();
  P->SM = &Ctx.getSourceManager();
  // As the plugin: code that does not compile gets no kperf warnings.
  P->HostErrors = Ctx.getDiagnostics().hasErrorOccurred();
  if (!P->HostErrors) {
    extractModule(Ctx, &P->M);
    for (const auto &A : assumePragmas(Ctx.getSourceManager()))
      kp_module_assume(&P->M, A.first.c_str(), A.second);
  }
  std::lock_guard<std::mutex> Lock(CacheMu);
  Cache[&Ctx] = P;
  return P;
}

DiagnosticIDs::Level levelOf(kp_severity S) {
  switch (S) {
  case KP_REMARK:
    return DiagnosticIDs::Remark;
  case KP_WARNING:
    return DiagnosticIDs::Warning;
  case KP_ERROR:
    return DiagnosticIDs::Error;
  }
  return DiagnosticIDs::Warning;
}

const char SetupCheck[] = KP_SETUP_CHECK;

int checkIsNamed(const char *Name, void *User) {
  return std::strcmp(Name, static_cast<const std::string *>(User)->c_str()) == 0;
}

class KperfCheck : public tidy::ClangTidyCheck {
public:
  KperfCheck(StringRef Name, tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Tidy(Context), CheckName(Name.str()),
        Gpu(Options.get("Gpu", "").str()), Database(Options.get("Database", "").str()) {
    // The check's own options, as its registry row describes them.
    if (const kp_check_info *Info = kp_check_find(CheckName.c_str()))
      for (size_t I = 0; I < Info->noptions; ++I)
        CheckOptions.emplace_back(&Info->options[I],
                                  Options.get(Info->options[I].tidy_name, "").str());
  }

  bool isLanguageVersionSupported(const LangOptions &LO) const override { return LO.CUDA; }

  void storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "Gpu", Gpu);
    Options.store(Opts, "Database", Database);
    for (const auto &O : CheckOptions)
      Options.store(Opts, O.first->tidy_name, O.second);
  }

  void registerPPCallbacks(const SourceManager &SM, Preprocessor *P, Preprocessor *) override {
    PP = P;
    // A new translation unit: forget pragmas recorded with its SourceManager
    // (the plugin's action does this in beginPragmas).
    resetPragmas(SM);
  }

  void registerMatchers(MatchFinder *Finder) override {
    // clang-tidy traverses the whole unit; clangd only the main file's
    // top-level declarations.  Either way the first match gives the ASTContext
    // and the analysis runs once, at the end of the unit.
    Finder->addMatcher(translationUnitDecl(), this);
    Finder->addMatcher(decl(hasDeclContext(translationUnitDecl())), this);
  }

  void check(const MatchFinder::MatchResult &R) override {
    if (!Ctx)
      Ctx = R.Context;
  }

  void onEndOfTranslationUnit() override {
    if (!Ctx)
      return;
    ASTContext &C = *Ctx;
    Ctx = nullptr;
    run(C);
  }

private:
  tidy::ClangTidyContext *Tidy;
  std::string CheckName, Gpu, Database;
  // (descriptor, value as configured; empty: the default)
  std::vector<std::pair<const kp_check_option *, std::string>> CheckOptions;
  Preprocessor *PP = nullptr;
  ASTContext *Ctx = nullptr;

  std::string compileArch(ASTContext &C) {
    if (C.getLangOpts().CUDAIsDevice)
      return C.getTargetInfo().getTargetOpts().CPU;
    std::vector<std::string> Archs = gpuArchsOf(selfCmdline());
    return Archs.empty() ? archFromMacro(PP) : Archs.front();
  }

  void run(ASTContext &C) {
    std::shared_ptr<TUModel> Model = modelFor(C);
    if (Model->HostErrors)
      return;
    // The Gpu option, else the file's `#pragma kperf gpu(NAME)` (as the
    // plugin: its gpu= argument wins over the pragma, which is checked anyway).
    std::optional<GpuPragma> Pragma = gpuPragmaFor(C.getSourceManager());
    if (!Pragma) // clangd: a pragma in the preamble was lexed in another compile
      Pragma = gpuPragmaInPreamble(C.getSourceManager());
    std::string Error, PragmaError;
    GpuSpelling Spell{"named with Gpu=" + Gpu, "name a GPU with the Gpu option",
                      "set KPERF_DB or the Database option"};
    GpuTarget T = chooseFileGpuTarget(Gpu, Pragma ? Pragma->Name : "", Database, compileArch(C),
                                      thisObjectDir(), Spell, Error, PragmaError);
    if (!PragmaError.empty()) {
      diag(Pragma->Loc, "%0", DiagnosticIDs::Error) << PragmaError;
      return;
    }
    if (!Error.empty()) {
      configurationDiag("%0: %1") << CheckName << Error;
      return;
    }
    if (!T.Known) {
      // Nothing is checked: said once per file (the first of kperf's checks
      // to run says it) as kperf-setup's, at the top of the file (clangd
      // shows no diagnostic without a place in the file).
      if (Tidy->isCheckEnabled(SetupCheck) && !Model->SetupSaid.exchange(true)) {
        SourceManager &SM = C.getSourceManager();
        Tidy->diag(SetupCheck, SM.getLocForStartOfFile(SM.getMainFileID()),
                   "kperf: " + noTargetMessage(T, Spell));
      }
      return;
    }
    // An arch without a GPU of its own: the stand-in is said once per file
    // (the first of kperf's checks to run says it).
    if (!T.Warning.empty() && !Model->StandInSaid.exchange(true))
      configurationDiag("kperf: %0") << T.Warning;
    kp_check_options CO;
    kp_check_options_init(&CO);
    for (const auto &O : CheckOptions) {
      char Err[256];
      if (!O.second.empty() &&
          kp_check_option_set(&CO, O.first, O.second.c_str(), Err, sizeof Err) != 0)
        configurationDiag("%0: bad value '%1' for option %2: %3")
            << CheckName << O.second << O.first->tidy_name << Err;
    }
    kp_check_ctx CC = {&Model->M, &T.Gpu, &CO, 0, nullptr};
    kp_findings F;
    kp_findings_init(&F);
    kp_run_checks(&CC, checkIsNamed, &CheckName, &F);
    report(C.getSourceManager(), &F);
    kp_findings_free(&F);
  }

  void report(SourceManager &SM, const kp_findings *F) {
    Locations Locs(SM);
    for (size_t I = 0; I < F->n; ++I) {
      const kp_finding &X = F->items[I];
      SourceLocation Loc = Locs.at(X.loc);
      {
        DiagnosticBuilder B = diag(Loc, "%0", levelOf(X.severity));
        B << X.message;
        for (size_t J = 0; J < X.nfixits; ++J) {
          const kp_fixit &Fx = X.fixits[J];
          SourceLocation Begin = Locs.at(Fx.begin);
          SourceLocation End = Locs.at(Fx.end);
          if (Begin.isInvalid() || End.isInvalid())
            continue;
          B << FixItHint::CreateReplacement(CharSourceRange::getCharRange(Begin, End),
                                            Fx.replacement ? Fx.replacement : "");
        }
      }
      for (size_t J = 0; J < X.nnotes; ++J) {
        SourceLocation NL = X.notes[J].loc.line ? Locs.at(X.notes[J].loc) : Loc;
        diag(NL, "%0", DiagnosticIDs::Note) << X.notes[J].message;
      }
    }
  }
};

class KperfTidyModule : public tidy::ClangTidyModule {
public:
  void addCheckFactories(tidy::ClangTidyCheckFactories &Factories) override {
    // kperf-setup: the diagnostics about kperf's own set-up (no GPU database,
    // no GPU), which the other checks say; registered so that clang-tidy
    // knows the name (-checks=-kperf-setup silences them).
    Factories.registerCheckFactory(SetupCheck,
                                   [](StringRef Name, tidy::ClangTidyContext *Context) {
                                     return std::make_unique<KperfCheck>(Name, Context);
                                   });
    size_t N = 0;
    const kp_check_info *const *Checks = kp_checks(&N);
    for (size_t I = 0; I < N; ++I)
      Factories.registerCheckFactory(
          Checks[I]->name, [](StringRef Name, tidy::ClangTidyContext *Context) {
            return std::make_unique<KperfCheck>(Name, Context);
          });
  }
};

} // namespace
} // namespace kperf

static clang::tidy::ClangTidyModuleRegistry::Add<kperf::KperfTidyModule>
    KperfTidyModuleReg("kperf-module", "kperf: performance checks for CUDA kernels");

