// kperf-local-memory: loops kperf leaves rolled that nvcc -O3 unrolls whole,
// keeping the array in registers: a nest of constant trip count that holds a
// loop of run-time trip count (a search whose bounds are data), and a loop of
// run-time trip count whose counter can index the array only twice.  Without
// ptxas's facts kperf says nothing of them; an index read from data in the
// same nest, and a counter that can index sixteen rows, are still local memory.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note
// With ptxas's facts a stack frame at least the array's size is believed.
// RUN: printf 'sm_90 neighbours 58 72 0 0\n' > %t.facts
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory -fplugin-arg-kperf-ptxas=%t.facts 2>&1 \
// RUN:   | FileCheck --check-prefix=PTXAS %s
// PTXAS: local-memory-nest.cu:[[# @LINE + 31]]:{{[0-9]+}}: warning: 'd' is indexed with the counter 'dj'
// PTXAS: note: ptxas (sm_90) gives 'neighbours' a stack frame of 72 bytes per thread
// What ptxas of CUDA 13 does with them (sm_90):
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -cubin -o /dev/null -Xptxas -v %s 2>&1 | FileCheck --check-prefix=REAL %s %}
// REAL: Function properties for many_rows
// REAL-NEXT: 256 bytes stack frame
// REAL: Function properties for two_rows
// REAL-NEXT: 0 bytes stack frame
// REAL: Function properties for by_search
// REAL-NEXT: 72 bytes stack frame
// REAL: Function properties for neighbours
// REAL-NEXT: 0 bytes stack frame

// The distances to a cell's eight neighbours, then per material of the cell
// a search of each neighbour's materials.
extern "C" __global__ void neighbours(const double *x, const int *first, const int *mat,
                                      const double *rho, double *out, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1, j = blockIdx.y + 1;
  double d[9];
  for (int dj = -1; dj <= 1; dj++)
    for (int di = -1; di <= 1; di++) {
      double v = x[(i + di) + w * (j + dj)] - x[i + w * j];
      d[(dj + 1) * 3 + (di + 1)] = v * v;
    }
  double s = 0.0;
  for (int c = first[i + w * j]; c < first[i + w * j + 1]; c++)
    for (int dj = -1; dj <= 1; dj++)
      for (int di = -1; di <= 1; di++) {
        int n = (i + di) + w * (j + dj);
        for (int k = first[n]; k < first[n + 1]; k++)
          if (mat[k] == mat[c]) {
            s += rho[k] / d[(dj + 1) * 3 + (di + 1)];
            break;
          }
      }
  out[i + w * j] = s;
}

// The same nest, the array read at an index loaded from memory.
extern "C" __global__ void by_search(const double *x, const int *first, const int *mat,
                                     const double *rho, double *out, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1, j = blockIdx.y + 1;
  double d[9];
  for (int dj = -1; dj <= 1; dj++)
    for (int di = -1; di <= 1; di++) {
      double v = x[(i + di) + w * (j + dj)] - x[i + w * j];
      d[(dj + 1) * 3 + (di + 1)] = v * v;
    }
  double s = 0.0;
  for (int dj = -1; dj <= 1; dj++)
    for (int di = -1; di <= 1; di++) {
      int n = (i + di) + w * (j + dj);
      for (int k = first[n]; k < first[n + 1]; k++)
        s += rho[k] / d[mat[k]]; // expected-warning {{'d' is indexed with a value computed at run time (indirect index, loaded from memory: mat[k])}}
    }
  out[i + w * j] = s;
}

// Rows of a thread's tile for a run-time count of batches: the array's first
// extent (2) bounds the loop, and nvcc unrolls it whole by that bound.
extern "C" __global__ void two_rows(const float *src, float *dst, int batches, int n) {
  int local = batches - (int)blockIdx.x * 2;
  float e[2][16];
#pragma unroll
  for (int i = 0; i < local; ++i)
#pragma unroll
    for (int it = 0; it < 16; ++it)
      e[i][it] = src[(blockIdx.x * 2 + i) * n + it * 32 + threadIdx.x];
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int it = 0; it < 16; ++it)
      s += i < local ? e[i][it] : 0.f;
  dst[blockIdx.x * 32 + threadIdx.x] = s;
}

// Sixteen rows: too many for that bound, the array is in local memory.
extern "C" __global__ void many_rows(const float *src, float *dst, int batches, int n) {
  int local = batches - (int)blockIdx.x * 16;
  float e[16][4];
#pragma unroll
  for (int i = 0; i < local; ++i)
#pragma unroll
    for (int it = 0; it < 4; ++it)
      e[i][it] = src[(blockIdx.x * 16 + i) * n + it * 32 + threadIdx.x]; // expected-warning {{'e' is indexed with the counter 'i' of the loop at line 98, whose trip count is not a compile-time constant: the array (256 bytes per thread) is placed in local memory}}
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < 16; ++i)
#pragma unroll
    for (int it = 0; it < 4; ++it)
      s += i < local ? e[i][it] : 0.f;
  dst[blockIdx.x * 32 + threadIdx.x] = s;
}
