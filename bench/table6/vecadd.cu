// Seed 001 (Qu et al. 2020), Table 6: VecAdd on vectors of N = 1920 elements,
// 50 add/sub/mul operations per element, on a GTX 940MX.
#include <cuda_runtime.h>

#ifndef N_ELEMS
#define N_ELEMS 1920
#endif
#ifndef ROUNDS
#define ROUNDS 25 /* two operations per round: 50 per element */
#endif

__global__ void VecAdd(const float *A, const float *B, float *C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float a = A[i], b = B[i], c = 0.0f;
    for (int k = 0; k < ROUNDS; k++) {
      c = c + a; /* add */
      c = c * b; /* mul (not fused: the add comes first) */
    }
    C[i] = c;
  }
}

void launch(const float *A, const float *B, float *C, int g, int b) {
  VecAdd<<<g, b>>>(A, B, C, N_ELEMS);
}
