/* Active work: how much of a launch's threads' work passes the kernel's
 * bounds checks (include/kperf/active.h).
 *
 * Each access's guards (kp_access.guards: the thread-dependent conditions of
 * its branches and early exits) are evaluated over a sample of the launch:
 * blocks spread evenly over every grid dimension the guards use, warps of the
 * block, lanes of a warp and iterations of the loops around the access
 * (each sample the middle of an equal share of the values).  A
 * warp executes the access at a point when one of its lanes passes every
 * guard (a warp with one live lane costs a full warp).  The fraction of live
 * points, weighted by the access's executions per thread (the trip counts of
 * its loops), is the launch's live fraction. */
#include "kperf/active.h"
#include "kperf/count.h"
#include "kperf/lanes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  BLOCK_SAMPLES = 64,
  WARP_SAMPLES = 8,
  ITER_SAMPLES = 4,
  MAX_HEAVY = 16,
  MAX_CHAIN = 16,
  PROG_GUARDS = 16 /* guards whose sides are compiled */
};

static int lookup(const kp_binding *b, size_t nb, const char *name, int64_t *v) {
  return kp_binding_lookup(b, nb, name, v);
}

static int sym_uses_any(const kp_access *a, const char *name) {
  for (size_t g = 0; g < a->nguards; g++)
    if (kp_sym_uses(a->guards[g].lhs, name) || kp_sym_uses(a->guards[g].rhs, name))
      return 1;
  return 0;
}

/* The loops around access a, outermost first; their count, -1 when too deep. */
static int loop_chain(const kp_kernel *k, const kp_access *a, int *chain) {
  int tmp[MAX_CHAIN], m = 0;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops && k->loops[l]; l = k->loops[l]->parent) {
    if (m == MAX_CHAIN)
      return -1;
    tmp[m++] = l;
  }
  for (int i = 0; i < m; i++)
    chain[i] = tmp[m - 1 - i];
  return m;
}

/* n samples of 0..count-1 spread evenly (every value when count <= n):
 * the middles of n equal strata, or with `ends` the first and the last and
 * evenly between (a block's warps: a guard on threadIdx.y may leave only its
 * first warps live, which the middles would all miss); returns how many
 * were written. */
static int spread(int64_t count, int n, int ends, int64_t *out) {
  if (count <= 0)
    return 0;
  if (count <= n) {
    for (int64_t i = 0; i < count; i++)
      out[i] = i;
    return (int)count;
  }
  for (int i = 0; i < n; i++)
    out[i] = ends ? (int64_t)((double)i * (double)(count - 1) / (n - 1) + 0.5)
                  : (int64_t)(((double)i + 0.5) * (double)count / n);
  return n;
}

typedef struct scan {
  kp_binding *b;
  size_t nb, fixed;
} scan;

static void set(scan *s, size_t at, const char *name, int64_t v) {
  s->b[at].name = name;
  s->b[at].value = v;
}

static int live_points(const kp_access *a, scan *s, const int *nbs,
                       const int64_t (*bs)[BLOCK_SAMPLES], int m, const int *nis,
                       const int64_t (*is)[ITER_SAMPLES], int nws, const int64_t *ws, int nlanes,
                       int64_t threads, const int64_t block[3], size_t at,
                       kp_sym_prog (*prog)[2], const int *compiled, double *frac,
                       double *blocks);

/* Live fraction of access a: live points / points; the fraction of sampled
 * blocks with a live point into *blocks.  0 when kperf cannot tell. */
