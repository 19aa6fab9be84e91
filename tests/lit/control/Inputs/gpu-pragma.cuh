// A header may not choose the GPU of the files that include it.
#pragma kperf gpu(h100)
