/* The kernel model of one translation unit as JSON (include/kperf/report.h;
 * the schema is described in docs/analyze.md). */
#define _POSIX_C_SOURCE 200809L
#include "kperf/report.h"
#include "kperf/findings_report.h"

#include "kperf/arena.h"
#include "kperf/count.h"
#include "kperf/model.h"
#include "kperf/sym.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Integers go out as raw JSON text: cJSON keeps numbers as doubles and would
 * print large ones with an exponent. */
static cJSON *json_int(int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%" PRId64, v);
  return cJSON_CreateRaw(buf);
}

static void add_int(cJSON *o, const char *key, int64_t v) { cJSON_AddItemToObject(o, key, json_int(v)); }

static void add_str_or_null(cJSON *o, const char *key, const char *s) {
  if (s)
    cJSON_AddStringToObject(o, key, s);
  else
    cJSON_AddNullToObject(o, key);
}

static cJSON *loc_json(kp_loc l) {
  if (l.line == 0)
    return cJSON_CreateNull();
  char buf[4096];
  snprintf(buf, sizeof buf, "%s:%u:%u", l.file ? l.file : "", l.line, l.col);
  return cJSON_CreateString(buf);
}

/* The evaluation context of one kernel: the bindings of its formulas. */
typedef struct eval_ctx {
  kp_arena *arena;
  kp_binding *b;
  size_t nb;
} eval_ctx;

/* Formula text, "?" when the formula is missing. */
static cJSON *formula_json(eval_ctx *c, const kp_sym *s) {
  if (!s)
    return cJSON_CreateNull();
  const char *t = kp_sym_str(c->arena, s);
  return t ? cJSON_CreateString(t) : cJSON_CreateNull();
}

static cJSON *value_json(eval_ctx *c, const kp_sym *s) {
  int64_t v;
  if (s && kp_sym_eval(s, c->b, c->nb, &v))
    return json_int(v);
  return cJSON_CreateNull();
}

/* {"per_thread": n|null, "formula": "..."} */
static cJSON *count_json(eval_ctx *c, const kp_sym *s) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddItemToObject(o, "per_thread", value_json(c, s));
  cJSON_AddItemToObject(o, "formula", formula_json(c, s));
  return o;
}

static int is_zero(const kp_sym *s) {
  int64_t v;
  return s && kp_sym_is_const(s, &v) && v == 0;
}

static int dim3_known(const kp_dim3 *d) { return d->x.known && d->y.known && d->z.known; }

/* The first launch of kernel ki with every grid and block size known, or NULL. */
static const kp_launch *evaluated_launch(const kp_module *m, size_t ki) {
  for (size_t i = 0; i < m->nlaunches; i++) {
    const kp_launch *l = &m->launches[i];
    if (l->kernel == (int)ki && dim3_known(&l->grid) && dim3_known(&l->block))
      return l;
  }
  return NULL;
}


/* Bindings for kernel ki: those of its evaluated launch, or (no such launch)
 * thread ids 0 and the module's assumptions.  Returns the launch or NULL. */
static const kp_launch *kernel_bindings(const kp_module *m, size_t ki, eval_ctx *c) {
  const kp_launch *l = evaluated_launch(m, ki);
  size_t cap = 16 + m->nassume + (l ? l->nargs : 0) + m->kernels[ki].nparams;
  c->b = kp_arena_alloc(c->arena, cap * sizeof *c->b);
  c->nb = 0;
  if (!c->b)
    return l;
  if (l) {
    c->nb = kp_launch_bindings(m, l, c->b, cap);
    if (c->nb > cap)
      c->nb = cap;
  } else {
    for (size_t i = 0; i < 6; i++) {
      c->b[c->nb].name = kp_id_names[i];
      c->b[c->nb].value = 0;
      c->nb++;
    }
    for (size_t i = 0; i < m->nassume && c->nb < cap; i++)
      c->b[c->nb++] = m->assume[i];
  }
  return l;
}

/* {name: value}; a later binding of the same name wins, as in kp_sym_eval. */
static cJSON *bindings_json(const eval_ctx *c) {
  cJSON *o = cJSON_CreateObject();
  for (size_t i = 0; i < c->nb; i++) {
    if (!c->b[i].name)
      continue;
    if (cJSON_GetObjectItemCaseSensitive(o, c->b[i].name))
      cJSON_ReplaceItemInObjectCaseSensitive(o, c->b[i].name, json_int(c->b[i].value));
    else
      cJSON_AddItemToObject(o, c->b[i].name, json_int(c->b[i].value));
  }
  return o;
}

