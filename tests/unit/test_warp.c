/* Unit tests of the per-warp hardware rules (kperf/warp.h).  Every expected
 * value is worked out by hand in the comment next to it. */
#include "check.h"
#include "kperf/warp.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ALL 0xFFFFFFFFu

/* Lane i accesses element i * stride of an array of `width`-byte elements
 * that starts at byte `base`. */
static kp_warp_access strided(uint64_t base, int64_t stride_elems, unsigned width, uint32_t active) {
  kp_warp_access a;
  kp_warp_strided(&a, base, stride_elems * (int64_t)width, width, active);
  return a;
}

static kp_coalescing glob(int major, int minor, kp_warp_access a) {
  kp_coalescing c;
  int rc = kp_global_transactions(major, minor, &a, &c);
  CHECK(rc == KP_WARP_OK);
  return c;
}

static kp_bank_result bank(int major, int minor, kp_warp_access a) {
  kp_bank_result b;
  int rc = kp_shared_conflict(major, minor, &a, &b);
  CHECK(rc == KP_WARP_OK);
  return b;
}

/* CC >= 5: distinct aligned 32-byte sectors. */
static void test_global_sectors(void) {
  static const int ccs[][2] = {{9, 0}, {8, 0}, {5, 0}};
  for (unsigned k = 0; k < 3; k++) {
    int ma = ccs[k][0], mi = ccs[k][1];
    /* float, stride 1: bytes 0..127 = sectors 0..3. */
    kp_coalescing c = glob(ma, mi, strided(0, 1, 4, ALL));
    CHECK(c.transactions == 4 && c.ideal == 4 && c.transaction_bytes == 32);
    CHECK(c.bytes_moved == 128 && c.bytes_used == 128);
    /* stride 2: lane i at 8i, bytes 0..251 = sectors 0..7. */
    c = glob(ma, mi, strided(0, 2, 4, ALL));
    CHECK(c.transactions == 8 && c.ideal == 4 && c.bytes_moved == 256 && c.bytes_used == 128);
    /* stride 32: lane i at 128i, a sector per lane. */
    c = glob(ma, mi, strided(0, 32, 4, ALL));
    CHECK(c.transactions == 32 && c.ideal == 4 && c.bytes_moved == 1024);
    /* misaligned by one float: bytes 4..131 = sectors 0..4, one run. */
    c = glob(ma, mi, strided(4, 1, 4, ALL));
    CHECK(c.transactions == 5 && c.ideal == 4);
    CHECK(c.span_bytes == 128 && c.bytes_used == 128);
    /* bytes, from byte 16: 16..47, two sectors for one run of 32. */
    c = glob(ma, mi, strided(16, 1, 1, ALL));
    CHECK(c.transactions == 2 && c.ideal == 1 && c.span_bytes == 32 && c.bytes_used == 32);
    /* every other byte from 16: 16..78, a span of 63 with 32 used. */
    c = glob(ma, mi, strided(16, 2, 1, ALL));
    CHECK(c.transactions == 3 && c.span_bytes == 63 && c.bytes_used == 32);
    /* descending floats: lane 31 lowest, the span from it to lane 0's end. */
    c = glob(ma, mi, strided(124, -1, 4, ALL));
    CHECK(c.span_bytes == 128);
    /* double, stride 1: bytes 0..255 = sectors 0..7, which is ideal. */
    c = glob(ma, mi, strided(0, 1, 8, ALL));
    CHECK(c.transactions == 8 && c.ideal == 8 && c.bytes_used == 256);
    /* every lane reads byte 256: one sector; ideal is never above actual. */
    c = glob(ma, mi, strided(256, 0, 4, ALL));
    CHECK(c.transactions == 1 && c.ideal == 1 && c.bytes_used == 4 && c.bytes_moved == 32);
    /* lanes 0-15, stride 1: bytes 0..63 = 2 sectors, ideal for 16 lanes 2. */
    c = glob(ma, mi, strided(0, 1, 4, 0x0000FFFFu));
    CHECK(c.transactions == 2 && c.ideal == 2);
    /* even lanes, stride 1: lanes 0,2,..,30 at 0,8,..,120: sectors 0..3,
     * the same as the aligned access of those lanes (no addressing waste). */
    c = glob(ma, mi, strided(0, 1, 4, 0x55555555u));
    CHECK(c.transactions == 4 && c.ideal == 4 && c.bytes_used == 64);
    /* lanes 0-15, stride 32: 16 sectors against 2. */
    c = glob(ma, mi, strided(0, 32, 4, 0x0000FFFFu));
    CHECK(c.transactions == 16 && c.ideal == 2);
    /* descending: lane i at 124 - 4i, sectors 3..0, every word once. */
    c = glob(ma, mi, strided(124, -1, 4, ALL));
    CHECK(c.transactions == 4 && c.bytes_used == 128);
    /* ascending, then again: lanes i and 16 + i at 4i: 2 sectors, 64 bytes used. */
    kp_warp_access w = strided(0, 1, 4, ALL);
    for (unsigned i = 16; i < 32; i++)
      w.addr[i] = w.addr[i - 16];
    c = glob(ma, mi, w);
    CHECK(c.transactions == 2 && c.bytes_used == 64);
    /* ascending with the sector of lane 0 again at the end: 4 sectors. */
    w = strided(0, 1, 4, ALL);
    w.addr[31] = w.addr[0];
    c = glob(ma, mi, w);
    CHECK(c.transactions == 4 && c.bytes_used == 124);
  }
}

