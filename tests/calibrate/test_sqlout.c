/* Unit tests of tools/calibrate/sqlout.c: quoting, ids, statistics, the raw
 * format round trip, and the SQL run against kperf's schema in SQLite. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlout.h"

static int fails;
#define CHECK(c)                                                                        \
  do {                                                                                  \
    if (!(c)) {                                                                         \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                      \
      fails++;                                                                          \
    }                                                                                   \
  } while (0)
static int near_(double a, double b) { return fabs(a - b) < 1e-9 * (1 + fabs(b)); }
#define NEAR(a, b) CHECK(near_((a), (b)))

static char *slurp(FILE *f) {
  fflush(f);
  long n = ftell(f);
  rewind(f);
  char *s = calloc((size_t)n + 1, 1);
  if (fread(s, 1, (size_t)n, f) != (size_t)n) s[0] = '\0';
  return s;
}

static char *file_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  char *s = slurp(f);
  fclose(f);
  return s;
}

static char *sql_of(const kpc_meas *m, int *rc) {
  FILE *f = tmpfile();
  char err[256] = "";
  *rc = kpc_write_sql(f, m, err, sizeof err);
  if (*rc) fprintf(stderr, "  (error: %s)\n", err);
  char *s = slurp(f);
  fclose(f);
  return s;
}

static double one_value(sqlite3 *h, const char *sql) {
  sqlite3_stmt *st;
  double v = NAN;
  if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW &&
      sqlite3_column_type(st, 0) != SQLITE_NULL)
    v = sqlite3_column_double(st, 0);
  sqlite3_finalize(st);
  return v;
}

static int has_text(sqlite3 *h, const char *sql, const char *want) {
  sqlite3_stmt *st;
  int ok = 0;
  if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW &&
      sqlite3_column_text(st, 0))
    ok = strstr((const char *)sqlite3_column_text(st, 0), want) != NULL;
  sqlite3_finalize(st);
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: test_sqlout SCHEMA.sql CANNED.raw\n");
    return 2;
  }
  /* ids and quoting */
  CHECK(kpc_valid_id("h100-measured"));
  CHECK(kpc_valid_id("a.b_c-9"));
  CHECK(!kpc_valid_id(""));
  CHECK(!kpc_valid_id("H100"));
  CHECK(!kpc_valid_id("h100 x"));
  CHECK(!kpc_valid_id("x'y"));
  {
    FILE *f = tmpfile();
    kpc_sql_quote(f, "it's \"q\"");
    char *s = slurp(f);
    CHECK(strcmp(s, "'it''s \"q\"'") == 0);
    free(s);
    fclose(f);
  }
  CHECK(strcmp(kpc_architecture(9, 0), "Hopper") == 0);
  CHECK(strcmp(kpc_architecture(8, 9), "Ada Lovelace") == 0);
  CHECK(strcmp(kpc_architecture(7, 5), "Turing") == 0);
  CHECK(kpc_architecture(4, 0) == NULL);

  /* statistics */
  double v1[] = {5, 1, 3};
  NEAR(kpc_median(v1, 3), 3);
  double v2[] = {4, 1, 3, 2};
  NEAR(kpc_median(v2, 4), 2.5);
  CHECK(isnan(kpc_median(v2, 0)));
  double x[] = {1, 2, 4, 8}, y[] = {3.5, 4, 5, 7};  /* y = 0.5 x + 3 */
  double s, c, r2;
  CHECK(kpc_linfit(x, y, 4, &s, &c, &r2) == 0);
  NEAR(s, 0.5);
  NEAR(c, 3);
  NEAR(r2, 1);
  double y2[] = {1, 3, 2, 4};
  CHECK(kpc_linfit(x, y2, 4, &s, &c, &r2) == 0);
  /* by hand: mean x 3.75, mean y 2.5, sxx 28.75, sxy 9.5, syy 5 */
  NEAR(s, 9.5 / 28.75);
  NEAR(c, 2.5 - 9.5 / 28.75 * 3.75);
  NEAR(r2, 9.5 * 9.5 / (28.75 * 5));
  double xs[] = {2, 2};
  CHECK(kpc_linfit(xs, y, 2, &s, &c, NULL) != 0);
  CHECK(kpc_linfit(x, y, 1, &s, &c, NULL) != 0);

  /* raw round trip */
  kpc_meas m, m2;
  char err[256];
  FILE *in = fopen(argv[2], "r");
  CHECK(in && kpc_read_raw(in, &m, err, sizeof err) == 0);
  if (in) fclose(in);
  CHECK(strcmp(m.gpu_id, "h100-measured") == 0);
  CHECK(strcmp(m.device_name, "NVIDIA H100 80GB HBM3 (test data)") == 0);
  CHECK(m.cc_major == 9 && m.cc_minor == 0 && m.sm_count == 132);
  NEAR(m.lat[KPC_DIV_F32], 157.75);
  NEAR(m.bank_cycles[32], 91.5);
  CHECK(isnan(m.bank_cycles[3]));
  CHECK(m.launch[1].warps == 8);
  NEAR(m.launch[1].x1_us, 0.0025);
  FILE *f = tmpfile();
  CHECK(kpc_write_raw(f, &m) == 0);
  rewind(f);
  CHECK(kpc_read_raw(f, &m2, err, sizeof err) == 0);
  fclose(f);
  CHECK(memcmp(m.lat, m2.lat, sizeof m.lat) == 0);
  NEAR(m2.dram_lat, 812.25);
  NEAR(m2.stride_gbs[32], 95.125);
  CHECK(m2.dram_bytes == 85045510144LL);
  /* bad raw input */
  f = tmpfile();
  fputs("gpu_id x\nfrobnicate 3\n", f);
  rewind(f);
  CHECK(kpc_read_raw(f, &m2, err, sizeof err) != 0 && strstr(err, "frobnicate"));
  fclose(f);
  f = tmpfile();
  fputs("gpu_id x\nlat.fp32 fast\n", f);
  rewind(f);
  CHECK(kpc_read_raw(f, &m2, err, sizeof err) != 0 && strstr(err, "not a number"));
  fclose(f);

  /* SQL text */
  int rc;
  char *sql = sql_of(&m, &rc);
  CHECK(rc == 0);
  CHECK(strstr(sql, "measured by kperf-calibrate 2030-01-02 NVIDIA H100 80GB HBM3 (test data)"));
  CHECK(strstr(sql, "INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source) VALUES "
                    "('h100-measured', 'div_f32', 157.75, "));
  CHECK(strstr(sql, "INSERT INTO launch_overhead (gpu_id, warps_per_block, x1_us, x0_us, source) "
                    "VALUES ('h100-measured', 8, 0.0025, 2.625, "));
  CHECK(!strstr(sql, "INSERT INTO cc_throughput")); /* only on request */
  CHECK(strstr(sql, "--   fp32     126.5"));
  CHECK(strstr(sql, "32-way bank conflict: 91.5 cycles"));
  CHECK(strstr(sql, "__syncthreads (256 threads): 22.5 cycles"));
  CHECK(!strstr(sql, "PRAGMA") && !strstr(sql, "BEGIN"));

  /* ... runs against kperf's schema, twice (idempotent), with the values in place */
  char *schema = file_text(argv[1]);
  CHECK(schema != NULL);
  sqlite3 *h;
  CHECK(sqlite3_open(":memory:", &h) == SQLITE_OK);
  char *emsg = NULL;
  CHECK(sqlite3_exec(h, schema, NULL, NULL, &emsg) == SQLITE_OK);
  for (int pass = 0; pass < 2; pass++) {
    if (sqlite3_exec(h, sql, NULL, NULL, &emsg) != SQLITE_OK) {
      fprintf(stderr, "FAIL: SQL pass %d: %s\n", pass, emsg);
      fails++;
      sqlite3_free(emsg);
    }
  }
  NEAR(one_value(h, "SELECT count(*) FROM gpus"), 1);
  NEAR(one_value(h, "SELECT sm_count FROM gpus WHERE id = 'h100-measured'"), 132);
  NEAR(one_value(h, "SELECT boost_clock_mhz FROM gpus"), 1980);
  NEAR(one_value(h, "SELECT latency_cycles FROM gpu_latency WHERE class = 'fp64'"), 8.125);
  NEAR(one_value(h, "SELECT count(*) FROM gpu_latency"), 9);
  NEAR(one_value(h, "SELECT latency_cycles FROM gpu_memory WHERE level = 'dram'"), 812.25);
  NEAR(one_value(h, "SELECT bandwidth_gbs FROM gpu_memory WHERE level = 'l2'"), 7123.5);
  NEAR(one_value(h, "SELECT size_bytes FROM gpu_memory WHERE level = 'l2'"), 52428800);
  NEAR(one_value(h, "SELECT latency_cycles FROM gpu_memory WHERE level = 'shared'"), 29.5);
  NEAR(one_value(h, "SELECT count(*) FROM launch_overhead"), 3);
  NEAR(one_value(h, "SELECT x0_us FROM launch_overhead WHERE warps_per_block = 32"), 2.75);
  CHECK(has_text(h, "SELECT source FROM gpu_latency WHERE class = 'fp32'",
                 "measured by kperf-calibrate 2030-01-02 NVIDIA H100 80GB HBM3 (test data)"));
  CHECK(has_text(h, "SELECT architecture FROM gpus", "Hopper"));
  /* a based-on row already present: its chip stays, the source says so */
  CHECK(sqlite3_exec(h, "UPDATE gpus SET chip = 'GH100'", NULL, NULL, NULL) == SQLITE_OK);
  CHECK(sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK);
  CHECK(has_text(h, "SELECT chip FROM gpus", "GH100"));
  CHECK(has_text(h, "SELECT identity_source FROM gpus", "architecture and chip as in h100"));
  sqlite3_close(h);
  free(sql);

  /* --write-cc-throughput writes valid cc_throughput rows */
  m.write_cc_throughput = 1;
  sql = sql_of(&m, &rc);
  CHECK(rc == 0 && strstr(sql, "INSERT INTO cc_throughput"));
  CHECK(sqlite3_open(":memory:", &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, schema, NULL, NULL, NULL) == SQLITE_OK);
  CHECK(sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK);
  NEAR(one_value(h, "SELECT per_clock_per_sm FROM cc_throughput WHERE class = 'fp16'"), 250.5);
  sqlite3_close(h);
  free(sql);

  /* NaN / non-positive values are left out; bad ids refused */
  kpc_meas e;
  kpc_meas_init(&e);
  strcpy(e.gpu_id, "bare");
  strcpy(e.date, "2030-01-02");
  strcpy(e.device_name, "Odd 'quoted' GPU");
  e.cc_major = 8;
  e.cc_minor = 6;
  e.lat[KPC_FP32] = -1;
  e.l2_lat = 0;
  sql = sql_of(&e, &rc);
  CHECK(rc == 0 && !strstr(sql, "gpu_latency") && !strstr(sql, "gpu_memory"));
  CHECK(strstr(sql, "'Odd ''quoted'' GPU'"));
  CHECK(sqlite3_open(":memory:", &h) == SQLITE_OK);
  CHECK(sqlite3_exec(h, schema, NULL, NULL, NULL) == SQLITE_OK);
  CHECK(sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK);
  CHECK(has_text(h, "SELECT architecture FROM gpus", "Ampere"));
  sqlite3_close(h);
  free(sql);
  strcpy(e.gpu_id, "Bad Id");
  f = tmpfile();
  CHECK(kpc_write_sql(f, &e, err, sizeof err) != 0 && strstr(err, "invalid GPU id"));
  fclose(f);
  free(schema);

  if (fails) fprintf(stderr, "%d check(s) failed\n", fails);
  else printf("test_sqlout: all checks passed\n");
  return fails != 0;
}
