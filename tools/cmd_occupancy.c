/* kperf occupancy: resident blocks and warps per SM for one launch shape. */
#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kperf/occupancy.h"

static void occ_help(FILE *out) {
  fputs("usage: kperf occupancy (--gpu NAME | --arch sm_XY | --arch gfxNNN) --block N [--regs N]\n"
        "                       [--smem BYTES]\n"
        "                       [--optin] [--carveout PERCENT] [--barriers N] [--json]\n"
        "                       [--db PATH[:PATH...]]\n"
        "\n"
        "Active blocks and warps per SM, occupancy and the limiting resource for blocks\n"
        "of N threads using --regs registers per thread and --smem bytes of shared\n"
        "memory per block (static + dynamic; a K suffix means KiB).\n"
        "  --optin      the kernel opted in to more than the default 48 KB per block\n"
        "  --carveout   preferred shared-memory carveout, 0..100 percent (default: largest)\n"
        "  --barriers   named barriers per block (default 1)\n"
        "JSON keys: active_blocks_per_sm, active_warps_per_sm, max_warps_per_sm, occupancy,\n"
        "limiter (warps, registers, shared_memory, blocks or barriers), limiters, limits.\n",
        out);
}

static void add_limit(cJSON *o, const char *name, int v) {
  if (v == INT_MAX)
    cJSON_AddNullToObject(o, name);
  else
    cJSON_AddNumberToObject(o, name, v);
}

static void print_limit(const char *name, int v, int last) {
  if (v == INT_MAX)
    printf("%s -%s", name, last ? "\n" : ", ");
  else
    printf("%s %d%s", name, v, last ? "\n" : ", ");
}

