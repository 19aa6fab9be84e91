// The kernel body builder (internal to plugin/Body.cpp and plugin/body/*.cpp).
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
//
// BodyBuilder's members are defined by topic, the way clang splits Sema (the
// integer values' arithmetic is C: include/kperf/affine.h):
//   plugin/Body.cpp             the entry points, the walk's start, its limits,
//                               emitting operations, CSE and hoisting, variables
//   plugin/body/Expressions.cpp expressions and their operations; special
//                               registers in Specials.cpp, operators in
//                               Arithmetic.cpp
//   plugin/body/Memory.cpp      places, pointers, accesses, shared arrays
//   plugin/body/Guards.cpp      which threads of a warp run a piece of code
//   plugin/body/Calls.cpp       calls: barriers, warp operations, atomics,
//                               library math, inlined device functions
//   plugin/body/Statements.cpp  statements and branches
//   plugin/body/Loops.cpp       loops: the walk of a loop; counters and trip
//                               counts in LoopTrips.cpp, unrolling in
//                               LoopUnroll.cpp
#ifndef KPERF_PLUGIN_BODY_BUILDER_H
#define KPERF_PLUGIN_BODY_BUILDER_H

#include "Body.h"
#include "Extract.h"

#include "kperf/affine.h"
#include "kperf/arena.h"
#include "kperf/model.h"
#include "kperf/sym.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kperf {
namespace body {

// The clang names the declarations below use.
using clang::ASTContext;
using clang::BinaryOperator;
using clang::BinaryOperatorKind;
using clang::CallExpr;
using clang::CastKind;
using clang::ConditionalOperator;
using clang::DeclRefExpr;
using clang::Expr;
using clang::ForStmt;
using clang::FunctionDecl;
using clang::IfStmt;
using clang::MemberExpr;
using clang::ParmVarDecl;
using clang::QualType;
using clang::SourceLocation;
using clang::Stmt;
using clang::UnaryOperator;
using clang::VarDecl;

// ---- nvcc -O3's code generation, as the builder counts it ------------------

namespace nvcc {
// kp_loop.unroll of `#pragma unroll` without a count (and of
// [[clang::loop_unroll(full/enable)]]): unroll completely when the trip
// count is a constant.
constexpr int PragmaUnrollFull = -1;
// A loop with a constant trip count of at most FoldTripCap and no unroll
// pragma is unrolled completely when its trip count times one iteration's
// size is at most FullUnrollBudget.  The size (wholeSize) is unrollSize's,
// about one unit per instruction, of the code left once the counter is a
// constant: arithmetic of the counter and constants (`a[i * 2 + 1]`'s index,
// `(float)t`) and the counter's update fold away and are not counted, and a
// subscript whose counter has a stride known only at run time (`in[i * n +
// x]`) counts 2, its address arithmetic being in every copy.  Measured with
// nvcc -O3 (CUDA 13, sm_86, PTX: a loop unrolled whole has no branch left)
// on 168 loops of 1 to 8 loads and 0 to 64 multiply-adds per iteration with
// trip counts 16 to 128, and on the kernels of
// tests/lit/model/unroll-default.cu: every loop up to 384 units was unrolled
// whole, every loop from 416 up stayed a loop (`a[i * 2] + a[i * 2 + 1]`:
// 96 iterations unrolled whole, 128 not; `s += expf(sh[i])`: 16 / 32).
// Longer loops are not unrolled whole without a pragma (`s += a[i]`: 128
// iterations unrolled, 129, 130, 132, 136, 200 and 256 not; 160, which nvcc
// unrolls by 32 and then its five groups whole, is the exception kperf does
// not follow).
constexpr int64_t FullUnrollBudget = 400;
constexpr int64_t FoldTripCap = 128;
// A loop whose counter indexes one of the thread's own arrays (`float
// acc[TM * TN]`, a local of constant size: registers once every index is a
// constant) is unrolled whole up to ArrayUnrollBudget units and
// ArrayTripCap iterations: nvcc unrolls further to promote the array.
// Measured with nvcc -O3 (CUDA 13, sm_86, PTX) on the nest `for m < TM for n
// < TN acc[m * TN + n] += ra[m] * rb[n]` (5 units an iteration) inside a
// runtime loop: TM x TN = 8x8 to 20x20, 16x24, 4x96 and 1x256 unrolled whole
// (up to 2,000 units; no local memory), 16x32 and 24x24 (2,560 and 2,880)
// not: the outer loop stays a loop and the array goes to local memory.
constexpr int64_t ArrayUnrollBudget = 2048;
constexpr int64_t ArrayTripCap = 256;
// A call that is not one of the one-instruction math functions (fminf, fmaxf,
// fabsf, fmaf, __ldg, ...) counts this many units: a library function's or
// an inlined device function's body (expf: 16 iterations unrolled, 32 not).
constexpr unsigned CallUnits = 10;
// unrollSize of a statement holding a loop that stays a loop: too big to
// unroll around it.
constexpr uint64_t RolledLoopSize = uint64_t(1) << 32;
// The unroll factor of a loop that stays a loop and has no `#pragma unroll
// N`: the largest power of two whose copies of one iteration (unrollSize)
// fit in PartialUnrollBudget units, at most MaxPartialUnroll for a constant
// trip count (and then one that divides it; an odd trip count is unrolled
// as a runtime one) and at most RuntimeUnrollFactor for a trip count known
// only at run time.  Measured with nvcc -O3 (CUDA 13, sm_86) on 28 loops of
// 1 to 8 loads and 0 to 64 multiply-adds per iteration (5 to 145 units),
// with trip counts n, 96, 999, 1000, 1002, 1536 and 4096: every factor whose
// copies came to at most 168 units was taken, none from 194 up (1536
// iterations of 5 units: by 32; of 9: 16; of 21: 8; of 41: 4; of 49: 2; of
// 97: not unrolled; 1000 iterations: at most 8; 1002: 2; 999 and n: at most
// 4).  RuntimeUnrollFactor is also the factor of a bare `#pragma unroll` on
// a loop whose trip count is not a constant.
constexpr uint64_t PartialUnrollBudget = 180;
constexpr int MaxPartialUnroll = 32;
constexpr int RuntimeUnrollFactor = 4;
// Integer division and remainder by a constant.  By a power of two: one
// shift or and when unsigned; when signed, the rounding toward zero adds a
// fix-up of the sign: 3 instructions for /, 4 for %.
constexpr unsigned SignedPow2DivOps = 3, SignedPow2RemOps = 4, UnsignedPow2DivRemOps = 1;
// By another constant: a multiply by its reciprocal (mul.hi) and shifts, 3
// instructions for /; % multiplies the quotient back and subtracts: 5.
constexpr unsigned ConstDivOps = 3, ConstRemOps = 5;
// Forming an address: mul.wide (or shl) + add; one mad more for the row
// offset of a multi-dimensional array.
constexpr unsigned AddressOps = 2, AddressOpsMultiDim = 3;
// A float shuffled between lanes moves to an integer register and back.
constexpr unsigned ShflFloatMoves = 2;
} // namespace nvcc

// ---- Integer values ------------------------------------------------------

// An integer value (kperf/affine.h): base + sum(coef * var) over thread/block
// ids and loop counters (KP_V_*); a value that is not affine but that each
// thread computes from thread and block ids, loop counters, launch sizes,
// parameters and constants alone ((i * 7) % N, t * (k + 1)) keeps a formula
// for it in sym (the names guards use: "threadIdx.x", "iteration@N", ...); a
// value from memory has neither.  Default-constructed: unknown.
struct Lin : kp_lin {
  Lin() : kp_lin() {}
  Lin(const kp_lin &L) : kp_lin(L) {}

