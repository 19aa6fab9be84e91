-- Occupancy limits and shared-memory organisation per compute capability.
--
-- Columns, in order: cc_major, cc_minor, warp_size, max_threads_per_block,
-- max_threads_per_sm, max_warps_per_sm, max_blocks_per_sm, regs_per_sm,
-- regs_per_block, max_regs_per_thread, reg_alloc_unit, reg_alloc_granularity,
-- warp_alloc_granularity, sub_partitions, smem_per_sm, smem_per_block,
-- smem_per_block_optin, smem_alloc_unit, smem_reserved_per_block,
-- smem_carveouts_kb, l1_smem_unified_bytes, smem_banks, smem_bank_bytes,
-- barriers_per_sm, partitioned_gc, source.
--
-- Sources:
--  - CUDA C++ Programming Guide, "Compute Capabilities" appendix, table
--        "Technical Specifications per Compute Capability" and the per-architecture
--        sections (https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-capabilities);
--        for CC 1.x/2.x the CUDA 4.x edition, Appendix F.
--  - /usr/local/cuda/include/cuda_occupancy.h from CUDA 13.0: allocation
--        granularities, sub-partitions, resident-block limits, carveout sizes,
--        barrier limits and partitioned global caching per compute capability.
--  - CUDA Occupancy Calculator spreadsheet (CUDA 3.0 SDK), as restated in
--        tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs (register
--        allocation unit and granularity, warp allocation granularity, shared
--        memory allocation unit for CC 1.x/2.x).
-- warp_alloc_granularity is only used by the CC 1.x/2.x rules (NULL above).
-- Barriers limit occupancy from CC 9.0 (cuda_occupancy.h applies the limit only there).

