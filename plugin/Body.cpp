// AST -> kernel body model: the entry points of Body.h, and the body builder's
// core -- the walk of one kernel, its limits, the operations it emits (with
// CSE and hoisting) and the variables it tracks.  The builder, and the files
// that hold the rest of it: body/Builder.h.
#include "Body.h"
#include "body/Builder.h"

#include "kperf/limits.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Stack.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {
namespace body {

void BodyBuilder::run(const FunctionDecl *FD) {
  Frame Top;
  Top.R = &K->body;
  Frames.push_back(Top);
  CallStack.push_back(FD);
  for (const ParmVarDecl *P : FD->parameters())
    bindParam(P);
  unsigned TooLarge = kp_sym_too_large(A);
  stmt(FD->getBody());
  emit(0, KP_I_BRANCH, 1, {}, FD->getBody()->getEndLoc()); // ret
  CallStack.pop_back();
  if (!Halted.empty()) {
    // A limit stopped the walk: the model is partial, so nothing is said
    // of this kernel (kp_kernel.not_analysed).
    K->not_analysed = str(Halted);
    return;
  }
  K->has_body = 1;
  // Words of the local arrays only constants address: registers.
  int64_t Words = 0;
  for (const VarDecl *VD : RegArrays)
    if (!MemArrayNames.count(VD->getNameAsString()))
      if (auto Sz = Ctx.getTypeSizeInCharsIfKnown(VD->getType()))
        Words += (Sz->getQuantity() + 3) / 4;
  K->register_array_words = static_cast<int>(std::min<int64_t>(Words, 1 << 20));
  if (!LoadedNames.empty()) {
    K->loaded_vars = static_cast<const char **>(
        kp_module_alloc(M, sizeof(const char *) * LoadedNames.size()));
    for (const auto &It : LoadedNames)
      if (K->loaded_vars)
        K->loaded_vars[K->nloaded_vars++] = It.second;
  }
  if (unsigned N = kp_sym_too_large(A) - TooLarge)
    kp_kernel_note(M, K, K->loc,
                   "%u formula%s larger than %d nodes left unknown (kperf's limit)", N,
                   N == 1 ? "" : "s", KP_LIMIT_FORMULA_NODES);
}

bool BodyBuilder::halt(const std::string &Why) {
  if (Halted.empty())
    Halted = Why;
  return true;
}

// Whether the walk must stop: a limit reached now or before.  Called on
// entering every recursive step.
bool BodyBuilder::overBudget() {
  if (!Halted.empty())
    return true;
  if (isStackNearlyExhausted())
    return halt("the stack is nearly exhausted");
  if (++Ticks % 256 == 0 && std::chrono::steady_clock::now() > Budget.Deadline)
    return halt("kperf's time budget for this file (" + std::to_string(Budget.TimeMs) +
                " ms) is spent");
  return false;
}

// A new node of region R; null when out of memory or over the limit.
kp_node *BodyBuilder::addNode(kp_region *R) {
  if (++Nodes > KP_LIMIT_KERNEL_NODES) {
    halt("the model has more than " + std::to_string(KP_LIMIT_KERNEL_NODES) + " operations");
    return nullptr;
  }
  return kp_region_add(M, R);
}

// The frame pure code computed from values of level Lv goes to: hoisted out
// of loops down to Lv, never out of a branch side.
int BodyBuilder::hoistDepth(int Lv) const {
  int D = depth();
  while (D > Lv && !Frames[D].IsBranch)
    --D;
  return D;
}

int BodyBuilder::emit(int D, kp_iclass Cls, unsigned N, std::initializer_list<const Val *> Deps,
                      SourceLocation L, int Access) {
  kp_node *Nd = addNode(Frames[D].R);
  if (!Nd)
    return -1;
  Nd->kind = KP_NODE_OP;
  Nd->cls = Cls;
  Nd->count = N ? N : 1;
  Nd->loc = loc(L);
  Nd->access = Access;
  for (const Val *V : Deps)
    if (V && V->Depth == D && V->Node >= 0)
      kp_node_add_dep(M, Nd, V->Node);
  return static_cast<int>(Frames[D].R->nnodes - 1);
}

// A chain of operations (a library function's sequence): returns the last.
Val BodyBuilder::emitSeq(int D, const unsigned Counts[KP_I_COUNT],
                         std::initializer_list<const Val *> Deps, SourceLocation L) {
  Val R;
  R.Depth = D;
  bool First = true;
  for (int Cl = 0; Cl < KP_I_COUNT; ++Cl) {
    if (!Counts[Cl])
      continue;
    int N;
    if (First) {
      N = emit(D, static_cast<kp_iclass>(Cl), Counts[Cl], Deps, L);
      First = false;
    } else {
      N = emit(D, static_cast<kp_iclass>(Cl), Counts[Cl], {&R}, L);
    }
    R.Node = N;
  }
  if (First)
    R.Depth = -1;
  return R;
}

// Looks a pure key up in the frames visible from depth D.
bool BodyBuilder::cseFind(const std::string &Key, int D, Val &Out) {
  if (Key.empty())
    return false;
  for (int I = D; I >= 0; --I) {
    auto It = Frames[I].Cse.find(Key);
    if (It != Frames[I].Cse.end()) {
      Out.Depth = I;
      Out.Node = It->second;
      return true;
    }
  }
  return false;
}

// A value left to strength reduction (Val::Free), used by an operation other
// than an address: the add that puts it in a register (the induction update,
// or the offset of an unrolled copy: `(a * inner + b) ^ i`, `x[k % n]`), once
// per frame it is visible in.
Val BodyBuilder::inRegister(const Val &V, SourceLocation L) {
  Val R = V;
  R.Free = false;
  std::string Key = V.Key.empty() ? std::string() : "reg(" + V.Key + ")";
  Val F;
  if (cseFind(Key, depth(), F)) {
    R.Depth = F.Depth;
    R.Node = F.Node;
    return R;
  }
  R.Depth = hoistDepth(V.Level);
  R.Node = emit(R.Depth, KP_I_INT, 1, {}, L);
  if (!Key.empty() && R.Node >= 0)
    Frames[R.Depth].Cse[Key] = R.Node;
  return R;
}

// A pure operation of class Cls on operands Ops: reused when the same
// computation is visible, else emitted in the hoisting frame.
Val BodyBuilder::pureOp(kp_iclass Cls, unsigned N, const std::string &Key,
                        std::vector<const Val *> Ops, SourceLocation L) {
  Val R;
  int Lv = 0;
  bool Pure = !Key.empty();
  std::vector<Val> Held;
  Held.reserve(Ops.size()); // Ops may point into it: no reallocation
  for (const Val *&O : Ops)
    if (O->Free && O->Node < 0 && !constAfterUnroll(O->L)) {
      Held.push_back(inRegister(*O, L));
      O = &Held.back();
    }
  for (const Val *O : Ops) {
    Lv = std::max(Lv, O->Level);
    R.ThreadDep |= O->ThreadDep;
    R.FromMemory |= O->FromMemory;
    if (O->Key.empty())
      Pure = false;
  }
  int D = hoistDepth(Lv);
  R.Level = D;
  if (Pure && cseFind(Key, depth(), R)) {
    R.Key = Key;
    return R;
  }
  kp_node *Nd = addNode(Frames[D].R);
  if (!Nd)
    return R;
  Nd->kind = KP_NODE_OP;
  Nd->cls = Cls;
  Nd->count = N ? N : 1;
  Nd->loc = loc(L);
  for (const Val *O : Ops)
    if (O->Depth == D && O->Node >= 0)
      kp_node_add_dep(M, Nd, O->Node);
  R.Depth = D;
  R.Node = static_cast<int>(Frames[D].R->nnodes - 1);
  if (Pure) {
    R.Key = Key;
    Frames[D].Cse[Key] = R.Node;
  }
  return R;
}

// An operation whose result is a truth value (a comparison, a conversion to
// bool, logic).  Combines: it only combines or converts truth values, which
// the emitted code does inside the comparisons that made them (kp_node.pred_logic).
Val BodyBuilder::truthOp(kp_iclass Cls, const std::string &Key, std::vector<const Val *> Ops,
                         SourceLocation L, bool Combines) {
  Val R = pureOp(Cls, 1, Key, Ops, L);
  R.Truth = true;
  if (Combines)
    markPredLogic(regionOf(R), R.Node, 1);
  return R;
}

void BodyBuilder::markPredLogic(kp_region *R, int Node, int How) {
  if (R && Node >= 0 && static_cast<size_t>(Node) < R->nnodes)
    R->nodes[Node].pred_logic = How;
}

std::string BodyBuilder::keyOf(const VarDecl *VD) {
  auto It = Env.find(VD);
  unsigned V = It == Env.end() ? 0 : It->second.Version;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "v" << static_cast<const void *>(VD) << "#" << V;
  return OS.str();
}

void BodyBuilder::bindParam(const ParmVarDecl *P) {
  Val V;
  QualType T = P->getType();
  V.Key = keyOf(P);
  if (T->isPointerType() || T->isArrayType()) {
    V.IsPtr = true;
    V.Base = str(P->getName().str());
    V.Space = KP_SPACE_GLOBAL;
    V.BaseIsParam = true;
    V.Off = linConst(0);
  } else if (T->isIntegralOrEnumerationType()) {
    V.L = linSym(Var(P->getName().str().c_str()));
  }
  Env[P].V = V;
}

// A parameter's value is read once, at the top (ld.param).
Val BodyBuilder::readParam(const ParmVarDecl *P, const Val &Bound, SourceLocation L) {
  Val R = Bound;
  std::string Key = "param:" + P->getNameAsString();
  Val Found;
  if (cseFind(Key, 0, Found)) {
    R.Depth = Found.Depth;
    R.Node = Found.Node;
    return R;
  }
  R.Depth = 0;
  R.Node = emit(0, KP_I_LD_PARAM, 1, {}, L);
  Frames[0].Cse[Key] = R.Node;
  return R;
}

// The variable was assigned a new value V in the current frame.
void BodyBuilder::assign(const VarDecl *VD, Val V) {
  VarInfo &I = Env[VD];
  I.Version = ++VersionCounter;
  V.Key = keyOf(VD);
  I.V = V;
  for (Frame &F : Frames)
    F.Assigned.insert(VD);
}

std::string BodyBuilder::text(const Expr *E) { return exprText(E, Ctx); }

} // namespace body

