// Fixed by 60fee02 (frames live in a deque).
// heap-use-after-free (ASan): BodyBuilder::addGuards (plugin/Body.cpp:1572) keeps a Frame& while
// condGuards -> condSym -> evalQuiet (Body.cpp:2254) push_back()s onto the frame vector, which
// reallocates.  Found by the ASan build on tests/lit/analyze/bindings.cu; silent in a normal build.
// Run: build-asan/asan-wrap/clang++ -x cuda --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only \
//        -nocudainc -nocudalib -include bench/fuzz/prelude.cuh THIS.cu -fplugin=build-asan/lib/kperf.so
__global__ void sum(const float *in, float *out, int n) {
  float t = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    t += in[i];
  out[threadIdx.x] = t;
}
void run(const float *in, float *out, int n) { sum<<<1, 128>>>(in, out, n); }