static int occ_run(int argc, char **argv) {
  const char *db_opt = NULL, *gpu_name = NULL, *arch = NULL, *v;
  int json = 0, have_block = 0;
  kp_occ_input in;
  kp_occ_input_init(&in);
  for (int i = 1; i < argc; i++) {
    int r;
    long long x;
    if (strcmp(argv[i], "--json") == 0) {
      json = 1;
    } else if (strcmp(argv[i], "--optin") == 0) {
      in.smem_optin = 1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--db", &db_opt)) ||
               (r = kp_cli_opt(argc, argv, &i, "--gpu", &gpu_name)) ||
               (r = kp_cli_opt(argc, argv, &i, "--arch", &arch))) {
      if (r < 0)
        return KP_EXIT_USAGE;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--block", &v))) {
      if (r < 0 || kp_cli_int("--block", v, 1 << 20, 0, &x))
        return KP_EXIT_USAGE;
      in.block_threads = (int)x;
      have_block = 1;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--regs", &v))) {
      if (r < 0 || kp_cli_int("--regs", v, 1 << 16, 0, &x))
        return KP_EXIT_USAGE;
      in.regs_per_thread = (int)x;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--smem", &v))) {
      if (r < 0 || kp_cli_int("--smem", v, 1 << 30, 1, &x))
        return KP_EXIT_USAGE;
      in.smem_bytes = x;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--carveout", &v))) {
      if (r < 0 || kp_cli_int("--carveout", v, 100, 0, &x))
        return KP_EXIT_USAGE;
      in.carveout_percent = (int)x;
    } else if ((r = kp_cli_opt(argc, argv, &i, "--barriers", &v))) {
      if (r < 0 || kp_cli_int("--barriers", v, 1024, 0, &x))
        return KP_EXIT_USAGE;
      in.barriers = (int)x;
    } else {
      kp_cli_error("occupancy: unexpected argument '%s' (see 'kperf occupancy --help')", argv[i]);
      return KP_EXIT_USAGE;
    }
  }
  if (!gpu_name == !arch) {
    kp_cli_error("occupancy: name the GPU with --gpu NAME or --arch sm_XY (or an AMD ISA, gfxNNN)");
    return KP_EXIT_USAGE;
  }
  if (!have_block || in.block_threads <= 0) {
    kp_cli_error("occupancy: --block N (threads per block, N > 0) is required");
    return KP_EXIT_USAGE;
  }
  kp_gpudb *db = kp_cli_open_db(db_opt);
  if (!db)
    return KP_EXIT_FAIL;
  char err[1024];
  kp_gpu g;
  int rc;
  if (arch && strncmp(arch, "gfx", 3) == 0) {
    /* An AMD ISA: its limits alone. */
    kp_gpu_init(&g);
    snprintf(g.id, sizeof g.id, "%s", arch);
    snprintf(g.isa, sizeof g.isa, "%s", arch);
    snprintf(g.full_name, sizeof g.full_name, "AMD ISA %s", arch);
    rc = kp_gpudb_isa_limits(db, arch, -1, -1, &g.limits, err, sizeof err);
    if (rc == 0 && !g.limits.known)
      rc = -1, snprintf(err, sizeof err, "no occupancy limits for AMD ISA '%s' in the GPU database",
                        arch);
    g.cc_major = g.limits.cc_major;
    g.cc_minor = g.limits.cc_minor;
  } else {
    rc = gpu_name ? kp_gpudb_find(db, gpu_name, &g, err, sizeof err)
                  : kp_gpudb_for_arch(db, arch, &g, err, sizeof err);
  }
  kp_gpudb_close(db);
  if (rc != 0) {
    kp_cli_error("%s", err);
    return strncmp(err, "cannot", 6) == 0 || strstr(err, "database") == err ? KP_EXIT_FAIL
                                                                            : KP_EXIT_USAGE;
  }
  kp_occ_result r;
  if (kp_occupancy(&g, &in, &r, err, sizeof err) != 0) {
    kp_cli_error("%s", err);
    return KP_EXIT_FAIL;
  }
  static const unsigned bits[] = {KP_OCC_LIMIT_WARPS, KP_OCC_LIMIT_REGISTERS,
                                  KP_OCC_LIMIT_SHARED_MEMORY, KP_OCC_LIMIT_BLOCKS,
                                  KP_OCC_LIMIT_BARRIERS};
  if (json) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "gpu", g.id);
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", g.cc_major, g.cc_minor);
    if (kp_isa_has_cc(g.isa))
      cJSON_AddStringToObject(root, "compute_capability", cc);
    else
      cJSON_AddNullToObject(root, "compute_capability");
    if (kp_gpu_is_amd(&g))
      cJSON_AddStringToObject(root, "isa", g.isa);
    cJSON *inp = cJSON_AddObjectToObject(root, "input");
    cJSON_AddNumberToObject(inp, "block_threads", in.block_threads);
    cJSON_AddNumberToObject(inp, "regs_per_thread", in.regs_per_thread);
    cJSON_AddNumberToObject(inp, "smem_bytes", (double)in.smem_bytes);
    cJSON_AddBoolToObject(inp, "smem_optin", in.smem_optin);
    cJSON_AddNumberToObject(inp, "carveout_percent", in.carveout_percent);
    cJSON_AddNumberToObject(inp, "barriers", in.barriers);
    cJSON_AddNumberToObject(root, "active_blocks_per_sm", r.active_blocks_per_sm);
    cJSON_AddNumberToObject(root, "active_warps_per_sm", r.active_warps_per_sm);
    cJSON_AddNumberToObject(root, "max_warps_per_sm", r.max_warps_per_sm);
    cJSON_AddNumberToObject(root, "occupancy", r.occupancy);
    cJSON_AddStringToObject(root, "limiter", r.limiter);
    cJSON *lims = cJSON_AddArrayToObject(root, "limiters");
    for (size_t k = 0; k < sizeof bits / sizeof bits[0]; k++)
      if (r.limiters & bits[k])
        cJSON_AddItemToArray(lims, cJSON_CreateString(kp_occ_limiter_name(bits[k])));
    cJSON *l = cJSON_AddObjectToObject(root, "limits");
    add_limit(l, "warps", r.limit_warps);
    add_limit(l, "registers", r.limit_registers);
    add_limit(l, "shared_memory", r.limit_shared_memory);
    add_limit(l, "blocks", r.limit_blocks);
    add_limit(l, "barriers", r.limit_barriers);
    cJSON_AddNumberToObject(root, "regs_per_block", r.regs_per_block);
    cJSON_AddNumberToObject(root, "smem_per_block", (double)r.smem_per_block);
    cJSON_AddNumberToObject(root, "smem_per_sm", (double)r.smem_per_sm);
    if (r.note[0])
      cJSON_AddStringToObject(root, "note", r.note);
    return kp_cli_print_json(root) == 0 ? KP_EXIT_OK : KP_EXIT_FAIL;
  }
  char what[64];
  printf("GPU:                  %s (%s, %s)\n", g.id, g.full_name,
         kp_gpu_arch_text(&g, what, sizeof what));
  printf("block:                %d threads, %d registers/thread, %lld bytes shared memory%s\n",
         in.block_threads, in.regs_per_thread, in.smem_bytes, in.smem_optin ? " (opt-in)" : "");
  printf("active blocks per SM: %d\n", r.active_blocks_per_sm);
  printf("active warps per SM:  %d of %d\n", r.active_warps_per_sm, r.max_warps_per_sm);
  printf("occupancy:            %.1f%%\n", 100.0 * r.occupancy);
  printf("limiter:              %s", r.limiter);
  for (size_t k = 0; k < sizeof bits / sizeof bits[0]; k++)
    if ((r.limiters & bits[k]) && strcmp(kp_occ_limiter_name(bits[k]), r.limiter) != 0)
      printf(", %s", kp_occ_limiter_name(bits[k]));
  printf("\nblocks allowed by:    ");
  print_limit("warps", r.limit_warps, 0);
  print_limit("registers", r.limit_registers, 0);
  print_limit("shared memory", r.limit_shared_memory, 0);
  print_limit("blocks", r.limit_blocks, 0);
  print_limit("barriers", r.limit_barriers, 1);
  if (r.note[0])
    printf("note:                 %s\n", r.note);
  return KP_EXIT_OK;
}

const kp_command kp_cmd_occupancy = {"occupancy", "resident blocks, warps and the limiter per SM",
                                     occ_run, occ_help};
