/* Per-warp hardware rules for global and shared memory accesses.
 *
 * Source of every rule: NVIDIA CUDA C Programming Guide, appendix "Compute
 * Capabilities":
 *  - "Compute Capability 1.x / Global Memory" (1.0-1.1 and 1.2-1.3 coalescing)
 *  - "Compute Capability 1.x / Shared Memory" (16 banks, half-warps, 32-bit
 *    broadcast, accesses wider than 32 bits split into 32-bit accesses)
 *  - "Compute Capability 2.x / Global Memory" (128-byte L1 lines or 32-byte L2
 *    transactions, 8/16-byte requests split per half/quarter warp)
 *  - "Compute Capability 2.x / Shared Memory" (32 banks, 64-bit and 128-bit
 *    accesses)
 *  - "Compute Capability 3.x / Global Memory" (as 2.x) and "Shared Memory"
 *    (32-bit mode: words i and i+32 of one 64-word segment do not conflict)
 *  - "Compute Capability 5.x and later / Global Memory" (32-byte L2 sectors)
 *    and "Shared Memory" (32 banks of 32 bits). */
#include "kperf/warp.h"

#include <string.h>

static int valid_width(unsigned w) { return w == 1 || w == 2 || w == 4 || w == 8 || w == 16; }

static int validate(int cc_major, const kp_warp_access *a) {
  if (!a)
    return KP_WARP_EARG;
  if (cc_major < 1)
    return KP_WARP_ECC;
  if (!valid_width(a->width))
    return KP_WARP_EWIDTH;
  for (unsigned i = 0; i < KP_WARP_SIZE; i++)
    if ((a->active >> i & 1u) && a->addr[i] % a->width)
      return KP_WARP_EALIGN;
  return KP_WARP_OK;
}

void kp_warp_strided(kp_warp_access *a, uint64_t base, int64_t stride_bytes, unsigned width,
                     uint32_t active) {
  memset(a, 0, sizeof *a);
  for (unsigned i = 0; i < KP_WARP_SIZE; i++)
    a->addr[i] = base + (uint64_t)((int64_t)i * stride_bytes);
  a->active = active;
  a->width = width;
}

int kp_lane_thread(unsigned bx, unsigned by, unsigned bz, unsigned warp, unsigned lane,
                   unsigned *x, unsigned *y, unsigned *z) {
  if (!bx || !by || !bz || lane >= KP_WARP_SIZE)
    return 0;
  unsigned long long tid = (unsigned long long)warp * KP_WARP_SIZE + lane;
  unsigned long long plane = (unsigned long long)bx * by;
  if (tid >= plane * bz)
    return 0;
  if (x)
    *x = (unsigned)(tid % bx);
  if (y)
    *y = (unsigned)(tid / bx % by);
  if (z)
    *z = (unsigned)(tid / plane);
  return 1;
}

/* Bytes from the lowest of n addresses to the end of the highest's
 * width-byte word (0 for none). */
static unsigned long long span(const uint64_t *v, unsigned n, unsigned width) {
  if (n == 0)
    return 0;
  uint64_t lo = v[0], hi = v[0];
  for (unsigned i = 1; i < n; i++) {
    lo = v[i] < lo ? v[i] : lo;
    hi = v[i] > hi ? v[i] : hi;
  }
  return (unsigned long long)(hi - lo) + width;
}

/* Number of distinct values among v[0..n).  Lanes mostly touch ascending
 * addresses: in order, the values that differ from the one before. */
static unsigned count_distinct(const uint64_t *v, unsigned n) {
  unsigned d = n > 0, i = 1;
  while (i < n && v[i] >= v[i - 1]) {
    d += v[i] != v[i - 1];
    i++;
  }
  if (i == n)
    return d;
  d = 0;
  for (i = 0; i < n; i++) {
    unsigned j = 0;
    while (j < i && v[j] != v[i])
      j++;
    d += j == i;
  }
  return d;
}

/* ---- Global memory ---------------------------------------------------- */

typedef struct tx_count {
  unsigned n, max_size;
  unsigned long long bytes;
} tx_count;

static void issue(tx_count *t, unsigned size) {
  t->n++;
  t->bytes += size;
  if (size > t->max_size)
    t->max_size = size;
}

