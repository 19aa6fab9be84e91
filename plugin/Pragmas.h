// `#pragma kperf`: what the source tells kperf that it cannot derive itself.
//
//   #pragma kperf trip(N)                  the trip count of the loop that follows
//   #pragma kperf likely(P)                the percentage of threads that take the
//                                          then side of the if that follows
//   #pragma kperf assume(NAME = VALUE, ...) the value of a kernel parameter or variable
//   #pragma kperf block(X[, Y[, Z]])       the block shape (blockDim) of the kernels
//                                          defined after it in the same file
//   #pragma kperf gpu(NAME)                the GPU to analyse this file for (the
//                                          plugin's gpu= argument wins over it)
//
// N, VALUE, X, Y and Z are integer constant expressions of literals (decimal, 0x hex,
// 0b binary, 0 octal, digit separators and integer suffixes allowed) with
// + - * / % << >> and parentheses, e.g. trip(1<<10); an identifier in them must
// name an object-like macro, whose replacement is used as written.
//
// A pragma handler (Pragmas.cpp) parses every `#pragma kperf` clang lexes, in
// every compiler pass, and records the well-formed ones in a per-process store;
// the functions below read it.  A malformed pragma gets one warning (in the
// -Wignored-pragmas group) from the pass that reports, and is otherwise
// ignored.  See docs/pragmas.md.
#ifndef KPERF_PLUGIN_PRAGMAS_H
#define KPERF_PLUGIN_PRAGMAS_H

#include "clang/Basic/SourceLocation.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
class SourceManager;
} // namespace clang

namespace kperf {

// One well-formed `#pragma kperf trip(N)`.
struct TripPragma {
  clang::SourceLocation Loc; // the pragma's `#` (or its `_Pragma`), as clang gave it
  unsigned Line;             // the presumed line of Loc's expansion (honours #line)
  std::string File;          // the presumed file name of Loc's expansion
  int64_t Value;             // N, >= 0
};

// The trip count a `#pragma kperf trip(N)` gives the loop (for, while or do
// statement) that begins at LoopBegin (the statement's getBeginLoc(): its
// `for`, `while` or `do` keyword), or nullopt when none applies.
//
// Placement rule: a trip pragma applies to the statement that begins at the
// first token after it in the same file, skipping whitespace, comments, other
// preprocessor directive lines (e.g. `#pragma unroll`), labels (`L:`) and
// [[attributes]].  The comparison is on the expansion location, so a loop
// that comes out of a macro written right after the pragma matches too.
// When several trip pragmas precede the same loop, the last one applies.
// For `_Pragma("kperf trip(N)")` in a macro, the pragma also applies to a loop
// expanded from that same macro invocation.
//
// Each pragma is used by at most one loop: the first LoopBegin that asks for
// it claims it; asking again with the same LoopBegin (e.g. for another
// template instance of the same loop) gives the same answer, a different
// LoopBegin at the same expansion location (a second loop from one macro)
// gets nullopt.  Only pragmas lexed with this SourceManager are considered.
std::optional<int64_t> tripPragmaFor(const clang::SourceManager &SM,
                                     clang::SourceLocation LoopBegin);

// The percentage a `#pragma kperf likely(P)` gives the if statement that
// begins at IfBegin (its `if` keyword): the share of the threads that take
// its then side; nullopt when none applies.  The pragma stands right before
// the if, as a trip pragma before its loop (the same placement rule).
std::optional<int64_t> likelyPragmaFor(const clang::SourceManager &SM,
                                       clang::SourceLocation IfBegin);

// The well-formed `#pragma kperf assume(NAME = VALUE, ...)` pairs of the
// translation unit of SM, in source (lexing) order; a NAME assumed more than
// once appears more than once, and the last one should win.
std::vector<std::pair<std::string, int64_t>> assumePragmas(const clang::SourceManager &SM);

// The block shape of the last well-formed `#pragma kperf block` that precedes
// KernelLoc (a kernel's definition location) in the same file, in source
// order; nullopt when none does.
//
// A block pragma gives {X, Y, Z} (Y and Z default to 1; each >= 1 and
// X*Y*Z <= 1024) to every kernel defined after it in the same file, until the
// next block pragma.  The comparison is on expansion locations
// (SourceManager::isBeforeInTranslationUnit) and both must lie in the same
// FileID: a block pragma never reaches into, or out of, an #include'd file.
// Only pragmas lexed with this SourceManager are considered.
std::optional<std::array<int64_t, 3>> blockPragmaFor(const clang::SourceManager &SM,
                                                     clang::SourceLocation KernelLoc);

// One well-formed `#pragma kperf gpu(NAME)` of the main file.
struct GpuPragma {
  clang::SourceLocation Loc; // the NAME token
  std::string Name;          // as written ("h100", "a100-80gb"); not checked against the database
};

// The last well-formed `#pragma kperf gpu(NAME)` of the main file (one in an
// included file is ignored with a warning), or nullopt.  Only pragmas lexed
// with this SourceManager are considered.
std::optional<GpuPragma> gpuPragmaFor(const clang::SourceManager &SM);

// For clangd, which lexes the lines before a file's first declaration (its
// preamble) once, in a compile of their own with another SourceManager: the
// last `#pragma kperf gpu(NAME)` recorded for the same main file whose text is
// still there in SM's main file (the name at the same offset, on a line that
// is a kperf gpu pragma); nullopt when none.  Used when gpuPragmaFor finds none.
std::optional<GpuPragma> gpuPragmaInPreamble(const clang::SourceManager &SM);

// Every well-formed trip pragma of the translation unit, in source order
// (for listings and tests; tripPragmaFor is the lookup).
std::vector<TripPragma> tripPragmas(const clang::SourceManager &SM);

// Forgets the pragmas recorded with SM (a translation unit that starts may
// reuse the SourceManager address of one that ended).  beginPragmas calls it
// at the start of each translation unit; other code need not.  Units with
// other SourceManagers (compiled on other threads) keep theirs.
void resetPragmas(const clang::SourceManager &SM);

// Called by the plugin action when a translation unit starts (from its
// ParseArgs, before clang lexes the file): forgets the previous unit's
// pragmas; Reporting says whether this pass is the one that reports (and so
// warns about malformed pragmas).
void beginPragmas(const clang::CompilerInstance &CI, bool Reporting);

// An AST consumer that reports every pragma and the loop or kernel it applies
// to as a remark (-fplugin-arg-kperf-pragmas=dump; for tests).
std::unique_ptr<clang::ASTConsumer> pragmaDumpConsumer();

} // namespace kperf

#endif
