/* Traffic inputs of a launch's evaluation (launch_eval.c): each global access
 * scanned for the launch's block shape (lanes.h) gives the bytes its warp moves
 * beyond a coalesced request, per thread (uncoalesced, with what L1 and the
 * sibling loads of a record give back, and same-address atomics); each shared
 * access its bank-conflict replays.  A memo keeps scans across the evaluations
 * of one launch at several sizes (launch_scaling.c).  It may use the model,
 * lanes, warp rules, siblings and atomics; nothing of diagnostics/ or tools/. */
#include "kperf/arena.h"
#include "kperf/checks.h"
#include "kperf/count.h"
#include "kperf/launch.h"
#include "kperf/lanes.h"
#include "kperf/ptxas.h"
#include "kperf/siblings.h"
#include "kperf/atomics.h"
#include "kperf/sym.h"
#include "kperf/warp.h"
#include "launch_internal.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Uncoalesced traffic ------------------------------------------------------ */

typedef struct coal_acc {
  const kp_gpu *gpu;
  double excess, asked; /* bytes beyond a coalesced request; bytes the lanes ask for */
  double moved;         /* bytes the requests move */
  double requests;      /* warp requests scanned */
  double tsize;         /* bytes of a transaction (a sector; a line on AMD) */
  double total;         /* excess bytes per thread, over the accesses done */
  double reused;        /* of those, read again by the same lanes in later iterations */
  double reused_st;     /* the part of reused that stores write (L2 merges them; L1 does not) */
  double set;           /* bytes of sectors a warp keeps for that */
  double l1_extra;      /* L1 data-path cycles per warp beyond one per request */
  double *excess_of;    /* per access of the kernel: its excess bytes per thread (NULL) */
} coal_acc;

static void coal_visit(void *user, const kp_scan_point *sp) {
  coal_acc *c = user;
  kp_coalescing co;
  if (sp->sample != 0)
    return;
  if (kp_scan_point_requests(c->gpu, sp, &co) != KP_WARP_OK)
    return;
  unsigned lanes = (unsigned)__builtin_popcount(sp->lanes->active) +
                   (sp->lanes_hi ? (unsigned)__builtin_popcount(sp->lanes_hi->active) : 0);
  if (lanes == 0 || co.transactions == 0)
    return;
  if (co.transactions > co.ideal)
    c->excess += (double)co.bytes_moved * (double)(co.transactions - co.ideal) / co.transactions;
  c->asked += (double)lanes * sp->lanes->width;
  c->moved += (double)co.bytes_moved;
  c->requests += 1;
  if (co.transaction_bytes > c->tsize)
    c->tsize = co.transaction_bytes;
}

/* Executions of access a per thread: the product of its loops' trip counts. */
static double exec_count(const kp_kernel *k, const kp_access *a, const kp_binding *b, size_t nb) {
  double n = 1;
  for (int l = a->loop; l >= 0 && (size_t)l < k->nloops;) {
    const kp_loop *lp = k->loops[l];
    int64_t t;
    if (kp_sym_eval(lp->trip, b, nb, &t))
      n *= t > 0 ? (double)t : 0;
    l = lp->parent;
  }
  return n * kp_access_share(a, b, nb);
}

/* Scans kept across the evaluations of one launch that differ in sizes an
 * access may not read (a statement's points): per access and block shape,
 * the scan's key (kp_access_scan_key), the points it visited and its
 * accumulator, which then holds only that access's state (reset() clears
 * all of it).  A scan whose key is equal is not run again. */
typedef struct scan_memo_entry {
  size_t access;
  int64_t block[3];
  int64_t *key;
  size_t nkey;
  size_t visited;
  void *acc;
} scan_memo_entry;

/* (kp__scan_memo, launch_internal.h, holds these.) */

void kp__scan_memo_free(kp__scan_memo *mo) {
  for (size_t i = 0; mo && i < mo->n; i++) {
    free(mo->e[i].key);
    free(mo->e[i].acc);
  }
  if (mo)
    free(mo->e);
}

/* The entry of access i under shape s with key[0..nkey), or NULL. */
static const scan_memo_entry *scan_memo_find(const kp__scan_memo *mo, size_t i, const kp_shape *s,
                                             const int64_t *key, size_t nkey) {
  for (size_t j = 0; mo && j < mo->n; j++) {
    const scan_memo_entry *me = &mo->e[j];
    if (me->access == i && me->block[0] == s->x && me->block[1] == s->y &&
        me->block[2] == s->z && me->nkey == nkey &&
        memcmp(me->key, key, nkey * sizeof *key) == 0)
      return me;
  }
  return NULL;
}

