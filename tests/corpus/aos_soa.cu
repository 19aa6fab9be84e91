// kperf corpus: arrays of structures versus structures of arrays (blocks of 256).
struct P4 { float x, y, z, w; };
struct P3 { float x, y, z; };
struct P2 { float x, y; };

// One field of a 16-byte structure: 16 sectors instead of 4; a half-warp
// spans 256 bytes = 2 segments on CC 1.3 instead of 1.
__global__ void aos4(const P4 *p, P4 *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[i].x; // expect: uncoalesced
  q[i].w = v; // expect: uncoalesced
  out[i] = v; // expect: none
}

// A 12-byte structure: 12 sectors; CC 1.3 needs 2 segments per half-warp.
__global__ void aos3(const P3 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[i].y; // expect: uncoalesced
  out[i] = v; // expect: none
}

// An 8-byte structure: 8 sectors instead of 4 (twice: uncoalesced) on
// CC >= 5; on CC 1.3 a half-warp still fits one 128-byte segment.
__global__ void aos2(const P2 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = p[i].x; // expect: uncoalesced@cc>=5 none@cc1.3 uncoalesced@cc1.1
  out[i] = v; // expect: none
}

// Structure of arrays: three coalesced streams.
__global__ void soa(const float *xs, const float *ys, const float *zs, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = xs[i] + ys[i] + zs[i]; // expect: none
  out[i] = v; // expect: none
}

// Vector types read whole: coalesced for their width.
__global__ void vec_types(const float4 *a, const float2 *b, float4 *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = a[i]; // expect: none
  float2 w = b[i]; // expect: none
  v.x += w.x;
  c[i] = v; // expect: none
}

// Every other double: 16 sectors instead of 8; 2 segments per half-warp
// instead of 1 on CC 1.3.
__global__ void double_stride2(const double *d, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = d[2 * i]; // expect: uncoalesced
  out[i] = v; // expect: none
}

void launch_aos(P4 *p4, P3 *p3, P2 *p2, float *a, float *b, float *c, float4 *f4,
                float2 *f2, double *d, int n) {
  aos4<<<n / 256, 256>>>(p4, p4, a);
  aos3<<<n / 256, 256>>>(p3, a);
  aos2<<<n / 256, 256>>>(p2, a);
  soa<<<n / 256, 256>>>(a, b, c, a);
  vec_types<<<n / 256, 256>>>(f4, f2, f4);
  double_stride2<<<n / 256, 256>>>(d, d);
}
