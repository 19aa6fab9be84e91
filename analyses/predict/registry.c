/* The registry of performance models: the rows of include/kperf/models.def
 * (each model's file defines its kp_model_def: option name, what it is, its
 * prediction and its own JSON fields). */
#include "kperf/predict.h"

static const kp_model_def *const models[KP_MODEL_COUNT] = {
#define KP_MODEL(ID, name) [KP_MODEL_##ID] = &kp_model_def_##name,
#include "kperf/models.def"
#undef KP_MODEL
};

const kp_model_def *kp_model_def_of(kp_model_kind kind) {
  return (unsigned)kind < KP_MODEL_COUNT ? models[kind] : 0;
}
