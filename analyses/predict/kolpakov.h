/* Model 004's own numbers (Kolpakov et al.; analyses/predict/kolpakov.c), kept
 * in kp_prediction.detail when it predicted.  Uses predict.h only. */
#ifndef KPERF_PREDICT_KOLPAKOV_H
#define KPERF_PREDICT_KOLPAKOV_H

#include "kperf/predict.h"

typedef struct kp_kolpakov_detail {
  double kol_nb, kol_nw, kol_ct, kol_nc, kol_depth;
} kp_kolpakov_detail;

KP_MODEL_DETAIL(kolpakov, kp_kolpakov_detail)

#endif
