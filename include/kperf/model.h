/* kperf kernel model: what the front end found in one translation unit.
 *
 * Plain C structures filled by the clang plugin (plugin/) and read by the
 * analyses (analyses/).  Nothing here depends on clang.  All strings are owned
 * by the module's arena and live as long as the module.
 */
#ifndef KPERF_MODEL_H
#define KPERF_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "kperf/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A source position: file name, 1-based line and column.  line == 0: unknown. */
typedef struct kp_loc {
  const char *file;
  unsigned line, col;
} kp_loc;

/* An integer expression from the source: its spelling and, when the compiler
 * could fold it to a constant, its value. */
struct kp_sym;
struct kp_quotient;
typedef struct kp_expr {
  const char *text; /* spelling as written; NULL when the expression is absent */
  int known;        /* 1 when value holds the folded constant */
  int64_t value;
  /* When not known: the expression as a formula over the host variables it
   * reads (named as written: "n", "Size.width", "block.x"), so that values
   * given for them evaluate it; NULL when it has no such form. */
  const struct kp_sym *sym;
  /* The variable the expression is, when it is one plain name (`blocks`,
   * `(threads)`): values given for that name are its value.  NULL otherwise. */
  const char *name;
  /* The expression as a division, when it is written as one (a grid size
   * that covers a problem); NULL otherwise.  Kept when the value folds. */
  const struct kp_quotient *quot;
} kp_expr;

/* An integer written as the quotient of a size by a divisor: num / den
 * (`n / 256`), or rounded up (round_up 1, num the n): `(n + b - 1) / b`,
 * `(n + (b - 1)) / b`, `(n - 1 + b) / b`, `divUp(n, b)`, `ceil(n / (float)b)`.
 * A numerator n plus a constant (`(n + 255) / 256`, `(n + 255) / threads`)
 * has has_tail 1, head the n and tail the constant: it rounds head up
 * exactly when den's value is tail + 1 (decided where den is evaluated). */
typedef struct kp_quotient {
  kp_expr num, den;
  int round_up;
  int has_tail;
  kp_expr head;
  int64_t tail;
  /* A plain `N / D` (not rounded up, no tail): its source range [begin, end)
   * when it is written in one file outside macros (where a fix-it can
   * rewrite it); line 0 otherwise. */
  kp_loc begin, end;
  /* When num is a local variable (`n` of `int n = k * 256; ...<<<n / 256,
   * 256>>>`): the formula of what it holds where the quotient is read, over
   * the variables that value reads; NULL when it has none or num is known. */
  const struct kp_sym *num_held;
  /* 1 when num, or what its local holds, reads a parameter of the function
   * that launches: its value is the caller's, which kperf does not follow. */
  int num_param;
} kp_quotient;

typedef struct kp_dim3 {
  kp_expr x, y, z;
  /* The dim3 variable the sizes come from ("threads" of `dim3 threads(16,
   * 16); k<<<g, threads>>>`), so that a grid written threads.x can be read;
   * NULL when none. */
  const char *var;
} kp_dim3;

typedef struct kp_param {
  const char *name; /* "" for an unnamed parameter */
  const char *type; /* as clang prints it, e.g. "const float *" */
} kp_param;

/* ---- Kernel bodies ----------------------------------------------------
 *
 * A kernel body is a tree of regions.  A region is a list of nodes in program
 * order; a node is an operation (a group of PTX-level instructions of one
 * class), a loop (with a symbolic trip count and a body region) or a branch
 * (with a then and an else region).  Device functions are inlined at their
 * call sites.  Within a region, each node lists the earlier nodes of the same
 * region whose results it uses: the dependency DAG of that region.  Values
 * coming from outside the region are ready when the region starts. */

