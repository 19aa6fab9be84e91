// A tiled transpose without padding: a 32-way bank conflict.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch_a(const float *in, float *out) { transpose<<<1, dim3(32, 32)>>>(in, out); }