static const char *trip_kind_name(kp_trip_kind k) {
  switch (k) {
  case KP_TRIP_EXACT: return "exact";
  case KP_TRIP_PRAGMA: return "pragma";
  default: return "unknown";
  }
}

/* The name of an affine variable: "threadIdx.x", ..., "loop:<id>:<var>". */
static void var_name(const kp_kernel *k, int var, char *buf, size_t n) {
  if (var >= 0 && var < 6) {
    snprintf(buf, n, "%s", kp_id_names[var]);
  } else if (var >= KP_V_LOOP) {
    int id = var - KP_V_LOOP;
    const char *v = NULL;
    if ((size_t)id < k->nloops && k->loops[id])
      v = k->loops[id]->var;
    snprintf(buf, n, "loop:%d:%s", id, v && *v ? v : "_");
  } else {
    snprintf(buf, n, "var:%d", var);
  }
}

static cJSON *access_json(eval_ctx *c, const kp_kernel *k, const kp_access *a) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddItemToObject(o, "location", loc_json(a->loc));
  cJSON_AddStringToObject(o, "kind", a->is_atomic ? "atomic" : a->is_store ? "store" : "load");
  cJSON_AddStringToObject(o, "space", kp_space_name(a->space));
  add_str_or_null(o, "array", a->array);
  add_int(o, "elem_bytes", a->elem_bytes);
  cJSON *dims = cJSON_AddArrayToObject(o, "dims");
  for (unsigned d = 0; d < a->ndims && d < 4; d++)
    cJSON_AddItemToArray(dims, json_int(a->dims[d]));
  cJSON *ix = cJSON_CreateObject();
  if (a->index.known) {
    cJSON_AddTrueToObject(ix, "affine");
    cJSON_AddItemToObject(ix, "base", formula_json(c, a->index.base));
    cJSON *terms = cJSON_AddArrayToObject(ix, "terms");
    for (size_t t = 0; t < a->index.nterms; t++) {
      cJSON *to = cJSON_CreateObject();
      char name[256];
      var_name(k, a->index.terms[t].var, name, sizeof name);
      cJSON_AddStringToObject(to, "var", name);
      cJSON_AddItemToObject(to, "coef", formula_json(c, a->index.terms[t].coef));
      cJSON_AddItemToArray(terms, to);
    }
  } else {
    cJSON_AddFalseToObject(ix, "affine");
    add_str_or_null(ix, "why", a->index.why);
    /* per thread computable: the formula the checks evaluate lane by lane */
    cJSON_AddItemToObject(ix, "formula", formula_json(c, a->index_formula));
  }
  cJSON_AddItemToObject(o, "index", ix);
  if (a->loop >= 0)
    add_int(o, "loop", a->loop);
  else
    cJSON_AddNullToObject(o, "loop");
  cJSON_AddBoolToObject(o, "divergent", a->divergent != 0);
  return o;
}

static cJSON *loop_json(eval_ctx *c, const kp_loop *l) {
  cJSON *o = cJSON_CreateObject();
  add_int(o, "id", l->id);
  if (l->parent >= 0)
    add_int(o, "parent", l->parent);
  else
    cJSON_AddNullToObject(o, "parent");
  cJSON_AddItemToObject(o, "location", loc_json(l->loc));
  add_str_or_null(o, "var", l->var);
  cJSON_AddItemToObject(o, "trip", formula_json(c, l->trip));
  cJSON_AddItemToObject(o, "trip_value", value_json(c, l->trip));
  cJSON_AddStringToObject(o, "trip_kind", trip_kind_name(l->trip_kind));
  add_str_or_null(o, "trip_param", l->trip_kind == KP_TRIP_UNKNOWN ? l->trip_param : NULL);
  add_str_or_null(o, "why", l->why);
  add_int(o, "unroll", l->unroll);
  add_int(o, "unrolled_by", l->unrolled_by > 0 ? l->unrolled_by : 1);
  cJSON_AddBoolToObject(o, "unrolled_whole", l->unrolled_whole != 0);
  cJSON_AddBoolToObject(o, "thread_dependent", l->thread_dependent != 0);
  return o;
}

