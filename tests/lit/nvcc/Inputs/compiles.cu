// A kernel with a finding and host code that compiles with clang.
__global__ void scale(float *out, const float *in, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    // the store below is uncoalesced
    out[i * stride] = in[i];
}
void run(float *out, const float *in, int n) { scale<<<(n + 255) / 256, 256>>>(out, in, n, 32); }