INSERT INTO cc_limits (cc_major, cc_minor, warp_size, max_threads_per_block, max_threads_per_sm, max_warps_per_sm, max_blocks_per_sm, regs_per_sm, regs_per_block, max_regs_per_thread, reg_alloc_unit, reg_alloc_granularity, warp_alloc_granularity, sub_partitions, smem_per_sm, smem_per_block, smem_per_block_optin, smem_alloc_unit, smem_reserved_per_block, smem_carveouts_kb, l1_smem_unified_bytes, smem_banks, smem_bank_bytes, barriers_per_sm, partitioned_gc, source) VALUES
 (1,0, 32, 512,  768, 24,  8,   8192,  8192, 124, 256, 'block', 2, 1,  16384, 16384, 16384, 512, 0, NULL, NULL, 16, 4, NULL, 0,
  'CUDA C Programming Guide 4.x Appendix F.1 (CC 1.0/1.1 columns); CUDA Occupancy Calculator spreadsheet (as restated in tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs): register unit 256 per block, warp granularity 2, shared unit 512 B; 16 banks of 4 bytes per half-warp: Programming Guide 4.x F.3.3'),
 (1,1, 32, 512,  768, 24,  8,   8192,  8192, 124, 256, 'block', 2, 1,  16384, 16384, 16384, 512, 0, NULL, NULL, 16, 4, NULL, 0,
  'CUDA C Programming Guide 4.x Appendix F.1 (CC 1.0/1.1 columns); CUDA Occupancy Calculator spreadsheet (as restated in tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs): register unit 256 per block, warp granularity 2, shared unit 512 B; 16 banks of 4 bytes per half-warp: Programming Guide 4.x F.3.3'),
 (1,2, 32, 512, 1024, 32,  8,  16384, 16384, 124, 512, 'block', 2, 1,  16384, 16384, 16384, 512, 0, NULL, NULL, 16, 4, NULL, 0,
  'CUDA C Programming Guide 4.x Appendix F.1 (CC 1.2/1.3 columns); CUDA Occupancy Calculator spreadsheet (as restated in tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs): register unit 512 per block, warp granularity 2, shared unit 512 B; 16 banks of 4 bytes per half-warp: Programming Guide 4.x F.3.3'),
 (1,3, 32, 512, 1024, 32,  8,  16384, 16384, 124, 512, 'block', 2, 1,  16384, 16384, 16384, 512, 0, NULL, NULL, 16, 4, NULL, 0,
  'CUDA C Programming Guide 4.x Appendix F.1 (CC 1.2/1.3 columns); CUDA Occupancy Calculator spreadsheet (as restated in tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs): register unit 512 per block, warp granularity 2, shared unit 512 B; 16 banks of 4 bytes per half-warp: Programming Guide 4.x F.3.3'),
 (2,0, 32, 1024, 1536, 48, 8,  32768, 32768,  63,  64, 'warp',  2, 2,  49152, 49152, 49152, 128, 0, NULL, 65536, 32, 4, NULL, 0,
  'CUDA C Programming Guide 4.x Appendix F.1 and F.4 (CC 2.x: 48 KB shared / 16 KB L1 of 64 KB, 32 banks, 2 warp schedulers); CUDA Occupancy Calculator spreadsheet (as restated in tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs): register unit 64 per warp, warp granularity 2, shared unit 128 B'),
 (2,1, 32, 1024, 1536, 48, 8,  32768, 32768,  63,  64, 'warp',  2, 2,  49152, 49152, 49152, 128, 0, NULL, 65536, 32, 4, NULL, 0,
  'CUDA C Programming Guide 4.x Appendix F.1 and F.4 (CC 2.x: 48 KB shared / 16 KB L1 of 64 KB, 32 banks, 2 warp schedulers); CUDA Occupancy Calculator spreadsheet (as restated in tmcdonell/cuda src/Foreign/CUDA/Analysis/Device.chs): register unit 64 per warp, warp granularity 2, shared unit 128 B'),
 (3,0, 32, 1024, 2048, 64, 16, 65536, 65536,  63, 256, 'warp', NULL, 4, 49152, 49152, 49152, 256, 0, NULL, 65536, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 3.0 column, and section Compute Capability 3.x; cuda_occupancy.h (CUDA 13.0): 16 blocks, 256-register and 256-byte allocation units, 4 sub-partitions'),
 (3,2, 32, 1024, 2048, 64, 16, 65536, 32768, 255, 256, 'warp', NULL, 4, 49152, 49152, 49152, 256, 0, NULL, 65536, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 3.2 column (32 K registers per block); cuda_occupancy.h (CUDA 13.0): 16 blocks, 256-register and 256-byte allocation units, 4 sub-partitions'),
 (3,5, 32, 1024, 2048, 64, 16, 65536, 65536, 255, 256, 'warp', NULL, 4, 49152, 49152, 49152, 256, 0, NULL, 65536, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 3.5 column; cuda_occupancy.h (CUDA 13.0): 16 blocks, 256-register and 256-byte allocation units, 4 sub-partitions'),
 (3,7, 32, 1024, 2048, 64, 16, 131072, 65536, 255, 256, 'warp', NULL, 4, 114688, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 3.7 column (128 K registers, 112 KB shared per SM); cuda_occupancy.h (CUDA 13.0): 16 blocks, 256-register and 256-byte allocation units, 4 sub-partitions'),
 (5,0, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 65536, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 5.0 column (64 KB shared per SM, 48 KB per block); cuda_occupancy.h (CUDA 13.0): 32 blocks, 256-register and 256-byte allocation units, 4 sub-partitions'),
 (5,2, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 98304, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 1,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 5.2 column (96 KB shared per SM); cuda_occupancy.h (CUDA 13.0): 32 blocks, allocation units, 4 sub-partitions, partitioned global caching supported'),
 (5,3, 32, 1024, 2048, 64, 32, 65536, 32768, 255, 256, 'warp', NULL, 4, 65536, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 1,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 5.3 column (32 K registers per block); cuda_occupancy.h (CUDA 13.0): 32 blocks, allocation units, 4 sub-partitions, partitioned global caching supported'),
 (6,0, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 2, 65536, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 6.0 column (64 KB shared per SM); cuda_occupancy.h (CUDA 13.0): 32 blocks, allocation units, 2 sub-partitions on GP100'),
 (6,1, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 98304, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 1,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 6.1 column (96 KB shared per SM); cuda_occupancy.h (CUDA 13.0): 32 blocks, allocation units, 4 sub-partitions, partitioned global caching supported'),
 (6,2, 32, 1024, 2048, 64, 32, 65536, 32768, 255, 256, 'warp', NULL, 4, 65536, 49152, 49152, 256, 0, NULL, NULL, 32, 4, NULL, 1,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 6.2 column (32 K registers per block, 64 KB shared per SM); cuda_occupancy.h (CUDA 13.0): 32 blocks, allocation units, 4 sub-partitions, partitioned global caching supported'),
 (7,0, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 98304, 49152, 98304, 256, 0, '0,8,16,32,64,96', 131072, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 7.0 column, and section Compute Capability 7.x (128 KB unified L1/shared, carveout 0/8/16/32/64/96 KB, 96 KB per block with opt-in); cuda_occupancy.h (CUDA 13.0): 32 blocks, allocation units, carveout sizes'),
 (7,5, 32, 1024, 1024, 32, 16, 65536, 65536, 255, 256, 'warp', NULL, 4, 65536, 49152, 65536, 256, 0, '32,64', 98304, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 7.5 column, and section Compute Capability 7.x (96 KB unified L1/shared, carveout 32/64 KB, 64 KB per block with opt-in); cuda_occupancy.h (CUDA 13.0): 16 blocks, allocation units, carveout sizes'),
 (8,0, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 167936, 49152, 166912, 128, 1024, '0,8,16,32,64,100,132,164', 196608, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 8.0 column, and section Compute Capability 8.x (192 KB unified, 164 KB shared per SM, 163 KB per block with opt-in, 1 KB reserved per block); cuda_occupancy.h (CUDA 13.0): 32 blocks, 128-byte shared allocation unit, carveout sizes'),
 (8,6, 32, 1024, 1536, 48, 16, 65536, 65536, 255, 256, 'warp', NULL, 4, 102400, 49152, 101376, 128, 1024, '0,8,16,32,64,100', 131072, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 8.6 column, and section Compute Capability 8.x (128 KB unified, 100 KB shared per SM, 99 KB per block with opt-in, 1 KB reserved per block); cuda_occupancy.h (CUDA 13.0): 16 blocks, 128-byte shared allocation unit, carveout sizes'),
 (8,7, 32, 1024, 1536, 48, 16, 65536, 65536, 255, 256, 'warp', NULL, 4, 167936, 49152, 166912, 128, 1024, '0,8,16,32,64,100,132,164', 196608, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 8.7 column, and section Compute Capability 8.x (192 KB unified, 164 KB shared per SM, 163 KB per block with opt-in); cuda_occupancy.h (CUDA 13.0): 16 blocks, carveout sizes as CC 8.0'),
 (8,9, 32, 1024, 1536, 48, 24, 65536, 65536, 255, 256, 'warp', NULL, 4, 102400, 49152, 101376, 128, 1024, '0,8,16,32,64,100', 131072, 32, 4, NULL, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 8.9 column, and section Compute Capability 8.x (128 KB unified, 100 KB shared per SM, 99 KB per block with opt-in); cuda_occupancy.h (CUDA 13.0): 24 blocks, carveout sizes'),
 (9,0, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 233472, 49152, 232448, 128, 1024, '0,8,16,32,64,100,132,164,196,228', 262144, 32, 4, 64, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 9.0 column, and section Compute Capability 9.0 (256 KB unified, 228 KB shared per SM, 227 KB per block with opt-in, 1 KB reserved per block); cuda_occupancy.h (CUDA 13.0): 32 blocks, carveout sizes, 2 barriers per resident block slot = 64'),
 (10,0, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', NULL, 4, 233472, 49152, 232448, 128, 1024, '0,8,16,32,64,100,132,164,196,228', 262144, 32, 4, 64, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 10.0 column, and section Compute Capability 10.0 (256 KB unified, 228 KB shared per SM, 227 KB per block with opt-in); cuda_occupancy.h (CUDA 13.0): 32 blocks, carveout sizes, 2 barriers per resident block slot = 64'),
 (12,0, 32, 1024, 1536, 48, 24, 65536, 65536, 255, 256, 'warp', NULL, 4, 102400, 49152, 101376, 128, 1024, '0,8,16,32,64,100', 131072, 32, 4, 24, 0,
  'CUDA C++ Programming Guide, Compute Capabilities appendix: Technical Specifications, CC 12.x column, and section Compute Capability 12.0 (128 KB unified, 100 KB shared per SM, 99 KB per block with opt-in); cuda_occupancy.h (CUDA 13.0): 24 blocks, carveout sizes, 1 barrier per resident block slot = 24');
