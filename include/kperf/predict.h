/* kperf performance models: predicted kernel time for one launch.
 *
 * Five models, one file each in analyses/predict/ and one row each in its
 * registry, analyses/predict/registry.c (documentation, with each paper's
 * formulas restated in kperf's terms: docs/models.md):
 *   KP_MODEL_KP        "kp"        model 000, Kleimenov & Popova 2021
 *   KP_MODEL_HONGKIM   "hongkim"   model 003, Hong & Kim 2009 MWP-CWP
 *   KP_MODEL_KOLPAKOV  "kolpakov"  model 004, Kolpakov et al. (Kothapalli's formula)
 *   KP_MODEL_QU        "qu"        model 001, Qu et al. 2020 warp-level features
 *   KP_MODEL_BN        "bn"        bottleneck: the busiest pipe or memory level per wave
 *
 * Everything is plain numbers: a kp_predict_input describes one launch (its
 * shape and what one thread of it executes), a kp_gpu the GPU.  Unknown GPU
 * facts fall back as docs/models.md says, and every fallback that matters
 * for the launch is named in kp_prediction.note; a time that cannot be
 * computed at all is NaN (the note says which fact is missing).
 */
#ifndef KPERF_PREDICT_H
#define KPERF_PREDICT_H

#include <stddef.h>

#include "kperf/gpu.h"
#include "kperf/model.h"
#include "kperf/occupancy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The models, one row each in include/kperf/models.def: KP_MODEL_KP, ... */
typedef enum kp_model_kind {
#define KP_MODEL(ID, name) KP_MODEL_##ID,
#include "kperf/models.def"
#undef KP_MODEL
  KP_MODEL_COUNT
} kp_model_kind;

/* The model used when none is named (option model=, kperf --model). */
#define KP_MODEL_DEFAULT KP_MODEL_BN

/* "kp", "hongkim", "kolpakov", "qu", "bn" (case-insensitive) -> the kind; -1 otherwise. */
int kp_model_by_name(const char *name);
/* The option name of a kind ("kp", ...); "?" when out of range. */
const char *kp_model_name(kp_model_kind kind);

/* Model 000's time(thread, lat) and delay(thread) for the main thread:
 * lat[c] / issue[c] are the latency / issue delay (cycles) of class c.
 * Returns 1 on success, 0 when the time cannot be computed.  The function
 * must be nondecreasing in every lat[c] (a critical path is). */
typedef int (*kp_thread_time_fn)(void *user, const double lat[KP_I_COUNT],
                                 const double issue[KP_I_COUNT], double *time, double *delay);

enum { KP_NSPACES = KP_SPACE_UNKNOWN + 1 };