  bool termFree() const { return kp_lin_term_free(this); }
  llvm::ArrayRef<kp_term> termList() const { return llvm::ArrayRef<kp_term>(terms, nterms); }
};

// What an expression evaluates to, and where.
struct Val {
  int Depth = -1; // frame of the node producing it; -1: none (immediate, or ready)
  int Node = -1;
  int Level = 0;  // innermost frame in which it varies (0: the whole kernel)
  bool ThreadDep = false; // differs between threads of a warp
  bool FromMemory = false; // computed from a value loaded from memory
  bool Truth = false;      // a truth value: a comparison's result, or logic on such values
  // A compile-time constant once loops are unrolled: a literal, or a conversion or
  // arithmetic of literals and the counters of loops unrolled whole (no node).
  bool Imm = false;
  // An affine value of a loop's counter left to strength reduction (freeValue):
  // free in addresses; an operation using it needs it in a register.
  bool Free = false;
  // A truth value as an integer: the selp making it (node SelNode of SelR).
  kp_region *SelR = nullptr;
  int SelNode = -1;
  Lin L;                  // integer values
  std::string Key;        // CSE key; empty when not pure
  // Pointer values.
  bool IsPtr = false;
  const char *Base = nullptr;
  kp_space Space = KP_SPACE_UNKNOWN;
  bool BaseIsParam = false;
  int SharedDecl = -1; // index in kp_kernel.shared_decls of a __shared__ array
  // The thread's own array (a local of constant size) the pointer points
  // into, also once passed to an inlined callee (regM in processFromSmem(regM,
  // ...)): its elements at constant indices are registers.
  const clang::VarDecl *LocalArray = nullptr;
  Lin Off; // offset in elements of the pointee type
};

enum GuardsState : unsigned char { GuardsKnown = 0, GuardsData = 1, GuardsOther = 2 };

struct Frame {
  kp_region *R;
  int Loop = -1;          // loop id when this is a loop body
  bool IsBranch = false;  // a branch side: pure code is not hoisted out of it
  bool Divergent = false; // inside a thread-dependent branch (this or an outer one)
  bool Unrolled = false;  // a loop body nvcc unrolls completely
  // Conditions the threads running this frame satisfy (see kp_access.guards).
  std::vector<kp_guard> Guards;
  // Whether some condition is missing from Guards: GuardsData when each one
  // missing is a condition on loaded data (kp_access.guards_data), GuardsOther
  // for any other (an exit kperf does not follow, a condition it cannot state).
  unsigned char GuardsUnknown = GuardsKnown;
  // When GuardsUnknown comes from one condition alone, a disjunction of
  // comparisons: one of these holds (kp_access.any_guards); else empty.
  std::vector<kp_guard> AnyGuards;
  // The innermost branch side this frame is in (kp_access.branch).
  const kp_branch *Branch = nullptr;
  int Side = 0;
  std::map<std::string, int> Cse; // pure key -> node index in this frame
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
};

struct VarInfo {
  Val V;
  unsigned Version = 0;
};

class BodyBuilder {
public:
  BodyBuilder(ASTContext &Ctx, kp_kernel *K, kp_module *M, const BodyBudget &Budget)
      : Ctx(Ctx), K(K), M(M), A(M->arena), Budget(Budget) {
    FastMath = Ctx.getLangOpts().FastMath || Ctx.getLangOpts().GPUDeviceApproxTranscendentals;
  }

