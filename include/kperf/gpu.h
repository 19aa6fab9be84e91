/* kperf GPU database: the facts about each GPU that kperf's models use.
 *
 * The database is an SQLite file (schema and data: gpu-db/, documentation:
 * docs/gpu-db.md) opened read-only.  Several databases can be searched as one:
 * a path may be a ':'-separated list, searched from left to right (a user's
 * own GPUs first, kperf's database last).
 *
 * Unknown facts are NaN (doubles) or -1 (integers); empty strings for text.
 * Error messages are one line, without a trailing newline or "kperf:" prefix.
 */
#ifndef KPERF_GPU_H
#define KPERF_GPU_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KP_GPUDB_SCHEMA_VERSION 1
#define KP_GPUDB_APPLICATION_ID 1263552049 /* 0x4B504631, 'KPF1' */
#define KP_GPUDB_FILENAME "kperf-gpus.db"
#define KP_GPUDB_MAX_FILES 8
/* The name, in a database list, of the database embedded in the program or
 * plugin (kp_gpudb_embedded); not a file. */
#define KP_GPUDB_EMBEDDED "<embedded>"

typedef struct kp_gpudb kp_gpudb;

/* Instruction classes of the throughput and latency tables. */
typedef enum kp_op {
  KP_OP_FP16 = 0, /* half add/mul/fma */
  KP_OP_FP32,     /* float add/mul/fma */
  KP_OP_FP64,     /* double add/mul/fma */
  KP_OP_SFU,      /* rcp, rsqrt, lg2, ex2, sin, cos */
  KP_OP_INT_ADD,  /* 32-bit integer add/subtract */
  KP_OP_INT_MUL,  /* 32-bit integer multiply/mad */
  KP_OP_CONV,     /* conversions between 32-bit types */
  KP_OP_CONV64,   /* conversions to/from 64-bit types */
  KP_OP_DIV_F32,  /* div.rn.f32 (latency only) */
  KP_OP_LDST,     /* load/store unit lanes: memory instructions (shared, global, local)
                     of one lane per clock per SM (throughput only) */
  KP_OP_SHARED,   /* shared-memory lanes: a warp's pass (wavefront) through shared memory
                     takes warp size / this cycles per SM; unknown: the banks, one pass per
                     clock (throughput only) */
  KP_OP_INT_OWN,  /* 32-bit integer lanes per SM of their own, beside the FP32 lanes: the
                     scheduler issues integer and FP32 instructions in alternate cycles and
                     both pipes run at once; unknown: the integer lanes are some of the FP32
                     lanes, or the two do not run at once (throughput only) */
  KP_OP_COUNT
} kp_op;

/* Levels of the memory hierarchy. */
typedef enum kp_mem_level {
  KP_MEM_SHARED = 0,
  KP_MEM_L1,
  KP_MEM_L2,
  KP_MEM_DRAM,
  KP_MEM_LLC, /* a last-level cache between L2 and DRAM (AMD's Infinity Cache); optional */
  KP_MEM_COUNT
} kp_mem_level;

/* Ways of timing one launch of an empty or tiny kernel (table launch_floor). */
typedef enum kp_launch_timing {
  KP_LAUNCH_EVENT = 0, /* a cudaEvent pair recorded around one launch */
  KP_LAUNCH_NSIGHT,    /* Nsight Compute's gpu__time_duration of one launch */
  KP_LAUNCH_STREAM,    /* per launch, of many back-to-back launches in one stream */
  KP_LAUNCH_GRAPH,     /* per kernel, of many back-to-back kernel nodes of one CUDA graph */
  KP_LAUNCH_TIMING_COUNT
} kp_launch_timing;

/* Kernels of the measured DRAM bandwidths (tables dram_achieved, dram_occupancy). */
typedef enum kp_stream_kernel {
  KP_STREAM_READ = 0, /* one load stream */
  KP_STREAM_WRITE,    /* one store stream */
  KP_STREAM_COPY,     /* one load and one store stream */
  KP_STREAM_TRIAD,    /* two load streams and one store stream */
  KP_STREAM_COUNT
} kp_stream_kernel;

#define KP_MAX_OCC_POINTS 64

/* Measured DRAM bandwidth against resident warps per SM, ascending in warps. */
typedef struct kp_bw_curve {
  int n; /* 0: not measured */
  double warps_per_sm[KP_MAX_OCC_POINTS];
  double gbs[KP_MAX_OCC_POINTS]; /* whole GPU, 1e9 bytes/s */
} kp_bw_curve;

