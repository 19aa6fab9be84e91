/* Model 004: the kernel-time formula Kolpakov et al. take from Kothapalli et
 * al. (PRAM + BSP + QRQW), with the host<->device transfers around it:
 *
 *   T(K)     = N_B * N_w * N_t * C_T / (N_c * D * R)
 *   T_GPU(N) = N_HD / S_HD + T(K) + N_DH / S_DH
 *
 * kperf's reading (docs/models.md, "kolpakov"):
 *   N_B  blocks on the busiest SM, ceil(grid / SMs): the formula as printed
 *        has no SM count (N_c is "cores per SM"), so taken literally it is
 *        the time of one SM running every block;
 *   N_w  warps per block; N_t the warp size;
 *   C_T  the thread's cycles with nothing overlapped: sum(count[c] * lat[c]);
 *   N_c  FP32 lanes per SM (CUDA cores);
 *   D    pipeline depth: the input's, else FP32's dependent-issue latency
 *        (the independent instructions a core must have in flight);
 *   R    the SM clock (exec_cycles is T(K) * R).
 */
#include "kperf/predict.h"
#include "kolpakov.h"

#include <math.h>

static int fields(const kp_prediction *p, kp_model_field *f) {
  const kp_kolpakov_detail *own = kp_cdetail_kolpakov(p);
  f[0] = (kp_model_field){"kol_nb", own->kol_nb};
  f[1] = (kp_model_field){"kol_ct", own->kol_ct};
  f[2] = (kp_model_field){"kol_depth", own->kol_depth};
  return 3;
}

static int predict(const kp_gpu *gpu, const kp_predict_input *in, kp_prediction *out) {
  kp_kolpakov_detail *own = kp_detail_kolpakov(out);
  const kp_model_facts *f = &out->facts;
  double nb = ceil((double)in->grid_blocks / f->sm_count);
  double nw = f->warps_per_block, nt = f->warp_size;
  double ct = 0;
  for (int c = 0; c < KP_I_COUNT; c++)
    if (in->count[c] > 0)
      ct += in->count[c] * f->lat[c];
  double nc = gpu->per_clock_per_sm[KP_OP_FP32] > 0 ? gpu->per_clock_per_sm[KP_OP_FP32] : NAN;
  if (isnan(nc))
    kp_prediction_note(out, "kolpakov: FP32 lanes per SM unknown");
  double d = in->pipeline_depth;
  if (isnan(d)) {
    d = gpu->latency_cycles[KP_OP_FP32] > 0 ? gpu->latency_cycles[KP_OP_FP32] : NAN;
    if (isnan(d))
      kp_prediction_note(out, "kolpakov: pipeline depth unknown (no FP32 latency)");
    else
      kp_prediction_note(out, "kolpakov: pipeline depth = FP32 latency (%g)", d);
  }
  own->kol_nb = nb;
  own->kol_nw = nw;
  own->kol_ct = ct;
  own->kol_nc = nc;
  own->kol_depth = d;
  out->exec_cycles = nb * nw * nt * ct / (nc * d);
  out->bound = "issue"; /* a throughput model: all thread-cycles over the cores */

  /* Transfers: bytes / (GB/s * 1e9) s = bytes / (GB/s * 1e3) us. */
  double xfer = 0;
  if (in->h2d_bytes > 0) {
    if (in->h2d_gbs > 0)
      xfer += in->h2d_bytes / (in->h2d_gbs * 1e3);
    else
      kp_prediction_note(out, "host-to-device bandwidth not given: transfer not counted");
  }
  if (in->d2h_bytes > 0) {
    if (in->d2h_gbs > 0)
      xfer += in->d2h_bytes / (in->d2h_gbs * 1e3);
    else
      kp_prediction_note(out, "device-to-host bandwidth not given: transfer not counted");
  }
  out->transfer_us = xfer;
  return 0;
}

const kp_model_def kp_model_def_kolpakov = {"kolpakov", "model 004, Kolpakov et al.: Kothapalli's formula", predict, fields, NULL};
