/* kperf predict / recommend / compare: the predicted time of one launch of a
 * kernel, the block sizes ranked, and the same launch on several GPUs.  Each
 * runs clang with the plugin (plugin_run.c), which predicts the requested
 * launch (-fplugin-arg-kperf-predict-launch) and writes JSON
 * (-fplugin-arg-kperf-predict; schema: docs/checks/launch.md).
 *
 * This file: the options, the runs, the printed prediction, --sites and
 * --batch; the ranking of recommend is predict_recommend.c's.  Uses
 * predict_cmd.h (cli.h, plugin_run.h) and the layers below. */
#define _POSIX_C_SOURCE 200809L
#include "predict_cmd.h"

static void predict_help(FILE *out) {
  fputs("usage: kperf predict FILE.cu --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--smem B]\n"
        "                     [--arg NAME=VALUE]... [-DNAME=V]... [-IDIR]... [--gpu NAME]\n"
        "                     [--model kp|hongkim|kolpakov|qu|bn] [--db PATH] [--json]\n"
        "                     [--max-blocks-per-sm N] [--ptxas auto|nvcc|off]\n"
        "                     [--ptxas-cache DIR] [--cuda-path DIR] [-- CLANG-ARGS...]\n"
        "       kperf predict FILE.cu --batch LAUNCHES [--arg NAME=VALUE]... [-DNAME=V]...\n"
        "                     [--db PATH] [--ptxas ...] [-- CLANG-ARGS...]\n"
        "       kperf predict FILE.cu --sites [--kernel NAME] [--arg NAME=VALUE]... [--gpu NAME]\n"
        "                     [--model M] [--db PATH] [--json] [--ptxas ...] [-- CLANG-ARGS...]\n"
        "\n"
        "Predicts the time of one launch of kernel NAME (its name, its name without\n"
        "template arguments, or without namespaces) on the GPU (default h100) with the\n"
        "model (default bn; docs/models.md).  When the kernel's counts depend on one\n"
        "parameter without a value (no --arg), it prints the time as a function of\n"
        "it instead.  --json prints predicted_us, a breakdown,\n"
        "the occupancy, Qu's features W, I, v and v_over_I and every model's time.\n"
        "\n"
        "--batch predicts many launches from one compile of FILE: LAUNCHES has one\n"
        "launch a line, 'GPU KERNEL gx,gy,gz bx,by,bz smem [max-blocks-per-sm]' (#\n"
        "comments; the optional last field caps the resident blocks per SM as\n"
        "--max-blocks-per-sm does), and kperf\n"
        "prints one JSON object a line, in order: line, gpu, kernel, ok, why (when not\n"
        "ok), predicted_us (bn), bound, bound2 and bound2_ratio (bn's limit and\n"
        "runner-up) and models (every model's time, null when unknown).\n"
        "A GPU missing from the database fails its lines only ('missing GPU: ...').\n"
        "\n"
        "--sites predicts the launches written in FILE (of kernel NAME, or all), as\n"
        "the kperf-launch remark does: a number where the launch's sizes fold (with\n"
        "--arg for the host variables they read), else the time as a function of\n"
        "the unknowns (docs/checks/launch.md), else why there is none.  --json\n"
        "prints them as an array, each launch with its statement ('scaling').\n"
        "\n"
        "--ptxas: registers and spills per thread as ptxas assigns them, from nvcc\n"
        "-Xptxas -v run once per GPU architecture with the file's -D, -U, -I and -std=\n"
        "flags (auto, the default: when the CUDA toolkit is found, from --cuda-path,\n"
        "$KPERF_CUDA_PATH, $CUDA_PATH or /usr/local/cuda; nvcc: always; off: kperf's\n"
        "estimate).  Where nvcc fails, the estimate is used and the notes say why.\n"
        "AMD GPUs: the same from clang's AMDGPU backend (clang -x hip -S for the GPU's\n"
        "ISA, with the ROCm device libraries: Debian's rocm-device-libs), in modes\n"
        "auto and nvcc alike.\n"
        "--ptxas-cache DIR (or $KPERF_PTXAS_CACHE) keeps the compilers' results, keyed\n"
        "by the file's content, those flags, the architecture and the compiler.\n",
        out);
}

