// kperf-nvcc-compat.h: nvcc declares min and max (and umin, llmax, ...) for
// the host; clang's CUDA headers only for the device.  Host code that calls
// them is an error under clang alone; with the header force-included it
// compiles, both sides (-c: the device and host passes), and the kernel gets
// its finding.
// REQUIRES: cuda
// RUN: not %kperf_cc -fplugin-arg-kperf-db=%kperf_db %s 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: error: no matching function for call to 'min'
// BARE-NOT: warning: {{.*}}[kperf-uncoalesced]
// RUN: %kperf_cc -include %kperf_build/lib/kperf-nvcc-compat.h -fplugin-arg-kperf-db=%kperf_db %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMPAT
// COMPAT-NOT: error:
// COMPAT: host-minmax.cu:[[@LINE+21]]:{{[0-9]+}}: warning: uncoalesced global store of 'out'{{.*}}[kperf-uncoalesced]
// COMPAT-NOT: error:
// A whole compile (device and host passes) with the header: no clash with
// clang's device-side overloads.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 -c -include %kperf_build/lib/kperf-nvcc-compat.h %s -o %t.o
// The values are nvcc's: mixed signed/unsigned compare as unsigned, floats as fminf/fmaxf.
// RUN: %clang %cuda_flags --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -Xclang -verify \
// RUN:   -include %kperf_build/lib/kperf-nvcc-compat.h -DCHECK_VALUES %s
#ifdef CHECK_VALUES
static_assert(sizeof(min(1, 2u)) == sizeof(unsigned), "");
static_assert(sizeof(max(1.0f, 2.0)) == sizeof(double), "");
// expected-no-diagnostics
#endif

#include <cstdio>

__host__ __device__ int clampi(int v, int hi) { return min(v, hi); }

__global__ void scale(float *out, const float *in, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i * stride] = min(in[i], 1.0f) + clampi(i, 7);
}

int main() {
  int n = 1 << 20, blocks = 64;
  unsigned u = 3;
  long l = 4;
  long long ll = 5;
  float f = 2.f;
  double d = 1.0;
  blocks = min(blocks, n / 256);
  std::printf("%u %ld %lld %f %f %u %llu\n", max(u, blocks), min(l, 3L), max(ll, 2LL),
              min(f, 2.5f), max(d, f), umin(u, 2u), ullmax(1ull, 2ull));
  scale<<<blocks, 256>>>(nullptr, nullptr, n, 32);
  return clampi(n, 1);
}
