/* Model 003: Hong & Kim's MWP-CWP model (ISCA 2009, the formulas of its
 * slides), with the synchronisation cost of the original paper (section
 * 4.6).  docs/models.md ("hongkim") restates them and lists how kperf
 * fills each symbol:
 *   N            warps resident on the busiest SM
 *   #Rep         #Blocks / (#Active_blocks_per_SM * #Active_SMs)
 *   Mem_LD       the hit-weighted latency of a coalesced global access
 *   #Mem_insts   global/local loads, stores and atomics per thread (= per warp),
 *                split into uncoalesced ones by the uncoalesced share of the bytes
 *   Comp_cycles  issue cycles of all of the warp's instructions on one SM:
 *                sum(count[c] * issue[c]) / sub-partitions (Hong & Kim's
 *                #Issue_cycles * #total_insts, 4 cycles per instruction on GT200)
 *   Departure_del_coal  default: one memory instruction's issue, per SM
 *   Departure_del_uncoal default: the coalesced one;  #Uncoal_per_mw: warp size
 *   Mem_Bandwidth the DRAM bandwidth; Load_bytes_per_warp: the average bytes of
 *                one warp memory instruction that reach DRAM
 */
#include "kperf/predict.h"
#include "hongkim.h"

#include <math.h>

static int fields(const kp_prediction *p, kp_model_field *f) {
  const kp_hongkim_detail *own = kp_cdetail_hongkim(p);
  f[0] = (kp_model_field){"hk_case", own->hk_case};
  f[1] = (kp_model_field){"hk_mwp", own->hk_mwp};
  f[2] = (kp_model_field){"hk_cwp", own->hk_cwp};
  f[3] = (kp_model_field){"hk_n", own->hk_n};
  f[4] = (kp_model_field){"hk_mem_cycles", own->hk_mem_cycles};
  f[5] = (kp_model_field){"hk_comp_cycles", own->hk_comp_cycles};
  return 6;
}

