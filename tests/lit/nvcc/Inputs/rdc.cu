// Separate compilation: a device function of another file, and a launch
// from device code (clang wants -fgpu-rdc for it, nvcc -rdc=true or -dc).
extern __device__ float scale_of(int i);

__global__ void child(float *out, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i * stride] = scale_of(i);
}

__global__ void parent(float *out, int n) {
  if (threadIdx.x == 0)
    child<<<n / 256, 256>>>(out, n, 32);
}
