// kperf corpus: shared memory with 1-, 2-, 8- and 16-byte elements,
// broadcasts and dynamic shared memory (one block of 128 threads).
// CC >= 5: 32 banks of 4 bytes; 8-byte accesses in two 16-lane phases,
// 16-byte accesses in four 8-lane phases.  CC 1.x: 16 banks per half-warp,
// wider accesses split into 32-bit requests, one broadcast word per step.

__global__ void doubles(double *out) {
  __shared__ double d[256];
  int t = threadIdx.x;
  d[t] = 1.0; // expect: none@cc>=5 bank-conflict:2@cc1
  d[t + 128] = 2.0; // expect: none@cc>=5 bank-conflict:2@cc1
  __syncthreads();
  double a = d[t]; // expect: none@cc>=5 bank-conflict:2@cc1
  double b = d[2 * t]; // expect: bank-conflict:2@cc>=5 bank-conflict:4@cc1
  double c = d[0]; // expect: none
  out[t] = a + b + c; // expect: none
}

__global__ void int2s(int2 *out) {
  __shared__ int2 v[128];
  int t = threadIdx.x;
  v[t] = make_int2(t, t); // expect: none@cc>=5 bank-conflict:2@cc1
  __syncthreads();
  int2 a = v[(t + 1) % 128]; // expect: none@cc>=5 bank-conflict:2@cc1
  out[t] = a; // expect: none
}

__global__ void float4s(float4 *out) {
  __shared__ float4 f[256];
  int t = threadIdx.x;
  f[t] = make_float4(1, 2, 3, 4); // expect: none@cc>=5 bank-conflict:4@cc1
  f[t + 128] = make_float4(1, 2, 3, 4); // expect: none@cc>=5 bank-conflict:4@cc1
  __syncthreads();
  float4 a = f[t]; // expect: none@cc>=5 bank-conflict:4@cc1
  float4 b = f[2 * t]; // expect: bank-conflict:2@cc>=5 bank-conflict:8@cc1
  float4 s = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
  out[t] = s; // expect: none
}

// 8- and 16-bit elements: several lanes share a word.  CC >= 5 serves any
// number of lanes from one word; on CC 1.x only the broadcast word does.
__global__ void narrow_types(short *o16, char *o8) {
  __shared__ short h[128];
  __shared__ char c[512];
  int t = threadIdx.x;
  h[t] = (short)t; // expect: none@cc>=5 bank-conflict:2@cc1
  c[4 * t] = (char)t; // expect: none
  __syncthreads();
  short a = h[t]; // expect: none@cc>=5 bank-conflict:2@cc1
  char b = c[t]; // expect: none@cc>=5 bank-conflict:4@cc1
  char e = c[4 * t]; // expect: none
  o16[t] = a; // expect: none
  o8[t] = b + e; // expect: none
}

// Broadcasts.  s[t / 2]: pairs of lanes read the same address; the CC 1.x
// procedure serves "one address for each bank" per step, so a pair reading one
// address is served together: conflict-free on CC 1.x too (see README).
__global__ void broadcasts(float *out) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[t] = (float)t; // expect: none
  __syncthreads();
  float a = s[0]; // expect: none
  float b = s[t / 32]; // expect: none
  float c = s[t % 16]; // expect: none
  float d = s[t / 2]; // expect: none
  out[t] = a + b + c + d; // expect: none
}

// Dynamic shared memory (launched with 4096 bytes).
__global__ void dynamic(float *out) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  buf[t] = 1.0f; // expect: none
  buf[t + 128] = 1.0f; // expect: none
  __syncthreads();
  float a = buf[2 * t]; // expect: bank-conflict:2
  float b = buf[(3 * t) % 256]; // expect: none
  float c = buf[8 * (t % 32)]; // expect: bank-conflict:8
  out[t] = a + b + c; // expect: none
}

// Dynamic shared memory viewed as doubles.
__global__ void dynamic_double(double *out) {
  extern __shared__ double dbuf[];
  int t = threadIdx.x;
  dbuf[t] = 0.5; // expect: none@cc>=5 bank-conflict:2@cc1
  __syncthreads();
  double a = dbuf[4 * (t % 32)]; // expect: bank-conflict:4@cc>=5 bank-conflict:8@cc1
  out[t] = a; // expect: none
}

void launch_shared(double *d, int2 *i2, float4 *f4, short *h, char *c, float *f) {
  doubles<<<1, 128>>>(d);
  int2s<<<1, 128>>>(i2);
  float4s<<<1, 128>>>(f4);
  narrow_types<<<1, 128>>>(h, c);
  broadcasts<<<1, 128>>>(f);
  dynamic<<<1, 128, 4096>>>(f);
  dynamic_double<<<1, 128, 8 * 128>>>(d);
}
