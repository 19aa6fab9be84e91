// AST -> kernel body model.
//
// One walk over a kernel's definition, with device functions and lambdas
// inlined at their call sites.  Each expression becomes the PTX-level
// operations nvcc -O3 would emit for it, approximately: integer literals are
// immediates, special registers and parameters are read once, pure
// expressions already computed are reused (CSE), loop-invariant ones are
// hoisted out of loops, a*b+c is one fma/mad, and each memory access gets the
// address arithmetic code generation adds (none when only a constant offset
// differs from an address already formed).  Integer values are tracked as
// affine forms over thread/block ids and loop counters with symbolic
// coefficients; that gives loop trip counts and the accesses' address forms.
#include "Body.h"
#include "Extract.h"
#include "Pragmas.h"

#include "kperf/arena.h"
#include "kperf/limits.h"
#include "kperf/mathfn.h"
#include "kperf/sym.h"
#include "kperf/trip.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Stack.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <map>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace kperf {

namespace {

// ---- Affine integer values ------------------------------------------------

// base + sum(coef * var); vars are KP_V_* (thread/block ids, loop counters).
// A value that is not affine but that each thread computes from thread and
// block ids, loop counters, launch sizes, parameters and constants alone
// ((i * 7) % N, t * (k + 1)) keeps a formula for it in Sym (the names
// guards use: "threadIdx.x", "iteration@N", ...); a value from memory has
// neither.
struct Lin {
  bool Valid = false;
  const kp_sym *Base = nullptr;
  std::vector<std::pair<int, const kp_sym *>> Terms;
  const kp_sym *Sym = nullptr; // !Valid: the value as a formula, or null

  bool termFree() const { return Valid && Terms.empty(); }
};

// What an expression evaluates to, and where.
struct Val {
  int Depth = -1; // frame of the node producing it; -1: none (immediate, or ready)
  int Node = -1;
  int Level = 0;  // innermost frame in which it varies (0: the whole kernel)
  bool ThreadDep = false; // differs between threads of a warp
  bool FromMemory = false; // computed from a value loaded from memory
  Lin L;                  // integer values
  std::string Key;        // CSE key; empty when not pure
  // Pointer values.
  bool IsPtr = false;
  const char *Base = nullptr;
  kp_space Space = KP_SPACE_UNKNOWN;
  bool BaseIsParam = false;
  int SharedDecl = -1; // index in kp_kernel.shared_decls of a __shared__ array
  Lin Off; // offset in elements of the pointee type
};

struct Frame {
  kp_region *R;
  int Loop = -1;          // loop id when this is a loop body
  bool IsBranch = false;  // a branch side: pure code is not hoisted out of it
  bool Divergent = false; // inside a thread-dependent branch (this or an outer one)
  bool Unrolled = false;  // a loop body nvcc unrolls completely
  // Conditions the threads running this frame satisfy (see kp_access.guards).
  std::vector<kp_guard> Guards;
  bool GuardsUnknown = false;
  std::map<std::string, int> Cse; // pure key -> node index in this frame
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
};

struct VarInfo {
  Val V;
  unsigned Version = 0;
};

const char *const *const VarNames = kp_id_names;

class BodyBuilder {
public:
  BodyBuilder(ASTContext &Ctx, kp_kernel *K, kp_module *M, const BodyBudget &Budget)
      : Ctx(Ctx), K(K), M(M), A(M->arena), Budget(Budget) {
    FastMath = Ctx.getLangOpts().FastMath || Ctx.getLangOpts().GPUDeviceApproxTranscendentals;
  }

