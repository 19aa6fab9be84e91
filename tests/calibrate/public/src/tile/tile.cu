// A tiled copy for the tests of bench/accuracy/public.py: tile sizes are -D
// macros as auto-tuners set them, the loop's bound is a local computed with
// min(), so kperf must derive the trip count itself.
#ifndef block_size_x
#define block_size_x 64
#endif
#ifndef tile_size
#define tile_size 1
#endif

__global__ void tile_copy(float *out, const float *in, int n) {
  int base = blockIdx.x * block_size_x * tile_size;
  int end = min(base + block_size_x * tile_size, n);
  for (int i = base + threadIdx.x; i < end; i += block_size_x)
    out[i] = 2.0f * in[i];
}
