// A launch through a local function pointer that the function assigns only
// kernels (`k = &a;` in the cases of a switch) is a launch of each of them,
// with its block shape and arguments.  A pointer that may hold anything
// else (passed by reference to a function) leaves the kernel unresolved.
// REQUIRES: cuda
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \
// RUN:   -Xclang -verify -Xclang -verify-ignore-unexpected=note,remark
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark:

#define TILE 32

// Judged with the launch's 32x8 block: the column read of the tile is 32-way.
__global__ void byColumns(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j]; // expected-warning {{32-way shared-memory bank conflict on 'tile'}}
}

// Stride s is 1 at the launch: coalesced (without the launch, s would be
// unknown and the access reported for any s > 1).
__global__ void copy(float *out, const float *in, int s) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * s;
  out[i] = in[i];
}

// Through a pointer passed by reference: kperf cannot tell which kernel
// runs, so this one is judged without a launch.
__global__ void other(float *out, const float *in, int s) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * s;
  out[i] = in[i]; // expected-warning {{uncoalesced global store of 'out'}} expected-warning {{uncoalesced global load of 'in'}}
}

typedef void (*kernel_t)(float *, const float *, int);
void choose(kernel_t &k);

void run(float *out, const float *in, int n) {
  dim3 grid(n / TILE, n / TILE), threads(TILE, 8);
  kernel_t kernel = nullptr;
  for (int c = 0; c < 2; c++) {
    switch (c) {
    case 0:
      kernel = &byColumns;
      break;
    case 1:
      kernel = copy;
      break;
    }
    kernel<<<grid, threads>>>(out, in, 1);
    // One time statement per kernel the pointer may hold: byColumns (bound
    // by its conflicted shared memory), then copy.
    // CHECK: function-pointer.cu:[[# @LINE - 3]]:5: remark: predicted on h100 {{.*}} bound by shared
    // CHECK: function-pointer.cu:[[# @LINE - 4]]:5: remark: predicted on h100 {{.*}} bound by
  }
  kernel_t k2 = copy;
  choose(k2);
  k2<<<n / 256, 256>>>(out, in, 1);
  // No statement for a launch whose kernel kperf cannot tell.
}
