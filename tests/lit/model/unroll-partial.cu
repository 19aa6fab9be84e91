// The factor nvcc -O3 unrolls a loop that stays a loop by, without a pragma
// (nvcc::PartialUnrollBudget in plugin/body/Builder.h): the largest power of
// two whose copies of one iteration fit in 180 units (about one per
// operator, memory access and conversion, and the counter's update), at most
// 32 and a divisor of the trip count when that is an even constant, at most
// 4 when it is odd or known only at run time.  Each kernel below was compiled
// with nvcc -O3 (CUDA 13, sm_86) to PTX: the factor is the loads in the
// loop's body over the loads of one iteration, and the CHECK line says it.
// kNAME_L_F: a trip count NAME, L loads and F multiply-adds per iteration
// (4 L + 2 F + 1 units).
// RUN: kperf analyze %s --json 2>&1 | FileCheck %s
// CHECK: "name": "k1536_1_0"
// CHECK: "unrolled_by": 32,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1536_1_2"
// CHECK: "unrolled_by": 16,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1536_1_4"
// CHECK: "unrolled_by": 8,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1536_2_8"
// CHECK: "unrolled_by": 4,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1536_4_16"
// CHECK: "unrolled_by": 2,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1536_8_32"
// CHECK: "unrolled_by": 1,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k4096_8_4"
// CHECK: "unrolled_by": 4,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1000_1_0"
// CHECK: "unrolled_by": 8,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k1002_1_0"
// CHECK: "unrolled_by": 2,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "k999_1_2"
// CHECK: "unrolled_by": 4,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "kn_1_16"
// CHECK: "unrolled_by": 4,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "kn_1_32"
// CHECK: "unrolled_by": 2,
// CHECK-NEXT: "unrolled_whole": false
// CHECK: "name": "kn_4_64"
// CHECK: "unrolled_by": 1,
// CHECK-NEXT: "unrolled_whole": false

// `#pragma unroll 2` and a bare `#pragma unroll` on a loop whose trip count is
// not a constant: the pragma's 2; nvcc's runtime factor 4 (PTX: 2 and 4 loads
// per pass).
// CHECK: "name": "pragma2"
// CHECK: "unrolled_by": 2,
// CHECK: "name": "pragma_bare"
// CHECK: "unrolled_by": 4,
// A trip count known only at run time is unrolled only when nvcc can count
// the iterations: not when the counter moves by a shift, nor by an addition
// done in an unsigned type other than ++ / -- (nvcc's PTX: 4 loads per pass
// for the first six, 1 for the others).
// CHECK: "name": "step2"
// CHECK: "unrolled_by": 4,
// CHECK: "name": "param_step"
// CHECK: "unrolled_by": 4,
// CHECK: "name": "down"
// CHECK: "unrolled_by": 4,
// CHECK: "name": "unsigned_inc"
// CHECK: "unrolled_by": 4,
// CHECK: "name": "int_blockdim"
// CHECK: "unrolled_by": 4,
// CHECK: "name": "stride_var"
// CHECK: "unrolled_by": 4,
// CHECK: "name": "blockdim_step"
// CHECK: "unrolled_by": 1,
// CHECK: "name": "grid_stride"
// CHECK: "unrolled_by": 1,
// CHECK: "name": "unsigned_step4"
// CHECK: "unrolled_by": 1,
// CHECK: "name": "doubling"
// CHECK: "unrolled_by": 1,
// CHECK: "name": "halving"
// CHECK: "unrolled_by": 1,

