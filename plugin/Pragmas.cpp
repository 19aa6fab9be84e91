// `#pragma kperf trip(N)`, `#pragma kperf assume(NAME = VALUE, ...)`,
// `#pragma kperf block(X[, Y[, Z]])` and `#pragma kperf gpu(NAME)`: the pragma handler, which fills
// the per-process store (PragmaStore.h: records of each translation unit keyed
// by its SourceManager) that the lookups of Pragmas.h (PragmaLookup.cpp) read.
//
// The handler must leave the compile exactly as it would be without it: it
// reads the pragma's tokens unexpanded up to the end of the directive (no macro
// is expanded, so no macro expansion error, __COUNTER__ step or "macro used"
// mark can come from it), puts no token back, and reports only warnings.  An
// identifier in a number is replaced by its object-like macro's tokens here,
// by hand, from the macro table.  Where a trip pragma points is found by
// raw-lexing the file's text after it.  Under clang -E the pragma is handed,
// unread, to the printer (passThrough), so that the output keeps it.
//
// Warnings come from one compiler pass only, the one kperf reports from (the
// host pass, or with -fplugin-arg-kperf-pass=device[:sm_XX] one device pass),
// and only in CUDA compiles, as for every other kperf diagnostic.
// beginPragmas, called by the plugin action at the start of each translation
// unit, tells which pass this is; where no AST action runs (e.g. -dM) the host
// pass warns.
//
// This file: the handler, its parser of integer constant expressions and where
// a pragma points; the records go to the store (PragmaStore.h), which the
// lookups of PragmaLookup.cpp read.  Front end only: clang's Lex and Basic.
#include "Pragmas.h"

#include "Options.h"

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

#include "PragmaStore.h"

using namespace clang;

namespace kperf {

namespace {

using namespace pragmas;

// ---------------------------------------------------------------------------
// Which pass warns.

bool warnsHere(const Preprocessor &PP) {
  Store &S = store();
  std::lock_guard<std::mutex> Lock(S.Mu);
  for (const Store::Pass &P : S.Passes)
    if (P.PP == &PP)
      return P.Report;
  return PP.getLangOpts().CUDA && !PP.getLangOpts().CUDAIsDevice;
}

void warn(Preprocessor &PP, SourceLocation Loc, const std::string &Message) {
  if (!warnsHere(PP))
    return;
  DiagnosticsEngine &D = PP.getDiagnostics();
  // A warning in -Wignored-pragmas (and so -Wpragmas): -Wno-ignored-pragmas
  // silences it, as it does clang's own warnings about malformed pragmas.
  unsigned ID = D.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::CustomDiagDesc(
      diag::Severity::Warning, "kperf: %0", DiagnosticIDs::CLASS_WARNING,
      /*ShowInSystemHeader=*/false, /*ShowInSystemMacro=*/false,
      diag::Group::IgnoredPragmas));
  D.Report(Loc, ID) << Message;
}

// ---------------------------------------------------------------------------
// Integer constant expressions.

// A C integer literal: decimal, 0x hex, 0b binary, 0 octal, ' separators,
// u/l/z suffixes.  nullopt for anything else (floats included) or > INT64_MAX.
std::optional<int64_t> parseLiteral(StringRef Spelling) {
  std::string S;
  for (char C : Spelling)
    if (C != '\'')
      S += C;
  while (!S.empty() && StringRef("uUlLzZ").contains(S.back()))
    S.pop_back();
  StringRef R(S);
  if (R.empty() || R.contains('.'))
    return std::nullopt;
  uint64_t V;
  if (R.getAsInteger(0, V) || V > uint64_t(INT64_MAX))
    return std::nullopt;
  return int64_t(V);
}

// The tokens of one pragma, unexpanded, up to and including its eod, and a
// recursive-descent evaluator over them.
class PragmaParser {
public:
  PragmaParser(Preprocessor &PP, Token First) : PP(PP) {
    Token T = First;
    for (;;) {
      PP.LexUnexpandedToken(T);
      Toks.push_back(T);
      Origin.push_back(T.getLocation());
      if (T.isOneOf(tok::eod, tok::eof))
        break;
    }
  }

