// Findings (include/kperf/finding.h) as clang diagnostics (Emit.h): severity,
// location, fix-its.  Front end only: what is found is decided in analyses/.
#include "Emit.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "kperf/control.h"

#include <string>

using namespace clang;

namespace kperf {

namespace {

DiagnosticsEngine::Level levelOf(kp_severity S) {
  switch (S) {
  case KP_REMARK:
    return DiagnosticsEngine::Remark;
  case KP_WARNING:
    return DiagnosticsEngine::Warning;
  case KP_ERROR:
    return DiagnosticsEngine::Error;
  }
  return DiagnosticsEngine::Warning;
}

} // namespace

// -Wno-everything (not undone by a later -Weverything): clang maps each of
// its own warnings to ignored then, before the plugin is loaded, which
// diagnostic IDs created later (kperf's custom ones) do not inherit.
static bool noWarningsAtAll(CompilerInstance &CI) {
  bool Off = false;
  for (const std::string &W : CI.getDiagnosticOpts().Warnings) {
    if (W == "no-everything")
      Off = true;
    else if (W == "everything")
      Off = false;
  }
  return Off;
}

unsigned warningLevel(CompilerInstance &CI) {
  DiagnosticsEngine &D = CI.getDiagnostics();
  if (D.getIgnoreAllWarnings() || noWarningsAtAll(CI))
    return DiagnosticsEngine::Ignored;
  if (D.getWarningsAsErrors())
    return DiagnosticsEngine::Error;
  return DiagnosticsEngine::Warning;
}

size_t dropSystemHeaderFindings(CompilerInstance &CI, Locations &Locs, kp_findings *F) {
  if (!CI.getDiagnostics().getSuppressSystemWarnings())
    return 0;
  return kp_findings_drop_if(
      F,
      [](const kp_finding *X, void *User) -> int {
        Locations &L = *static_cast<Locations *>(User);
        SourceLocation Loc = L.at(X->loc);
        return Loc.isValid() && L.sourceManager().isInSystemHeader(Loc);
      },
      &Locs);
}

FileID Locations::fileId(const char *Path) {
  if (!Path)
    return FileID();
  auto It = Ids.find(Path);
  if (It != Ids.end())
    return It->second;
  FileID FID;
  if (auto FE = SM.getFileManager().getOptionalFileRef(Path))
    FID = SM.translateFile(*FE);
  Ids[Path] = FID;
  return FID;
}

SourceLocation Locations::at(const kp_loc &L) {
  if (!L.file || L.line == 0)
    return SourceLocation();
  FileID FID = fileId(L.file);
  if (FID.isInvalid())
    return SourceLocation();
  return SM.translateLineCol(FID, L.line, L.col ? L.col : 1);
}

void emitFindings(CompilerInstance &CI, Locations &Locs, const kp_findings *F) {
  DiagnosticsEngine &D = CI.getDiagnostics();
  auto WarningAs = static_cast<DiagnosticsEngine::Level>(warningLevel(CI));
  for (size_t I = 0; I < F->n; ++I) {
    const kp_finding &X = F->items[I];
    DiagnosticsEngine::Level Level = levelOf(X.severity);
    if (Level == DiagnosticsEngine::Warning)
      Level = WarningAs;
    if (Level == DiagnosticsEngine::Ignored)
      continue;
    SourceLocation Loc = Locs.at(X.loc);
    std::string Msg = X.message;
    if (X.check && *X.check)
      Msg += std::string(" [") + X.check + "]";
    unsigned ID = D.getCustomDiagID(Level, "%0");
    {
      DiagnosticBuilder B = D.Report(Loc, ID);
      B << Msg;
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
    unsigned NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    for (size_t J = 0; J < X.nnotes; ++J) {
      SourceLocation NL = X.notes[J].loc.line ? Locs.at(X.notes[J].loc) : Loc;
      D.Report(NL, NoteID) << X.notes[J].message;
    }
  }
}

} // namespace kperf
