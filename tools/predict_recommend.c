/* kperf recommend: a launch's 1-D block sizes ranked by predicted time (or by
 * Qu's W and v/I when the time is unknown), as a table, JSON or an SVG plot.
 * Uses predict_cmd.h (cli.h) and cJSON only. */
#define _POSIX_C_SOURCE 200809L
#include "predict_cmd.h"

typedef struct rank_row {
  const cJSON *c;
  double t, W, vI;
} rank_row;

static int by_time;

static int rank_cmp(const void *a, const void *b) {
  const rank_row *x = a, *y = b;
  if (by_time) {
    int fx = isfinite(x->t), fy = isfinite(y->t);
    if (fx != fy)
      return fx ? -1 : 1;
    if (fx && x->t != y->t)
      return x->t < y->t ? -1 : 1;
  } else {
    if (x->W != y->W)
      return x->W < y->W ? -1 : 1;
    if (x->vI != y->vI)
      return x->vI < y->vI ? -1 : 1;
  }
  return kp_json_num(x->c, "block", NAN) < kp_json_num(y->c, "block", NAN) ? -1 : 1;
}

static int write_plot(const char *path, const rank_row *rows, size_t n, const rank_row *best,
                      const char *title) {
  /* rows in block order for the line */
  double xmin = 1e300, xmax = -1e300, ymax = 0;
  for (size_t i = 0; i < n; i++) {
    double x = kp_json_num(rows[i].c, "block", NAN);
    xmin = x < xmin ? x : xmin;
    xmax = x > xmax ? x : xmax;
    if (isfinite(rows[i].t) && rows[i].t > ymax)
      ymax = rows[i].t;
  }
  if (ymax <= 0 || xmax <= xmin)
    return -1;
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  const double W = 720, H = 420, L = 80, R = 20, T = 40, B = 60;
  const double pw = W - L - R, ph = H - T - B;
#define PX(x) (L + ((x) - xmin) / (xmax - xmin) * pw)
#define PY(y) (T + ph - (y) / (ymax * 1.1) * ph)
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
             "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
             "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
          W, H, W, H);
  fprintf(f, "<text x=\"%.0f\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">", W / 2);
  for (const char *s = title; *s; s++)
    fputs(*s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&' ? "&amp;" : (char[2]){*s, 0}, f);
  fprintf(f, "</text>\n");
  fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", L, T + ph,
          L + pw, T + ph);
  fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", L, T, L,
          T + ph);
  for (int i = 0; i <= 4; i++) {
    double y = ymax * 1.1 * i / 4;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L, PY(y),
            L + pw, PY(y));
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", L - 6, PY(y) + 4, y);
  }
  for (double x = 128; x <= xmax; x += 128)
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", PX(x),
            T + ph + 18, x);
  fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">threads per block</text>\n",
          L + pw / 2, H - 14);
  fprintf(f, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">"
             "predicted time (us)</text>\n",
          T + ph / 2, T + ph / 2);
  fprintf(f, "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"");
  for (size_t i = 0; i < n; i++)
    if (isfinite(rows[i].t))
      fprintf(f, "%.1f,%.1f ", PX(kp_json_num(rows[i].c, "block", NAN)), PY(rows[i].t));
  fprintf(f, "\"/>\n");
  if (best && isfinite(best->t)) {
    double bx = PX(kp_json_num(best->c, "block", NAN)), by = PY(best->t);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" stroke=\"#d62728\" "
               "stroke-width=\"2\"/>\n",
            bx, by);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" text-anchor=\"middle\">recommended: "
               "%.0f threads</text>\n",
            bx, by - 12, kp_json_num(best->c, "block", NAN));
  }
  fprintf(f, "</svg>\n");
#undef PX
#undef PY
  return fclose(f) == 0 ? 0 : -1;
}

static int row_block_cmp(const void *a, const void *b) {
  double x = kp_json_num(((const rank_row *)a)->c, "block", NAN), y = kp_json_num(((const rank_row *)b)->c, "block", NAN);
  return x < y ? -1 : x > y;
}