/* Distinct `unit`-byte aligned blocks touched by the active lanes, counted
 * separately in groups of `group` consecutive lanes.  With naturally aligned
 * words of at most 16 bytes each lane touches exactly one block. */
static void count_blocks(const kp_warp_access *a, unsigned unit, unsigned group, tx_count *t) {
  for (unsigned g = 0; g < KP_WARP_SIZE; g += group) {
    uint64_t blk[KP_WARP_SIZE];
    unsigned n = 0;
    for (unsigned i = g; i < g + group; i++)
      if (a->active >> i & 1u)
        blk[n++] = a->addr[i] / unit;
    unsigned d = count_distinct(blk, n);
    for (unsigned k = 0; k < d; k++)
      issue(t, unit);
  }
}

/* CC 1.2/1.3, per half-warp: take the segment of the lowest active lane (32,
 * 64 or 128 bytes for 1-, 2- or >= 4-byte words), serve every lane whose
 * address lies in it, shrink 128 -> 64 -> 32 bytes while only the lower or
 * the upper half is used, issue, repeat with the lanes left. */
static void cc12_half(const kp_warp_access *a, unsigned h, tx_count *t) {
  unsigned w = a->width;
  uint64_t seg = w == 1 ? 32 : w == 2 ? 64 : 128;
  uint32_t left = 0;
  for (unsigned i = h * 16; i < h * 16 + 16; i++)
    left |= a->active & (1u << i);
  while (left) {
    unsigned low = 0;
    while (!(left >> low & 1u))
      low++;
    uint64_t start = a->addr[low] / seg * seg, size = seg;
    uint64_t lo = UINT64_MAX, hi = 0; /* bytes [lo, hi) used in the segment */
    for (unsigned i = low; i < h * 16 + 16; i++) {
      if (!(left >> i & 1u) || a->addr[i] / seg * seg != start)
        continue;
      left &= ~(1u << i);
      if (a->addr[i] < lo)
        lo = a->addr[i];
      if (a->addr[i] + w > hi)
        hi = a->addr[i] + w;
    }
    while (size > 32) {
      uint64_t half = size / 2;
      if (hi <= start + half) {
        size = half;
      } else if (lo >= start + half) {
        start += half;
        size = half;
      } else {
        break;
      }
    }
    issue(t, (unsigned)size);
  }
}

/* CC 1.0/1.1, per half-warp: coalesced only for 4-, 8- or 16-byte words when
 * the k-th lane of the half-warp accesses the k-th word of a segment of 64
 * bytes (4-byte words) or 128 bytes (8-byte; 16-byte: two consecutive 128-byte
 * segments); inactive lanes do not break it.  Then one 64-byte, one 128-byte
 * or two 128-byte transactions; otherwise one 32-byte transaction per active
 * lane (the guide: "16 separate 32-byte memory transactions" for a full
 * half-warp). */
static void cc10_half(const kp_warp_access *a, unsigned h, tx_count *t) {
  unsigned w = a->width, active = 0, ok = w >= 4;
  uint64_t align = w == 4 ? 64 : 128, base = 0;
  for (unsigned k = 0; k < 16; k++) {
    unsigned i = h * 16 + k;
    if (!(a->active >> i & 1u))
      continue;
    uint64_t off = (uint64_t)k * w;
    uint64_t b = a->addr[i] >= off ? a->addr[i] - off : 1; /* 1: never aligned */
    if (!active)
      base = b;
    else if (b != base)
      ok = 0;
    active++;
  }
  if (!active)
    return;
  if (ok && base % align == 0) {
    issue(t, w == 4 ? 64 : 128);
    if (w == 16)
      issue(t, 128);
    return;
  }
  for (unsigned k = 0; k < active; k++)
    issue(t, 32);
}

static void global_count(int cc_major, int cc_minor, int cache, const kp_warp_access *a,
                         tx_count *t) {
  memset(t, 0, sizeof *t);
  unsigned w = a->width;
  if (cc_major >= 5) {
    count_blocks(a, 32, KP_WARP_SIZE, t);
  } else if (cc_major >= 2) {
    int l1 = cache == KP_CACHE_L1 || (cache == KP_CACHE_DEFAULT && cc_major == 2);
    count_blocks(a, l1 ? 128 : 32, w <= 4 ? 32 : w == 8 ? 16 : 8, t);
  } else if (cc_minor >= 2) {
    cc12_half(a, 0, t);
    cc12_half(a, 1, t);
  } else {
    cc10_half(a, 0, t);
    cc10_half(a, 1, t);
  }
}