typedef struct kp_predict_input {
  /* The launch. */
  long long grid_blocks; /* gridDim.x*y*z */
  int block_threads;     /* blockDim.x*y*z */
  long long smem_bytes;  /* shared memory per block, static + dynamic */
  int smem_optin;        /* 1: the kernel opted in to the large per-block limit */
  int regs_per_thread;   /* 0: unknown (occupancy not limited by registers) */
  /* Registers and spills from ptxas (-v) when kperf could ask it; else the estimate. */
  int regs_from_ptxas;   /* 1: regs_per_thread is ptxas's for this GPU's architecture */
  double spill_bytes;    /* local-memory bytes per thread moved by register spills
                            (ptxas's spill stores + spill loads, static counts); 0 none */
  double stack_bytes;    /* ptxas's stack frame per thread */
  int max_blocks_per_sm; /* 0: the GPU's limit; > 0: also cap resident blocks per SM
                            (16 reproduces seed 001's Table 6 on the GTX 940MX) */

  /* What the main thread executes (kp_count_kernel evaluated). */
  double count[KP_I_COUNT];    /* instructions per thread, per class */
  double bytes[KP_NSPACES];    /* bytes loaded + stored per thread, per space */
  double uncoal_bytes;         /* of the global bytes: moved by uncoalesced requests (0) */
  double uncoal_reused_bytes;  /* of those: read again by the same lanes in the next
                                  iterations of their loop (a sector the request moved
                                  holds the lane's next elements) (0) */
  double uncoal_reused_st_bytes; /* of those, written by stores: L2 merges them, L1 (write-
                                  through) does not (0) */
  double reuse_set_bytes;      /* the sectors one warp keeps for that reuse (0) */
  double same_address_atomics; /* global atomics per launched thread that every thread
                                  makes at one address (kperf/atomics.h): L2 applies
                                  them one after another (0) */
  double same_address_atomics_fp; /* of those, on floating-point elements (0) */
  double sibling_l1_bytes;     /* bytes per thread of coalesced loads that find their
                                  sectors moved by another access to the same array
                                  (kperf/siblings.h): L1 serves them (0) */
  double l1_extra_cycles;      /* L1 data-path cycles per warp beyond one per request of
                                  its global accesses (128 bytes a cycle) (0) */
  double syncs;                /* __syncthreads executed per thread */
  double replays[KP_I_COUNT];  /* extra issues per thread, per class: shared-memory bank-
                                  conflict replays (an n-way conflict: n - 1); each adds
                                  the class's issue delay to the thread's time and
                                  issue delay (0) */
  double l1_hit, l2_hit;       /* fractions of coalesced global bytes served by L1 / L2;
                                  NaN (default): 0, all from DRAM */
  double emitted[KP_I_COUNT];  /* instructions per thread per class as a compiler emits
                                  them (kp_counts.emitted); NaN (default): count[] */
  double live_warps;           /* active work (kperf/active.h): of the main thread's work
                                  given every launched warp, the fraction the warps do;
                                  NaN (default): all of it */
  double live_blocks;          /* the fraction of blocks in which some warp works (NaN: 1) */
  double live_prologue;        /* instructions a warp that does no work still issues */
  double uniform_bytes;        /* of the global bytes per thread: loads every thread makes
                                  at the same addresses (no thread or block id in the
                                  index), and the bytes those addresses span (0: none) */
  double uniform_span;
  double runtime_loop_loads;   /* global loads per thread in loops not fully unrolled (0) */
  double footprint_bytes;      /* distinct global bytes the whole launch touches (each
                                  array's span of addresses, at most its traffic); NaN
                                  (default): unknown, every global byte from DRAM */

  /* Set by kp_predict_input_from_kernel when a count depends on a variable
   * without a value: its name ("" otherwise). */
  char unbound[64];
  /* Per-class latency / issue delay overrides (cycles); NaN (default): from the GPU. */
  double lat[KP_I_COUNT];
  double issue[KP_I_COUNT];

  /* Model 000's thread time: thread_time when set; else kp_thread_time on
   * kernel with the bindings; else sum(count[c] * lat[c]) (every instruction
   * on one dependent chain) and sum(count[c] * issue[c]). */
  kp_thread_time_fn thread_time;
  void *thread_time_user;
  const kp_kernel *kernel;
  const kp_binding *bindings;
  size_t nbindings;

  /* Model parameters; NaN (default) selects the documented default. */
  double delay_dep;        /* kp: cycles per thread of a barrier (time_sync) */
  double spef;             /* qu: S, the stable parallel-effect factor */
  double problem_size;     /* qu: P, elements (0: grid_blocks * block_threads) */
  double hk_departure_coal, hk_departure_uncoal; /* hongkim: cycles per SM */
  double hk_uncoal_per_mw; /* hongkim: transactions per uncoalesced warp request */
  double pipeline_depth;   /* kolpakov: D */
  /* kolpakov: host<->device transfers around the kernel (0: none). */
  double h2d_bytes, d2h_bytes, h2d_gbs, d2h_gbs;
} kp_predict_input;

/* Zero launch and counts, NaN overrides and parameters, no thread_time. */
void kp_predict_input_init(kp_predict_input *in);

/* Fills in's counts, bytes, syncs, shared memory (static), registers
 * (estimate, capped by the kernel's cap), kernel and bindings from
 * kp_count_kernel(k) evaluated with the bindings, and block_threads /
 * grid_blocks from blockDim.* / gridDim.* when bound (y, z default to 1 once x
 * is bound).  The bindings must outlive in.  0 ok; -1 with a message naming
 * the first unbound variable ("the count of ld.global depends on 'n', which
 * has no value: ...") or why nothing could be counted; that variable's name
 * is also copied to in->unbound. */