int predict_recommend(popts *o, const cJSON *l) {
  const cJSON *cands = cJSON_GetObjectItemCaseSensitive(l, "candidates"), *c;
  size_t n = (size_t)cJSON_GetArraySize(cands);
  if (n == 0) {
    kp_cli_error("recommend: no prediction for %s: %s", o->kernel,
                 *kp_json_str(l, "why", "") ? kp_json_str(l, "why", "") : "the launch could not be predicted");
    return KP_EXIT_FAIL;
  }
  rank_row *rows = calloc(n, sizeof *rows);
  if (!rows)
    return KP_EXIT_FAIL;
  size_t k = 0, finite = 0;
  cJSON_ArrayForEach(c, cands) {
    rows[k].c = c;
    rows[k].t = kp_json_num(c, "predicted_us", NAN);
    rows[k].W = kp_json_num(c, "W", NAN);
    rows[k].vI = kp_json_num(c, "v_over_I", NAN);
    finite += isfinite(rows[k].t);
    k++;
  }
  by_time = finite > 0;
  qsort(rows, n, sizeof *rows, rank_cmp);
  const cJSON *rs = cJSON_GetObjectItemCaseSensitive(l, "reshape");
  int safe = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rs, "ok"));
  if (o->json) {
    cJSON *out = cJSON_CreateObject();
    cJSON_AddStringToObject(out, "kernel", kp_json_str(l, "kernel", ""));
    cJSON_AddStringToObject(out, "gpu", kp_json_str(l, "gpu", ""));
    cJSON_AddStringToObject(out, "model", kp_json_str(l, "model", ""));
    cJSON_AddNumberToObject(out, "problem_size", (double)o->problem);
    cJSON_AddStringToObject(out, "ranked_by", by_time ? "predicted_us" : "W, v_over_I");
    cJSON_AddStringToObject(out, "registers_from", kp_json_str(l, "registers_from", ""));
    cJSON_AddNumberToObject(out, "registers_per_thread", kp_json_num(l, "registers_per_thread", NAN));
    cJSON_AddNumberToObject(out, "spill_bytes", kp_json_num(l, "spill_bytes", NAN));
    cJSON_AddBoolToObject(out, "reshape_safe", safe);
    cJSON_AddStringToObject(out, "reshape_why", kp_json_str(rs, "why", ""));
    cJSON *arr = cJSON_AddArrayToObject(out, "ranking");
    for (size_t i = 0; i < n; i++)
      cJSON_AddItemToArray(arr, cJSON_Duplicate(rows[i].c, 1));
    kp_cli_print_json(out);
  } else {
    printf("%s on %s (%s model), problem size %lld: block sizes ranked by %s\n",
           kp_json_str(l, "kernel", ""), kp_json_str(l, "gpu", ""), kp_json_str(l, "model", ""), o->problem,
           by_time ? "predicted time" : "Qu's (W, v/I): the model's time is unknown for this GPU");
    if (!safe)
      printf("warning: kperf cannot confirm the kernel works with other block sizes: %s\n",
             kp_json_str(rs, "why", ""));
    printf("%4s  %6s  %9s  %12s  %9s  %6s  %6s  %6s\n", "rank", "block", "grid", "predicted",
           "occupancy", "W", "I", "v/I");
    for (size_t i = 0; i < n; i++) {
      char t[32];
      predict_fmt_us(rows[i].t, t, sizeof t);
      printf("%4zu  %6.0f  %9.0f  %12s  %8.0f%%  %6.4g  %6.4g  %6.4g\n", i + 1,
             kp_json_num(rows[i].c, "block", NAN), kp_json_num(rows[i].c, "grid", NAN), t,
             100 * kp_json_num(rows[i].c, "occupancy", NAN), rows[i].W, kp_json_num(rows[i].c, "I", NAN), rows[i].vI);
    }
    if (*kp_json_str(l, "registers_from", ""))
      printf("registers: %.0f per thread (%s), %.6g spill bytes per thread\n",
             kp_json_num(l, "registers_per_thread", NAN), kp_json_str(l, "registers_from", ""), kp_json_num(l, "spill_bytes", NAN));
  }
  int rc = KP_EXIT_OK;
  if (o->plot) {
    const rank_row best = rows[0];
    qsort(rows, n, sizeof *rows, row_block_cmp);
    char title[512];
    snprintf(title, sizeof title, "%s on %s (%s model), N = %lld", kp_json_str(l, "kernel", ""),
             kp_json_str(l, "gpu", ""), kp_json_str(l, "model", ""), o->problem);
    if (write_plot(o->plot, rows, n, &best, title) != 0) {
      kp_cli_error("recommend: cannot write the plot %s (%s)", o->plot,
                   by_time ? strerror(errno) : "no predicted times to plot");
      rc = KP_EXIT_FAIL;
    }
  }
  free(rows);
  return rc;
}
