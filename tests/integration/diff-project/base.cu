// The base of a pull request (run_diff.sh): three kernels and their launches.
#define N (1 << 20)

// A tiled transpose without padding: a bank conflict both commits keep.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// Coalesced here; strided in the head.
__global__ void scale(float *a, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    a[i] = a[i] * s;
}

// Strided here (a finding the head fixes).
__global__ void fill(float *a) { a[threadIdx.x * 32] = 1.0f; }

void run(const float *in, float *out, float *a) {
  transpose<<<1, dim3(32, 32)>>>(in, out);
  scale<<<N / 256, 256>>>(a, 2.0f);
  fill<<<1, 256>>>(a);
}