  // Walks kernel FD's body into K (Body.cpp).
  void run(const FunctionDecl *FD);

private:
  // ---- The kernel and module being built ----
  ASTContext &Ctx;
  kp_kernel *K;
  kp_module *M;
  kp_arena *A;
  const BodyBudget &Budget;
  bool FastMath = false;

  // ---- Limits (Body.cpp) ----
  // Limits (kperf/limits.h): once one is reached the walk unwinds, doing
  // nothing more, and Halted says which.
  std::string Halted;
  int ExprDepth = 0, StmtDepth = 0, CondDepth = 0;
  size_t Nodes = 0;
  unsigned Ticks = 0;

  bool halt(const std::string &Why);
  bool overBudget();
  // Counts a nesting level for the life of the object.
  struct Nest {
    int &Depth;
    explicit Nest(int &D) : Depth(++D) {}
    ~Nest() { --Depth; }
  };
  kp_node *addNode(kp_region *R);

  // ---- The walk's state: frames, inlined calls, variables ----
  // A deque: evaluating an expression pushes scratch frames (evalQuiet), and
  // references to outer frames held across it must stay valid.
  std::deque<Frame> Frames;
  std::vector<const FunctionDecl *> CallStack;
  llvm::DenseMap<const VarDecl *, VarInfo> Env;
  llvm::SmallPtrSet<const VarDecl *, 8> SharedSeen;
  // Local arrays some access addresses as registers (Memory.cpp,
  // registerArray), and the bases of the local-memory accesses (a run-time
  // index, or through a pointer): arrays of the first kind whose name is not
  // among the second are registers.
  llvm::SmallPtrSet<const VarDecl *, 8> RegArrays;
  std::set<std::string> MemArrayNames;
  llvm::DenseMap<const VarDecl *, int> SharedIdx;
  unsigned VersionCounter = 0;
  // Inlined calls: where `return` puts its value.
  std::vector<Val> *ReturnSink = nullptr;

