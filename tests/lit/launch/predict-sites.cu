// kperf predict --sites: the launches a file writes, each as its remark gives
// it — the time as a function of the sizes the host reads at run time, one
// number once --arg binds them (the statement's value at that size), or why
// there is none; --kernel picks one kernel's launches.
// REQUIRES: cuda
// RUN: kperf predict %s --sites --gpu h100 --db %kperf_db --ptxas off | FileCheck %s
// CHECK: predict-sites.cu:62:3: scale<<<(?, 1, 1), (256, 1, 1)>>> on h100 (bn model)
// CHECK-NEXT: as a function of 'n': {{.*}} at n = 2^16, {{.*}} at 2^20, {{.*}} (linear at large n: {{.*}} more per 2^20 of n), bound by {{[a-z0-9./+]+}}
// CHECK-NEXT: predict-sites.cu:63:3: scale<<<(64, 1, 1), (256, 1, 1)>>> on h100 (bn model): predicted {{[0-9.]+}} us
// CHECK: predict-sites.cu:64:3: scale<<<(?, 1, 1), (?, 1, 1)>>> on h100 (bn model)
// CHECK-NEXT: as a function of 'n' and 'threads' (taking threads = 256)
//
// Bound with --arg, the statement's launch is a number: the statement's own
// value at that size.
// RUN: kperf predict %s --sites --kernel scale --gpu h100 --db %kperf_db --ptxas off --json > %t.sym
// RUN: kperf predict %s --sites --kernel scale --gpu h100 --db %kperf_db --ptxas off --json \
// RUN:   --arg n=1048576 > %t.num
// RUN: python3 -c "import json,sys; s=json.load(open(sys.argv[1])); n=json.load(open(sys.argv[2])); \
// RUN:   p=[q['predicted_us'] for q in s[0]['scaling']['points'] if q['value'] == 1048576][0]; \
// RUN:   print(n[0]['ok'], n[0]['grid'], 'same' if abs(n[0]['predicted_us'] / p - 1) < 1e-9 else 'differs', \
// RUN:         [(l['kernel'], l['ok'], (l.get('scaling') or {}).get('variable')) for l in s])" %t.sym %t.num \
// RUN:   | FileCheck --check-prefix=NUM %s
// NUM: True [4096, 1, 1] same [('scale', False, 'n'), ('scale', True, None), ('scale', False, 'n')]
//
// RUN: kperf predict %s --sites --gpu h100 --db %kperf_db --ptxas off --arg n=1048576 \
// RUN:   | FileCheck --check-prefix=TEXT %s
// TEXT: predict-sites.cu:62:3: scale<<<(4096, 1, 1), (256, 1, 1)>>> on h100 (bn model): predicted
// TEXT-NOT: as a function of 'n':
//
// RUN: not kperf predict %s --sites --kernel nothere --gpu h100 --db %kperf_db --ptxas off 2>&1 \
// RUN:   | FileCheck --check-prefix=NONE %s
// NONE: kperf: '{{.*}}predict-sites.cu' writes no launch of 'nothere' that kperf read
//
// A launch that has no time at any size says why, not that its size is unknown
// (the plugin's verbose remark and the JSON alike).
// RUN: kperf predict %s --sites --kernel big --gpu h100 --db %kperf_db --ptxas off \
// RUN:   | FileCheck --check-prefix=BIG %s
// BIG: big<<<(?, 1, 1), (256, 1, 1)>>> on h100 (bn model): predicted unknown
// BIG-NEXT: no time: no block fits on an SM: {{.*}}shared memory
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 \
// RUN:   -fplugin-arg-kperf-verbose %s 2>&1 | FileCheck --check-prefix=BIGREMARK %s
// BIGREMARK: remark: no time predicted for this launch of 'big' on h100: no block fits on an SM: {{.*}}shared memory
//
// --kernel names a kernel as written, without template arguments or namespaces.
// RUN: kperf predict %s --sites --kernel tk --gpu h100 --db %kperf_db --ptxas off \
// RUN:   | FileCheck --check-prefix=TK %s
// RUN: kperf predict %s --sites --kernel ns::tk --gpu h100 --db %kperf_db --ptxas off \
// RUN:   | FileCheck --check-prefix=TK %s
// TK: {{^.*}}: ns::tk<ns::pair<4>>{{.*}} on h100 (bn model): predicted
// TK-NOT: tk
//
// RUN: not kperf predict %s --sites --grid 4 --block 4 2>&1 | FileCheck --check-prefix=USAGE %s
// USAGE: --sites: name the .cu file; the launches are those it writes

__global__ void scale(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * x[i];
}

void run(const float *x, float *y, int n, int threads) {
  scale<<<(n + 255) / 256, 256>>>(x, y, n);
  scale<<<64, 256>>>(x, y, 64 * 256);
  scale<<<(n + threads - 1) / threads, threads>>>(x, y, n);
}

// 64 KiB of static shared memory: more than a block may have without opting in.
__global__ void big(float *y, int n) {
  __shared__ float tile[16384];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? y[i] : 0.0f;
  __syncthreads();
  if (i < n)
    y[i] = tile[255 - threadIdx.x];
}

void run_big(float *y, int n) { big<<<(n + 255) / 256, 256>>>(y, n); }

namespace ns {
template <int N> struct pair { static constexpr int value = N; };
template <class P> __global__ void tk(float *y) { y[threadIdx.x] *= P::value; }
} // namespace ns

void run_tk(float *y) { ns::tk<ns::pair<4>><<<1, 128>>>(y); }
