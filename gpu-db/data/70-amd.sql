-- AMD GPUs.  Their rules are those of the ISA their code is compiled for
-- (column isa: gfx906, gfx90a, ...), not of a compute capability: cc_major /
-- cc_minor are what HIP reports (hipDeviceProp_t major/minor), and the rows of
-- cc_limits and cc_throughput are keyed by the ISA.  An "SM" is the block the
-- waves of a workgroup share: the compute unit (CU) of GCN/CDNA, the
-- workgroup processor (WGP, two CUs) of RDNA in its default WGP mode.
--
-- cc_limits columns for AMD rows (docs/gpu-db.md "AMD GPUs"):
--   warp_size             wavefront size HIP compiles for (64 on GCN/CDNA, 32 on RDNA)
--   max_warps_per_sm      waves per SIMD (LLVM getMaxWavesPerEU) x SIMDs per CU
--   sub_partitions        SIMDs per CU/WGP (LLVM getEUsPerCU)
--   regs_per_sm           VGPRs per lane of one SIMD (LLVM getTotalNumVGPRs) x SIMDs
--   reg_alloc_unit        VGPR allocation granule (LLVM getVGPRAllocGranule)
--   max_regs_per_thread   addressable VGPRs (LLVM getAddressableNumVGPRs)
--   max_blocks_per_sm     GCN/CDNA: workgroups per CU for workgroups of 2 or more waves,
--                         min(40 / waves, 16) (one-wave workgroups: 40; LLVM
--                         getMaxWorkGroupsPerCU); RDNA: no limit beyond the waves (LLVM 22's
--                         llc -mcpu=gfx1030/gfx1032/gfx1100 reports 16 waves per SIMD for
--                         workgroups of 1 to 32 waves), so the waves per WGP
--   smem_*                LDS; smem_alloc_unit: the LDS allocation granule
--   smem_banks/bytes      LDS banks
-- Sources: LLVM's AMDGPU backend, llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp
-- (IsaInfo: getMaxWavesPerEU, getEUsPerCU, getTotalNumVGPRs, getVGPRAllocGranule,
-- getAddressableNumVGPRs, getMaxWorkGroupsPerCU, getMaxFlatWorkGroupSize), and
-- the LLVM AMDGPU usage guide (llvm.org/docs/AMDGPUUsage.html: LDS granule of
-- COMPUTE_PGM_RSRC2.LDS_SIZE, 128 dwords on GFX7 and later; 64 KiB of LDS per
-- workgroup).  The LDS of GCN/CDNA: 32 banks of 4 bytes (AMD GCN architecture
-- whitepaper, 2012; AMD CDNA 2 whitepaper, 2021: 64 KB LDS per CU).
INSERT INTO cc_limits (isa, cc_major, cc_minor, warp_size, max_threads_per_block,
  max_threads_per_sm, max_warps_per_sm, max_blocks_per_sm, regs_per_sm, regs_per_block,
  max_regs_per_thread, reg_alloc_unit, reg_alloc_granularity, warp_alloc_granularity,
  sub_partitions, smem_per_sm, smem_per_block, smem_per_block_optin, smem_alloc_unit,
  smem_reserved_per_block, smem_carveouts_kb, l1_smem_unified_bytes, smem_banks,
  smem_bank_bytes, barriers_per_sm, partitioned_gc, source) VALUES
 ('gfx906', 9, 0, 64, 1024, 2560, 40, 16, 1024, NULL, 256, 4, 'warp', NULL, 4,
  65536, 65536, 65536, 512, 0, NULL, NULL, 32, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx9 10 waves per SIMD, 4 SIMDs per CU, 256 VGPRs (granule 4 in wave64), max workgroup 1024, workgroups per CU min(40 / waves, 16); AMDGPUUsage: LDS granule 128 dwords; Vega 20 (MI50): 64 KB LDS per CU, 32 banks'),
 ('gfx908', 9, 0, 64, 1024, 2560, 40, 16, 1024, NULL, 256, 4, 'warp', NULL, 4,
  65536, 65536, 65536, 512, 0, NULL, NULL, 32, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx908 10 waves per SIMD, 4 SIMDs per CU, 256 VGPRs (granule 4; the 256 AGPRs are a separate file), max workgroup 1024, workgroups per CU min(40 / waves, 16); AMDGPUUsage: LDS granule 128 dwords; AMD CDNA whitepaper (2020): 64 KB LDS per CU'),
 ('gfx90a', 9, 0, 64, 1024, 2048, 32, 16, 2048, NULL, 512, 8, 'warp', NULL, 4,
  65536, 65536, 65536, 512, 0, NULL, NULL, 32, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx90a 8 waves per SIMD, 4 SIMDs per CU, 512 unified VGPRs/AGPRs (granule 8), max workgroup 1024, workgroups per CU min(40 / waves, 16); llvm-calc-occupancy documentation (gfx90a: Max waves/EU 8, EUs per CU 4); AMDGPUUsage: LDS granule 128 dwords; AMD CDNA 2 whitepaper (2021): 64 KB LDS per CU'),
 ('gfx942', 9, 4, 64, 1024, 2048, 32, 16, 2048, NULL, 512, 8, 'warp', NULL, 4,
  65536, 65536, 65536, 512, 0, NULL, NULL, 32, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx940 family (GFX90A instructions) 8 waves per SIMD, 4 SIMDs per CU, 512 unified VGPRs/AGPRs (granule 8), max workgroup 1024; AMDGPUUsage: LDS granule 128 dwords; AMD CDNA 3 whitepaper (2023): 64 KB LDS per CU'),
 ('gfx1030', 10, 3, 32, 1024, 2048, 64, 64, 4096, NULL, 256, 16, 'warp', NULL, 4,
  131072, 65536, 65536, 512, 0, NULL, NULL, 64, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx10.3 16 waves per SIMD, 4 SIMDs per WGP (WGP mode), 1024 VGPRs in wave32 (granule 16), 256 addressable, max workgroup 1024; LDS 128 KB per WGP, 64 KB per workgroup (AMDGPUUsage; AMD RDNA whitepaper 2019: 128 KB LDS per WGP, 64 banks)'),
 ('gfx1032', 10, 3, 32, 1024, 2048, 64, 64, 4096, NULL, 256, 16, 'warp', NULL, 4,
  131072, 65536, 65536, 512, 0, NULL, NULL, 64, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx10.3 16 waves per SIMD, 4 SIMDs per WGP (WGP mode), 1024 VGPRs in wave32 (granule 16), 256 addressable, max workgroup 1024; LDS 128 KB per WGP, 64 KB per workgroup (AMDGPUUsage; AMD RDNA whitepaper 2019: 128 KB LDS per WGP, 64 banks)'),
 ('gfx1100', 11, 0, 32, 1024, 2048, 64, 64, 6144, NULL, 256, 24, 'warp', NULL, 4,
  131072, 65536, 65536, 512, 0, NULL, NULL, 64, 4, NULL, 0,
  'LLVM AMDGPUBaseInfo.cpp (IsaInfo): gfx11 16 waves per SIMD, 4 SIMDs per WGP (WGP mode), 1536 VGPRs in wave32 on gfx1100/gfx1101 (granule 24), 256 addressable, max workgroup 1024; LDS 128 KB per WGP, 64 KB per workgroup (AMDGPUUsage)');

-- Throughput per CU (GCN/CDNA) or WGP (RDNA) and clock, derived from AMD's
-- peak figures (FLOPS = units x 2 (FMA) x clock): a class is listed only where
-- the vendor's figure gives it.  Non-packed FP32 (packed FP32 doubles CDNA 2/3
-- peaks; RDNA 3 dual issue doubles its peak): kperf counts one FMA per lane.
INSERT INTO cc_throughput (isa, cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
 ('gfx906', 9, 0, 'fp32', 64, 'AMD Radeon Instinct MI50 datasheet: 13.4 TFLOPS FP32 = 60 CUs x 64 lanes x 2 x 1725 MHz'),
 ('gfx906', 9, 0, 'fp64', 32, 'AMD Radeon Instinct MI50 datasheet: 6.7 TFLOPS FP64 (half rate) = 60 CUs x 32 x 2 x 1725 MHz'),
 ('gfx908', 9, 0, 'fp32', 64, 'AMD Instinct MI100 datasheet: 23.1 TFLOPS FP32 vector = 120 CUs x 64 lanes x 2 x 1502 MHz'),
 ('gfx908', 9, 0, 'fp64', 32, 'AMD Instinct MI100 datasheet: 11.5 TFLOPS FP64 vector = 120 CUs x 32 x 2 x 1502 MHz'),
 ('gfx90a', 9, 0, 'fp32', 64, 'AMD Instinct MI250X datasheet: 47.9 TFLOPS FP32 vector (packed) = 220 CUs x 128 x 2 x 1700 MHz; 64 lanes per CU without packed FP32 (AMD CDNA 2 whitepaper)'),
 ('gfx90a', 9, 0, 'fp64', 64, 'AMD Instinct MI250X datasheet: 47.9 TFLOPS FP64 vector = 220 CUs x 64 x 2 x 1700 MHz (full-rate FP64, AMD CDNA 2 whitepaper)'),
 ('gfx942', 9, 4, 'fp32', 64, 'AMD Instinct MI300X datasheet: 163.4 TFLOPS FP32 vector (packed/dual) = 304 CUs x 128 x 2 x 2100 MHz; 64 lanes per CU unpacked (AMD CDNA 3 whitepaper)'),
 ('gfx942', 9, 4, 'fp64', 64, 'AMD Instinct MI300X datasheet: 81.7 TFLOPS FP64 vector = 304 CUs x 64 x 2 x 2100 MHz'),
 ('gfx1030', 10, 3, 'fp32', 128, 'AMD Radeon RX 6900 XT specifications: 23.04 TFLOPS FP32 = 80 CUs x 64 x 2 x 2250 MHz; 128 per WGP'),
 ('gfx1032', 10, 3, 'fp32', 128, 'AMD Radeon PRO W6600 specifications: 10.4 TFLOPS FP32 = 28 CUs x 64 x 2 x 2903 MHz; 128 per WGP'),
 ('gfx1100', 11, 0, 'fp32', 128, 'AMD Radeon PRO W7800 specifications: 45.2 TFLOPS FP32 = 70 CUs x 64 x 2 (dual issue) x 2 x 2499 MHz (about); 128 per WGP without dual issue');

-- The GPUs.  One HIP device each: an MI250X is two graphics compute dies
-- (GCDs), each a HIP device of 110 CUs with half the memory; the row is one GCD.
-- The RDNA GPUs (Radeon PRO W6600, W7800, RX 6900 XT, RX 7900 XTX), whose
-- ISAs' limits are above, are in 71-amd-rdna.sql.
INSERT INTO gpus (id, full_name, vendor, architecture, chip, cc_major, cc_minor, identity_source,
  sm_count, base_clock_mhz, boost_clock_mhz, shader_clock_mhz, config_source, dram_type,
  dram_bus_bits, dram_bytes, dram_source, launch_latency_cycles, launch_latency_source, isa) VALUES
 ('mi50', 'AMD Radeon Instinct MI50 (32 GB)', 'AMD', 'GCN 5 (Vega 20)', 'Vega 20', 9, 0,
  'AMD Radeon Instinct MI50 datasheet; gfx906: LLVM AMDGPUUsage processor table (Vega 20: gfx906)',
  60, NULL, 1725, NULL, 'AMD Radeon Instinct MI50 datasheet: 60 CUs (3840 stream processors), peak engine clock 1725 MHz',
  'HBM2', 4096, 34359738368, 'AMD Radeon Instinct MI50 datasheet: 32 GB HBM2, 4096-bit, 1024 GB/s', NULL, NULL, 'gfx906'),
 ('mi100', 'AMD Instinct MI100', 'AMD', 'CDNA', 'Arcturus', 9, 0,
  'AMD Instinct MI100 datasheet; gfx908: LLVM AMDGPUUsage processor table; HIP major.minor 9.0: mt4g sample_results/AMD Instinct MI100.json',
  120, NULL, 1502, NULL, 'AMD Instinct MI100 datasheet: 120 CUs, peak engine clock 1502 MHz (mt4g sample_results/AMD Instinct MI100.json: multiProcessorCount 120, clockRate 1502000 kHz)',
  'HBM2', 4096, 34342961152, 'mt4g sample_results/AMD Instinct MI100.json: totalGlobalMem, memoryBusWidth 4096; datasheet: 32 GB HBM2, 1228.8 GB/s', NULL, NULL, 'gfx908'),
 ('mi210', 'AMD Instinct MI210', 'AMD', 'CDNA 2', 'Aldebaran', 9, 0,
  'AMD Instinct MI210 datasheet; gfx90a: LLVM AMDGPUUsage processor table; HIP major.minor 9.0: mt4g sample_results/AMD Instinct MI210.json',
  104, NULL, 1700, NULL, 'mt4g sample_results/AMD Instinct MI210.json: multiProcessorCount 104, clockRate 1700000 kHz (datasheet: 104 CUs, peak engine clock 1700 MHz)',
  'HBM2e', 4096, 68702699520, 'mt4g sample_results/AMD Instinct MI210.json: totalGlobalMem, memoryBusWidth 4096; datasheet: 64 GB HBM2e, 1638.4 GB/s', NULL, NULL, 'gfx90a'),
 ('mi250x', 'AMD Instinct MI250X (one GCD, as HIP sees it)', 'AMD', 'CDNA 2', 'Aldebaran', 9, 0,
  'AMD Instinct MI250X datasheet (two GCDs, each a HIP device); gfx90a: LLVM AMDGPUUsage processor table',
  110, NULL, 1700, NULL, 'AMD Instinct MI250X datasheet: 220 CUs in two GCDs (110 each), peak engine clock 1700 MHz',
  'HBM2e', 4096, 68719476736, 'AMD Instinct MI250X datasheet: 128 GB HBM2e, 8192-bit, 3.2768 TB/s for two GCDs: 64 GB, 4096-bit, 1638.4 GB/s per GCD', NULL, NULL, 'gfx90a'),
 ('mi300x', 'AMD Instinct MI300X', 'AMD', 'CDNA 3', 'Aqua Vanjaram', 9, 4,
  'AMD Instinct MI300X datasheet; gfx942: LLVM AMDGPUUsage processor table; HIP major.minor 9.4: mt4g sample_results/AMD Instinct MI300X VF.json',
  304, NULL, 2100, NULL, 'mt4g sample_results/AMD Instinct MI300X VF.json: multiProcessorCount 304, clockRate 2100000 kHz (datasheet: 304 CUs, peak engine clock 2100 MHz)',
  'HBM3', 8192, 205822885888, 'mt4g sample_results/AMD Instinct MI300X VF.json: totalGlobalMem, memoryBusWidth 8192; datasheet: 192 GB HBM3, 5.3 TB/s', NULL, NULL, 'gfx942');

INSERT INTO gpu_aliases (alias, gpu_id) VALUES
 ('instinct-mi50', 'mi50'), ('radeon-instinct-mi50', 'mi50'), ('mi50-32gb', 'mi50'),
 ('instinct-mi100', 'mi100'), ('instinct-mi210', 'mi210'),
 ('instinct-mi250x', 'mi250x'), ('mi250x-gcd', 'mi250x'),
 ('instinct-mi300x', 'mi300x'), ('mi300x-vf', 'mi300x');


-- Memory: mt4g's measurements of MI100, MI210 and MI300X (cycles of the
-- engine clock; p-chase means).  The MI250X's GCD is the MI210's chip
-- (CDNA 2, gfx90a); the MI50 (GCN 5) takes the MI100's (CDNA, its successor)
-- and says so.  DRAM bandwidths are AMD's peak figures.
INSERT INTO gpu_memory (gpu_id, level, size_bytes, line_bytes, size_source, latency_cycles,
  latency_source, bandwidth_gbs, bandwidth_source) VALUES
 ('mi100', 'shared', NULL, NULL, NULL, 49.976470588235294, 'mt4g sample_results/AMD Instinct MI100.json: memory.shared.latency.mean (p-chase)', NULL, NULL),
 ('mi100', 'l1', 16384, 64, 'mt4g sample_results/AMD Instinct MI100.json: memory.l1.size 16384, lineSize 64', 136.0, 'mt4g sample_results/AMD Instinct MI100.json: memory.l1.latency.mean (p-chase)', NULL, NULL),
 ('mi100', 'l2', 8388608, 64, 'mt4g sample_results/AMD Instinct MI100.json: memory.l2.size 8388608, fetchGranularity 64', 343.6862745098039, 'mt4g sample_results/AMD Instinct MI100.json: memory.l2.latency.mean (p-chase)', 2668.0, 'mt4g sample_results/AMD Instinct MI100.json: memory.l2.readBandwidth 2484.74 GiB/s'),
 ('mi100', 'dram', 34342961152, NULL, 'mt4g sample_results/AMD Instinct MI100.json: totalGlobalMem', 703.1656082071324, 'mt4g sample_results/AMD Instinct MI100.json: memory.main.latency.mean (p-chase)', 1228.8, 'AMD Instinct MI100 datasheet: 1.2288 TB/s'),
 ('mi210', 'shared', NULL, NULL, NULL, 49.94509803921569, 'mt4g sample_results/AMD Instinct MI210.json: memory.shared.latency.mean (p-chase)', NULL, NULL),
 ('mi210', 'l1', 16384, 64, 'mt4g sample_results/AMD Instinct MI210.json: memory.l1.size 16384, lineSize 64', 124.0, 'mt4g sample_results/AMD Instinct MI210.json: memory.l1.latency.mean (p-chase)', NULL, NULL),
 ('mi210', 'l2', 8388608, 128, 'mt4g sample_results/AMD Instinct MI210.json: memory.l2.size 8388608, lineSize 128', 302.1490196078431, 'mt4g sample_results/AMD Instinct MI210.json: memory.l2.latency.mean (p-chase)', 4310.1, 'mt4g sample_results/AMD Instinct MI210.json: memory.l2.readBandwidth 4014.12 GiB/s'),
 ('mi210', 'dram', 68702699520, NULL, 'mt4g sample_results/AMD Instinct MI210.json: totalGlobalMem', 740.8832437713727, 'mt4g sample_results/AMD Instinct MI210.json: memory.main.latency.mean (p-chase)', 1638.4, 'AMD Instinct MI210 datasheet: 1.6384 TB/s'),
 ('mi250x', 'shared', NULL, NULL, NULL, 49.94509803921569, 'mt4g sample_results/AMD Instinct MI210.json: memory.shared.latency.mean (p-chase), measured on an MI210 (the same CDNA 2 GCD), not on this GPU', NULL, NULL),
 ('mi250x', 'l1', 16384, 64, 'mt4g sample_results/AMD Instinct MI210.json (the same CDNA 2 GCD): memory.l1.size 16384, lineSize 64', 124.0, 'mt4g sample_results/AMD Instinct MI210.json: memory.l1.latency.mean (p-chase), measured on an MI210 (the same CDNA 2 GCD), not on this GPU', NULL, NULL),
 ('mi250x', 'l2', 8388608, 128, 'AMD CDNA 2 whitepaper (2021): 8 MB L2 per GCD', 302.1490196078431, 'mt4g sample_results/AMD Instinct MI210.json: memory.l2.latency.mean (p-chase), measured on an MI210 (the same CDNA 2 GCD), not on this GPU', NULL, NULL),
 ('mi250x', 'dram', 68719476736, NULL, 'AMD Instinct MI250X datasheet: 128 GB for two GCDs', 740.8832437713727, 'mt4g sample_results/AMD Instinct MI210.json: memory.main.latency.mean (p-chase), measured on an MI210 (the same CDNA 2 GCD), not on this GPU', 1638.4, 'AMD Instinct MI250X datasheet: 3.2768 TB/s for two GCDs, 1638.4 GB/s per GCD'),
 ('mi300x', 'shared', NULL, NULL, NULL, 51.294117647058826, 'mt4g sample_results/AMD Instinct MI300X VF.json: memory.shared.latency.mean (p-chase)', NULL, NULL),
 ('mi300x', 'l1', 32768, 128, 'mt4g sample_results/AMD Instinct MI300X VF.json: memory.l1.size 32768, lineSize 128', 116.0, 'mt4g sample_results/AMD Instinct MI300X VF.json: memory.l1.latency.mean (p-chase)', NULL, NULL),
 ('mi300x', 'l2', 4194304, 128, 'mt4g sample_results/AMD Instinct MI300X VF.json: memory.l2.size 4194304 (per XCD), lineSize 128', 287.5450980392157, 'mt4g sample_results/AMD Instinct MI300X VF.json: memory.l2.latency.mean (p-chase)', NULL, NULL),
 ('mi300x', 'dram', 205822885888, NULL, 'mt4g sample_results/AMD Instinct MI300X VF.json: totalGlobalMem', 899.6580361504641, 'mt4g sample_results/AMD Instinct MI300X VF.json: memory.main.latency.mean (p-chase)', 5300, 'AMD Instinct MI300X datasheet: 5.3 TB/s'),
 ('mi50', 'shared', NULL, NULL, NULL, 49.976470588235294, 'mt4g sample_results/AMD Instinct MI100.json: memory.shared.latency.mean (p-chase), measured on an MI100 (CDNA, the successor of Vega 20), not on this GPU', NULL, NULL),
 ('mi50', 'l1', 16384, 64, 'AMD Vega ISA: 16 KB vector L1 per CU; line 64 B as measured on an MI100 (mt4g)', 136.0, 'mt4g sample_results/AMD Instinct MI100.json: memory.l1.latency.mean (p-chase), measured on an MI100 (CDNA, the successor of Vega 20), not on this GPU', NULL, NULL),
 ('mi50', 'l2', 4194304, 64, 'AMD Radeon Instinct MI50 datasheet: 4 MB L2', 343.6862745098039, 'mt4g sample_results/AMD Instinct MI100.json: memory.l2.latency.mean (p-chase), measured on an MI100 (CDNA, the successor of Vega 20), not on this GPU', NULL, NULL),
 ('mi50', 'dram', 34359738368, NULL, 'AMD Radeon Instinct MI50 datasheet: 32 GB', 703.1656082071324, 'mt4g sample_results/AMD Instinct MI100.json: memory.main.latency.mean (p-chase), measured on an MI100 (CDNA, the successor of Vega 20), not on this GPU', 1024, 'AMD Radeon Instinct MI50 datasheet: 1024 GB/s');

-- Dependent-issue latency of vector ALU instructions on GCN/CDNA: a SIMD16
-- runs one wave64 instruction over 4 cycles and issues the wave's next one in
-- its next slot, 4 cycles later (AMD Graphics Core Next architecture
-- whitepaper, 2012, "each SIMD ... 4 cycles per wavefront instruction"; the
-- same four-cycle cadence in the AMD CDNA and CDNA 2 ISA guides).  RDNA's:
-- 71-amd-rdna.sql.
INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source) VALUES
 ('mi50', 'fp32', 4, 'AMD GCN architecture whitepaper (2012): a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi50', 'int_add', 4, 'AMD GCN architecture whitepaper (2012): a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi100', 'fp32', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi100', 'int_add', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi210', 'fp32', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA 2 ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi210', 'int_add', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA 2 ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi250x', 'fp32', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA 2 ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi250x', 'int_add', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA 2 ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi300x', 'fp32', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA 3 ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16'),
 ('mi300x', 'int_add', 4, 'AMD GCN architecture whitepaper (2012) and AMD CDNA 3 ISA guide: a wave64 VALU instruction every 4 cycles per SIMD16');
