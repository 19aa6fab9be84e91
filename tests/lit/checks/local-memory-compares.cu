// kperf-local-memory and an index made of comparisons: a per-thread array
// indexed by `(a > x) * 4 + (b > y) * 2 + (c > z)` (and that plus the counter
// of a small constant loop) takes few values, each fixed once the loops are
// unrolled; nvcc may turn such accesses into selects between registers (a
// nearest-neighbour octant search, like HeCBench s8n's temp_dist, has a
// 0-byte stack frame), and may not (the same index on a uniform value can
// leave the array in local memory): without ptxas's facts kperf is silent on
// both; with them, the frame decides.  An index loaded from memory in the
// same place is still reported.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note
// With ptxas's facts: octants' 0-byte frame keeps it silent, uniform_octants'
// 128-byte frame makes kperf speak.
// RUN: printf 'sm_90 octants 40 0 0 0\nsm_90 uniform_octants 30 128 0 0\nsm_90 loaded 30 128 0 0\n' > %t.facts
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-local-memory -fplugin-arg-kperf-ptxas=%t.facts 2>&1 \
// RUN:   | FileCheck --check-prefix=PTXAS %s
// PTXAS-NOT: 'best' is indexed
// PTXAS: warning: 'slot' is indexed with 'q', not known at compile time: the array (128 bytes per thread)
// PTXAS: note: ptxas (sm_90) gives 'uniform_octants' a stack frame of 128 bytes per thread
// PTXAS: warning: 'slot' is indexed with 'q', not known at compile time: the array (128 bytes per thread)
// PTXAS: note: ptxas (sm_90) gives 'loaded' a stack frame of 128 bytes per thread
// What ptxas of CUDA 13.0 does with them (sm_90, -v): octants keeps 'best' in
// registers, uniform_octants and loaded have the array in local memory.
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -cubin -o /dev/null -Xptxas -v %s 2>&1 | FileCheck --check-prefix=REAL %s %}
// REAL: Function properties for loaded
// REAL-NEXT: 128 bytes stack frame
// REAL: Function properties for uniform_octants
// REAL-NEXT: 128 bytes stack frame
// REAL: Function properties for octants
// REAL-NEXT: 0 bytes stack frame

// Each thread keeps the two nearest points of each octant around its own
// point: the octant from three comparisons, the rank from a loop of 2.
extern "C" __global__ void octants(const int *xyz, int *nearest, int n, int radius) {
  int best[16];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int x = xyz[3 * i], y = xyz[3 * i + 1], z = xyz[3 * i + 2];
    for (int j = 0; j < 16; j++) {
      best[j] = radius;
      nearest[16 * i + j] = i;
    }
    for (int j = 0; j < n; j++) {
      int tx = xyz[3 * j], ty = xyz[3 * j + 1], tz = xyz[3 * j + 2];
      int d = (x - tx) * (x - tx) + (y - ty) * (y - ty) + (z - tz) * (z - tz);
      if (d > radius)
        continue;
      int above = (tx > x), right = (ty > y), front = (tz > z);
      int octant = above * 8 + right * 4 + front * 2;
      for (int r = 0; r < 2; r++) {
        if (d < best[octant + r]) {
          for (int s = 1; s >= r + 1; s--) {
            nearest[16 * i + octant + s] = nearest[16 * i + octant + s - 1];
            best[octant + s] = best[octant + s - 1];
          }
          nearest[16 * i + octant + r] = j;
          best[octant + r] = d;
          break;
        }
      }
    }
  }
}

// The same kind of index on values every thread reads alike: ptxas keeps
// the array in local memory here; without its facts kperf cannot tell the
// two apart and says nothing.
extern "C" __global__ void uniform_octants(const int *v, int *out, int n) {
  int slot[32];
  for (int j = 0; j < 32; j++)
    slot[j] = 1000;
  for (int j = 0; j < n; j++) {
    int a = v[j], b = v[j + 1], c = v[j + 2];
    int q = (a > 0) * 16 + (b > 0) * 8 + (c > 0) * 4;
    for (int k = 0; k < 4; k++)
      if (a < slot[q + k]) {
        slot[q + k] = a;
        out[q + k] = j;
        break;
      }
  }
  for (int j = 0; j < 32; j++)
    out[j * 32 + threadIdx.x] = slot[j];
}

// An index loaded from memory where the octant was: reported.
extern "C" __global__ void loaded(const int *v, int *out, int n) {
  int slot[32];
  for (int j = 0; j < 32; j++)
    slot[j] = 1000;
  for (int j = 0; j < n; j++) {
    int a = v[j];
    int q = v[j + 1] & 28;
    for (int k = 0; k < 4; k++)
      if (a < slot[q + k]) { // expected-warning {{'slot' is indexed with 'q', not known at compile time: the array (128 bytes per thread) is placed in local memory}}
        slot[q + k] = a;
        out[q + k] = j;
        break;
      }
  }
  for (int j = 0; j < 32; j++)
    out[j * 32 + threadIdx.x] = slot[j];
}
