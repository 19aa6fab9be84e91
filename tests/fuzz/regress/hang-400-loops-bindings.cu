// from bench/fuzz seed 1, hang-1-4447.cu (run.py --only 4447 --seed 1 --print rebuilds it)
// hang: 7.9 s with kperf, 0.07 s without: 400 grid-stride loops in one kernel; each access's
// lanes were evaluated with the iteration and counter of every loop of the kernel bound
// mutant 4447 of seed 1: tests/lit/model/counts.cu, dup_lines unroll


__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void reduce(const float *in, float *out) {
{ unsigned acc = 0; acc = acc * 3 + 0; acc = acc * 3 + 1; acc = acc * 3 + 2; acc = acc * 3 + 3; acc = acc * 3 + 4; acc = acc * 3 + 5; acc = acc * 3 + 6; acc = acc * 3 + 7; acc = acc * 3 + 8; acc = acc * 3 + 9; acc = acc * 3 + 10; acc = acc * 3 + 11; acc = acc * 3 + 12; acc = acc * 3 + 13; acc = acc * 3 + 14; acc = acc * 3 + 15; acc = acc * 3 + 16; acc = acc * 3 + 17; acc = acc * 3 + 18; acc = acc * 3 + 19; acc = acc * 3 + 20; acc = acc * 3 + 21; acc = acc * 3 + 22; acc = acc * 3 + 23; acc = acc * 3 + 24; acc = acc * 3 + 25; acc = acc * 3 + 26; acc = acc * 3 + 27; acc = acc * 3 + 28; acc = acc * 3 + 29; acc = acc * 3 + 30; acc = acc * 3 + 31; acc = acc * 3 + 32; acc = acc * 3 + 33; acc = acc * 3 + 34; acc = acc * 3 + 35; acc = acc * 3 + 36; acc = acc * 3 + 37; acc = acc * 3 + 38; acc = acc * 3 + 39; acc = acc * 3 + 40; acc = acc * 3 + 41; acc = acc * 3 + 42; acc = acc * 3 + 43; acc = acc * 3 + 44; acc = acc * 3 + 45; acc = acc * 3 + 46; acc = acc * 3 + 47; acc = acc * 3 + 48; acc = acc * 3 + 49; acc = acc * 3 + 50; acc = acc * 3 + 51; acc = acc * 3 + 52; acc = acc * 3 + 53; acc = acc * 3 + 54; acc = acc * 3 + 55; acc = acc * 3 + 56; acc = acc * 3 + 57; acc = acc * 3 + 58; acc = acc * 3 + 59; acc = acc * 3 + 60; acc = acc * 3 + 61; acc = acc * 3 + 62; acc = acc * 3 + 63; acc = acc * 3 + 64; acc = acc * 3 + 65; acc = acc * 3 + 66; acc = acc * 3 + 67; acc = acc * 3 + 68; acc = acc * 3 + 69; acc = acc * 3 + 70; acc = acc * 3 + 71; acc = acc * 3 + 72; acc = acc * 3 + 73; acc = acc * 3 + 74; acc = acc * 3 + 75; acc = acc * 3 + 76; acc = acc * 3 + 77; acc = acc * 3 + 78; acc = acc * 3 + 79; acc = acc * 3 + 80; acc = acc * 3 + 81; acc = acc * 3 + 82; acc = acc * 3 + 83; acc = acc * 3 + 84; acc = acc * 3 + 85; acc = acc * 3 + 86; acc = acc * 3 + 87; acc = acc * 3 + 88; acc = acc * 3 + 89; acc = acc * 3 + 90; acc = acc * 3 + 91; acc = acc * 3 + 92; acc = acc * 3 + 93; acc = acc * 3 + 94; acc = acc * 3 + 95; acc = acc * 3 + 96; acc = acc * 3 + 97; acc = acc * 3 + 98; acc = acc * 3 + 99; if (acc == 7) __syncthreads(); }

  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

__device__ float twice(float v) { return 2.0f * v; }
__device__ int fact(int v) { return v <= 1 ? 1 : v * fact(v - 1); }
__global__ void loops(float *x, int n, int *flag) {
  int stride = blockDim.x * gridDim.x;
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    acc += twice(x[i]);
  for (int s = 64; s < n; s *= 2)
    acc += 1.0f;
  while (*flag)
    acc += 1.0f;
#pragma kperf trip(12)
  while (*flag)
    acc -= 1.0f;
  x[0] = acc + fact(n);
}

void run(float *a, float *b, float *c, int *f) {
  vadd<<<4096, 256>>>(a, b, c, 1 << 20);
  reduce<<<1024, 256>>>(a, b);
  loops<<<256, 256>>>(a, 1 << 20, f);
}
