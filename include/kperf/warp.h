/* Per-warp hardware rules: how many memory transactions one warp-wide global
 * memory instruction needs, and how many ways one shared memory instruction
 * conflicts, for a given compute capability.
 *
 * The caller evaluates the byte address each of the 32 lanes accesses and
 * passes them in a kp_warp_access; nothing here knows about source code.
 * Every rule follows NVIDIA's CUDA C Programming Guide, appendix "Compute
 * Capabilities" (sections "Global Memory" and "Shared Memory" of each
 * compute capability); warp.c names the section behind each rule.
 *
 * All addresses must be naturally aligned (a multiple of the width), as the
 * hardware requires; a misaligned lane is an error. */
#ifndef KPERF_WARP_H
#define KPERF_WARP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KP_WARP_SIZE 32

/* Return codes. */
enum {
  KP_WARP_OK = 0,
  KP_WARP_EWIDTH = -1, /* width is not 1, 2, 4, 8 or 16 */
  KP_WARP_EALIGN = -2, /* an active lane's address is not a multiple of width */
  KP_WARP_ECC = -3,    /* compute capability below 1.0 */
  KP_WARP_EARG = -4    /* a NULL pointer or an unknown option */
};

/* One warp-wide memory instruction: the byte address each lane accesses. */
typedef struct kp_warp_access {
  uint64_t addr[KP_WARP_SIZE]; /* byte address per lane */
  uint32_t active;             /* bit i set: lane i takes part */
  unsigned width;              /* bytes per lane: 1, 2, 4, 8 or 16 */
} kp_warp_access;

/* Fills *a with lane i accessing base + i * stride_bytes, for the lanes set
 * in active. */
void kp_warp_strided(kp_warp_access *a, uint64_t base, int64_t stride_bytes, unsigned width,
                     uint32_t active);

/* ---- Global memory ---------------------------------------------------- */

/* Which cache serves a global access on CC 2.x/3.x (ignored elsewhere):
 * KP_CACHE_DEFAULT: the default of the architecture: 2.x caches global loads
 *   in L1 (-dlcm=ca is the default), 3.x caches global loads in L2 only;
 * KP_CACHE_L1: cached in L1 and L2: 128-byte cache-line transactions;
 * KP_CACHE_L2: cached in L2 only: 32-byte transactions (stores, -dlcm=cg). */
enum { KP_CACHE_DEFAULT = 0, KP_CACHE_L1 = 1, KP_CACHE_L2 = 2 };

typedef struct kp_coalescing {
  unsigned transactions;         /* memory transactions (sectors, lines or segments) */
  unsigned ideal;                /* what lane i accessing element i of an aligned array
                                    (same active lanes, same width) would need, or
                                    `transactions` when that is fewer (e.g. all lanes
                                    reading one address) */
  unsigned transaction_bytes;    /* size of the largest transaction issued (CC 1.2/1.3
                                    issue 32-, 64- and 128-byte ones; elsewhere all are
                                    the same size) */
  unsigned long long bytes_moved; /* sum of the sizes of the transactions */
  unsigned long long bytes_used;  /* distinct bytes the lanes asked for */
  unsigned long long span_bytes;  /* from the lowest byte the lanes ask for to the highest,
                                     both included (== bytes_used: one unbroken run) */
} kp_coalescing;

/* Transactions one warp-wide global load or store needs, with the default
 * caching of the architecture.  Returns KP_WARP_OK or a negative code.
 *  CC >= 5.0: distinct 32-byte sectors the active lanes touch.
 *  CC 2.x/3.x: distinct 128-byte lines (L1) or 32-byte segments (L2 only),
 *    counted per half-warp for 8-byte and per quarter-warp for 16-byte words.
 *  CC 1.2/1.3: per half-warp, the segment protocol (32/64/128-byte segments
 *    for 1/2/>=4-byte words, shrunk to 64 then 32 bytes when only one half is
 *    used).
 *  CC 1.0/1.1: per half-warp, one 64-byte (4-byte words), one 128-byte (8) or
 *    two 128-byte (16) transactions when the k-th active lane accesses the
 *    k-th word of a suitably aligned segment; otherwise one 32-byte
 *    transaction per active lane. */
int kp_global_transactions(int cc_major, int cc_minor, const kp_warp_access *a,
                           kp_coalescing *out);
/* The same with an explicit KP_CACHE_* choice for CC 2.x/3.x. */
int kp_global_transactions_cached(int cc_major, int cc_minor, int cache, const kp_warp_access *a,
                                  kp_coalescing *out);

/* ---- Shared memory ---------------------------------------------------- */