/* CC 2.x/3.x: 128-byte L1 lines or 32-byte L2 segments. */
static void test_global_fermi_kepler(void) {
  /* 2.0 caches loads in L1 by default: bytes 0..127 = one 128-byte line. */
  kp_coalescing c = glob(2, 0, strided(0, 1, 4, ALL));
  CHECK(c.transactions == 1 && c.ideal == 1 && c.transaction_bytes == 128);
  /* misaligned by one float: bytes 4..131 = lines 0 and 1. */
  c = glob(2, 0, strided(4, 1, 4, ALL));
  CHECK(c.transactions == 2 && c.ideal == 1 && c.bytes_moved == 256);
  /* stride 32 floats: a line per lane. */
  c = glob(2, 0, strided(0, 32, 4, ALL));
  CHECK(c.transactions == 32 && c.ideal == 1 && c.bytes_moved == 4096);
  /* doubles: one request per half-warp, each 128 bytes = one line: 2. */
  c = glob(2, 0, strided(0, 1, 8, ALL));
  CHECK(c.transactions == 2 && c.ideal == 2);
  /* every lane reading one double: still one line per half-warp request: 2
   * (on CC >= 5 the same warp needs a single sector). */
  c = glob(2, 0, strided(256, 0, 8, ALL));
  CHECK(c.transactions == 2);
  CHECK(glob(9, 0, strided(256, 0, 8, ALL)).transactions == 1);
  /* L2 only: 32-byte transactions, bytes 0..127 = 4. */
  c = (kp_coalescing){0};
  kp_warp_access a = strided(0, 1, 4, ALL);
  CHECK(kp_global_transactions_cached(2, 0, KP_CACHE_L2, &a, &c) == KP_WARP_OK);
  CHECK(c.transactions == 4 && c.transaction_bytes == 32);
  /* 3.5 caches global loads in L2 only by default: 4; in L1 on request: 1. */
  c = glob(3, 5, strided(0, 1, 4, ALL));
  CHECK(c.transactions == 4 && c.transaction_bytes == 32);
  CHECK(kp_global_transactions_cached(3, 5, KP_CACHE_L1, &a, &c) == KP_WARP_OK);
  CHECK(c.transactions == 1 && c.transaction_bytes == 128);
}

