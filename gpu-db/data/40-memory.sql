-- Memory hierarchy per GPU.  Columns: gpu_id, level, size_bytes, line_bytes,
-- size_source, latency_cycles, latency_source, bandwidth_gbs, bandwidth_source.
-- size_bytes of 'shared' is left NULL: the per-SM capacity is a
-- compute-capability fact (cc_limits.smem_per_sm).  size_bytes = 0 means the
-- level does not exist for global memory (CC 1.x has no L1/L2 data cache).
-- Latencies are load-to-use cycles of the SM clock for a hit in that level
-- (p-chase means from mt4g).  L2 bandwidths from mt4g are measured read
-- bandwidths converted from GiB/s (x 1.073741824); DRAM bandwidths are the
-- vendor's peak figures.
-- The A100's shared-memory and L1 latencies are not taken from mt4g's A100
-- run (60 and 68 cycles): it disagrees with its own V100/H100 runs and with
-- other studies (about 23-30 and 33-38 cycles).  55-latency-more.sql gives
-- the L1 latency from another measurement of a GA100.
-- The B200's L2 is left NULL: Chips and Cheese (https://chipsandcheese.com/p/nvidias-b200-keeping-the-cuda-juggernaut)
-- reports about 126 MB, but no source found gives the exact size in bytes.

