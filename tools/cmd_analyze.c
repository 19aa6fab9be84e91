/* kperf analyze FILE.cu: run clang with the kperf plugin on one file and show
 * what kperf found in its kernels (text, or the plugin's JSON report). */
#define _XOPEN_SOURCE 700
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "plugin_run.h"
#include "kperf/report.h"

static void analyze_help(FILE *out) {
  fputs("usage: kperf analyze FILE.cu [--gpu NAME] [--db PATH] [--arg NAME=VALUE]... [--json]\n"
        "                     [-- CLANG-ARGS...]\n"
        "\n"
        "Compiles FILE.cu's host side with clang and the kperf plugin (no code is\n"
        "generated) and shows, per kernel, what one thread executes: PTX-level\n"
        "instruction estimates by class with their formulas, barriers, bytes moved,\n"
        "loops and trip counts, memory accesses with their index, a register estimate,\n"
        "shared memory and notes; then the launches.  Counts are for the main thread\n"
        "(thread 0 of block 0, taking the longer side of branches) and are evaluated\n"
        "at the first launch of the kernel whose grid and block sizes are known.\n"
        "Host code that does not compile does not stop the analysis: kperf says how\n"
        "many errors clang reported and analyses the kernels anyway.\n"
        "\n"
        "  --gpu NAME        the GPU to analyse for (default: from --cuda-gpu-arch, sm_90)\n"
        "  --db PATH         the GPU database (default: $KPERF_DB, then kperf's own)\n"
        "  --arg NAME=VALUE  bind a kernel parameter or formula variable (n=1024,\n"
        "                    n=0x400, n=1<<20; blockDim.x=256); repeatable\n"
        "  --json            print the JSON report (schema: docs/analyze.md)\n"
        "  -- ARGS           further clang arguments (-I, -D, --cuda-gpu-arch=...)\n"
        "\n"
        "clang: $KPERF_CLANG, else the clang kperf was built with, else clang++-22 or\n"
        "clang++ on PATH.  Plugin: $KPERF_PLUGIN, else ../lib/kperf.so next to kperf.\n"
        "CUDA: $CUDA_PATH, else the toolkit kperf was built with, else /usr/local/cuda.\n",
        out);
}

/* ------------------------------------------------------------ helpers */

/* The first line of text holding "error:" (NULL when none); *len its length. */
static const char *first_error_line(const char *text, size_t *len) {
  for (const char *line = text; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    for (size_t i = 0; i + 6 <= n; i++)
      if (memcmp(line + i, "error:", 6) == 0) {
        *len = n;
        return line;
      }
    line = end ? end + 1 : NULL;
  }
  return NULL;
}

static size_t count_error_lines(const char *text) {
  size_t c = 0;
  for (const char *p = text; (p = strstr(p, ": error: ")); p++)
    c++;
  return c;
}

/* ------------------------------------------------------- text summary */

/* A number or string item as text. */
static void item_text(const cJSON *v, char *buf, size_t n) {
  if (cJSON_IsNumber(v))
    snprintf(buf, n, "%lld", (long long)v->valuedouble);
  else if (cJSON_IsString(v))
    snprintf(buf, n, "%s", v->valuestring);
  else
    snprintf(buf, n, "?");
}

/* "{per_thread, formula}" as "23 (= 4*n + 3)", "? (= n*m)" or "23". */
static void print_count(const cJSON *c) {
  long long v;
  const char *f = kp_json_str(c, "formula", NULL);
  char num[32] = "?";
  if (kp_json_int(c, "per_thread", &v))
    snprintf(num, sizeof num, "%lld", v);
  printf("%s", num);
  if (f && strcmp(f, num) != 0)
    printf(" (= %s)", f);
}

typedef struct cls_entry {
  const cJSON *item;
  int known;
  long long v;
} cls_entry;

static int cls_cmp(const void *a, const void *b) {
  const cls_entry *x = a, *y = b;
  if (x->known != y->known)
    return x->known ? 1 : -1; /* symbolic counts first: they grow with the input */
  if (x->v != y->v)
    return x->v < y->v ? 1 : -1;
  return strcmp(x->item->string, y->item->string);
}