static cJSON *kernel_json(const kp_module *m, size_t ki) {
  const kp_kernel *k = &m->kernels[ki];
  cJSON *o = cJSON_CreateObject();
  eval_ctx c = {kp_arena_new(), NULL, 0};
  if (!c.arena) {
    cJSON_Delete(o);
    return NULL;
  }
  add_str_or_null(o, "name", k->name);
  cJSON_AddItemToObject(o, "location", loc_json(k->loc));
  cJSON *params = cJSON_AddArrayToObject(o, "params");
  for (size_t i = 0; i < k->nparams && k->params; i++) {
    cJSON *p = cJSON_CreateObject();
    add_str_or_null(p, "name", k->params[i].name);
    add_str_or_null(p, "type", k->params[i].type);
    cJSON_AddItemToArray(params, p);
  }
  cJSON_AddBoolToObject(o, "template_instance", k->is_template_instance != 0);
  if (k->max_threads_per_block > 0 || k->min_blocks_per_sm > 0) {
    cJSON *lb = cJSON_AddObjectToObject(o, "launch_bounds");
    add_int(lb, "max_threads", k->max_threads_per_block);
    if (k->min_blocks_per_sm > 0)
      add_int(lb, "min_blocks", k->min_blocks_per_sm);
    else
      cJSON_AddNullToObject(lb, "min_blocks");
  } else {
    cJSON_AddNullToObject(o, "launch_bounds");
  }
  cJSON_AddBoolToObject(o, "analysed", k->has_body != 0);
  if (k->not_analysed)
    cJSON_AddStringToObject(o, "not_analysed", k->not_analysed);
  else
    cJSON_AddNullToObject(o, "not_analysed");

  const kp_launch *l = kernel_bindings(m, ki, &c);
  cJSON_AddItemToObject(o, "evaluated_at", l ? loc_json(l->loc) : cJSON_CreateNull());
  cJSON_AddItemToObject(o, "bindings", bindings_json(&c));

  kp_counts counts;
  memset(&counts, 0, sizeof counts);
  if (k->has_body && kp_count_kernel_at(c.arena, k, c.b, c.nb, &counts)) {
    cJSON *ins = count_json(&c, counts.total);
    cJSON *by = cJSON_AddObjectToObject(ins, "by_class");
    for (int i = 0; i < KP_I_COUNT; i++)
      if (counts.by_class[i] && !is_zero(counts.by_class[i]))
        cJSON_AddItemToObject(by, kp_iclass_name((kp_iclass)i), count_json(&c, counts.by_class[i]));
    cJSON_AddItemToObject(ins, "divergent", count_json(&c, counts.divergent));
    cJSON_AddItemToObject(o, "instructions", ins);
    cJSON_AddItemToObject(o, "syncs", count_json(&c, counts.syncs));
    cJSON *bytes = cJSON_AddObjectToObject(o, "bytes");
    for (int s = 0; s <= KP_SPACE_UNKNOWN; s++)
      if (counts.bytes[s] && !is_zero(counts.bytes[s]))
        cJSON_AddItemToObject(bytes, kp_space_name((kp_space)s), count_json(&c, counts.bytes[s]));
  } else {
    cJSON_AddNullToObject(o, "instructions");
    cJSON_AddNullToObject(o, "syncs");
    cJSON_AddNullToObject(o, "bytes");
  }

  add_int(o, "registers_estimate", k->registers_estimate);
  if (k->max_registers > 0)
    add_int(o, "max_registers", k->max_registers);
  else
    cJSON_AddNullToObject(o, "max_registers");
  cJSON *sh = cJSON_AddObjectToObject(o, "shared_bytes");
  add_int(sh, "static", k->shared_static_bytes);
  if (l && l->smem.known)
    add_int(sh, "dynamic", l->smem.value);
  else if (l && !l->smem.text)
    add_int(sh, "dynamic", 0); /* no third launch argument: none */
  else
    cJSON_AddNullToObject(sh, "dynamic");
  cJSON_AddBoolToObject(sh, "uses_dynamic", k->uses_dynamic_shared != 0);

  cJSON *loops = cJSON_AddArrayToObject(o, "loops");
  for (size_t i = 0; i < k->nloops; i++)
    if (k->loops[i])
      cJSON_AddItemToArray(loops, loop_json(&c, k->loops[i]));
  cJSON *acc = cJSON_AddArrayToObject(o, "accesses");
  for (size_t i = 0; i < k->naccesses; i++)
    cJSON_AddItemToArray(acc, access_json(&c, k, &k->accesses[i]));
  cJSON *notes = cJSON_AddArrayToObject(o, "notes");
  for (size_t i = 0; i < k->nnotes; i++) {
    cJSON *n = cJSON_CreateObject();
    cJSON_AddItemToObject(n, "location", loc_json(k->notes[i].loc));
    add_str_or_null(n, "text", k->notes[i].text);
    cJSON_AddItemToArray(notes, n);
  }
  kp_arena_free(c.arena);
  return o;
}