int kp_global_transactions_cached(int cc_major, int cc_minor, int cache, const kp_warp_access *a,
                                  kp_coalescing *out) {
  if (!out || cache < KP_CACHE_DEFAULT || cache > KP_CACHE_L2)
    return KP_WARP_EARG;
  memset(out, 0, sizeof *out);
  int rc = validate(cc_major, a);
  if (rc != KP_WARP_OK)
    return rc;

  tx_count t;
  global_count(cc_major, cc_minor, cache, a, &t);

  /* The same lanes reading consecutive elements of an aligned array. */
  kp_warp_access canon;
  kp_warp_strided(&canon, 0, a->width, a->width, a->active);
  tx_count c;
  global_count(cc_major, cc_minor, cache, &canon, &c);

  uint64_t addrs[KP_WARP_SIZE];
  unsigned n = 0;
  for (unsigned i = 0; i < KP_WARP_SIZE; i++)
    if (a->active >> i & 1u)
      addrs[n++] = a->addr[i];

  out->transactions = t.n;
  out->ideal = c.n < t.n ? c.n : t.n;
  out->transaction_bytes = t.max_size;
  out->bytes_moved = t.bytes;
  out->bytes_used = (unsigned long long)count_distinct(addrs, n) * a->width;
  out->span_bytes = span(addrs, n, a->width);
  return KP_WARP_OK;
}

int kp_global_transactions(int cc_major, int cc_minor, const kp_warp_access *a,
                           kp_coalescing *out) {
  return kp_global_transactions_cached(cc_major, cc_minor, KP_CACHE_DEFAULT, a, out);
}

/* ---- Shared memory ---------------------------------------------------- */

/* One lane's access to one 4-byte word. */
typedef struct word_ref {
  unsigned lane;
  uint64_t word;
} word_ref;

/* The bank holding the most distinct keys among refs (key = what has to be
 * served separately within a bank); ties go to the lowest bank. */
static unsigned worst_bank(const word_ref *r, unsigned n, unsigned banks, int kepler,
                           unsigned *bank, uint32_t *lanes) {
  enum { MAX_BANKS = 128 };
  unsigned best = 0;
  *bank = 0;
  *lanes = 0;
  if (banks == 0 || banks > MAX_BANKS || n > KP_WARP_SIZE * 4)
    return 0;
  /* The refs grouped by bank (in lane order within each), then each bank's
   * distinct keys. */
  unsigned char of[KP_WARP_SIZE * 4];
  unsigned count[MAX_BANKS + 1], at[MAX_BANKS];
  uint32_t l[MAX_BANKS];
  memset(count, 0, (banks + 1) * sizeof *count);
  memset(l, 0, banks * sizeof *l);
  for (unsigned i = 0; i < n; i++) {
    of[i] = (unsigned char)(r[i].word % banks);
    count[of[i] + 1]++;
    l[of[i]] |= 1u << r[i].lane;
  }
  for (unsigned b = 0; b < banks; b++) {
    count[b + 1] += count[b];
    at[b] = count[b];
  }
  uint64_t keys[KP_WARP_SIZE * 4];
  for (unsigned i = 0; i < n; i++)
    /* CC 3.x, 32-bit mode: words i and i + 32 of the same 64-word aligned
     * segment do not conflict (the bank is 64 bits wide; 2 * banks words). */
    keys[at[of[i]]++] = kepler ? r[i].word / (2 * banks) : r[i].word;
  for (unsigned b = 0; b < banks; b++) {
    unsigned d = count_distinct(keys + count[b], count[b + 1] - count[b]);
    if (d > best) {
      best = d;
      *bank = b;
      *lanes = l[b];
    }
  }
  return best;
}

static unsigned distinct_words(const word_ref *r, unsigned n) {
  uint64_t w[KP_WARP_SIZE * 4];
  for (unsigned i = 0; i < n; i++)
    w[i] = r[i].word;
  return count_distinct(w, n);
}