static void print_classes(const cJSON *by) {
  cls_entry e[64];
  size_t n = 0;
  const cJSON *c;
  cJSON_ArrayForEach(c, by) {
    if (n == sizeof e / sizeof e[0])
      break;
    e[n].item = c;
    e[n].known = kp_json_int(c, "per_thread", &e[n].v);
    if (!e[n].known)
      e[n].v = 0;
    n++;
  }
  if (!n)
    return;
  qsort(e, n, sizeof e[0], cls_cmp);
  size_t shown = n < 6 ? n : 6;
  printf("    top classes: ");
  for (size_t i = 0; i < shown; i++) {
    printf("%s%s ", i ? ", " : "", e[i].item->string);
    print_count(e[i].item);
  }
  if (n > shown)
    printf(", and %zu more", n - shown);
  printf("\n");
}

/* An affine index: "coef*var + ... + base". */
static void print_index(const cJSON *ix) {
  if (!kp_json_bool(ix, "affine")) {
    const char *why = kp_json_str(ix, "why", NULL), *formula = kp_json_str(ix, "formula", NULL);
    printf("not affine (%s)", why ? why : "unknown");
    if (formula)
      printf(", per thread: %s", formula);
    return;
  }
  int first = 1;
  const cJSON *t;
  cJSON_ArrayForEach(t, kp_json_get(ix, "terms")) {
    const char *coef = kp_json_str(t, "coef", NULL), *var = kp_json_str(t, "var", NULL);
    if (!first)
      printf(" + ");
    first = 0;
    if (!coef || strcmp(coef, "1") == 0)
      printf("%s", var ? var : "?");
    else if (strpbrk(coef, " +-"))
      printf("(%s)*%s", coef, var ? var : "?");
    else
      printf("%s*%s", coef, var ? var : "?");
  }
  const char *base = kp_json_str(ix, "base", NULL);
  if (base && (first || strcmp(base, "0") != 0))
    printf("%s%s", first ? "" : " + ", base);
  else if (!base && first)
    printf("?");
}

static int loop_depth(const cJSON *loops, const cJSON *l) {
  int depth = 0;
  long long parent;
  while (depth < 64 && kp_json_int(l, "parent", &parent)) {
    const cJSON *p = NULL, *x;
    long long id;
    cJSON_ArrayForEach(x, loops) if (kp_json_int(x, "id", &id) && id == parent) p = x;
    if (!p)
      break;
    l = p;
    depth++;
  }
  return depth;
}

/* Long: the kernel's report printed section by section, in the order the
 * text output shows them; each section reads its own part of the JSON. */