/* Class / level / timing / kernel names as stored in the database ("fp32", "l2", "event", "copy"). */
const char *kp_op_name(kp_op op);
const char *kp_mem_level_name(kp_mem_level level);
const char *kp_launch_timing_name(kp_launch_timing t);
const char *kp_stream_kernel_name(kp_stream_kernel k);

#define KP_MAX_CARVEOUTS 16

/* Limits fixed by the compute capability (table cc_limits). */
typedef struct kp_cc_limits {
  char isa[16]; /* "" for NVIDIA (rows keyed by compute capability); an AMD ISA, "gfx90a" */
  int cc_major, cc_minor;
  int known; /* 0 when the database has no row for this compute capability */
  int warp_size;
  int max_threads_per_block;
  int max_threads_per_sm;
  int max_warps_per_sm;
  int max_blocks_per_sm;
  int regs_per_sm;
  int regs_per_block;
  int max_regs_per_thread;
  int reg_alloc_unit;
  int reg_alloc_per_warp; /* 1: per warp, 0: per block, -1 unknown */
  int warp_alloc_granularity;
  int sub_partitions;
  long long smem_per_sm;
  long long smem_per_block;
  long long smem_per_block_optin;
  long long smem_alloc_unit;
  long long smem_reserved_per_block;
  int carveouts_kb[KP_MAX_CARVEOUTS]; /* sizes the carveout snaps to, ascending */
  int n_carveouts;                    /* 0: shared memory size is fixed */
  long long l1_smem_unified_bytes;
  int smem_banks;
  int smem_bank_bytes;
  int barriers_per_sm; /* -1: barriers do not limit occupancy */
  int partitioned_gc;  /* 1: partitioned global caching supported */
} kp_cc_limits;

typedef struct kp_mem_info {
  long long size_bytes; /* 0: the level does not exist; -1 unknown */
  int line_bytes;
  double latency_cycles;
  double bandwidth_gbs; /* whole GPU, 1e9 bytes/s */
} kp_mem_info;

typedef struct kp_gpu {
  char id[64];         /* canonical, e.g. "gtx940mx" */
  char full_name[128]; /* e.g. "NVIDIA GeForce GTX 940MX" */
  char vendor[32];
  char architecture[32];
  char chip[32];
  char isa[16]; /* AMD: the ISA its code is compiled for ("gfx90a"), whose rows of
                   cc_limits and cc_throughput apply; "" for NVIDIA */
  int cc_major, cc_minor; /* AMD: the major/minor HIP reports */
  int sm_count;           /* AMD: compute units */
  double base_clock_mhz, boost_clock_mhz;
  double shader_clock_mhz; /* CC 1.x: the SP clock */
  char dram_type[16];
  int dram_bus_bits;
  long long dram_bytes;
  kp_cc_limits limits;
  double per_clock_per_sm[KP_OP_COUNT]; /* throughput: results per clock per SM */
  double latency_cycles[KP_OP_COUNT];
  kp_mem_info mem[KP_MEM_COUNT];
  /* Kernel launch overhead: for blocks of w warps (1..32),
   * t_us = launch_x1_us[w-1] * grid_blocks + launch_x0_us[w-1]; NaN unknown. */
  double launch_x1_us[32], launch_x0_us[32];
  double launch_latency_cycles; /* simulator constant, fallback of the model */
  /* Floor of one launch of an empty or tiny kernel, in microseconds, as each
   * way of timing it measures it (table launch_floor); NaN unknown. */
  double launch_floor_us[KP_LAUNCH_TIMING_COUNT];
  /* Measured DRAM bandwidth of streaming kernels, whole GPU, 1e9 B/s: the
   * highest a benchmark reached (table dram_achieved; NaN unknown), and its
   * scan over resident warps per SM (table dram_occupancy; n = 0 unknown). */
  double dram_achieved_gbs[KP_STREAM_COUNT];
  kp_bw_curve dram_occupancy[KP_STREAM_COUNT];
  int db_index;                 /* which database of the list holds the GPU */
} kp_gpu;

/* Opens read-only (SQLITE_OPEN_READONLY, safe for many concurrent processes).
 * path may be a ':'-separated list of databases; KP_GPUDB_EMBEDDED in it is
 * the embedded one (an error when the program has none).  A relative path is
 * the working directory's.  NULL + one-line message in
 * err when missing, unreadable, corrupt, or wrong schema. */
kp_gpudb *kp_gpudb_open(const char *path, char *err, size_t errlen);
void kp_gpudb_close(kp_gpudb *db);

/* Whether the GPU is AMD's (its rules are those of its ISA, not of a compute capability). */
int kp_gpu_is_amd(const kp_gpu *g);
/* Whether an AMD ISA has a gfx number ("gfx90a": GCN and later, what HIP
 * compiles for), not TeraScale's "cayman" (no HIP target, no number). */
