/* The registry of performance models: one row per model (its option name,
 * what it is, its prediction and its own JSON fields).  A new model is a
 * file in this directory, a kind in include/kperf/predict.h and a row here
 * (docs/models.md, "Adding a model"). */
#include "kperf/predict.h"

static const kp_model_def models[KP_MODEL_COUNT] = {
    [KP_MODEL_KP] = {"kp", "model 000, Kleimenov & Popova 2021: waves of warps at L1/L2/DRAM latencies",
                     kp_model_kp, kp_model_kp_fields},
    [KP_MODEL_HONGKIM] = {"hongkim", "model 003, Hong & Kim 2009: memory and computation warp parallelism",
                          kp_model_hongkim, kp_model_hongkim_fields},
    [KP_MODEL_KOLPAKOV] = {"kolpakov", "model 004, Kolpakov et al.: Kothapalli's formula",
                           kp_model_kolpakov, kp_model_kolpakov_fields},
    [KP_MODEL_QU] = {"qu", "model 001, Qu et al. 2020: warp-level features", kp_model_qu,
                     kp_model_qu_fields},
    [KP_MODEL_BN] = {"bn", "bottleneck: the busiest pipe, memory level or latency per wave",
                     kp_model_bn, kp_model_bn_fields},
};

const kp_model_def *kp_model_def_of(kp_model_kind kind) {
  return (unsigned)kind < KP_MODEL_COUNT ? &models[kind] : 0;
}