  const Token &tok() const { return Toks[I]; }
  SourceLocation loc() const { return Origin[I]; }
  bool is(tok::TokenKind K) const { return tok().is(K); }
  bool atEnd() const { return tok().isOneOf(tok::eod, tok::eof); }
  void next() {
    if (!atEnd())
      ++I;
  }

  // "'x'" for the current token, "" at the end of the line.
  std::string quoted() const {
    if (atEnd())
      return "";
    std::string S = PP.getSpelling(tok());
    if (S.size() > 32)
      S = S.substr(0, 29) + "...";
    return "'" + S + "'";
  }
  // ", not 'x'" for the current token ("" at the end of the line).
  std::string notHere() const {
    std::string Q = quoted();
    return Q.empty() ? "" : ", not " + Q;
  }
  std::string identifier() const {
    const IdentifierInfo *II = tok().getIdentifierInfo();
    return II ? II->getName().str() : std::string();
  }

  // Evaluates an integer constant expression starting at the current token;
  // on failure sets Error (and ErrorLoc) and returns nullopt.
  std::optional<int64_t> expression() { return shift(0); }

  std::string Error;
  SourceLocation ErrorLoc;

  bool fail(const std::string &Message) { return failAt(loc(), Message); }
  bool failAt(SourceLocation At, const std::string &Message) {
    if (Error.empty()) {
      Error = Message;
      ErrorLoc = At;
    }
    return false;
  }

private:
  Preprocessor &PP;
  std::vector<Token> Toks;
  std::vector<SourceLocation> Origin; // where each token stands in the pragma
  size_t I = 0;
  unsigned Splices = 0;

  std::optional<int64_t> failed(const std::string &Message) {
    fail(Message);
    return std::nullopt;
  }

  // Replaces an identifier naming an object-like macro by the macro's tokens.
  bool spliceMacro() {
    const IdentifierInfo *II = tok().getIdentifierInfo();
    if (!II || !II->hasMacroDefinition())
      return false;
    const MacroInfo *MI = PP.getMacroInfo(II);
    if (!MI || MI->isFunctionLike() || MI->isBuiltinMacro() || MI->getNumTokens() == 0)
      return false;
    if (++Splices > 256)
      return false; // e.g. #define N N
    SourceLocation At = Origin[I];
    Toks.erase(Toks.begin() + I);
    Origin.erase(Origin.begin() + I);
    Toks.insert(Toks.begin() + I, MI->tokens_begin(), MI->tokens_end());
    Origin.insert(Origin.begin() + I, MI->getNumTokens(), At);
    return true;
  }

  std::optional<int64_t> shift(unsigned Depth) {
    std::optional<int64_t> L = additive(Depth);
    while (L && (is(tok::lessless) || is(tok::greatergreater))) {
      bool Left = is(tok::lessless);
      next();
      std::optional<int64_t> R = additive(Depth);
      if (!R)
        return std::nullopt;
      if (*R < 0 || *R > 62)
        return failed("shift count " + std::to_string(*R) + " is out of range");
      if (!Left) {
        L = *L >> *R;
        continue;
      }
      int64_t V;
      if (*L < 0 || __builtin_mul_overflow(*L, int64_t(1) << *R, &V))
        return failed("the value does not fit in a 64-bit signed integer");
      L = V;
    }
    return L;
  }

  std::optional<int64_t> additive(unsigned Depth) {
    std::optional<int64_t> L = multiplicative(Depth);
    while (L && (is(tok::plus) || is(tok::minus))) {
      bool Plus = is(tok::plus);
      next();
      std::optional<int64_t> R = multiplicative(Depth);
      if (!R)
        return std::nullopt;
      int64_t V;
      if (Plus ? __builtin_add_overflow(*L, *R, &V) : __builtin_sub_overflow(*L, *R, &V))
        return failed("the value does not fit in a 64-bit signed integer");
      L = V;
    }
    return L;
  }

  std::optional<int64_t> multiplicative(unsigned Depth) {
    std::optional<int64_t> L = unary(Depth);
    while (L && (is(tok::star) || is(tok::slash) || is(tok::percent))) {
      tok::TokenKind Op = tok().getKind();
      next();
      std::optional<int64_t> R = unary(Depth);
      if (!R)
        return std::nullopt;
      int64_t V;
      if (Op == tok::star) {
        if (__builtin_mul_overflow(*L, *R, &V))
          return failed("the value does not fit in a 64-bit signed integer");
      } else {
        if (*R == 0)
          return failed("division by zero");
        if (*L == INT64_MIN && *R == -1)
          return failed("the value does not fit in a 64-bit signed integer");
        V = Op == tok::slash ? *L / *R : *L % *R;
      }
      L = V;
    }
    return L;
  }