int kp_isa_is_gfx(const char *isa);
/* Whether a runtime reports a compute capability for a GPU of this ISA (a
 * kp_gpu's or kp_gpu_summary's isa): NVIDIA's (""), HIP's for a gfx ISA; 0 for
 * TeraScale, whose cc_major/cc_minor are only a database key. */
int kp_isa_has_cc(const char *isa);
/* What fixes g's rules, for messages: "ISA gfx90a" for an AMD GPU, else
 * "compute capability 9.0".  Returns buf. */
const char *kp_gpu_arch_text(const kp_gpu *g, char *buf, size_t n);
/* Whether kperf has the memory access rules of AMD GPU g (warp.h, "AMD GCN /
 * CDNA"): a gfx9 ISA with wavefronts of 64, its vector L1 line size and 32
 * LDS banks of 4 bytes known.  0 for NVIDIA GPUs and RDNA ones. */
int kp_gpu_amd_rules(const kp_gpu *g);

/* A GPU with every fact unknown (-1 or NaN, as kp_gpu documents): what a
 * loader fills, and what tests start from. */
void kp_gpu_init(kp_gpu *g);
/* Number of database files and the path of the i-th one. */
int kp_gpudb_count(const kp_gpudb *db);
const char *kp_gpudb_path(const kp_gpudb *db, int i);

/* Whether this program has a GPU database linked in (the object
 * kperf_gpudb_embedded: kperf.so, kperf-tidy.so, kperf-clangd, kperf): 1 with
 * its size and SHA-256 (64 hex digits) when it has, 0 when not.  Either
 * pointer may be NULL. */
int kp_gpudb_embedded(size_t *size, const char **sha256);

/* Finds the database when no path was given: $KPERF_DB, else
 * near_dir/kperf-gpus.db, else near_dir/../share/kperf/kperf-gpus.db, else
 * the embedded one (KP_GPUDB_EMBEDDED, when kp_gpudb_embedded), else the
 * installed database.  When $KPERF_DB is not set and the user database
 * (kp_gpudb_user_path) exists, it is put first: "user.db:kperf-gpus.db".
 * Writes the path; returns 0 when found, -1 (with a message in out saying
 * where it looked) when not.  near_dir may be NULL. */
int kp_gpudb_locate(const char *near_dir, char *out, size_t outlen);

/* The user's own GPU database: $KPERF_USER_DB, else
 * $XDG_DATA_HOME/kperf/user-gpus.db, else $HOME/.local/share/kperf/user-gpus.db.
 * 0 ok, -1 when none can be named (no HOME). The file need not exist. */
int kp_gpudb_user_path(char *out, size_t outlen);

/* Looks up a GPU by id or alias, case-insensitive (spaces, '-', '_' and '.'
 * are ignored).  0 on success; -1 with err = "unknown GPU 'gtx94Omx'; did you
 * mean 'gtx940mx'? (list them with 'kperf gpus')" (the suggestion only when
 * one is close). */
int kp_gpudb_find(kp_gpudb *db, const char *name, kp_gpu *out, char *err, size_t errlen);

/* The GPU assumed for a --cuda-gpu-arch such as "sm_90", "sm_90a", "sm_75"
 * (table arch_default).  0 ok, -1 with message. */
int kp_gpudb_for_arch(kp_gpudb *db, const char *arch, kp_gpu *out, char *err, size_t errlen);

/* For an architecture without a GPU of its own (table arch_default), the
 * architecture whose GPU stands in for it: of the same major version the one
 * of the nearest minor version (the lower on a tie), else the highest lower
 * one.  "sm_72" -> "sm_70", "sm_121" -> "sm_120", "sm_103" -> "sm_100".
 * Writes "sm_XY" to out; 0 ok, -1 with message (none lower, not an arch). */
int kp_gpudb_nearest_arch(kp_gpudb *db, const char *arch, char *out, size_t outlen, char *err,
                          size_t errlen);

/* The limits of an AMD ISA ("gfx90a"; major and minor are then ignored, the
 * row's are HIP's); isa "" is kp_gpudb_cc_limits. */
int kp_gpudb_isa_limits(kp_gpudb *db, const char *isa, int major, int minor, kp_cc_limits *out,
                        char *err, size_t errlen);
/* Limits of one compute capability (limits->known = 0 when absent). 0 ok, -1 on error. */
int kp_gpudb_cc_limits(kp_gpudb *db, int cc_major, int cc_minor, kp_cc_limits *out,
                       char *err, size_t errlen);