/* CC 1.x: a half-warp's 32-bit request is served in steps; each step serves
 * every lane reading one broadcast word plus one lane for each other bank.
 * Which word is broadcast is unspecified; we take the word of the lowest
 * lane left.  One lane per entry of r. */
static unsigned cc1_steps(const word_ref *r, unsigned n) {
  unsigned char done[KP_WARP_SIZE];
  memset(done, 0, sizeof done);
  unsigned left = n, steps = 0;
  while (left) {
    steps++;
    unsigned first = 0;
    while (done[first])
      first++;
    uint64_t bw = r[first].word;
    unsigned taken_bank[16];
    memset(taken_bank, 0, sizeof taken_bank);
    taken_bank[bw % 16] = 1;
    for (unsigned i = first; i < n; i++) {
      if (done[i])
        continue;
      unsigned b = (unsigned)(r[i].word % 16);
      if (r[i].word == bw || !taken_bank[b]) {
        if (r[i].word != bw)
          taken_bank[b] = 1;
        done[i] = 1;
        left--;
      }
    }
  }
  return steps;
}

static void consider(kp_bank_result *out, unsigned degree, unsigned phase, unsigned bank,
                     uint32_t lanes) {
  if (degree > out->degree) {
    out->degree = degree;
    out->phase = phase;
    out->bank = bank;
    out->lanes = lanes;
  }
}

int kp_shared_conflict(int cc_major, int cc_minor, const kp_warp_access *a, kp_bank_result *out) {
  return kp_shared_conflict_banks(cc_major, cc_minor, 0, 0, a, out);
}

int kp_shared_conflict_banks(int cc_major, int cc_minor, int banks, int bank_bytes,
                             const kp_warp_access *a, kp_bank_result *out) {
  (void)cc_minor;
  if (!out)
    return KP_WARP_EARG;
  memset(out, 0, sizeof *out);
  int rc = validate(cc_major, a);
  if (rc != KP_WARP_OK)
    return rc;
  unsigned w = a->width;
  word_ref r[KP_WARP_SIZE * 4];
  /* The GPU row's banks (0: the compute capability's); the rules below are
   * for 4-byte banks, and a half-warp per step on CC 1.x is one lane a bank. */
  unsigned nb = banks > 0 ? (unsigned)banks : cc_major == 1 ? 16u : 32u;
  if ((bank_bytes > 0 && bank_bytes != 4) || nb > KP_WARP_SIZE || (cc_major == 1 && nb != 16))
    return KP_WARP_EARG;

  if (cc_major == 1) {
    /* 16 banks, each half-warp on its own.  An access wider than 4 bytes is
     * split into w / 4 separate 32-bit requests, request j reading word j of
     * each lane; request j is request 0 moved by j banks, so it conflicts the
     * same way and request 0 stands for all of them. */
    out->banks = nb;
    for (unsigned h = 0; h < 2; h++) {
      unsigned n = 0;
      for (unsigned i = h * 16; i < h * 16 + 16; i++)
        if (a->active >> i & 1u)
          r[n++] = (word_ref){i, a->addr[i] / 4};
      if (!n)
        continue;
      unsigned words = distinct_words(r, n), bank;
      uint32_t lanes;
      worst_bank(r, n, nb, 0, &bank, &lanes);
      consider(out, cc1_steps(r, n), h, bank, lanes);
      if (words > out->words_per_phase_max)
        out->words_per_phase_max = words;
    }
    if (out->degree)
      out->ideal = (out->words_per_phase_max + nb - 1) / nb;
    return KP_WARP_OK;
  }

  /* CC >= 2: 32 banks of 4 bytes; 8-byte accesses in two phases of 16 lanes,
   * 16-byte accesses in four phases of 8 lanes; a word read by several lanes
   * is broadcast. */
  int kepler = cc_major == 3;
  unsigned group = w <= 4 ? 32 : w == 8 ? 16 : 8;
  out->banks = nb;
  for (unsigned p = 0; p < KP_WARP_SIZE / group; p++) {
    unsigned n = 0;
    for (unsigned i = p * group; i < p * group + group; i++) {
      if (!(a->active >> i & 1u))
        continue;
      unsigned nw = w < 4 ? 1 : w / 4;
      for (unsigned j = 0; j < nw; j++)
        r[n++] = (word_ref){i, a->addr[i] / 4 + j};
    }
    if (!n)
      continue;
    unsigned bank;
    uint32_t lanes;
    unsigned d = worst_bank(r, n, nb, kepler, &bank, &lanes);
    consider(out, d, group == 32 ? 0 : p, bank, lanes);
    unsigned words = distinct_words(r, n);
    if (words > out->words_per_phase_max)
      out->words_per_phase_max = words;
  }
  if (out->degree) {
    unsigned per = kepler ? 2 * nb : nb;
    out->ideal = (out->words_per_phase_max + per - 1) / per;
    /* CC 2.x: "to determine the ways of bank conflicts [of a 128-bit access],
     * one must add 1 to the maximum number of threads in a quarter-warp that
     * access different addresses belonging to the same bank". */
    if (cc_major == 2 && w == 16) {
      out->degree++;
      out->ideal++;
    }
  }
  return KP_WARP_OK;
}

