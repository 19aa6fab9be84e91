/* kperf-calibrate: the measurement set and its SQL form (plain C11, no CUDA).
 *
 * kperf-calibrate (calibrate.cu) fills a kpc_meas on the GPU; this file writes
 * it as a raw "key value" text file (to keep and re-convert) and as SQL that
 * `kperf import-gpus` reads (INSERT/UPDATE statements into the tables of
 * gpu-db/schema.sql).  Every value that was not measured is NaN and is left out.
 */
#ifndef KPERF_CALIBRATE_SQLOUT_H
#define KPERF_CALIBRATE_SQLOUT_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction classes, as in cc_throughput.class / gpu_latency.class. */
enum { KPC_FP16, KPC_FP32, KPC_FP64, KPC_SFU, KPC_INT_ADD, KPC_INT_MUL, KPC_CONV, KPC_CONV64,
       KPC_DIV_F32, KPC_NCLASS };
extern const char *const kpc_class_names[KPC_NCLASS];

#define KPC_MAX_DEGREE 32  /* bank-conflict degrees 1..32 and strides 1..32 */
#define KPC_MAX_LAUNCH 32  /* launch models for 1..32 warps per block */

typedef struct kpc_launch_fit {
  int warps;      /* warps per block, 1..32; 0: unused slot */
  double x1_us;   /* microseconds per block */
  double x0_us;   /* microseconds per launch */
  double r2;      /* coefficient of determination of the fit */
} kpc_launch_fit;

typedef struct kpc_meas {
  /* identity */
  char gpu_id[64];       /* the id to write: [a-z0-9._-], 1..63 */
  char based_on[64];     /* the database GPU whose other facts are copied (or "") */
  char date[32];         /* YYYY-MM-DD */
  char device_name[128]; /* cudaDeviceProp.name */
  int cc_major, cc_minor;
  /* configuration, from the driver (0 / NaN: unknown) */
  int sm_count;
  double clock_mhz;      /* cudaDevAttrClockRate: the maximum SM clock */
  int mem_bus_bits;
  long long dram_bytes;
  long long l2_bytes;
  /* instructions: dependent-issue latency (cycles), throughput (results/clock/SM) */
  double lat[KPC_NCLASS];
  double thr[KPC_NCLASS];
  /* memory */
  double smem_lat;                          /* cycles */
  double bank_cycles[KPC_MAX_DEGREE + 1];   /* [d]: cycles per shared access, d-way conflict */
  double l1_lat, l2_lat, dram_lat;          /* cycles, pointer chasing */
  double l2_bw_gbs, dram_bw_gbs;            /* whole GPU, 1e9 B/s */
  double stride_gbs[KPC_MAX_DEGREE + 1];    /* [s]: effective bandwidth reading with stride s */
  double sync_cycles;                       /* one __syncthreads(), one block of 256 threads */
  kpc_launch_fit launch[KPC_MAX_LAUNCH];
  int write_cc_throughput; /* also write cc_throughput rows (shadows every GPU of this CC) */
} kpc_meas;

/* All values NaN / 0, strings empty. */
void kpc_meas_init(kpc_meas *m);

/* 1 if id is a valid gpus.id: 1..63 characters of [a-z0-9._-]. */
int kpc_valid_id(const char *id);

/* Writes s as an SQL string literal ('...' with '' for '). */
void kpc_sql_quote(FILE *out, const char *s);

/* The SQL that `kperf import-gpus` reads; 0 ok, -1 (message in err). */
int kpc_write_sql(FILE *out, const kpc_meas *m, char *err, size_t errlen);

/* Raw measurement file ("key value" lines, '#' comments); 0 ok, -1 (message). */
int kpc_write_raw(FILE *out, const kpc_meas *m);
int kpc_read_raw(FILE *in, kpc_meas *m, char *err, size_t errlen);

/* Statistics used by the microbenchmarks (kept here to be unit-testable). */
double kpc_median(const double *v, int n); /* sorts a copy; NaN when n == 0 */
/* Least squares y = slope * x + icpt; r2 may be NULL; -1 if degenerate. */
int kpc_linfit(const double *x, const double *y, int n, double *slope, double *icpt, double *r2);

/* "Hopper" etc. for a compute capability, NULL if unknown. */
const char *kpc_architecture(int cc_major, int cc_minor);

#ifdef __cplusplus
}
#endif
#endif
