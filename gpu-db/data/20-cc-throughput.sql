-- Arithmetic throughput per compute capability: results per clock cycle per SM
-- (the number of lanes of that class per SM).  Issue delay of one warp
-- instruction on one sub-partition = warp_size * sub_partitions / per_clock_per_sm.
-- Classes: fp16 (half add/mul/fma), fp32 (float add/mul/fma), fp64 (double
-- add/mul/fma), sfu (rcp, rsqrt, lg2, ex2, sin, cos), int_add (32-bit integer
-- add/subtract), int_mul (32-bit integer multiply/mad; absent where the guide
-- says "multiple instructions"), conv (type conversions between 32-bit
-- types), conv64 (conversions to and from 64-bit types).
-- A class missing for a compute capability is not known (NULL for kperf).
-- From CUDA 13 the table lives in the CUDA C++ Best Practices Guide, section
-- "Throughput of Native Arithmetic Instructions"
-- (https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/index.html#throughput-of-native-arithmetic-instructions);
-- CUDA 12.x editions of the Programming Guide still carry it.
-- fp16 is left out for CC 8.6: the guide's 256 does not agree with the GA102
-- whitepaper (RTX 3090: non-tensor FP16 35.6 TFLOPS, the FP32 rate, i.e. 128).

INSERT INTO cc_throughput (cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
(1, 0, 'fp32', 8, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.0'),
 (1, 0, 'sfu', 2, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.0'),
 (1, 1, 'fp32', 8, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.1'),
 (1, 1, 'sfu', 2, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.1'),
 (1, 2, 'fp32', 8, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.2'),
 (1, 2, 'sfu', 2, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.2'),
 (1, 3, 'fp32', 8, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.3'),
 (1, 3, 'sfu', 2, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.3'),
 (1, 3, 'fp64', 1, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 1.3'),
 (2, 0, 'fp32', 32, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.0'),
 (2, 0, 'fp64', 16, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.0'),
 (2, 0, 'sfu', 4, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.0'),
 (2, 0, 'int_add', 32, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.0'),
 (2, 0, 'int_mul', 16, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.0'),
 (2, 0, 'conv', 16, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.0'),
 (2, 1, 'fp32', 48, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.1'),
 (2, 1, 'fp64', 4, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.1'),
 (2, 1, 'sfu', 8, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.1'),
 (2, 1, 'int_add', 48, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.1'),
 (2, 1, 'int_mul', 16, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.1'),
 (2, 1, 'conv', 16, 'CUDA C Programming Guide 4.x, section 5.4.1 Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 2.1'),
 (3, 0, 'fp32', 192, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 0, 'fp64', 8, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 0, 'sfu', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 0, 'int_add', 160, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 0, 'int_mul', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 0, 'conv', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 5, 'fp32', 192, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 5, 'fp64', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 5, 'sfu', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 5, 'int_add', 160, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 5, 'int_mul', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (3, 5, 'conv', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 3.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 0, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 0, 'fp64', 4, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 0, 'sfu', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 0, 'int_add', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 0, 'conv', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 0, 'conv64', 4, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 2, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.2 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 2, 'fp64', 4, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.2 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 2, 'sfu', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.2 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 2, 'int_add', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.2 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 2, 'conv', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.2 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (5, 2, 'conv64', 4, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 5.2 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'fp16', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'fp32', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'fp64', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 0, 'conv64', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'fp16', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'fp64', 4, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'sfu', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'int_add', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'conv', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (6, 1, 'conv64', 4, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 6.1 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'fp16', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'fp32', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'fp64', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'int_mul', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 0, 'conv64', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'fp16', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.x, which covers 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'fp32', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'fp64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'int_mul', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (7, 5, 'conv64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 7.5 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'fp16', 256, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'fp32', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'fp64', 32, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'int_mul', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 0, 'conv64', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'fp64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'int_mul', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 6, 'conv64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.6 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'fp16', 128, 'CUDA C++ Programming Guide 12.x, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions, column CC 8.9 (https://docs.nvidia.com/cuda/archive/12.9.1/cuda-c-programming-guide/index.html#arithmetic-instructions); agrees with the NVIDIA Ada GPU architecture whitepaper, Table 1 (RTX 4090: non-tensor FP16 at the FP32 rate)'),
 (8, 9, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'fp64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'int_mul', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (8, 9, 'conv64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 8.9 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'fp16', 256, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'fp64', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'int_add', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'int_mul', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'conv', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (9, 0, 'conv64', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 9.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (10, 0, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 10.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (10, 0, 'fp64', 64, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 10.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (10, 0, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 10.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (12, 0, 'fp32', 128, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 12.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (12, 0, 'fp64', 2, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 12.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)'),
 (12, 0, 'sfu', 16, 'CUDA C++ Programming Guide, Arithmetic Instructions, table Throughput of Native Arithmetic Instructions (operations per clock cycle per multiprocessor), column CC 12.0 (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#arithmetic-instructions)');

-- CC 8.7 (Jetson AGX Orin): FP32 lanes per SM from the module's documents
-- (2048 CUDA cores in 16 SMs); the other classes are unknown here.
INSERT INTO cc_throughput (cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
 (8, 7, 'fp32', 128, 'NVIDIA Jetson AGX Orin Series technical brief: 2048-core Ampere GPU in 16 SMs = 128 FP32 lanes per SM');

-- Load/store units ('ldst'): lanes of the LD/ST units per SM, from the SM
-- diagrams of the architecture whitepapers (the processing blocks of an SM
-- times the LD/ST units drawn in each).  A warp's shared, global or local
-- memory instruction occupies them 32 / lanes cycles; shared memory itself
-- serves one 128-byte wavefront per clock.  Not in the Programming Guide's
-- table; architectures whose diagram kperf has not checked are left unknown
-- (kperf then assumes 32 lanes and says so).  The rates of CC 7.0, 8.0, 8.6 and
-- 9.0 (1 or 0.5 LSU instructions per cycle per SM) are also stated by an
-- NVIDIA engineer, https://forums.developer.nvidia.com/t/why-the-performance-of-tf32-tensor-core-is-poor/261150/15
INSERT INTO cc_throughput (cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
 (7, 0, 'ldst', 32, 'NVIDIA Tesla V100 GPU Architecture whitepaper (2017), Volta GV100 SM diagram: 4 processing blocks x 8 LD/ST units (also Cornell Virtual Workshop, Inside a Volta SM: 32 load/store units)'),
 (7, 5, 'ldst', 16, 'NVIDIA Turing GPU Architecture whitepaper (2018), Turing TU102/TU104/TU106 SM diagram: 4 processing blocks x 4 LD/ST units'),
 (8, 6, 'ldst', 16, 'NVIDIA Ampere GA102 GPU Architecture whitepaper (2020), GA10x SM diagram: 4 processing blocks x 4 LD/ST units'),
 (8, 9, 'ldst', 16, 'NVIDIA Ada GPU Architecture whitepaper (2022), Ada AD10x SM diagram: 4 processing blocks x 4 LD/ST units'),
 (8, 0, 'ldst', 32, 'NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020), GA100 SM diagram: 4 processing blocks x 8 LD/ST units; an NVIDIA engineer on the NVIDIA Developer Forums ("Why the performance of TF32 tensor core is poor", 2023): CC 7.0, 8.0 and 9.0 sustain 1 LSU instruction per cycle per SM, GA104 0.5'),
 (9, 0, 'ldst', 32, 'An NVIDIA engineer on the NVIDIA Developer Forums ("Why the performance of TF32 tensor core is poor", 2023): CC 7.0, 8.0 and 9.0 sustain 1 LSU instruction per cycle per SM');

-- Shared memory ('shared'): lanes of the shared-memory data path per SM; a
-- warp's pass (wavefront) through the banks, one more per extra way of a bank
-- conflict, takes warp size / lanes cycles.  Unknown (no row): one pass per
-- clock, every bank serving a 32-bit word a clock (Programming Guide, Shared
-- Memory: "each bank has a bandwidth of 32 bits per clock cycle").  CC 7.5 is
-- measured: Nsight Compute counters of an RTX 2080 Ti published with Kernel
-- Tuning Toolkit results (AutoTuningAssociation/benchmark_hub at
-- 8eeb99e7179e6838af95d392ac6c60cebfd8c434, currently_unused/cachefiles/KTT
-- data/KTConvolutionOutput_2080Ti.json.gz, 5,280 profiled configurations of a
-- convolution): l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_
-- sustained_elapsed never exceeds 49.2 % (90th percentile 48.1 %) of its one
-- wavefront per clock, while the SM clock derived from the same counters (issue
-- and wavefront rates over the durations) agrees at 1,790 MHz.
INSERT INTO cc_throughput (cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
 (7, 5, 'shared', 16, 'Measured: Nsight Compute counters of an RTX 2080 Ti (AutoTuningAssociation/benchmark_hub@8eeb99e, currently_unused/cachefiles/KTT data/KTConvolutionOutput_2080Ti.json.gz): shared-memory wavefronts reach at most 49.2 % of one per clock per SM over 5,280 profiled configurations (one wavefront per 2 cycles: 16 lanes)');

-- Integer lanes of their own ('int_own'): 32-bit integer lanes per SM beside the
-- FP32 lanes.  Where they exist the scheduler issues integer and FP32
-- instructions in alternate cycles and both pipes run at once, so neither holds
-- the scheduler for the other's cycles.  No row: GA10x and Ada, whose integer
-- lanes are the FP32 lanes of one of a processing block's two datapaths (GA102
-- whitepaper: "16 FP32 and 16 INT32 ... either 32 FP32 operations per clock, or 16
-- FP32 and 16 INT32"), and Pascal and older, which cannot run FP32 and INT32 at
-- once (V100 whitepaper).
INSERT INTO cc_throughput (cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
 (7, 0, 'int_own', 64, 'NVIDIA Tesla V100 GPU Architecture whitepaper (2017): "Unlike Pascal GPUs, which could not execute FP32 and INT32 instructions simultaneously, the Volta GV100 SM includes separate FP32 and INT32 cores, allowing simultaneous execution of FP32 and INT32 operations at full throughput"; 4 processing blocks x 16 INT32'),
 (7, 5, 'int_own', 64, 'NVIDIA Turing GPU Architecture whitepaper (2018): the Turing SM adds an independent integer datapath that executes instructions concurrently with the floating-point datapath; 4 processing blocks x 16 INT32'),
 (8, 0, 'int_own', 64, 'NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020), GA100 SM: 64 FP32 and 64 INT32 cores per SM, 4 processing blocks x 16 INT32 beside 16 FP32'),
 (9, 0, 'int_own', 64, 'NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022), GH100 SM: 128 FP32 and 64 INT32 cores per SM, 4 processing blocks x 16 INT32 beside 32 FP32');