static void recommend_help(FILE *out) {
  fputs("usage: kperf recommend FILE.cu --kernel NAME --problem-size N [--block B]\n"
        "                       [--plot OUT.svg] [options of kperf predict]\n"
        "\n"
        "Ranks 1-D block sizes (multiples of 32 up to the GPU's limit) by predicted\n"
        "time, the grid of each being ceil(N / block).  When the model's time is\n"
        "unknown for the GPU (missing latencies), ranks by Qu's (W, v/I) and says so.\n"
        "--plot writes an SVG chart of predicted time against block size.\n",
        out);
}

static void compare_help(FILE *out) {
  fputs("usage: kperf compare FILE.cu --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]\n"
        "                     --gpus NAME,NAME,... [options of kperf predict]\n"
        "\n"
        "Predicts the same launch on several GPUs: a table, or JSON with --json.\n",
        out);
}

static void popts_free(popts *o) {
  kp_strlist_free(&o->plugin);
  kp_strlist_free(&o->clang);
}

/* "X[,Y[,Z]]" of positive integers. */
static int parse_dims(const char *opt, const char *text, long long d[3]) {
  d[0] = d[1] = d[2] = 1;
  const char *s = text;
  for (int i = 0; i < 3; i++) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || errno || v <= 0 || (*end && *end != ',')) {
      kp_cli_error("%s: '%s' is not X[,Y[,Z]] of positive integers", opt, text);
      return -1;
    }
    d[i] = v;
    if (!*end)
      return 0;
    s = end + 1;
  }
  kp_cli_error("%s: '%s' has more than three sizes", opt, text);
  return -1;
}

