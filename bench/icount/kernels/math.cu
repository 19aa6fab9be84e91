// Polynomials and transcendental functions.
#include <cuda_runtime.h>

// Degree-8 polynomial, Horner's rule, coefficients known at compile time.
__global__ void horner8(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    float p = 0.5f;
    p = p * v + 1.25f;
    p = p * v - 0.75f;
    p = p * v + 2.0f;
    p = p * v - 1.5f;
    p = p * v + 0.125f;
    p = p * v + 3.0f;
    p = p * v - 0.25f;
    p = p * v + 1.0f;
    y[i] = p;
  }
}

// Horner's rule with coefficients in memory and a degree given at run time.
__global__ void horner_param(const float *x, const float *coef, float *y, int degree, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    float p = coef[degree];
    for (int k = degree - 1; k >= 0; --k) p = p * v + coef[k];
    y[i] = p;
  }
}

// Precise sine and cosine (range reduction has a slow path for large |x|).
__global__ void sincos_precise(const float *x, float *s, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[i] = sinf(x[i]);
    c[i] = cosf(x[i]);
  }
}

__global__ void explog_precise(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = expf(x[i]) + logf(x[i]);
}

// Hardware (SFU) approximations.
__global__ void fast_math(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = __sinf(v) + __cosf(v) * __expf(v) + __logf(v + 2.0f);
  }
}

__global__ void roots(const float *x, float *y, float *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = sqrtf(v);
    z[i] = rsqrtf(v);
  }
}

__global__ void power(const float *x, const float *e, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = powf(x[i], e[i]);
}

// Float division and reciprocal.
__global__ void fdiv(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] / b[i] + 1.0f / (a[i] + 1.0f);
}

void run(float *a, float *b, float *c, float *d) {
  horner8<<<4096, 256>>>(a, b, 1 << 20);
  horner_param<<<4096, 256>>>(a, b, c, 16, 1 << 20);
  sincos_precise<<<4096, 256>>>(a, b, c, 1 << 20);
  explog_precise<<<4096, 256>>>(a, b, 1 << 20);
  fast_math<<<4096, 256>>>(a, b, 1 << 20);
  roots<<<4096, 256>>>(a, b, c, 1 << 20);
  power<<<4096, 256>>>(a, b, c, 1 << 20);
  fdiv<<<4096, 256>>>(a, b, c, 1 << 20);
}
