/* kperf gpus: list the GPUs.  kperf gpu NAME: every fact with its source. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ------------------------------------------------------------- gpus */

static void gpus_help(FILE *out) {
  fputs("usage: kperf gpus [--json] [--db PATH[:PATH...]]\n"
        "\n"
        "Lists the GPUs of the database: id, compute capability, SM count, name.\n"
        "Any id or alias names a GPU in other commands (case and '-', '_', ' ' ignored).\n",
        out);
}

static int gpus_run(int argc, char **argv) {
  const char *db_opt = NULL;
  int json = 0;
  for (int i = 1; i < argc; i++) {
    int r;
    if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else if ((r = kp_cli_opt(argc, argv, &i, "--db", &db_opt)) != 0) {
      if (r < 0)
        return KP_EXIT_USAGE;
    } else {
      kp_cli_error("gpus: unexpected argument '%s' (see 'kperf gpus --help')", argv[i]);
      return KP_EXIT_USAGE;
    }
  }
  kp_gpudb *db = kp_cli_open_db(db_opt);
  if (!db)
    return KP_EXIT_FAIL;
  kp_gpu_summary *g;
  size_t n;
  char err[1024];
  if (kp_gpudb_list(db, &g, &n, err, sizeof err) != 0) {
    kp_cli_error("%s", err);
    kp_gpudb_close(db);
    return KP_EXIT_FAIL;
  }
  int rc = KP_EXIT_OK;
  if (json) {
    cJSON *root = cJSON_CreateObject();
    cJSON *dbs = cJSON_AddArrayToObject(root, "databases");
    for (int i = 0; i < kp_gpudb_count(db); i++)
      cJSON_AddItemToArray(dbs, cJSON_CreateString(kp_gpudb_path(db, i)));
    cJSON *arr = cJSON_AddArrayToObject(root, "gpus");
    for (size_t k = 0; k < n; k++) {
      cJSON *o = cJSON_CreateObject();
      char cc[16];
      snprintf(cc, sizeof cc, "%d.%d", g[k].cc_major, g[k].cc_minor);
      cJSON_AddStringToObject(o, "id", g[k].id);
      cJSON_AddStringToObject(o, "full_name", g[k].full_name);
      cJSON_AddStringToObject(o, "architecture", g[k].architecture);
      if (kp_isa_has_cc(g[k].isa)) {
        cJSON_AddStringToObject(o, "compute_capability", cc);
        cJSON_AddNumberToObject(o, "cc_major", g[k].cc_major);
        cJSON_AddNumberToObject(o, "cc_minor", g[k].cc_minor);
      } else {
        cJSON_AddNullToObject(o, "compute_capability");
        cJSON_AddNullToObject(o, "cc_major");
        cJSON_AddNullToObject(o, "cc_minor");
      }
      if (g[k].isa[0])
        cJSON_AddStringToObject(o, "isa", g[k].isa);
      if (g[k].sm_count > 0)
        cJSON_AddNumberToObject(o, "sm_count", g[k].sm_count);
      else
        cJSON_AddNullToObject(o, "sm_count");
      cJSON *al = cJSON_AddArrayToObject(o, "aliases");
      char buf[sizeof g[k].aliases];
      memcpy(buf, g[k].aliases, sizeof buf);
      char *save = NULL;
      for (char *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
        cJSON_AddItemToArray(al, cJSON_CreateString(p));
      cJSON_AddStringToObject(o, "database", kp_gpudb_path(db, g[k].db_index));
      cJSON_AddItemToArray(arr, o);
    }
    if (kp_cli_print_json(root) != 0)
      rc = KP_EXIT_FAIL;
  } else {
    printf("%-12s %-7s %4s  %-16s %s\n", "ID", "CC/ISA", "SMs", "ARCHITECTURE", "NAME");
    for (size_t k = 0; k < n; k++) {
      char cc[16], sms[16];
      if (g[k].isa[0]) /* AMD: the ISA; its SMs are compute units (workgroup processors on RDNA) */
        snprintf(cc, sizeof cc, "%s", g[k].isa);
      else
        snprintf(cc, sizeof cc, "%d.%d", g[k].cc_major, g[k].cc_minor);
      if (g[k].sm_count > 0)
        snprintf(sms, sizeof sms, "%d", g[k].sm_count);
      else
        snprintf(sms, sizeof sms, "?");
      printf("%-12s %-7s %4s  %-16s %s\n", g[k].id, cc, sms, g[k].architecture, g[k].full_name);
    }
    printf("\n%zu GPUs from", n);
    for (int i = 0; i < kp_gpudb_count(db); i++)
      printf("%s %s", i ? "," : "", kp_gpudb_path(db, i));
    printf("\n");
  }
  free(g);
  kp_gpudb_close(db);
  return rc;
}

const kp_command kp_cmd_gpus = {"gpus", "list the GPUs in the database", gpus_run, gpus_help};

/* -------------------------------------------------------------- gpu */

static void gpu_help(FILE *out) {
  fputs("usage: kperf gpu NAME [--json] [--db PATH[:PATH...]]\n"
        "\n"
        "Shows every fact the database holds about one GPU, with its source.\n"
        "Unknown facts are shown as 'unknown' (null in JSON).\n",
        out);
}

typedef struct text_ctx {
  const char *group;
  char *sources[512];
  int nsources;
} text_ctx;

static void format_value(const kp_fact *f, char *buf, size_t n) {
  switch (f->kind) {
  case KP_FACT_INT: snprintf(buf, n, "%lld", f->i); break;
  case KP_FACT_REAL: snprintf(buf, n, "%.10g", f->d); break;
  case KP_FACT_TEXT: snprintf(buf, n, "%s", f->text ? f->text : ""); break;
  default: snprintf(buf, n, "unknown"); break;
  }
}

static int text_fact(const kp_fact *f, void *user) {
  text_ctx *c = user;
  if (!c->group || strcmp(c->group, f->group) != 0) {
    printf("%s\n", f->group);
    c->group = f->group;
  }
  char val[512];
  format_value(f, val, sizeof val);
  int ref = 0;
  if (f->source) {
    for (int k = 0; k < c->nsources && !ref; k++)
      if (strcmp(c->sources[k], f->source) == 0)
        ref = k + 1;
    if (!ref && c->nsources < 512 && (c->sources[c->nsources] = strdup(f->source)))
      ref = ++c->nsources;
  }
  char refs[16] = "";
  if (ref)
    snprintf(refs, sizeof refs, "[%d]", ref);
  printf("  %-26s %s%s%s  %s\n", f->name, val, f->unit[0] && f->kind != KP_FACT_NULL ? " " : "",
         f->kind != KP_FACT_NULL ? f->unit : "", refs);
  return 0;
}

static int json_fact(const kp_fact *f, void *user) {
  cJSON *arr = user;
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "group", f->group);
  cJSON_AddStringToObject(o, "name", f->name);
  switch (f->kind) {
  case KP_FACT_INT: cJSON_AddNumberToObject(o, "value", (double)f->i); break;
  case KP_FACT_REAL: cJSON_AddNumberToObject(o, "value", f->d); break;
  case KP_FACT_TEXT: cJSON_AddStringToObject(o, "value", f->text ? f->text : ""); break;
  default: cJSON_AddNullToObject(o, "value"); break;
  }
  cJSON_AddStringToObject(o, "unit", f->unit);
  if (f->source)
    cJSON_AddStringToObject(o, "source", f->source);
  else
    cJSON_AddNullToObject(o, "source");
  cJSON_AddItemToArray(arr, o);
  return 0;
}

