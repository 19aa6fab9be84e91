// Neighbouring bytes or fields read by separate instructions share their
// sectors: an RGB pixel's three bytes (each load alone moves 3-4 sectors per
// warp to use 32 bytes) and a 32-byte record's four doubles (each load alone
// touches 32 sectors to use 8 bytes of each) move their arrays once from
// DRAM, not once per instruction: 16 M pixels are 67.1 MB of DRAM traffic
// (48 MB read, 16.8 MB written), 16 M records 671 MB (537 MB + 134 MB).
// Fields 128 bytes apart share no sector: their excess stays DRAM traffic.
// REQUIRES: cuda
// RUN: kperf predict %s --kernel gray --grid 65536 --block 256 --arg n=16777216 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=GRAY
// RUN: kperf predict %s --kernel fields --grid 65536 --block 256 --arg n=16777216 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=AOS
// RUN: kperf predict %s --kernel apart --grid 65536 --block 256 --arg n=16777216 \
// RUN:   --gpu rtx3090 --db %kperf_db --ptxas off | FileCheck %s --check-prefix=APART
// GRAY: predicted {{[6-9][0-9]\.[0-9]}} us
// GRAY: bound by dram
// GRAY: sectors are used again {{.*}}: L1 serves 100% of the excess
// GRAY: DRAM traffic from the arrays' footprint (67.1 MB of 67.1 MB moved)
// AOS: predicted {{[67][0-9][0-9]}} us
// AOS: sectors are used again {{.*}}: L1 serves 100% of the excess
// AOS: DRAM traffic from the arrays' footprint (671 MB of 671 MB moved)
// APART-NOT: sectors are used again
// APART: DRAM traffic from the arrays' footprint
#include <cuda_runtime.h>

__global__ void gray(const unsigned char *rgb, unsigned char *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float r = rgb[3 * i], gg = rgb[3 * i + 1], b = rgb[3 * i + 2];
    g[i] = (unsigned char)(0.21f * r + 0.72f * gg + 0.07f * b);
  }
}

struct rec {
  double x, y, z, w;
};

__global__ void fields(const rec *r, double *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = r[i].x + r[i].y + r[i].z + r[i].w;
}

__global__ void apart(const float *a, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = a[64 * i] + a[64 * i + 32];
}
