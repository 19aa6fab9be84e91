// Host code clang cannot compile (an application header that is not there,
// a function it would declare); the kernel itself is fine.
#include "app_config_missing.h"

__global__ void scale(float *out, const float *in, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i * stride] = in[i];
}

int main() {
  int n = 1 << 20;
  app_init(n);
  scale<<<n / 256, 256>>>(nullptr, nullptr, n, 32);
  return 0;
}