static int access_live(const kp_kernel *k, const kp_access *a, scan *s, const int64_t grid[3],
                       const int64_t block[3], double *frac, double *blocks) {
  int chain[MAX_CHAIN];
  int m = loop_chain(k, a, chain);
  if (m < 0)
    return 0;
  /* Sample values per dimension: 3 block ids, then the loops' iterations. */
  int64_t bs[3][BLOCK_SAMPLES], is[MAX_CHAIN][ITER_SAMPLES];
  int nbs[3], nis[MAX_CHAIN];
  int used = 0;
  for (int d = 0; d < 3; d++)
    used += sym_uses_any(a, kp_id_names[KP_V_CTAID_X + d]);
  /* Up to 64 block ids per dimension used, about 1024 blocks in all: a
   * smaller dimension is sampled in full and leaves the rest to the other. */
  int per[3] = {1, 1, 1};
  int64_t smallest = -1;
  for (int d = 0; d < 3; d++)
    if (sym_uses_any(a, kp_id_names[KP_V_CTAID_X + d]) && (smallest < 0 || grid[d] < smallest))
      smallest = grid[d];
  for (int d = 0; d < 3; d++) {
    if (used <= 1)
      per[d] = BLOCK_SAMPLES;
    else if (used == 3)
      per[d] = 10;
    else
      per[d] = grid[d] == smallest ? (int)(smallest < 32 ? smallest : 32)
                                   : (int)(1024 / (smallest < 32 ? smallest : 32));
    if (per[d] > BLOCK_SAMPLES)
      per[d] = BLOCK_SAMPLES;
  }
  for (int d = 0; d < 3; d++) {
    if (sym_uses_any(a, kp_id_names[KP_V_CTAID_X + d])) {
      nbs[d] = spread(grid[d], per[d], 0, bs[d]);
    } else {
      nbs[d] = 1;
      bs[d][0] = 0;
    }
    if (nbs[d] == 0)
      return 0;
  }
  for (int i = 0; i < m; i++) {
    const kp_loop *l = k->loops[chain[i]];
    int64_t trip;
    char name[24];
    snprintf(name, sizeof name, "iteration@%d", chain[i]);
    if (!sym_uses_any(a, name)) {
      nis[i] = 1;
      is[i][0] = 0;
      continue;
    }
    if (!l->trip || !kp_sym_eval(l->trip, s->b, s->fixed, &trip) || trip <= 0)
      return 0;
    /* Every iteration, or the middles of equal strata: each sample stands
     * for as many iterations (a grid-stride loop's short last round is one
     * iteration in many, not one in three). */
    nis[i] = spread(trip, ITER_SAMPLES, 0, is[i]);
  }
  int64_t threads = block[0] * block[1] * block[2];
  int64_t warps = (threads + 31) / 32;
  int tid_used = sym_uses_any(a, kp_id_names[KP_V_TID_X]) ||
                 sym_uses_any(a, kp_id_names[KP_V_TID_Y]) ||
                 sym_uses_any(a, kp_id_names[KP_V_TID_Z]);
  int64_t ws[WARP_SAMPLES];
  int nws = tid_used ? spread(warps, WARP_SAMPLES, 1, ws) : 1;
  if (!tid_used)
    ws[0] = 0;
  /* Lanes checked per warp (live_points): 4, or 1 when no guard names them. */
  int nlanes = tid_used ? 4 : 1;

  /* Bindings after the launch's: 6 ids, then the loops' iterations. */
  size_t at = s->fixed;
  for (int i = 0; i < 6; i++)
    set(s, at + i, kp_id_names[i], 0);
  char names[MAX_CHAIN][24];
  for (int i = 0; i < m; i++) {
    snprintf(names[i], sizeof names[i], "iteration@%d", chain[i]);
    set(s, at + 6 + i, names[i], 0);
  }
  s->nb = at + 6 + m;
  /* Each guard's sides compiled against the bindings (the ids and
   * iterations change value, not place, per sample; what reads only the
   * launch's values is evaluated once) instead of a search of every binding
   * per variable; a side that does not compile, and guards past the first
   * PROG_GUARDS, evaluated over every binding. */
  kp_sym_prog prog[PROG_GUARDS][2];
  int compiled[PROG_GUARDS];
  size_t nprog = a->nguards < PROG_GUARDS ? a->nguards : PROG_GUARDS;
  for (size_t g = 0; g < nprog; g++)
    compiled[g] = kp_guard_compile(&a->guards[g], s->b, s->nb, at, s->nb, prog[g]);
  /* No sampled block has a live point (a grid far larger than a fixed bound:
   * `if (i < N)` under <<<65536, 256>>> is live in 391 of 65536 blocks, none
   * of the middles of 64 strata): the live blocks lie between the samples.
   * Guards are monotone in the ids in practice, so they are the first ones:
   * the first stratum of each sampled dimension is sampled again, its share
   * of the grid scaling what is found there, until some point is live or
   * every block of the region is a sample. */
  double share = 1;
  int64_t cnt[3];
  for (int d = 0; d < 3; d++)
    cnt[d] = nbs[d] > 1 ? grid[d] : 1; /* the blocks each dimension's samples spread over */
  int r;
  for (;;) {
    r = live_points(a, s, nbs, bs, m, nis, is, nws, ws, nlanes, threads, block, at, prog,
                    compiled, frac, blocks);
    if (r != -1)
      break;
    int zoomed = 0;
    for (int d = 0; d < 3; d++) {
      if (cnt[d] <= nbs[d])
        continue; /* every block of it is a sample */
      int64_t first = (cnt[d] + nbs[d] - 1) / nbs[d];
      share *= (double)first / (double)cnt[d];
      cnt[d] = first;
      nbs[d] = spread(first, nbs[d], 0, bs[d]);
      zoomed = 1;
    }
    if (!zoomed)
      break;
  }
  if (r == 1) {
    *frac *= share;
    *blocks *= share;
  }
  for (size_t g = 0; g < nprog; g++)
    if (compiled[g])
      kp_guard_prog_free(prog[g]);
  return r == 1;
}

