/* Model 001's own numbers (Qu et al.; analyses/predict/qu.c), kept in
 * kp_prediction.detail when it predicted; its features W, I, v, ... are
 * every model's (kp_prediction.qu_*).  Uses predict.h only. */
#ifndef KPERF_PREDICT_QU_H
#define KPERF_PREDICT_QU_H

#include "kperf/predict.h"

typedef struct kp_qu_detail {
  double qu_K, qu_t_cycles, qu_S; /* NaN until computed */
  int qu_regime;                  /* 1, 2, 3; 0 when not computed */
} kp_qu_detail;

KP_MODEL_DETAIL(qu, kp_qu_detail)

#endif
