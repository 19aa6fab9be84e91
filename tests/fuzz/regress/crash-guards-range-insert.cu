// from bench/fuzz seed 1, crash-1-9416.min.cu (run.py --only N --seed 1 --print rebuilds the full mutant)
// crash: void std::vector<kp_guard, std::allocator<kp_guard>>::_M_range_insert<__gnu_cxx::__normal_iterator<kp_guard*, std::vector<kp_guard, std::allocator<kp_guard>>>> < addGuards < kperf::
__global__ void scale_gs(float *x, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = x[i] * s;
}