static int parse_args(int argc, char **argv, popts *o) {
  const char *v;
  for (int i = 1; i < argc; i++) {
    int r = 0;
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      for (int j = i + 1; j < argc; j++)
        if (kp_strlist_push2(&o->clang, argv[j], ""))
          return -1;
      break;
    } else if (strcmp(a, "--json") == 0) {
      o->json = 1;
    } else if (o->cmd == CMD_PREDICT && strcmp(a, "--sites") == 0) {
      o->sites = 1;
    } else if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-I", 2) == 0) && a[2]) {
      if (kp_strlist_push2(&o->clang, a, ""))
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--kernel", &o->kernel)) ||
               (r = kp_cli_opt(argc, argv, &i, "--gpu", &o->gpu)) ||
               (r = kp_cli_opt(argc, argv, &i, "--db", &o->db)) ||
               (r = kp_cli_opt(argc, argv, &i, "--model", &o->model)) ||
               (o->cmd == CMD_PREDICT && (r = kp_cli_opt(argc, argv, &i, "--batch", &o->batch))) ||
               (o->cmd == CMD_COMPARE && (r = kp_cli_opt(argc, argv, &i, "--gpus", &o->gpus))) ||
               (o->cmd == CMD_RECOMMEND && (r = kp_cli_opt(argc, argv, &i, "--plot", &o->plot)))) {
      if (r < 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--ptxas", &v))) {
      if (r < 0)
        return -1;
      o->ptxas = kp_cli_ptxas_mode(v);
      if (o->ptxas < 0) {
        kp_cli_error("--ptxas: '%s' is not auto, nvcc or off", v);
        return -1;
      }
    } else if ((r = kp_cli_opt(argc, argv, &i, "--ptxas-cache", &o->ptxas_cache)) ||
               (r = kp_cli_opt(argc, argv, &i, "--cuda-path", &o->cuda_path))) {
      if (r < 0)
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--grid", &v))) {
      if (r < 0 || parse_dims("--grid", v, o->grid))
        return -1;
      o->has_grid = 1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--block", &v))) {
      if (r < 0 || parse_dims("--block", v, o->block))
        return -1;
      o->has_block = 1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--max-blocks-per-sm", &v))) {
      if (r < 0 || kp_cli_int("--max-blocks-per-sm", v, 1024, 0, &o->max_blocks))
        return -1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--smem", &v))) {
      if (r < 0 || kp_cli_int("--smem", v, 1LL << 40, 1, &o->smem))
        return -1;
    } else if (o->cmd == CMD_RECOMMEND && (r = kp_cli_opt(argc, argv, &i, "--problem-size", &v))) {
      long long d[3];
      if (r < 0 || parse_dims("--problem-size", v, d))
        return -1;
      if (d[1] != 1 || d[2] != 1) {
        kp_cli_error("recommend: 2-D problem sizes are not supported yet; give the number of "
                     "elements the 1-D grid covers");
        return -1;
      }
      o->problem = d[0];
    } else if ((r = kp_cli_opt(argc, argv, &i, "--arg", &v))) {
      if (r < 0 || kp_cli_arg_value(v) ||
          kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-arg=", v))
        return -1;
    } else if (kp_cli_positional(a, &o->file)) {
      return -1;
    }
  }
  if (o->batch) {
    if (!o->file || o->kernel || o->has_grid || o->has_block || o->gpu || o->model || o->json) {
      kp_cli_error("--batch: name the .cu file; kernels, launches and GPUs are in the batch file");
      return -1;
    }
    return 0;
  }
  if (o->sites) {
    if (!o->file || o->has_grid || o->has_block || o->smem || o->max_blocks) {
      kp_cli_error("--sites: name the .cu file; the launches are those it writes (no --grid, "
                   "--block, --smem or --max-blocks-per-sm)");
      return -1;
    }
    return 0;
  }
  if (!o->file || !o->kernel) {
    kp_cli_error("name the .cu file and the kernel (--kernel NAME)");
    return -1;
  }
  if (o->cmd == CMD_RECOMMEND) {
    if (o->problem <= 0) {
      kp_cli_error("recommend: give the problem size (--problem-size N)");
      return -1;
    }
    if (!o->has_block)
      o->block[0] = 256, o->block[1] = o->block[2] = 1;
    o->grid[0] = (o->problem + o->block[0] - 1) / o->block[0];
    o->grid[1] = o->grid[2] = 1;
    o->has_grid = o->has_block = 1;
  }
  if (!o->has_grid || !o->has_block) {
    kp_cli_error("give the launch: --grid X[,Y,Z] and --block X[,Y,Z]");
    return -1;
  }
  if (o->cmd == CMD_COMPARE && (!o->gpus || !*o->gpus)) {
    kp_cli_error("compare: name the GPUs (--gpus h100,a100,gtx940mx)");
    return -1;
  }
  return 0;
}

/* Runs clang with the plugin for one GPU, o's flags and the extra ones
 * (-fplugin-arg-kperf-...; NULL-terminated, may be NULL), and returns the
 * predictions JSON it wrote; NULL when there is none (said).  *errtext:
 * clang's diagnostics (the caller frees them). */
