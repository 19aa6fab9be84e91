// from bench/fuzz seed 1, hang-1-22416.cu (run.py --only N --seed 1 --print rebuilds the full mutant)
// hang: 5.6 s with kperf, 0.18 s without
// mutant 22416 of seed 1 (bench/icount/kernels/fp64.cu: dup_lines)

__global__ void daxpy(int n, double a, const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void dpoly(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    double p = ((((((0.5 * v + 1.25) * v - 0.75) * v + 2.0) * v - 1.5) * v + 0.125) * v) + 3.0;
    y[i] = p;
  }
}

__global__ void dops(const double *a, const double *b, double *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = a[i], y = b[i];
    double q = x / y;
    double r = sqrt(x * x + y * y);
    c[i] = fma(q, r, fmax(x, y)) - fabs(x - y);
  }
}

__global__ void ddot_rows(const double *a, const double *b, double *out, int m, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    double acc = 0.0;
    for (int k = 0; k < m; ++k) acc += a[(size_t)r * m + k] * b[k];
    out[r] = acc;
  }
}

__global__ void mixed_prec(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = (double)x[i];
    double s = v * v * 0.5 + v * 1.5 + 2.0;
    y[i] = (float)s;
  }
}

void run(double *a, double *b, double *c, float *f, float *g) {
  daxpy<<<4096, 256>>>(1 << 20, 2.0, a, b);
  dpoly<<<4096, 256>>>(a, b, 1 << 20);
  dops<<<4096, 256>>>(a, b, c, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
  ddot_rows<<<16, 256>>>(a, b, c, 512, 4096);
  mixed_prec<<<4096, 256>>>(f, g, 1 << 20);
}