int kp_predict_input_from_kernel(const kp_kernel *k, const kp_binding *b, size_t nb,
                                 kp_predict_input *in, char *err, size_t errlen);

/* The facts every model starts from, resolved from the GPU and the input
 * with the fallbacks of docs/models.md (filled by kp_predict). */
typedef struct kp_model_facts {
  double clock_mhz; /* SM clock (kp_gpu_sm_clock_mhz); NaN unknown */
  int warp_size, sub_partitions, sm_count;
  int warps_per_block;
  double lat[KP_I_COUNT];   /* per class; the global classes hold lat_global */
  double issue[KP_I_COUNT]; /* per class, per sub-partition */
  double lat_l1, lat_l2, lat_dram, lat_uncoal; /* base latencies used; NaN unknown */
  double lat_llc, bpc_llc; /* the last-level cache (KP_MEM_LLC): latency, bytes per SM cycle;
                              NaN / 0 when the GPU has none or it is unknown */
  double lat_global;        /* coalesced/uncoalesced, hit-weighted average */
  double f_l1, f_l2, f_dram; /* shares of coalesced global bytes (sum 1) */
  double global_bytes, uncoal_bytes, global_insts; /* per thread */
  double bpc_l1, bpc_l2, bpc_dram, bpc_uncoal; /* bytes per SM-clock cycle, whole GPU;
                                                  NaN: unknown, not limiting */
  long long blocks_per_wave; /* active blocks per SM * SMs */
} kp_model_facts;

/* Room for a model's own numbers in kp_prediction (its detail): a model's
 * header declares its struct with KP_MODEL_DETAIL, which fails to compile
 * when the struct does not fit (then raise this). */
enum { KP_MODEL_DETAIL_BYTES = 256 };
typedef union kp_model_detail {
  double align_double;
  long long align_long;
  void *align_pointer;
  unsigned char bytes[KP_MODEL_DETAIL_BYTES];
} kp_model_detail;

typedef struct kp_prediction {
  kp_model_kind model;
  double predicted_us; /* launch_us + exec_us + transfer_us; NaN when unknown */
  double launch_us;    /* what a cudaEvent pair around one launch measures beyond the
                          kernel's execution (kp_prediction_launch); 0 when unknown */
  double exec_us;
  double transfer_us;  /* kolpakov only, when transfers are given */
  /* The launch's time as each way of timing it measures it (kp_launch_timing,
   * gpu.h): a cudaEvent pair around it (predicted_us), Nsight Compute's
   * duration, and per launch of many back-to-back ones in a stream or a CUDA
   * graph (kp_prediction_launch); NaN when exec_us is. */
  double timing_us[KP_LAUNCH_TIMING_COUNT];
  double exec_cycles;  /* SM clock cycles */
  /* Back-to-back launches (the stream and graph timings), from a model that
   * tells them apart (bn; 0 from the others: the floor or the execution,
   * whichever is longer):
   *   warm_cycles: the execution when the launch before it left the launch's
   *     data in L2 (its footprint fits in L2), else exec_cycles;
   *   floor_exec_cycles: the execution the measured floor already holds (its
   *     kernel's one wave of a few blocks that load and store an element). */
  double warm_cycles, floor_exec_cycles;
  double waves;        /* ceil(grid_blocks / blocks_per_wave) */
  kp_occ_result occ;
  const char *bound;   /* what limits the time: "latency", "issue", "l1", "l2",
                          "dram", "uncoalesced"; bn: also "fp32", "fp64", "int", ...
                          (a pipe), "shared"; "unknown" when the time is NaN */
  const char *bound2;  /* bn: the next limit ("" none) */
  double bound2_ratio; /* bn: its time / the bound's time (<= 1) */
  kp_model_facts facts;
  double thread_cycles, thread_delay; /* main thread at base latencies */

  /* Qu's features (model 001), computed for every model: v, W, I, v/I, D, A
   * and the a, c, W1, W2 they come from. */
  double qu_v, qu_W, qu_I, qu_v_over_I, qu_D, qu_A, qu_a, qu_c, qu_W1, qu_W2;

  /* The model's own numbers: the struct its header defines
   * (analyses/predict/<name>.h, KP_MODEL_DETAIL), zero unless the model's
   * row initialises it. */
  kp_model_detail detail;

  char note[512]; /* "; "-separated: fallbacks used, facts missing ("" none) */
} kp_prediction;