typedef struct kp_bank_result {
  unsigned degree;   /* n-way conflict: the number of serialized accesses in the worst
                        phase (1 = conflict-free; 0 when no lane is active) */
  unsigned ideal;    /* the least degree any pattern touching as many distinct words
                        per phase could have (ceil(words / banks); 2 for 16-byte
                        accesses on CC 2.x) */
  unsigned bank;     /* the worst bank ... */
  unsigned phase;    /* ... in this phase (half-warp on CC 1.x, 16-lane group for 8-byte
                        and 8-lane group for 16-byte accesses on CC >= 2, else 0) ... */
  uint32_t lanes;    /* ... and the active lanes whose access falls in it */
  unsigned words_per_phase_max; /* most distinct 4-byte words one phase touches */
  unsigned banks;    /* number of banks: 16 on CC 1.x, 32 otherwise */
} kp_bank_result;

/* Bank-conflict degree of one warp-wide shared memory access.  Returns
 * KP_WARP_OK or a negative code.
 *  CC >= 5.0 and 2.x: 32 banks of 4 bytes, bank = (address / 4) % 32; the
 *    degree is the largest number of distinct 4-byte words that fall in one
 *    bank within one phase (one word read by many lanes is a broadcast).
 *    1-, 2- and 4-byte accesses: one phase of 32 lanes; 8-byte: two phases of
 *    16 lanes; 16-byte: four phases of 8 lanes (on 2.x plus one, as the guide
 *    says most 128-bit accesses conflict 2-way).
 *  CC 3.x: as above in the default 32-bit bank mode, where words i and i + 32
 *    of the same 64-word aligned segment do not conflict.
 *  CC 1.x: 16 banks, each half-warp separately; accesses wider than 4 bytes
 *    are split into 2 or 4 separate 32-bit accesses (the worst one counts);
 *    each step serves one broadcast word plus one lane per other bank. */
int kp_shared_conflict(int cc_major, int cc_minor, const kp_warp_access *a, kp_bank_result *out);
/* The same with the GPU row's bank count and width (kp_gpu_limits.smem_banks,
 * smem_bank_bytes; 0: the compute capability's).  Widths other than 4 bytes,
 * more banks than lanes, or CC 1.x with other than 16 banks: KP_WARP_EARG
 * (the rules are not known; the checks then say nothing). */
int kp_shared_conflict_banks(int cc_major, int cc_minor, int banks, int bank_bytes,
                             const kp_warp_access *a, kp_bank_result *out);

/* ---- AMD GCN / CDNA (wavefronts of 64) ----------------------------------
 * Sources: AMD ROCm Compute Profiler, "Vector L1 cache (vL1D)" (the address
 * processor coalesces a wavefront's lanes into requests; every vL1D access is
 * one cache line: 64 bytes on GCN and CDNA 1/2, 128 bytes on MI300) and
 * "Pipeline descriptions / Local data share" (32 banks of 4 bytes; a bank
 * serves one address per cycle, lanes reading one address get a broadcast;
 * a 32-way conflict of a whole wavefront costs 62 extra cycles of 64, so the
 * LDS serves a wavefront's 4-byte access 32 lanes - one half - at a time).
 * A wavefront is passed as two kp_warp_access halves: lanes 0-31 and 32-63. */

/* Distinct line_bytes-sized cache lines one wavefront-wide global load or
 * store touches (hi may be NULL: only 32 lanes).  kp_coalescing's
 * transactions are those lines, ideal the lines of the same active lanes
 * reading consecutive elements of an aligned array. */
int kp_amd_global_lines(unsigned line_bytes, const kp_warp_access *lo, const kp_warp_access *hi,
                        kp_coalescing *out);

/* Bank-conflict degree of one half of a wavefront's LDS access of 1-, 2- or
 * 4-byte words (32 banks of 4 bytes, all 32 lanes in one phase).  Wider
 * accesses, or other bank counts: KP_WARP_EARG (the rule is not known). */
int kp_amd_lds_conflict(int banks, int bank_bytes, const kp_warp_access *half,
                        kp_bank_result *out);

/* ---- Lanes and threads ------------------------------------------------ */

/* Lanes of a warp are consecutive linear thread ids: for a block
 * (bx, by, bz), lane `lane` of warp `warp` is thread tid = warp * 32 + lane
 * with x = tid % bx, y = (tid / bx) % by, z = tid / (bx * by).  Returns 1 and
 * sets *x, *y, *z (each may be NULL), or 0 when tid >= bx * by * bz (the lane
 * is inactive) or a dimension is 0. */
int kp_lane_thread(unsigned bx, unsigned by, unsigned bz, unsigned warp, unsigned lane,
                   unsigned *x, unsigned *y, unsigned *z);

#ifdef __cplusplus
}
#endif
#endif
