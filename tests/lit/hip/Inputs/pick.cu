// A private array indexed by a loaded value: it lives in scratch memory.
__global__ void pick(float *out, const float *in, const int *idx) {
  float buf[64];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 64; i++)
    buf[i] = in[t + i * 4096];
  out[t] = buf[idx[t] & 63];
}
