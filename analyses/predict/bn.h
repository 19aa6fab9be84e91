/* The bottleneck model's own numbers (analyses/predict/bn.c; docs/models.md),
 * kept in kp_prediction.detail when it predicted.  Uses predict.h only. */
#ifndef KPERF_PREDICT_BN_H
#define KPERF_PREDICT_BN_H

#include "kperf/predict.h"

enum { KP_BN_RESOURCES = 16 };

typedef struct kp_bn_detail {
  /* Each resource's cycles summed over the waves (KP_BN_RESOURCES, in the
   * order of bn.c's resources). */
  double bn_cycles[KP_BN_RESOURCES];
} kp_bn_detail;

KP_MODEL_DETAIL(bn, kp_bn_detail)

#endif