/* All compute capabilities with limits, ascending; malloc'ed array, free() it. */
int kp_gpudb_list_cc(kp_gpudb *db, kp_cc_limits **out, size_t *n, char *err, size_t errlen);

typedef struct kp_gpu_summary {
  char id[64];
  char full_name[128];
  char architecture[32];
  char isa[16]; /* AMD: "gfx90a"; "" for NVIDIA */
  int cc_major, cc_minor;
  int sm_count;
  int db_index;
  char aliases[512]; /* comma-separated */
} kp_gpu_summary;

/* All GPUs (the first database wins for ids present in several), sorted by
 * compute capability then id; malloc'ed array, free() it. 0 ok, -1 on error. */
int kp_gpudb_list(kp_gpudb *db, kp_gpu_summary **out, size_t *n, char *err, size_t errlen);

/* One fact with its source, for listings. */
typedef enum kp_fact_kind { KP_FACT_NULL = 0, KP_FACT_INT, KP_FACT_REAL, KP_FACT_TEXT } kp_fact_kind;
typedef struct kp_fact {
  const char *group;  /* "identity", "config", "dram", "limits", "throughput", "memory", "latency", "launch" */
  const char *name;   /* e.g. "sm_count", "l2.latency_cycles", "fp32" */
  const char *unit;   /* "" when none */
  kp_fact_kind kind;
  long long i;
  double d;
  const char *text;
  const char *source; /* NULL when the database names none (the value is then NULL too) */
} kp_fact;
typedef int (*kp_fact_fn)(const kp_fact *fact, void *user); /* non-zero stops */

/* Calls fn for every fact of the GPU (found as kp_gpudb_find does), unknown
 * ones included (kind KP_FACT_NULL).  0 ok, -1 with message. */
int kp_gpudb_facts(kp_gpudb *db, const char *name, kp_fact_fn fn, void *user, char *err,
                   size_t errlen);

/* Issue delay, in cycles, of one warp instruction of class op on one
 * sub-partition: max(1, warp_size * sub_partitions / per_clock_per_sm);
 * NaN when unknown. */
double kp_gpu_issue_cycles(const kp_gpu *gpu, kp_op op);

/* The SM clock cycles are counted in: shader clock on CC 1.x, else the boost
 * clock, else the base clock; NaN when none is known. */
double kp_gpu_sm_clock_mhz(const kp_gpu *gpu);

/* Kernel launch overhead in microseconds for grid_blocks blocks of
 * block_threads threads, with the documented fallback: the measured model for
 * that block size; else the measured model of the nearest block size; else
 * the simulator launch latency (launch_latency_cycles / SM clock, no per-block
 * term); else 0.  *how (may be NULL) says which: "measured",
 * "measured (nearest block size)", "simulator latency", "unknown". */
double kp_gpu_launch_overhead_us(const kp_gpu *gpu, int block_threads, long long grid_blocks,
                                 const char **how);

/* The measured floor of one launch of an empty or tiny kernel, in
 * microseconds, as timing t measures it (table launch_floor); NaN when the
 * database has no such measurement for this GPU. */
double kp_gpu_launch_floor_us(const kp_gpu *gpu, kp_launch_timing t);

/* The highest DRAM bandwidth (1e9 B/s, whole GPU) a streaming kernel of
 * class k reached on this GPU (table dram_achieved); NaN when unknown. */
double kp_gpu_dram_achieved_gbs(const kp_gpu *gpu, kp_stream_kernel k);

/* The DRAM bandwidth (1e9 B/s, whole GPU) a streaming kernel of class k
 * reached with warps_per_sm resident warps per SM (table dram_occupancy):
 * linear between the measured points; below the first point, on the line from
 * 0 warps / 0 GB/s to it; above the last one, the last one's.  NaN when the
 * GPU has no scan for k or warps_per_sm is not positive. */
double kp_gpu_dram_gbs_at_warps(const kp_gpu *gpu, kp_stream_kernel k, double warps_per_sm);

/* Imports GPUs from an SQL file (INSERT statements into the tables of
 * docs/gpu-db.md) into the database into_path, creating it with kperf's
 * schema when missing.  Only INSERT/UPDATE/DELETE on the GPU tables are
 * allowed; everything is rolled back on any error.  Each imported GPU's
 * compute capability must have limits in into_path or in reference (may be
 * NULL).  *n_gpus (may be NULL) receives the number of GPUs in into_path.
 * 0 ok, -1 with message. */
int kp_gpudb_import(const char *sql_path, const char *into_path, kp_gpudb *reference,
                    int *n_gpus, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