static cJSON *plugin_json(popts *o, const char *gpu, const char *const *extra, char **errtext) {
  size_t base = o->plugin.n;
  int bad = kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-gpu=", gpu) ||
            (o->db && kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-db=", o->db)) ||
            (o->model && kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-model=", o->model));
  for (size_t i = 0; !bad && extra && extra[i]; i++)
    bad = kp_strlist_push2(&o->plugin, extra[i], "");
  *errtext = NULL;
  char *text = bad ? NULL : kp_cli_run_plugin(o->file, o->plugin.v, o->plugin.n, o->clang.v,
                                              o->clang.n, errtext);
  while (o->plugin.n > base)
    free(o->plugin.v[--o->plugin.n]);
  if (o->plugin.v)
    o->plugin.v[o->plugin.n] = NULL;
  if (!text)
    return NULL;
  cJSON *root = cJSON_Parse(text);
  free(text);
  if (!root)
    kp_cli_error("the predictions clang wrote for '%s' are not valid JSON", o->file);
  return root;
}

/* Runs the plugin for one GPU and returns the requested launch's object (in *root). */
static cJSON *run_one(popts *o, const char *gpu, cJSON **root) {
  char launch[1024], problem[96], maxb[96];
  const char *extra[4] = {launch, NULL, NULL, NULL};
  size_t n = 1;
  snprintf(launch, sizeof launch, "-fplugin-arg-kperf-predict-launch=%s:%lld,%lld,%lld:%lld,%lld,%lld:%lld",
           o->kernel, o->grid[0], o->grid[1], o->grid[2], o->block[0], o->block[1], o->block[2],
           o->smem);
  if (o->problem > 0) {
    snprintf(problem, sizeof problem, "-fplugin-arg-kperf-predict-problem=%lld", o->problem);
    extra[n++] = problem;
  }
  if (o->max_blocks > 0) {
    snprintf(maxb, sizeof maxb, "-fplugin-arg-kperf-predict-max-blocks-per-sm=%lld",
             o->max_blocks);
    extra[n++] = maxb;
  }
  char *errtext;
  *root = plugin_json(o, gpu, extra, &errtext);
  if (!*root) {
    free(errtext);
    return NULL;
  }
  const cJSON *err = cJSON_GetObjectItemCaseSensitive(*root, "error");
  if (cJSON_IsString(err)) {
    const cJSON *ks = cJSON_GetObjectItemCaseSensitive(*root, "kernels"), *k;
    char list[2048] = "";
    cJSON_ArrayForEach(k, ks) if (cJSON_IsString(k) && strlen(list) + strlen(k->valuestring) + 3 < sizeof list) {
      if (*list)
        strcat(list, ", ");
      strcat(list, k->valuestring);
    }
    kp_cli_error("%s (kernels: %s)", err->valuestring, *list ? list : "none");
    free(errtext);
    return NULL;
  }
  cJSON *l, *found = NULL;
  cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(*root, "launches")) {
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "requested"))) {
      found = l;
      break;
    }
  }
  if (!found) {
    if (errtext && *errtext)
      fputs(errtext, stderr);
    kp_cli_error("kperf did not predict the launch (does '%s' compile?)", o->file);
  }
  free(errtext);
  return found;
}

void predict_fmt_us(double us, char *buf, size_t n) {
  if (!isfinite(us))
    snprintf(buf, n, "unknown");
  else if (us >= 1e6)
    snprintf(buf, n, "%.3g s", us / 1e6);
  else if (us >= 1e3)
    snprintf(buf, n, "%.3g ms", us / 1e3);
  else
    snprintf(buf, n, "%.3g us", us);
}

/* A launch's object as --json prints it (without the block sizes searched). */
static cJSON *launch_copy(const cJSON *l) {
  cJSON *d = cJSON_Duplicate(l, 1);
  cJSON_DeleteItemFromObjectCaseSensitive(d, "candidates");
  return d;
}

static int check_ok(const cJSON *l) {
  if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "ok")))
    return 1;
  return 0;
}

/* ------------------------------------------------------------ predict */

/* A launch whose one unknown sizes it: its "scaling" (docs/checks/launch.md)
 * as one line, in the words of the kperf-launch remark. */