/* Predicts one launch with the given model.  0 ok (out->predicted_us may be
 * NaN, see out->note); -1 with a one-line message when the input is invalid
 * (no block size, negative or non-finite counts) or the occupancy cannot be
 * computed (unknown limits, a block that does not fit). */
int kp_predict(kp_model_kind kind, const kp_gpu *gpu, const kp_predict_input *in,
               kp_prediction *out, char *err, size_t errlen);

/* ---- The registry (analyses/predict/registry.c): one row per model. */

/* A number a model reports about its prediction (its JSON breakdown). */
typedef struct kp_model_field {
  const char *name;
  double value; /* NaN: unknown (JSON null) */
} kp_model_field;

enum { KP_MODEL_MAX_FIELDS = 16 };

typedef struct kp_model_def {
  const char *name;  /* option name: "kp", ... */
  const char *title; /* what it is, one line */
  /* Called by kp_predict after it resolved out->facts, out->occ, the thread
   * time and the Qu features: sets out->exec_cycles (NaN when unknown),
   * out->bound and, when the model has one, out->launch_us. */
  int (*predict)(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out);
  /* The model's own numbers for the breakdown: up to KP_MODEL_MAX_FIELDS
   * into f; returns how many. */
  int (*fields)(const kp_prediction *p, kp_model_field *f);
  /* Optional: sets the model's own numbers (out->detail) before anything is
   * predicted (NULL: they start zero). */
  void (*init)(kp_prediction *out);
} kp_model_def;

/* The registry row of a kind; NULL when out of range. */
const kp_model_def *kp_model_def_of(kp_model_kind kind);

/* Each model's row, defined by its file analyses/predict/<name>.c. */
#define KP_MODEL(ID, name) extern const kp_model_def kp_model_def_##name;
#include "kperf/models.def"
#undef KP_MODEL

/* ---- Shared by the model files (not needed by callers). */
/* In a model's header: its struct T of own numbers, kept in
 * kp_prediction.detail, and its accessors kp_detail_<name>(p) and
 * kp_cdetail_<name>(p) (const). */
#define KP_MODEL_DETAIL(name, T)                                                        \
  _Static_assert(sizeof(T) <= KP_MODEL_DETAIL_BYTES,                                    \
                 #T " must fit in kp_prediction.detail (raise KP_MODEL_DETAIL_BYTES)"); \
  static inline T *kp_detail_##name(kp_prediction *p) {                                 \
    return (T *)(void *)p->detail.bytes;                                                \
  }                                                                                     \
  static inline const T *kp_cdetail_##name(const kp_prediction *p) {                    \
    return (const T *)(const void *)p->detail.bytes;                                    \
  }
/* out->launch_us and the floors of out->timing_us from the GPU database (its
 * measured floor, else its measured overhead model, else its fallback, else the
 * median of the measured GPUs, named in the note).  kp_predict calls it for
 * every model. */
void kp_prediction_launch(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out);
/* Puts text first in out->note (where the registers came from: the reader's
 * first question), dropping whole notes at the end that no longer fit. */
void kp_prediction_note_first(kp_prediction *out, const char *text);
/* Appends "; "-separated text to out->note (once per distinct text). */
void kp_prediction_note(kp_prediction *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Model 000's thread time for the input at the given per-class latencies
 * (thread_time, else kp_thread_time on kernel, else the sums). 1 ok. */
int kp_predict_thread_time(const kp_predict_input *in, const double lat[KP_I_COUNT],
                           const double issue[KP_I_COUNT], double *time, double *delay);

#ifdef __cplusplus
}
#endif
#endif
