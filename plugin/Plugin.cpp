// kperf: registration of the clang plugin and the per-pass driver.
//
// clang runs one device pass per --cuda-gpu-arch and one host pass, and loads
// the plugin into each.  kperf reports from exactly one of them: the host pass
// by default, or with -fplugin-arg-kperf-pass=device[:sm_XX] one device pass.
#include "Emit.h"
#include "Extract.h"
#include "Options.h"
#include "Target.h"
#include "Pragmas.h"

#include "kperf/checks.h"
#include "kperf/control.h"
#include "kperf/finding.h"
#include "kperf/findings_report.h"
#include "kperf/gpu.h"
#include "kperf/inventory.h"
#include "kperf/launch.h"
#include "kperf/model.h"
#include "kperf/ptxas.h"
#include "kperf/report.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

#include <cjson/cJSON.h>
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {

namespace {

// The --cuda-gpu-arch / --offload-arch values of the driver command line, in
// order.  The driver runs a single cc1 job in its own process, so that command
// line is ours; several jobs (one per GPU arch) run as child processes, so it
// is our parent's.  Empty when neither names an arch (e.g. clang -cc1 run by hand).
std::vector<std::string> driverGpuArchs() {
  std::vector<std::string> Args = readCmdline("/proc/self/cmdline");
  if (Args.size() > 1 && Args[1] == "-cc1")
    Args = readCmdline("/proc/" + std::to_string(getppid()) + "/cmdline");
  return gpuArchsOf(Args);
}

// The GPU the analyses are for, and how it was chosen (Target.h).
using Target = GpuTarget;

// The GPU arch this compile targets: the device pass's own, or on the host the
// first --cuda-gpu-arch of the driver; empty when there is none to see.
std::string compileArch(const CompilerInstance &CI) {
  if (CI.getLangOpts().CUDAIsDevice)
    return CI.getTargetOpts().CPU;
  std::vector<std::string> Archs = driverGpuArchs();
  return Archs.empty() ? std::string() : Archs.front();
}

// Chooses the GPU: gpu= names one; else the compile's arch maps to one.  A
// database or GPU the user named explicitly that cannot be had is an error
// (returned in Error); without gpu= and db= a missing database only means the
// GPU-dependent analyses have nothing to work with (Target::Why says so).
const GpuSpelling PluginSpelling{"named with -fplugin-arg-kperf-gpu",
                                 "name a GPU with -fplugin-arg-kperf-gpu=NAME",
                                 "set KPERF_DB or -fplugin-arg-kperf-db=PATH"};

Target chooseTarget(const CompilerInstance &CI, const Options &O, std::string &Error) {
  return chooseGpuTarget(O.Gpu, O.Db, O.Gpu.empty() ? compileArch(CI) : std::string(),
                         thisObjectDir(), PluginSpelling, Error);
}

class KperfConsumer : public ASTConsumer {
public:
  KperfConsumer(CompilerInstance &CI, Options Opts, Target T)
      : CI(CI), Opts(std::move(Opts)), T(std::move(T)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    // Code that does not compile gets no warnings: clang's own errors come
    // first.  The report (kperf analyze) is still written, saying how many
    // errors there were: host code that does not compile (a missing host
    // function, a header of the application) need not hide its kernels.
    // after-errors (kperf check): the kernels that parsed are checked anyway;
    // clang's errors are reported as always and the compile still fails.
    bool HostErrors = D.hasErrorOccurred() && !Opts.AfterErrors;
    bool GpuOk = applyGpuPragma(D);
    if (Opts.PragmaDump)
      pragmaDumpConsumer()->HandleTranslationUnit(Ctx);
    if (!GpuOk)
      return; // as for gpu=: a GPU named that cannot be had stops kperf, with one error
    assumeFromMacro();
    auto WarningAs = static_cast<DiagnosticsEngine::Level>(warningLevel(CI));
    if (T.Known && !T.Warning.empty() && WarningAs != DiagnosticsEngine::Ignored)
      D.Report(D.getCustomDiagID(WarningAs, "kperf: %0")) << T.Warning;
    // Never silent about what kperf analyses for: no GPU (nothing is
    // checked) is a warning, a GPU assumed from the arch a remark (verbose
    // mode's own remark says it; so does the stand-in's warning).
    if (!T.Known)
      saySetup(DiagnosticsEngine::Warning, noTargetMessage(T, PluginSpelling));
    else if (T.Assumed && T.Warning.empty() && !Opts.Verbose)
      saySetup(DiagnosticsEngine::Remark, assumedMessage(T, PluginSpelling));
    if (HostErrors && Opts.ModelReports.empty() && Opts.Predict.empty())
      return;
    kp_module M;
    kp_module_init(&M);
    // One time budget for kperf's own work: the walk of the kernels, then
    // the checks (kp_check_ctx.deadline).
    double Start = kp_check_now();
    // cudaDeviceProp fields the host code reads (min(prop.maxThreadsPerBlock,
    // 256)) are those of the GPU kperf analyses for.
    DeviceFacts Dev;
    if (T.Known) {
      Dev.MaxThreadsPerBlock = T.Gpu.limits.max_threads_per_block;
      Dev.WarpSize = T.Gpu.limits.warp_size;
      Dev.MultiProcessorCount = T.Gpu.sm_count;
      Dev.MaxThreadsPerMultiProcessor = T.Gpu.limits.max_threads_per_sm;
      Dev.SharedMemPerBlock = T.Gpu.limits.smem_per_block;
      Dev.RegsPerBlock = T.Gpu.limits.regs_per_block;
    }
    extractModule(Ctx, &M, Opts.TimeBudgetMs, !Opts.Ptxas.empty(), T.Known ? &Dev : nullptr);
    // Assumptions: #pragma kperf assume in source order, then arg= (which win).
    for (const auto &A : assumePragmas(Ctx.getSourceManager()))
      kp_module_assume(&M, A.first.c_str(), A.second);
    for (const auto &A : Opts.Args)
      kp_module_assume(&M, A.first.c_str(), A.second);
    M.host_errors = D.getNumErrors();
    // ptxas=FILE: ptxas's registers and spills.  A file that cannot be used
    // costs one line and leaves the estimate (never the compile).
    kp_ptxas_facts Ptxas;
    kp_ptxas_facts_init(&Ptxas);
    if (!Opts.Ptxas.empty()) {
      char Err[1024];
      if (kp_ptxas_facts_read(Opts.Ptxas.c_str(), &Ptxas, Err, sizeof Err) != 0) {
        kp_ptxas_facts_free(&Ptxas);
        kp_ptxas_facts_init(&Ptxas);
        kp_ptxas_add_missing(&Ptxas, "*", "the ptxas facts file could not be read");
        auto Level = WarningAs == DiagnosticsEngine::Error ? DiagnosticsEngine::Remark : WarningAs;
        if (Level != DiagnosticsEngine::Ignored)
          D.Report(D.getCustomDiagID(Level, "kperf: ignoring the ptxas facts: %0; registers "
                                            "are estimated"))
              << Err;
      }
      M.ptxas = &Ptxas;
    }
    for (const std::string &Pattern : Opts.ModelReports) {
      std::string Path = reportPath(D, Pattern, M.main_file, "model.json");
      char Err[4096];
      if (!Path.empty() && kp_model_json_write(&M, T.Known ? T.Gpu.id : nullptr, Path.c_str(),
                                               Err, sizeof Err) != 0)
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << Err;
    }
    if (!Opts.Predict.empty() && !Opts.PredictBatch.empty())
      writeBatch(D, &M);
    else if (!Opts.Predict.empty())
      writePredictions(D, &M);
    if (HostErrors) {
      kp_module_free(&M);
      kp_ptxas_facts_free(&Ptxas);
      return;
    }
    // The verbose remarks (kperf-model) and the checks' findings apart: the
    // reports hold the checks' findings only.
    kp_findings V, F;
    kp_findings_init(&V);
    kp_findings_init(&F);
    kp_limits_report(&M, &V); // kernels a limit kept from being analysed
    if (Opts.Verbose) {
      kp_loc None = {nullptr, 0, 0};
      char Arch[64];
      if (T.Known)
        kp_findings_add(&V, "kperf-model", KP_REMARK, None, "target GPU %s (%s, %s, %d SMs), %s",
                        T.Gpu.id, T.Gpu.full_name, kp_gpu_arch_text(&T.Gpu, Arch, sizeof Arch),
                        T.Gpu.sm_count, T.How.c_str());
      else
        kp_findings_add(&V, "kperf-model", KP_REMARK, None, "no target GPU: %s", T.Why.c_str());
      kp_inventory(&M, &V);
    }
    if (T.Known) {
      kp_check_options CO = Opts.CheckOpts;
      CO.verbose = Opts.Verbose ? 1 : 0;
      int OutOfTime = 0;
      kp_check_ctx Ctx2 = {&M, &T.Gpu, &CO, 0, &OutOfTime};
      if (Opts.TimeBudgetMs)
        Ctx2.deadline = Start + Opts.TimeBudgetMs / 1000.0;
      kp_run_checks(
          &Ctx2,
          [](const char *Name, void *User) -> int {
            return kp_check_filter_enabled(static_cast<const char *>(User), Name);
          },
          const_cast<char *>(Opts.Checks.c_str()), &F);
      if (OutOfTime) {
        kp_loc None = {nullptr, 0, 0};
        kp_findings_add(&V, "kperf-model", KP_REMARK, None,
                        "kperf's time budget of %u ms ran out during the checks: the accesses "
                        "and launches after that point got no finding "
                        "(-fplugin-arg-kperf-time-budget=MS; docs/limits.md)",
                        Opts.TimeBudgetMs);
      }
    }
    // NOLINT / NOLINTNEXTLINE comments, read from the compile's own buffers.
    Locations Locs(CI.getSourceManager());
    kp_findings_control(&V, Opts.Checks.c_str(), sourceLine, &Locs);
    kp_findings_control(&F, Opts.Checks.c_str(), sourceLine, &Locs);
    dropSystemHeaderFindings(CI, Locs, &V);
    dropSystemHeaderFindings(CI, Locs, &F);
    if (Opts.Werror)
      kp_findings_werror(&F);
    emitFindings(CI, Locs, &V);
    emitFindings(CI, Locs, &F);
    writeFindingReports(D, &F, M.main_file);
    kp_findings_free(&V);
    kp_findings_free(&F);
    kp_module_free(&M);
    kp_ptxas_facts_free(&Ptxas);
  }

private:
  CompilerInstance &CI;
  Options Opts;
  Target T;

  // Without gpu= and without an sm_XX arch on the driver's command line
  // (none given: clang's default arch; --cuda-gpu-arch=native): the first
  // arch of __CUDA_ARCH_LIST__, which clang defines with the archs it compiles for.
  void assumeFromMacro() {
    if (T.Known || T.NoDatabase || !Opts.Gpu.empty() || !compileArch(CI).empty())
      return;
    std::string Arch = archFromMacro(&CI.getPreprocessor());
    if (Arch.empty())
      return;
    std::string Error;
    Target A = chooseGpuTarget("", Opts.Db, Arch, thisObjectDir(), PluginSpelling, Error);
    if (!A.Known || !Error.empty())
      return;
    A.How = "assumed from the compile's GPU arch " + Arch +
            " (__CUDA_ARCH_LIST__; the command line names no sm_XX)";
    T = A;
  }

  // kperf's own diagnostics about its set-up ([kperf-setup]; checks=-kperf-setup
  // silences them): -w and -Wno-everything hide the warnings, which are errors
  // with kperf's werror only, never with clang's -Werror (a set-up problem of
  // kperf must not fail a build that otherwise succeeds).
  void saySetup(DiagnosticsEngine::Level Level, const std::string &Msg) {
    if (!kp_check_filter_enabled(Opts.Checks.c_str(), KP_SETUP_CHECK))
      return;
    if (Level == DiagnosticsEngine::Warning) {
      if (warningLevel(CI) == DiagnosticsEngine::Ignored)
        return;
      if (Opts.Werror)
        Level = DiagnosticsEngine::Error;
    }
    DiagnosticsEngine &D = CI.getDiagnostics();
    bool AsErrors = D.getWarningsAsErrors();
    D.setWarningsAsErrors(false);
    D.Report(D.getCustomDiagID(Level, "kperf: %0 [kperf-setup]")) << Msg;
    D.setWarningsAsErrors(AsErrors);
  }

  // The text of line Line of File (without its line break), from the
  // SourceManager's buffer of that file; nullptr when it has none.
  static const char *sourceLine(const char *File, unsigned Line, size_t *Len, void *User) {
    Locations &Locs = *static_cast<Locations *>(User);
    FileID FID = Locs.fileId(File);
    if (FID.isInvalid())
      return nullptr;
    bool Invalid = false;
    StringRef Data = Locs.sourceManager().getBufferData(FID, &Invalid);
    if (Invalid)
      return nullptr;
    size_t Start = 0;
    for (unsigned L = 1; L < Line; ++L) {
      size_t NL = Data.find('\n', Start);
      if (NL == StringRef::npos)
        return nullptr;
      Start = NL + 1;
    }
    size_t End = Data.find('\n', Start);
    if (End == StringRef::npos)
      End = Data.size();
    *Len = End - Start;
    return Data.data() + Start;
  }

  // The path a report=KIND:PATTERN names for this file; "" after an error.
  static std::string reportPath(DiagnosticsEngine &D, const std::string &Pattern,
                                const char *MainFile, const char *Ext) {
    char Err[4096];
    char *P = kp_report_path(Pattern.c_str(), MainFile, Ext, Err, sizeof Err);
    std::string Path = P ? P : "";
    std::free(P);
    // A directory (PATH ending in '/') is created when missing; any other
    // path's directory must exist.
    if (!Path.empty() && !Pattern.empty() && Pattern.back() == '/' &&
        kp_make_parent_dirs(Path.c_str(), Err, sizeof Err) != 0)
      Path.clear();
    if (Path.empty())
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << Err;
    return Path;
  }

  // report=sarif:PATH and report=json:PATH: the findings F, written atomically.
  void writeFindingReports(DiagnosticsEngine &D, const kp_findings *F, const char *MainFile) {
    for (int Kind = 0; Kind < 2; ++Kind) {
      const std::vector<std::string> &Patterns = Kind == 0 ? Opts.SarifReports : Opts.JsonReports;
      if (Patterns.empty())
        continue;
      char *Text = Kind == 0 ? kp_findings_sarif(F) : kp_findings_json(F);
      // The GPU that stands in for an arch without one: said once per file,
      // in the SARIF log too (a notification), whatever -w says.
      if (Kind == 0 && Text && !T.Warning.empty()) {
        char *With = kp_sarif_add_warning(Text, MainFile, ("kperf: " + T.Warning).c_str());
        cJSON_free(Text);
        Text = With;
      }
      // No GPU: nothing was checked, which the log says as an execution that
      // did not succeed (an error notification), whatever -w or checks= say.
      if (Kind == 0 && Text && !T.Known) {
        std::string Msg = "kperf: " + noTargetMessage(T, PluginSpelling);
        const char *Why = Msg.c_str();
        char *With = kp_sarif_add_failures(Text, &MainFile, &Why, 1);
        cJSON_free(Text);
        Text = With;
      }
      if (!Text) {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0"))
            << "out of memory writing a report";
        continue;
      }
      for (const std::string &Pattern : Patterns) {
        std::string Path = reportPath(D, Pattern, MainFile, Kind == 0 ? "sarif" : "json");
        char Err[4096];
        if (!Path.empty() && kp_write_atomic(Path.c_str(), Text, Err, sizeof Err) != 0)
          D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << Err;
      }
      cJSON_free(Text);
    }
  }

  // #pragma kperf gpu(NAME): the GPU of this file unless gpu= names one (the
  // command line wins); the name is checked against the database either way.
  // false after an error (a GPU that cannot be had).
  bool applyGpuPragma(DiagnosticsEngine &D) {
    std::optional<GpuPragma> G = gpuPragmaFor(CI.getSourceManager());
    if (!G)
      return true;
    std::string Error, PragmaError;
    Target P = chooseFileGpuTarget(Opts.Gpu, G->Name, Opts.Db, compileArch(CI), thisObjectDir(),
                                   PluginSpelling, Error, PragmaError);
    if (!PragmaError.empty()) {
      D.Report(G->Loc, D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << PragmaError;
      return false;
    }
    if (Error.empty())
      T = P;
    return true;
  }

  // predict-batch=PATH with predict=OUT: the launches listed in PATH ("GPU KERNEL
  // gx,gy,gz bx,by,bz smem" a line) predicted with every model, one JSON line each.
  void writeBatch(DiagnosticsEngine &D, kp_module *M) {
    auto fail = [&D](const std::string &Msg) {
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << Msg;
    };
    std::FILE *In = std::fopen(Opts.PredictBatch.c_str(), "r");
    if (!In) {
      fail("cannot read " + Opts.PredictBatch + ": " + std::strerror(errno));
      return;
    }
    struct Line {
      std::string Gpu, Kernel;
      int64_t Grid[3], Block[3], Smem;
      int MaxBlocksPerSm;
    };
    std::vector<Line> Lines;
    char Buf[4096];
    int No = 0;
    while (std::fgets(Buf, sizeof Buf, In)) {
      ++No;
      char G[256], Kn[1024], Gr[128], Bl[128];
      long long Sm = 0;
      int Cap = 0;
      if (Buf[0] == '#' || std::sscanf(Buf, "%255s", G) != 1)
        continue;
      Line L;
      int Got = std::sscanf(Buf, "%255s %1023s %127s %127s %lld %d", G, Kn, Gr, Bl, &Sm, &Cap);
      if ((Got != 5 && Got != 6) || !parseLaunchDims(Gr, L.Grid) ||
          !parseLaunchDims(Bl, L.Block) || Sm < 0 || Cap < 0) {
        fail(Opts.PredictBatch + ":" + std::to_string(No) +
             ": expected 'GPU KERNEL gx,gy,gz bx,by,bz smem [max-blocks-per-sm]'");
        std::fclose(In);
        return;
      }
      L.Gpu = G;
      L.Kernel = Kn;
      L.Smem = Sm;
      L.MaxBlocksPerSm = Got == 6 ? Cap : 0;
      Lines.push_back(L);
    }
    std::fclose(In);
    // Each GPU is looked up once.
    std::map<std::string, std::pair<Target, std::string>> Gpus;
    for (const Line &L : Lines)
      if (!Gpus.count(L.Gpu)) {
        std::string Error;
        Target G = chooseGpuTarget(L.Gpu, Opts.Db, std::string(), thisObjectDir(), PluginSpelling,
                                   Error);
        Gpus[L.Gpu] = {G, G.Known ? std::string() : (Error.empty() ? G.Why : Error)};
      }
    std::vector<kp_batch_launch> B(Lines.size());
    for (size_t I = 0; I < Lines.size(); ++I) {
      const auto &G = Gpus[Lines[I].Gpu];
      B[I].gpu = G.first.Known ? &G.first.Gpu : nullptr;
      B[I].gpu_name = Lines[I].Gpu.c_str();
      B[I].gpu_why = G.second.c_str();
      B[I].kernel = Lines[I].Kernel.c_str();
      for (int J = 0; J < 3; ++J) {
        B[I].grid[J] = Lines[I].Grid[J];
        B[I].block[J] = Lines[I].Block[J];
      }
      B[I].smem = Lines[I].Smem;
      B[I].max_blocks_per_sm = Lines[I].MaxBlocksPerSm;
    }
    char Err[4096];
    if (kp_predict_batch_write(M, B.data(), B.size(), Opts.Predict.c_str(), Err, sizeof Err) != 0)
      fail(Err);
  }

  // predict=PATH: the predictions of every launch (and of predict-launch=) as JSON.
  void writePredictions(DiagnosticsEngine &D, kp_module *M) {
    kp_launch Extra;
    kp_launch *ExtraP = nullptr;
    std::string ExtraError;
    if (Opts.HasPredictLaunch) {
      int K = kp_module_find_kernel(M, Opts.PredictKernel.c_str());
      if (K < 0)
        ExtraError = "no kernel named '" + Opts.PredictKernel + "' in this file";
      else if (kp_module_launch_of(M, K, Opts.PredictGrid, Opts.PredictBlock, Opts.PredictSmem,
                                   &Extra) == 0)
        ExtraP = &Extra;
      else
        ExtraError = "out of memory";
    }
    char Err[4096];
    if (kp_predict_json_write(M, T.Known ? &T.Gpu : nullptr, static_cast<kp_model_kind>(Opts.CheckOpts.model),
                              ExtraP, Opts.PredictProblem,
                              static_cast<int>(Opts.PredictMaxBlocks),
                              ExtraError.empty() ? nullptr : ExtraError.c_str(),
                              Opts.Predict.c_str(), Err, sizeof Err) != 0)
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << Err;
  }
};

class KperfAction : public PluginASTAction {
public:
  ActionType getActionType() override { return AddAfterMainAction; }

  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    Opts = parseOptions(Args);
    Reporting = isReportingPass(CI);
    beginPragmas(CI, Reporting);
    if (!Reporting)
      return false; // another pass reports; this one stays silent and costs nothing
    if (Opts.Help)
      llvm::errs() << usageText();
    DiagnosticsEngine &D = const_cast<CompilerInstance &>(CI).getDiagnostics();
    if (Opts.Errors.empty()) {
      std::string Error;
      T = chooseTarget(CI, Opts, Error);
      if (!Error.empty())
        Opts.Errors.push_back(Error);
    }
    for (const std::string &E : Opts.Errors)
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "kperf: %0")) << E;
    return Opts.Errors.empty();
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<KperfConsumer>(CI, Opts, T);
  }

private:
  Options Opts;
  Target T;
  bool Reporting = false;

  bool isReportingPass(const CompilerInstance &CI) const {
    const LangOptions &LO = CI.getLangOpts();
    if (!LO.CUDA)
      return false;
    if (!LO.CUDAIsDevice)
      return !Opts.DevicePass;
    if (!Opts.DevicePass)
      return false;
    const std::string &Arch = CI.getTargetOpts().CPU;
    if (!Opts.DeviceArch.empty())
      return Arch == Opts.DeviceArch;
    // pass=device without an arch: the pass of the first --cuda-gpu-arch.
    std::vector<std::string> Archs = driverGpuArchs();
    return Archs.empty() || Archs.front() == Arch;
  }
};

} // namespace

} // namespace kperf

static clang::FrontendPluginRegistry::Add<kperf::KperfAction>
    KperfPlugin("kperf", "performance warnings for CUDA kernels");