/* CC 1.2/1.3 (GTX 280): half-warp segment protocol. */
static void test_global_cc13(void) {
  /* float, stride 1: half-warp 0 uses bytes 0..63 of segment [0,128): only
   * the lower half, so 64 bytes; half-warp 1 uses 64..127: upper half, 64
   * bytes.  2 transactions of 64 bytes. */
  kp_coalescing c = glob(1, 3, strided(0, 1, 4, ALL));
  CHECK(c.transactions == 2 && c.ideal == 2 && c.transaction_bytes == 64 && c.bytes_moved == 128);
  /* misaligned by one float (lane i at 4 + 4i):
   * half 0: bytes 4..67 all in [0,128) and span both halves: one 128;
   * half 1: lanes 16-30 at 68..124 in [0,128), upper half only -> 64 bytes
   *   [64,128), both of its halves used -> stays 64; lane 31 at 128 in
   *   [128,256), lower half -> 64 -> lower half -> 32.
   * 3 transactions, 128 + 64 + 32 = 224 bytes; ideal 2. */
  c = glob(1, 3, strided(4, 1, 4, ALL));
  CHECK(c.transactions == 3 && c.ideal == 2 && c.bytes_moved == 224 && c.transaction_bytes == 128);
  /* permuted within the segment (lane i reads word i ^ 1): each half-warp
   * still reads one 64-byte half: 2. */
  kp_warp_access p = strided(0, 1, 4, ALL);
  for (unsigned i = 0; i < 32; i++)
    p.addr[i] = 4u * (i ^ 1u);
  c = glob(1, 3, p);
  CHECK(c.transactions == 2 && c.ideal == 2);
  /* every lane reads byte 256: per half-warp segment [256,384), bytes
   * 256..259 -> 64 -> 32: one 32-byte transaction each, 2 in all. */
  c = glob(1, 3, strided(256, 0, 4, ALL));
  CHECK(c.transactions == 2 && c.bytes_moved == 64);
  /* double stride 1: each half-warp reads one whole 128-byte segment: 2. */
  c = glob(1, 3, strided(0, 1, 8, ALL));
  CHECK(c.transactions == 2 && c.bytes_moved == 256);
  /* float4 stride 1: each half-warp reads 256 bytes = 2 segments: 4. */
  c = glob(1, 3, strided(0, 1, 16, ALL));
  CHECK(c.transactions == 4 && c.ideal == 4);
  /* char stride 1: a half-warp reads 16 bytes of a 32-byte segment: 2. */
  c = glob(1, 3, strided(0, 1, 1, ALL));
  CHECK(c.transactions == 2 && c.transaction_bytes == 32);
  /* float stride 32 (128 bytes): a 128-byte segment per lane, 4 bytes
   * used -> shrinks to 32: 32 transactions of 32 bytes. */
  c = glob(1, 3, strided(0, 32, 4, ALL));
  CHECK(c.transactions == 32 && c.bytes_moved == 1024 && c.ideal == 2);
}

/* CC 1.0/1.1 (G80): strict half-warp rule. */
static void test_global_cc11(void) {
  /* aligned float stride 1: one 64-byte transaction per half-warp. */
  kp_coalescing c = glob(1, 1, strided(0, 1, 4, ALL));
  CHECK(c.transactions == 2 && c.ideal == 2 && c.transaction_bytes == 64);
  /* misaligned by one float: 16 separate 32-byte transactions per half. */
  c = glob(1, 1, strided(4, 1, 4, ALL));
  CHECK(c.transactions == 32 && c.ideal == 2 && c.bytes_moved == 1024);
  /* permuted within the segment (lane i reads word i ^ 1): not in order. */
  kp_warp_access p = strided(0, 1, 4, ALL);
  for (unsigned i = 0; i < 32; i++)
    p.addr[i] = 4u * (i ^ 1u);
  c = glob(1, 1, p);
  CHECK(c.transactions == 32 && c.ideal == 2);
  /* all lanes reading one address is not "k-th lane, k-th word" either. */
  c = glob(1, 0, strided(256, 0, 4, ALL));
  CHECK(c.transactions == 32 && c.ideal == 2);
  /* divergent: lanes 0, 2, .., 30 at their own words still coalesce. */
  c = glob(1, 1, strided(0, 1, 4, 0x55555555u));
  CHECK(c.transactions == 2);
  /* half-warp 1 starting at byte 64 is aligned to its 64-byte segment:
   * lanes 16..31 at 64 + 4k. */
  c = glob(1, 1, strided(0, 1, 4, 0xFFFF0000u));
  CHECK(c.transactions == 1 && c.bytes_moved == 64);
  /* doubles: one 128-byte transaction per half-warp; float4: two. */
  c = glob(1, 1, strided(0, 1, 8, ALL));
  CHECK(c.transactions == 2 && c.transaction_bytes == 128);
  c = glob(1, 1, strided(0, 1, 16, ALL));
  CHECK(c.transactions == 4);
  /* 1-byte words never coalesce on 1.0/1.1: one per lane. */
  c = glob(1, 1, strided(0, 1, 1, ALL));
  CHECK(c.transactions == 32 && c.ideal == 32);
}

