// A small stand-in for the CUDA runtime headers, for fuzzing: the seeds are
// compiled with -nocudainc -nocudalib, so each mutant costs a fraction of a
// full CUDA compile.  It declares what the seed kernels use, by name (kperf
// recognises barriers, atomics, shuffles and math functions by name).
#include "__clang_cuda_builtin_vars.h"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define NULL 0
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef unsigned int uint;
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
#define KP_VEC(T, N)                                                                               \
  struct T##2 { N x, y; };                                                                         \
  struct T##3 { N x, y, z; };                                                                      \
  struct __attribute__((aligned(4 * sizeof(N) > 16 ? 16 : 4 * sizeof(N)))) T##4 { N x, y, z, w; }; \
  __host__ __device__ inline T##2 make_##T##2(N x, N y) { return {x, y}; }                       \
  __host__ __device__ inline T##3 make_##T##3(N x, N y, N z) { return {x, y, z}; }               \
  __host__ __device__ inline T##4 make_##T##4(N x, N y, N z, N w) { return {x, y, z, w}; }
KP_VEC(float, float)
KP_VEC(int, int)
KP_VEC(uint, unsigned)
KP_VEC(double, double)
KP_VEC(char, signed char)
KP_VEC(uchar, unsigned char)
#undef KP_VEC
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef int cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
#define cudaSuccess 0
extern "C" cudaError_t cudaConfigureCall(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 g, dim3 b, size_t s = 0, void *st = 0);
extern "C" cudaError_t cudaMalloc(void **p, size_t n);
template <class T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
extern "C" cudaError_t cudaMallocManaged(void **p, size_t n, unsigned f = 1);
template <class T> cudaError_t cudaMallocManaged(T **p, size_t n, unsigned f = 1) { return cudaMallocManaged((void **)p, n, f); }
extern "C" cudaError_t cudaFree(void *p);
extern "C" cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k);
extern "C" cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k, cudaStream_t st = 0);
extern "C" cudaError_t cudaMemset(void *d, int v, size_t n);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" const char *cudaGetErrorString(cudaError_t e);
extern "C" cudaError_t cudaStreamCreate(cudaStream_t *s);
extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t s);
extern "C" cudaError_t cudaStreamDestroy(cudaStream_t s);
extern "C" cudaError_t cudaEventCreate(cudaEvent_t *e);
extern "C" cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t e);
extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
extern "C" cudaError_t cudaEventDestroy(cudaEvent_t e);
template <class T> cudaError_t cudaMemcpyToSymbol(const T &sym, const void *s, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice);
extern "C" int printf(const char *, ...);
extern "C" void *malloc(size_t);
extern "C" void free(void *);
extern "C" void *memset(void *, int, size_t);
extern "C" void *memcpy(void *, const void *, size_t);
extern "C" int atoi(const char *);
extern "C" void exit(int);
extern "C" int rand(void);
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
#define KP_SHFL(T)                                                                                 \
  __device__ T __shfl_sync(unsigned m, T v, int l, int w = 32);                                    \
  __device__ T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32);                            \
  __device__ T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32);                          \
  __device__ T __shfl_xor_sync(unsigned m, T v, int l, int w = 32);
KP_SHFL(int) KP_SHFL(unsigned) KP_SHFL(float) KP_SHFL(double) KP_SHFL(long long) KP_SHFL(unsigned long long)
#undef KP_SHFL
__device__ unsigned __ballot_sync(unsigned m, int p);
__device__ int __any_sync(unsigned m, int p);
__device__ int __all_sync(unsigned m, int p);
__device__ unsigned __activemask(void);
#define KP_ATOM(T)                                                                                 \
  __device__ T atomicAdd(T *a, T v);                                                               \
  __device__ T atomicSub(T *a, T v);                                                               \
  __device__ T atomicExch(T *a, T v);                                                              \
  __device__ T atomicMin(T *a, T v);                                                               \
  __device__ T atomicMax(T *a, T v);                                                               \
  __device__ T atomicAnd(T *a, T v);                                                               \
  __device__ T atomicOr(T *a, T v);                                                                \
  __device__ T atomicXor(T *a, T v);                                                               \
  __device__ T atomicCAS(T *a, T c, T v);
KP_ATOM(int) KP_ATOM(unsigned) KP_ATOM(unsigned long long)
#undef KP_ATOM
__device__ float atomicAdd(float *a, float v);
__device__ double atomicAdd(double *a, double v);
__device__ float atomicExch(float *a, float v);
__device__ unsigned atomicInc(unsigned *a, unsigned v);
__device__ unsigned atomicDec(unsigned *a, unsigned v);
template <class T> __device__ T __ldg(const T *p);
__device__ int __popc(unsigned);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffsll(long long);
__device__ unsigned long long __brevll(unsigned long long);
__device__ int __ffs(int);
__device__ unsigned __brev(unsigned);
__device__ int __mul24(int, int);
__device__ int __mulhi(int, int);
__device__ float __fdividef(float, float);
__device__ float __saturatef(float);
__device__ float __fmaf_rn(float, float, float);
__device__ float __fadd_rn(float, float);
__device__ float __fmul_rn(float, float);
__device__ float __int_as_float(int);
__device__ int __float_as_int(float);
__device__ int __float2int_rn(float);
__device__ float __int2float_rn(int);
__device__ long long clock64(void);
__device__ long clock(void);
#define KP_F1(n) __host__ __device__ float n##f(float); __host__ __device__ double n(double);
KP_F1(sqrt) KP_F1(rsqrt) KP_F1(cbrt) KP_F1(exp) KP_F1(exp2) KP_F1(exp10) KP_F1(expm1) KP_F1(log)
KP_F1(log2) KP_F1(log10) KP_F1(log1p) KP_F1(sin) KP_F1(cos) KP_F1(tan) KP_F1(asin) KP_F1(acos)
KP_F1(atan) KP_F1(sinh) KP_F1(cosh) KP_F1(tanh) KP_F1(fabs) KP_F1(floor) KP_F1(ceil) KP_F1(round)
KP_F1(trunc) KP_F1(erf) KP_F1(erfc) KP_F1(lgamma) KP_F1(tgamma) KP_F1(rint) KP_F1(normcdf) KP_F1(erfinv)
#undef KP_F1
#define KP_F2(n) __host__ __device__ float n##f(float, float); __host__ __device__ double n(double, double);
KP_F2(pow) KP_F2(atan2) KP_F2(fmin) KP_F2(fmax) KP_F2(fmod) KP_F2(hypot) KP_F2(copysign) KP_F2(fdim)
#undef KP_F2
__host__ __device__ float fmaf(float, float, float);
__host__ __device__ double fma(double, double, double);
__host__ __device__ void sincosf(float, float *, float *);
__host__ __device__ void sincos(double, double *, double *);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ float __powf(float, float);
__device__ void __sincosf(float, float *, float *);
__host__ __device__ int abs(int);
__host__ __device__ float abs(float);
__host__ __device__ double abs(double);
__host__ __device__ inline int min(int a, int b) { return a < b ? a : b; }
__host__ __device__ inline int max(int a, int b) { return a > b ? a : b; }
__host__ __device__ inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__host__ __device__ inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__host__ __device__ inline float min(float a, float b) { return a < b ? a : b; }
__host__ __device__ inline float max(float a, float b) { return a > b ? a : b; }
__host__ __device__ inline double min(double a, double b) { return a < b ? a : b; }
__host__ __device__ inline double max(double a, double b) { return a > b ? a : b; }