  std::optional<int64_t> unary(unsigned Depth) {
    if (Depth > 200)
      return failed("the expression is nested too deeply");
    while (is(tok::identifier) && spliceMacro()) {
    }
    if (is(tok::minus) || is(tok::plus)) {
      bool Minus = is(tok::minus);
      next();
      std::optional<int64_t> V = unary(Depth + 1);
      if (!V)
        return std::nullopt;
      if (Minus && *V == INT64_MIN)
        return failed("the value does not fit in a 64-bit signed integer");
      return Minus ? -*V : *V;
    }
    return primary(Depth);
  }

  std::optional<int64_t> primary(unsigned Depth) {
    if (is(tok::l_paren)) {
      next();
      std::optional<int64_t> V = shift(Depth + 1);
      if (!V)
        return std::nullopt;
      while (is(tok::identifier) && spliceMacro()) {
      }
      if (!is(tok::r_paren))
        return failed("expected ')' to close '('" + notHere());
      next();
      return V;
    }
    if (is(tok::numeric_constant)) {
      SmallString<32> Buf;
      bool Invalid = false;
      StringRef Spelling = PP.getSpelling(tok(), Buf, &Invalid);
      std::optional<int64_t> V = Invalid ? std::nullopt : parseLiteral(Spelling);
      if (!V)
        return failed("expected an integer constant" + notHere());
      next();
      return V;
    }
    return failed("expected an integer constant" + notHere());
  }
};

// ---------------------------------------------------------------------------
// Where a trip pragma points.

struct Placement {
  SourceLocation Target;  // the first token after the pragma (a file location)
  bool Misplaced = false; // that token cannot begin a loop (or there is none)
};

enum class ScanFrom {
  Directive,      // From is the `#` of the pragma: skip that directive line
  PragmaOperator, // From is `_Pragma`: skip `_Pragma ( "..." )`
  Here,           // From is right after the pragma (after a macro invocation)
};

// The first token after the pragma at From (a file location), skipping
// comments, preprocessor directive lines, labels, `case X:` and [[attributes]];
// raw-lexed from the file's text, so the compile's token stream is untouched.
Placement placement(Preprocessor &PP, SourceLocation From, ScanFrom How, bool If = false) {
  Placement Out;
  const SourceManager &SM = PP.getSourceManager();
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(From);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(D.first, &Invalid);
  if (Invalid || D.second > Buf.size())
    return Out;
  Lexer L(SM.getLocForStartOfFile(D.first), PP.getLangOpts(), Buf.begin(),
          Buf.begin() + D.second, Buf.end());
  Token T;
  // The next token that is not part of a directive line.  (The lexer takes its
  // first token to be at the start of a line: right for a `#` at From.)
  auto Next = [&]() {
    L.LexFromRawLexer(T);
    while (T.is(tok::hash) && T.isAtStartOfLine()) {
      do
        L.LexFromRawLexer(T);
      while (T.isNot(tok::eof) && !T.isAtStartOfLine());
    }
  };
  if (How == ScanFrom::PragmaOperator) {
    L.LexFromRawLexer(T); // _Pragma
    for (unsigned N = 0; N < 8 && T.isNot(tok::eof) && T.isNot(tok::r_paren); ++N)
      L.LexFromRawLexer(T);
    if (T.isNot(tok::r_paren))
      return Out;
  }
  Next(); // for ScanFrom::Directive: skips the pragma's own line
  for (unsigned Guard = 0; Guard < 64 && T.isNot(tok::eof); ++Guard) {
    StringRef Id = T.is(tok::raw_identifier) ? T.getRawIdentifier() : StringRef();
    if (If ? Id == "if" : (Id == "for" || Id == "while" || Id == "do")) {
      Out.Target = T.getLocation();
      return Out;
    }
    if (Id == "case") { // case X: -- on to the ':'
      do
        Next();
      while (T.isNot(tok::eof) && T.isNot(tok::colon));
      Next();
      continue;
    }
    if (!Id.empty()) {
      SourceLocation At = T.getLocation();
      const IdentifierTable &Ids = PP.getIdentifierTable();
      auto It = Ids.find(Id); // find, not get: adds no identifier
      bool IsMacro = It != Ids.end() && It->getValue() && It->getValue()->hasMacroDefinition();
      Next();
      if (T.is(tok::colon)) { // a label (`default:` too)
        Next();
        continue;
      }
      Out.Target = At; // a loop may come out of this macro
      Out.Misplaced = !IsMacro;
      return Out;
    }
    if (T.is(tok::l_square)) { // [[attribute]]
      SourceLocation At = T.getLocation();
      Next();
      if (T.isNot(tok::l_square)) {
        Out.Target = At;
        Out.Misplaced = true;
        return Out;
      }
      for (int Depth = 2; Depth > 0 && T.isNot(tok::eof);) {
        Next();
        if (T.is(tok::l_square))
          ++Depth;
        else if (T.is(tok::r_square))
          --Depth;
      }
      Next();
      continue;
    }
    Out.Target = T.getLocation();
    Out.Misplaced = true;
    return Out;
  }
  Out.Target = SourceLocation();
  Out.Misplaced = true; // nothing (or too much) follows
  return Out;
}

// ---------------------------------------------------------------------------
// The handler.

const char TripExample[] = ", e.g. trip(256)";
const char AssumeExample[] = ", e.g. assume(n = 1024)";
const char BlockExample[] = ", e.g. block(32, 8)";
const char GpuExample[] = ", e.g. gpu(h100)";
const char LikelyExample[] = ", e.g. likely(10)";
const char Usage[] =
    "expected trip(N), likely(P), assume(NAME = VALUE), block(X, Y, Z) or gpu(NAME)";

class KperfPragmaHandler : public PragmaHandler {
public:
  KperfPragmaHandler() : PragmaHandler("kperf") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &First) override {
    if (PP.isPreprocessedOutput())
      return passThrough(PP, First);
    PragmaParser P(PP, First); // reads every token of the directive, whatever follows
    if (P.atEnd()) {
      warn(PP, First.getLocation(), std::string("empty '#pragma kperf': ") + Usage);
      return;
    }
    std::string Directive = P.identifier();
    if (Directive == "trip")
      trip(PP, Introducer, P);
    else if (Directive == "likely")
      likely(PP, Introducer, P);
    else if (Directive == "assume")
      assume(PP, P);
    else if (Directive == "block")
      block(PP, Introducer, P);
    else if (Directive == "gpu")
      gpu(PP, Introducer, P);
    else
      warn(PP, P.loc(), "unknown '#pragma kperf " + PP.getSpelling(P.tok()) + "': " + Usage);
  }

private:
  // clang -E: print the pragma as clang would without kperf.  The printer's
  // handler for unknown pragmas would have printed it, so kperf steps aside for
  // the rest of the file (nothing is analysed in -E) and hands this pragma on
  // to that handler as the equivalent _Pragma("kperf ...").  Only here does
  // kperf put tokens back, and they only print the same line.
  void passThrough(Preprocessor &PP, Token First) {
    std::string Text = "kperf";
    for (Token T = First;;) {
      PP.LexUnexpandedToken(T);
      if (T.isOneOf(tok::eod, tok::eof))
        break;
      if (T.hasLeadingSpace())
        Text += ' ';
      Text += PP.getSpelling(T);
    }
    std::string Str = "\"";
    for (char C : Text) {
      if (C == '"' || C == '\\')
        Str += '\\';
      Str += C;
    }
    Str += '"';
    SourceLocation Loc = First.getLocation();
    auto Toks = std::make_unique<Token[]>(4);
    for (unsigned I = 0; I < 4; ++I) {
      Toks[I].startToken();
      Toks[I].setLocation(Loc);
    }
    Toks[0].setKind(tok::identifier);
    Toks[0].setIdentifierInfo(PP.getIdentifierInfo("_Pragma"));
    Toks[0].setLength(7);
    Toks[1].setKind(tok::l_paren);
    Toks[1].setLength(1);
    Toks[2].setKind(tok::string_literal);
    PP.CreateString(Str, Toks[2]);
    Toks[3].setKind(tok::r_paren);
    Toks[3].setLength(1);
    PP.RemovePragmaHandler(this); // releases, does not delete: `this` lives on
    PP.EnterTokenStream(std::move(Toks), 4, /*DisableMacroExpansion=*/false,
                        /*IsReinject=*/false);
  }

