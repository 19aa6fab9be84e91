// Hung clang for 66 s (fuzz seed 32, mutant 1090 of tests/lit/launch/assigned-components.cu, launch lines duplicated): each of ~100 launches asked clang's mutation matchers again whether every statement before it changes the same dim3; the answer is now kept per statement and variable.
// hang: 70.7 s with kperf, 0.05 s without
// mutant 1090 of seed 32 (tests/lit/launch/assigned-components.cu: dup_lines launch)

__global__ void scale(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    a[i] *= 2.0f;
}

__global__ void sum(const float *a, float *out, int n) {
  extern __shared__ float s[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

struct Engine {
  unsigned threads, sims;
  void go(float *a);
};

void Engine::go(float *a) {
  dim3 block, grid;
  block.x = threads;
  grid.x = (sims + threads - 1) / threads;
  while (grid.x > 1024)
    grid.x >>= 1; // grid.x is unsure after this loop, block.x is `threads`
  scale<<<grid, block>>>(a, sims);
}

void components(float *a, int n) {
  dim3 grid(8, 1, 1), block(128, 1, 1);
  for (int it = 0; it < 3; it++) {
    grid.x = 64; // assigned before the launch on every turn: known
    scale<<<grid, block>>>(a, n);
    grid.x = 7;
  }
  for (int it = 0; it < 3; it++) {
    scale<<<grid, block>>>(a, n);
    grid.x = 7;
  }
}

void reduce(const float *a, float *out, int size, int threads, int blocks) {
  int smem = threads <= 32 ? 2 * threads * (int)sizeof(float) : threads * (int)sizeof(float);
  sum<<<blocks, threads, smem>>>(a, out, size);
}

void branches(float *a, int n, int w) {
  dim3 block, grid;
  if (w == 1) {
    block.x = 64;
    block.y = 1;
    grid.x = 4;
  } else {
    block.x = 64;
    block.y = 1;
    grid.x = (n + 63) / 64;
  }
  scale<<<grid, block>>>(a, n);
  if (w == 2)
    block.y = 2;
  else
    block.y = 4;
  scale<<<grid, block>>>(a, n);
}

void fixedy(float *a, int n) {
  dim3 grid(1, 1);
  for (int it = 0; it < 2; it++) {
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<dim3(-1, -1, -1), -1, 49152>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    scale<<<grid, 128>>>(a, n);
    grid.x = n / 128;
    grid.y = it + 1;
  }
}