static void print_scaling(const cJSON *l) {
  const cJSON *sc = cJSON_GetObjectItemCaseSensitive(l, "scaling");
  const cJSON *pts = sc ? cJSON_GetObjectItemCaseSensitive(sc, "points") : NULL;
  if (!cJSON_IsArray(pts))
    return;
  kp_launch_scaling s;
  memset(&s, 0, sizeof s);
  snprintf(s.variable, sizeof s.variable, "%s", kp_json_str(sc, "variable", ""));
  const cJSON *tie;
  cJSON_ArrayForEach(tie, cJSON_GetObjectItemCaseSensitive(sc, "ties")) {
    if (s.nties >= KP_SCALING_TIES)
      break;
    snprintf(s.tie_var[s.nties], sizeof s.tie_var[0], "%s", kp_json_str(tie, "variable", ""));
    const char *as = kp_json_str(tie, "as", "");
    s.tie_kind[s.nties] = kp_scaling_tie_of_name(as);
    s.tie_div[s.nties] = (int64_t)kp_json_num(tie, "divisor", NAN);
    s.nties++;
  }
  const cJSON *pt;
  cJSON_ArrayForEach(pt, pts) {
    double v = kp_json_num(pt, "value", NAN);
    if (s.npoints < KP_SCALING_POINTS && v >= 1) {
      s.power[s.npoints] = (int)lround(log2(v));
      s.predicted_us[s.npoints++] = kp_json_num(pt, "predicted_us", NAN);
    }
  }
  double dims = kp_json_num(sc, "block_dims", NAN), best = kp_json_num(sc, "best", NAN);
  if (dims >= 1 && dims <= 3 && best >= 0 && best < s.npoints) {
    s.block_dims = (int)dims;
    double other = kp_json_num(sc, "block_other", NAN);
    s.block_other = other >= 1 && other <= 1024 ? (int64_t)other : 1;
    s.best = (int)best;
  }
  s.flat = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(sc, "flat"));
  double ff = kp_json_num(sc, "flat_from", NAN);
  s.flat_from = ff >= 1 && ff < s.npoints ? (int)ff : 0;
  s.growth = kp_json_num(sc, "growth", NAN);
  s.per_2_20_us = kp_json_num(sc, "per_2_20_us", NAN);
  s.bound = kp_json_str(sc, "bound", "");
  s.bound2 = kp_json_str(sc, "bound2", "");
  s.bound2_ratio = kp_json_num(sc, "bound2_ratio", NAN);
  char text[640];
  kp_launch_scaling_text(&s, text, sizeof text);
  char vars[256], ties[640];
  kp_launch_scaling_vars(&s, vars, sizeof vars);
  kp_launch_scaling_ties(&s, ties, sizeof ties);
  printf("  as a function of %s%s%s%s: %s\n", vars, ties[0] ? " (taking " : "", ties,
         ties[0] ? ")" : "", text);
}

/* A launch's grid or block as the JSON gives it: "(X, Y, Z)", '?' for a size
 * that is not known (0). */
static void fmt_dims(const cJSON *l, const char *key, char *buf, size_t n) {
  double d[3] = {NAN, NAN, NAN};
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(l, key), *x;
  int i = 0;
  cJSON_ArrayForEach(x, a) if (i < 3) d[i++] = cJSON_IsNumber(x) ? x->valuedouble : NAN;
  size_t used = 0;
  for (i = 0; i < 3 && used < n; i++)
    used += (size_t)(d[i] >= 1 ? snprintf(buf + used, n - used, "%s%.0f", i ? ", " : "(", d[i])
                               : snprintf(buf + used, n - used, "%s?", i ? ", " : "("));
  if (used < n)
    snprintf(buf + used, n - used, ")");
}

/* "KERNEL<<<(gx, gy, gz), (bx, by, bz)>>> on GPU (M model)", then tail. */
static void print_launch(const cJSON *l, const char *tail) {
  char g[96], b[96];
  fmt_dims(l, "grid", g, sizeof g);
  fmt_dims(l, "block", b, sizeof b);
  printf("%s<<<%s, %s>>> on %s (%s model)%s\n", kp_json_str(l, "kernel", ""), g, b,
         kp_json_str(l, "gpu", ""), kp_json_str(l, "model", ""), tail);
}