static void test_global_errors(void) {
  kp_coalescing c;
  kp_warp_access a = strided(0, 1, 3, ALL);
  CHECK(kp_global_transactions(9, 0, &a, &c) == KP_WARP_EWIDTH);
  a = strided(2, 1, 4, ALL); /* a float at byte 2 */
  CHECK(kp_global_transactions(9, 0, &a, &c) == KP_WARP_EALIGN);
  a = strided(2, 1, 4, 0); /* no lane active: nothing misaligned, nothing moved */
  CHECK(kp_global_transactions(9, 0, &a, &c) == KP_WARP_OK && c.transactions == 0);
  a = strided(0, 1, 4, ALL);
  CHECK(kp_global_transactions(0, 0, &a, &c) == KP_WARP_ECC);
  CHECK(kp_global_transactions_cached(2, 0, 7, &a, &c) == KP_WARP_EARG);
}

/* Shared memory, CC >= 2. */
static void test_shared_modern(void) {
  /* float stride 1: word i in bank i. */
  kp_bank_result b = bank(9, 0, strided(0, 1, 4, ALL));
  CHECK(b.degree == 1 && b.ideal == 1 && b.banks == 32 && b.words_per_phase_max == 32);
  /* stride 2: words 0,2,..,62; bank 0 holds words 0 (lane 0) and 32 (lane 16). */
  b = bank(9, 0, strided(0, 2, 4, ALL));
  CHECK(b.degree == 2 && b.bank == 0 && b.lanes == 0x00010001u && b.ideal == 1);
  b = bank(2, 0, strided(0, 2, 4, ALL));
  CHECK(b.degree == 2);
  /* stride 32: words 32i, all in bank 0, all distinct. */
  b = bank(9, 0, strided(0, 32, 4, ALL));
  CHECK(b.degree == 32 && b.bank == 0 && b.lanes == ALL && b.phase == 0);
  b = bank(5, 0, strided(0, 32, 4, ALL));
  CHECK(b.degree == 32);
  /* stride 33: word 33i is in bank i % 32. */
  b = bank(9, 0, strided(0, 33, 4, ALL));
  CHECK(b.degree == 1);
  /* one word for every lane: broadcast. */
  b = bank(9, 0, strided(512, 0, 4, ALL));
  CHECK(b.degree == 1 && b.words_per_phase_max == 1);
  /* char s[tid]: lanes 4k..4k+3 share word k: no conflict on CC >= 2. */
  b = bank(9, 0, strided(0, 1, 1, ALL));
  CHECK(b.degree == 1);
  /* float s[tid / 2]: two lanes per word, broadcast, no conflict. */
  kp_warp_access h = strided(0, 1, 4, ALL);
  for (unsigned i = 0; i < 32; i++)
    h.addr[i] = 4u * (i / 2);
  b = bank(9, 0, h);
  CHECK(b.degree == 1);
  /* doubles stride 1: two phases of 16 lanes, each 32 consecutive words. */
  b = bank(9, 0, strided(0, 1, 8, ALL));
  CHECK(b.degree == 1 && b.words_per_phase_max == 32);
  /* doubles stride 2: phase 0 lane k reads words 4k, 4k+1 (k < 16); bank 0
   * holds words 0 (lane 0) and 32 (lane 8): 2-way in phase 0. */
  b = bank(9, 0, strided(0, 2, 8, ALL));
  CHECK(b.degree == 2 && b.phase == 0 && b.bank == 0 && b.lanes == 0x101u);
  /* float4 stride 1: four phases of 8 lanes, each 32 consecutive words. */
  b = bank(9, 0, strided(0, 1, 16, ALL));
  CHECK(b.degree == 1);
  /* on 2.x a 128-bit access costs one more: 2-way. */
  b = bank(2, 0, strided(0, 1, 16, ALL));
  CHECK(b.degree == 2 && b.ideal == 2);
}

