// Forced into a compile with `-include` (units.tsv) where host code calls
// max(int, unsigned int) (Rodinia huffman's scan.cu): nvcc's headers declare
// the mixed host overloads, clang's CUDA headers do not.
#pragma once
__host__ inline unsigned int max(int a, unsigned int b) { return (unsigned int)a > b ? (unsigned int)a : b; }
