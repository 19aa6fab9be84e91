/* kperf-calibrate: the measurement set, its raw text form and its SQL form. */
#define _POSIX_C_SOURCE 200809L
#include "sqlout.h"

#include "kperf/errmsg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const kpc_class_names[KPC_NCLASS] = {"fp16", "fp32", "fp64", "sfu", "int_add",
                                                 "int_mul", "conv", "conv64", "div_f32"};

/* How each class is measured (said in the source column). */
static const char *const class_method[KPC_NCLASS] = {
    "fma.rn.f16x2", "fma.rn.f32", "fma.rn.f64", "ex2.approx.f32", "add.s32",
    "mul.lo.s32", "cvt f32<->s32", "cvt f64<->s64", "div.rn.f32"};

void kpc_meas_init(kpc_meas *m) {
  memset(m, 0, sizeof *m);
  for (int i = 0; i < KPC_NCLASS; i++)
    m->lat[i] = m->thr[i] = NAN;
  m->clock_mhz = NAN;
  m->smem_lat = m->l1_lat = m->l2_lat = m->dram_lat = NAN;
  m->l2_bw_gbs = m->dram_bw_gbs = m->sync_cycles = NAN;
  for (int i = 0; i <= KPC_MAX_DEGREE; i++)
    m->bank_cycles[i] = m->stride_gbs[i] = NAN;
}