/* access_live's sampled points: live ones over all, and blocks with one.  1
 * with those, -1 when no sampled point is live, 0 when a guard cannot be
 * evaluated. */
static int live_points(const kp_access *a, scan *s, const int *nbs,
                       const int64_t (*bs)[BLOCK_SAMPLES], int m, const int *nis,
                       const int64_t (*is)[ITER_SAMPLES], int nws, const int64_t *ws, int nlanes,
                       int64_t threads, const int64_t block[3], size_t at,
                       kp_sym_prog (*prog)[2], const int *compiled, double *frac,
                       double *blocks) {
  /* The lanes checked per warp: the first and last of the warp and of its
   * halves (guards are monotone in the thread ids in practice). */
  static const int lanes[] = {0, 15, 16, 31};
  long long live = 0, points = 0, live_blocks = 0, nblocks = 0;
  int64_t icount = 1;
  for (int i = 0; i < m; i++)
    icount *= nis[i];
  /* The iteration points of a warp go KP_SYM_LANES at a time through the
   * compiled guards (kp_sym_run_lanes, the iterations varying by lane, the
   * thread and block the same): a point is live when one of the lanes
   * checked, in order, passes every guard; a guard is evaluated at a point
   * only where the lanes before and the guards before leave it undecided, and
   * one that fails there makes the whole unknown (as evaluated one by one). */
  int64_t iv[MAX_CHAIN][KP_SYM_LANES];
  for (int bz = 0; bz < nbs[2]; bz++)
    for (int by = 0; by < nbs[1]; by++)
      for (int bx = 0; bx < nbs[0]; bx++) {
        s->b[at + 3].value = bs[0][bx];
        s->b[at + 4].value = bs[1][by];
        s->b[at + 5].value = bs[2][bz];
        int block_live = 0;
        for (int w = 0; w < nws; w++)
          for (int64_t ic0 = 0; ic0 < icount; ic0 += KP_SYM_LANES) {
            unsigned np = icount - ic0 < KP_SYM_LANES ? (unsigned)(icount - ic0) : KP_SYM_LANES;
            for (unsigned q = 0; q < np; q++) {
              int64_t r = ic0 + q;
              for (int i = m - 1; i >= 0; i--) {
                iv[i][q] = is[i][r % nis[i]];
                r /= nis[i];
              }
            }
            uint32_t all = np == 32 ? 0xffffffffu : (1u << np) - 1, undecided = all;
            for (int li = 0; li < nlanes && undecided; li++) {
              int64_t t = ws[w] * 32 + lanes[li];
              if (t >= threads)
                continue;
              s->b[at + 0].value = t % block[0];
              s->b[at + 1].value = (t / block[0]) % block[1];
              s->b[at + 2].value = t / (block[0] * block[1]);
              uint32_t pass = undecided;
              for (size_t g = 0; g < a->nguards && pass; g++) {
                const kp_guard *gd = &a->guards[g];
                if (g < PROG_GUARDS && compiled[g]) {
                  if (!kp_guard_run_lanes(gd, prog[g], s->b, at + 6, (size_t)m, iv, &pass))
                    return 0;
                } else {
                  for (uint32_t x = pass; x; x &= x - 1) {
                    unsigned q = (unsigned)__builtin_ctz(x);
                    int holds;
                    for (int i = 0; i < m; i++)
                      s->b[at + 6 + i].value = iv[i][q];
                    if (!kp_guard_holds(gd, s->b, s->nb, &holds))
                      return 0;
                    if (!holds)
                      pass &= ~(1u << q);
                  }
                }
              }
              undecided &= ~pass;
            }
            uint32_t live_here = all & ~undecided;
            points += np;
            live += __builtin_popcount(live_here);
            block_live |= live_here != 0;
          }
        nblocks++;
        live_blocks += block_live;
      }
  if (points == 0 || nblocks == 0)
    return 0;
  /* No sampled point does the work: the samples missed it, not the launch
   * (the access would not be among the heaviest); access_live looks closer. */
  if (live == 0)
    return -1;
  *frac = (double)live / (double)points;
  *blocks = (double)live_blocks / (double)nblocks;
  return 1;
}