static void print_kernel(const cJSON *k) {
  const char *name = kp_json_str(k, "name", NULL), *loc = kp_json_str(k, "location", NULL);
  printf("kernel %s", name ? name : "?");
  if (loc)
    printf(" at %s", loc);
  printf("%s\n", kp_json_bool(k, "template_instance") ? " (template instance)" : "");

  const cJSON *p;
  int np = 0;
  printf("  parameters: ");
  cJSON_ArrayForEach(p, kp_json_get(k, "params")) {
    const char *t = kp_json_str(p, "type", NULL), *n = kp_json_str(p, "name", NULL);
    size_t tl = t ? strlen(t) : 0;
    printf("%s%s%s%s", np++ ? ", " : "", t ? t : "?",
           n && *n ? (tl && t[tl - 1] == '*' ? "" : " ") : "", n ? n : "");
  }
  printf("%s\n", np ? "" : "none");

  const cJSON *lb = kp_json_get(k, "launch_bounds");
  long long v;
  if (cJSON_IsObject(lb)) {
    printf("  launch bounds: ");
    if (kp_json_int(lb, "max_threads", &v))
      printf("%lld threads per block", v);
    if (kp_json_int(lb, "min_blocks", &v))
      printf(", at least %lld blocks per SM", v);
    printf("\n");
  }

  const char *at = kp_json_str(k, "evaluated_at", NULL);
  const cJSON *b, *bind = kp_json_get(k, "bindings");
  if (at)
    printf("  evaluated at the launch at %s with", at);
  else
    printf("  evaluated for thread 0 of block 0 (no launch with known sizes) with");
  int nb = 0;
  cJSON_ArrayForEach(b, bind) {
    if (strncmp(b->string, "threadIdx.", 10) == 0 || strncmp(b->string, "blockIdx.", 9) == 0)
      continue;
    char t[64];
    item_text(b, t, sizeof t);
    printf("%s %s=%s", nb++ ? "," : "", b->string, t);
  }
  printf("%s\n", nb ? "" : " nothing bound");

  if (!kp_json_bool(k, "analysed")) {
    printf("  not analysed: no body kperf could walk\n");
  } else {
    const cJSON *ins = kp_json_get(k, "instructions");
    if (cJSON_IsObject(ins)) {
      printf("  instructions per thread: ");
      print_count(ins);
      printf("\n");
      print_classes(kp_json_get(ins, "by_class"));
      const cJSON *dv = kp_json_get(ins, "divergent");
      if (cJSON_IsObject(dv) && !(kp_json_int(dv, "per_thread", &v) && v == 0)) {
        printf("    under divergent branches: ");
        print_count(dv);
        printf("\n");
      }
    }
    const cJSON *sy = kp_json_get(k, "syncs");
    if (cJSON_IsObject(sy)) {
      printf("  barriers per thread: ");
      print_count(sy);
      printf("\n");
    }
    const cJSON *by = kp_json_get(k, "bytes"), *s;
    if (cJSON_IsObject(by) && by->child) {
      int i = 0;
      printf("  bytes per thread: ");
      cJSON_ArrayForEach(s, by) {
        printf("%s%s ", i++ ? ", " : "", s->string);
        print_count(s);
      }
      printf("\n");
    }
  }

  const cJSON *loops = kp_json_get(k, "loops"), *l;
  if (cJSON_GetArraySize(loops) > 0) {
    printf("  loops:\n");
    cJSON_ArrayForEach(l, loops) {
      long long id = 0;
      kp_json_int(l, "id", &id);
      int depth = loop_depth(loops, l);
      const char *var = kp_json_str(l, "var", NULL), *lloc = kp_json_str(l, "location", NULL);
      const char *trip = kp_json_str(l, "trip", NULL), *kind = kp_json_str(l, "trip_kind", NULL);
      printf("    %*sloop %lld", 2 * depth, "", id);
      if (lloc)
        printf(" at %s", lloc);
      if (var)
        printf(" (%s)", var);
      char num[32] = "?";
      if (kp_json_int(l, "trip_value", &v))
        snprintf(num, sizeof num, "%lld", v);
      printf(": %s iterations", num);
      if (trip && strcmp(trip, num) != 0)
        printf(" (= %s)", trip);
      printf(" [%s", kind ? kind : "?");
      if (kind && strcmp(kind, "unknown") == 0) {
        const char *why = kp_json_str(l, "why", NULL), *tp = kp_json_str(l, "trip_param", NULL);
        if (why)
          printf(": %s", why);
        if (tp)
          printf("; bind %s with --arg or #pragma kperf trip(N)", tp);
      }
      long long unroll = 0, by = 1;
      kp_json_int(l, "unroll", &unroll);
      kp_json_int(l, "unrolled_by", &by);
      if (kp_json_bool(l, "unrolled_whole"))
        printf(strcmp(num, "1") == 0 ? ", unrolled whole (one iteration)"
               : unroll == 0         ? ", unrolled whole (small enough for nvcc without a pragma)"
                                     : ", unrolled whole");
      else if (unroll < 0)
        printf(", #pragma unroll on a trip count that is not a constant: unrolled by %lld", by);
      else if (unroll > 0)
        printf(", unroll %lld", unroll);
      else if (by > 1)
        printf(", unrolled by %lld (nvcc's factor for its size)", by);
      if (kp_json_bool(l, "thread_dependent"))
        printf(", trip count varies by thread");
      printf("]\n");
    }
  }

  const cJSON *accs = kp_json_get(k, "accesses"), *a;
  if (cJSON_GetArraySize(accs) > 0) {
    printf("  accesses:\n");
    cJSON_ArrayForEach(a, accs) {
      const char *aloc = kp_json_str(a, "location", NULL), *kind = kp_json_str(a, "kind", NULL), *space = kp_json_str(a, "space", NULL);
      const char *arr = kp_json_str(a, "array", NULL);
      printf("    %s%s%s %s %s", aloc ? aloc : "", aloc ? ": " : "", kind ? kind : "?",
             space ? space : "?", arr ? arr : "?");
      const cJSON *d;
      cJSON_ArrayForEach(d, kp_json_get(a, "dims")) printf("[%lld]", (long long)d->valuedouble);
      if (kp_json_int(a, "elem_bytes", &v))
        printf(" (%lld B)", v);
      printf(", index ");
      print_index(kp_json_get(a, "index"));
      if (kp_json_int(a, "loop", &v))
        printf(" [loop %lld]", v);
      if (kp_json_bool(a, "divergent"))
        printf(" [divergent]");
      printf("\n");
    }
  }

  if (kp_json_int(k, "registers_estimate", &v) && v > 0) {
    printf("  registers per thread: about %lld (an estimate)", v);
    if (kp_json_int(k, "max_registers", &v))
      printf(", capped at %lld", v);
    printf("\n");
  }
  const cJSON *sh = kp_json_get(k, "shared_bytes");
  if (cJSON_IsObject(sh)) {
    long long st = 0, dy;
    kp_json_int(sh, "static", &st);
    printf("  shared memory per block: %lld B static", st);
    if (kp_json_int(sh, "dynamic", &dy))
      printf(", %lld B dynamic", dy);
    else if (kp_json_bool(sh, "uses_dynamic"))
      printf(", dynamic (size not known)");
    printf("\n");
  }
  const cJSON *notes = kp_json_get(k, "notes"), *n;
  if (cJSON_GetArraySize(notes) > 0) {
    printf("  notes:\n");
    cJSON_ArrayForEach(n, notes) {
      const char *nl = kp_json_str(n, "location", NULL), *t = kp_json_str(n, "text", NULL);
      printf("    %s%s%s\n", nl ? nl : "", nl ? ": " : "", t ? t : "");
    }
  }
}