std::string exprText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    R = SM.getExpansionRange(E->getSourceRange());
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

void buildKernelBody(ASTContext &Ctx, const FunctionDecl *Kernel, kp_kernel *K, kp_module *M,
                     const BodyBudget &Budget) {
  if (!Kernel || !Kernel->getBody())
    return;
  body::BodyBuilder B(Ctx, K, M, Budget);
  B.run(Kernel);
}

namespace {
// Finds an invalid declaration or an expression with errors.
struct ErrorFinder : RecursiveASTVisitor<ErrorFinder> {
  bool Found = false;
  bool VisitDecl(Decl *D) {
    Found |= D->isInvalidDecl();
    return !Found;
  }
  bool VisitExpr(Expr *E) {
    Found |= E->containsErrors();
    return !Found;
  }
};
} // namespace

bool hasErrors(const FunctionDecl *FD) {
  if (!FD || FD->isInvalidDecl())
    return true;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->isInvalidDecl() || P->getType().isNull())
      return true;
  ErrorFinder F;
  F.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  return F.Found;
}

bool symBinaryKind(clang::BinaryOperatorKind Op, bool Truncating, kp_sym_kind &K) {
  switch (Op) {
  case clang::BO_Add: K = KP_SYM_ADD; return true;
  case clang::BO_Sub: K = KP_SYM_SUB; return true;
  case clang::BO_Mul: K = KP_SYM_MUL; return true;
  case clang::BO_Div: K = Truncating ? KP_SYM_TDIV : KP_SYM_DIV; return true;
  case clang::BO_Rem: K = Truncating ? KP_SYM_TMOD : KP_SYM_MOD; return true;
  case clang::BO_Shl: K = KP_SYM_SHL; return true;
  case clang::BO_Shr: K = KP_SYM_SHR; return true;
  default: return false;
  }
}

} // namespace kperf