/* Keeps a scan's result (nothing when out of memory: it is scanned again). */
static void scan_memo_add(kp__scan_memo *mo, size_t i, const kp_shape *s, const int64_t *key,
                          size_t nkey, size_t visited, const void *acc, size_t acc_size) {
  if (mo->n == mo->cap) {
    size_t cap = mo->cap ? 2 * mo->cap : 16;
    scan_memo_entry *e = realloc(mo->e, cap * sizeof *e);
    if (!e)
      return;
    mo->e = e;
    mo->cap = cap;
  }
  int64_t *k = malloc(nkey ? nkey * sizeof *k : 1);
  void *a = malloc(acc_size);
  if (!k || !a) {
    free(k);
    free(a);
    return;
  }
  memcpy(k, key, nkey * sizeof *k);
  memcpy(a, acc, acc_size);
  mo->e[mo->n++] = (scan_memo_entry){i, {s->x, s->y, s->z}, k, nkey, visited, a};
}

/* Longest scan key kept (values beyond: scanned every time). */
#define SCAN_KEY_MAX 512

/* The block shape of launch l as evaluated in e. */
static kp_shape launch_shape(const kp_launch_eval *e, const kp_launch *l) {
  kp_shape s = {e->block[0], e->block[1], e->block[2], KP_SHAPE_LAUNCH, l};
  return s;
}

/* Scans every access of space `space` (atomics and unsized ones left out)
 * under the launch's block shape, by the GPU's units (kp_gpu_scan_wave); for
 * each access with a point visited, calls done(a, scan state, e).  With a
 * memo, an access scanned before under an equal key is not scanned again:
 * acc (acc_size bytes) is then set as that scan left it. */
static void scan_accesses(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                          const kp_gpu *gpu, kp_launch_eval *e, kp_space space, kp_scan_fn visit,
                          void (*reset)(void *acc), void *acc, size_t acc_size, kp__scan_memo *memo,
                          void (*done)(const kp_kernel *k, const kp_access *a, void *acc,
                                       kp_launch_eval *e)) {
  kp_shape s = launch_shape(e, l);
  for (size_t i = 0; i < k->naccesses; i++) {
    const kp_access *a = &k->accesses[i];
    if (a->space != space || a->is_atomic || a->elem_bytes == 0)
      continue;
    kp_lane_ctx c;
    if (!kp_lane_ctx_init(&c, m, k, &s)) {
      kp_lane_ctx_free(&c);
      continue;
    }
    c.wave = kp_gpu_scan_wave(gpu, space);
    int64_t key[SCAN_KEY_MAX];
    size_t nkey = memo ? kp_access_scan_key(&c, a, key, SCAN_KEY_MAX) : 0;
    int keyed = memo && nkey <= SCAN_KEY_MAX;
    const scan_memo_entry *me = keyed ? scan_memo_find(memo, i, &s, key, nkey) : NULL;
    size_t n;
    if (me) {
      memcpy(acc, me->acc, acc_size);
      n = me->visited;
    } else {
      reset(acc);
      n = kp_access_scan(&c, a, &s, 0, visit, acc);
      if (keyed)
        scan_memo_add(memo, i, &s, key, nkey, n, acc, acc_size);
    }
    kp_lane_ctx_free(&c);
    if (n > 0)
      done(k, a, acc, e);
  }
}

static void coal_reset(void *user) {
  coal_acc *c = user;
  c->excess = c->asked = c->moved = c->requests = c->tsize = 0;
}

static void coal_done(const kp_kernel *k, const kp_access *a, void *user, kp_launch_eval *e) {
  coal_acc *c = user;
  if (c->asked <= 0 || c->requests <= 0)
    return;
  double exec = exec_count(k, a, e->b, e->nb);
  double per_request = c->moved / c->requests; /* bytes a warp request moves */
  /* The L1 data path moves 128 bytes a cycle: a request that moves more
   * takes more than its one cycle, whether its sectors hit or not. */
  if (per_request > 128)
    c->l1_extra += (per_request / 128 - 1) * exec;
  if (c->excess <= 0)
    return;
  double excess = c->excess / c->asked * a->elem_bytes * exec; /* per thread */
  c->total += excess;
  if (c->excess_of)
    c->excess_of[a - k->accesses] = excess;
  e->uncoal_accesses++;
  /* A lane that steps s < sector bytes per iteration finds its next
   * elements in the sectors this request moved: over the loop, each sector
   * is moved once per sector / s iterations, not once per iteration. */
  double sector = c->tsize;
  int64_t s = kp_access_loop_step_bytes(k, a, e->b, e->nb);
  const kp_loop *lp = a->loop >= 0 ? k->loops[a->loop] : NULL;
  int64_t trip = 0;
  if (sector > 0 && s > 0 && s < sector && lp && kp_sym_eval(lp->trip, e->b, e->nb, &trip) &&
      (double)trip * (double)s >= sector) {
    double moved = c->moved / c->asked * a->elem_bytes * exec; /* per thread, no reuse */
    double asked = a->elem_bytes * exec;
    double left = moved * (double)s / sector - asked; /* excess with the reuse */
    if (left < 0)
      left = 0;
    if (left < excess) {
      c->reused += excess - left;
      if (a->is_store)
        c->reused_st += excess - left;
      c->set += per_request;
    }
  }
}