static void print_prediction(const cJSON *l) {
  char t[32], tail[48];
  predict_fmt_us(kp_json_num(l, "predicted_us", NAN), t, sizeof t);
  snprintf(tail, sizeof tail, ": predicted %s", t);
  print_launch(l, tail);
  if (!check_ok(l))
    printf("  no time: %s\n", kp_json_str(l, "why", ""));
  print_scaling(l);
  const cJSON *occ = cJSON_GetObjectItemCaseSensitive(l, "occupancy");
  if (occ) {
    printf("  occupancy %.0f%% (limited by %s, %.0f blocks/SM), %.3g waves, bound by %s",
           100 * kp_json_num(occ, "occupancy", NAN), kp_json_str(occ, "limiter", ""), kp_json_num(occ, "active_blocks_per_sm", NAN),
           kp_json_num(l, "waves", NAN), kp_json_str(l, "bound", ""));
    char next[64]; /* bn: the runner-up */
    kp_bound_next_text(kp_json_str(l, "bound2", ""), kp_json_num(l, "bound2_ratio", NAN), next, sizeof next);
    printf("%s\n", next);
  }
  const cJSON *bd = cJSON_GetObjectItemCaseSensitive(l, "breakdown");
  if (bd) {
    char a[32], b[32];
    predict_fmt_us(kp_json_num(bd, "launch_us", NAN), a, sizeof a);
    predict_fmt_us(kp_json_num(bd, "exec_us", NAN), b, sizeof b);
    printf("  breakdown: launch %s + execution %s (%.6g cycles at %.0f MHz)\n", a, b,
           kp_json_num(bd, "exec_cycles", NAN), kp_json_num(bd, "clock_mhz", NAN));
    printf("  per thread: %.6g instructions, %.6g global bytes (%.3g uncoalesced excess), "
           "%.6g barriers\n",
           kp_json_num(bd, "instructions_per_thread", NAN), kp_json_num(bd, "global_bytes_per_thread", NAN),
           kp_json_num(bd, "uncoalesced_bytes_per_thread", NAN), kp_json_num(bd, "syncs_per_thread", NAN));
  }
  if (*kp_json_str(l, "registers_from", ""))
    printf("  registers: %.0f per thread (%s), %.6g spill bytes per thread\n",
           kp_json_num(l, "registers_per_thread", NAN), kp_json_str(l, "registers_from", ""), kp_json_num(l, "spill_bytes", NAN));
  if (cJSON_GetObjectItemCaseSensitive(l, "W"))
    printf("  Qu features: W=%.4g I=%.4g v=%.4g v/I=%.4g\n", kp_json_num(l, "W", NAN), kp_json_num(l, "I", NAN),
           kp_json_num(l, "v", NAN), kp_json_num(l, "v_over_I", NAN));
  const cJSON *ms = cJSON_GetObjectItemCaseSensitive(l, "models"), *m;
  if (ms) {
    printf("  all models:");
    cJSON_ArrayForEach(m, ms) {
      char x[32];
      predict_fmt_us(cJSON_IsNumber(m) ? m->valuedouble : NAN, x, sizeof x);
      printf(" %s %s;", m->string, x);
    }
    printf("\n");
  }
  const char *note = kp_json_str(l, "note", "");
  if (*note)
    printf("  notes: %s\n", note);
}

/* ------------------------------------------------------------ commands */

/* --batch: one clang run predicts every launch of the batch file. */
static int run_batch(popts *o) {
  int bad = kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-predict-batch=",
                 o->batch) ||
            (o->db && kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-db=", o->db));
  char *errtext = NULL;
  char *text = bad ? NULL : kp_cli_run_plugin(o->file, o->plugin.v, o->plugin.n, o->clang.v, o->clang.n,
                                              &errtext);
  if (!text) {
    free(errtext);
    return KP_EXIT_FAIL;
  }
  if (errtext && strstr(errtext, "error:"))
    fputs(errtext, stderr);
  free(errtext);
  int rc = fputs(text, stdout) < 0 || fflush(stdout) != 0 ? KP_EXIT_FAIL : KP_EXIT_OK;
  free(text);
  return rc;
}

/* --kernel NAME for --sites: the kernel's name, without its template
 * arguments, or without its namespaces (as for the launch kperf predicts). */
static int kernel_matches(const char *name, const char *want) {
  if (!want)
    return 1;
  size_t n = strcspn(name, "<"), w = strlen(want); /* n: without template arguments */
  const char *last = name;                          /* its last component */
  for (const char *p = name; p + 1 < name + n; p++)
    if (p[0] == ':' && p[1] == ':')
      last = p + 2;
  size_t ln = (size_t)(name + n - last);
  return strcmp(name, want) == 0 || (w == n && strncmp(name, want, n) == 0) ||
         (w == ln && strncmp(last, want, ln) == 0);
}