/* CC 3.x, 32-bit bank mode: words i and i+32 of one 64-word segment share
 * the 64-bit wide bank without conflict. */
static void test_shared_kepler(void) {
  /* stride 2: words 0..62 in one 64-word segment: no conflict (the guide's
   * figure for 3.0, which conflicts 2-way on 2.x). */
  kp_bank_result b = bank(3, 5, strided(0, 2, 4, ALL));
  CHECK(b.degree == 1);
  /* stride 32: words 32i fall in bank 0; pairs (0,32), (64,96), .. share a
   * segment: 16 distinct segments -> 16-way. */
  b = bank(3, 0, strided(0, 32, 4, ALL));
  CHECK(b.degree == 16 && b.bank == 0);
}

/* Shared memory, CC 1.x: 16 banks, half-warps. */
static void test_shared_cc1(void) {
  /* s[threadIdx.x * 32]: half-warp 0 reads words 0, 32, .., 480, all in
   * bank 0 of 16: 16-way, lanes 0-15. */
  kp_bank_result b = bank(1, 3, strided(0, 32, 4, ALL));
  CHECK(b.degree == 16 && b.bank == 0 && b.phase == 0 && b.lanes == 0x0000FFFFu);
  CHECK(b.banks == 16);
  /* float stride 1: 16 consecutive words per half-warp. */
  b = bank(1, 3, strided(0, 1, 4, ALL));
  CHECK(b.degree == 1);
  /* float stride 2: words 0..30, bank 0 holds words 0 (lane 0), 16 (lane 8). */
  b = bank(1, 3, strided(0, 2, 4, ALL));
  CHECK(b.degree == 2 && b.lanes == 0x101u);
  /* doubles stride 1: split into two 32-bit requests, each with a word
   * stride of 2 in a half-warp: 2-way. */
  b = bank(1, 3, strided(0, 1, 8, ALL));
  CHECK(b.degree == 2);
  /* float4 stride 1: four 32-bit requests with a word stride of 4: 4-way. */
  b = bank(1, 3, strided(0, 1, 16, ALL));
  CHECK(b.degree == 4);
  /* one word for all: broadcast. */
  b = bank(1, 3, strided(64, 0, 4, ALL));
  CHECK(b.degree == 1);
  /* char s[tid]: a half-warp reads words 0..3, 4 lanes each.  Lowest-lane
   * broadcast: step 1 word 0 (lanes 0-3) + lanes 4, 8, 12; step 2 word 1
   * (5-7) + 9, 13; step 3 word 2 (10, 11) + 14; step 4 lane 15: 4-way. */
  b = bank(1, 3, strided(0, 1, 1, ALL));
  CHECK(b.degree == 4);
  /* float s[tid / 2]: only one word is broadcast per step: step 1 word 0
   * (lanes 0, 1) + lanes 2, 4, .., 14; step 2 the rest: 2-way. */
  kp_warp_access h = strided(0, 1, 4, ALL);
  for (unsigned i = 0; i < 32; i++)
    h.addr[i] = 4u * (i / 2);
  b = bank(1, 3, h);
  CHECK(b.degree == 2);
}

/* Accesses of 2-D blocks, lanes mapped to threads by kp_lane_thread. */
static kp_warp_access tile_access(unsigned bx, unsigned by, unsigned warp, unsigned row_floats,
                                  int transposed) {
  kp_warp_access a;
  kp_warp_strided(&a, 0, 0, 4, 0);
  for (unsigned l = 0; l < 32; l++) {
    unsigned x, y, z;
    if (!kp_lane_thread(bx, by, 1, warp, l, &x, &y, &z))
      continue;
    a.active |= 1u << l;
    /* tile[y][x] or, transposed, tile[x][y] */
    a.addr[l] = 4ull * (transposed ? (uint64_t)x * row_floats + y : (uint64_t)y * row_floats + x);
  }
  return a;
}