/* Instruction classes, at the level of PTX instructions. */
typedef enum kp_iclass {
  KP_I_FP32 = 0,  /* add/sub/mul/fma/min/max/abs/neg .f32 (a*b+c fused: one) */
  KP_I_FP64,      /* the same on .f64 */
  KP_I_FP16,      /* the same on .f16/.f16x2/.bf16 */
  KP_I_INT,       /* 32-bit add/sub/logic/shift/min/max/abs/neg, mov, special registers */
  KP_I_INT_MUL,   /* mul.lo/mad.lo/mul.hi/mul.wide */
  KP_I_INT_DIV,   /* div/rem on integers (one PTX instruction, a long SASS sequence) */
  KP_I_INT64,     /* 64-bit integer add/logic/shift (not address arithmetic) */
  KP_I_FP_DIV,    /* div.rn.f32/div.rn.f64, sqrt.rn, rcp.rn (precise) */
  KP_I_SFU,       /* ex2/lg2/sin/cos/rsqrt/rcp/sqrt .approx (special function unit) */
  KP_I_CONV,      /* cvt between types */
  KP_I_CMP,       /* setp, selp, set */
  KP_I_BRANCH,    /* bra, ret, and loop back edges */
  KP_I_ADDR,      /* address arithmetic code generation adds (mul.wide, add.s64, cvta) */
  KP_I_LD_PARAM,  /* ld.param: kernel arguments */
  KP_I_LD_GLOBAL,
  KP_I_ST_GLOBAL,
  KP_I_LD_SHARED,
  KP_I_ST_SHARED,
  KP_I_LD_LOCAL,
  KP_I_ST_LOCAL,
  KP_I_LD_CONST,
  KP_I_ATOMIC,    /* atom/red on global or shared memory */
  KP_I_BARRIER,   /* bar.sync / __syncthreads and friends */
  KP_I_WARP,      /* shfl/vote/match/activemask */
  KP_I_OTHER,     /* calls kperf does not know, membar, ... */
  KP_I_COUNT
} kp_iclass;

/* A short stable name ("fp32", "ld.global", ...); "?" when out of range. */
const char *kp_iclass_name(kp_iclass c);

typedef enum kp_space {
  KP_SPACE_GLOBAL = 0,
  KP_SPACE_SHARED,
  KP_SPACE_LOCAL,
  KP_SPACE_CONST,
  KP_SPACE_UNKNOWN /* a generic pointer kperf could not resolve */
} kp_space;

const char *kp_space_name(kp_space s);

/* Thread-varying variables of an affine form.  Loop induction variables are
 * KP_V_LOOP + the loop's index in kp_kernel.loops. */
enum {
  KP_V_TID_X = 0, KP_V_TID_Y, KP_V_TID_Z,
  KP_V_CTAID_X, KP_V_CTAID_Y, KP_V_CTAID_Z,
  KP_V_LOOP = 16
};

/* The names formulas, guards and bindings give the built-in variables,
 * written here once: kp_id_names[KP_V_TID_X .. KP_V_CTAID_Z] are
 * "threadIdx.x" ... "blockIdx.z"; kp_block_dim_names "blockDim.x" ...;
 * kp_grid_dim_names "gridDim.x" .... */
extern const char *const kp_id_names[6];
extern const char *const kp_block_dim_names[3];
extern const char *const kp_grid_dim_names[3];

/* coef * variable; coef is a formula over parameters and launch sizes. */
typedef struct kp_term {
  const kp_sym *coef;
  int var;
} kp_term;

/* An affine form: base + sum(terms).  known == 0: not affine (why says why). */
typedef struct kp_affine {
  int known;
  const kp_sym *base; /* the part that does not vary with thread or loop */
  kp_term *terms;
  size_t nterms;
  const char *why; /* when !known: "indirect index", "non-affine: i*i", ... */
} kp_affine;

/* A condition that decides which threads of a warp make an access: lhs op rhs,
 * formulas over "threadIdx.x" ... "blockIdx.z", launch sizes, parameters,
 * loop iterations ("iteration@N" for loop N of kp_kernel.loops: 0, 1, ...)
 * and the values of doubling/halving counters (named after the counter). */
typedef enum kp_guard_op {
  KP_GUARD_LT = 0, KP_GUARD_LE, KP_GUARD_GT, KP_GUARD_GE, KP_GUARD_EQ, KP_GUARD_NE
} kp_guard_op;

typedef struct kp_guard {
  const kp_sym *lhs, *rhs;
  kp_guard_op op;
} kp_guard;