  // ---- Small helpers: the current frame, locations, strings (Body.cpp) ----
  int depth() const { return static_cast<int>(Frames.size()) - 1; }
  kp_loc loc(SourceLocation L) { return toLoc(Ctx, L, M); }
  const char *str(const std::string &S) { return kp_module_str(M, S.data(), S.size()); }
  std::string text(const Expr *E);
  int hoistDepth(int Lv) const;

  // ---- Integer values: kperf/affine.h's operations on the kernel's arena ----
  const kp_sym *C(int64_t V) { return kp_sym_const(A, V); }
  const kp_sym *Var(const char *N) { return kp_sym_var(A, N); }
  Lin linConst(int64_t V) { return kp_lin_const(A, V); }
  Lin linSym(const kp_sym *S) { return kp_lin_of(S); }
  Lin linVar(int V, const kp_sym *Coef) { return kp_lin_var(A, V, Coef); }
  static Lin linFormula(const kp_sym *S) { return kp_lin_formula(S); }
  // The value as a formula over thread ids, "iteration@N", parameters ...:
  // from the affine form, or the non-affine formula; null when it has neither.
  const kp_sym *formula(const Lin &L) { return kp_lin_value(A, &L); }
  // The affine form as a formula (loop counters named "iteration@N"), or null.
  const kp_sym *guardSym(const Lin &L) { return kp_lin_affine_sym(A, &L); }
  Lin linAdd(const Lin &X, const Lin &Y, int Sign) {
    return Sign > 0 ? kp_lin_add(A, &X, &Y) : kp_lin_sub(A, &X, &Y);
  }
  Lin linNeg(const Lin &X) { return kp_lin_neg(A, &X); }
  Lin linScale(const Lin &X, const kp_sym *S) { return kp_lin_scale(A, &X, S); }
  Lin linMul(const Lin &X, const Lin &Y) { return kp_lin_mul(A, &X, &Y); }
  // Integer min/max keep their value as a formula (a constant when both sides
  // are), so that a bound like `i < min(n, base + tile)` gives a trip count.
  Lin linMinMax(bool IsMin, const Lin &X, const Lin &Y) { return kp_lin_minmax(A, IsMin, &X, &Y); }
  bool uniform(const Lin &L) { return kp_lin_uniform(&L); }
  kp_affine toAffine(const Lin &L) { return kp_lin_to_affine(A, &L); }