/* A launch size: its value when known, else its spelling, else null. */
static cJSON *expr_json(const kp_expr *e) {
  if (e->known)
    return json_int(e->value);
  if (e->text)
    return cJSON_CreateString(e->text);
  return cJSON_CreateNull();
}

static cJSON *dim3_json(const kp_dim3 *d) {
  cJSON *a = cJSON_CreateArray();
  cJSON_AddItemToArray(a, expr_json(&d->x));
  cJSON_AddItemToArray(a, expr_json(&d->y));
  cJSON_AddItemToArray(a, expr_json(&d->z));
  return a;
}

static cJSON *launch_json(const kp_launch *l) {
  cJSON *o = cJSON_CreateObject();
  add_str_or_null(o, "kernel", l->kernel_name);
  cJSON_AddItemToObject(o, "location", loc_json(l->loc));
  cJSON_AddBoolToObject(o, "via_pointer", l->via_pointer != 0);
  cJSON_AddItemToObject(o, "grid", dim3_json(&l->grid));
  cJSON_AddItemToObject(o, "block", dim3_json(&l->block));
  cJSON_AddItemToObject(o, "smem", expr_json(&l->smem));
  add_str_or_null(o, "stream", l->stream);
  cJSON *args = cJSON_AddArrayToObject(o, "args");
  for (size_t i = 0; i < l->nargs && l->args; i++)
    cJSON_AddItemToArray(args, expr_json(&l->args[i]));
  return o;
}

char *kp_model_json(const kp_module *m, const char *gpu_id) {
  cJSON *root = cJSON_CreateObject();
  if (!root)
    return NULL;
  add_int(root, "schema", KP_REPORT_SCHEMA);
  add_str_or_null(root, "file", m->main_file);
  add_str_or_null(root, "gpu", gpu_id && *gpu_id ? gpu_id : NULL);
  add_int(root, "host_errors", m->host_errors);
  cJSON *as = cJSON_AddObjectToObject(root, "assumptions");
  for (size_t i = 0; i < m->nassume; i++)
    if (m->assume[i].name)
      add_int(as, m->assume[i].name, m->assume[i].value);
  cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
  for (size_t i = 0; i < m->nkernels; i++) {
    cJSON *k = kernel_json(m, i);
    if (!k) {
      cJSON_Delete(root);
      return NULL;
    }
    cJSON_AddItemToArray(ks, k);
  }
  cJSON *ls = cJSON_AddArrayToObject(root, "launches");
  for (size_t i = 0; i < m->nlaunches; i++)
    cJSON_AddItemToArray(ls, launch_json(&m->launches[i]));
  char *text = cJSON_Print(root);
  cJSON_Delete(root);
  if (!text)
    return NULL;
  /* cJSON_Print's buffer comes from cJSON's allocator; hand back plain malloc. */
  size_t n = strlen(text);
  char *out = malloc(n + 2);
  if (out) {
    memcpy(out, text, n);
    out[n] = '\n';
    out[n + 1] = '\0';
  }
  cJSON_free(text);
  return out;
}

int kp_model_json_write(const kp_module *m, const char *gpu_id, const char *path, char *err,
                        size_t errlen) {
  if (!path || !*path) {
    snprintf(err, errlen, "no report path given");
    return -1;
  }
  char *text = kp_model_json(m, gpu_id);
  if (!text) {
    snprintf(err, errlen, "cannot write the report to '%s': out of memory", path);
    return -1;
  }
  int rc = kp_write_atomic(path, text, err, errlen);
  free(text);
  return rc;
}