INSERT INTO gpu_memory VALUES
 ('8600gt', 'l1', 0, NULL, 'CUDA C Programming Guide 4.x, F.3.2: global memory is not cached on devices of compute capability 1.x', NULL, NULL, NULL, NULL),
 ('8600gt', 'l2', 0, NULL, 'CUDA C Programming Guide 4.x, F.3.2: global memory is not cached on devices of compute capability 1.x', NULL, NULL, NULL, NULL),
 ('8600gt', 'dram', 268435456, NULL, 'NVIDIA GeForce 8600 product specifications: 256 MB', NULL, NULL, 22.4, 'NVIDIA GeForce 8600 product specifications: 22.4 GB/s (GDDR3 boards)'),
 ('gtx280', 'l1', 0, NULL, 'CUDA C Programming Guide 4.x, F.3.2: global memory is not cached on devices of compute capability 1.x', NULL, NULL, NULL, NULL),
 ('gtx280', 'l2', 0, NULL, 'CUDA C Programming Guide 4.x, F.3.2: global memory is not cached on devices of compute capability 1.x', NULL, NULL, NULL, NULL),
 ('gtx280', 'dram', 1073741824, NULL, 'NVIDIA GeForce GTX 280 product specifications: 1 GB', NULL, NULL, 141.7, 'NVIDIA GeForce GTX 280 product specifications: 141.7 GB/s'),
 ('gtx940mx', 'l2', 1048576, NULL, 'TechPowerUp GPU database, GeForce 940MX (GM108; as listed at https://thegpucatalog.bhaskarrijal.me/gpu/nvidia/geforce-900m/geforce-940mx): L2 cache 1 MB (third-party database; no NVIDIA document gives the GM108 L2 size)', NULL, NULL, NULL, NULL),
 ('gtx940mx', 'dram', 2147483648, NULL, 'NVIDIA GeForce 940MX specifications (DDR3 board)', NULL, NULL, 16.02, 'TechPowerUp GPU database, GeForce 940MX (GM108; as listed at https://thegpucatalog.bhaskarrijal.me/gpu/nvidia/geforce-900m/geforce-940mx): 64-bit DDR3 at 1001 MHz (2002 MT/s) = 16.02 GB/s'),
 ('gtx1050', 'shared', NULL, NULL, NULL, 39.61176470588235, 'mt4g sample_results/Quadro P6000.json: memory.shared.latency.mean (p-chase), measured on a GP102 (CC 6.1, the same Pascal SM as the GP107); PPT-GPU''s Pascal model uses 35', NULL, NULL),
 ('gtx1050', 'l1', NULL, 128, 'mt4g sample_results/Quadro P6000.json: memory.l1.lineSize 128 (GP102)', 106.4, 'mt4g sample_results/Quadro P6000.json: memory.l1.latency.mean (p-chase), measured on a GP102 (CC 6.1, the same Pascal SM as the GP107); PPT-GPU''s Pascal model uses 105', NULL, NULL),
 ('gtx1050', 'l2', 1048576, NULL, 'TechPowerUp, MSI GTX 1050 Gaming X review, page 2 Architecture (https://www.techpowerup.com/review/msi-gtx-1050-gaming-x/2.html): GP107 GPCs share a 1 MB L2 cache', NULL, NULL, NULL, NULL),
 ('gtx1050', 'dram', 2147483648, NULL, 'NVIDIA GeForce GTX 1050 specifications: 2 GB', NULL, NULL, 112, 'NVIDIA GeForce GTX 1050 specifications: 112 GB/s'),
 ('v100', 'shared', NULL, NULL, NULL, 23.494117647058822, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.shared.latency.mean (p-chase)', NULL, NULL),
 ('v100', 'l1', NULL, 128, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.l1.lineSize 128', 30.066666666666666, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.l1.latency.mean (p-chase)', NULL, NULL),
 ('v100', 'l2', 6291456, 128, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.l2.size 6291456, lineSize 128', 214.48235294117646, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.l2.latency.mean (p-chase)', 1028.7, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.l2.readBandwidth 958.07 GiB/s'),
 ('v100', 'dram', 16928342016, NULL, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: totalGlobalMem', 407.90718124084026, 'mt4g sample_results/Tesla V100-PCIE-16GB.json: memory.main.latency.mean (p-chase)', 900, 'NVIDIA Tesla V100 datasheet: 900 GB/s HBM2'),
 ('t4', 'l2', 4194304, NULL, 'NVIDIA Turing architecture whitepaper, Tesla T4 table: 4096 KB L2; cudaGetDeviceProperties on a Tesla T4 reports l2CacheSize 4194304 (deviceQuery output in sylvia-ymlin/cuda-kernels-from-scratch README.md)', NULL, NULL, NULL, NULL),
 ('t4', 'dram', 17179869184, NULL, 'NVIDIA Tesla T4 datasheet: 16 GB', NULL, NULL, 320, 'NVIDIA Tesla T4 datasheet: 320+ GB/s; deviceQuery on a T4 (sylvia-ymlin/cuda-kernels-from-scratch README.md): memory clock 5001 MHz, 256-bit = 320.1 GB/s'),
 ('a100', 'l1', NULL, 128, 'mt4g sample_results/NVIDIA A100-PCIE-40GB.json: memory.l1.lineSize 128', NULL, NULL, NULL, NULL),
 ('a100', 'l2', 41943040, 128, 'mt4g sample_results/NVIDIA A100-PCIE-40GB.json: memory.l2.size 41943040, lineSize 128', 220.95294117647057, 'mt4g sample_results/NVIDIA A100-PCIE-40GB.json: memory.l2.latency.mean (p-chase)', 2549.5, 'mt4g sample_results/NVIDIA A100-PCIE-40GB.json: memory.l2.readBandwidth 2374.45 GiB/s'),
 ('a100', 'dram', 42406903808, NULL, 'mt4g sample_results/NVIDIA A100-PCIE-40GB.json: totalGlobalMem', 640.1118710307768, 'mt4g sample_results/NVIDIA A100-PCIE-40GB.json: memory.main.latency.mean (p-chase)', 1555, 'NVIDIA A100 datasheet, A100 40GB: 1555 GB/s'),
 ('a100-80gb', 'l2', 41943040, NULL, 'NVIDIA A100 Tensor Core GPU architecture whitepaper: 40 MB L2', NULL, NULL, NULL, NULL),
 ('a100-80gb', 'dram', 85899345920, NULL, 'NVIDIA A100 datasheet, A100 80GB SXM: 80 GB', NULL, NULL, 2039, 'NVIDIA A100 datasheet, A100 80GB SXM: 2039 GB/s'),
 ('rtx3090', 'l2', 6291456, NULL, 'NVIDIA Ampere GA102 whitepaper, RTX 3090 column: 6144 KB L2', NULL, NULL, NULL, NULL),
 ('rtx3090', 'dram', 25769803776, NULL, 'NVIDIA Ampere GA102 whitepaper: 24 GB', NULL, NULL, 936, 'NVIDIA Ampere GA102 whitepaper, RTX 3090 column: 936 GB/s'),
 ('rtx4090', 'l2', 75497472, NULL, 'NVIDIA Ada GPU architecture whitepaper, Table 1, RTX 4090: 73728 KB L2', NULL, NULL, NULL, NULL),
 ('rtx4090', 'dram', 25769803776, NULL, 'NVIDIA Ada GPU architecture whitepaper: 24 GB', NULL, NULL, 1008, 'NVIDIA Ada GPU architecture whitepaper, Table 1, RTX 4090: 1008 GB/s'),
 ('l4', 'l2', 50331648, NULL, 'NVIDIA L4 datasheet: 48 MB L2; deviceQuery (CUDA 11.8 demo_suite) on an NVIDIA L4 reports L2 Cache Size 50331648 bytes', NULL, NULL, NULL, NULL),
 ('l4', 'dram', 25769803776, NULL, 'NVIDIA L4 datasheet: 24 GB', NULL, NULL, 300, 'NVIDIA L4 datasheet: 300 GB/s; deviceQuery on an NVIDIA L4: memory clock 6251 MHz, 192-bit = 300.0 GB/s'),
 ('h100', 'shared', NULL, NULL, NULL, 29.88235294117647, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.shared.latency.mean (p-chase)', NULL, NULL),
 ('h100', 'l1', NULL, 128, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.l1.lineSize 128', 38.0, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.l1.latency.mean (p-chase)', NULL, NULL),
 ('h100', 'l2', 52428800, 128, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.l2.size 52428800, lineSize 128', 219.34509803921569, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.l2.latency.mean (p-chase)', 4862.9, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.l2.readBandwidth 4528.92 GiB/s'),
 ('h100', 'dram', 85176483840, NULL, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: totalGlobalMem', 834.4758182706399, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.main.latency.mean (p-chase)', 3350, 'NVIDIA H100 datasheet, H100 SXM: 3.35 TB/s'),
 ('h100-pcie', 'l2', 52428800, NULL, 'NVIDIA H100 Tensor Core GPU architecture whitepaper, Table 3: 50 MB L2', NULL, NULL, NULL, NULL),
 ('h100-pcie', 'dram', 85899345920, NULL, 'NVIDIA H100 datasheet, H100 PCIe: 80 GB', NULL, NULL, 2000, 'NVIDIA H100 datasheet, H100 PCIe: 2 TB/s'),
 ('h200', 'l2', 62914560, 128, 'accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H200/gpgpusim.config: dl2 S:256:128:20 x 48 channels x 2 sub-partitions = 60 MiB; the same 60 MB was reported by cudaGetDeviceProperties on an H200 (shared/gpu-data.md)', NULL, NULL, 4862.9, 'mt4g sample_results/NVIDIA H100 80GB HBM3.json: memory.l2.readBandwidth 4528.92 GiB/s. Measured on H100 SXM5 80GB, not on this GPU: the H200 is the same GH100 chip with the same 132 SMs and 1980 MHz boost clock (NVIDIA H200 datasheet); its 60 MB L2 (50 MB on the H100) may give it more, so this is a lower bound'),
 ('h200', 'dram', 151397597184, NULL, 'NVIDIA H200 datasheet: 141 GB', NULL, NULL, 4800, 'NVIDIA H200 datasheet: 4.8 TB/s'),
 ('b200', 'dram', NULL, NULL, NULL, NULL, NULL, 8000, 'NVIDIA DGX B200 datasheet: 64 TB/s HBM3e for 8 GPUs');