  // ---- Emitting operations, CSE and hoisting (Body.cpp) ----
  int emit(int D, kp_iclass Cls, unsigned N, std::initializer_list<const Val *> Deps,
           SourceLocation L, int Access = -1);
  Val emitSeq(int D, const unsigned Counts[KP_I_COUNT], std::initializer_list<const Val *> Deps,
              SourceLocation L);
  bool cseFind(const std::string &Key, int D, Val &Out);
  Val pureOp(kp_iclass Cls, unsigned N, const std::string &Key, std::vector<const Val *> Ops,
             SourceLocation L);
  kp_region *regionOf(const Val &V) const {
    return V.Depth >= 0 && static_cast<size_t>(V.Depth) < Frames.size() ? Frames[V.Depth].R : nullptr;
  }
  static void markPredLogic(kp_region *R, int Node, int How);
  static void forgetTruth(Val &V) {
    V.Truth = false;
    V.SelR = nullptr;
    V.SelNode = -1;
  }
  Val truthOp(kp_iclass Cls, const std::string &Key, std::vector<const Val *> Ops, SourceLocation L,
              bool Combines);

  // ---- Variables (Body.cpp) ----
  std::string keyOf(const VarDecl *VD);
  void bindParam(const ParmVarDecl *P);
  Val readParam(const ParmVarDecl *P, const Val &Bound, SourceLocation L);
  void assign(const VarDecl *VD, Val V);

  // ---- Expressions (body/Expressions.cpp, Specials.cpp, Arithmetic.cpp) ----
  bool foldInt(const Expr *E, int64_t &Out);
  static kp_iclass arithClass(QualType T);
  bool is64(QualType T);
  int specialVar(const Expr *E, std::string &Name);
  int hipSpecialVar(const Expr *E, std::string &Name);
  int hipCoordinate(const Expr *E, std::string &Name);
  bool hipSpecialProduct(const Expr *E, Val &Out);
  Val special(const Expr *E, int V, const std::string &Name);
  Val eval(const Expr *E);
  static bool smallTree(const Stmt *E);
  // Whether E is a small side-effect-free integer tree clang folds, and to
  // what: a fact of the AST alone, kept per expression (an unrolled loop or an
  // inlined function evaluates the same expressions again and again).
  bool foldsToConstant(const Expr *E, int64_t &Out);
  llvm::DenseMap<const Expr *, std::pair<bool, int64_t>> Folded;
  Val evalExpr(const Expr *E);
  Val declRef(const DeclRefExpr *DRE);
  const char *loadedName(const VarDecl *VD);
  bool paramNamed(const std::string &N) const;
  bool mentionsLoaded(const kp_sym *F) const;
  llvm::DenseMap<const VarDecl *, const char *> LoadedNames;
  llvm::StringSet<> UsedLoadedNames;
  Val castExpr(const Expr *E, CastKind CK, const Expr *Sub, QualType To);
  bool rescaleOffset(QualType From, QualType To, int64_t O, Lin &Off);
  bool isPow2(int64_t V, int &Log);
  int innermostLoopFrame() const;
  bool strengthReduced(const Lin &L);
  Val freeValue(const Lin &L, const std::vector<const Val *> &Ops, const std::string &Key);
  Val immValue(const std::string &Key, const std::vector<const Val *> &Ops);
  Val inRegister(const Val &V, SourceLocation L);
  Val arith(BinaryOperatorKind Op, const Expr *LE, const Expr *RE, QualType T, SourceLocation L,
            const Val *LHSVal = nullptr);
  Val binary(const BinaryOperator *BO);
  Val unary(const UnaryOperator *UO);
  const kp_sym *cOp(BinaryOperatorKind Op, QualType T, const Lin &X, const Lin &Y);
  const kp_sym *wrapU32(const kp_sym *S);
  Lin selectValue(const ConditionalOperator *CO, const Val &T, const Val &F);
  Lin evalQuiet(const Expr *E);
  Val evalQuietVal(const Expr *E);