int kpc_valid_id(const char *id) {
  size_t n = id ? strlen(id) : 0;
  if (n < 1 || n > 63)
    return 0;
  for (size_t i = 0; i < n; i++) {
    char c = id[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
      return 0;
  }
  return 1;
}

void kpc_sql_quote(FILE *out, const char *s) {
  fputc('\'', out);
  for (; s && *s; s++) {
    if (*s == '\'')
      fputc('\'', out);
    if ((unsigned char)*s >= 0x20 || *s == '\t')
      fputc(*s, out);
  }
  fputc('\'', out);
}

const char *kpc_architecture(int major, int minor) {
  switch (major) {
  case 1: return "Tesla";
  case 2: return "Fermi";
  case 3: return "Kepler";
  case 5: return "Maxwell";
  case 6: return "Pascal";
  case 7: return minor >= 5 ? "Turing" : "Volta";
  case 8: return minor == 9 ? "Ada Lovelace" : "Ampere";
  case 9: return "Hopper";
  case 10: case 11: case 12: return "Blackwell";
  default: return NULL;
  }
}

static int ok(double v) { return isfinite(v) && v > 0; }

/* 'measured by kperf-calibrate DATE DEVICE (how)' */
static void src(FILE *out, const kpc_meas *m, const char *how) {
  char buf[512];
  snprintf(buf, sizeof buf, "measured by kperf-calibrate %s %s%s%s%s", m->date, m->device_name,
           how && *how ? " (" : "", how ? how : "", how && *how ? ")" : "");
  kpc_sql_quote(out, buf);
}

/* || CASE WHEN COL IS NOT NULL THEN '; WHAT as in BASE' ELSE '' END */
static void as_base(FILE *out, const kpc_meas *m, const char *col, const char *what) {
  if (!m->based_on[0])
    return;
  char buf[256];
  snprintf(buf, sizeof buf, "; %s as in %s", what, m->based_on);
  fprintf(out, " || CASE WHEN %s IS NOT NULL THEN ", col);
  kpc_sql_quote(out, buf);
  fputs(" ELSE '' END", out);
}

static void mem_row(FILE *out, const kpc_meas *m, const char *level) {
  fputs("INSERT INTO gpu_memory (gpu_id, level) VALUES (", out);
  kpc_sql_quote(out, m->gpu_id);
  fprintf(out, ", '%s') ON CONFLICT (gpu_id, level) DO NOTHING;\n", level);
}

static void mem_where(FILE *out, const kpc_meas *m, const char *level) {
  fputs(" WHERE gpu_id = ", out);
  kpc_sql_quote(out, m->gpu_id);
  fprintf(out, " AND level = '%s';\n", level);
}

static void mem_latency(FILE *out, const kpc_meas *m, const char *level, double v,
                        const char *how) {
  if (!ok(v))
    return;
  mem_row(out, m, level);
  fprintf(out, "UPDATE gpu_memory SET latency_cycles = %.9g, latency_source = ", v);
  src(out, m, how);
  mem_where(out, m, level);
}

static void mem_bandwidth(FILE *out, const kpc_meas *m, const char *level, double v,
                          const char *how) {
  if (!ok(v))
    return;
  mem_row(out, m, level);
  fprintf(out, "UPDATE gpu_memory SET bandwidth_gbs = %.9g, bandwidth_source = ", v);
  src(out, m, how);
  mem_where(out, m, level);
}

static void mem_size(FILE *out, const kpc_meas *m, const char *level, long long bytes,
                     const char *how) {
  if (bytes <= 0)
    return;
  mem_row(out, m, level);
  fprintf(out, "UPDATE gpu_memory SET size_bytes = %lld, size_source = ", bytes);
  src(out, m, how);
  as_base(out, m, "line_bytes", "line_bytes");
  mem_where(out, m, level);
}

/* Long: one SQL statement per measured fact, written in the schema's
 * table order; each is a few lines of the same shape. */
int kpc_write_sql(FILE *out, const kpc_meas *m, char *err, size_t errlen) {
  if (!kpc_valid_id(m->gpu_id))
    return kp__err(err, errlen, "invalid GPU id '%s' (1-63 characters of a-z 0-9 . _ -)",
                m->gpu_id);
  if (m->based_on[0] && !kpc_valid_id(m->based_on))
    return kp__err(err, errlen, "invalid --based-on GPU id '%s'", m->based_on);
  if (m->cc_major < 1 || m->cc_major > 99 || m->cc_minor < 0 || m->cc_minor > 9)
    return kp__err(err, errlen, "invalid compute capability %d.%d", m->cc_major, m->cc_minor);
  if (!m->device_name[0] || !m->date[0])
    return kp__err(err, errlen, "device name and date are required");
  const char *arch = kpc_architecture(m->cc_major, m->cc_minor);
  char archbuf[32];
  if (!arch) {
    snprintf(archbuf, sizeof archbuf, "CC %d.%d", m->cc_major, m->cc_minor);
    arch = archbuf;
  }

  fprintf(out, "-- kperf-calibrate: GPU '%s' measured on \"%s\" (CC %d.%d) on %s.\n", m->gpu_id,
          m->device_name, m->cc_major, m->cc_minor, m->date);
  if (m->based_on[0])
    fprintf(out, "-- Facts not measured here are those of '%s' when its rows precede these\n"
                 "-- (tools/calibrate/run.sh copies them first with base-rows.sh).\n",
            m->based_on);
  fputs("-- Import with: kperf import-gpus FILE.sql  (docs/gpu-db.md)\n\n", out);

  /* gpus: identity, configuration, DRAM. */
  fputs("INSERT INTO gpus (id, full_name, vendor, architecture, cc_major, cc_minor, "
        "identity_source)\nVALUES (",
        out);
  kpc_sql_quote(out, m->gpu_id);
  fputs(", ", out);
  kpc_sql_quote(out, m->device_name);
  fputs(", 'NVIDIA', ", out);
  kpc_sql_quote(out, arch);
  fprintf(out, ", %d, %d, ", m->cc_major, m->cc_minor);
  src(out, m, "cudaGetDeviceProperties");
  fputs(") ON CONFLICT (id) DO NOTHING;\n", out);
  fputs("UPDATE gpus SET full_name = ", out);
  kpc_sql_quote(out, m->device_name);
  fprintf(out, ", cc_major = %d, cc_minor = %d,\n  identity_source = ", m->cc_major, m->cc_minor);
  src(out, m, "name and compute capability from cudaGetDeviceProperties");
  as_base(out, m, "chip", "architecture and chip");
  fputs("\nWHERE id = ", out);
  kpc_sql_quote(out, m->gpu_id);
  fputs(";\n", out);
  if (m->sm_count > 0 || ok(m->clock_mhz)) {
    fputs("UPDATE gpus SET ", out);
    if (m->sm_count > 0)
      fprintf(out, "sm_count = %d, ", m->sm_count);
    if (ok(m->clock_mhz))
      fprintf(out, "boost_clock_mhz = %.9g, ", m->clock_mhz);
    fputs("config_source = ", out);
    src(out, m, "cudaDevAttrMultiProcessorCount; cudaDevAttrClockRate, the maximum SM clock");
    as_base(out, m, "base_clock_mhz", "base clock");
    fputs("\nWHERE id = ", out);
    kpc_sql_quote(out, m->gpu_id);
    fputs(";\n", out);
  }
  if (m->mem_bus_bits > 0 || m->dram_bytes > 0) {
    fputs("UPDATE gpus SET ", out);
    if (m->mem_bus_bits > 0)
      fprintf(out, "dram_bus_bits = %d, ", m->mem_bus_bits);
    if (m->dram_bytes > 0)
      fprintf(out, "dram_bytes = %lld, ", m->dram_bytes);
    fputs("dram_source = ", out);
    src(out, m, "cudaDevAttrGlobalMemoryBusWidth; totalGlobalMem");
    as_base(out, m, "dram_type", "dram_type");
    fputs("\nWHERE id = ", out);
    kpc_sql_quote(out, m->gpu_id);
    fputs(";\n", out);
  }

  /* gpu_memory */
  fputs("\n-- Memory hierarchy.\n", out);
  mem_latency(out, m, "shared", m->smem_lat, "clock64 pointer chase in shared memory");
  mem_size(out, m, "l2", m->l2_bytes, "cudaDevAttrL2CacheSize");
  mem_latency(out, m, "l1", m->l1_lat, "clock64 pointer chase, ld.global.ca, footprint within L1");
  mem_latency(out, m, "l2", m->l2_lat, "clock64 pointer chase, ld.global.cg, footprint within L2");
  mem_bandwidth(out, m, "l2", m->l2_bw_gbs, "cudaEvent, read of a buffer of half the L2, median");
  mem_size(out, m, "dram", m->dram_bytes, "totalGlobalMem");
  mem_latency(out, m, "dram", m->dram_lat, "clock64 pointer chase, footprint 8x the L2, 4 KiB stride");
  mem_bandwidth(out, m, "dram", m->dram_bw_gbs, "cudaEvent, copy of buffers 8x the L2, median");

  /* gpu_latency */
  int any = 0;
  for (int c = 0; c < KPC_NCLASS; c++)
    any |= ok(m->lat[c]);
  if (any) {
    fputs("\n-- Dependent-issue latencies (SM cycles).\n", out);
    for (int c = 0; c < KPC_NCLASS; c++) {
      if (!ok(m->lat[c]))
        continue;
      char how[128];
      snprintf(how, sizeof how, "dependent chain of %s, clock64", class_method[c]);
      fputs("INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source) VALUES (", out);
      kpc_sql_quote(out, m->gpu_id);
      fprintf(out, ", '%s', %.9g, ", kpc_class_names[c], m->lat[c]);
      src(out, m, how);
      fputs(")\n  ON CONFLICT (gpu_id, class) DO UPDATE SET latency_cycles = "
            "excluded.latency_cycles, source = excluded.source;\n",
            out);
    }
  }

  /* launch_overhead */
  any = 0;
  for (int i = 0; i < KPC_MAX_LAUNCH; i++)
    any |= m->launch[i].warps >= 1 && m->launch[i].warps <= 32 && isfinite(m->launch[i].x1_us) &&
           isfinite(m->launch[i].x0_us);
  if (any) {
    fputs("\n-- Launch overhead t = x1_us * grid + x0_us (empty kernel, least squares).\n", out);
    for (int i = 0; i < KPC_MAX_LAUNCH; i++) {
      const kpc_launch_fit *f = &m->launch[i];
      if (f->warps < 1 || f->warps > 32 || !isfinite(f->x1_us) || !isfinite(f->x0_us))
        continue;
      char how[160];
      snprintf(how, sizeof how, "empty kernel, %d warps per block, cudaEvent, least squares, r2 %.4f",
               f->warps, f->r2);
      fputs("INSERT INTO launch_overhead (gpu_id, warps_per_block, x1_us, x0_us, source) VALUES (",
            out);
      kpc_sql_quote(out, m->gpu_id);
      fprintf(out, ", %d, %.9g, %.9g, ", f->warps, f->x1_us, f->x0_us);
      src(out, m, how);
      fputs(")\n  ON CONFLICT (gpu_id, warps_per_block) DO UPDATE SET x1_us = excluded.x1_us, "
            "x0_us = excluded.x0_us, source = excluded.source;\n",
            out);
    }
  }

  /* throughput: per CC in the schema, so only on request */
  any = 0;
  for (int c = 0; c < KPC_NCLASS; c++)
    any |= ok(m->thr[c]);
  if (any) {
    fputs("\n-- Throughput (results per clock per SM, independent streams).\n", out);
    if (!m->write_cc_throughput)
      fprintf(out, "-- cc_throughput is per compute capability: a row here would shadow every CC %d.%d\n"
                   "-- GPU, so these are comments (kperf-calibrate --write-cc-throughput writes them).\n",
              m->cc_major, m->cc_minor);
    for (int c = 0; c < KPC_NCLASS; c++) {
      if (!ok(m->thr[c]))
        continue;
      if (!m->write_cc_throughput) {
        fprintf(out, "--   %-8s %.4g\n", kpc_class_names[c], m->thr[c]);
        continue;
      }
      char how[128];
      snprintf(how, sizeof how, "independent streams of %s", class_method[c]);
      fprintf(out, "INSERT INTO cc_throughput (cc_major, cc_minor, class, per_clock_per_sm, source) "
                   "VALUES (%d, %d, '%s', %.9g, ",
              m->cc_major, m->cc_minor, kpc_class_names[c], m->thr[c]);
      src(out, m, how);
      fputs(")\n  ON CONFLICT (isa, cc_major, cc_minor, class) DO UPDATE SET per_clock_per_sm = "
            "excluded.per_clock_per_sm, source = excluded.source;\n",
            out);
    }
  }

  /* facts the schema has no column for */
  any = ok(m->sync_cycles);
  for (int d = 1; d <= KPC_MAX_DEGREE; d++)
    any |= ok(m->bank_cycles[d]) || ok(m->stride_gbs[d]);
  if (any) {
    fputs("\n-- Measured, but the schema has no column for these yet:\n", out);
    if (ok(m->sync_cycles))
      fprintf(out, "--   __syncthreads (256 threads): %.4g cycles\n", m->sync_cycles);
    for (int d = 1; d <= KPC_MAX_DEGREE; d++)
      if (ok(m->bank_cycles[d]))
        fprintf(out, "--   shared access, %2d-way bank conflict: %.4g cycles%s\n", d,
                m->bank_cycles[d],
                ok(m->bank_cycles[1]) && d > 1 ? "" : " (no conflict)");
    for (int s = 1; s <= KPC_MAX_DEGREE; s++)
      if (ok(m->stride_gbs[s]))
        fprintf(out, "--   global read, stride %2d floats: %.4g GB/s\n", s, m->stride_gbs[s]);
  }
  return ferror(out) ? kp__err(err, errlen, "write error") : 0;
}

/* ---- raw file ---- */

static void raw_d(FILE *out, const char *key, double v) {
  if (isfinite(v))
    fprintf(out, "%s %.17g\n", key, v);
}

int kpc_write_raw(FILE *out, const kpc_meas *m) {
  fputs("# kperf-calibrate raw measurements (kperf-calibrate-sql turns them into SQL)\n", out);
  fprintf(out, "gpu_id %s\n", m->gpu_id);
  if (m->based_on[0])
    fprintf(out, "based_on %s\n", m->based_on);
  fprintf(out, "date %s\ndevice_name %s\ncc %d.%d\n", m->date, m->device_name, m->cc_major,
          m->cc_minor);
  if (m->sm_count > 0)
    fprintf(out, "sm_count %d\n", m->sm_count);
  raw_d(out, "clock_mhz", m->clock_mhz);
  if (m->mem_bus_bits > 0)
    fprintf(out, "mem_bus_bits %d\n", m->mem_bus_bits);
  if (m->dram_bytes > 0)
    fprintf(out, "dram_bytes %lld\n", m->dram_bytes);
  if (m->l2_bytes > 0)
    fprintf(out, "l2_bytes %lld\n", m->l2_bytes);
  char key[64];
  for (int c = 0; c < KPC_NCLASS; c++) {
    snprintf(key, sizeof key, "lat.%s", kpc_class_names[c]);
    raw_d(out, key, m->lat[c]);
    snprintf(key, sizeof key, "thr.%s", kpc_class_names[c]);
    raw_d(out, key, m->thr[c]);
  }
  raw_d(out, "smem_lat", m->smem_lat);
  raw_d(out, "l1_lat", m->l1_lat);
  raw_d(out, "l2_lat", m->l2_lat);
  raw_d(out, "dram_lat", m->dram_lat);
  raw_d(out, "l2_bw_gbs", m->l2_bw_gbs);
  raw_d(out, "dram_bw_gbs", m->dram_bw_gbs);
  raw_d(out, "sync_cycles", m->sync_cycles);
  for (int d = 1; d <= KPC_MAX_DEGREE; d++) {
    snprintf(key, sizeof key, "bank.%d", d);
    raw_d(out, key, m->bank_cycles[d]);
  }
  for (int d = 1; d <= KPC_MAX_DEGREE; d++) {
    snprintf(key, sizeof key, "stride.%d", d);
    raw_d(out, key, m->stride_gbs[d]);
  }
  for (int i = 0; i < KPC_MAX_LAUNCH; i++)
    if (m->launch[i].warps > 0)
      fprintf(out, "launch.%d %.17g %.17g %.17g\n", m->launch[i].warps, m->launch[i].x1_us,
              m->launch[i].x0_us, m->launch[i].r2);
  if (m->write_cc_throughput)
    fputs("write_cc_throughput 1\n", out);
  return ferror(out) ? -1 : 0;
}

static int parse_d(const char *s, double *v) {
  char *end;
  *v = strtod(s, &end);
  while (*end == ' ' || *end == '\t')
    end++;
  return end != s && *end == '\0' ? 0 : -1;
}

static int copy_str(char *dst, size_t n, const char *s) {
  if (strlen(s) >= n)
    return -1;
  memcpy(dst, s, strlen(s) + 1);
  return 0;
}

int kpc_read_raw(FILE *in, kpc_meas *m, char *err, size_t errlen) {
  kpc_meas_init(m);
  char line[1024];
  int lineno = 0, nlaunch = 0;
  while (fgets(line, sizeof line, in)) {
    lineno++;
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' '))
      line[--len] = '\0';
    if (!len || line[0] == '#')
      continue;
    char *val = strchr(line, ' ');
    if (!val)
      return kp__err(err, errlen, "line %d: expected 'key value'", lineno);
    *val++ = '\0';
    while (*val == ' ')
      val++;
    const char *key = line;
    double d;
    int bad = 0, idx;
    char tail;
    if (!strcmp(key, "gpu_id"))
      bad = copy_str(m->gpu_id, sizeof m->gpu_id, val);
    else if (!strcmp(key, "based_on"))
      bad = copy_str(m->based_on, sizeof m->based_on, val);
    else if (!strcmp(key, "date"))
      bad = copy_str(m->date, sizeof m->date, val);
    else if (!strcmp(key, "device_name"))
      bad = copy_str(m->device_name, sizeof m->device_name, val);
    else if (!strcmp(key, "cc"))
      bad = sscanf(val, "%d.%d%c", &m->cc_major, &m->cc_minor, &tail) != 2;
    else if (!strcmp(key, "sm_count"))
      bad = sscanf(val, "%d%c", &m->sm_count, &tail) != 1;
    else if (!strcmp(key, "mem_bus_bits"))
      bad = sscanf(val, "%d%c", &m->mem_bus_bits, &tail) != 1;
    else if (!strcmp(key, "dram_bytes"))
      bad = sscanf(val, "%lld%c", &m->dram_bytes, &tail) != 1;
    else if (!strcmp(key, "l2_bytes"))
      bad = sscanf(val, "%lld%c", &m->l2_bytes, &tail) != 1;
    else if (!strcmp(key, "write_cc_throughput"))
      bad = sscanf(val, "%d%c", &m->write_cc_throughput, &tail) != 1;
    else if (!strncmp(key, "launch.", 7)) {
      kpc_launch_fit f;
      bad = sscanf(key + 7, "%d%c", &f.warps, &tail) != 1 || f.warps < 1 || f.warps > 32 ||
            sscanf(val, "%lf %lf %lf%c", &f.x1_us, &f.x0_us, &f.r2, &tail) != 3 ||
            nlaunch >= KPC_MAX_LAUNCH;
      if (!bad)
        m->launch[nlaunch++] = f;
    } else {
      if (parse_d(val, &d) != 0)
        return kp__err(err, errlen, "line %d: '%s' is not a number", lineno, val);
      double *slot = NULL;
      if (!strcmp(key, "clock_mhz")) slot = &m->clock_mhz;
      else if (!strcmp(key, "smem_lat")) slot = &m->smem_lat;
      else if (!strcmp(key, "l1_lat")) slot = &m->l1_lat;
      else if (!strcmp(key, "l2_lat")) slot = &m->l2_lat;
      else if (!strcmp(key, "dram_lat")) slot = &m->dram_lat;
      else if (!strcmp(key, "l2_bw_gbs")) slot = &m->l2_bw_gbs;
      else if (!strcmp(key, "dram_bw_gbs")) slot = &m->dram_bw_gbs;
      else if (!strcmp(key, "sync_cycles")) slot = &m->sync_cycles;
      else if (sscanf(key, "bank.%d%c", &idx, &tail) == 1 && idx >= 1 && idx <= KPC_MAX_DEGREE)
        slot = &m->bank_cycles[idx];
      else if (sscanf(key, "stride.%d%c", &idx, &tail) == 1 && idx >= 1 && idx <= KPC_MAX_DEGREE)
        slot = &m->stride_gbs[idx];
      else
        for (int c = 0; c < KPC_NCLASS; c++) {
          if (!strncmp(key, "lat.", 4) && !strcmp(key + 4, kpc_class_names[c]))
            slot = &m->lat[c];
          if (!strncmp(key, "thr.", 4) && !strcmp(key + 4, kpc_class_names[c]))
            slot = &m->thr[c];
        }
      if (!slot)
        return kp__err(err, errlen, "line %d: unknown key '%s'", lineno, key);
      *slot = d;
    }
    if (bad)
      return kp__err(err, errlen, "line %d: bad value for '%s'", lineno, key);
  }
  if (ferror(in))
    return kp__err(err, errlen, "read error");
  if (!m->gpu_id[0] || !m->device_name[0] || !m->date[0] || m->cc_major == 0)
    return kp__err(err, errlen, "gpu_id, date, device_name and cc are required");
  return 0;
}

/* ---- statistics ---- */

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

double kpc_median(const double *v, int n) {
  if (n <= 0)
    return NAN;
  double *c = malloc(sizeof *c * (size_t)n);
  if (!c)
    return NAN;
  memcpy(c, v, sizeof *c * (size_t)n);
  qsort(c, (size_t)n, sizeof *c, cmp_d);
  double r = n % 2 ? c[n / 2] : 0.5 * (c[n / 2 - 1] + c[n / 2]);
  free(c);
  return r;
}

int kpc_linfit(const double *x, const double *y, int n, double *slope, double *icpt, double *r2) {
  if (n < 2)
    return -1;
  double mx = 0, my = 0;
  for (int i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  double sxx = 0, sxy = 0, syy = 0;
  for (int i = 0; i < n; i++) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
    syy += (y[i] - my) * (y[i] - my);
  }
  if (sxx <= 0)
    return -1;
  *slope = sxy / sxx;
  *icpt = my - *slope * mx;
  if (r2)
    *r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1.0;
  return 0;
}