/* ---- AMD GCN / CDNA --------------------------------------------------- */

/* Adds the distinct lines of a's active lanes (shifted by `off` bytes) to
 * lines[*n]. */
static void add_lines(const kp_warp_access *a, uint64_t off, unsigned line, uint64_t *lines,
                      unsigned *n, uint64_t *addrs, unsigned *na) {
  for (unsigned i = 0; i < KP_WARP_SIZE; i++) {
    if (!(a->active >> i & 1u))
      continue;
    uint64_t l = (a->addr[i] + off) / line;
    unsigned j = 0;
    while (j < *n && lines[j] != l)
      j++;
    if (j == *n)
      lines[(*n)++] = l;
    if (addrs)
      addrs[(*na)++] = a->addr[i];
  }
}

int kp_amd_global_lines(unsigned line_bytes, const kp_warp_access *lo, const kp_warp_access *hi,
                        kp_coalescing *out) {
  if (!out || !lo || line_bytes == 0 || (line_bytes & (line_bytes - 1)))
    return KP_WARP_EARG;
  memset(out, 0, sizeof *out);
  int rc = validate(5, lo);
  if (rc == KP_WARP_OK && hi)
    rc = hi->width != lo->width && hi->active ? KP_WARP_EARG : validate(5, hi);
  if (rc != KP_WARP_OK)
    return rc;
  uint64_t lines[2 * KP_WARP_SIZE], addrs[2 * KP_WARP_SIZE];
  unsigned n = 0, na = 0;
  add_lines(lo, 0, line_bytes, lines, &n, addrs, &na);
  if (hi)
    add_lines(hi, 0, line_bytes, lines, &n, addrs, &na);
  /* The same lanes reading consecutive elements of an aligned array. */
  kp_warp_access clo, chi;
  unsigned w = lo->width;
  kp_warp_strided(&clo, 0, w, w, lo->active);
  kp_warp_strided(&chi, (uint64_t)KP_WARP_SIZE * w, w, w, hi ? hi->active : 0);
  uint64_t clines[2 * KP_WARP_SIZE];
  unsigned cn = 0;
  add_lines(&clo, 0, line_bytes, clines, &cn, NULL, NULL);
  add_lines(&chi, 0, line_bytes, clines, &cn, NULL, NULL);
  out->transactions = n;
  out->ideal = cn < n ? cn : n;
  out->transaction_bytes = line_bytes;
  out->bytes_moved = (unsigned long long)n * line_bytes;
  out->bytes_used = (unsigned long long)count_distinct(addrs, na) * w;
  out->span_bytes = span(addrs, na, w);
  return KP_WARP_OK;
}

int kp_amd_lds_conflict(int banks, int bank_bytes, const kp_warp_access *half,
                        kp_bank_result *out) {
  if (!out || !half)
    return KP_WARP_EARG;
  memset(out, 0, sizeof *out);
  if (banks != 32 || bank_bytes != 4 || half->width > 4)
    return valid_width(half->width) ? KP_WARP_EARG : KP_WARP_EWIDTH;
  /* One phase of 32 lanes over 32 banks of 4 bytes with broadcast: the rule
   * kp_shared_conflict_banks applies from CC 5.0 on. */
  return kp_shared_conflict_banks(5, 0, banks, bank_bytes, half, out);
}
