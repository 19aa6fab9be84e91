// Forced into a compile with `-include` (units.tsv) where host code calls
// max(float, float): nvcc declares it for the host, clang's CUDA headers
// declare only the device overload.
#pragma once
__host__ inline float max(float a, float b) { return a > b ? a : b; }
