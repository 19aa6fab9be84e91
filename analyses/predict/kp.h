/* Model 000's own numbers (Kleimenov & Popova; analyses/predict/kp.c), kept in
 * kp_prediction.detail when it predicted.  Uses predict.h only. */
#ifndef KPERF_PREDICT_KP_H
#define KPERF_PREDICT_KP_H

#include "kperf/predict.h"

typedef struct kp_kp_detail {
  double kp_time_sync;        /* per warp, cycles */
  double kp_wave_cycles;      /* a full wave (or the only, partial one) */
  double kp_last_wave_cycles; /* the partial last wave; 0 when none */
  double kp_lat_l1, kp_lat_l2, kp_lat_dram, kp_lat_uncoal; /* after the fixed points
                                                              (first wave) */
  int kp_iterations;          /* fixed-point steps, all waves and levels */
} kp_kp_detail;

KP_MODEL_DETAIL(kp, kp_kp_detail)

#endif
