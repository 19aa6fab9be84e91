// A thrust/cub-heavy translation unit for bench/overhead: the headers dominate.
#include <cub/block/block_reduce.cuh>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

struct saxpy {
  float a;
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

template <int BLOCK>
__global__ void block_sum(const float *in, float *out, int n) {
  using Reduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  float s = Reduce(tmp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

void run(int n) {
  thrust::device_vector<float> x(n, 1.0f), y(n, 2.0f), z(n);
  thrust::transform(x.begin(), x.end(), y.begin(), z.begin(), saxpy{2.0f});
  thrust::sort(z.begin(), z.end());
  thrust::sort(z.begin(), z.end(), thrust::greater<float>());
  thrust::device_vector<float> partial((n + 255) / 256);
  block_sum<256><<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(z.data()),
                                           thrust::raw_pointer_cast(partial.data()), n);
}
