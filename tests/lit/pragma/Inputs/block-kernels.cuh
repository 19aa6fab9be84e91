// Kernels in a header, for block.cu: a block pragma of the including file does
// not reach them, and this header's own block pragma stays in the header.
#pragma once

__global__ void header_plain(float *a) { a[threadIdx.x] = 0; }

#pragma kperf block(96) // expected-remark {{kperf-pragmas: block 96 x 1 x 1}}
__global__ void header_shaped(float *a) { a[threadIdx.x] = 1; } // expected-remark {{kperf-pragmas: kernel 'header_shaped': block 96 x 1 x 1}}
