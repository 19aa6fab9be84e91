// Integer kernels: bit manipulation, shifts, multiplies, division.
#include <cuda_runtime.h>

// A hash mixing function (xorshift/multiply rounds).
__global__ void int_hash(const unsigned *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned h = in[i] ^ 0x9e3779b9u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    h = (h << 5) | (h >> 27);
    out[i] = h + (unsigned)i * 31u;
  }
}

// Division and modulo by a value known only at run time.
__global__ void int_divmod(const int *in, int *q, int *r, int d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    q[i] = v / d;
    r[i] = v % d;
  }
}

// Unsigned division by a constant (strength-reduced by the compiler).
__global__ void int_divconst(const unsigned *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] / 7u + in[i] % 10u;
}

// Bit counting intrinsics and 64-bit integer arithmetic.
__global__ void int_bits(const unsigned long long *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned long long v = in[i];
    unsigned long long w = (v * 6364136223846793005ull) + 1442695040888963407ull;
    out[i] = __popcll(v) + __clzll(w) + __ffsll((long long)(v ^ w)) + (int)(w >> 33);
  }
}

// 2D index arithmetic with a row pitch: (x, y) -> y * pitch + x.
__global__ void int_index2d(const int *in, int *out, int width, int height, int pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) out[y * pitch + x] = in[y * pitch + x] * 3 + (x & 7) - (y >> 2);
}

void run(int *a, int *b, int *c, unsigned *u, unsigned *v, unsigned long long *w) {
  int_hash<<<4096, 256>>>(u, v, 1 << 20);
  int_divmod<<<4096, 256>>>(a, b, c, 13, 1 << 20);
  int_divconst<<<4096, 256>>>(u, v, 1 << 20);
  int_bits<<<4096, 256>>>(w, a, 1 << 20);
  int_index2d<<<dim3(32, 64), dim3(32, 8)>>>(a, b, 1000, 500, 1024);
}