  void run(const FunctionDecl *FD) {
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

private:
  ASTContext &Ctx;
  kp_kernel *K;
  kp_module *M;
  kp_arena *A;
  const BodyBudget &Budget;
  bool FastMath = false;
  // Limits (kperf/limits.h): once one is reached the walk unwinds, doing
  // nothing more, and Halted says which.
  std::string Halted;
  int ExprDepth = 0, StmtDepth = 0, CondDepth = 0;
  size_t Nodes = 0;
  unsigned Ticks = 0;

  bool halt(const std::string &Why) {
    if (Halted.empty())
      Halted = Why;
    return true;
  }
  // Whether the walk must stop: a limit reached now or before.  Called on
  // entering every recursive step.
  bool overBudget() {
    if (!Halted.empty())
      return true;
    if (isStackNearlyExhausted())
      return halt("the stack is nearly exhausted");
    if (++Ticks % 256 == 0 && std::chrono::steady_clock::now() > Budget.Deadline)
      return halt("kperf's time budget for this file (" + std::to_string(Budget.TimeMs) +
                  " ms) is spent");
    return false;
  }
  // Counts a nesting level for the life of the object.
  struct Nest {
    int &Depth;
    explicit Nest(int &D) : Depth(++D) {}
    ~Nest() { --Depth; }
  };
  // A new node of region R; null when out of memory or over the limit.
  kp_node *addNode(kp_region *R) {
    if (++Nodes > KP_LIMIT_KERNEL_NODES) {
      halt("the model has more than " + std::to_string(KP_LIMIT_KERNEL_NODES) + " operations");
      return nullptr;
    }
    return kp_region_add(M, R);
  }
  // A deque: evaluating an expression pushes scratch frames (evalQuiet), and
  // references to outer frames held across it must stay valid.
  std::deque<Frame> Frames;
  std::vector<const FunctionDecl *> CallStack;
  llvm::DenseMap<const VarDecl *, VarInfo> Env;
  llvm::SmallPtrSet<const VarDecl *, 8> SharedSeen;
  llvm::DenseMap<const VarDecl *, int> SharedIdx;
  unsigned VersionCounter = 0;
  // Inlined calls: where `return` puts its value.
  std::vector<Val> *ReturnSink = nullptr;

  int depth() const { return static_cast<int>(Frames.size()) - 1; }
  kp_loc loc(SourceLocation L) { return toLoc(Ctx, L, M); }
  const char *str(const std::string &S) { return kp_module_str(M, S.data(), S.size()); }

  // The frame pure code computed from values of level Lv goes to: hoisted out
  // of loops down to Lv, never out of a branch side.
  int hoistDepth(int Lv) const {
    int D = depth();
    while (D > Lv && !Frames[D].IsBranch)
      --D;
    return D;
  }

  // ---- Symbols and affine forms ----

  const kp_sym *C(int64_t V) { return kp_sym_const(A, V); }
  const kp_sym *Var(const char *N) { return kp_sym_var(A, N); }

  Lin linConst(int64_t V) {
    Lin L;
    L.Valid = true;
    L.Base = C(V);
    return L;
  }
  Lin linSym(const kp_sym *S) {
    Lin L;
    L.Valid = S != nullptr;
    L.Base = S;
    return L;
  }
  Lin linVar(int V, const kp_sym *Coef) {
    Lin L;
    L.Valid = true;
    L.Base = C(0);
    L.Terms.push_back({V, Coef});
    return L;
  }
  // The value of an integer as a formula over thread ids, "iteration@N",
  // parameters ...: from the affine form, or the non-affine formula; null
  // when it has neither.
  const kp_sym *formula(const Lin &L) { return L.Valid ? guardSym(L) : L.Sym; }
  // A non-affine value with formula S (null: unknown).
  static Lin linFormula(const kp_sym *S) {
    Lin L;
    L.Sym = S;
    return L;
  }
  Lin linAdd(const Lin &X, const Lin &Y, int Sign) {
    Lin R;
    if (!X.Valid || !Y.Valid) {
      const kp_sym *FX = formula(X), *FY = formula(Y);
      if (FX && FY)
        R.Sym = Sign > 0 ? kp_sym_add(A, FX, FY) : kp_sym_sub(A, FX, FY);
      return R;
    }
    R.Valid = true;
    R.Base = Sign > 0 ? kp_sym_add(A, X.Base, Y.Base) : kp_sym_sub(A, X.Base, Y.Base);
    R.Terms = X.Terms;
    for (const auto &T : Y.Terms) {
      const kp_sym *Cf = Sign > 0 ? T.second : kp_sym_sub(A, C(0), T.second);
      bool Merged = false;
      for (auto &U : R.Terms)
        if (U.first == T.first) {
          U.second = kp_sym_add(A, U.second, Cf);
          Merged = true;
        }
      if (!Merged)
        R.Terms.push_back({T.first, Cf});
    }
    // Drop terms whose coefficient folded to 0.
    std::vector<std::pair<int, const kp_sym *>> Kept;
    for (const auto &T : R.Terms) {
      int64_t V;
      if (!(kp_sym_is_const(T.second, &V) && V == 0))
        Kept.push_back(T);
    }
    R.Terms = Kept;
    if (!R.Base)
      R.Valid = false;
    return R;
  }
  Lin linScale(const Lin &X, const kp_sym *S) {
    Lin R;
    if (!X.Valid) {
      if (X.Sym && S)
        R.Sym = kp_sym_mul(A, X.Sym, S);
      return R;
    }
    if (!S)
      return R;
    R.Valid = true;
    R.Base = kp_sym_mul(A, X.Base, S);
    for (const auto &T : X.Terms)
      R.Terms.push_back({T.first, kp_sym_mul(A, T.second, S)});
    return R;
  }
  Lin linMul(const Lin &X, const Lin &Y) {
    if (X.termFree())
      return linScale(Y, X.Base);
    if (Y.termFree())
      return linScale(X, Y.Base);
    // A product of two varying values (i * (k + 1), threadIdx.x * s).
    const kp_sym *FX = formula(X), *FY = formula(Y);
    return linFormula(FX && FY ? kp_sym_mul(A, FX, FY) : nullptr);
  }
  // C's integer operator Op (/, %, <<, >>, &, |, ^) on values of type T as a
  // formula (signed: truncating / and %; unsigned 32-bit: the operands taken
  // modulo 2^32 first); null when kperf does not state it (wider unsigned
  // types, an operand without a formula).
  const kp_sym *cOp(BinaryOperatorKind Op, QualType T, const Lin &X, const Lin &Y) {
    const kp_sym *FX = formula(X), *FY = formula(Y);
    if (!FX || !FY || !T->isIntegralOrEnumerationType())
      return nullptr;
    bool Unsigned = T->isUnsignedIntegerOrEnumerationType();
    if (Unsigned) {
      if (Ctx.getTypeSize(T) > 32)
        return nullptr;
      FX = wrapU32(FX);
      FY = wrapU32(FY);
    }
    switch (Op) {
    case BO_Div:
      return kp_sym_bin(A, Unsigned ? KP_SYM_DIV : KP_SYM_TDIV, FX, FY);
    case BO_Rem:
      return kp_sym_bin(A, Unsigned ? KP_SYM_MOD : KP_SYM_TMOD, FX, FY);
    case BO_Shl:
      return kp_sym_bin(A, KP_SYM_SHL, FX, FY);
    case BO_Shr:
      return kp_sym_bin(A, KP_SYM_SHR, FX, FY);
    case BO_And:
      return kp_sym_bin(A, KP_SYM_AND, FX, FY);
    case BO_Or:
      return kp_sym_bin(A, KP_SYM_OR, FX, FY);
    case BO_Xor:
      return kp_sym_bin(A, KP_SYM_XOR, FX, FY);
    default:
      return nullptr;
    }
  }
  // An unsigned 32-bit operand: a constant in range and a variable (thread
  // and block ids, counters, parameters) stand for themselves; anything else
  // is taken modulo 2^32, as the hardware wraps it.
  const kp_sym *wrapU32(const kp_sym *S) {
    int64_t V;
    if ((kp_sym_is_const(S, &V) && V >= 0 && V <= 0xffffffffLL) || S->kind == KP_SYM_VAR)
      return S;
    return kp_sym_bin(A, KP_SYM_MOD, S, C(int64_t(1) << 32));
  }
  // A formula for the value (thread ids and loop counters as variables).
  const kp_sym *linToSym(const Lin &L) {
    if (!L.Valid)
      return nullptr;
    const kp_sym *S = L.Base;
    for (const auto &T : L.Terms)
      S = kp_sym_add(A, S, kp_sym_mul(A, T.second, Var(varName(T.first).c_str())));
    return S;
  }
  std::string varName(int V) {
    if (V >= 0 && V < 6)
      return VarNames[V];
    int Id = V - KP_V_LOOP;
    if (Id >= 0 && static_cast<size_t>(Id) < K->nloops && K->loops[Id]->var)
      return std::string("iteration(") + K->loops[Id]->var + ")";
    return "iteration";
  }
  // The same for every thread of a warp, with a formula: no thread id in its
  // affine terms or in its non-affine formula.
  bool uniform(const Lin &L) {
    if (L.Valid)
      return !linThreadDep(L);
    return L.Sym && !kp_sym_uses_prefix(L.Sym, "threadIdx.");
  }
  bool linThreadDep(const Lin &L) {
    for (const auto &T : L.Terms)
      if (T.first >= KP_V_TID_X && T.first <= KP_V_TID_Z)
        return true;
    return false;
  }

  // ---- Emitting operations ----

  int emit(int D, kp_iclass Cls, unsigned N, std::initializer_list<const Val *> Deps,
           SourceLocation L, int Access = -1) {
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
  Val emitSeq(int D, const unsigned Counts[KP_I_COUNT], std::initializer_list<const Val *> Deps,
              SourceLocation L) {
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
  bool cseFind(const std::string &Key, int D, Val &Out) {
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

  // A pure operation of class Cls on operands Ops: reused when the same
  // computation is visible, else emitted in the hoisting frame.
  Val pureOp(kp_iclass Cls, unsigned N, const std::string &Key, std::vector<const Val *> Ops,
             SourceLocation L) {
    Val R;
    int Lv = 0;
    bool Pure = !Key.empty();
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

  // ---- Variables ----

  std::string keyOf(const VarDecl *VD) {
    auto It = Env.find(VD);
    unsigned V = It == Env.end() ? 0 : It->second.Version;
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << "v" << static_cast<const void *>(VD) << "#" << V;
    return OS.str();
  }

  void bindParam(const ParmVarDecl *P) {
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
  Val readParam(const ParmVarDecl *P, const Val &Bound, SourceLocation L) {
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
  void assign(const VarDecl *VD, Val V) {
    VarInfo &I = Env[VD];
    I.Version = ++VersionCounter;
    V.Key = keyOf(VD);
    I.V = V;
    for (Frame &F : Frames)
      F.Assigned.insert(VD);
  }

  // ---- Expressions ----

  bool foldInt(const Expr *E, int64_t &Out) {
    if (E->isValueDependent() || E->isTypeDependent() || !E->getType()->isIntegralOrEnumerationType())
      return false;
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx))
      return false;
    // A value int64_t cannot hold (__int128, unsigned 64-bit above 2^63) is
    // not folded.
    std::optional<int64_t> V = R.Val.getInt().tryExtValue();
    if (!V)
      return false;
    Out = *V;
    return true;
  }

  static kp_iclass arithClass(QualType T) {
    T = T.getCanonicalType();
    if (const auto *BT = T->getAs<BuiltinType>()) {
      switch (BT->getKind()) {
      case BuiltinType::Float:
        return KP_I_FP32;
      case BuiltinType::Double:
      case BuiltinType::LongDouble:
        return KP_I_FP64;
      case BuiltinType::Half:
      case BuiltinType::Float16:
      case BuiltinType::BFloat16:
        return KP_I_FP16;
      default:
        break;
      }
    }
    return KP_I_INT;
  }
  bool is64(QualType T) { return T->isIntegerType() && Ctx.getTypeSize(T) > 32; }

  // The special register threadIdx.x & co, or -1.
  int specialVar(const Expr *E, std::string &Name) {
    const auto *POE = dyn_cast<PseudoObjectExpr>(E);
    if (!POE)
      return -1;
    const auto *PR = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
    if (!PR)
      return -1;
    const Expr *B = PR->getBaseExpr()->IgnoreImpCasts();
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(B))
      B = OV->getSourceExpr()->IgnoreImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(B);
    if (!DRE)
      return -1;
    std::string Obj = DRE->getDecl()->getNameAsString();
    std::string Field = PR->getPropertyDecl()->getNameAsString();
    int Axis = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : -1;
    if (Axis < 0)
      return -1;
    Name = Obj + "." + Field;
    if (Obj == "threadIdx")
      return KP_V_TID_X + Axis;
    if (Obj == "blockIdx")
      return KP_V_CTAID_X + Axis;
    if (Obj == "blockDim" || Obj == "gridDim")
      return 100 + Axis; // uniform: a symbol
    return -1;
  }

  Val special(const Expr *E, int V, const std::string &Name) {
    Val R;
    R.Key = "sreg:" + Name;
    Val Found;
    if (cseFind(R.Key, 0, Found)) {
      R.Depth = Found.Depth;
      R.Node = Found.Node;
    } else {
      R.Depth = 0;
      R.Node = emit(0, KP_I_INT, 1, {}, E->getBeginLoc());
      Frames[0].Cse[R.Key] = R.Node;
    }
    if (V >= 100) {
      R.L = linSym(Var(Name.c_str()));
    } else {
      R.L = linVar(V, C(1));
      R.ThreadDep = V <= KP_V_TID_Z;
    }
    return R;
  }

  Val eval(const Expr *E) {
    if (!E || overBudget())
      return Val();
    Nest N(ExprDepth);
    if (ExprDepth > KP_LIMIT_EXPR_DEPTH) {
      halt("expressions are nested deeper than " + std::to_string(KP_LIMIT_EXPR_DEPTH));
      return Val();
    }
    return evalExpr(E);
  }

  // Whether E has at most a few hundred sub-expressions.  clang's folding
  // walks the whole tree, and eval asks at every level: only small trees
  // are asked (a larger constant is still folded by kperf's own arithmetic).
  static bool smallTree(const Stmt *E) {
    int Budget = 256;
    std::vector<const Stmt *> Work{E};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (--Budget < 0)
        return false;
      for (const Stmt *Ch : S->children())
        if (Ch)
          Work.push_back(Ch);
    }
    return true;
  }

  Val evalExpr(const Expr *E) {
    E = E->IgnoreParens();
    int64_t IV;
    if (!isa<CallExpr>(E) && smallTree(E) && !E->HasSideEffects(Ctx) && foldInt(E, IV)) {
      Val R;
      R.L = linConst(IV);
      R.Key = "c" + std::to_string(IV);
      return R;
    }
    if (isa<FloatingLiteral>(E) || isa<CXXBoolLiteralExpr>(E) || isa<CharacterLiteral>(E) ||
        isa<CXXNullPtrLiteralExpr>(E) || isa<StringLiteral>(E)) {
      Val R;
      R.Key = "lit";
      return R;
    }
    std::string SName;
    int SV = specialVar(E, SName);
    if (SV >= 0)
      return special(E, SV, SName);

    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      return castExpr(ICE, ICE->getCastKind(), ICE->getSubExpr(), ICE->getType());
    if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
      return castExpr(CE, CE->getCastKind(), CE->getSubExpr(), CE->getType());
    if (const auto *CE = dyn_cast<CXXNamedCastExpr>(E))
      return castExpr(CE, CE->getCastKind(), CE->getSubExpr(), CE->getType());
    if (const auto *CE = dyn_cast<CXXFunctionalCastExpr>(E))
      return castExpr(CE, CE->getCastKind(), CE->getSubExpr(), CE->getType());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return declRef(DRE);
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return binary(BO);
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return unary(UO);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      Val Cd = eval(CO->getCond());
      Val T = eval(CO->getTrueExpr());
      Val F = eval(CO->getFalseExpr());
      Val R = pureOp(KP_I_CMP, 1, "sel(" + Cd.Key + "," + T.Key + "," + F.Key + ")", {&Cd, &T, &F},
                     CO->getBeginLoc());
      R.L = selectValue(CO, T, F);
      if (T.IsPtr) {
        R.IsPtr = true;
        R.Space = T.Space == F.Space ? T.Space : KP_SPACE_UNKNOWN;
      }
      return R;
    }
    if (isa<ArraySubscriptExpr>(E))
      return load(E);
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return call(CE);
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      return eval(EWC->getSubExpr());
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      return eval(MTE->getSubExpr());
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      return eval(BTE->getSubExpr());
    if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
      return eval(DAE->getExpr());
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
      Val R;
      for (const Expr *Arg : CCE->arguments()) {
        Val V = eval(Arg);
        R.ThreadDep |= V.ThreadDep;
        if (CCE->getNumArgs() == 1)
          return V;
      }
      return R;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // A field of a struct value or through a pointer: a load when through memory.
      if (ME->isArrow())
        return load(E);
      Val B = eval(ME->getBase());
      Val R;
      R.ThreadDep = B.ThreadDep;
      R.Level = B.Level;
      return R;
    }
    if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
      Val R;
      for (const Expr *I : ILE->inits()) {
        Val V = eval(I);
        R.ThreadDep |= V.ThreadDep;
      }
      return R;
    }
    // sizeof/alignof, `this`, and a lambda's definition (its calls are inlined).
    if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<CXXThisExpr>(E) || isa<LambdaExpr>(E))
      return Val();
    // Anything else: walk the children for their operations; the value is unknown.
    Val R;
    for (const Stmt *Ch : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Ch)) {
        Val V = eval(CE);
        R.ThreadDep |= V.ThreadDep;
      }
    return R;
  }

  Val declRef(const DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD) {
      Val R;
      R.Key = "fn";
      return R;
    }
    // Arrays as values: pointers to their first element.
    if (VD->getType()->isArrayType())
      return arrayBase(VD);
    auto It = Env.find(VD);
    if (It != Env.end()) {
      Val V = It->second.V;
      if (const auto *P = dyn_cast<ParmVarDecl>(VD))
        if (CallStack.size() == 1 && It->second.Version == 0)
          return readParam(P, V, DRE->getBeginLoc());
      // An integer loaded from an address the same for every thread of a
      // warp (first = box[blockIdx.x].offset): one value per warp, unknown;
      // a variable named after the local, so that rA[first + tx] has a
      // known stride.
      if (V.FromMemory && !V.ThreadDep && !V.L.Valid && !V.L.Sym && !V.IsPtr &&
          VD->isLocalVarDecl() && VD->getType()->isIntegerType())
        V.L = linSym(Var(loadedName(VD)));
      return V;
    }
    // A variable kperf has not seen assigned: a global (__device__/__constant__) or
    // a capture.  Its value is unknown.
    Val R;
    if (VD->hasGlobalStorage() && !VD->isLocalVarDecl()) {
      R.Key = keyOf(VD);
      if (VD->getType()->isPointerType()) {
        R.IsPtr = true;
        R.Base = str(VD->getNameAsString());
        R.Space = KP_SPACE_UNKNOWN;
        R.Off = linConst(0);
      }
      int64_t IV;
      if (VD->getType().isConstQualified() && VD->getInit() && foldInt(VD->getInit(), IV))
        R.L = linConst(IV);
    }
    return R;
  }

  // The variable that stands for a warp-uniform loaded value in local VD:
  // VD's name, made unique among the kernel's locals and parameters.
  const char *loadedName(const VarDecl *VD) {
    auto It = LoadedNames.find(VD);
    if (It != LoadedNames.end())
      return It->second;
    std::string Base = VD->getNameAsString(), N = Base;
    for (int I = 2; UsedLoadedNames.count(N) || paramNamed(N); ++I)
      N = Base + "#" + std::to_string(I);
    UsedLoadedNames.insert(N);
    return LoadedNames[VD] = str(N);
  }
  bool paramNamed(const std::string &N) const {
    for (size_t I = 0; I < K->nparams; ++I)
      if (K->params[I].name && N == K->params[I].name)
        return true;
    return false;
  }
  // Whether formula F names a value loaded from memory (loadedName).
  bool mentionsLoaded(const kp_sym *F) const {
    for (const auto &N : UsedLoadedNames)
      if (kp_sym_uses(F, N.getKey().data()))
        return true;
    return false;
  }
  llvm::DenseMap<const VarDecl *, const char *> LoadedNames;
  llvm::StringSet<> UsedLoadedNames;

  kp_space spaceOf(const VarDecl *VD) {
    if (VD->hasAttr<CUDASharedAttr>())
      return KP_SPACE_SHARED;
    if (VD->hasAttr<CUDAConstantAttr>())
      return KP_SPACE_CONST;
    if (VD->hasAttr<CUDADeviceAttr>() && VD->hasGlobalStorage())
      return KP_SPACE_GLOBAL;
    if (VD->isLocalVarDecl() && !VD->isStaticLocal())
      return KP_SPACE_LOCAL;
    if (isa<ParmVarDecl>(VD))
      return KP_SPACE_GLOBAL;
    return KP_SPACE_UNKNOWN;
  }

  Val arrayBase(const VarDecl *VD) {
    Val R;
    R.IsPtr = true;
    R.Base = str(VD->getNameAsString());
    R.Space = spaceOf(VD);
    R.Off = linConst(0);
    R.Key = "arr:" + VD->getNameAsString();
    if (R.Space == KP_SPACE_SHARED && SharedSeen.insert(VD).second) {
      QualType T = VD->getType();
      if (const auto *CAT = Ctx.getAsConstantArrayType(T))
        K->shared_static_bytes += Ctx.getTypeSizeInChars(CAT).getQuantity();
      else if (T->isIncompleteArrayType())
        K->uses_dynamic_shared = 1;
      recordShared(VD);
    }
    if (R.Space == KP_SPACE_SHARED) {
      auto It = SharedIdx.find(VD);
      if (It != SharedIdx.end())
        R.SharedDecl = It->second;
    }
    return R;
  }

  // A __shared__ array: its shape, and where its innermost extent is written.
  void recordShared(const VarDecl *VD) {
    kp_shared_decl *D = kp_kernel_add_shared(M, K);
    if (!D)
      return;
    SharedIdx[VD] = static_cast<int>(K->nshared_decls - 1);
    D->name = str(VD->getNameAsString());
    D->loc = loc(VD->getLocation());
    QualType T = VD->getType();
    std::vector<int64_t> Ext;
    if (const auto *IAT = Ctx.getAsIncompleteArrayType(T)) {
      Ext.push_back(0);
      T = IAT->getElementType();
    }
    while (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      Ext.push_back(CAT->getSize().getSExtValue());
      T = CAT->getElementType();
    }
    D->elem_bytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
    D->ndims = static_cast<unsigned>(std::min<size_t>(Ext.size(), 4));
    for (unsigned I = 0; I < D->ndims; ++I)
      D->dims[I] = Ext[I];
    // The innermost [N]: the last array type loc of the declarator.
    const TypeSourceInfo *TSI = VD->getTypeSourceInfo();
    if (!TSI || Ext.size() < 2)
      return;
    TypeLoc TL = TSI->getTypeLoc();
    const Expr *Inner = nullptr;
    while (auto ATL = TL.getAs<ArrayTypeLoc>()) {
      Inner = ATL.getSizeExpr();
      TL = ATL.getElementLoc();
    }
    const SourceManager &SM = Ctx.getSourceManager();
    if (!Inner)
      return;
    // The extent as written in the file (a literal, or a macro such as TILE),
    // when it is exactly what stands between the brackets.
    CharSourceRange R = SM.getExpansionRange(Inner->getSourceRange());
    if (R.isInvalid() || !R.getBegin().isFileID())
      return;
    SourceLocation B = R.getBegin();
    SourceLocation E = R.isTokenRange()
                           ? Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts())
                           : R.getEnd();
    if (E.isInvalid() || !E.isFileID() || SM.getFileID(B) != SM.getFileID(E))
      return;
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
    unsigned OB = SM.getFileOffset(B), OE = SM.getFileOffset(E);
    if (Invalid || OE <= OB || OE > Buf.size())
      return;
    size_t L = OB, Rt = OE;
    while (L > 0 && (Buf[L - 1] == ' ' || Buf[L - 1] == '\t'))
      --L;
    while (Rt < Buf.size() && (Buf[Rt] == ' ' || Buf[Rt] == '\t'))
      ++Rt;
    if (L == 0 || Buf[L - 1] != '[' || Rt >= Buf.size() || Buf[Rt] != ']')
      return;
    D->inner_begin = loc(B);
    D->inner_end = loc(E);
    D->inner_text = str(Buf.substr(OB, OE - OB).str());
  }

  Val castExpr(const Expr *E, CastKind CK, const Expr *Sub, QualType To) {
    if (CK == CK_LValueToRValue) {
      // Reading an lvalue: a variable, or memory.
      const Expr *S = Sub->IgnoreParens();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        if (VD && (VD->hasAttr<CUDASharedAttr>() ||
                   (VD->hasGlobalStorage() && !VD->isLocalVarDecl() && !isa<ParmVarDecl>(VD) &&
                    !VD->getType().isConstQualified())))
          return load(S);
        return eval(S);
      }
      if (isa<PseudoObjectExpr>(S))
        return eval(S);
      if (isa<ArraySubscriptExpr>(S) || isa<MemberExpr>(S) ||
          (isa<UnaryOperator>(S) && cast<UnaryOperator>(S)->getOpcode() == UO_Deref))
        return load(S);
      return eval(S);
    }
    Val V = eval(Sub);
    switch (CK) {
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean: {
      kp_iclass Cl = CK == CK_IntegralToBoolean || CK == CK_FloatingToBoolean ? KP_I_CMP : KP_I_CONV;
      Val R = pureOp(Cl, 1, std::string("cvt") + std::to_string(static_cast<int>(CK)) + "(" + V.Key + ")",
                     {&V}, E->getBeginLoc());
      return R;
    }
    case CK_BitCast:
    case CK_NoOp:
    case CK_IntegralCast:
    case CK_ArrayToPointerDecay:
    case CK_FunctionToPointerDecay:
    case CK_NullToPointer:
    case CK_UncheckedDerivedToBase:
    case CK_DerivedToBase:
    default:
      if (V.IsPtr && To->isPointerType() && CK == CK_BitCast) {
        // A reinterpretation of the element type: the offset in the new
        // elements is only known when it is zero.
        int64_t O;
        if (!(V.Off.termFree() && kp_sym_is_const(V.Off.Base, &O) && O == 0))
          V.Off = Lin();
      }
      if (!To->isIntegralOrEnumerationType() && !To->isPointerType())
        V.L = Lin();
      return V;
    }
  }

  bool isPow2(int64_t V, int &Log) {
    if (V <= 0 || (V & (V - 1)))
      return false;
    Log = 0;
    while ((int64_t(1) << Log) < V)
      ++Log;
    return true;
  }

  // The innermost enclosing loop frame that is not unrolled, -1.
  int innermostLoopFrame() const {
    for (int D = depth(); D > 0; --D)
      if (Frames[D].Loop >= 0)
        return D;
    return -1;
  }
  // An integer value affine in the counter of the innermost loop: code
  // generation keeps it as an induction variable (or folds it into an
  // address increment), so computing it costs nothing per iteration; in an
  // unrolled loop it is a constant offset from a value computed once.
  bool strengthReduced(const Lin &L) {
    int F = innermostLoopFrame();
    if (F < 0 || !L.Valid)
      return false;
    for (const auto &T : L.Terms)
      if (T.first == KP_V_LOOP + Frames[F].Loop)
        return true;
    return false;
  }
  Val freeValue(const Lin &L, const std::vector<const Val *> &Ops, const std::string &Key) {
    Val R;
    R.L = L;
    R.Level = depth();
    for (const Val *O : Ops) {
      R.ThreadDep |= O->ThreadDep;
      R.FromMemory |= O->FromMemory;
    }
    R.Key = Key;
    return R;
  }

  // The operations of an integer or floating binary arithmetic operator.
  Val arith(BinaryOperatorKind Op, const Expr *LE, const Expr *RE, QualType T, SourceLocation L,
            const Val *LHSVal = nullptr) {
    // a*b+c and a*b-c fuse into one mad/fma (p + a*b is pointer arithmetic).
    if ((Op == BO_Add || Op == BO_Sub) && !LHSVal && !T->isPointerType()) {
      for (int Side = 0; Side < 2; ++Side) {
        const Expr *MulE = (Side == 0 ? LE : RE)->IgnoreParenImpCasts();
        const Expr *Other = Side == 0 ? RE : LE;
        const auto *MB = dyn_cast<BinaryOperator>(MulE);
        if (!MB || MB->getOpcode() != BO_Mul || !MB->getType()->isArithmeticType())
          continue;
        Val X = eval(MB->getLHS()), Y = eval(MB->getRHS()), Z = eval(Other);
        kp_iclass Cl = arithClass(T);
        Lin Res;
        if (T->isIntegralOrEnumerationType()) {
          Lin P = linMul(X.L, Y.L);
          Res = Side == 0 ? linAdd(P, Z.L, Op == BO_Add ? 1 : -1)
                          : linAdd(Z.L, P, Op == BO_Add ? 1 : -1);
          int64_t CX, CY;
          bool XC = X.L.termFree() && kp_sym_is_const(X.L.Base, &CX);
          bool YC = Y.L.termFree() && kp_sym_is_const(Y.L.Base, &CY);
          int Lg;
          if ((XC && isPow2(CX, Lg)) || (YC && isPow2(CY, Lg)))
            Cl = KP_I_INT; // shl + add: count the add; the shift folds into the address or a shf
          else
            Cl = is64(T) ? KP_I_INT64 : KP_I_INT_MUL;
        }
        std::string Key = std::string("mad") + std::to_string(Op) + std::to_string(Side) + "(" + X.Key +
                          "," + Y.Key + "," + Z.Key + ")";
        if (T->isIntegralOrEnumerationType() && strengthReduced(Res))
          return freeValue(Res, {&X, &Y, &Z}, Key);
        Val R = pureOp(Cl, 1, Key, {&X, &Y, &Z}, L);
        R.L = Res;
        return R;
      }
    }
    Val X = LHSVal ? *LHSVal : eval(LE);
    Val Y = eval(RE);
    // Pointer arithmetic: p + i, p - i.
    if ((Op == BO_Add || Op == BO_Sub) && (X.IsPtr || Y.IsPtr)) {
      Val P = X.IsPtr ? X : Y;
      const Val &I = X.IsPtr ? Y : X;
      if (X.IsPtr && Y.IsPtr) { // p - q: an integer
        Val R = pureOp(KP_I_INT64, 1, "", {&X, &Y}, L);
        return R;
      }
      P.Off = linAdd(P.Off, I.L, Op == BO_Add ? 1 : -1);
      P.Key = P.Key.empty() || I.Key.empty() ? std::string()
                                               : "padd(" + P.Key + "," + I.Key + ")";
      P.ThreadDep |= I.ThreadDep;
      P.Level = std::max(P.Level, I.Level);
      return P;
    }
    kp_iclass Cl = arithClass(T);
    unsigned N = 1;
    bool IsInt = T->isIntegralOrEnumerationType();
    Lin Res;
    int64_t CY = 0;
    bool YConst = Y.L.termFree() && kp_sym_is_const(Y.L.Base, &CY);
    int Lg = 0;
    switch (Op) {
    case BO_Add:
    case BO_Sub:
      Res = linAdd(X.L, Y.L, Op == BO_Add ? 1 : -1);
      break;
    case BO_Mul:
      Res = linMul(X.L, Y.L);
      if (IsInt) {
        int64_t CX;
        bool XConst = X.L.termFree() && kp_sym_is_const(X.L.Base, &CX);
        Cl = (YConst && isPow2(CY, Lg)) || (XConst && isPow2(CX, Lg)) ? KP_I_INT : KP_I_INT_MUL;
      }
      break;
    case BO_Shl:
      if (YConst && CY >= 0 && CY < 62)
        Res = linScale(X.L, C(int64_t(1) << CY));
      else if (IsInt)
        Res = linFormula(cOp(Op, T, X.L, Y.L));
      break;
    case BO_Shr:
    case BO_And:
    case BO_Or:
    case BO_Xor:
      if (IsInt)
        Res = linFormula(cOp(Op, T, X.L, Y.L));
      break;
    case BO_Div:
    case BO_Rem:
      if (IsInt) {
        bool Signed = T->isSignedIntegerType();
        if (X.L.termFree() && Y.L.termFree())
          Res = linSym(kp_sym_bin(A, Op == BO_Div ? KP_SYM_DIV : KP_SYM_MOD, X.L.Base, Y.L.Base));
        else
          Res = linFormula(cOp(Op, T, X.L, Y.L));
        if (YConst && isPow2(CY, Lg)) {
          Cl = KP_I_INT;
          N = Signed ? (Op == BO_Div ? 3 : 4) : 1;
        } else if (YConst && CY != 0) {
          Cl = KP_I_INT_MUL; // mul.hi + shifts
          N = Op == BO_Div ? 3 : 5;
        } else {
          Cl = KP_I_INT_DIV;
        }
      } else {
        const kp_mathfn *F = nullptr;
        const Expr *LX = LE->IgnoreParenImpCasts();
        double One = 0;
        if (const auto *FL = dyn_cast<FloatingLiteral>(LX))
          One = FL->getValueAsApproximateDouble();
        bool Dbl = Cl == KP_I_FP64;
        if (One == 1.0 && !Dbl)
          F = kp_mathfn_find("frcp", FastMath);
        if (!F)
          F = kp_mathfn_find(Dbl ? "ddiv" : "fdiv", FastMath);
        if (F) {
          Val R = emitSeq(hoistDepth(std::max(X.Level, Y.Level)), F->counts, {&X, &Y}, L);
          R.Level = R.Depth < 0 ? 0 : R.Depth;
          R.ThreadDep = X.ThreadDep || Y.ThreadDep;
          return R;
        }
        Cl = KP_I_FP_DIV;
      }
      break;
    default:
      break;
    }
    if (IsInt && Cl == KP_I_INT && is64(T))
      Cl = KP_I_INT64;
    std::string Key = std::string("b") + std::to_string(Op) + "(" + X.Key + "," + Y.Key + ")";
    if (IsInt && (Op == BO_Add || Op == BO_Sub || Op == BO_Mul || Op == BO_Shl) && strengthReduced(Res))
      return freeValue(Res, {&X, &Y}, Key);
    Val R = pureOp(Cl, N, Key, {&X, &Y}, L);
    if (IsInt)
      R.L = Res;
    return R;
  }

  Val binary(const BinaryOperator *BO) {
    BinaryOperatorKind Op = BO->getOpcode();
    SourceLocation L = BO->getOperatorLoc();
    if (Op == BO_Assign)
      return store(BO->getLHS(), eval(BO->getRHS()), L);
    if (BO->isCompoundAssignmentOp()) {
      const auto *CAO = cast<CompoundAssignOperator>(BO);
      BinaryOperatorKind Base = BinaryOperator::getOpForCompoundAssignment(Op);
      Val Old = readLValue(BO->getLHS());
      const auto *MB = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      if ((Base == BO_Add || Base == BO_Sub) && MB && MB->getOpcode() == BO_Mul &&
          MB->getType()->isArithmeticType() && !Old.IsPtr) {
        // x += a*b: one fma/mad.
        Val X = eval(MB->getLHS()), Y = eval(MB->getRHS());
        QualType T = CAO->getComputationResultType();
        kp_iclass Cl = arithClass(T);
        if (T->isIntegralOrEnumerationType())
          Cl = is64(T) ? KP_I_INT64 : KP_I_INT_MUL;
        Val R;
        R.Depth = depth();
        R.Node = emit(depth(), Cl, 1, {&X, &Y, &Old}, L);
        R.Level = depth();
        R.ThreadDep = X.ThreadDep || Y.ThreadDep || Old.ThreadDep;
        if (T->isIntegralOrEnumerationType())
          R.L = linAdd(Old.L, linMul(X.L, Y.L), Base == BO_Add ? 1 : -1);
        return store(BO->getLHS(), R, L);
      }
      Val R = arith(Base, BO->getLHS(), BO->getRHS(), CAO->getComputationResultType(), L, &Old);
      return store(BO->getLHS(), R, L);
    }
    if (BO->isComparisonOp()) {
      Val X = eval(BO->getLHS()), Y = eval(BO->getRHS());
      return pureOp(KP_I_CMP, 1, std::string("cmp") + std::to_string(Op) + "(" + X.Key + "," + Y.Key + ")",
                    {&X, &Y}, L);
    }
    if (BO->isLogicalOp()) {
      Val X = eval(BO->getLHS()), Y = eval(BO->getRHS());
      return pureOp(KP_I_INT, 1, std::string("log") + std::to_string(Op) + "(" + X.Key + "," + Y.Key + ")",
                    {&X, &Y}, L);
    }
    if (Op == BO_Comma) {
      eval(BO->getLHS());
      return eval(BO->getRHS());
    }
    return arith(Op, BO->getLHS(), BO->getRHS(), BO->getType(), L);
  }

  Val unary(const UnaryOperator *UO) {
    SourceLocation L = UO->getOperatorLoc();
    switch (UO->getOpcode()) {
    case UO_PreInc:
    case UO_PostInc:
    case UO_PreDec:
    case UO_PostDec: {
      Val Old = readLValue(UO->getSubExpr());
      QualType T = UO->getSubExpr()->getType();
      Val R;
      if (Old.IsPtr) {
        R = Old;
        R.Off = linAdd(Old.Off, linConst(UO->isIncrementOp() ? 1 : -1), 1);
        R.Depth = Frames.size() - 1;
        R.Node = emit(depth(), KP_I_ADDR, 1, {&Old}, L);
      } else {
        kp_iclass Cl = arithClass(T);
        if (Cl == KP_I_INT && is64(T))
          Cl = KP_I_INT64;
        R.Depth = depth();
        R.Node = emit(depth(), Cl, 1, {&Old}, L);
        R.ThreadDep = Old.ThreadDep;
        R.L = linAdd(Old.L, linConst(UO->isIncrementOp() ? 1 : -1), 1);
      }
      R.Level = depth();
      store(UO->getSubExpr(), R, L);
      return UO->isPrefix() ? R : Old;
    }
    case UO_AddrOf: {
      const Expr *S = UO->getSubExpr()->IgnoreParens();
      if (isa<ArraySubscriptExpr>(S) || isa<DeclRefExpr>(S)) {
        Val P;
        if (addressOf(S, P))
          return P;
      }
      return eval(S);
    }
    case UO_Deref:
      return load(UO);
    case UO_Plus:
      return eval(UO->getSubExpr());
    case UO_Minus: {
      Val X = eval(UO->getSubExpr());
      QualType T = UO->getType();
      kp_iclass Cl = arithClass(T);
      Val R = pureOp(Cl, 1, "neg(" + X.Key + ")", {&X}, L);
      if (T->isIntegralOrEnumerationType())
        R.L = linScale(X.L, C(-1));
      return R;
    }
    case UO_Not:
    case UO_LNot: {
      Val X = eval(UO->getSubExpr());
      return pureOp(UO->getOpcode() == UO_LNot ? KP_I_CMP : KP_I_INT, 1, "not(" + X.Key + ")", {&X}, L);
    }
    default:
      return eval(UO->getSubExpr());
    }
  }

  // ---- Memory ----

  struct Place {
    bool IsVar = false;
    const VarDecl *VD = nullptr;
    // Memory:
    Val Ptr;               // base pointer, with Off the element index
    unsigned ElemBytes = 0;
    unsigned NDims = 0;
    int64_t Dims[4] = {0, 0, 0, 0};
    std::vector<Lin> Subs; // per-dimension subscripts of a shaped array
    bool RegisterArray = false; // a local array indexed by constants: registers
    const char *Why = nullptr;
    std::string IndexKey; // pure key of the index, when known
    std::string Text;     // the subscripts as written, "[i][j]"
  };

  // Resolves an lvalue to a variable or a memory place.
  bool placeOf(const Expr *E, Place &P) {
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return false;
      bool Mem = VD->hasGlobalStorage() || VD->hasAttr<CUDASharedAttr>();
      if (!Mem) {
        P.IsVar = true;
        P.VD = VD;
        return true;
      }
      P.Ptr = arrayBase(VD);
      P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(VD->getType()).getQuantity());
      return true;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      // Collect the subscripts of a multi-dimensional array access a[i][j].
      std::vector<const Expr *> Idx;
      const Expr *Cur = ASE;
      while (const auto *S = dyn_cast<ArraySubscriptExpr>(Cur->IgnoreParens())) {
        Idx.insert(Idx.begin(), S->getIdx());
        const Expr *B = S->getBase()->IgnoreParens();
        if (const auto *IC = dyn_cast<ImplicitCastExpr>(B))
          if (IC->getCastKind() == CK_ArrayToPointerDecay &&
              isa<ArraySubscriptExpr>(IC->getSubExpr()->IgnoreParens())) {
            Cur = IC->getSubExpr();
            continue;
          }
        Cur = B;
        break;
      }
      // s[i].v[k]: v, an array member of a struct in memory, decays to the
      // address of its first element (in units of that element).
      Val Base;
      bool MemberArray = false;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(Cur->IgnoreParens()))
        if (IC->getCastKind() == CK_ArrayToPointerDecay)
          if (const auto *ME = dyn_cast<MemberExpr>(IC->getSubExpr()->IgnoreParens()))
            if (const auto *CAT = Ctx.getAsConstantArrayType(ME->getType())) {
              int64_t EB = Ctx.getTypeSizeInChars(CAT->getElementType()).getQuantity();
              Place MP;
              if (EB > 0 && memberPlace(ME, MP, static_cast<unsigned>(EB)) && !MP.IsVar &&
                  !MP.Why && MP.Ptr.Off.Valid) {
                Base = MP.Ptr;
                Base.IsPtr = true;
                Base.Key = MP.IndexKey.empty() ? std::string() : "addr:" + MP.IndexKey;
                MemberArray = true;
              }
            }
      if (!MemberArray)
        Base = eval(Cur);
      if (!Base.IsPtr) {
        P.Why = "unknown base";
        P.Ptr = Base;
        P.Ptr.IsPtr = true;
        P.Ptr.Off = Lin();
        P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
        for (const Expr *I : Idx)
          eval(I);
        return true;
      }
      // Extents of the base array, outermost first (0: a pointer's unknown extent).
      std::vector<int64_t> Ext;
      const Expr *BaseE = Cur->IgnoreParenImpCasts();
      QualType T = BaseE->getType();
      if (T->isPointerType()) {
        Ext.push_back(0);
        T = T->getPointeeType();
      }
      while (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
        Ext.push_back(CAT->getSize().getSExtValue());
        T = CAT->getElementType();
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BaseE))
        if (const VarDecl *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (VD->isLocalVarDecl() && !VD->hasAttr<CUDASharedAttr>() && !VD->isStaticLocal() &&
              VD->getType()->isArrayType())
            P.RegisterArray = true;
      if (MemberArray)
        Ext.clear(); // the struct's array, not a shaped array of its own
      if (Ext.size() > 1 || (Ext.size() == 1 && Ext[0] > 0)) {
        P.NDims = static_cast<unsigned>(std::min<size_t>(Ext.size(), 4));
        for (unsigned I = 0; I < P.NDims; ++I)
          P.Dims[I] = Ext[I];
      }
      Lin Index = linConst(0);
      std::string Key;
      bool Thread = false, Indirect = false;
      for (size_t I = 0; I < Idx.size(); ++I) {
        P.Text += "[" + text(Idx[I]) + "]";
        Val V = eval(Idx[I]);
        Thread |= V.ThreadDep;
        Indirect |= V.FromMemory;
        int64_t Stride = 1;
        for (size_t J = I + 1; J < Idx.size() && J < Ext.size(); ++J)
          Stride *= Ext[J];
        Index = linAdd(Index, linScale(V.L, C(Stride)), 1);
        P.Subs.push_back(V.L);
        Key += "[" + (V.Key.empty() ? std::string("?") : V.Key) + "]";
        P.Ptr.Level = std::max(P.Ptr.Level, V.Level);
      }
      int Lv = P.Ptr.Level;
      P.Ptr = Base;
      P.Ptr.Level = std::max(Base.Level, Lv);
      P.Ptr.Off = linAdd(Base.Off, Index, 1);
      P.Ptr.ThreadDep = Base.ThreadDep || Thread;
      P.IndexKey = Base.Key.empty() || Key.find('?') != std::string::npos ? std::string()
                                                                           : Base.Key + Key;
      P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
      if (!P.Ptr.Off.Valid) {
        std::string Spell;
        for (const Expr *I : Idx)
          Spell += (Spell.empty() ? "" : "][") + text(I);
        P.Why = str((Indirect ? "indirect index, loaded from memory: " : "non-affine index: ") + Spell);
        if (Indirect)
          P.Ptr.Off.Sym = nullptr; // data-dependent: never a formula
      }
      return true;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_Deref)
        return false;
      Val B = eval(UO->getSubExpr());
      P.Ptr = B;
      if (!B.IsPtr) {
        P.Ptr.IsPtr = true;
        P.Ptr.Off = Lin();
        P.Why = "pointer kperf cannot follow";
      }
      P.IndexKey = B.Key;
      P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
      return true;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return memberPlace(ME, P, 0);
    return false;
  }

  // p->f or s.f: the field of a struct in memory, its index in units of Unit
  // bytes (0: the field's size), or a register (a field of a local struct).
  bool memberPlace(const MemberExpr *ME, Place &P, unsigned Unit) {
    const Expr *E = ME;
    {
      Place Inner;
      QualType ST = ME->getBase()->getType();
      if (ME->isArrow()) {
        // p->f is (*p).f: element 0 of what p points to (p = d + gid: element gid of d).
        Val B = eval(ME->getBase());
        if (!B.IsPtr || !ST->isPointerType()) {
          P.Ptr = B;
          P.Ptr.IsPtr = true;
          P.Ptr.Off = Lin();
          P.Why = "struct field";
          P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
          return true;
        }
        Inner.Ptr = B;
        Inner.IndexKey = B.Key; // as (*p).f
        ST = ST->getPointeeType();
      } else {
        if (!placeOf(ME->getBase(), Inner))
          return false;
        if (Inner.IsVar) {
          P = Inner; // a field of a local struct: a register
          return true;
        }
      }
      // s[i].f: element i of an array of structures; the field is at a fixed
      // offset, so in units of the field's size the index stays affine when
      // the structure's size and the offset are multiples of it.
      P = Inner;
      P.ElemBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(E->getType()).getQuantity());
      P.NDims = 0;
      P.Subs.clear();
      int64_t U = Unit ? Unit : P.ElemBytes;
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      int64_t Size = ST->isRecordType() && !ST->isDependentType() && !ST->isIncompleteType()
                         ? Ctx.getTypeSizeInChars(ST).getQuantity()
                         : 0;
      int64_t FieldOff = FD && !FD->isBitField() && FD->getParent() && !FD->getParent()->isInvalidDecl()
                             ? static_cast<int64_t>(Ctx.getFieldOffset(FD) / 8)
                             : -1;
      if (!P.IndexKey.empty() && FD)
        P.IndexKey += "." + FD->getNameAsString(); // s[i].x and s[i].y are different places
      if (Inner.Ptr.Off.Valid && U > 0 && Size > 0 && FieldOff >= 0 && Size % U == 0 &&
          FieldOff % U == 0) {
        P.Ptr.Off = linAdd(linScale(Inner.Ptr.Off, C(Size / U)), linConst(FieldOff / U), 1);
        return true;
      }
      P.Ptr.Off = Lin();
      P.Why = "struct field";
      return true;
    }
  }

  bool addressOf(const Expr *E, Val &Out) {
    Place P;
    if (!placeOf(E, P) || P.IsVar)
      return false;
    Out = P.Ptr;
    Out.Key = P.IndexKey.empty() ? std::string() : "addr:" + P.IndexKey;
    return true;
  }

  // Records the access and emits its address arithmetic; returns the access index.
  int access(const Place &P, bool Store, bool Atomic, SourceLocation L, Val &Addr) {
    kp_access *Ac = kp_kernel_add_access(M, K);
    if (!Ac)
      return -1;
    int Idx = static_cast<int>(K->naccesses - 1);
    Ac->loc = loc(L);
    Ac->is_store = Store;
    Ac->is_atomic = Atomic;
    Ac->space = P.Ptr.Space;
    Ac->array = P.Ptr.Base ? P.Ptr.Base : "?";
    Ac->elem_bytes = P.ElemBytes;
    Ac->ndims = P.NDims;
    for (unsigned I = 0; I < P.NDims; ++I)
      Ac->dims[I] = P.Dims[I];
    for (int D = depth(); D >= 0; --D)
      if (Frames[D].Loop >= 0) {
        Ac->loop = Frames[D].Loop;
        break;
      }
    Ac->divergent = Frames.back().Divergent;
    Ac->shared_decl = P.Ptr.Space == KP_SPACE_SHARED ? P.Ptr.SharedDecl : -1;
    {
      const Frame &Fr = Frames.back();
      Ac->guards_unknown = Fr.GuardsUnknown;
      if (!Fr.Guards.empty()) {
        Ac->guards = static_cast<kp_guard *>(kp_module_alloc(M, sizeof(kp_guard) * Fr.Guards.size()));
        if (Ac->guards) {
          std::copy(Fr.Guards.begin(), Fr.Guards.end(), Ac->guards);
          Ac->nguards = Fr.Guards.size();
        } else {
          Ac->guards_unknown = 1;
        }
      }
    }
    if (P.NDims > 1 && P.Subs.size() == P.NDims) {
      Ac->subs = static_cast<kp_affine *>(kp_module_alloc(M, sizeof(kp_affine) * P.NDims));
      for (unsigned I = 0; Ac->subs && I < P.NDims; ++I)
        Ac->subs[I] = toAffine(P.Subs[I]);
    }
    const Lin &Ix = P.Ptr.Off;
    if (Ix.Valid) {
      Ac->index = toAffine(Ix);
    } else {
      Ac->index.known = 0;
      Ac->index.why = P.Why ? P.Why : "non-affine index";
      Ac->index_formula = Ix.Sym;
    }
    if (!P.Text.empty())
      Ac->index_text = str(P.Text);

    // Address arithmetic.  The same address up to a constant offset is free
    // (an immediate offset); a constant index needs none; else mul.wide+add
    // (global) or shl+add (shared), hoisted as far as its index allows, and
    // in a loop where the index advances with the counter, one add per
    // iteration (strength reduction) after the first address.
    Addr = P.Ptr;
    Addr.Depth = -1;
    Addr.Node = -1;
    if (P.Ptr.BaseIsParam && P.Ptr.Space == KP_SPACE_GLOBAL) {
      std::string CK = std::string("cvta:") + (P.Ptr.Base ? P.Ptr.Base : "");
      Val F;
      if (!cseFind(CK, 0, F)) {
        Frames[0].Cse[CK] = emit(0, KP_I_ADDR, 1, {}, L);
      }
    }
    if (P.RegisterArray && constAfterUnroll(Ix))
      return Idx;
    std::string NonConst;
    if (Ix.Valid) {
      // The non-constant part of the index.
      int64_t Cst;
      char Buf[256];
      if (!kp_sym_is_const(Ix.Base, &Cst)) {
        kp_sym_print(Ix.Base, Buf, sizeof Buf);
        NonConst += Buf;
      }
      for (const auto &T : Ix.Terms) {
        if (unrolledVar(T.first))
          continue; // a constant offset once the loop is unrolled
        kp_sym_print(T.second, Buf, sizeof Buf);
        NonConst += "+" + std::string(Buf) + "*" + std::to_string(T.first);
      }
      if (NonConst.empty())
        return Idx; // constant index: base + immediate
      NonConst = std::string("ea:") + (P.Ptr.Base ? P.Ptr.Base : "?") + ":" + NonConst;
    } else if (!P.IndexKey.empty()) {
      NonConst = "ea:" + P.IndexKey;
    }
    Val F;
    if (!NonConst.empty() && cseFind(NonConst, depth(), F)) {
      Addr.Depth = F.Depth;
      Addr.Node = F.Node;
      return Idx;
    }
    // Innermost loop whose counter the index follows.
    int LoopFrame = -1;
    for (int D = depth(); D > 0; --D)
      if (Frames[D].Loop >= 0 && !Frames[D].Unrolled) {
        for (const auto &T : Ix.Terms)
          if (T.first == KP_V_LOOP + Frames[D].Loop)
            LoopFrame = D;
        break;
      }
    kp_iclass Cl = KP_I_ADDR;
    // Forming an address: mul.wide/shl + add, and one mad more for the row
    // offset of a multi-dimensional array.
    unsigned Form = P.NDims > 1 ? 3 : 2;
    Val Ptr = P.Ptr;
    if (LoopFrame > 0) {
      // The first address before the loop, then one add per iteration; with
      // the loop unrolled, one per group when the stride is a constant (the
      // group's other addresses are immediate offsets).
      int Outer = LoopFrame - 1;
      emit(Outer, Cl, Form, {}, L);
      bool ConstStride = false;
      for (const auto &T : Ix.Terms)
        if (T.first == KP_V_LOOP + Frames[LoopFrame].Loop)
          ConstStride = kp_sym_is_const(T.second, nullptr);
      Addr.Depth = depth();
      Addr.Node = emit(depth(), Cl, 1, {}, L);
      if (ConstStride && LoopFrame == depth())
        Frames[depth()].R->nodes[Addr.Node].per_group = 1;
    } else {
      int D = hoistDepth(P.Ptr.Level);
      // Addresses that differ only by an unrolled loop's counter are
      // immediate offsets from one address formed before that loop.
      while (D > 0 && Frames[D].Loop >= 0 && Frames[D].Unrolled)
        --D;
      Addr.Depth = D;
      Addr.Node = emit(D, Cl, Form, {&Ptr}, L);
    }
    if (!NonConst.empty() && Addr.Depth >= 0)
      Frames[Addr.Depth].Cse[NonConst] = Addr.Node;
    return Idx;
  }

  kp_affine toAffine(const Lin &L) {
    kp_affine R;
    std::memset(&R, 0, sizeof R);
    if (!L.Valid) {
      R.why = "non-affine index";
      return R;
    }
    R.known = 1;
    R.base = L.Base;
    R.nterms = L.Terms.size();
    R.terms = static_cast<kp_term *>(kp_module_alloc(M, sizeof(kp_term) * (L.Terms.size() + 1)));
    for (size_t I = 0; R.terms && I < L.Terms.size(); ++I) {
      R.terms[I].var = L.Terms[I].first;
      R.terms[I].coef = L.Terms[I].second;
    }
    if (!R.terms)
      R.known = 0;
    return R;
  }

  // ---- Guards: which threads of a warp run a piece of code ----

  // A formula for an affine value, loop counters named "iteration@N".
  const kp_sym *guardSym(const Lin &L) {
    if (!L.Valid)
      return nullptr;
    const kp_sym *S = L.Base;
    for (const auto &T : L.Terms) {
      std::string N = T.first >= 0 && T.first < 6 ? std::string(VarNames[T.first])
                                                    : "iteration@" + std::to_string(T.first - KP_V_LOOP);
      S = kp_sym_add(A, S, kp_sym_mul(A, T.second, Var(N.c_str())));
    }
    return S;
  }

  // The integer value of E as a formula, without emitting anything; NULL when
  // it is not one kperf can state (loaded from memory, a call, floating point).
  const kp_sym *condSym(const Expr *E) {
    E = E->IgnoreParens();
    if (!E->getType()->isIntegralOrEnumerationType())
      return nullptr;
    Lin L = evalQuiet(E);
    // A condition on a value loaded from memory is data: which lanes pass
    // it is not known.
    if (mentionsLoaded(L.Valid ? guardSym(L) : L.Sym))
      return nullptr;
    if (L.Valid)
      return guardSym(L);
    if (L.Sym) // not affine, but a formula each thread computes (1 << lg, t % w)
      return L.Sym;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
      if (IC->getSubExpr()->getType()->isIntegralOrEnumerationType())
        return condSym(IC->getSubExpr());
    if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
      if (CE->getSubExpr()->getType()->isIntegralOrEnumerationType())
        return condSym(CE->getSubExpr());
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return nullptr;
    kp_sym_kind K2;
    if (!symBinaryKind(BO->getOpcode(), /*Truncating=*/false, K2))
      return nullptr;
    const kp_sym *X = condSym(BO->getLHS()), *Y = condSym(BO->getRHS());
    if (!X || !Y)
      return nullptr;
    return kp_sym_bin(A, K2, X, Y);
  }

  static kp_guard_op negate(kp_guard_op Op) {
    switch (Op) {
    case KP_GUARD_LT: return KP_GUARD_GE;
    case KP_GUARD_LE: return KP_GUARD_GT;
    case KP_GUARD_GT: return KP_GUARD_LE;
    case KP_GUARD_GE: return KP_GUARD_LT;
    case KP_GUARD_EQ: return KP_GUARD_NE;
    case KP_GUARD_NE: return KP_GUARD_EQ;
    }
    return KP_GUARD_NE;
  }

  // The conjunction that holds where Cond is true (Neg: false); false when
  // it is not a conjunction of comparisons kperf can state.
  bool condGuards(const Expr *Cond, bool Neg, std::vector<kp_guard> &Out) {
    if (!Cond || overBudget())
      return false;
    Nest N(CondDepth);
    if (CondDepth > KP_LIMIT_EXPR_DEPTH) {
      halt("conditions are nested deeper than " + std::to_string(KP_LIMIT_EXPR_DEPTH));
      return false;
    }
    // Definite side effects only: blockDim.x and friends are calls to getters.
    if (Cond->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
      return false;
    const Expr *E = Cond->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_LNot)
        return condGuards(UO->getSubExpr(), !Neg, Out);
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      BinaryOperatorKind Op = BO->getOpcode();
      if ((Op == BO_LAnd && !Neg) || (Op == BO_LOr && Neg))
        return condGuards(BO->getLHS(), Neg, Out) && condGuards(BO->getRHS(), Neg, Out);
      if (Op == BO_LAnd || Op == BO_LOr)
        return false;
      kp_guard_op G;
      bool Cmp = true;
      switch (Op) {
      case BO_LT: G = KP_GUARD_LT; break;
      case BO_LE: G = KP_GUARD_LE; break;
      case BO_GT: G = KP_GUARD_GT; break;
      case BO_GE: G = KP_GUARD_GE; break;
      case BO_EQ: G = KP_GUARD_EQ; break;
      case BO_NE: G = KP_GUARD_NE; break;
      default: Cmp = false; G = KP_GUARD_NE; break;
      }
      if (Cmp) {
        const kp_sym *L = condSym(BO->getLHS()), *R = condSym(BO->getRHS());
        if (!L || !R)
          return false;
        Out.push_back({L, R, Neg ? negate(G) : G});
        return true;
      }
    }
    // An integer used as a truth value: E != 0.
    const kp_sym *V = condSym(E);
    if (!V)
      return false;
    Out.push_back({V, C(0), Neg ? KP_GUARD_EQ : KP_GUARD_NE});
    return true;
  }

  // Adds the conditions to frame F's guards (or marks them unknown).  The
  // conditions are evaluated before F is touched.
  void addGuards(Frame &F, const Expr *Cond, bool Neg) {
    std::vector<kp_guard> G;
    bool Ok = condGuards(Cond, Neg, G);
    if (Ok)
      F.Guards.insert(F.Guards.end(), G.begin(), G.end());
    else
      F.GuardsUnknown = true;
  }

  // Whether S can leave the code that follows it: return, break, continue, goto.
  static bool exits(const Stmt *S) {
    if (!S)
      return false;
    if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<GotoStmt>(S) ||
        isa<CXXThrowExpr>(S))
      return true;
    for (const Stmt *C : S->children())
      if (exits(C))
        return true;
    return false;
  }
  // Whether S can leave the function it is in (return, goto, throw); a
  // lambda's body is its own function.
  // Expressions are not walked (they can be nested very deep), except the
  // statements of a GNU statement expression.
  static bool leavesFunction(const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return false;
    if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<CXXThrowExpr>(S) || isa<IndirectGotoStmt>(S))
      return true;
    if (const auto *SE = dyn_cast<StmtExpr>(S))
      return leavesFunction(SE->getSubStmt());
    if (const auto *E = dyn_cast<Expr>(S))
      return E->getStmtClass() != Stmt::CXXThrowExprClass && containsStmtExpr(E, 0);
    for (const Stmt *C : S->children())
      if (leavesFunction(C))
        return true;
    return false;
  }
  // An expression with a statement expression in it (looked for a few
  // levels deep only; deeper, taken as present: the caller stays careful).
  static bool containsStmtExpr(const Expr *E, int Depth) {
    if (isa<StmtExpr>(E))
      return leavesFunction(E);
    if (Depth > 32)
      return true;
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        if (containsStmtExpr(CE, Depth + 1))
          return true;
    return false;
  }
  // S is `return;` / `continue;` alone (or in braces).
  static bool onlyExit(const Stmt *S, bool &IsReturn) {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      if (CS->size() != 1)
        return false;
      S = CS->body_front();
    }
    IsReturn = S && isa<ReturnStmt>(S);
    return S && (isa<ReturnStmt>(S) || isa<ContinueStmt>(S));
  }

  // The loop counter variable V belongs to a loop nvcc unrolls completely.
  bool unrolledVar(int V) {
    for (const Frame &F : Frames)
      if (F.Loop >= 0 && F.Unrolled && V == KP_V_LOOP + F.Loop)
        return true;
    return false;
  }
  // An index that is a constant once the enclosing unrolled loops are unrolled.
  bool constAfterUnroll(const Lin &L) {
    if (!L.Valid || !kp_sym_is_const(L.Base, nullptr))
      return false;
    for (const auto &T : L.Terms)
      if (!unrolledVar(T.first) || !kp_sym_is_const(T.second, nullptr))
        return false;
    return true;
  }

  static kp_iclass memClass(kp_space S, bool Store) {
    switch (S) {
    case KP_SPACE_SHARED:
      return Store ? KP_I_ST_SHARED : KP_I_LD_SHARED;
    case KP_SPACE_LOCAL:
      return Store ? KP_I_ST_LOCAL : KP_I_LD_LOCAL;
    case KP_SPACE_CONST:
      return Store ? KP_I_ST_GLOBAL : KP_I_LD_CONST;
    default:
      return Store ? KP_I_ST_GLOBAL : KP_I_LD_GLOBAL;
    }
  }

  Val readLValue(const Expr *E) {
    Place P;
    if (placeOf(E, P) && P.IsVar)
      return eval(E);
    return load(E);
  }

  Val load(const Expr *E) {
    Place P;
    if (!placeOf(E, P))
      return eval(E);
    if (P.IsVar) {
      auto It = Env.find(P.VD);
      return It == Env.end() ? Val() : It->second.V;
    }
    if (P.RegisterArray && constAfterUnroll(P.Ptr.Off)) {
      Val R;
      R.Level = depth();
      return R; // a register
    }
    // A load of the same address with no store in between is reused.
    std::string LK = P.IndexKey.empty() ? std::string() : "ld:" + std::string(P.Ptr.Base ? P.Ptr.Base : "?") + "|" + P.IndexKey;
    Val R;
    if (!LK.empty() && cseFind(LK, depth(), R)) {
      R.ThreadDep = P.Ptr.ThreadDep;
      R.FromMemory = true;
      R.Level = R.Depth;
      return R;
    }
    Val Addr;
    int Ac = access(P, false, false, E->getBeginLoc(), Addr);
    R.Depth = depth();
    R.Node = emit(depth(), memClass(P.Ptr.Space, false), 1, {&Addr}, E->getBeginLoc(), Ac);
    R.ThreadDep = P.Ptr.ThreadDep;
    R.FromMemory = true;
    R.Level = depth();
    if (!LK.empty())
      Frames.back().Cse[LK] = R.Node;
    return R;
  }

  void forgetLoads(const char *Base) {
    std::string Prefix = Base ? "ld:" + std::string(Base) + "|" : std::string("ld:");
    for (Frame &F : Frames)
      for (auto It = F.Cse.begin(); It != F.Cse.end();) {
        if (It->first.compare(0, Prefix.size(), Prefix) == 0)
          It = F.Cse.erase(It);
        else
          ++It;
      }
  }

  Val store(const Expr *LHS, Val V, SourceLocation L) {
    Place P;
    if (!placeOf(LHS, P))
      return V;
    if (P.IsVar) {
      assign(P.VD, V);
      return V;
    }
    if (P.RegisterArray && constAfterUnroll(P.Ptr.Off))
      return V;
    Val Addr;
    int Ac = access(P, true, false, L, Addr);
    emit(depth(), memClass(P.Ptr.Space, true), 1, {&Addr, &V}, L, Ac);
    forgetLoads(P.Ptr.Base);
    return V;
  }

  // ---- Calls ----

  // One operation at this point of the walk, using the values Args (and the
  // address Addr of its access, if any): a call kperf does not inline.
  Val opUsing(kp_iclass Cl, unsigned N, const std::vector<Val> &Args, SourceLocation L, bool ThreadDep,
              const Val *Addr = nullptr, int Access = -1) {
    Val R;
    R.Depth = depth();
    R.Level = depth();
    R.ThreadDep = ThreadDep;
    R.Node = emit(depth(), Cl, N, {Addr}, L, Access);
    if (R.Node >= 0)
      for (const Val &V : Args)
        if (V.Depth == depth() && V.Node >= 0)
          kp_node_add_dep(M, &Frames.back().R->nodes[R.Node], V.Node);
    return R;
  }

  // The memory place a pointer value PV of type PT points at (atomics, __ldg).
  Place placeAt(const Val &PV, QualType PT) {
    Place P;
    P.Ptr = PV;
    if (!PV.IsPtr) {
      P.Ptr.IsPtr = true;
      P.Ptr.Off = Lin();
      P.Why = "pointer kperf cannot follow";
    }
    P.IndexKey = PV.Key;
    P.ElemBytes = PT->isPointerType()
                      ? static_cast<unsigned>(Ctx.getTypeSizeInChars(PT->getPointeeType()).getQuantity())
                      : 4;
    return P;
  }

  Val call(const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    SourceLocation L = CE->getBeginLoc();
    std::vector<Val> Args;
    auto evalArgs = [&](unsigned From) {
      for (unsigned I = From; I < CE->getNumArgs(); ++I)
        Args.push_back(eval(CE->getArg(I)));
    };
    auto joinDeps = [&](Val &R) {
      for (const Val &V : Args) {
        R.ThreadDep |= V.ThreadDep;
        R.Level = std::max(R.Level, V.Level);
      }
    };
    if (!FD) {
      // (Lambdas and functors have a direct callee, operator(): inlined below.)
      evalArgs(0);
      kp_kernel_note(M, K, loc(L), "call through a pointer: counted as one instruction");
      return opUsing(KP_I_OTHER, 1, Args, L, true);
    }
    std::string Name = FD->getNameAsString();
    unsigned First = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) ? 1 : 0;

    // Barriers, warp operations, atomics, loads through intrinsics.
    if (Name == "__syncthreads" || Name == "__syncthreads_count" || Name == "__syncthreads_and" ||
        Name == "__syncthreads_or" || Name == "__barrier_sync" || Name == "__syncwarp") {
      evalArgs(0);
      if (Name != "__syncwarp") // a block barrier orders shared memory: loads are redone
        forgetLoads(nullptr);
      return opUsing(KP_I_BARRIER, 1, Args, L, false);
    }
    if (Name.compare(0, 6, "__shfl") == 0 || Name == "__ballot_sync" || Name == "__any_sync" ||
        Name == "__all_sync" || Name == "__activemask" || Name == "__match_any_sync" ||
        Name == "__match_all_sync" || Name.compare(0, 8, "__reduce") == 0) {
      evalArgs(0);
      Val R = opUsing(KP_I_WARP, 1, Args, L, true);
      // A float shuffled moves through an integer register and back.
      if (Name.compare(0, 6, "__shfl") == 0 && CE->getType()->isRealFloatingType())
        emit(depth(), KP_I_INT, 2, {}, L);
      return R;
    }
    bool Atomic = Name.compare(0, 6, "atomic") == 0;
    bool Ldg = Name == "__ldg" || Name.compare(0, 5, "__ldc") == 0 || Name.compare(0, 5, "__ldl") == 0;
    if ((Atomic || Ldg) && CE->getNumArgs() >= 1) {
      // The first argument is the address.
      Val PV = eval(CE->getArg(0));
      evalArgs(1);
      Place P = placeAt(PV, CE->getArg(0)->IgnoreParenImpCasts()->getType());
      if (Ldg)
        P.Ptr.Space = KP_SPACE_GLOBAL;
      Val Addr;
      int Ac = access(P, Atomic, Atomic, L, Addr);
      Val R = opUsing(Atomic ? KP_I_ATOMIC : KP_I_LD_GLOBAL, 1, Args, L, Atomic || PV.ThreadDep, &Addr, Ac);
      if (Atomic)
        forgetLoads(P.Ptr.Base);
      return R;
    }
    if (Name == "__threadfence" || Name == "__threadfence_block" || Name == "__threadfence_system") {
      forgetLoads(nullptr);
      return opUsing(KP_I_OTHER, 1, Args, L, false);
    }
    // Library math: the measured PTX sequence.
    if (const kp_mathfn *F = kp_mathfn_find(Name.c_str(), FastMath)) {
      evalArgs(First);
      Val R;
      int Lv = 0;
      bool Pure = true;
      std::string Key = "fn:" + Name + "(";
      for (const Val &V : Args) {
        Lv = std::max(Lv, V.Level);
        Key += V.Key + ",";
        if (V.Key.empty())
          Pure = false;
      }
      Key += ")";
      int D = hoistDepth(Lv);
      if (Pure && cseFind(Key, depth(), R)) {
        joinDeps(R);
        R.Key = Key;
        R.L = minMaxValue(Name, CE, Args);
        return R;
      }
      R = emitSeq(D, F->counts, {}, L);
      if (R.Node >= 0) {
        // The sequence's first node depends on the arguments.
        kp_region *Rg = Frames[D].R;
        size_t FirstNode = Rg->nnodes;
        for (int Cl = 0; Cl < KP_I_COUNT; ++Cl)
          if (F->counts[Cl])
            --FirstNode;
        for (const Val &V : Args)
          if (V.Depth == D && V.Node >= 0)
            kp_node_add_dep(M, &Rg->nodes[FirstNode], V.Node);
        if (Pure) {
          Frames[D].Cse[Key] = R.Node;
          R.Key = Key;
        }
      }
      R.Level = D;
      joinDeps(R);
      R.L = minMaxValue(Name, CE, Args);
      return R;
    }
    // `v[i] = w` for a trivially assignable struct aligned to its size
    // (int2, float4, ...): one vector store of the whole object (st.v2/v4),
    // like a builtin assignment, not the field by field copy of the
    // implicit operator=.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (isa<CXXOperatorCallExpr>(CE) && CE->getNumArgs() == 2 && MD->isTrivial() &&
          (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
        QualType T = CE->getArg(0)->getType();
        if (!T->isDependentType() && !T->isIncompleteType()) {
          int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
          int64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
          if (Size == Align && (Size == 8 || Size == 16))
            return store(CE->getArg(0), eval(CE->getArg(1)), L);
        }
      }
    // A function with a body: inlined.
    const FunctionDecl *Def = FD->getDefinition();
    if (Def && Def->getBody() && !FD->getBuiltinID()) {
      for (const FunctionDecl *On : CallStack)
        if (On == Def) {
          evalArgs(First);
          kp_kernel_note(M, K, loc(L), "recursive call to '%s': counted once, not followed",
                         Name.c_str());
          return opUsing(KP_I_OTHER, 1, Args, L, true);
        }
      if (CallStack.size() >= KP_LIMIT_CALL_DEPTH) {
        evalArgs(First);
        kp_kernel_note(M, K, loc(L), "calls nested deeper than %d: '%s' counted as one instruction",
                       KP_LIMIT_CALL_DEPTH, Name.c_str());
        return opUsing(KP_I_OTHER, 1, Args, L, true);
      }
      return inlineCall(CE, Def, First);
    }
    // Builtins and declared-only functions.
    evalArgs(First);
    kp_iclass Cl = KP_I_OTHER;
    if (Name.find("read_ptx_sreg") != std::string::npos)
      Cl = KP_I_INT;
    else if (Name.find("fma") != std::string::npos)
      Cl = KP_I_FP32;
    else if (!FD->getBuiltinID())
      kp_kernel_note(M, K, loc(L), "call to '%s' (no definition here): counted as one instruction",
                     Name.c_str());
    Val R = opUsing(Cl, 1, Args, L, false);
    joinDeps(R);
    return R;
  }

  Val inlineCall(const CallExpr *CE, const FunctionDecl *Def, unsigned First) {
    std::vector<Val> Args;
    for (unsigned I = First; I < CE->getNumArgs(); ++I)
      Args.push_back(eval(CE->getArg(I)));
    // Parameters take the arguments' values (a reference parameter is a copy
    // here: writes through it do not reach the caller's variable's model).
    CallStack.push_back(Def);
    for (unsigned I = 0; I < Def->getNumParams(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      Val V = I < Args.size() ? Args[I] : eval(P->getDefaultArg());
      VarInfo &VI = Env[P];
      VI.Version = ++VersionCounter;
      V.Key = V.Key.empty() ? keyOf(P) : V.Key;
      VI.V = V;
    }
    std::vector<Val> Returns;
    std::vector<Val> *Saved = ReturnSink;
    ReturnSink = &Returns;
    // A return (or any exit) inside the callee ends the callee only: the
    // threads that leave it under a condition are back in the caller when the
    // call returns, so what the callee's exits did to the caller's guards is
    // undone after it.
    std::vector<std::pair<std::vector<kp_guard>, bool>> CallerGuards;
    for (const Frame &Fr : Frames)
      CallerGuards.emplace_back(Fr.Guards, Fr.GuardsUnknown);
    stmt(Def->getBody());
    for (size_t I = 0; I < CallerGuards.size() && I < Frames.size(); ++I) {
      Frames[I].Guards = CallerGuards[I].first;
      Frames[I].GuardsUnknown = CallerGuards[I].second;
    }
    ReturnSink = Saved;
    CallStack.pop_back();
    if (Returns.empty())
      return Val();
    Val R = Returns.back();
    for (const Val &V : Returns)
      R.ThreadDep |= V.ThreadDep;
    if (Returns.size() > 1)
      R.L = Lin();
    return R;
  }

  // ---- Statements ----

  void stmt(const Stmt *S) {
    if (!S || overBudget())
      return;
    Nest N(StmtDepth);
    if (StmtDepth > KP_LIMIT_STMT_DEPTH) {
      halt("statements are nested deeper than " + std::to_string(KP_LIMIT_STMT_DEPTH));
      return;
    }
    stmtInner(S);
  }

  void stmtInner(const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Ch : CS->body())
        stmt(Ch);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          varDecl(VD);
      return;
    }
    if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
      int Unroll = 0;
      for (const Attr *At : AS->getAttrs())
        if (const auto *LH = dyn_cast<LoopHintAttr>(At)) {
          if (LH->getOption() == LoopHintAttr::Unroll && LH->getState() == LoopHintAttr::Full)
            Unroll = -1;
          else if (LH->getOption() == LoopHintAttr::Unroll && LH->getState() == LoopHintAttr::Enable)
            Unroll = -1;
          else if (LH->getOption() == LoopHintAttr::Unroll && LH->getState() == LoopHintAttr::Disable)
            Unroll = 1;
          else if (LH->getOption() == LoopHintAttr::UnrollCount && LH->getValue()) {
            int64_t V;
            if (foldInt(LH->getValue(), V))
              Unroll = static_cast<int>(V);
          }
        }
      PendingUnroll = Unroll;
      stmt(AS->getSubStmt());
      PendingUnroll = 0;
      return;
    }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      ifStmt(IS);
      return;
    }
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) {
      loop(S);
      return;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      Val V = eval(RS->getRetValue());
      if (ReturnSink)
        ReturnSink->push_back(V);
      else
        emit(depth(), KP_I_BRANCH, 1, {}, RS->getBeginLoc()); // ret
      return;
    }
    if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<NullStmt>(S))
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      eval(E);
      return;
    }
    if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
      eval(SS->getCond());
      emit(depth(), KP_I_BRANCH, 1, {}, SS->getBeginLoc());
      kp_kernel_note(M, K, loc(SS->getBeginLoc()), "switch: every case counted");
      stmt(SS->getBody());
      return;
    }
    if (const auto *CS = dyn_cast<CaseStmt>(S)) {
      stmt(CS->getSubStmt());
      return;
    }
    if (const auto *DS = dyn_cast<DefaultStmt>(S)) {
      stmt(DS->getSubStmt());
      return;
    }
    if (const auto *LS = dyn_cast<LabelStmt>(S)) {
      stmt(LS->getSubStmt());
      return;
    }
    if (isa<AsmStmt>(S)) {
      kp_kernel_note(M, K, loc(S->getBeginLoc()), "inline assembly: counted as one instruction");
      emit(depth(), KP_I_OTHER, 1, {}, S->getBeginLoc());
      return;
    }
    if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
      kp_kernel_note(M, K, loc(FR->getBeginLoc()), "range-based for: body counted once");
      stmt(FR->getBody());
      return;
    }
    kp_kernel_note(M, K, loc(S->getBeginLoc()), "statement not analysed: %s", S->getStmtClassName());
  }

  int PendingUnroll = 0;

  void varDecl(const VarDecl *VD) {
    if (VD->hasAttr<CUDASharedAttr>()) {
      arrayBase(VD); // counts its bytes
      return;
    }
    if (VD->isStaticLocal() || VD->getType()->isArrayType()) {
      if (const Expr *I = VD->getInit())
        eval(I);
      return;
    }
    Val V;
    if (const Expr *I = VD->getInit())
      V = eval(I);
    if (!VD->getType()->isIntegralOrEnumerationType())
      V.L = Lin();
    if (!VD->getType()->isPointerType() && !VD->getType()->isReferenceType())
      V.IsPtr = false;
    // A reference to memory or a variable: reads through it re-read the place.
    assign(VD, V);
  }

  void ifStmt(const IfStmt *IS) {
    if (IS->getInit())
      stmt(IS->getInit());
    if (IS->getConditionVariableDeclStmt())
      stmt(IS->getConditionVariableDeclStmt());
    int Taken = -1;
    bool CV = false;
    const Expr *Cond = IS->getCond();
    if (IS->isConstexpr() ||
        (!Cond->isValueDependent() && !Cond->HasSideEffects(Ctx) && Cond->EvaluateAsBooleanCondition(CV, Ctx)))
      Taken = CV ? 1 : 0;
    if (IS->isConstexpr() && Taken < 0)
      Taken = 1;
    Val Cd;
    if (Taken < 0) {
      Cd = eval(Cond);
      emit(depth(), KP_I_BRANCH, 1, {&Cd}, IS->getIfLoc());
    }
    branch(IS->getIfLoc(), Cond, Cd, Taken, IS->getThen(), IS->getElse());
  }

  std::string text(const Expr *E) {
    const SourceManager &SM = Ctx.getSourceManager();
    CharSourceRange R = SM.getExpansionRange(E->getSourceRange());
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  }

  void branch(SourceLocation L, const Expr *Cond, const Val &Cd, int Taken, const Stmt *Then,
              const Stmt *Else) {
    kp_branch *B = static_cast<kp_branch *>(kp_module_alloc(M, sizeof(kp_branch)));
    if (!B)
      return;
    B->loc = loc(L);
    B->divergent = Taken < 0 && Cd.ThreadDep;
    B->taken = Taken;
    B->cond = str(text(Cond));
    bool Div = Frames.back().Divergent || B->divergent;
    llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
    auto side = [&](kp_region *R, const Stmt *Body, bool Neg) {
      Frame F;
      F.R = R;
      F.IsBranch = true;
      F.Divergent = Div;
      F.Guards = Frames.back().Guards;
      F.GuardsUnknown = Frames.back().GuardsUnknown;
      if (B->divergent)
        addGuards(F, Cond, Neg);
      Frames.push_back(F);
      stmt(Body);
      for (const VarDecl *VD : Frames.back().Assigned)
        Assigned.insert(VD);
      Frames.pop_back();
    };
    if (Taken != 0)
      side(&B->then_r, Then, false);
    if (Taken != 1 && Else)
      side(&B->else_r, Else, true);
    // Threads that leave under a thread-dependent condition are missing from
    // the code that follows: `if (i >= n) return;` at the kernel's top level
    // and `if (c) continue;` directly in a loop body keep the rest of it under
    // the negated condition; any other exit leaves it unknown.
    if (Div && (exits(Then) || exits(Else))) {
      bool IsReturn = false;
      bool Simple = B->divergent && !Else && onlyExit(Then, IsReturn) &&
                    (IsReturn ? (!ReturnSink && depth() == 0) : Frames.back().Loop >= 0);
      if (Simple) {
        addGuards(Frames.back(), Cond, true);
      } else {
        for (Frame &Fr : Frames)
          Fr.GuardsUnknown = true;
      }
    }
    kp_node *Nd = addNode(Frames.back().R);
    if (!Nd)
      return;
    Nd->kind = KP_NODE_BRANCH;
    Nd->branch = B;
    Nd->loc = B->loc;
    if (Cd.Depth == depth() && Cd.Node >= 0)
      kp_node_add_dep(M, Nd, Cd.Node);
    int Node = static_cast<int>(Frames.back().R->nnodes - 1);
    // Variables assigned on a side: their value after the branch comes from it.
    for (const VarDecl *VD : Assigned) {
      auto It = Env.find(VD);
      if (It == Env.end())
        continue;
      Val V = It->second.V;
      if (Taken < 0)
        V.L = Lin();
      V.IsPtr = V.IsPtr && Taken >= 0;
      V.Depth = depth();
      V.Node = Node;
      V.Level = depth();
      V.ThreadDep |= B->divergent;
      It->second.Version = ++VersionCounter;
      V.Key = keyOf(VD);
      It->second.V = V;
      for (Frame &F : Frames)
        F.Assigned.insert(VD);
    }
    forgetLoads(nullptr);
  }

  // ---- Loops ----

  // Variables a statement may modify (assignments, ++/--, address taken).
  class Modified : public RecursiveASTVisitor<Modified> {
  public:
    llvm::SmallPtrSet<const VarDecl *, 8> Vars;
    std::map<const VarDecl *, int> Count;
    void mark(const Expr *E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
          Vars.insert(VD);
          Count[VD]++;
        }
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp())
        mark(BO->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        mark(UO->getSubExpr());
      return true;
    }
    bool VisitCallExpr(CallExpr *CE) {
      // Arguments bound to non-const references may be modified.
      if (const FunctionDecl *FD = CE->getDirectCallee())
        for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
          QualType T = FD->getParamDecl(I)->getType();
          if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
            mark(CE->getArg(I));
        }
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
      if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
        mark(OC->getArg(0));
      return true;
    }
  };

  // Integer min/max and the ?: forms of them keep their value as a formula
  // (min(a, b), a constant when both are), so that a bound like
  // `i < min(n, base + tile)`, or a local holding one, gives a trip count.
  Lin linMinMax(bool IsMin, const Lin &X, const Lin &Y) {
    const kp_sym *FX = formula(X), *FY = formula(Y);
    if (!FX || !FY)
      return Lin();
    int64_t VX, VY;
    if (kp_sym_is_const(FX, &VX) && kp_sym_is_const(FY, &VY))
      return linConst(IsMin ? std::min(VX, VY) : std::max(VX, VY));
    return linFormula(kp_sym_bin(A, IsMin ? KP_SYM_MIN : KP_SYM_MAX, FX, FY));
  }

  // min(a, b), max(a, b) of integers: CUDA's min, max, umin, umax, llmin,
  // llmax, ullmin, ullmax and std::min, std::max.
  Lin minMaxValue(const std::string &Name, const CallExpr *CE, const std::vector<Val> &Args) {
    static const char *const Mins[] = {"min", "umin", "llmin", "ullmin"};
    static const char *const Maxs[] = {"max", "umax", "llmax", "ullmax"};
    int Kind = 0;
    for (const char *N : Mins)
      Kind = Name == N ? 1 : Kind;
    for (const char *N : Maxs)
      Kind = Name == N ? 2 : Kind;
    if (!Kind || Args.size() != 2 || !CE->getType().getNonReferenceType()->isIntegerType())
      return Lin();
    return linMinMax(Kind == 1, Args[0].L, Args[1].L);
  }

  // c ? x : y of integers: the branch when c folds to a constant; min or max
  // when c compares x with y (a < b ? a : b, a > b ? a : b, a < b ? b : a, ...).
  Lin selectValue(const ConditionalOperator *CO, const Val &T, const Val &F) {
    if (!CO->getType()->isIntegerType())
      return Lin();
    int64_t V;
    if (foldInt(CO->getCond(), V))
      return V ? T.L : F.L;
    const auto *BO = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
    if (!BO || !BO->isRelationalOp())
      return Lin();
    bool Less = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE;
    auto same = [this](const Expr *X, const Expr *Y) {
      int64_t VX, VY;
      return Expr::isSameComparisonOperand(X->IgnoreParenImpCasts(), Y->IgnoreParenImpCasts()) ||
             (foldInt(X, VX) && foldInt(Y, VY) && VX == VY);
    };
    if (same(BO->getLHS(), CO->getTrueExpr()) && same(BO->getRHS(), CO->getFalseExpr()))
      return linMinMax(Less, T.L, F.L);
    if (same(BO->getLHS(), CO->getFalseExpr()) && same(BO->getRHS(), CO->getTrueExpr()))
      return linMinMax(!Less, T.L, F.L);
    return Lin();
  }

  // A value as a formula for trip counts: the affine form (an outer loop's
  // iteration is the variable iteration@ID), or the non-affine formula.
  // Trip counts and loop starts are never formulas of values loaded from
  // memory (they stand for data, not for sizes the user can give).
  const kp_sym *tripSym(const Lin &L) {
    const kp_sym *F = formula(L);
    return mentionsLoaded(F) ? nullptr : F;
  }

  struct Induction {
    const VarDecl *VD = nullptr;
    enum { None, Add, Mul2, Shr1 } Kind = None;
    Lin Step; // Add: the increment (negative for decrements)
    int Shift = 1; // Mul2/Shr1: bits per update (i <<= 2, i >>= 2, i *= 4, i /= 4: 2)
  };

  // The loop's update: i++, ++i, i--, i += s, i -= s, i = i + s, i *= 2, i <<= 1,
  // i >>= 1, i /= 2.
  Induction induction(const Expr *Inc) {
    Induction I;
    if (!Inc)
      return I;
    Inc = Inc->IgnoreParenImpCasts();
    auto varOf = [](const Expr *E) -> const VarDecl * {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        return dyn_cast<VarDecl>(DRE->getDecl());
      return nullptr;
    };
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
      if (UO->isIncrementDecrementOp() && (I.VD = varOf(UO->getSubExpr()))) {
        I.Kind = Induction::Add;
        I.Step = linConst(UO->isIncrementOp() ? 1 : -1);
      }
      return I;
    }
    const auto *BO = dyn_cast<BinaryOperator>(Inc);
    if (!BO || !(I.VD = varOf(BO->getLHS())))
      return I;
    // The update as `i = i OP x`: from a compound assignment, or spelled out
    // (i = i + s, i = s + i, i = i * 2, ...).
    BinaryOperatorKind Op;
    const Expr *Other = nullptr;
    if (BO->isCompoundAssignmentOp()) {
      Op = BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
      Other = BO->getRHS();
    } else if (BO->getOpcode() == BO_Assign) {
      const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      if (!R)
        return Induction();
      Op = R->getOpcode();
      if (varOf(R->getLHS()) == I.VD)
        Other = R->getRHS();
      else if (varOf(R->getRHS()) == I.VD && (Op == BO_Add || Op == BO_Mul))
        Other = R->getLHS();
    } else {
      return Induction();
    }
    if (!Other)
      return Induction();
    if (Op == BO_Add || Op == BO_Sub) {
      Lin S = evalQuiet(Other);
      if (S.termFree()) {
        I.Kind = Induction::Add;
        I.Step = Op == BO_Add ? S : linScale(S, C(-1));
      }
    } else {
      // Doubling and halving counters: *2, <<1, >>1, /2, and by several
      // bits at once: *4, <<2, >>2, /4 ...
      int64_t V = 0;
      int Lg = 0;
      if (foldInt(Other, V)) {
        if (Op == BO_Mul && V >= 2 && isPow2(V, Lg) && Lg <= 30) {
          I.Kind = Induction::Mul2;
          I.Shift = Lg;
        } else if (Op == BO_Shl && V >= 1 && V <= 30) {
          I.Kind = Induction::Mul2;
          I.Shift = static_cast<int>(V);
        } else if (Op == BO_Div && V >= 2 && isPow2(V, Lg) && Lg <= 30) {
          I.Kind = Induction::Shr1;
          I.Shift = Lg;
        } else if (Op == BO_Shr && V >= 1 && V <= 30) {
          I.Kind = Induction::Shr1;
          I.Shift = static_cast<int>(V);
        }
      }
    }
    if (I.Kind == Induction::None)
      I.VD = nullptr;
    return I;
  }

  // A for loop's update: one of induction()'s forms, or several joined by
  // commas (i++, j--) or `k = j++` (j counts, k trails it): the counter is
  // then the variable the condition compares.
  Induction updateOf(const Expr *Inc, const Expr *Cond) {
    Induction I = induction(Inc);
    if (I.VD || !Inc || !Cond)
      return I;
    std::vector<const Expr *> Parts, Work{Inc};
    while (!Work.empty()) {
      const Expr *E = Work.back()->IgnoreParenImpCasts();
      Work.pop_back();
      const auto *BO = dyn_cast<BinaryOperator>(E);
      if (BO && BO->getOpcode() == BO_Comma) {
        Work.push_back(BO->getRHS());
        Work.push_back(BO->getLHS());
      } else {
        Parts.push_back(E);
      }
    }
    Induction Found;
    int N = 0;
    for (const Expr *P : Parts) {
      Induction C2 = induction(P);
      const auto *BO = dyn_cast<BinaryOperator>(P);
      if (!C2.VD && BO && BO->getOpcode() == BO_Assign)
        C2 = induction(BO->getRHS()); // k = j++: j's update
      if (C2.VD && boundOf(Cond, C2.VD).Ok) {
        Found = C2;
        ++N;
      }
    }
    return N == 1 ? Found : Induction();
  }

  // The affine value of an expression without emitting anything (for bounds
  // and steps, which the loop's code evaluates separately).
  Lin evalQuiet(const Expr *E) {
    int64_t V;
    if (foldInt(E, V))
      return linConst(V);
    kp_region Scratch = {nullptr, 0, 0};
    Frame F;
    F.R = &Scratch;
    F.IsBranch = true;
    // Evaluate in a scratch frame whose nodes are discarded; CSE entries it
    // makes are dropped with it.  Hoisting is disabled (IsBranch).
    Frames.push_back(F);
    size_t NAcc = K->naccesses;
    Val R = eval(E);
    Frames.pop_back();
    K->naccesses = NAcc; // accesses made while evaluating are dropped
    if (R.Depth == static_cast<int>(Frames.size()))
      R.Depth = -1;
    return R.L;
  }

  struct Bound {
    bool Ok = false;
    BinaryOperatorKind Op = BO_LT; // i Op Limit
    Lin Limit;
  };

  Bound boundOf(const Expr *Cond, const VarDecl *VD) {
    Bound B;
    if (!Cond || !VD)
      return B;
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isComparisonOp())
      return B;
    auto isVar = [VD](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == VD;
    };
    BinaryOperatorKind Op = BO->getOpcode();
    const Expr *Other;
    if (isVar(BO->getLHS())) {
      Other = BO->getRHS();
    } else if (isVar(BO->getRHS())) {
      Other = BO->getLHS();
      Op = BinaryOperator::reverseComparisonOp(Op);
    } else {
      return B;
    }
    B.Limit = evalQuiet(Other);
    B.Op = Op;
    B.Ok = tripSym(B.Limit) != nullptr;
    return B;
  }

  // Trip count of a loop with counter starting at Init, updated by Ind, while `i Op Limit`.
  const kp_sym *tripOf(const Lin &Init, const Induction &Ind, const Bound &B) {
    kp_cmp Cmp;
    switch (B.Op) {
    case BO_LT: Cmp = KP_CMP_LT; break;
    case BO_LE: Cmp = KP_CMP_LE; break;
    case BO_GT: Cmp = KP_CMP_GT; break;
    case BO_GE: Cmp = KP_CMP_GE; break;
    case BO_NE: Cmp = KP_CMP_NE; break;
    default: return nullptr;
    }
    kp_step_kind Kind = Ind.Kind == Induction::Add    ? KP_STEP_ADD
                        : Ind.Kind == Induction::Mul2 ? KP_STEP_MUL2
                                                      : KP_STEP_SHR1;
    if (Ind.Kind == Induction::None ||
        (Ind.Kind == Induction::Add && mentionsLoaded(Ind.Step.Base)))
      return nullptr;
    const kp_sym *T = kp_trip_count(A, tripSym(Init), Kind,
                                    Ind.Kind == Induction::Add ? Ind.Step.Base : nullptr, Cmp,
                                    tripSym(B.Limit));
    // Several bits per update: the counter takes every Shift-th value of the
    // one-bit counter, from the first: ceil(trip / Shift) of them.
    if (T && Ind.Kind != Induction::Add && Ind.Shift > 1)
      T = kp_sym_bin(A, KP_SYM_CEILDIV, T, C(Ind.Shift));
    return T;
  }

  // The trip count of `for (float v = -3; v <= 3; v++)`: a floating-point
  // counter with integer constants for its start, bound and step (+= c, -=
  // c, ++, --), changed nowhere else.  Null otherwise.
  const kp_sym *floatTrip(const ForStmt *FS, Modified &Mod) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
    const auto *VD = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getType()->isRealFloatingType() || !VD->getInit() || !FS->getCond() ||
        !FS->getInc() || Mod.Count[VD] != 1)
      return nullptr;
    auto IntConst = [&](const Expr *E, double &V) {
      if (!E || E->isValueDependent())
        return false;
      E = E->IgnoreParenImpCasts();
      Expr::EvalResult R;
      llvm::APFloat F(0.0);
      double X;
      if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx)) {
        std::optional<int64_t> I = R.Val.getInt().tryExtValue();
        if (!I)
          return false;
        X = static_cast<double>(*I);
      } else if (E->getType()->isRealFloatingType() && E->EvaluateAsFloat(F, Ctx)) {
        X = F.convertToDouble();
      } else {
        return false;
      }
      if (!std::isfinite(X) || X != std::floor(X) || std::fabs(X) >= (1 << 24))
        return false;
      V = X;
      return true;
    };
    auto IsVar = [&](const Expr *E) {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return D && D->getDecl() == VD;
    };
    double Start, Bound, Step = 0;
    if (!IntConst(VD->getInit(), Start))
      return nullptr;
    const Expr *Inc = FS->getInc()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Inc); U && U->isIncrementDecrementOp() &&
                                                       IsVar(U->getSubExpr()))
      Step = U->isIncrementOp() ? 1 : -1;
    else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
             CA && IsVar(CA->getLHS()) && IntConst(CA->getRHS(), Step) &&
             (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign))
      Step = CA->getOpcode() == BO_AddAssign ? Step : -Step;
    if (Step == 0)
      return nullptr;
    const auto *B = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
    if (!B || !B->isRelationalOp())
      return nullptr;
    BinaryOperatorKind Op = B->getOpcode();
    if (IsVar(B->getLHS()) && IntConst(B->getRHS(), Bound)) {
    } else if (IsVar(B->getRHS()) && IntConst(B->getLHS(), Bound)) {
      Op = BinaryOperator::reverseComparisonOp(Op);
    } else {
      return nullptr;
    }
    // Every value the counter takes lies between its start and its bound,
    // integers under 2^24: exact in a float, so the integer loop's count.
    kp_cmp Cmp = Op == BO_LT ? KP_CMP_LT : Op == BO_LE ? KP_CMP_LE : Op == BO_GT ? KP_CMP_GT
                                                                                 : KP_CMP_GE;
    return kp_trip_count(A, C(static_cast<int64_t>(Start)), KP_STEP_ADD,
                         C(static_cast<int64_t>(Step)), Cmp, C(static_cast<int64_t>(Bound)));
  }

  void loop(const Stmt *S) {
    int Unroll = PendingUnroll;
    PendingUnroll = 0;
    const Stmt *Init = nullptr, *Body = nullptr;
    const Expr *Cond = nullptr, *Inc = nullptr;
    bool IsDo = false;
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      Init = FS->getInit();
      Cond = FS->getCond();
      Inc = FS->getInc();
      Body = FS->getBody();
    } else if (const auto *WS = dyn_cast<WhileStmt>(S)) {
      Cond = WS->getCond();
      Body = WS->getBody();
    } else if (const auto *DS = dyn_cast<DoStmt>(S)) {
      Cond = DS->getCond();
      Body = DS->getBody();
      IsDo = true;
    }
    if (Init)
      stmt(Init);

    // Which variables the loop modifies, and the induction variable.
    Modified Mod;
    Mod.TraverseStmt(const_cast<Stmt *>(Body));
    if (Inc)
      Mod.TraverseStmt(const_cast<Expr *>(Inc));
    if (Cond)
      Mod.TraverseStmt(const_cast<Expr *>(Cond));
    Induction Ind = updateOf(Inc, Cond);
    const Stmt *IncStmt = nullptr;
    if ((!Ind.VD || (Cond && !boundOf(Cond, Ind.VD).Ok)) && Body) {
      // while/do, or a for whose update is not the counter the condition
      // compares: the counter's update is a statement of the body (the last
      // one that updates a variable the condition compares).
      if (const auto *CS = dyn_cast<CompoundStmt>(Body))
        for (const Stmt *St : CS->body())
          if (const auto *E = dyn_cast<Expr>(St)) {
            Induction C2 = induction(E);
            if (C2.VD && Cond && boundOf(Cond, C2.VD).Ok) {
              Ind = C2;
              IncStmt = St;
            }
          }
    }
    // The counter must change only in its update.
    if (Ind.VD && Mod.Count[Ind.VD] > 1)
      Ind = Induction();

    kp_loop *Lp = kp_kernel_add_loop(M, K);
    if (!Lp)
      return;
    Lp->loc = loc(S->getBeginLoc());
    Lp->unroll = Unroll;
    for (int D = depth(); D >= 0; --D)
      if (Frames[D].Loop >= 0) {
        Lp->parent = Frames[D].Loop;
        break;
      }

    Lin InitL;
    if (Ind.VD) {
      Lp->var = str(Ind.VD->getNameAsString());
      auto It = Env.find(Ind.VD);
      if (It != Env.end())
        InitL = It->second.V.L;
      Lp->init = tripSym(InitL);
      if (Ind.Kind == Induction::Add)
        Lp->step = Ind.Step.Base;
      Lp->step_kind = Ind.Kind == Induction::Mul2   ? KP_STEP_MUL2
                      : Ind.Kind == Induction::Shr1 ? KP_STEP_SHR1
                                                    : KP_STEP_ADD;
      if (Ind.Kind != Induction::Add)
        Lp->shift = Ind.Shift;
    }
    const kp_sym *Trip = nullptr;
    const char *Why = nullptr;
    if (!Ind.VD)
      Why = Cond ? "no counter kperf recognises (i++, i += s, i *= 2, i >>= 1)" : "no condition";
    else {
      Bound B = boundOf(Cond, Ind.VD);
      if (!B.Ok)
        Why = "the condition is not a comparison of the counter with a bound kperf can follow";
      else if (!(Trip = tripOf(InitL, Ind, B)))
        Why = "the counter's start, step or bound is not a formula kperf can follow";
    }
    if (!Trip && isa<ForStmt>(S))
      if ((Trip = floatTrip(cast<ForStmt>(S), Mod)))
        Why = nullptr;
    if (Trip && IsDo)
      Trip = kp_sym_bin(A, KP_SYM_MAX, C(1), Trip);
    std::optional<int64_t> P = tripPragmaFor(Ctx.getSourceManager(), S->getBeginLoc());
    if (P) {
      Lp->trip = C(*P);
      Lp->trip_kind = KP_TRIP_PRAGMA;
    } else if (Trip) {
      Lp->trip = Trip;
      Lp->trip_kind = KP_TRIP_EXACT;
    } else {
      kp_loc LL = Lp->loc;
      std::string Name = "trip@" + std::string(LL.file ? basename(LL.file) : "?") + ":" + std::to_string(LL.line);
      Lp->trip_param = str(Name);
      Lp->trip = Var(Lp->trip_param);
      Lp->trip_kind = KP_TRIP_UNKNOWN;
      Lp->why = Why;
      kp_kernel_note(M, K, Lp->loc,
                     "loop trip count unknown (%s); it is the parameter '%s': set it with "
                     "'#pragma kperf trip(N)' before the loop or -fplugin-arg-kperf-arg=%s=N",
                     Why, Name.c_str(), Name.c_str());
    }
    Lp->thread_dependent = kp_sym_uses_prefix(Lp->trip, "threadIdx.");
    int64_t TripC = -1;
    bool TripConst = kp_sym_is_const(Lp->trip, &TripC);
    // What nvcc -O3 does: a loop with a small constant trip count (or
    // #pragma unroll and a constant trip count) is unrolled completely; other
    // loops are unrolled by 4 (or the pragma's count; `#pragma unroll 1`: not).
    bool FullUnroll = (Unroll == -1 && TripConst) || (TripConst && TripC <= 64 && Unroll != 1) ||
                      (Unroll > 0 && TripConst && Unroll >= TripC);
    Lp->unrolled_by = FullUnroll ? 1 : Unroll > 0 ? Unroll : Unroll == -1 ? 4 : 4;

    // The loop's entry test (skipped by nvcc when the trip count is a known positive constant).
    if (!TripConst && !IsDo) {
      emit(depth(), KP_I_CMP, 1, {}, S->getBeginLoc());
      emit(depth(), KP_I_BRANCH, 1, {}, S->getBeginLoc());
    }

    // Variables other than the counter that the body moves once per
    // iteration, by a statement of its own at the top of the body (offset *=
    // 2, d >>= 1, j += 4 next to the counter i): their value at the start of
    // iteration `iteration@ID` is a formula of it, when they start from a
    // value uniform across threads and nothing can skip the update.
    std::map<const VarDecl *, Induction> Secondary;
    std::map<const VarDecl *, Lin> SecondaryInit;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
      if (!exits(Body))
        for (const Stmt *St : CS->body()) {
          const auto *E = dyn_cast<Expr>(St);
          if (!E || St == IncStmt)
            continue;
          Induction C2 = induction(E);
          if (!C2.VD || C2.VD == Ind.VD || Mod.Count[C2.VD] != 1 ||
              !C2.VD->getType()->isIntegralOrEnumerationType())
            continue;
          if (C2.Kind == Induction::Add && !C2.Step.termFree())
            continue;
          auto It = Env.find(C2.VD);
          if (It == Env.end() || !uniform(It->second.V.L))
            continue;
          Secondary[C2.VD] = C2;
          SecondaryInit[C2.VD] = It->second.V.L;
        }
    }
    // The value of secondary variable VD after N updates (N a formula).
    auto secondaryAt = [&](const VarDecl *VD, const kp_sym *N) -> Lin {
      const Induction &SI = Secondary[VD];
      const Lin &I0 = SecondaryInit[VD];
      const kp_sym *F0 = formula(I0);
      if (!N || !F0)
        return Lin();
      if (SI.Kind == Induction::Add)
        return linAdd(I0, linSym(kp_sym_mul(A, N, SI.Step.Base)), 1);
      const kp_sym *Bits = SI.Shift > 1 ? kp_sym_mul(A, C(SI.Shift), N) : N;
      return linSym(kp_sym_bin(A, SI.Kind == Induction::Mul2 ? KP_SYM_SHL : KP_SYM_SHR, F0, Bits));
    };

    // A break or continue ends an iteration or the loop, not the code after
    // the loop: every thread that entered it is there again.  What such an
    // exit does to the guards of the frames around the loop is undone after
    // it (a return, goto or throw in the body still counts).
    std::vector<std::pair<std::vector<kp_guard>, bool>> OuterGuards;
    bool LoopExitsOnly = Body && !leavesFunction(Body);
    if (LoopExitsOnly)
      for (const Frame &Fr : Frames)
        OuterGuards.emplace_back(Fr.Guards, Fr.GuardsUnknown);

    // Enter the body: variables the loop modifies vary per iteration.
    Frame F;
    F.R = &Lp->body;
    F.Loop = Lp->id;
    F.Divergent = Frames.back().Divergent || Lp->thread_dependent;
    F.Unrolled = FullUnroll;
    F.Guards = Frames.back().Guards;
    F.GuardsUnknown = Frames.back().GuardsUnknown;
    Frames.push_back(F);
    for (const VarDecl *VD : Mod.Vars) {
      auto It = Env.find(VD);
      Val V = It == Env.end() ? Val() : It->second.V;
      V.Depth = -1;
      V.Node = -1;
      V.Level = depth();
      if (VD == Ind.VD && Ind.Kind == Induction::Add && (InitL.Valid || InitL.Sym)) {
        // (A start that is not affine, n >> 2, makes the counter a formula.)
        V.L = linAdd(InitL, linVar(KP_V_LOOP + Lp->id, Ind.Step.Base), 1);
      } else if (VD == Ind.VD && (InitL.Valid || InitL.Sym)) {
        // Multiplicative counters are uniform across threads when their start is.
        V.L = uniform(InitL) ? linSym(Var(Lp->var)) : Lin();
      } else if (Secondary.count(VD) && Secondary[VD].Kind == Induction::Add) {
        V.L = linAdd(SecondaryInit[VD], linVar(KP_V_LOOP + Lp->id, Secondary[VD].Step.Base), 1);
        V.Off = Lin();
      } else if (Secondary.count(VD)) {
        std::string It = "iteration@" + std::to_string(Lp->id);
        V.L = secondaryAt(VD, Var(It.c_str()));
        V.Off = Lin();
      } else {
        V.L = Lin();
        V.Off = Lin();
      }
      VarInfo &VI = Env[VD];
      VI.Version = ++VersionCounter;
      V.Key = keyOf(VD);
      VI.V = V;
    }
    // A loop whose condition differs between threads: the threads still
    // iterating satisfy it (do loops run their first iteration without it).
    if (Lp->thread_dependent || Lp->trip_kind == KP_TRIP_UNKNOWN) {
      if (IsDo || !Cond)
        Frames.back().GuardsUnknown = true;
      else
        addGuards(Frames.back(), Cond, false);
    }
    forgetLoads(nullptr);
    // Body, then the update and the test (unless fully unrolled).
    if (IncStmt) {
      if (const auto *CS = dyn_cast<CompoundStmt>(Body))
        for (const Stmt *St : CS->body())
          if (St != IncStmt)
            stmt(St);
    } else {
      stmt(Body);
    }
    if (!Ind.VD && Cond) {
      // No counter: the condition's own work (loads, calls) runs every iteration.
      Val CV = eval(Cond);
      emit(depth(), KP_I_BRANCH, 1, {&CV}, S->getBeginLoc());
    } else if (!FullUnroll) {
      Val Upd;
      Upd.Depth = depth();
      Upd.Node = emit(depth(), KP_I_INT, 1, {}, S->getBeginLoc());
      int CmpN = emit(depth(), KP_I_CMP, 1, {&Upd}, S->getBeginLoc());
      Val CmpV;
      CmpV.Depth = depth();
      CmpV.Node = CmpN;
      int BrN = emit(depth(), KP_I_BRANCH, 1, {&CmpV}, S->getBeginLoc());
      if (Lp->unrolled_by > 1)
        for (int N : {Upd.Node, CmpN, BrN})
          if (N >= 0)
            Frames.back().R->nodes[N].per_group = 1;
    }
    Frames.pop_back();
    if (LoopExitsOnly)
      for (size_t I = 0; I < OuterGuards.size() && I < Frames.size(); ++I) {
        Frames[I].Guards = OuterGuards[I].first;
        Frames[I].GuardsUnknown = OuterGuards[I].second;
      }
    kp_node *Nd = addNode(Frames.back().R);
    if (!Nd)
      return;
    Nd->kind = KP_NODE_LOOP;
    Nd->loop = Lp;
    Nd->loc = Lp->loc;
    int Node = static_cast<int>(Frames.back().R->nnodes - 1);
    // After the loop, a secondary variable has moved once per iteration, when
    // every thread runs the same number of them.
    bool TripUniform = Lp->trip_kind != KP_TRIP_UNKNOWN && !Lp->thread_dependent &&
                       !kp_sym_uses_prefix(Lp->trip, "threadIdx.");
    for (const VarDecl *VD : Mod.Vars) {
      VarInfo &VI = Env[VD];
      Val V = VI.V;
      V.L = Secondary.count(VD) && TripUniform ? secondaryAt(VD, Lp->trip) : Lin();
      V.Off = Lin();
      V.Depth = depth();
      V.Node = Node;
      V.Level = depth();
      VI.Version = ++VersionCounter;
      V.Key = keyOf(VD);
      VI.V = V;
      for (Frame &Fr : Frames)
        Fr.Assigned.insert(VD);
    }
    forgetLoads(nullptr);
  }

  static const char *basename(const char *P) {
    const char *S = strrchr(P, '/');
    return S ? S + 1 : P;
  }
};

} // namespace

void buildKernelBody(ASTContext &Ctx, const FunctionDecl *Kernel, kp_kernel *K, kp_module *M,
                     const BodyBudget &Budget) {
  if (!Kernel || !Kernel->getBody())
    return;
  BodyBuilder B(Ctx, K, M, Budget);
  B.run(Kernel);
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
