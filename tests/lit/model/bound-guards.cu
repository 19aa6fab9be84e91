// A branch whose condition reads only parameters, launch sizes and constants
// is the same for every thread of a launch: once its values are bound (--arg,
// #pragma kperf assume, the arguments a launch passes), the side not taken
// is not counted.  Unbound, the longer side counts as before; a condition
// on the thread (threadIdx) keeps the longer side whatever is bound.
// REQUIRES: cuda
// RUN: kperf analyze %s --arg flag=0 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: kperf analyze %s --arg flag=1 2>&1 | FileCheck --check-prefix=ON %s
// RUN: kperf analyze %s 2>&1 | FileCheck --check-prefix=FREE %s
// RUN: kperf predict %s --kernel smooth --grid 16 --block 256 --arg n=4096 --arg flag=0 \
// RUN:   --gpu h100 --db %kperf_db | FileCheck --check-prefix=POFF %s
// RUN: kperf predict %s --kernel smooth --grid 16 --block 256 --arg n=4096 --arg flag=1 \
// RUN:   --gpu h100 --db %kperf_db | FileCheck --check-prefix=PON %s

#pragma kperf assume(mode = 2)

// OFF-LABEL: kernel smooth at
// OFF: instructions per thread: 17
// ON-LABEL: kernel smooth at
// ON: instructions per thread: 117
// FREE-LABEL: kernel smooth at
// FREE: instructions per thread: 117
// POFF: per thread: 17 instructions, 8 global bytes
// PON: per thread: 117 instructions, 8 global bytes
__global__ void smooth(float *x, int n, int flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    if (flag) {
      for (int k = 0; k < 100; ++k)
        v = v * 1.0001f + 0.5f;
    }
    x[i] = v;
  }
}

// A condition joining a thread test and a parameter test: the parameter's
// part alone decides that a side is dead (the then side of `&&`, the else
// side of `||`); when it holds, the thread test keeps the longer side.
// OFF-LABEL: kernel mixed at
// OFF: bytes per thread: global 4
// ON-LABEL: kernel mixed at
// ON: bytes per thread: global 20
__global__ void mixed(float *x, const float *y, int n, int flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flag != 0)
    x[i] = y[i] * 2.0f;
  if (flag == 0 || i >= n)
    x[i] = 0.0f;
  else
    x[i + n] = y[i] + y[i + n];
}

// Assumed by the pragma: mode is 2, so the loop of the other side is dead.
// OFF-LABEL: kernel modes at
// OFF: bytes per thread: global 8
// FREE-LABEL: kernel modes at
// FREE: bytes per thread: global 8
__global__ void modes(float *x, int mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (mode == 2) {
    x[i] += 1.0f;
  } else {
    for (int k = 0; k < 8; ++k)
      x[i * 8 + k] = 0.0f;
  }
}

// The launch passes 0: the kernel is evaluated at it.
// FREE-LABEL: kernel passed at
// FREE: evaluated at the launch
// FREE: bytes per thread: global 4
// A condition on the thread keeps the longer side.
// FREE-LABEL: kernel lanes at
// FREE: bytes per thread: global 8
__global__ void passed(float *x, const float *y, int heavy) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (heavy > 0)
    x[i] = y[i];
  else
    x[i] = 0.0f;
}

__global__ void lanes(float *x, const float *y) {
  int i = threadIdx.x;
  if (i > 0)
    x[i] = y[i];
}

void run(float *x, const float *y) {
  passed<<<64, 256>>>(x, y, 0);
  lanes<<<1, 32>>>(x, y);
}

// A parameter used as a halving counter stands for the counter inside the
// loop: a test of it there is not decided by the argument's value.
// OFF-LABEL: kernel halves at
// OFF: bytes per thread: global ? (= 4*(flog2(width/2) + 1))
// RUN: kperf analyze %s --arg width=64 2>&1 | FileCheck --check-prefix=WIDTH %s
// WIDTH-LABEL: kernel halves at
// WIDTH: bytes per thread: global 24 (= 4*(flog2(width/2) + 1))
__global__ void halves(float *x, int width) {
  for (; width > 1; width >>= 1)
    if (width < 16)
      x[width + threadIdx.x] = 0.0f;
}