  // ---- Memory: places, pointers, accesses, shared arrays (body/Memory.cpp) ----
  struct Place {
    bool IsVar = false;
    const VarDecl *VD = nullptr;
    // Memory:
    Val Ptr;               // base pointer, with Off the element index
    unsigned ElemBytes = 0;
    unsigned NDims = 0;
    int64_t Dims[4] = {0, 0, 0, 0};
    std::vector<Lin> Subs; // per-dimension subscripts of a shaped array
    // A thread's local array: an element indexed by constants is a register.
    const VarDecl *RegisterArray = nullptr;
    // An array member of a thread's own object (`v.buf[i]`, `this->buf[i]`
    // in a method run on v): its bytes; 0 otherwise.
    int64_t MemberArrayBytes = 0;
    const char *Why = nullptr;
    // An index made of comparisons and constants (kp_access.index_compares).
    bool IndexCompares = false;
    std::string IndexKey; // pure key of the index, when known
    std::string Text;     // the subscripts as written, "[i][j]"
  };
  kp_space spaceOf(const VarDecl *VD);
  Val arrayBase(const VarDecl *VD);
  bool isThreadArray(const VarDecl *VD);
  void recordShared(const VarDecl *VD);
  bool placeOf(const Expr *E, Place &P);
  bool registerArray(const Place &P, const Lin &Ix);
  bool memberPlace(const MemberExpr *ME, Place &P, unsigned Unit);
  bool localMemberArray(const Expr *Cur, Val &Base, Place &P);
  int fewValued(const Expr *E, int Depth);
  bool neverModified(const VarDecl *VD);
  bool boundedTrip(const kp_sym *S);
  llvm::DenseMap<const VarDecl *, bool> Unmodified; // neverModified's answers
  // The thread's own object (a local variable) each inlined method runs on,
  // innermost last; null for a method run on anything else.
  std::vector<const VarDecl *> ThisObjects;
  bool addressOf(const Expr *E, Val &Out);
  int access(const Place &P, bool Store, bool Atomic, SourceLocation L, Val &Addr);
  void recordGuards(const Frame &Fr, kp_access *Ac);
  static kp_iclass memClass(kp_space S, bool Store);
  Val readLValue(const Expr *E);
  Val load(const Expr *E);
  void forgetLoads(const char *Base);
  Val store(const Expr *LHS, Val V, SourceLocation L);
  Place placeAt(const Val &PV, QualType PT);

  // ---- Guards: which threads of a warp run a piece of code (body/Guards.cpp) ----
  const kp_sym *condSym(const Expr *E);
  static kp_guard_op negate(kp_guard_op Op);
  bool condGuards(const Expr *Cond, bool Neg, std::vector<kp_guard> &Out);
  bool condAlternatives(const Expr *Cond, bool Neg, std::vector<kp_guard> &Out);
  static bool joinedParts(const Expr *E, BinaryOperatorKind Join, size_t Max,
                          std::vector<const Expr *> &Parts);
  void addGuards(Frame &F, const Expr *Cond, bool Neg);
  bool launchUniform(const kp_sym *S, int Depth = 0) const;
  void uniformNeeds(const Expr *Cond, bool Neg, kp_guard *&Out, size_t &N);
  static bool exits(const Stmt *S);
  static bool leavesFunction(const Stmt *S);
  static bool containsStmtExpr(const Expr *E, int Depth);
  static bool onlyExit(const Stmt *S, bool &IsReturn);

  // ---- Calls (body/Calls.cpp) ----
  Val opUsing(kp_iclass Cl, unsigned N, const std::vector<Val> &Args, SourceLocation L,
              bool ThreadDep, const Val *Addr = nullptr, int Access = -1);
  Val call(const CallExpr *CE);
  Val inlineCall(const CallExpr *CE, const FunctionDecl *Def, unsigned First);
  Lin minMaxValue(const std::string &Name, const CallExpr *CE, const std::vector<Val> &Args);
  Lin intCallValue(const std::string &Name, const CallExpr *CE, const std::vector<Val> &Args);