__global__ void k1536_1_0(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1536; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1536_1_2(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1536; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1536_1_4(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1536; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1536_2_8(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1536; i++) {
    float v0 = a[i*2+0];
    float v1 = a[i*2+1];
    float t = v0 + v1;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    t = t * c0 + 5.0f;
    t = t * c1 + 6.0f;
    t = t * c2 + 7.0f;
    t = t * c3 + 8.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1536_4_16(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1536; i++) {
    float v0 = a[i*4+0];
    float v1 = a[i*4+1];
    float v2 = a[i*4+2];
    float v3 = a[i*4+3];
    float t = v0 + v1 + v2 + v3;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    t = t * c0 + 5.0f;
    t = t * c1 + 6.0f;
    t = t * c2 + 7.0f;
    t = t * c3 + 8.0f;
    t = t * c0 + 9.0f;
    t = t * c1 + 10.0f;
    t = t * c2 + 11.0f;
    t = t * c3 + 12.0f;
    t = t * c0 + 13.0f;
    t = t * c1 + 14.0f;
    t = t * c2 + 15.0f;
    t = t * c3 + 16.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1536_8_32(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1536; i++) {
    float v0 = a[i*8+0];
    float v1 = a[i*8+1];
    float v2 = a[i*8+2];
    float v3 = a[i*8+3];
    float v4 = a[i*8+4];
    float v5 = a[i*8+5];
    float v6 = a[i*8+6];
    float v7 = a[i*8+7];
    float t = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    t = t * c0 + 5.0f;
    t = t * c1 + 6.0f;
    t = t * c2 + 7.0f;
    t = t * c3 + 8.0f;
    t = t * c0 + 9.0f;
    t = t * c1 + 10.0f;
    t = t * c2 + 11.0f;
    t = t * c3 + 12.0f;
    t = t * c0 + 13.0f;
    t = t * c1 + 14.0f;
    t = t * c2 + 15.0f;
    t = t * c3 + 16.0f;
    t = t * c0 + 17.0f;
    t = t * c1 + 18.0f;
    t = t * c2 + 19.0f;
    t = t * c3 + 20.0f;
    t = t * c0 + 21.0f;
    t = t * c1 + 22.0f;
    t = t * c2 + 23.0f;
    t = t * c3 + 24.0f;
    t = t * c0 + 25.0f;
    t = t * c1 + 26.0f;
    t = t * c2 + 27.0f;
    t = t * c3 + 28.0f;
    t = t * c0 + 29.0f;
    t = t * c1 + 30.0f;
    t = t * c2 + 31.0f;
    t = t * c3 + 32.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k4096_8_4(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 4096; i++) {
    float v0 = a[i*8+0];
    float v1 = a[i*8+1];
    float v2 = a[i*8+2];
    float v3 = a[i*8+3];
    float v4 = a[i*8+4];
    float v5 = a[i*8+5];
    float v6 = a[i*8+6];
    float v7 = a[i*8+7];
    float t = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1000_1_0(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1000; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k1002_1_0(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 1002; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void k999_1_2(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < 999; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void kn_1_16(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < n; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    t = t * c0 + 5.0f;
    t = t * c1 + 6.0f;
    t = t * c2 + 7.0f;
    t = t * c3 + 8.0f;
    t = t * c0 + 9.0f;
    t = t * c1 + 10.0f;
    t = t * c2 + 11.0f;
    t = t * c3 + 12.0f;
    t = t * c0 + 13.0f;
    t = t * c1 + 14.0f;
    t = t * c2 + 15.0f;
    t = t * c3 + 16.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void kn_1_32(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < n; i++) {
    float v0 = a[i*1+0];
    float t = v0;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    t = t * c0 + 5.0f;
    t = t * c1 + 6.0f;
    t = t * c2 + 7.0f;
    t = t * c3 + 8.0f;
    t = t * c0 + 9.0f;
    t = t * c1 + 10.0f;
    t = t * c2 + 11.0f;
    t = t * c3 + 12.0f;
    t = t * c0 + 13.0f;
    t = t * c1 + 14.0f;
    t = t * c2 + 15.0f;
    t = t * c3 + 16.0f;
    t = t * c0 + 17.0f;
    t = t * c1 + 18.0f;
    t = t * c2 + 19.0f;
    t = t * c3 + 20.0f;
    t = t * c0 + 21.0f;
    t = t * c1 + 22.0f;
    t = t * c2 + 23.0f;
    t = t * c3 + 24.0f;
    t = t * c0 + 25.0f;
    t = t * c1 + 26.0f;
    t = t * c2 + 27.0f;
    t = t * c3 + 28.0f;
    t = t * c0 + 29.0f;
    t = t * c1 + 30.0f;
    t = t * c2 + 31.0f;
    t = t * c3 + 32.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void kn_4_64(const float* __restrict__ a, float* out, int n, float c0, float c1, float c2, float c3) {
  float s = 0;
  for (int i = 0; i < n; i++) {
    float v0 = a[i*4+0];
    float v1 = a[i*4+1];
    float v2 = a[i*4+2];
    float v3 = a[i*4+3];
    float t = v0 + v1 + v2 + v3;
    t = t * c0 + 1.0f;
    t = t * c1 + 2.0f;
    t = t * c2 + 3.0f;
    t = t * c3 + 4.0f;
    t = t * c0 + 5.0f;
    t = t * c1 + 6.0f;
    t = t * c2 + 7.0f;
    t = t * c3 + 8.0f;
    t = t * c0 + 9.0f;
    t = t * c1 + 10.0f;
    t = t * c2 + 11.0f;
    t = t * c3 + 12.0f;
    t = t * c0 + 13.0f;
    t = t * c1 + 14.0f;
    t = t * c2 + 15.0f;
    t = t * c3 + 16.0f;
    t = t * c0 + 17.0f;
    t = t * c1 + 18.0f;
    t = t * c2 + 19.0f;
    t = t * c3 + 20.0f;
    t = t * c0 + 21.0f;
    t = t * c1 + 22.0f;
    t = t * c2 + 23.0f;
    t = t * c3 + 24.0f;
    t = t * c0 + 25.0f;
    t = t * c1 + 26.0f;
    t = t * c2 + 27.0f;
    t = t * c3 + 28.0f;
    t = t * c0 + 29.0f;
    t = t * c1 + 30.0f;
    t = t * c2 + 31.0f;
    t = t * c3 + 32.0f;
    t = t * c0 + 33.0f;
    t = t * c1 + 34.0f;
    t = t * c2 + 35.0f;
    t = t * c3 + 36.0f;
    t = t * c0 + 37.0f;
    t = t * c1 + 38.0f;
    t = t * c2 + 39.0f;
    t = t * c3 + 40.0f;
    t = t * c0 + 41.0f;
    t = t * c1 + 42.0f;
    t = t * c2 + 43.0f;
    t = t * c3 + 44.0f;
    t = t * c0 + 45.0f;
    t = t * c1 + 46.0f;
    t = t * c2 + 47.0f;
    t = t * c3 + 48.0f;
    t = t * c0 + 49.0f;
    t = t * c1 + 50.0f;
    t = t * c2 + 51.0f;
    t = t * c3 + 52.0f;
    t = t * c0 + 53.0f;
    t = t * c1 + 54.0f;
    t = t * c2 + 55.0f;
    t = t * c3 + 56.0f;
    t = t * c0 + 57.0f;
    t = t * c1 + 58.0f;
    t = t * c2 + 59.0f;
    t = t * c3 + 60.0f;
    t = t * c0 + 61.0f;
    t = t * c1 + 62.0f;
    t = t * c2 + 63.0f;
    t = t * c3 + 64.0f;
    s += t;
  }
  out[threadIdx.x] = s;
}

__global__ void pragma2(const float *__restrict__ a, float *out, int n) {
  float s = 0;
#pragma unroll 2
  for (int i = 0; i < n; i++)
    s += a[i];
  out[threadIdx.x] = s;
}

__global__ void pragma_bare(const float *__restrict__ a, float *out, int n) {
  float s = 0;
#pragma unroll
  for (int i = 0; i < n; i++)
    s += a[i];
  out[threadIdx.x] = s;
}

__global__ void step2(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = 0; i < n; i += 2)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void param_step(float *out, const float *in, int n, int st) {
  float acc = 0;
  for (int i = 0; i < n; i += st)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void down(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = n; i > 0; i--)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void unsigned_inc(float *out, const float *in, unsigned n) {
  float acc = 0;
  for (unsigned i = 0; i < n; i++)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void int_blockdim(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = threadIdx.x; i < n; i += (int)blockDim.x)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void stride_var(float *out, const float *in, int n) {
  float acc = 0;
  int stride = blockDim.x;
  for (int i = threadIdx.x; i < n; i += stride)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void blockdim_step(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void grid_stride(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void unsigned_step4(float *out, const float *in, unsigned n) {
  float acc = 0;
  for (unsigned i = 0; i < n; i += 4)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void doubling(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = 1; i < n; i <<= 1)
    acc += in[i];
  out[threadIdx.x] = acc;
}

__global__ void halving(float *out, float *in) {
  __shared__ float sh[1024];
  sh[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  out[blockIdx.x] = sh[0];
}
