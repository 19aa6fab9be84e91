// What Pragmas.cpp (the handler, which fills it) and PragmaLookup.cpp (the
// lookups of Pragmas.h, which read it) share: the per-process store of the
// well-formed `#pragma kperf` records, keyed by their unit's SourceManager.
// Front end only (clang's Lex and Basic).
#ifndef KPERF_PLUGIN_PRAGMASTORE_H
#define KPERF_PLUGIN_PRAGMASTORE_H

#include "Pragmas.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace kperf {
namespace pragmas {

using clang::Preprocessor;
using clang::SourceLocation;
using clang::SourceManager;

struct TripRecord {
  TripPragma P;
  const SourceManager *SM = nullptr;
  // File locations a loop's expansion location must equal for the pragma to
  // apply: the first token after the pragma, and for a _Pragma written in a
  // macro, the start of that macro's outermost invocation.  Invalid: none.
  SourceLocation Target, MacroTarget;
  bool Superseded = false;    // a later trip pragma has the same target
  SourceLocation ClaimedBy;   // the LoopBegin that took it; invalid: unclaimed
  bool Likely = false;        // a likely(P) pragma (before an if), not a trip pragma
};

struct AssumeRecord {
  std::string Name;
  int64_t Value;
  SourceLocation Loc; // the NAME token
  const SourceManager *SM = nullptr;
};

struct BlockRecord {
  const SourceManager *SM = nullptr;
  SourceLocation Loc; // the pragma's `#` (or its `_Pragma`), as clang gave it
  SourceLocation At;  // Loc's expansion location: what kernels compare with
  std::array<int64_t, 3> Dims;
};

struct GpuRecord {
  const SourceManager *SM = nullptr;
  GpuPragma P;
  // The main file's name and the NAME token's offset in it (when written
  // there, not in a macro): clangd lexes a file's preamble in a compile of
  // its own, and gpuPragmaInPreamble finds the record through these.
  std::string File;
  unsigned Offset = 0;
  bool HasOffset = false;
};

struct Store {
  std::mutex Mu;
  std::vector<GpuRecord> Gpus; // well-formed ones of the main file, in lexing order
  std::vector<TripRecord> Trips;
  std::vector<AssumeRecord> Assumes;
  std::vector<BlockRecord> Blocks; // in lexing order
  // Whether the pass of a preprocessor reports (set by the plugin action; a
  // preprocessor not listed falls back to "the host pass reports").  One entry
  // per translation unit in progress, so that units compiled on several
  // threads (kperf-clangd) keep apart; every record is keyed by its unit's
  // SourceManager.
  struct Pass {
    const Preprocessor *PP;
    const SourceManager *SM;
    bool Report;
  };
  std::vector<Pass> Passes;
};
// The one store of the process (its records are guarded by Mu).
Store &store();

} // namespace pragmas
} // namespace kperf

#endif