/* One memory access in the source (a load, a store or an atomic). */
typedef struct kp_access {
  kp_loc loc;
  int is_store;   /* a store (or the store half of a compound assignment) */
  int is_atomic;
  int is_float;   /* an atomic on a floating-point element (atomicAdd(float *, ...)) */
  kp_space space;
  const char *array;   /* the base object: parameter, shared array, local array */
  unsigned elem_bytes; /* bytes per element accessed */
  unsigned ndims;      /* declared shape of the base array (shared/local/constant) */
  int64_t dims[4];     /* extents, outermost first; ndims == 0 for pointers */
  kp_affine index;     /* flattened element index from the base */
  /* When the index is not affine (index.known == 0) but each thread can
   * compute it from thread and block ids, loop iterations, launch sizes,
   * parameters and constants alone (a[(i * 7) % N], s[8 * (t % 32)],
   * a[i * (k + 1)]): the flattened element index as a formula over the
   * names guards use ("threadIdx.x" ... "blockIdx.z", "blockDim.x",
   * "iteration@N", doubling/halving counters by name, parameters), with C's
   * operators (KP_SYM_TDIV, KP_SYM_TMOD, KP_SYM_AND, ...).  NULL when the
   * index depends on memory or anything else kperf cannot state: then kperf
   * cannot tell. */
  const kp_sym *index_formula;
  /* When the index adds values kperf cannot state (loaded from memory,
   * non-affine) to affine addends (in[c * S + x + shift[c]]): those addends
   * (known = 1); else known = 0. */
  kp_affine index_part;
  /* The subscript(s) as written, "[(i * 7) % N]" or "[r][c]" (for
   * messages); NULL when the access is not an array subscript. */
  const char *index_text;
  int loop;            /* innermost enclosing loop (index in kp_kernel.loops), -1 */
  int divergent;       /* 1 when under a thread-dependent branch */
  /* The thread-dependent conditions under which it runs (all must hold), from
   * the enclosing branches and the early exits (return, continue) before it.
   * guards_unknown: one of them could not be expressed, so which threads of
   * a warp take part is unknown.  guards_data (with guards_unknown): every
   * such condition is one on values loaded from memory (`if (x < p[i].c)`,
   * `for (j = 0; j < len[i]; j++)`), a mask the data decides: the guards
   * give the most threads that can take part (all of them pass it for some
   * data), the others a subset. */
  kp_guard *guards;
  size_t nguards;
  int guards_unknown;
  /* When guards_unknown comes from one condition alone that is a
   * disjunction of comparisons kperf can state (`if (i >= n && j >= n)
   * return;` leaves `i < n || j < n`): those comparisons, at least one of
   * which holds; NULL otherwise. */
  kp_guard *any_guards;
  size_t nany_guards;
  int guards_data;
  /* For an array with a declared shape (ndims > 1): the subscript of each
   * dimension, outermost first (NULL when not recorded). */
  kp_affine *subs;
  int shared_decl;     /* index in kp_kernel.shared_decls, -1 */
  /* The innermost branch whose side holds the access (through loops and
   * inlined calls), and which side: 1 then, 0 else; NULL at the top. */
  const struct kp_branch *branch;
  int branch_side;
  /* An access to an array the thread declares in the kernel (`float v[8];
   * v[i]`, not through a pointer) whose index is not a constant after the
   * unrolling kperf models: the array's bytes per thread (it lives in local
   * memory); 0 otherwise. */
  int64_t local_array_bytes;
  /* With local_array_bytes: 1 when every subscript takes only a few values,
   * each fixed at compile time once the loops are unrolled -- made of
   * comparison results, constants and the counters of loops of constant trip
   * count (`(tx > x) * 4 + (ty > y) * 2 + (tz > z)`, HeCBench s8n's
   * temp_idx); 0 otherwise.  The device compiler may turn such accesses into
   * selects between registers (docs/checks/local-memory.md). */
  int index_compares;
} kp_access;

typedef enum kp_node_kind { KP_NODE_OP = 0, KP_NODE_LOOP, KP_NODE_BRANCH } kp_node_kind;

