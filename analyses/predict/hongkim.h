/* Model 003's own numbers (Hong & Kim MWP-CWP; analyses/predict/hongkim.c),
 * kept in kp_prediction.detail when it predicted.  Uses predict.h only. */
#ifndef KPERF_PREDICT_HONGKIM_H
#define KPERF_PREDICT_HONGKIM_H

#include "kperf/predict.h"

typedef struct kp_hongkim_detail {
  int hk_case; /* 1: MWP == N == CWP, 2: memory-bound, 3: compute-bound, 0: no memory */
  double hk_n, hk_mwp, hk_cwp, hk_mwp_peak_bw, hk_mem_l, hk_departure_delay;
  double hk_mem_cycles, hk_comp_cycles, hk_rep, hk_sync_cycles;
} kp_hongkim_detail;

KP_MODEL_DETAIL(hongkim, kp_hongkim_detail)

#endif
