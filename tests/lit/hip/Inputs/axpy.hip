#include <hip/hip_runtime.h>
__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n)
    y[i * 2] = a * x[i] + y[i * 2];
}
int main() {
  float *x, *y;
  hipLaunchKernelGGL(axpy, dim3(4096), dim3(256), 0, 0, 2.0f, x, y, 1 << 20);
}