static int gpu_run(int argc, char **argv) {
  const char *db_opt = NULL, *name = NULL;
  int json = 0;
  for (int i = 1; i < argc; i++) {
    int r;
    if (strcmp(argv[i], "--json") == 0)
      json = 1;
    else if ((r = kp_cli_opt(argc, argv, &i, "--db", &db_opt)) != 0) {
      if (r < 0)
        return KP_EXIT_USAGE;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      kp_cli_error("gpu: unknown option '%s' (see 'kperf gpu --help')", argv[i]);
      return KP_EXIT_USAGE;
    } else if (!name) {
      name = argv[i];
    } else {
      kp_cli_error("gpu: more than one GPU named ('%s' and '%s')", name, argv[i]);
      return KP_EXIT_USAGE;
    }
  }
  if (!name) {
    kp_cli_error("gpu: name a GPU (list them with 'kperf gpus')");
    return KP_EXIT_USAGE;
  }
  kp_gpudb *db = kp_cli_open_db(db_opt);
  if (!db)
    return KP_EXIT_FAIL;
  char err[1024];
  kp_gpu g;
  if (kp_gpudb_find(db, name, &g, err, sizeof err) != 0) {
    kp_cli_error("%s", err);
    kp_gpudb_close(db);
    return strncmp(err, "unknown GPU", 11) == 0 ? KP_EXIT_USAGE : KP_EXIT_FAIL;
  }
  int rc = KP_EXIT_OK;
  if (json) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "id", g.id);
    cJSON_AddStringToObject(root, "full_name", g.full_name);
    cJSON *facts = cJSON_AddArrayToObject(root, "facts");
    if (kp_gpudb_facts(db, name, json_fact, facts, err, sizeof err) != 0) {
      kp_cli_error("%s", err);
      cJSON_Delete(root);
      rc = KP_EXIT_FAIL;
    } else if (kp_cli_print_json(root) != 0) {
      rc = KP_EXIT_FAIL;
    }
  } else {
    text_ctx c;
    memset(&c, 0, sizeof c);
    if (!kp_isa_has_cc(g.isa))
      printf("%s: %s (ISA %s; no HIP support)\n", g.id, g.full_name, g.isa);
    else if (kp_gpu_is_amd(&g))
      printf("%s: %s (ISA %s; HIP reports %d.%d)\n", g.id, g.full_name, g.isa, g.cc_major, g.cc_minor);
    else
      printf("%s: %s (compute capability %d.%d)\n", g.id, g.full_name, g.cc_major, g.cc_minor);
    if (kp_gpudb_facts(db, name, text_fact, &c, err, sizeof err) != 0) {
      kp_cli_error("%s", err);
      rc = KP_EXIT_FAIL;
    } else {
      printf("sources\n");
      for (int k = 0; k < c.nsources; k++)
        printf("  [%d] %s\n", k + 1, c.sources[k]);
    }
    for (int k = 0; k < c.nsources; k++)
      free(c.sources[k]);
  }
  kp_gpudb_close(db);
  return rc;
}

const kp_command kp_cmd_gpu = {"gpu", "show every fact about one GPU, with sources", gpu_run,
                               gpu_help};