  static void malformed(Preprocessor &PP, PragmaParser &P, const char *Directive,
                        const char *Example) {
    warn(PP, P.ErrorLoc,
         std::string("malformed '#pragma kperf ") + Directive + "': " + P.Error + Example);
  }

  static void trip(Preprocessor &PP, PragmaIntroducer Introducer, PragmaParser &P) {
    P.next();
    std::optional<int64_t> V;
    if (!P.is(tok::l_paren)) {
      P.fail("expected '(' after 'trip'" + P.notHere());
    } else {
      P.next();
      SourceLocation Start = P.loc();
      V = P.expression();
      if (V && !P.is(tok::r_paren)) {
        P.fail("expected ')' after the trip count" + P.notHere());
      } else if (V && *V < 0) {
        P.failAt(Start, "the trip count must not be negative, not " + std::to_string(*V));
      } else if (V) {
        P.next();
        if (!P.atEnd())
          P.fail("unexpected " + P.quoted() + " after trip(...)");
      }
    }
    if (!P.Error.empty())
      return malformed(PP, P, "trip", TripExample);
    record(PP, Introducer, *V);
  }

  // likely(P): P percent of the threads take the then side of the if that
  // follows (0 to 100).
  static void likely(Preprocessor &PP, PragmaIntroducer Introducer, PragmaParser &P) {
    P.next();
    std::optional<int64_t> V;
    if (!P.is(tok::l_paren)) {
      P.fail("expected '(' after 'likely'" + P.notHere());
    } else {
      P.next();
      SourceLocation Start = P.loc();
      V = P.expression();
      if (V && !P.is(tok::r_paren)) {
        P.fail("expected ')' after the percentage" + P.notHere());
      } else if (V && (*V < 0 || *V > 100)) {
        P.failAt(Start, "the percentage must be from 0 to 100, not " + std::to_string(*V));
      } else if (V) {
        P.next();
        if (!P.atEnd())
          P.fail("unexpected " + P.quoted() + " after likely(...)");
      }
    }
    if (!P.Error.empty())
      return malformed(PP, P, "likely", LikelyExample);
    record(PP, Introducer, *V, /*Likely=*/true);
  }