double kp_access_executions(const kp_kernel *k, const kp_access *a, const kp_binding *b,
                            size_t nb) {
  int chain[MAX_CHAIN];
  int m = loop_chain(k, a, chain);
  if (m < 0)
    return -1;
  double n = 1;
  for (int i = 0; i < m; i++) {
    int64_t trip;
    const kp_loop *l = k->loops[chain[i]];
    if (!l->trip || !kp_sym_eval(l->trip, b, nb, &trip) || trip < 0)
      return -1;
    n *= (double)trip;
  }
  /* the share of the threads the branches around it let through */
  return n * kp_access_share(a, b, nb);
}

int kp_live_fraction(const kp_kernel *k, const kp_binding *b, size_t nb, kp_live *out) {
  out->warps = out->blocks = 1;
  out->accesses = 0;
  out->prologue = 0;
  if (!k || k->naccesses == 0)
    return 0;
  for (size_t i = 0; i < k->body.nnodes; i++)
    if (k->body.nodes[i].kind == KP_NODE_OP)
      out->prologue += k->body.nodes[i].count;
  int64_t grid[3], block[3];
  for (int d = 0; d < 3; d++)
    if (!lookup(b, nb, kp_grid_dim_names[d], &grid[d]) || grid[d] <= 0 ||
        !lookup(b, nb, kp_block_dim_names[d], &block[d]) || block[d] <= 0)
      return 0;
  /* The heaviest accesses carry the weight of the work. */
  double *w = calloc(k->naccesses, sizeof *w);
  if (!w)
    return 0;
  double total = 0;
  for (size_t i = 0; i < k->naccesses; i++) {
    w[i] = kp_access_executions(k, &k->accesses[i], b, nb);
    if (w[i] < 0)
      w[i] = 0; /* unknown: not judged */
    total += w[i];
  }
  if (!(total > 0)) {
    free(w);
    return 0;
  }
  scan s;
  s.fixed = nb;
  s.b = malloc((nb + 6 + MAX_CHAIN) * sizeof *s.b);
  if (!s.b) {
    free(w);
    return 0;
  }
  memcpy(s.b, b, nb * sizeof *b);
  s.nb = nb;
  /* The heaviest accesses (at least half the executions of the heaviest):
   * the most work any of them does is the launch's (a cheap access under
   * `if (threadIdx.x == 0)` does not make the main work smaller). */
  double wmax = 0;
  for (size_t i = 0; i < k->naccesses; i++)
    if (w[i] > wmax)
      wmax = w[i];
  int heavy = 0;
  for (size_t i = 0; i < k->naccesses; i++)
    heavy += w[i] >= 0.5 * wmax;
  double best = -1, best_blocks = -1;
  int done = 0;
  for (size_t i = 0; i < k->naccesses && heavy <= MAX_HEAVY; i++) {
    if (!(w[i] >= 0.5 * wmax))
      continue;
    const kp_access *a = &k->accesses[i];
    double f = 1, fb = 1;
    if (a->guards_unknown || (a->nguards && !access_live(k, a, &s, grid, block, &f, &fb))) {
      best = best_blocks = 1; /* which threads run it is unknown: all of them */
      done++;
      break;
    }
    if (f > best)
      best = f;
    if (fb > best_blocks)
      best_blocks = fb;
    done++;
    if (best >= 1 && best_blocks >= 1)
      break;
  }
  free(s.b);
  free(w);
  if (done == 0 || !(best >= 0))
    return 0;
  out->warps = best;
  out->blocks = best_blocks;
  out->accesses = done;
  return 1;
}