static void test_shared_tiles(void) {
  /* block 16x2, tile[threadIdx.y][threadIdx.x] with 16-float rows: lane
   * l = 16y + x reads word 16y + x = l: consecutive, no conflict. */
  kp_warp_access a = tile_access(16, 2, 0, 16, 0);
  CHECK(a.active == ALL);
  CHECK(bank(9, 0, a).degree == 1);
  CHECK(bank(1, 3, a).degree == 1);
  /* block 32x32, tile[threadIdx.x][threadIdx.y] of float[32][32]: warp 5 is
   * y = 5, lane x reads word 32x + 5: all in bank 5, 32-way. */
  a = tile_access(32, 32, 5, 32, 1);
  kp_bank_result b = bank(9, 0, a);
  CHECK(b.degree == 32 && b.bank == 5 && b.lanes == ALL);
  /* padded to float[32][33]: word 33x + 5 is in bank (x + 5) % 32. */
  a = tile_access(32, 32, 5, 33, 1);
  CHECK(bank(9, 0, a).degree == 1);
}

static void test_lane_thread(void) {
  unsigned x = 99, y = 99, z = 99;
  /* block (16,2,1), lane 17 of warp 0: tid 17 -> (1, 1, 0). */
  CHECK(kp_lane_thread(16, 2, 1, 0, 17, &x, &y, &z) == 1);
  CHECK(x == 1 && y == 1 && z == 0);
  /* block (8,2,3), lane 5 of warp 1: tid 37 -> x 37 % 8 = 5,
   * y (37 / 8) % 2 = 0, z 37 / 16 = 2. */
  CHECK(kp_lane_thread(8, 2, 3, 1, 5, &x, &y, &z) == 1);
  CHECK(x == 5 && y == 0 && z == 2);
  /* block of 20 threads: lane 20 of warp 0 does not exist. */
  CHECK(kp_lane_thread(20, 1, 1, 0, 20, &x, &y, &z) == 0);
  CHECK(kp_lane_thread(20, 1, 1, 0, 19, &x, NULL, NULL) == 1 && x == 19);
  CHECK(kp_lane_thread(0, 1, 1, 0, 0, &x, &y, &z) == 0);
}

/* Banks from the GPU row (kp_shared_conflict_banks): the same rules with the
 * row's count; 0 means the compute capability's; unknown widths are refused. */
static void test_bank_geometry(void) {
  kp_bank_result b;
  kp_warp_access a = strided(0, 1, 4, ALL);
  /* 32 banks (the row of every CC >= 2 GPU): words 0..31, one per bank. */
  CHECK(kp_shared_conflict_banks(9, 0, 32, 4, &a, &b) == KP_WARP_OK);
  CHECK(b.degree == 1 && b.banks == 32);
  /* 0: CC 9.0's own 32, the same answer. */
  CHECK(kp_shared_conflict_banks(9, 0, 0, 0, &a, &b) == KP_WARP_OK);
  CHECK(b.degree == 1 && b.banks == 32);
  /* A row with 16 banks: words i and i + 16 share bank i, 2-way, ideal 2
   * (32 words over 16 banks cannot do better). */
  CHECK(kp_shared_conflict_banks(9, 0, 16, 4, &a, &b) == KP_WARP_OK);
  CHECK(b.degree == 2 && b.ideal == 2 && b.banks == 16);
  /* stride 16 over 16 banks: all 32 lanes in bank 0. */
  a = strided(0, 16, 4, ALL);
  CHECK(kp_shared_conflict_banks(9, 0, 16, 4, &a, &b) == KP_WARP_OK && b.degree == 32);
  CHECK(kp_shared_conflict_banks(9, 0, 32, 4, &a, &b) == KP_WARP_OK && b.degree == 16);
  /* 8-byte banks, more banks than lanes, CC 1.x with 32 banks: not known. */
  CHECK(kp_shared_conflict_banks(9, 0, 32, 8, &a, &b) == KP_WARP_EARG);
  CHECK(kp_shared_conflict_banks(9, 0, 64, 4, &a, &b) == KP_WARP_EARG);
  CHECK(kp_shared_conflict_banks(1, 3, 32, 4, &a, &b) == KP_WARP_EARG);
  CHECK(kp_shared_conflict_banks(1, 3, 16, 4, &a, &b) == KP_WARP_OK && b.banks == 16);
}

