// Found only through the response file CMake writes (includes_CUDA.rsp).
#define ROW_STRIDE 32
