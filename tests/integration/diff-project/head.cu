// The head of a pull request (run_diff.sh): scale made strided, fill fixed, zero added.
#define N (1 << 20)

// A tiled transpose without padding: a bank conflict both commits keep.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// The head: each thread now reads and writes every 32nd float, a stride
// that makes every warp's accesses uncoalesced (and the launch slower).
__global__ void scale(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    a[i * 32] = a[i * 32] * s;
}

// Coalesced now.
__global__ void fill(float *a) { a[threadIdx.x] = 1.0f; }

// A kernel the head adds.
__global__ void zero(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f; }

void run(const float *in, float *out, float *a) {
  transpose<<<1, dim3(32, 32)>>>(in, out);
  scale<<<N / 256, 256>>>(a, 2.0f);
  fill<<<1, 256>>>(a);
  zero<<<N / 256, 256>>>(a);
}
