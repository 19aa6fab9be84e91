#ifndef FROM_AT_FILE
#error "the macro of the @file response file is missing"
#endif
// A column read of a square shared tile: a 32-way bank conflict.
__global__ void columns(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch_columns(float *out) { columns<<<1, dim3(32, 32)>>>(out); }
