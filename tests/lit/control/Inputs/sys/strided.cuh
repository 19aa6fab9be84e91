// A library kernel with a strided store, included as a system header.
__global__ void library_strided(float *a) { a[threadIdx.x * 32] = 1.0f; }
