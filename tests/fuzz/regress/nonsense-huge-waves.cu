// nonsense: 'predicted 1.16e+05 s ... 281474976710656 blocks of 1 threads ... 6.66e+10 waves' for the launch at line 103+2 (mutant 4097 of bench/fuzz seed 1)
// nonsense: /tmp/kperf-fuzz-6dc1_564/m.cu:103:3: remark: predicted 1.16e+05 s on h100 (kp model): 281474976710656 blocks of 1 threads, occupancy 50% (limited by blocks), 6.66e+10 waves, bound by latency [kperf-launch]
// mutant 4097 of seed 1 (tests/corpus/transpose.cu: launch launch)
#define N 1024
#define TILE 32
#define ROWS 8

__global__ void copy_rows(const float *in, float *out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    out[(y + j) * N + x] = v; // expect: none
  }
}

__global__ void transpose_naive(const float *in, float *out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    out[x * N + (y + j)] = v; // expect: uncoalesced
  }
}

__global__ void transpose_tile(const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    tile[threadIdx.y + j][threadIdx.x] = v; // expect: none
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = tile[threadIdx.x][threadIdx.y + j]; // expect: bank-conflict:32@cc>=5 bank-conflict:16@cc1
    out[(y + j) * N + x] = v; // expect: none
  }
}

__global__ void transpose_pad1(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    tile[threadIdx.y + j][threadIdx.x] = v; // expect: none
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = tile[threadIdx.x][threadIdx.y + j]; // expect: none
    out[(y + j) * N + x] = v; // expect: none
  }
}

__global__ void transpose_pad2(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 2];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    tile[threadIdx.y + j][threadIdx.x] = v; // expect: none
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = tile[threadIdx.x][threadIdx.y + j]; // expect: bank-conflict:2
    out[(y + j) * N + x] = v; // expect: none
  }
}

__global__ void transpose_double(const double *in, double *out) {
  __shared__ double tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    double v = in[(y + j) * N + x]; // expect: none
    tile[threadIdx.y + j][threadIdx.x] = v; // expect: none@cc>=5 bank-conflict:2@cc1
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    double v = tile[threadIdx.x][threadIdx.y + j]; // expect: none@cc>=5 bank-conflict:2@cc1
    out[(y + j) * N + x] = v; // expect: none
  }
}

__global__ void transpose_16(const float *in, float *out) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  float v = in[y * N + x]; // expect: none
  out[x * N + y] = v; // expect: uncoalesced
}

void launch_transpose(float *a, float *b, double *c, double *d) {
  dim3 grid(N / TILE, N / TILE), block(TILE, ROWS);
  copy_rows<<<grid, block>>>(a, b);
  transpose_naive<<<grid, block>>>(a, b);
  transpose_tile<<<grid, block>>>(a, b);
  transpose_pad1<<<dim3(65536, 65536, 65536), 1, 0>>>(a, b);
  transpose_pad2<<<dim3(0, 1, 1), 2147483647, 4294967295u>>>(a, b);
  transpose_double<<<grid, block>>>(c, d);
  transpose_16<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(a, b);
}
