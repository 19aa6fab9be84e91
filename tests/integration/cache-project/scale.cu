// A launch whose predicted time depends on the GPU's SM count and clock.
__global__ void scale(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }

void run(float *a) { scale<<<4096, 256>>>(a); }