struct kp_loop;
struct kp_branch;

typedef struct kp_node {
  kp_node_kind kind;
  kp_loc loc;
  int *deps; /* indices of earlier nodes of the same region */
  size_t ndeps;
  /* KP_NODE_OP */
  kp_iclass cls;
  unsigned count; /* PTX instructions this node stands for (>= 1) */
  int access;     /* index in kp_kernel.accesses, -1 when not a memory access */
  int per_group;  /* runs once per unrolled group of its loop's iterations
                     (kp_loop.unrolled_by), not once per iteration */
  int escapes;    /* its value is kept in a register array's element beyond
                     its region (c[t] += 1 in an unrolled loop: a counter or
                     an accumulator), so it is never folded into offsets */
  int pred_logic; /* 1: combines truth values only (a && b, a || b, !a, a == b
                     on bools, a truth value converted to bool): in the emitted
                     code it is the combining operation or negated operand of
                     the comparisons that made them (PTX setp's .and/.or/.xor,
                     !p), no instruction of its own.  2: a truth value turned
                     into a number (selp) that is only tested again: no
                     instruction in the source counts either */
  /* KP_NODE_LOOP / KP_NODE_BRANCH */
  struct kp_loop *loop;
  struct kp_branch *branch;
} kp_node;

typedef struct kp_region {
  kp_node *nodes;
  size_t nnodes, cap;
} kp_region;

typedef enum kp_trip_kind {
  KP_TRIP_EXACT = 0, /* derived from the loop's bounds (a formula, maybe symbolic) */
  KP_TRIP_PRAGMA,    /* given by #pragma kperf trip(N) */
  KP_TRIP_UNKNOWN    /* kperf cannot bound it: trip is the variable trip_param */
} kp_trip_kind;

typedef struct kp_loop {
  int id;             /* index in kp_kernel.loops */
  int parent;         /* enclosing loop, -1 */
  kp_loc loc;
  const char *var;    /* induction variable, NULL when none was recognised */
  const kp_sym *init; /* its first value, NULL when not affine */
  const kp_sym *step; /* added per iteration (for multiplicative loops: NULL) */
  const kp_sym *trip; /* iterations for the main thread (never NULL) */
  kp_trip_kind trip_kind;
  const char *trip_param; /* KP_TRIP_UNKNOWN: the variable's name, "trip@file:line" */
  const char *why;        /* KP_TRIP_UNKNOWN: why it could not be bounded */
  int unroll;             /* #pragma unroll: 0 none, -1 full, N */
  int unrolled_by;        /* the unrolling code generation is expected to apply:
                             iterations per group (1: none; a fully unrolled loop
                             has no per-group operations) */
  int unrolled_whole;     /* 1: code generation unrolls it completely (its trip
                             count is a constant, and #pragma unroll, an unroll
                             count at least the trip count, or a loop small
                             enough that nvcc -O3 unrolls it anyway) */
  int thread_dependent;   /* trip count depends on the thread (divergent exit) */
  int step_kind;          /* how the counter moves (kp_step_kind of trip.h: add, *2, /2);
                             a doubling or halving counter appears in formulas as
                             the variable named var, starting at init */
  int shift;              /* doubling/halving counters: bits moved per iteration
                             (i <<= 2, i >>= 2: 2; 0 or 1: one) */
  kp_region body;
} kp_loop;