  // ---- Statements (body/Statements.cpp) ----
  void stmt(const Stmt *S);
  void stmtInner(const Stmt *S);
  int PendingUnroll = 0;
  void varDecl(const VarDecl *VD);
  void ifStmt(const IfStmt *IS);
  const VarDecl *clampOf(const Expr *Cond, const Stmt *Then, Lin &Out);
  void branch(SourceLocation L, const Expr *Cond, const Val &Cd, int Taken, const Stmt *Then,
              const Stmt *Else, int Jump = -1);

  // ---- Loops: counters, trip counts, unrolling (body/Loops.cpp, LoopTrips.cpp, LoopUnroll.cpp) ----
  class Modified;
  struct Induction {
    const VarDecl *VD = nullptr;
    enum { None, Add, Mul2, Shr1 } Kind = None;
    Lin Step; // Add: the increment (negative for decrements)
    int Shift = 1; // Mul2/Shr1: bits per update (i <<= 2, i >>= 2, i *= 4, i /= 4: 2)
  };
  // The loop condition as bounds on the counter: one comparison, or a
  // conjunction (`k < blockDim.x && base + k < n`) of comparisons of the
  // counter, plus an offset the loop does not change, with a bound, and of
  // conditions that do not mention the counter nor anything the loop changes.
  struct Bound {
    bool Ok = false;
    std::vector<std::pair<BinaryOperatorKind, Lin>> Limits; // i Op Limit, each
    std::vector<kp_guard> When; // the conjuncts without the counter
  };
  bool unrolledVar(int V);
  bool constAfterUnroll(const Lin &L);
  const kp_sym *tripSym(const Lin &L);
  Induction induction(const Expr *Inc);
  Induction updateOf(const Expr *Inc, const Expr *Cond, const Modified *Mod);
  Bound boundOf(const Expr *Cond, const VarDecl *VD, const Modified *Mod);
  bool counterPlus(const Expr *E, const VarDecl *VD, Lin &Off, int Depth);
  const kp_sym *tripOf(const Lin &Init, const Induction &Ind, const Bound &B);
  const kp_sym *floatTrip(const ForStmt *FS, Modified &Mod);
  const kp_sym *constantTrip(const ForStmt *FS, const VarDecl *&Counter);
  void loop(const Stmt *S);
  int unrollHint(const clang::AttributedStmt *AS);
  bool unrollsWhole(int Unroll, int64_t Trip, uint64_t IterationSize, bool ThreadArray);
  uint64_t unrollSize(const Stmt *S, int Depth);
  uint64_t wholeSize(const Stmt *Body, const Expr *Inc, const VarDecl *Counter, int64_t Trip,
                     int Depth, bool ThreadArray);
  bool indexesThreadArray(const Stmt *S, const VarDecl *Counter, int Depth);
  bool foldsAfterUnroll(const Expr *E, int Depth);
  bool runtimeStride(const Expr *E, int Depth);
  bool isFoldedCounter(const Expr *E);
  // Counters of the loops whose size is being taken as if unrolled whole:
  // arithmetic of these and constants folds (wholeSize).
  llvm::SmallVector<const VarDecl *, 4> FoldedCounters;
  static int partialUnroll(uint64_t IterationSize, int64_t Trip);
  bool uncountable(const Induction &Ind, const Expr *Update);
  static const char *basename(const char *P);
};

// Whether E (parentheses and implicit casts aside) names VD.
bool refersTo(const Expr *E, const VarDecl *VD);
// The other side of a comparison of VD (`VD Op E`, or `E Op VD` with Op
// reversed so that VD reads as the left side): E, or nullptr when neither side
// is VD.
const Expr *comparedWith(const BinaryOperator *Cmp, const VarDecl *VD, BinaryOperatorKind &Op);

} // namespace body
} // namespace kperf

#endif