/* AMD GCN/CDNA: a wavefront of 64 lanes as two halves; distinct cache lines. */
static kp_coalescing amd_lines(unsigned line, int64_t stride_elems, unsigned width, uint32_t lo_act,
                               uint32_t hi_act) {
  kp_warp_access lo = strided(0, stride_elems, width, lo_act);
  kp_warp_access hi = strided((uint64_t)(32 * stride_elems * (int64_t)width), stride_elems, width,
                              hi_act);
  kp_coalescing c;
  CHECK(kp_amd_global_lines(line, &lo, &hi, &c) == KP_WARP_OK);
  return c;
}

static void test_amd_global(void) {
  /* float, stride 1, 64 lanes: bytes 0..255 = four 64-byte lines, two of 128. */
  kp_coalescing c = amd_lines(64, 1, 4, ALL, ALL);
  CHECK(c.transactions == 4 && c.ideal == 4 && c.transaction_bytes == 64);
  CHECK(c.bytes_moved == 256 && c.bytes_used == 256);
  c = amd_lines(128, 1, 4, ALL, ALL);
  CHECK(c.transactions == 2 && c.ideal == 2 && c.bytes_moved == 256);
  /* Stride 2 floats: bytes 0..511, 8 lines of 64 where 4 would do. */
  c = amd_lines(64, 2, 4, ALL, ALL);
  CHECK(c.transactions == 8 && c.ideal == 4 && c.bytes_used == 256 && c.bytes_moved == 512);
  CHECK(c.span_bytes == 508);
  /* Stride 32 floats (128 B): each lane its own line, 64 where 4 would do;
   * with 128-byte lines 64 where 2 would do. */
  c = amd_lines(64, 32, 4, ALL, ALL);
  CHECK(c.transactions == 64 && c.ideal == 4);
  c = amd_lines(128, 32, 4, ALL, ALL);
  CHECK(c.transactions == 64 && c.ideal == 2);
  /* Stride 16 bytes (4 floats): 4 lanes share a 64-byte line: 16 lines. */
  c = amd_lines(64, 4, 4, ALL, ALL);
  CHECK(c.transactions == 16 && c.ideal == 4);
  /* Doubles, stride 1: 512 bytes, 8 lines either way. */
  c = amd_lines(64, 1, 8, ALL, ALL);
  CHECK(c.transactions == 8 && c.ideal == 8);
  /* Only the first half: 32 floats, 2 lines. */
  c = amd_lines(64, 1, 4, ALL, 0);
  CHECK(c.transactions == 2 && c.ideal == 2);
  /* Every lane reads one address: one line, ideal no more than that. */
  kp_warp_access lo = strided(64, 0, 4, ALL), hi = strided(64, 0, 4, ALL);
  CHECK(kp_amd_global_lines(64, &lo, &hi, &c) == KP_WARP_OK);
  CHECK(c.transactions == 1 && c.ideal == 1 && c.bytes_used == 4);
  /* The halves overlap (a block 32 wide whose two rows read one row): the
   * union, 2 lines, not 4. */
  lo = strided(0, 1, 4, ALL);
  hi = strided(0, 1, 4, ALL);
  CHECK(kp_amd_global_lines(64, &lo, &hi, &c) == KP_WARP_OK);
  CHECK(c.transactions == 2 && c.ideal == 2);
  /* Errors: a line that is not a power of two, misaligned lanes. */
  CHECK(kp_amd_global_lines(48, &lo, &hi, &c) == KP_WARP_EARG);
  lo.addr[3] = 2;
  CHECK(kp_amd_global_lines(64, &lo, &hi, &c) == KP_WARP_EALIGN);
}

