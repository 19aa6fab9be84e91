// The tiled transpose without padding: kperf warns about a 32-way bank conflict.
__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

void launch(const float *in, float *out, int n) {
  transpose_tiled<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(in, out, n);
}