static void print_dim3(const cJSON *d) {
  if (!cJSON_IsArray(d)) {
    printf("?");
    return;
  }
  const cJSON *x = cJSON_GetArrayItem(d, 0), *y = cJSON_GetArrayItem(d, 1),
              *z = cJSON_GetArrayItem(d, 2);
  char a[256], b[256], c[256];
  item_text(x, a, sizeof a);
  if (cJSON_IsString(x) && cJSON_IsNull(y) && cJSON_IsNull(z)) {
    printf("%s", a); /* a dim3 kperf could not take apart */
    return;
  }
  item_text(y, b, sizeof b);
  item_text(z, c, sizeof c);
  printf("(%s, %s, %s)", a, b, c);
}

static void print_text(const cJSON *root) {
  const char *file = kp_json_str(root, "file", NULL), *gpu = kp_json_str(root, "gpu", NULL);
  printf("%s: ", file ? file : "?");
  if (gpu)
    printf("analysed for GPU %s\n", gpu);
  else
    printf("no GPU chosen\n");
  const cJSON *as = kp_json_get(root, "assumptions"), *a;
  if (as && as->child) {
    printf("assumptions:");
    int i = 0;
    cJSON_ArrayForEach(a, as) {
      char t[64];
      item_text(a, t, sizeof t);
      printf("%s %s=%s", i++ ? "," : "", a->string, t);
    }
    printf("\n");
  }
  const cJSON *ks = kp_json_get(root, "kernels"), *k;
  if (cJSON_GetArraySize(ks) == 0)
    printf("\nno kernels\n");
  cJSON_ArrayForEach(k, ks) {
    printf("\n");
    print_kernel(k);
  }
  const cJSON *ls = kp_json_get(root, "launches"), *l;
  printf("\n");
  if (cJSON_GetArraySize(ls) == 0) {
    printf("no launches\n");
    return;
  }
  printf("launches:\n");
  cJSON_ArrayForEach(l, ls) {
    const char *loc = kp_json_str(l, "location", NULL), *name = kp_json_str(l, "kernel", NULL), *stream = kp_json_str(l, "stream", NULL);
    printf("  %s%s%s<<<", loc ? loc : "", loc ? ": " : "", name ? name : "?");
    print_dim3(kp_json_get(l, "grid"));
    printf(", ");
    print_dim3(kp_json_get(l, "block"));
    const cJSON *sm = kp_json_get(l, "smem");
    if (!cJSON_IsNull(sm) || stream) {
      char t[256];
      item_text(sm, t, sizeof t);
      printf(", %s", cJSON_IsNull(sm) ? "0" : t);
    }
    if (stream)
      printf(", %s", stream);
    printf(">>>");
    const cJSON *args = kp_json_get(l, "args"), *x;
    if (cJSON_GetArraySize(args) > 0) {
      printf("(");
      int i = 0;
      cJSON_ArrayForEach(x, args) {
        char t[256];
        item_text(x, t, sizeof t);
        printf("%s%s", i++ ? ", " : "", t);
      }
      printf(")");
    }
    if (kp_json_bool(l, "via_pointer"))
      printf(" (through a function pointer)");
    printf("\n");
  }
}

/* ---------------------------------------------------------------- run */