  static void assume(Preprocessor &PP, PragmaParser &P) {
    std::vector<AssumeRecord> Pairs;
    P.next();
    if (!P.is(tok::l_paren)) {
      P.fail("expected '(' after 'assume'" + P.notHere());
    } else {
      P.next();
      for (;;) {
        if (!P.is(tok::identifier)) {
          P.fail("expected a variable name" + P.notHere());
          break;
        }
        std::string Name = P.identifier();
        SourceLocation NameLoc = P.loc();
        P.next();
        // A member, as kperf names it (`grid.x`, `plan->gridSize`).
        while (P.is(tok::period) || P.is(tok::arrow)) {
          std::string Sep = P.is(tok::period) ? "." : "->";
          P.next();
          if (!P.is(tok::identifier)) {
            P.fail("expected a member name after '" + Name + Sep + "'" + P.notHere());
            break;
          }
          Name += Sep + P.identifier();
          P.next();
        }
        if (!P.Error.empty())
          break;
        if (!P.is(tok::equal)) {
          P.fail("expected '=' after '" + Name + "'" + P.notHere());
          break;
        }
        P.next();
        std::optional<int64_t> V = P.expression();
        if (!V)
          break;
        Pairs.push_back({Name, *V, NameLoc, &PP.getSourceManager()});
        if (P.is(tok::comma)) {
          P.next();
          continue;
        }
        if (!P.is(tok::r_paren)) {
          P.fail("expected ',' or ')' after the value of '" + Name + "'" + P.notHere());
          break;
        }
        P.next();
        if (!P.atEnd())
          P.fail("unexpected " + P.quoted() + " after assume(...)");
        break;
      }
    }
    if (!P.Error.empty())
      return malformed(PP, P, "assume", AssumeExample);
    Store &S = store();
    std::lock_guard<std::mutex> Lock(S.Mu);
    S.Assumes.insert(S.Assumes.end(), Pairs.begin(), Pairs.end());
  }

