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
// REAL: Function properties for _Z4rowsILi16ELi4EEvPKfPfii
// REAL-NEXT: 256 bytes stack frame
// REAL: Function properties for _Z4rowsILi2ELi16EEvPKfPfii
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

// A search of the same kind, the array read at an index loaded from memory.
extern "C" __global__ void by_search(const double *x, const int *first, const int *mat,
                                     double *out, int w) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  double d[9];
  for (int k = 0; k < 9; k++)
    d[k] = x[c * 9 + k];
  double s = 0.0;
  for (int k = first[c]; k < first[c + 1]; k++)
    s += d[mat[k]]; // expected-warning {{'d' is indexed with a value computed at run time (indirect index, loaded from memory: mat[k])}}
  out[c] = s * w;
}

// Rows of a thread's tile for a run-time count of batches: the array's first
// extent bounds the loop.  Two rows: nvcc unrolls the loop whole by that
// bound, the array stays in registers; sixteen rows: too many for that bound,
// the array is in local memory.
template <int B, int N>
__global__ void rows(const float *src, float *dst, int batches, int n) {
  int local = batches - (int)blockIdx.x * B;
  float e[B][N];
#pragma unroll
  for (int i = 0; i < local; ++i)
#pragma unroll
    for (int it = 0; it < N; ++it)
      e[i][it] = src[(blockIdx.x * B + i) * n + it * 32 + threadIdx.x]; // expected-warning {{'e' is indexed with the counter 'i' of the loop at line 76, whose trip count is not a compile-time constant: the array (256 bytes per thread) is placed in local memory}}
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < B; ++i)
#pragma unroll
    for (int it = 0; it < N; ++it)
      s += i < local ? e[i][it] : 0.f;
  dst[blockIdx.x * 32 + threadIdx.x] = s;
}

void launch_rows(const float *src, float *dst, int batches, int n) {
  rows<2, 16><<<(batches + 1) / 2, 32>>>(src, dst, batches, n);
  rows<16, 4><<<(batches + 15) / 16, 32>>>(src, dst, batches, n);
}
