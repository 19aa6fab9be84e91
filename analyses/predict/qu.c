/* Model 001 (Qu et al. 2020): kernel time k = K * t, with t the time of one
 * warp (t = sum(N_i * L_i): each instruction class's count times its
 * latency) and K the kernel time in warp times, from the warp-level features
 * kp_predict computes for every model (v, D, A, W, I; predict.c):
 *
 *   regime 1  g <= A                    K = 1
 *   regime 3  W > a  (I = a / W < 1)    K = W * S
 *   regime 2  otherwise                 K = 1 + (K2 - K1) / (W2 - W1) * (W - W1)
 *             with K1 = 1, K2 = W2 * S, W1 = A * v / n (the last W of regime 1),
 *             W2 = a (the last W before regime 3).
 *
 * S (SPEF) is measured in the paper; when the input does not give it, kperf
 * estimates it as max(1 / a, delay / (sub-partitions * t)): in regime 3 an SM
 * overlaps at most a warps, and cannot issue faster than its schedulers.
 * The paper's correction by v / I (K grows with v / I at equal W) has no
 * formula; kperf reports v / I (qu_v_over_I) for ranking configurations and
 * leaves K uncorrected.  Qu's k is the kernel's duration: no launch overhead.
 */
#include "kperf/predict.h"
#include "qu.h"

#include <math.h>

static int fields(const kp_prediction *p, kp_model_field *f) {
  const kp_qu_detail *own = kp_cdetail_qu(p);
  f[0] = (kp_model_field){"qu_K", own->qu_K};
  f[1] = (kp_model_field){"qu_t_cycles", own->qu_t_cycles};
  f[2] = (kp_model_field){"qu_S", own->qu_S};
  f[3] = (kp_model_field){"qu_regime", own->qu_regime};
  return 4;
}

/* K, t and S are NaN until computed. */
static void init(kp_prediction *out) {
  kp_qu_detail *own = kp_detail_qu(out);
  own->qu_K = own->qu_t_cycles = own->qu_S = NAN;
}

static int predict(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out) {
  kp_qu_detail *own = kp_detail_qu(out);
  (void)gpu;
  const kp_model_facts *f = &out->facts;
  double t = 0, delay = 0;
  for (int c = 0; c < KP_I_COUNT; c++)
    if (in->count[c] > 0) {
      t += in->count[c] * f->lat[c];
      delay += in->count[c] * f->issue[c];
    }
  double a = out->qu_a;
  double S = in->spef;
  if (isnan(S)) {
    S = fmax(1.0 / a, t > 0 ? delay / (f->sub_partitions * t) : 0);
    kp_prediction_note(out, "qu: SPEF not given, estimated as %.4g", S);
  }
  own->qu_t_cycles = t;
  own->qu_S = S;

  double g = (double)in->grid_blocks, W = out->qu_W;
  double W1 = out->qu_W1, W2 = out->qu_W2, K;
  if (isnan(out->qu_A)) {
    kp_prediction_note(out, "qu: CUDA cores per SM unknown, no regime");
    K = NAN;
    own->qu_regime = 0;
  } else if (g <= out->qu_A) {
    own->qu_regime = 1;
    K = 1;
  } else if (W > a || !(W2 > W1)) {
    own->qu_regime = 3;
    K = W * S;
  } else {
    own->qu_regime = 2;
    K = 1 + (W2 * S - 1) / (W2 - W1) * (W - W1);
  }
  own->qu_K = K;
  out->exec_cycles = K * t;
  out->bound = own->qu_regime == 3 ? "issue" : "latency";
  return 0;
}

const kp_model_def kp_model_def_qu = {"qu", "model 001, Qu et al. 2020: warp-level features", predict, fields, init};
