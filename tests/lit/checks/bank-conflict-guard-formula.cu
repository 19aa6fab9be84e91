// kperf-bank-conflict: a loop bound that is not affine in the parameters
// (n = 1 << lg) still says which threads run the body: the accesses under it
// are judged.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark

__global__ void pairs(float *d, int lg) {
  extern __shared__ float s[];
  const int n = 1 << lg;
  for (int q = threadIdx.x; q < n / 2; q += blockDim.x) {
    int j = q << 1;
    float a = s[j];  // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 16 hit bank 0 at 2 different addresses (stride 2 elements (8 B) between adjacent threads)}}
    s[j + 1] = a;    // expected-warning {{2-way shared-memory bank conflict on 's': lanes 0 and 16 hit bank 1}}
  }
  __syncthreads();
  // Consecutive words under the same kind of bound: conflict-free.
  for (int q = threadIdx.x; q < (n >> 1); q += blockDim.x)
    d[q] = s[q];
}

int main() { pairs<<<8, 512, 2048 * 4>>>(nullptr, 11); }