/* --sites: the launches FILE writes, each as its remark would give it. */
static int run_sites(popts *o) {
  char *errtext;
  cJSON *root = plugin_json(o, o->gpu ? o->gpu : "h100", NULL, &errtext);
  if (errtext && strstr(errtext, "error:"))
    fputs(errtext, stderr);
  free(errtext);
  if (!root)
    return KP_EXIT_FAIL;
  cJSON *arr = cJSON_CreateArray(), *l;
  size_t n = 0;
  cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(root, "launches")) {
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "requested")) ||
        !kernel_matches(kp_json_str(l, "kernel", ""), o->kernel))
      continue;
    n++;
    if (o->json) {
      cJSON_AddItemToArray(arr, launch_copy(l));
      continue;
    }
    printf("%s: ", kp_json_str(l, "loc", "?"));
    if (check_ok(l) || !cJSON_GetObjectItemCaseSensitive(l, "scaling")) {
      print_prediction(l);
      continue;
    }
    print_launch(l, "");
    print_scaling(l);
  }
  int rc = KP_EXIT_OK;
  if (o->json)
    rc = kp_cli_print_json(arr) == 0 ? KP_EXIT_OK : KP_EXIT_FAIL;
  else
    cJSON_Delete(arr);
  if (!n) {
    if (o->kernel)
      kp_cli_error("'%s' writes no launch of '%s' that kperf read", o->file, o->kernel);
    else
      kp_cli_error("'%s' writes no launch that kperf read", o->file);
    rc = KP_EXIT_FAIL;
  }
  cJSON_Delete(root);
  return rc;
}

/* The GPUs of the batch file's lines (their first words; owned by *text). */
static size_t batch_gpus(const char *path, char **text, const char **gpus, size_t max) {
  size_t n = 0;
  *text = kp_cli_read_file(path, NULL);
  for (char *save = NULL, *l = *text ? strtok_r(*text, "\n", &save) : NULL; l && n < max;
       l = strtok_r(NULL, "\n", &save)) {
    l += strspn(l, " \t");
    if (*l == '#' || !*l)
      continue;
    l[strcspn(l, " \t\r")] = '\0';
    int seen = 0;
    for (size_t i = 0; i < n; i++)
      seen |= strcmp(gpus[i], l) == 0;
    if (!seen)
      gpus[n++] = l;
  }
  return n;
}

/* --ptxas: the facts of the GPUs asked for, handed to the plugin. */
static int add_ptxas(popts *o) {
  const char *gpus[256];
  size_t n = 0;
  char *text = NULL, *list = NULL;
  if (o->ptxas == KP_PTXAS_OFF)
    return 0;
  if (o->batch) {
    n = batch_gpus(o->batch, &text, gpus, 256);
  } else if (o->cmd == CMD_COMPARE) {
    list = strdup(o->gpus);
    for (char *save = NULL, *g = list ? strtok_r(list, ",", &save) : NULL; g && n < 256;
         g = strtok_r(NULL, ",", &save))
      gpus[n++] = g;
  } else {
    gpus[n++] = o->gpu ? o->gpu : "h100";
  }
  const char *cache = o->ptxas_cache ? o->ptxas_cache : getenv("KPERF_PTXAS_CACHE");
  o->ptxas_file = kp_cli_ptxas_facts(o->ptxas, o->cuda_path, cache, o->db, o->file, gpus, n,
                                     o->clang.v, o->clang.n);
  free(text);
  free(list);
  if (o->ptxas_file &&
      kp_strlist_push2(&o->plugin, "-fplugin-arg-kperf-ptxas=", o->ptxas_file))
    return -1;
  return 0;
}

