-- The GPU kperf assumes for --cuda-gpu-arch=sm_XY when no GPU is named.
-- A suffix (sm_90a, sm_100f) is ignored.  Another architecture gets the GPU of
-- the nearest one here (kp_gpudb_nearest_arch: the same major version, else
-- the nearest lower), with a warning that says so.
INSERT INTO arch_default (arch, gpu_id, reason) VALUES
 ('sm_11', '8600gt', 'the CC 1.1 GPU in the database (seed 002 platform)'),
 ('sm_13', 'gtx280', 'the CC 1.3 GPU in the database (seed 004 platform)'),
 ('sm_50', 'gtx940mx', 'the CC 5.0 GPU in the database (seed 001 platform)'),
 ('sm_52', 'gtx980', 'the GM204 GeForce GTX 980, the common CC 5.2 GPU'),
 ('sm_60', 'p100-pcie', 'the Tesla P100 PCIe 16GB, the common CC 6.0 GPU'),
 ('sm_61', 'gtx1050', 'the CC 6.1 GPU in the database (seed 000 platform)'),
 ('sm_70', 'v100', 'the CC 7.0 data-centre GPU'),
 ('sm_75', 't4', 'the CC 7.5 data-centre GPU'),
 ('sm_80', 'a100', 'the first CC 8.0 GPU (A100 40GB)'),
 ('sm_86', 'rtx3090', 'the GeForce RTX 3090, the first CC 8.6 GPU'),
 ('sm_87', 'jetson-agx-orin', 'the Jetson AGX Orin, the CC 8.7 GPU'),
 ('sm_89', 'rtx4090', 'the GeForce RTX 4090, the largest CC 8.9 GeForce GPU'),
 ('sm_90', 'h100', 'the H100 SXM, the most common CC 9.0 GPU'),
 ('sm_100', 'b200', 'the B200, the first CC 10.0 GPU'),
 ('sm_120', 'rtx5090', 'the GeForce RTX 5090, the largest CC 12.0 GeForce GPU');
