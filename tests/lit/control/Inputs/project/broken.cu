__global__ void k(float *a) { a[threadIdx.x] = oops; }