typedef struct kp_branch {
  kp_loc loc;
  int divergent; /* condition depends on threadIdx (differs within a warp) */
  int taken;     /* 1 then, 0 else when the condition folds; -1 unknown */
  const char *cond; /* the condition's spelling */
  kp_region then_r, else_r;
  int has_jump;  /* the operation node just before this branch node in its
                    region is its conditional jump (KP_I_BRANCH): a branch
                    code generation predicates leaves that jump out */
  /* Comparisons the same for every thread of a launch (over parameters,
   * launch sizes and constants only) that hold wherever the then side runs
   * (then_needs: the parts of a condition `a && b` that are such, `flag != 0`
   * of `if (flag)`) and wherever the else side runs (else_needs: the negated
   * parts of `a || b`).  With values for their variables, a side one of
   * whose needs does not hold is dead (kp_branch_side, count.h). */
  kp_guard *then_needs;
  size_t nthen_needs;
  kp_guard *else_needs;
  size_t nelse_needs;
  /* 1: the condition depends on a value loaded from memory (a data test,
   * `if (a[i] < 0)`), so which side a thread takes is not known. */
  int data;
  /* #pragma kperf likely(P) before the if (has_likely 1): the percentage
   * of threads that take the then side, 0 to 100. */
  int has_likely;
  int likely;
  /* The branch whose side holds this one (1 then, 0 else); NULL at the top. */
  const struct kp_branch *outer;
  int outer_side;
} kp_branch;

/* A note about something kperf could not analyse ("recursion cut at f",
 * "call through a pointer"), kept with the kernel and shown by kperf analyze. */
typedef struct kp_model_note {
  kp_loc loc;
  const char *text;
} kp_model_note;

/* A __shared__ array of the kernel (static or extern). */
typedef struct kp_shared_decl {
  const char *name;
  kp_loc loc;          /* the declaration's name */
  unsigned elem_bytes;
  unsigned ndims;
  int64_t dims[4];     /* 0 for the unsized dimension of an extern array */
  /* The innermost extent as written ("32", "TILE"): its source range and
   * text, when it is all that stands between its brackets in the file (the
   * place a padding fix-it rewrites); line 0 and NULL otherwise. */
  kp_loc inner_begin, inner_end;
  const char *inner_text;
} kp_shared_decl;

typedef struct kp_kernel {
  const char *name;  /* qualified name, with template arguments for instantiations */
  const char *mangled; /* the symbol name (extern "C": the plain name); NULL unknown */
  kp_loc loc;        /* location of the kernel's name in its definition */
  kp_param *params;
  size_t nparams;
  int is_template_instance;
  int max_threads_per_block; /* from __launch_bounds__, 0 when absent */
  int min_blocks_per_sm;     /* from __launch_bounds__, 0 when absent */

  /* The body (has_body == 0: no definition seen, or it could not be walked). */
  int has_body;
  /* When an analysis limit (kperf/limits.h) stopped the walk or kept kperf
   * from starting it: which one, as a phrase ("expressions are nested deeper
   * than 256").  has_body is then 0: nothing is said of the kernel. */
  const char *not_analysed;
  kp_region body;
  kp_loop **loops;
  size_t nloops, cap_loops;
  kp_access *accesses;
  size_t naccesses, cap_accesses;
  kp_model_note *notes;
  size_t nnotes, cap_notes;
  int64_t shared_static_bytes; /* __shared__ arrays with a size, per block */
  int uses_dynamic_shared;     /* extern __shared__ array used */
  int registers_estimate;      /* per thread, a heuristic estimate (see analyses/registers.c) */
  int register_array_words;    /* 32-bit words of the thread's local arrays that only
                                  constant indices (after unrolling) address: registers */
  int max_registers;           /* maxrregcount or __launch_bounds__ cap, 0 when none */
  kp_shared_decl *shared_decls;
  size_t nshared_decls, cap_shared_decls;
  int64_t block_pragma[3];     /* #pragma kperf block(x, y, z); 0s when none */
  /* Variables that stand for integers loaded from an address the same for
   * every thread of a warp (first = box[blockIdx.x].offset): named after the
   * local that holds one, unknown, one value per warp. */
  const char **loaded_vars;
  size_t nloaded_vars;
} kp_kernel;