/* On an AMD GPU whose rules kperf does not have (kp_gpu_amd_rules: RDNA) no
 * point is judged: its accesses count as coalesced and conflict-free
 * (predict.c says so in its notes). */
void kp__launch_uncoalesced(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                        const kp_gpu *gpu, kp_launch_eval *e) {
  e->uncoal_fraction = e->uncoal_reused_fraction = e->l1_extra_fraction = 0;
  e->uncoal_reused_st_fraction = 0;
  e->sibling_l1_fraction = 0;
  e->same_address_atomics = e->same_address_atomics_fp = 0;
  e->reuse_set_bytes = 0;
  e->uncoal_accesses = 0;
  coal_acc acc;
  memset(&acc, 0, sizeof acc);
  acc.gpu = gpu;
  acc.excess_of = k->naccesses ? calloc(k->naccesses, sizeof *acc.excess_of) : NULL;
  scan_accesses(m, k, l, gpu, e, KP_SPACE_GLOBAL, coal_visit, coal_reset, &acc, sizeof acc, NULL,
                coal_done);
  /* Sectors a thread's accesses to one array share (an RGB pixel's bytes, a
   * record's fields): the first moves them, the others find them in L1. */
  kp_shape s = launch_shape(e, l);
  kp_sibling_reuse sib;
  if (acc.excess_of && kp_sibling_reuse_of(m, k, &s, gpu, e->b, e->nb, acc.excess_of, &sib) &&
      e->global_bytes > 0)
    e->sibling_l1_fraction = sib.l1_bytes / e->global_bytes;
  if (acc.excess_of && acc.total > 0 && sib.bytes > 0) {
    double room = acc.total - acc.reused;
    double add = sib.bytes < room ? sib.bytes : room;
    if (add > 0) {
      acc.reused_st += sib.st_bytes < add ? sib.st_bytes : add;
      acc.reused += add;
      acc.set += sib.set_bytes;
    }
  }
  free(acc.excess_of);
  e->same_address_atomics =
      kp_same_address_atomics(m, k, &s, gpu, e->b, e->nb, &e->same_address_atomics_fp);
  if (e->global_bytes > 0) {
    e->uncoal_fraction = acc.total / e->global_bytes;
    e->uncoal_reused_fraction = acc.reused / e->global_bytes;
    e->uncoal_reused_st_fraction = acc.reused_st / e->global_bytes;
    e->l1_extra_fraction = acc.l1_extra / e->global_bytes;
  }
  e->reuse_set_bytes = acc.set;
}

/* ---- Bank-conflict replays ---------------------------------------------------- */

/* An n-way conflict serializes a warp's shared access into n accesses (seeds
 * 004 and the Programming Guide): n - 1 replays, which the model sees as
 * n - 1 more shared-memory instructions of the same kind per execution.  The
 * degree is averaged over the scanned configurations (warps, iterations). */
typedef struct bank_acc {
  const kp_gpu *gpu;
  double degree_sum;
  unsigned points;
} bank_acc;

static void bank_visit(void *user, const kp_scan_point *sp) {
  bank_acc *c = user;
  kp_bank_result r;
  if (sp->sample != 0)
    return;
  if (kp_scan_point_conflict(c->gpu, sp, &r) != KP_WARP_OK || r.degree == 0)
    return;
  c->degree_sum += r.degree;
  c->points++;
}

static void bank_reset(void *user) {
  bank_acc *c = user;
  c->degree_sum = 0;
  c->points = 0;
}

static void bank_done(const kp_kernel *k, const kp_access *a, void *user, kp_launch_eval *e) {
  bank_acc *c = user;
  double extra = c->points ? c->degree_sum / c->points - 1.0 : 0;
  if (extra <= 0)
    return;
  double x = extra * exec_count(k, a, e->b, e->nb);
  if (a->is_store)
    e->bank_replays_st += x;
  else
    e->bank_replays_ld += x;
  e->bank_accesses++;
}

void kp__launch_bank_replays(const kp_module *m, const kp_kernel *k, const kp_launch *l,
                         const kp_gpu *gpu, kp_launch_eval *e, kp__scan_memo *memo) {
  e->bank_replays_ld = e->bank_replays_st = 0;
  e->bank_accesses = 0;
  bank_acc acc = {gpu, 0, 0};
  scan_accesses(m, k, l, gpu, e, KP_SPACE_SHARED, bank_visit, bank_reset, &acc, sizeof acc, memo,
                bank_done);
}