  // block(X[, Y[, Z]]): Y and Z default to 1; each dimension >= 1 and
  // X*Y*Z <= 1024 (CUDA's limit on threads per block).
  static void block(Preprocessor &PP, PragmaIntroducer Introducer, PragmaParser &P) {
    static const char *const Names[] = {"X", "Y", "Z"};
    std::array<int64_t, 3> Dims = {1, 1, 1};
    P.next();
    if (!P.is(tok::l_paren)) {
      P.fail("expected '(' after 'block'" + P.notHere());
    } else {
      P.next();
      SourceLocation First = P.loc();
      for (unsigned K = 0;; ++K) {
        SourceLocation Start = P.loc();
        std::optional<int64_t> V = P.expression();
        if (!V)
          break;
        if (*V < 1) {
          P.failAt(Start, std::string("the block dimension ") + Names[K] +
                              " must be at least 1, not " + std::to_string(*V));
          break;
        }
        Dims[K] = *V;
        if (P.is(tok::comma)) {
          if (K == 2) {
            P.fail("too many block dimensions: at most three, X, Y and Z");
            break;
          }
          P.next();
          continue;
        }
        if (!P.is(tok::r_paren)) {
          P.fail(std::string(K == 2 ? "expected ')'" : "expected ',' or ')'") +
                 " after the block dimension " + Names[K] + P.notHere());
          break;
        }
        P.next();
        if (!P.atEnd()) {
          P.fail("unexpected " + P.quoted() + " after block(...)");
          break;
        }
        int64_t Size;
        bool Overflow = __builtin_mul_overflow(Dims[0], Dims[1], &Size) ||
                        __builtin_mul_overflow(Size, Dims[2], &Size);
        if (Overflow || Size > 1024)
          P.failAt(First, "block size " +
                              (Overflow ? std::to_string(Dims[0]) + " x " +
                                              std::to_string(Dims[1]) + " x " +
                                              std::to_string(Dims[2])
                                        : std::to_string(Size)) +
                              " exceeds 1024 threads");
        break;
      }
    }
    if (!P.Error.empty())
      return malformed(PP, P, "block", BlockExample);
    const SourceManager &SM = PP.getSourceManager();
    BlockRecord R;
    R.SM = &SM;
    R.Loc = Introducer.Loc;
    R.At = SM.getExpansionLoc(Introducer.Loc);
    R.Dims = Dims;
    Store &S = store();
    std::lock_guard<std::mutex> Lock(S.Mu);
    S.Blocks.push_back(R);
  }