typedef struct kp_launch {
  const char *kernel_name; /* the callee as resolved, or the callee's spelling */
  int kernel;              /* index into kp_module.kernels, -1 when unresolved */
  int via_pointer;         /* 1 when launched through a function pointer */
  kp_loc loc;              /* location of the launch's '<<<' expression */
  kp_dim3 grid, block;
  kp_expr smem;       /* dynamic shared memory bytes; text NULL when not given */
  const char *stream; /* stream expression, NULL when not given */
  kp_expr *args;      /* the call's arguments, one per kernel parameter */
  size_t nargs;
  /* The object-like macros the block's x (and y, when another) size is
   * written as (`dim3 b(TILE, TILE)`: "TILE"; "BX,BY"), a compile-time
   * parameter `kperf tune` searches; NULL when none. */
  const char *block_macros;
  /* One per argument (nargs) or NULL: for a pointer argument that is a local
   * the launching function allocates device memory for exactly once
   * (`cudaMalloc(&d_a, n * sizeof(float))`, cudaMallocManaged, hipMalloc)
   * and never assigns otherwise, the bytes allocated; text NULL for the
   * others. */
  kp_expr *arg_bytes;
  /* Bit d (0 x, 1 y) set when the launching function computes the grid's
   * numerator modulo its divisor somewhere (`n % 256`, `n & 255` for a
   * divisor 256), as an assert or a test that it is a multiple does. */
  unsigned grid_remainder;
} kp_launch;

struct kp_ptxas_facts; /* kperf/ptxas.h */

typedef struct kp_module {
  const char *main_file;
  kp_binding *assume; /* #pragma kperf assume(name = value) and --arg name=value */
  size_t nassume, cap_assume;
  unsigned host_errors; /* errors clang reported in this translation unit */
  kp_kernel *kernels;
  size_t nkernels, cap_kernels;
  kp_launch *launches;
  size_t nlaunches, cap_launches;
  struct kp_arena *arena;
  /* Registers and spills from ptxas (kperf/ptxas.h), matched to the kernels
   * by mangled name; NULL: none given (not owned by the module). */
  const struct kp_ptxas_facts *ptxas;
} kp_module;

void kp_module_init(kp_module *m);
void kp_module_free(kp_module *m);

/* Copies s (n bytes, or up to its NUL when n == (size_t)-1) into the module's arena. */
const char *kp_module_str(kp_module *m, const char *s, size_t n);
/* Allocates n zeroed bytes in the module's arena. */
void *kp_module_alloc(kp_module *m, size_t n);

/* Appends a zeroed kernel/launch and returns it (NULL when out of memory).
 * The pointer is valid until the next append of the same kind. */
kp_kernel *kp_module_add_kernel(kp_module *m);
kp_launch *kp_module_add_launch(kp_module *m);

/* Body building (the plugin uses these; all memory is the module's). */
kp_node *kp_region_add(kp_module *m, kp_region *r); /* zeroed node, access = -1 */
kp_loop *kp_kernel_add_loop(kp_module *m, kp_kernel *k);      /* id set, parent = -1 */
/* The module's invariants: launches name kernels of the module or none (-1),
 * accesses name loops and __shared__ declarations of their kernel, affine
 * forms name thread/block ids or the kernel's loops.  1 when they hold; the
 * analyses assert it (on in the sanitizer build). */
int kp_module_valid(const kp_module *m);
kp_access *kp_kernel_add_access(kp_module *m, kp_kernel *k);  /* loop = -1; its index is naccesses-1 */
kp_shared_decl *kp_kernel_add_shared(kp_module *m, kp_kernel *k); /* its index is nshared_decls-1 */
void kp_kernel_note(kp_module *m, kp_kernel *k, kp_loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Adds dep to the node's dependency list (ignores duplicates and dep < 0). */
void kp_node_add_dep(kp_module *m, kp_node *n, int dep);
/* Records name = value (a later one for the same name wins). */
int kp_module_assume(kp_module *m, const char *name, int64_t value);

/* Index of the kernel with this name, or -1: its name as written, else
 * without template arguments ("scale_t" for "scale_t<4>"), else without
 * namespaces ("k" for "ns::k"); among equals, one with a body. */
int kp_module_find_kernel(const kp_module *m, const char *name);

/* A launch of kernel (an index of m->kernels) with these constant sizes,
 * located at the kernel's name (texts in m's arena); 0, or -1 when the
 * kernel index is out of range or out of memory. */
int kp_module_launch_of(kp_module *m, int kernel, const int64_t grid[3], const int64_t block[3],
                        int64_t smem, kp_launch *out);

#ifdef __cplusplus
}
#endif
#endif
