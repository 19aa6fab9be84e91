// kperf corpus: matrix multiplication and matrix-vector products.
#define N 1024
#define TS 16

// Naive C = A * B, block (16, 16).  A[row * N + k]: a half-warp (one row)
// reads one word: one sector/segment per row, fine except under the strict
// CC 1.0/1.1 rule (lane k must read word k), which issues 16 transactions.
__global__ void matmul_naive(const float *A, const float *Bm, float *C) {
  int row = blockIdx.y * TS + threadIdx.y;
  int col = blockIdx.x * TS + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < N; ++k) {
    float a = A[row * N + k]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
    float b = Bm[k * N + col]; // expect: none
    acc += a * b;
  }
  C[row * N + col] = acc; // expect: none
}

// Tiled 16x16: row reads of As broadcast, column reads of Bs are consecutive.
__global__ void matmul_tiled(const float *A, const float *Bm, float *C) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
  float acc = 0.0f;
  for (int t = 0; t < N / TS; ++t) {
    float a = A[row * N + t * TS + tx]; // expect: none
    float b = Bm[(t * TS + ty) * N + col]; // expect: none
    As[ty][tx] = a; // expect: none
    Bs[ty][tx] = b; // expect: none
    __syncthreads();
    for (int k = 0; k < TS; ++k) {
      float x = As[ty][k]; // expect: none
      float y = Bs[k][tx]; // expect: none
      acc += x * y;
    }
    __syncthreads();
  }
  C[row * N + col] = acc; // expect: none
}

// Tiled 32x32 with A's tile read by column: As[tx][k] strides 32 words.
__global__ void matmul_tiled_bad(const float *A, const float *Bm, float *C) {
  __shared__ float As[32][32];
  __shared__ float Bs[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 32 + ty, col = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  for (int t = 0; t < N / 32; ++t) {
    float a = A[row * N + t * 32 + tx]; // expect: none
    As[ty][tx] = a; // expect: none
    float b = Bm[(t * 32 + ty) * N + col]; // expect: none
    Bs[ty][tx] = b; // expect: none
    __syncthreads();
    for (int k = 0; k < 32; ++k) {
      float x = As[tx][k]; // expect: bank-conflict:32@cc>=5 bank-conflict:16@cc1
      float y = Bs[k][ty]; // expect: none
      acc += x * y;
    }
    __syncthreads();
  }
  C[col * N + row] = acc; // expect: uncoalesced
}

// Matrix-vector, one thread per row: the row walk strides N floats; x[j]
// is the same word for every lane (CC 1.0/1.1: 16 transactions per half-warp).
__global__ void matvec_rows(const float *A, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < N; ++j) {
    float a = A[r * N + j]; // expect: uncoalesced
    float v = x[j]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
    acc += a * v;
  }
  y[r] = acc; // expect: none
}

// Matrix-vector on the transposed matrix: lanes read consecutive columns.
__global__ void matvec_cols(const float *At, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < N; ++j)
    acc += At[j * N + r] * x[j]; // expect: none@cc>=5 none@cc1.3 uncoalesced@cc1.1
  y[r] = acc; // expect: none
}

void launch_matmul(float *a, float *b, float *c) {
  matmul_naive<<<dim3(N / TS, N / TS), dim3(TS, TS)>>>(a, b, c);
  matmul_tiled<<<dim3(N / TS, N / TS), dim3(TS, TS)>>>(a, b, c);
  matmul_tiled_bad<<<dim3(N / 32, N / 32), dim3(32, 32)>>>(a, b, c);
  matvec_rows<<<N / 128, 128>>>(a, b, c);
  matvec_cols<<<N / 128, 128>>>(a, b, c);
}
