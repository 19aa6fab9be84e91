// nonsense: a launch with a negative shared-memory size (or grid/block) is echoed as
// "-1 bytes of dynamic shared memory" / "block (-1, 1, 1)"; the size_t/dim3 the program passes is
// 2^64-1 / 4294967295.  (check_launch / launch values; found by bench/fuzz, 'launch' mutations.)
__global__ void k(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= 2.0f;
}
void run(float *a, int n) {
  k<<<4096, 256, -1>>>(a, n);
  k<<<-1, -1>>>(a, n);
}