static int analyze_run(int argc, char **argv) {
  const char *file = NULL, *gpu = NULL, *db = NULL, *v;
  int json = 0, nclang = 0;
  char **clang_args = NULL;
  kp_strlist plugin_args;
  memset(&plugin_args, 0, sizeof plugin_args);
  int rc = KP_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    int r;
    if (strcmp(argv[i], "--") == 0) {
      clang_args = argv + i + 1;
      nclang = argc - i - 1;
      break;
    } else if (strcmp(argv[i], "--json") == 0) {
      json = 1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--gpu", &gpu)) ||
               (r = kp_cli_opt(argc, argv, &i, "--db", &db))) {
      if (r < 0)
        goto out;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--arg", &v))) {
      if (r < 0)
        goto out;
      const char *eq = strchr(v, '=');
      int64_t x;
      if (!eq || eq == v || strcspn(v, " \t") < (size_t)(eq - v)) {
        kp_cli_error("analyze: bad --arg '%s': expected NAME=VALUE, e.g. --arg n=1024", v);
        goto out;
      }
      if (!kp_parse_int(eq + 1, &x)) {
        kp_cli_error("analyze: bad value '%s' in --arg %s: expected an integer (decimal, "
                     "0x hex or A<<B, e.g. 1<<20)",
                     eq + 1, v);
        goto out;
      }
      if (kp_strlist_push2(&plugin_args, "-fplugin-arg-kperf-arg=", v) != 0)
        goto oom;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      kp_cli_error("analyze: unknown option '%s' (clang arguments go after '--'; see "
                   "'kperf analyze --help')",
                   argv[i]);
      goto out;
    } else if (!file) {
      file = argv[i];
    } else {
      kp_cli_error("analyze: one file at a time ('%s' and '%s')", file, argv[i]);
      goto out;
    }
  }
  if (!file) {
    kp_cli_error("analyze: name the .cu file to analyse (see 'kperf analyze --help')");
    goto out;
  }
  rc = KP_EXIT_FAIL;
  if (access(file, R_OK) != 0) {
    kp_cli_error("analyze: cannot read '%s': %s", file, strerror(errno));
    goto out;
  }
  if ((gpu && kp_strlist_push2(&plugin_args, "-fplugin-arg-kperf-gpu=", gpu)) ||
      (db && kp_strlist_push2(&plugin_args, "-fplugin-arg-kperf-db=", db)))
    goto oom;
  kp_plugin_result res;
  if (kp_cli_plugin_run("report", file, plugin_args.v, plugin_args.n, clang_args,
                        (size_t)nclang, &res) != 0)
    goto out;
  int status = res.status;
  char *errtext = res.errtext, *text = res.report;
  size_t rlen = res.report_len;
  if (status < 0) {
    rc = KP_EXIT_FAIL;
  } else if (!text) {
    if (errtext && *errtext)
      fputs(errtext, stderr);
    if (status == 0)
      kp_cli_error("analyze: clang wrote no report for '%s' (is it CUDA, and is %s kperf's "
                   "plugin?)",
                   file, res.plugin);
    else if (status > 128)
      kp_cli_error("analyze: clang was killed by signal %d analysing '%s'", status - 128, file);
    else
      kp_cli_error("analyze: clang failed on '%s' (exit status %d) before kperf could report",
                   file, status);
    rc = KP_EXIT_FAIL;
  } else {
    cJSON *root = cJSON_Parse(text);
    if (!root) {
      kp_cli_error("analyze: the report clang wrote for '%s' is not valid JSON", file);
      rc = KP_EXIT_FAIL;
    } else {
      if (status != 0) {
        long long n = 0;
        if (!kp_json_int(root, "host_errors", &n) || n <= 0)
          n = (long long)count_error_lines(errtext ? errtext : "");
        kp_cli_error("clang reported %lld error(s) in %s; the kernels were analysed anyway", n,
                     file);
        size_t len;
        const char *line = errtext ? first_error_line(errtext, &len) : NULL;
        if (line)
          fprintf(stderr, "%.*s\n", (int)len, line);
      }
      if (json) {
        fwrite(text, 1, rlen, stdout);
        if (rlen == 0 || text[rlen - 1] != '\n')
          putchar('\n');
      } else {
        print_text(root);
      }
      cJSON_Delete(root);
      rc = fflush(stdout) == 0 ? KP_EXIT_OK : KP_EXIT_FAIL;
    }
  }
  free(text);
  free(errtext);
  goto out;

oom:
  kp_cli_error("analyze: out of memory");
  rc = KP_EXIT_FAIL;
out:
  kp_strlist_free(&plugin_args);
  return rc;
}

const kp_command kp_cmd_analyze = {"analyze", "analyse the kernels of a .cu file", analyze_run,
                                   analyze_help};