static int run_cmd(int cmd, int argc, char **argv) {
  popts o;
  memset(&o, 0, sizeof o);
  o.cmd = cmd;
  o.ptxas = kp_cli_ptxas_mode(NULL); /* $KPERF_PTXAS, else auto */
  int rc = KP_EXIT_USAGE;
  if (o.ptxas < 0) {
    fprintf(stderr, "kperf: KPERF_PTXAS='%s' is not auto, nvcc or off\n", getenv("KPERF_PTXAS"));
    return KP_EXIT_USAGE;
  }
  if (parse_args(argc, argv, &o) != 0)
    goto out;
  rc = KP_EXIT_FAIL;
  if (add_ptxas(&o) != 0)
    goto out;
  if (o.batch) {
    rc = run_batch(&o);
    goto out;
  }
  if (o.sites) {
    rc = run_sites(&o);
    goto out;
  }
  if (cmd != CMD_COMPARE) {
    cJSON *root;
    cJSON *l = run_one(&o, o.gpu ? o.gpu : "h100", &root);
    if (l) {
      if (cmd == CMD_RECOMMEND)
        rc = predict_recommend(&o, l);
      else if (o.json) {
        cJSON *d = launch_copy(l);
        cJSON_AddStringToObject(d, "file", kp_json_str(root, "file", ""));
        cJSON_AddStringToObject(d, "gpu_name", kp_json_str(root, "gpu_name", ""));
        rc = kp_cli_print_json(d) == 0 ? KP_EXIT_OK : KP_EXIT_FAIL;
      } else {
        print_prediction(l);
        rc = KP_EXIT_OK;
      }
    }
    cJSON_Delete(root);
    goto out;
  }
  /* compare */
  char *list = strdup(o.gpus);
  if (!list)
    goto out;
  cJSON *arr = cJSON_CreateArray();
  int failed = 0;
  if (!o.json)
    printf("%s<<<(%lld, %lld, %lld), (%lld, %lld, %lld)>>>\n%-12s  %12s  %9s  %7s  %-12s  %s\n",
           o.kernel, o.grid[0], o.grid[1], o.grid[2], o.block[0], o.block[1], o.block[2], "gpu",
           "predicted", "occupancy", "waves", "bound", "W / I / v/I");
  for (char *save = NULL, *g = strtok_r(list, ",", &save); g; g = strtok_r(NULL, ",", &save)) {
    cJSON *root;
    cJSON *l = run_one(&o, g, &root);
    if (!l) {
      failed = 1;
      cJSON_Delete(root);
      continue;
    }
    if (o.json) {
      cJSON_AddItemToArray(arr, launch_copy(l));
    } else {
      char t[32];
      predict_fmt_us(kp_json_num(l, "predicted_us", NAN), t, sizeof t);
      const cJSON *occ = cJSON_GetObjectItemCaseSensitive(l, "occupancy");
      printf("%-12s  %12s  %8.0f%%  %7.3g  %-12s  %.4g / %.4g / %.4g\n", kp_json_str(l, "gpu", ""), t,
             100 * kp_json_num(occ, "occupancy", NAN), kp_json_num(l, "waves", NAN), kp_json_str(l, "bound", ""), kp_json_num(l, "W", NAN),
             kp_json_num(l, "I", NAN), kp_json_num(l, "v_over_I", NAN));
      if (!check_ok(l))
        printf("%-12s  (no time: %s)\n", "", kp_json_str(l, "why", ""));
    }
    cJSON_Delete(root);
  }
  free(list);
  if (o.json)
    kp_cli_print_json(arr);
  else
    cJSON_Delete(arr);
  rc = failed ? KP_EXIT_FAIL : KP_EXIT_OK;
out:
  kp_cli_ptxas_done(o.ptxas_file);
  popts_free(&o);
  return rc;
}

static int predict_run(int argc, char **argv) { return run_cmd(CMD_PREDICT, argc, argv); }
static int recommend_run(int argc, char **argv) { return run_cmd(CMD_RECOMMEND, argc, argv); }
static int compare_run(int argc, char **argv) { return run_cmd(CMD_COMPARE, argc, argv); }

const kp_command kp_cmd_predict = {"predict", "predict the time of one launch of a kernel",
                                   predict_run, predict_help};
const kp_command kp_cmd_recommend = {"recommend", "rank block sizes for a kernel by predicted time",
                                     recommend_run, recommend_help};
const kp_command kp_cmd_compare = {"compare", "predict one launch on several GPUs", compare_run,
                                   compare_help};