  // gpu(NAME): NAME is a GPU id as 'kperf gpus' lists them, written as
  // tokens without spaces between them (h100, a100-80gb, 8600gt) or as a
  // string literal ("a100-80gb").  Only the main file's count; the last wins.
  static void gpu(Preprocessor &PP, PragmaIntroducer Introducer, PragmaParser &P) {
    std::string Name;
    SourceLocation NameLoc;
    P.next();
    if (!P.is(tok::l_paren)) {
      P.fail("expected '(' after 'gpu'" + P.notHere());
    } else {
      P.next();
      NameLoc = P.loc();
      if (P.is(tok::string_literal)) {
        std::string S = PP.getSpelling(P.tok());
        if (S.size() >= 2 && S.front() == '"' && S.back() == '"' &&
            S.find('\\') == std::string::npos)
          Name = S.substr(1, S.size() - 2);
        if (Name.empty())
          P.fail("expected a GPU name" + P.notHere());
        else
          P.next();
      } else {
        while (!P.atEnd() && (Name.empty() || !P.tok().hasLeadingSpace()) &&
               (P.is(tok::identifier) || P.is(tok::numeric_constant) || P.is(tok::minus) ||
                P.is(tok::period) || P.tok().getIdentifierInfo())) {
          Name += PP.getSpelling(P.tok());
          P.next();
        }
        if (Name.empty())
          P.fail("expected a GPU name" + P.notHere());
      }
      if (P.Error.empty() && !P.is(tok::r_paren)) {
        P.fail("expected ')' after the GPU name" + P.notHere());
      } else if (P.Error.empty()) {
        P.next();
        if (!P.atEnd())
          P.fail("unexpected " + P.quoted() + " after gpu(...)");
      }
    }
    if (!P.Error.empty())
      return malformed(PP, P, "gpu", GpuExample);
    const SourceManager &SM = PP.getSourceManager();
    if (!SM.isInMainFile(SM.getExpansionLoc(Introducer.Loc))) {
      warn(PP, Introducer.Loc,
           "'#pragma kperf gpu' in an included file is ignored; name the GPU in the file "
           "being compiled");
      return;
    }
    std::vector<SourceLocation> Superseded;
    {
      Store &S = store();
      std::lock_guard<std::mutex> Lock(S.Mu);
      for (const GpuRecord &O : S.Gpus)
        if (O.SM == &SM && O.P.Name != Name)
          Superseded.push_back(O.P.Loc);
      GpuRecord R;
      R.SM = &SM;
      R.P.Loc = NameLoc;
      R.P.Name = Name;
      if (NameLoc.isFileID() && SM.isInMainFile(NameLoc))
        if (OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getMainFileID())) {
          R.File = F->getName().str();
          R.Offset = SM.getFileOffset(NameLoc);
          R.HasOffset = true;
        }
      S.Gpus.push_back(R);
    }
    for (SourceLocation L : Superseded)
      warn(PP, L, "'#pragma kperf gpu' ignored: a later one names another GPU");
  }

  static void record(Preprocessor &PP, PragmaIntroducer Introducer, int64_t Value,
                     bool Likely = false) {
    const SourceManager &SM = PP.getSourceManager();
    TripRecord R;
    R.SM = &SM;
    R.Likely = Likely;
    const char *Name = Likely ? "likely" : "trip";
    R.P.Loc = Introducer.Loc;
    R.P.Value = Value;
    SourceLocation Expansion = SM.getExpansionLoc(Introducer.Loc);
    PresumedLoc PL = SM.getPresumedLoc(Expansion);
    R.P.Line = PL.isValid() ? PL.getLine() : 0;
    R.P.File = PL.isValid() ? PL.getFilename() : "";

    Placement Where;
    if (Introducer.Loc.isFileID()) {
      Where = placement(PP, Introducer.Loc,
                        Introducer.Kind == PIK_HashPragma ? ScanFrom::Directive
                                                          : ScanFrom::PragmaOperator,
                        Likely);
    } else {
      // _Pragma from a macro: the loop may follow the macro invocation, or come
      // out of the same invocation; which, cannot be told here.
      R.MacroTarget = Expansion;
      SourceLocation End = SM.getExpansionRange(Introducer.Loc).getEnd();
      SourceLocation After = Lexer::getLocForEndOfToken(End, 0, SM, PP.getLangOpts());
      if (After.isValid() && After.isFileID())
        Where = placement(PP, After, ScanFrom::Here, Likely);
      Where.Misplaced = false;
    }
    if (Where.Misplaced) {
      warn(PP, Introducer.Loc,
           Likely ? "'#pragma kperf likely' must come right before an if statement; ignored"
                  : "'#pragma kperf trip' must come right before a for, while or do loop; ignored");
      return;
    }
    R.Target = Where.Target;
    std::vector<SourceLocation> Superseded;
    {
      Store &S = store();
      std::lock_guard<std::mutex> Lock(S.Mu);
      for (TripRecord &O : S.Trips) {
        if (O.SM != &SM || O.Superseded || O.Likely != R.Likely)
          continue;
        if ((R.Target.isValid() && O.Target == R.Target) ||
            (R.MacroTarget.isValid() && O.MacroTarget == R.MacroTarget)) {
          O.Superseded = true;
          Superseded.push_back(O.P.Loc);
        }
      }
      S.Trips.push_back(std::move(R));
    }
    for (SourceLocation L : Superseded)
      warn(PP, L, std::string("'#pragma kperf ") + Name + "' ignored: a later one applies to the same " +
                      (Likely ? "if statement" : "loop"));
  }
};

} // namespace

} // namespace kperf

static clang::PragmaHandlerRegistry::Add<kperf::KperfPragmaHandler>
    KperfPragma("kperf",
                "#pragma kperf trip(N) / assume(NAME = VALUE) / block(X, Y, Z) / gpu(NAME)");
