-- AMD Radeon HD 6970 (TeraScale 3, VLIW4; chip Cayman XT): the GPU seed 003
-- ports Hong and Kim's model to.  It predates GCN: no gfx ISA number (its
-- LLVM processor, R600 backend, is "cayman") and no HIP support, so kperf
-- reads its limits here and estimates its registers (no device compiler
-- runs for it); the coalescing and LDS-conflict checks have no rules for it
-- and stay silent (as on RDNA).  cc_major / cc_minor 4.0 only join the GPU
-- to its rows: no runtime reports a number for this GPU.
--
-- An "SM" is the SIMD engine (compute unit): 16 VLIW4 stream cores that run a
-- wavefront of 64 work-items over 4 cycles; one per CU (sub_partitions 1).
--
-- Sources:
--   [linux]   Linux drivers/gpu/drm/radeon/ni.c (torvalds/linux),
--             cayman_gpu_init, case CHIP_CAYMAN: max_shader_engines 2,
--             max_simds_per_se 12 (24 SIMD engines), max_gprs 256 (128-bit GPRs
--             per work-item slot of a SIMD's register file), max_threads 256
--             (wavefronts per shader engine: 256 / 12 = 21.3 per SIMD engine).
--   [llvm]    LLVM's AMDGPU backend: AMDGPUBaseInfo.cpp getMaxWorkGroupsPerCU
--             returns 8 for a target that is not amdgcn (R600 family);
--             R600AsmPrinter.cpp writes SQ_LDS_ALLOC in dwords (LDS granule 4
--             bytes); R600RegisterInfo.td: T0-T127, 128 GPRs of 4 channels.
--   [spec]    AMD's launch specifications of the Radeon HD 6970 (2010-12-15),
--             as reported by Bright Side of News, "AMD Radeon HD 6970
--             Unveiled" (2010-12-13): 24 SIMD arrays, 1536 stream processors,
--             880 MHz, 2.7 TFLOPS single and 675 GFLOPS double precision, 2 GB
--             GDDR5 at 1375 MHz (5.5 GT/s) on 256 bits, 176.0 GB/s; Tom's
--             Hardware, "Radeon HD 6970 And 6950 Review" (2010-12-15): each VLIW4
--             stream processor does four 32-bit FP FMA, one 64-bit FP FMA and one
--             FP special function per clock.
--   [seed003] Ostapenko (seed 003, ../shared/seeds): throughput measured on this
--             GPU by microbenchmarks, operations per clock per compute unit:
--             float add / subtract / multiply 21-22 (scalar code) and 40
--             (float4), division 2, sin 1, native_sin 2.
--   [ocl]     AMD Accelerated Parallel Processing OpenCL Programming Guide
--             (2012-2013), Evergreen and Northern Islands devices: work-groups of
--             at most 256 work-items; 32 KB of LDS per compute unit in 32 banks of
--             4 bytes.

INSERT INTO cc_limits (isa, cc_major, cc_minor, warp_size, max_threads_per_block,
  max_threads_per_sm, max_warps_per_sm, max_blocks_per_sm, regs_per_sm, regs_per_block,
  max_regs_per_thread, reg_alloc_unit, reg_alloc_granularity, warp_alloc_granularity,
  sub_partitions, smem_per_sm, smem_per_block, smem_per_block_optin, smem_alloc_unit,
  smem_reserved_per_block, smem_carveouts_kb, l1_smem_unified_bytes, smem_banks,
  smem_bank_bytes, barriers_per_sm, partitioned_gc, source) VALUES
 ('cayman', 4, 0, 64, 256, 1344, 21, 8, 1024, NULL, 512, 4, 'warp', NULL, 1,
  32768, 32768, 32768, 4, 0, NULL, NULL, 32, 4, NULL, 0,
  'Linux radeon ni.c cayman_gpu_init (CHIP_CAYMAN): max_threads 256 wavefronts per shader engine of 12 SIMD engines = 21 per SIMD engine (rounded down), max_gprs 256 GPRs of 128 bits (1024 32-bit registers per lane, allocated 4 at a time); LLVM AMDGPUBaseInfo.cpp getMaxWorkGroupsPerCU: 8 work-groups per CU for the R600 family; LLVM R600RegisterInfo.td: 128 GPRs x 4 channels addressable; LLVM R600AsmPrinter.cpp: LDS allocated in dwords; AMD APP OpenCL Programming Guide: work-groups of 256 work-items, 32 KB LDS per CU, 32 banks of 4 bytes');

INSERT INTO cc_throughput (isa, cc_major, cc_minor, class, per_clock_per_sm, source) VALUES
 ('cayman', 4, 0, 'fp32', 22, 'Seed 003 (Ostapenko), measured on a Radeon HD 6970: float add, subtract and multiply of scalar code 21-22 per clock per compute unit (float4: 40; VLIW4 peak 64 = 16 stream processors x 4, AMD: 2.7 TFLOPS = 24 x 64 x 2 x 880 MHz)'),
 ('cayman', 4, 0, 'div_f32', 2, 'Seed 003 (Ostapenko), measured on a Radeon HD 6970: float division 2 per clock per compute unit'),
 ('cayman', 4, 0, 'sfu', 2, 'Seed 003 (Ostapenko), measured on a Radeon HD 6970: native_sin 2 per clock per compute unit (sin: 1)'),
 ('cayman', 4, 0, 'fp64', 16, 'AMD Radeon HD 6970 specifications: 675 GFLOPS double precision = 24 CUs x 16 x 2 x 880 MHz (Tom''s Hardware: one 64-bit FMA per VLIW4 stream processor per clock)');

INSERT INTO gpus (id, full_name, vendor, architecture, chip, cc_major, cc_minor, identity_source,
  sm_count, base_clock_mhz, boost_clock_mhz, shader_clock_mhz, config_source, dram_type,
  dram_bus_bits, dram_bytes, dram_source, launch_latency_cycles, launch_latency_source, isa) VALUES
 ('hd6970', 'AMD Radeon HD 6970', 'AMD', 'TeraScale 3 (VLIW4)', 'Cayman XT', 4, 0,
  'AMD Radeon HD 6970 launch specifications (Bright Side of News, 2010-12-13: Cayman XT); LLVM R600 processor cayman; the GPU of seed 003',
  24, NULL, 880, NULL,
  'AMD Radeon HD 6970 launch specifications (Bright Side of News, 2010-12-13): 24 SIMD arrays, 1536 stream processors, 880 MHz engine clock; Linux radeon ni.c: 2 shader engines x 12 SIMDs',
  'GDDR5', 256, 2147483648,
  'AMD Radeon HD 6970 launch specifications (Bright Side of News, 2010-12-13): 2 GB GDDR5 at 1375 MHz (5.5 GT/s), 256-bit, 176.0 GB/s', NULL, NULL, 'cayman');

INSERT INTO gpu_aliases (alias, gpu_id) VALUES
 ('radeon-hd-6970', 'hd6970'), ('hd-6970', 'hd6970'), ('radeon-hd6970', 'hd6970'), ('cayman-xt', 'hd6970');

INSERT INTO gpu_memory (gpu_id, level, size_bytes, line_bytes, size_source, latency_cycles,
  latency_source, bandwidth_gbs, bandwidth_source) VALUES
 ('hd6970', 'dram', 2147483648, NULL, 'AMD Radeon HD 6970 launch specifications: 2 GB GDDR5', NULL, NULL,
  176.0, 'AMD Radeon HD 6970 launch specifications (Bright Side of News, 2010-12-13): 176.0 GB/s');
