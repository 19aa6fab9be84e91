// kperf corpus: matrix transposes (naive, tiled, padded, doubles, narrow blocks).
// Labels: see README.md.  N is a compile-time constant so every address is known.
#define N 1024
#define TILE 32
#define ROWS 8

// Plain copy, block (32, 8): every warp reads and writes one 128-byte row.
__global__ void copy_rows(const float *in, float *out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    out[(y + j) * N + x] = v; // expect: none
  }
}

// Naive transpose: the store walks a column (stride N floats).
__global__ void transpose_naive(const float *in, float *out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    float v = in[(y + j) * N + x]; // expect: none
    out[x * N + (y + j)] = v; // expect: uncoalesced
  }
}

// Tiled through shared memory without padding: column reads of the tile.
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

// Padded by one: column reads hit 32 (CC 1.x: 16) different banks.
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

// Padded by two: row pitch 34 words, lane i hits bank 2i mod 32 (mod 16).
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

// Doubles, padded by one double: conflict-free in 16-lane phases on CC >= 2;
// CC 1.x splits each double into two 32-bit requests over 16 banks: 2-way.
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

// Naive transpose with 16x16 blocks: a warp is two half rows.
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
  transpose_pad1<<<grid, block>>>(a, b);
  transpose_pad2<<<grid, block>>>(a, b);
  transpose_double<<<grid, block>>>(c, d);
  transpose_16<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(a, b);
}
