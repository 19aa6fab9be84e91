// A remote-style compile's input: findings in the kernel (an uncoalesced
// store, a bank conflict) and a launch to predict.
__global__ void strided(float *a, int n) {
  __shared__ float tile[32][32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x][0] = 1.0f;
  __syncthreads();
  if (i < n)
    a[i * 32] = tile[0][threadIdx.x];
}
void launch(float *a, int n) { strided<<<(n + 255) / 256, 256>>>(a, n); }