static void test_amd_lds(void) {
  kp_bank_result b;
  /* Half a wavefront, stride 1: conflict-free; stride 32 words: 32-way. */
  kp_warp_access h = strided(0, 1, 4, ALL);
  CHECK(kp_amd_lds_conflict(32, 4, &h, &b) == KP_WARP_OK && b.degree == 1);
  h = strided(0, 32, 4, ALL);
  CHECK(kp_amd_lds_conflict(32, 4, &h, &b) == KP_WARP_OK && b.degree == 32 && b.lanes == ALL);
  /* Stride 2 words: 2-way; stride 33: conflict-free. */
  h = strided(0, 2, 4, ALL);
  CHECK(kp_amd_lds_conflict(32, 4, &h, &b) == KP_WARP_OK && b.degree == 2);
  h = strided(0, 33, 4, ALL);
  CHECK(kp_amd_lds_conflict(32, 4, &h, &b) == KP_WARP_OK && b.degree == 1);
  /* One word for all: a broadcast. */
  h = strided(8, 0, 4, ALL);
  CHECK(kp_amd_lds_conflict(32, 4, &h, &b) == KP_WARP_OK && b.degree == 1);
  /* 8-byte words, other banks: the rule is not known. */
  h = strided(0, 1, 8, ALL);
  CHECK(kp_amd_lds_conflict(32, 4, &h, &b) == KP_WARP_EARG);
  h = strided(0, 1, 4, ALL);
  CHECK(kp_amd_lds_conflict(64, 4, &h, &b) == KP_WARP_EARG);
}

/* CC >= 5 (and 3.x), random warps against the rule written out here: per
 * phase, per bank, the distinct words (Kepler: 64-word rows) its lanes touch;
 * the worst phase and bank (ties to the lowest) and that bank's lanes. */
static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) { return check_random(&rng_state); }

static void test_shared_random(void) {
  static const unsigned widths[] = {1, 2, 4, 8, 16};
  for (int t = 0; t < 4000; t++) {
    int major = t % 4 == 0 ? 3 : 8;
    unsigned w = widths[rnd() % 5];
    kp_warp_access a;
    memset(&a, 0, sizeof a);
    a.width = w;
    a.active = (uint32_t)rnd() | (t % 3 == 0 ? 0xFFFFFFFFu : 0);
    unsigned spread = 1u << (rnd() % 12);
    for (unsigned i = 0; i < 32; i++)
      a.addr[i] = 4096 + (rnd() % spread) * w;
    kp_bank_result got;
    CHECK(kp_shared_conflict(major, 0, &a, &got) == KP_WARP_OK);
    unsigned group = w <= 4 ? 32 : w == 8 ? 16 : 8, best = 0, bbank = 0, bphase = 0;
    uint32_t blanes = 0;
    for (unsigned p = 0; p < 32 / group; p++)
      for (unsigned b = 0; b < 32; b++) {
        uint64_t keys[128];
        unsigned n = 0, d = 0;
        uint32_t lanes = 0;
        for (unsigned i = p * group; i < p * group + group; i++) {
          if (!(a.active >> i & 1u))
            continue;
          for (unsigned j = 0; j < (w < 4 ? 1 : w / 4); j++) {
            uint64_t word = a.addr[i] / 4 + j;
            if (word % 32 != b)
              continue;
            keys[n++] = major == 3 ? word / 64 : word;
            lanes |= 1u << i;
          }
        }
        for (unsigned i = 0; i < n; i++) {
          unsigned k = 0;
          while (k < i && keys[k] != keys[i])
            k++;
          d += k == i;
        }
        if (d > best) {
          best = d;
          bbank = b;
          bphase = group == 32 ? 0 : p;
          blanes = lanes;
        }
      }
    if (got.degree != best || got.bank != bbank || got.phase != bphase || got.lanes != blanes)
      printf("random warp %d (cc %d, width %u): %u-way bank %u phase %u lanes %08x, want %u-way "
             "bank %u phase %u lanes %08x\n",
             t, major, w, got.degree, got.bank, got.phase, got.lanes, best, bbank, bphase,
             blanes);
    CHECK(got.degree == best && got.bank == bbank && got.phase == bphase && got.lanes == blanes);
  }
}

int main(void) {
  test_bank_geometry();
  test_global_sectors();
  test_global_fermi_kepler();
  test_global_cc13();
  test_global_cc11();
  test_global_errors();
  test_shared_modern();
  test_shared_kepler();
  test_shared_cc1();
  test_shared_tiles();
  test_shared_random();
  test_lane_thread();
  test_amd_global();
  test_amd_lds();
  return TEST_RESULT();
}
