/* libFuzzer target: the report writers.  The input builds a translation
 * unit's model (kernels with parameters, loops with formula trip counts,
 * memory accesses, launches with any sizes, assumptions) and a set of findings
 * (any text, locations, notes, fix-its), which are written as the model JSON
 * (diagnostics/model_json.c), the prediction JSON (predict_json.c, on the GPU
 * of $KPERF_FUZZ_DB named by the input, or none), SARIF and JSON
 * (findings_report.c), after the check filter, NOLINT and -Werror handling
 * (control.c).  Every text written must parse as JSON. */
#define _POSIX_C_SOURCE 200809L
#include "fz.h"
#include "kperf/arena.h"
#include "kperf/control.h"
#include "kperf/finding.h"
#include "kperf/findings_report.h"
#include "kperf/gpu.h"
#include "kperf/launch.h"
#include "kperf/model.h"
#include "kperf/predict.h"
#include "kperf/report.h"
#include "kperf/sym.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static kp_gpudb *db;
static char out_path[256];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  char err[256];
  const char *p = getenv("KPERF_FUZZ_DB");
  if (p && !(db = kp_gpudb_open(p, err, sizeof err)))
    fprintf(stderr, "fuzz_reports: %s\n", err);
  snprintf(out_path, sizeof out_path, "/tmp/kperf-fuzz-reports-%ld.json", (long)getpid());
  return 0;
}

static const char *const VARS[] = {"n", "m", "threadIdx.x", "threadIdx.y", "blockIdx.x", "blockDim.x",
                                   "gridDim.x", "i", "j", "trip@k.cu:7"};

static const kp_sym *formula(fz *f, kp_arena *a, int depth) {
  unsigned op = fz_byte(f);
  if (depth <= 0 || op < 100)
    return op & 1 ? kp_sym_var(a, VARS[fz_below(f, sizeof VARS / sizeof VARS[0])]) : kp_sym_const(a, fz_int(f));
  kp_sym_kind k = (kp_sym_kind)(KP_SYM_ADD + fz_below(f, KP_SYM_XOR - KP_SYM_ADD + 1));
  if (k == KP_SYM_FLOG2 || k == KP_SYM_CLOG2)
    return kp_sym_un(a, k, formula(f, a, depth - 1));
  const kp_sym *x = formula(f, a, depth - 1);
  return kp_sym_bin(a, k, x, formula(f, a, depth - 1));
}

static const char *text(fz *f, kp_module *m) {
  static const char *const some[] = {"n", "", "blocksPerGrid", "(n + 255) / 256", "dim3(4, 4)", "\"q\\uote\"",
                                     "\x01\x7f", "caf\xc3\xa9", "\xff\xfe", "a\nb", "%s%n%d"};
  unsigned k = fz_byte(f);
  if (k < 200)
    return some[k % (sizeof some / sizeof some[0])];
  char buf[65];
  return kp_module_str(m, fz_str(f, buf, 64), (size_t)-1);
}

static kp_loc loc(fz *f) {
  static const char *const files[] = {"k.cu", "/abs/k.cu", "dir/../k.cu", "", "sp ace.cu", "q\"uote.cu"};
  kp_loc l = {files[fz_below(f, 6)], fz_byte(f) * 37u, fz_byte(f)};
  return l;
}

static void expr(fz *f, kp_module *m, kp_expr *e) {
  unsigned k = fz_byte(f);
  e->text = k < 30 ? NULL : text(f, m);
  e->known = e->text && (k & 1);
  e->value = fz_int(f);
}