static int predict(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out) {
  kp_hongkim_detail *own = kp_detail_hongkim(out);
  (void)gpu;
  const kp_model_facts *f = &out->facts;
  double P = f->sub_partitions;
  double G = (double)in->grid_blocks, nsm = f->sm_count;
  double per_sm = fmin(out->occ.active_blocks_per_sm, ceil(G / nsm)); /* blocks */
  double active_sms = fmin(nsm, G);
  double N = per_sm * f->warps_per_block;
  double rep = G / (per_sm * active_sms);
  own->hk_n = N;
  own->hk_rep = rep;

  double comp = 0;
  for (int c = 0; c < KP_I_COUNT; c++)
    if (in->count[c] > 0)
      comp += in->count[c] * f->issue[c];
  comp /= P;
  own->hk_comp_cycles = comp;

  double mem_insts = f->global_insts;
  if (!(mem_insts > 0)) {
    /* No global memory: every warp's instructions issue one after another. */
    own->hk_case = 0;
    own->hk_mem_cycles = 0;
    own->hk_mwp = own->hk_cwp = NAN;
    out->exec_cycles = comp * N * rep;
    out->bound = "issue";
    return 0;
  }

  double w_unc = f->global_bytes > 0 ? f->uncoal_bytes / f->global_bytes : 0;
  double n_unc = mem_insts * w_unc, n_coal = mem_insts - n_unc;
  double mem_ld = 0; /* coalesced: hit-weighted over L1, L2, DRAM */
  if (f->f_l1 > 0) mem_ld += f->f_l1 * f->lat_l1;
  if (f->f_l2 > 0) mem_ld += f->f_l2 * f->lat_l2;
  if (f->f_dram > 0) mem_ld += f->f_dram * f->lat_dram;

  double dep_coal = in->hk_departure_coal;
  if (isnan(dep_coal)) {
    dep_coal = f->issue[KP_I_LD_GLOBAL] / P;
    kp_prediction_note(out, "hongkim: coalesced departure delay = one memory issue (%g cycles)",
                       dep_coal);
  }
  double dep_unc = in->hk_departure_uncoal, upm = in->hk_uncoal_per_mw;
  if (isnan(dep_unc)) {
    dep_unc = dep_coal;
    if (w_unc > 0)
      kp_prediction_note(out, "hongkim: uncoalesced departure delay = the coalesced one");
  }
  if (isnan(upm)) {
    upm = f->warp_size;
    if (w_unc > 0)
      kp_prediction_note(out, "hongkim: %d transactions per uncoalesced warp request",
                         f->warp_size);
  }

  double mem_l_unc = mem_ld + (upm - 1) * dep_unc;
  double mem_l_coal = mem_ld;
  double mem_l = mem_l_unc * w_unc + mem_l_coal * (1 - w_unc);
  double departure = dep_unc * upm * w_unc + dep_coal * (1 - w_unc);
  double mwp_wo_full = departure > 0 ? mem_l / departure : INFINITY;
  double mwp_wo = fmin(mwp_wo_full, N);

  /* MWP_peak_BW = Mem_Bandwidth / (BW_per_warp * #Active_SMs), with
   * BW_per_warp = Freq * Load_bytes_per_warp / Mem_L; in bytes per cycle the
   * frequency cancels. */
  double dram_share = (1 - w_unc) * f->f_dram + w_unc;
  double load_bytes = f->global_bytes / mem_insts * f->warp_size * dram_share;
  double bw_per_warp = mem_l > 0 ? load_bytes / mem_l : 0; /* bytes per cycle */
  double peak = INFINITY;
  if (f->bpc_dram > 0 && bw_per_warp > 0)
    peak = f->bpc_dram / (bw_per_warp * active_sms);
  else if (bw_per_warp > 0)
    kp_prediction_note(out, "hongkim: DRAM bandwidth unknown, MWP not limited by it");
  double mwp = fmin(fmin(mwp_wo, peak), N);

  double mem_cycles = mem_l_unc * n_unc + mem_l_coal * n_coal;
  double cwp_full = comp > 0 ? (mem_cycles + comp) / comp : INFINITY;
  double cwp = fmin(cwp_full, N);
  own->hk_mem_l = mem_l;
  own->hk_departure_delay = departure;
  own->hk_mwp_peak_bw = peak;
  own->hk_mwp = mwp;
  own->hk_cwp = cwp;
  own->hk_mem_cycles = mem_cycles;

  /* (MWP - 1) counts the other warps' overlapped computation; MWP < 1 (less
   * bandwidth than one warp needs) adds none. */
  double others = fmax(mwp - 1, 0);
  double tol = 1e-9 * N;
  double exec;
  if (fabs(mwp - N) <= tol && fabs(cwp - N) <= tol) {
    own->hk_case = 1; /* not enough warps to hide anything */
    exec = (mem_cycles + comp + comp / mem_insts * others) * rep;
    out->bound = "latency";
  } else if (cwp >= mwp || comp > mem_cycles) {
    own->hk_case = 2; /* memory-bound */
    exec = (mem_cycles * N / mwp + comp / mem_insts * others) * rep;
    out->bound = w_unc >= 0.5 ? "uncoalesced" : "dram";
  } else {
    own->hk_case = 3; /* compute-bound */
    exec = (mem_l + comp * N) * rep;
    out->bound = "issue";
  }
  /* Synch_cost = Departure_delay * (MWP - 1) * #synch_insts *
   *              #Active_blocks_per_SM * #Rep */
  own->hk_sync_cycles = in->syncs > 0 ? departure * others * in->syncs * per_sm * rep : 0;
  out->exec_cycles = exec + own->hk_sync_cycles;
  return 0;
}

const kp_model_def kp_model_def_hongkim = {"hongkim", "model 003, Hong & Kim 2009: memory and computation warp parallelism", predict, fields, NULL};