static void region(fz *f, kp_module *m, kp_kernel *k, kp_region *r, int parent, int depth) {
  unsigned n = fz_below(f, 6);
  for (unsigned i = 0; i < n; i++) {
    unsigned what = fz_byte(f);
    kp_node *nd = kp_region_add(m, r);
    if (!nd)
      return;
    nd->loc = loc(f);
    nd->cls = (kp_iclass)fz_below(f, KP_I_COUNT);
    nd->count = 1 + fz_below(f, 64);
    if (what < 60 && depth < 4) {
      kp_loop *lp = kp_kernel_add_loop(m, k);
      if (!lp)
        return;
      nd = &r->nodes[r->nnodes - 1]; /* adding a loop does not move this region, but be plain */
      nd->kind = KP_NODE_LOOP;
      nd->loop = lp;
      lp->parent = parent;
      lp->loc = nd->loc;
      lp->var = fz_byte(f) & 1 ? "i" : NULL;
      lp->init = formula(f, m->arena, 2);
      lp->step = formula(f, m->arena, 2);
      lp->trip = formula(f, m->arena, 3);
      if (!lp->trip)
        lp->trip = kp_sym_const(m->arena, 1);
      lp->trip_kind = (kp_trip_kind)fz_below(f, 3);
      if (lp->trip_kind == KP_TRIP_UNKNOWN) {
        lp->trip_param = "trip@k.cu:7";
        lp->why = text(f, m);
      }
      lp->unroll = (int)fz_int(f);
      lp->unrolled_by = 1 + fz_below(f, 8);
      int flags = fz_byte(f);
      lp->thread_dependent = flags & 1;
      lp->unrolled_whole = (flags >> 1) & 1;
      region(f, m, k, &lp->body, lp->id, depth + 1);
    } else if (what < 120) {
      kp_access *ac = kp_kernel_add_access(m, k);
      if (!ac)
        return;
      ac->loc = nd->loc;
      ac->is_store = fz_byte(f) & 1;
      ac->is_atomic = fz_byte(f) % 5 == 0;
      ac->space = (kp_space)fz_below(f, 4);
      ac->array = text(f, m);
      ac->elem_bytes = 1u << fz_below(f, 5);
      ac->index.known = 0;
      ac->index.why = text(f, m);
      ac->index_formula = formula(f, m->arena, 3);
      ac->index_text = text(f, m);
      ac->loop = parent;
      ac->divergent = fz_byte(f) & 1;
      nd->access = (int)(k->naccesses - 1);
      nd->cls = ac->is_store ? KP_I_ST_GLOBAL : KP_I_LD_GLOBAL;
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz f = {data, size, 0};
  kp_module m;
  kp_module_init(&m);
  m.main_file = text(&f, &m);
  m.host_errors = fz_below(&f, 3);
  unsigned nk = fz_below(&f, 4);
  for (unsigned i = 0; i < nk; i++) {
    kp_kernel *k = kp_module_add_kernel(&m);
    if (!k)
      break;
    k->name = text(&f, &m);
    k->loc = loc(&f);
    k->nparams = fz_below(&f, 4);
    k->params = kp_module_alloc(&m, (k->nparams + 1) * sizeof *k->params);
    for (size_t p = 0; k->params && p < k->nparams; p++) {
      k->params[p].name = text(&f, &m);
      k->params[p].type = fz_byte(&f) & 1 ? "const float *" : "int";
    }
    if (!k->params)
      k->nparams = 0;
    k->max_threads_per_block = (int)fz_int(&f);
    k->min_blocks_per_sm = (int)fz_int(&f);
    k->has_body = fz_byte(&f) % 4 != 0;
    if (k->has_body)
      region(&f, &m, k, &k->body, -1, 0);
    k->shared_static_bytes = fz_int(&f);
    k->uses_dynamic_shared = fz_byte(&f) & 1;
    k->registers_estimate = (int)fz_below(&f, 256);
    k->max_registers = (int)fz_below(&f, 256);
  }
  unsigned nl = fz_below(&f, 4);
  for (unsigned i = 0; i < nl; i++) {
    kp_launch *l = kp_module_add_launch(&m);
    if (!l)
      break;
    l->kernel = m.nkernels ? (int)fz_below(&f, (unsigned)m.nkernels + 1) - 1 : -1;
    l->kernel_name = l->kernel >= 0 ? m.kernels[l->kernel].name : text(&f, &m);
    l->via_pointer = fz_byte(&f) & 1;
    l->loc = loc(&f);
    expr(&f, &m, &l->grid.x), expr(&f, &m, &l->grid.y), expr(&f, &m, &l->grid.z);
    expr(&f, &m, &l->block.x), expr(&f, &m, &l->block.y), expr(&f, &m, &l->block.z);
    expr(&f, &m, &l->smem);
    l->stream = fz_byte(&f) & 1 ? "s" : NULL;
    if (l->kernel >= 0) {
      l->nargs = m.kernels[l->kernel].nparams;
      l->args = kp_module_alloc(&m, (l->nargs + 1) * sizeof *l->args);
      for (size_t a = 0; l->args && a < l->nargs; a++)
        expr(&f, &m, &l->args[a]);
      if (!l->args)
        l->nargs = 0;
    }
  }
  unsigned na = fz_below(&f, 3);
  m.assume = kp_module_alloc(&m, (na + 1) * sizeof *m.assume);
  for (unsigned i = 0; m.assume && i < na; i++) {
    m.assume[i].name = VARS[fz_below(&f, sizeof VARS / sizeof VARS[0])];
    m.assume[i].value = fz_int(&f);
    m.nassume++;
  }

  char *js = kp_model_json(&m, "h100");
  if (js) {
    cJSON *p = cJSON_Parse(js);
    if (!p)
      abort();
    cJSON_Delete(p);
    free(js);
  }
  kp_gpu gpu, *g = NULL;
  char err[512];
  static const char *const gpus[] = {"h100", "a100", "gtx940mx", "v100", "rtx4090"};
  if (db && fz_byte(&f) % 5 && kp_gpudb_find(db, gpus[fz_below(&f, 5)], &gpu, err, sizeof err) == 0)
    g = &gpu;
  kp_model_kind model = (kp_model_kind)fz_below(&f, KP_MODEL_COUNT);
  if (kp_predict_json_write(&m, g, model, NULL, fz_int(&f), (int)fz_below(&f, 33), NULL, out_path, err,
                            sizeof err) == 0) {
    FILE *in = fopen(out_path, "rb");
    if (in) {
      static char buf[1 << 20];
      size_t n = fread(buf, 1, sizeof buf - 1, in);
      buf[n] = '\0';
      fclose(in);
      cJSON *p = cJSON_Parse(buf);
      if (!p && n < sizeof buf - 1)
        abort();
      cJSON_Delete(p);
    }
    unlink(out_path);
  }

  kp_findings fs;
  kp_findings_init(&fs);
  static const char *const checks[] = {"kperf-launch", "kperf-uncoalesced", "kperf-bank-conflict", "kperf-model", "x"};
  unsigned nf = fz_below(&f, 6);
  for (unsigned i = 0; i < nf; i++) {
    if (!kp_findings_add(&fs, checks[fz_below(&f, 5)], (kp_severity)fz_below(&f, 3), loc(&f), "%s", text(&f, &m)))
      break;
    for (unsigned k = fz_below(&f, 3); k > 0; k--)
      kp_findings_note(&fs, loc(&f), "%s", text(&f, &m));
    if (fz_byte(&f) & 1)
      kp_findings_fixit(&fs, loc(&f), loc(&f), text(&f, &m));
  }
  char spec[33];
  fz_str(&f, spec, 32);
  if (kp_check_filter_check(spec, err, sizeof err) == 0)
    kp_findings_control(&fs, spec, NULL, NULL);
  if (fz_byte(&f) & 1)
    kp_findings_werror(&fs);
  char *sarif = kp_findings_sarif(&fs);
  char *json = kp_findings_json(&fs);
  for (int i = 0; i < 2; i++) {
    const char *t = i ? json : sarif;
    if (!t)
      continue;
    cJSON *p = cJSON_Parse(t);
    if (!p)
      abort();
    cJSON_Delete(p);
  }
  if (sarif) {
    char *r = kp_sarif_relocate(sarif, "/work", "/", err, sizeof err);
    if (!r)
      abort(); /* kperf's own SARIF always relocates */
    free(r);
  }
  free(sarif);
  free(json);
  kp_findings_free(&fs);
  kp_module_free(&m);
  return 0;
}
