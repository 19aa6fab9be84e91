-- AMD's RDNA GPUs: Radeon PRO W6600 and Radeon RX 6900 XT (RDNA 2, gfx1032 and
-- gfx1030), Radeon PRO W7800 and Radeon RX 7900 XTX (RDNA 3, gfx1100).  Their
-- ISAs' rows of cc_limits and cc_throughput are in 70-amd.sql; an "SM" is the
-- workgroup processor (WGP, two CUs) of RDNA's default WGP mode, so sm_count
-- is half the CU count.
--
-- Sources (named in full by the rows):
--   [rocm-specs]  AMD ROCm documentation, "GPU hardware specifications"
--                 (https://rocm.docs.amd.com/en/latest/reference/gpu-arch-specs.html;
--                 docs/reference/gpu-arch-specs.rst, ROCm/legacy-rocm-build at
--                 089d7513): per GPU the LLVM target,
--                 VRAM, CUs, Infinity Cache, L2, graphics L1 and L0 vector cache.
--   [kfd]         Linux drivers/gpu/drm/amd/amdkfd/kfd_crat.c (torvalds/linux):
--                 the cache tables of Navi 21 (sienna_cichlid_cache_info) and
--                 Navi 23 (dimgrey_cavefish_cache_info): TCP (vector L0) 16 KB per
--                 CU with 128-byte lines, L2 4096 / 2048 KB with 128-byte lines,
--                 L3 (Infinity Cache) 128 / 32 MB.
--   [gpu-benches] RRZE-HPC gpu-benches (github.com/te42kyfo/gpu-benches),
--                 gpu-latency/rx6900xt.txt (commit 30c46d2, 2023-07-21): a pointer
--                 chase of one 64-thread workgroup over a buffer in random order,
--                 column 5 = cycles per load at the clock the tool read (2570 MHz on
--                 this RX 6900 XT).  The chase compiles to vector loads
--                 (flat_load_dwordx2 with LLVM 22 for gfx1030), and the same tool's
--                 MI210 run (gpu-latency/mi210.txt) reads 125 cycles at its first
--                 level, mt4g's vector L1 latency of the MI210 (124), not its scalar
--                 one (53): the first level is the vector L0.  Its README: "the 16kB
--                 L0 cache, the 128kB semi-shared L1 cache, the 4MB L2 cache, and the
--                 128MB Infinity cache" are visible; DRAM latency is "> 2000 cycles"
--                 because "the DRAM interface does not clock up for a single
--                 wavefront".
--   [llvm-sched]  LLVM's AMDGPU scheduling models (llvm/lib/Target/AMDGPU/
--                 SISchedule.td, GFX10SpeedModel for gfx1030/gfx1032 and
--                 GFX11SpeedModel for gfx1100), as llvm-mca 22.1.8 reports them:
--                 v_fmac_f32, v_mul_f32, v_add_nc_u32, v_cvt_f32_i32 5 cycles,
--                 v_mul_lo_u32 8, v_rsq_f32 10, v_fma_f64/v_add_f64 22 (gfx10.3) or
--                 38 (gfx11), ds_read_b32 20.  Compiler model values, not
--                 measurements; no measured latency in cycles of RDNA's vector ALU or
--                 LDS was found.
--
-- Measured here: the RX 6900 XT (gpu-benches).  No measurement in cycles of an
-- RDNA 3 GPU's caches was found (Chips and Cheese's RDNA 3 articles, e.g.
-- "Microbenchmarking AMD's RDNA 3 Graphics Architecture", 2023-01-07, plot
-- them in ns; the one figure found in their text is the RX 7900 XTX's vector
-- Infinity Cache latency, 150.3 ns in a high power state, "Latency Testing is
-- Hard (RDNA 3 Power Saving)", 2023-06-14), so the W6600 (RDNA 2)
-- and the RDNA 3 GPUs take the RX 6900 XT's, and say so.  L0 and L2 run on the
-- shader clock, so their cycle counts carry over; DRAM's latency is a time
-- (761.9 ns = 1958.1 cycles at 2570 MHz, the largest footprint, 1.5 GB), given
-- in cycles of each GPU's boost clock.  The Infinity Cache (AMD's last-level
-- cache between L2 and DRAM) has no level in this schema; the dram rows name
-- its size and latency.

INSERT INTO gpus (id, full_name, vendor, architecture, chip, cc_major, cc_minor, identity_source,
  sm_count, base_clock_mhz, boost_clock_mhz, shader_clock_mhz, config_source, dram_type,
  dram_bus_bits, dram_bytes, dram_source, launch_latency_cycles, launch_latency_source, isa) VALUES
 ('w6600', 'AMD Radeon PRO W6600', 'AMD', 'RDNA 2', 'Navi 23', 10, 3,
  'AMD ROCm GPU hardware specifications (rocm.docs.amd.com reference/gpu-arch-specs): Radeon PRO W6600, RDNA2, LLVM target gfx1032, GFXIP 10.3; Navi 23: Hardwareluxx, "AMD packt Big Navi in Radeon-Pro-Karten" (2021-06: the Radeon Pro W6600 uses the Navi 23 GPU); rocminfo on a W6600 (ROCm/legacy-rocm-build issue #1756): Name gfx1032, Marketing Name AMD Radeon PRO W6600',
  14, NULL, 2903, NULL,
  'AMD ROCm GPU hardware specifications: 28 CUs = 14 WGPs; rocminfo (ROCm/legacy-rocm-build issue #1756): Compute Unit 28, Max Clock Freq. 2910 MHz; AMD Radeon PRO W6600 specifications: peak engine clock 2903 MHz, 10.4 TFLOPS FP32 = 28 CUs x 64 x 2 x 2903 MHz',
  'GDDR6', 128, 8589934592,
  'AMD ROCm GPU hardware specifications: VRAM 8 GiB; AMD Radeon PRO W6600 specifications: 8 GB GDDR6, 128-bit, 224 GB/s (also Hardwareluxx, 2021-06: 8 GB, 128 bit, 224 GB/s)',
  NULL, NULL, 'gfx1032'),
 ('w7800', 'AMD Radeon PRO W7800', 'AMD', 'RDNA 3', 'Navi 31', 11, 0,
  'AMD ROCm GPU hardware specifications (rocm.docs.amd.com reference/gpu-arch-specs): Radeon PRO W7800 (32 GB), RDNA3, LLVM target gfx1100 (the Navi 31 target), GFXIP 11.0',
  35, NULL, 2499, NULL,
  'AMD ROCm GPU hardware specifications: 70 CUs = 35 WGPs; AMD Radeon PRO W7800 specifications: boost clock 2499 MHz, 45.2 TFLOPS FP32 with dual issue (the data-sheet figure also listed in ProjectPhysX/FluidX3D README.md)',
  'GDDR6', 256, 34359738368,
  'AMD ROCm GPU hardware specifications: VRAM 32 GiB (the 48 GB W7800 is a separate product with a 96 MB Infinity Cache); AMD Radeon PRO W7800 specifications: 32 GB GDDR6, 256-bit, 576 GB/s (data-sheet bandwidth also in ProjectPhysX/FluidX3D README.md)',
  NULL, NULL, 'gfx1100'),
 ('rx6900xt', 'AMD Radeon RX 6900 XT', 'AMD', 'RDNA 2', 'Navi 21', 10, 3,
  'AMD ROCm GPU hardware specifications (rocm.docs.amd.com reference/gpu-arch-specs): Radeon RX 6900 XT, RDNA2, LLVM target gfx1030, GFXIP 10.3; Navi 21: TechPowerUp, "AMD Radeon RX 6900 XT Review - The Biggest Big Navi", page 2 (the 7 nm Navi 21 silicon)',
  40, NULL, 2250, NULL,
  'AMD ROCm GPU hardware specifications: 80 CUs = 40 WGPs; AMD Radeon RX 6900 XT specifications: boost clock 2250 MHz, 23.04 TFLOPS FP32 = 80 CUs x 64 x 2 x 2250 MHz (Guru3D, PowerColor RX 6900 XT Red Devil review, page 5: boost clock 2250 MHz; ProjectPhysX/FluidX3D README.md: 23.04 TFLOPS)',
  'GDDR6', 256, 17179869184,
  'AMD ROCm GPU hardware specifications: VRAM 16 GiB; AMD Radeon RX 6900 XT specifications: 16 GB GDDR6 at 16 Gbps, 256-bit, 512 GB/s (Guru3D, PowerColor RX 6900 XT Red Devil review, page 5; TechPowerUp RX 6900 XT review, page 2: 256-bit GDDR6)',
  NULL, NULL, 'gfx1030'),
 ('rx7900xtx', 'AMD Radeon RX 7900 XTX', 'AMD', 'RDNA 3', 'Navi 31', 11, 0,
  'AMD ROCm GPU hardware specifications (rocm.docs.amd.com reference/gpu-arch-specs): Radeon RX 7900 XTX, RDNA3, LLVM target gfx1100, GFXIP 11.0; Navi 31: Chips and Cheese, "Latency Testing is Hard (RDNA 3 Power Saving)" (2023-06-14: the RX 7900 XTX uses the Navi 31 chip)',
  48, NULL, 2500, NULL,
  'AMD ROCm GPU hardware specifications: 96 CUs = 48 WGPs; AMD Radeon RX 7900 XTX specifications: game clock 2.3 GHz, boost clock 2.5 GHz (PurePC, 2023-01: 2.5 GHz boost, 2.3 GHz game on the reference card; TechSpot launch article, 2022-11: 2.3 GHz game clock); 61.44 TFLOPS FP32 with dual issue = 96 x 64 x 2 x 2 x 2500 MHz (ProjectPhysX/FluidX3D README.md)',
  'GDDR6', 384, 25769803776,
  'AMD ROCm GPU hardware specifications: VRAM 24 GiB; AMD Radeon RX 7900 XTX specifications: 24 GB GDDR6 at 20 Gbps, 384-bit, 960 GB/s (data-sheet bandwidth in ProjectPhysX/FluidX3D README.md)',
  NULL, NULL, 'gfx1100');

INSERT INTO gpu_aliases (alias, gpu_id) VALUES
 ('radeon-pro-w6600', 'w6600'), ('pro-w6600', 'w6600'),
 ('radeon-pro-w7800', 'w7800'), ('pro-w7800', 'w7800'),
 ('radeon-rx-6900-xt', 'rx6900xt'), ('6900xt', 'rx6900xt'),
 ('radeon-rx-7900-xtx', 'rx7900xtx'), ('7900xtx', 'rx7900xtx');

-- Memory.  'l1' is the first level a global load meets: the vector L0 of a CU
-- (the graphics L1 of a shader array, 128 KB on RDNA 2 and 256 KB on RDNA 3,
-- sits between it and L2 and has no level here).  The shared row's latency is
-- LLVM's scheduling-model value for an LDS load ([llvm-sched]), not a
-- measurement.
INSERT INTO gpu_memory (gpu_id, level, size_bytes, line_bytes, size_source, latency_cycles,
  latency_source, bandwidth_gbs, bandwidth_source) VALUES
 ('rx6900xt', 'shared', NULL, NULL, NULL, 20,
  'LLVM AMDGPU scheduling model GFX10SpeedModel: WriteLDS 20 cycles (llvm-mca 22.1.8 -mcpu=gfx1030: ds_read_b32 latency 20); a compiler model value, not a measurement: no measured LDS latency in cycles was found', NULL, NULL),
 ('rx6900xt', 'l1', 16384, 128,
  'AMD ROCm GPU hardware specifications: L0 vector cache 16 KiB (per CU); Linux amdkfd kfd_crat.c sienna_cichlid_cache_info: TCP L1 16 KB per CU, cache_line_size 128',
  73.1,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 73.1 cycles (28.4 ns at 2570 MHz) at every footprint of 1 to 15 kB: the vector L0',
  NULL, NULL),
 ('rx6900xt', 'l2', 4194304, 128,
  'AMD ROCm GPU hardware specifications: L2 4 MiB; Linux amdkfd kfd_crat.c sienna_cichlid_cache_info: L2 4096 KB, cache_line_size 128',
  210.3,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: median of the 24 footprints from 431 kB to 3.9 MB (198-223 cycles at 2570 MHz, about 82 ns; the 128 KB graphics L1 reads 102-121 cycles from 30 to 130 kB)',
  4625,
  'RRZE-HPC gpu-benches gpu-l2-cache/rx6900xt.txt (commit 3088b33, 2024-04-03): median of the rows with data sets of 1.5 to 4 MB, 4547-5164 GB/s (the Infinity Cache reads 1.88-2.03 TB/s from 12 to 121 MB)'),
 ('rx6900xt', 'dram', 17179869184, NULL, 'AMD ROCm GPU hardware specifications: VRAM 16 GiB', 1714.3,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 1958.1 cycles at 2570 MHz = 761.9 ns at a 1.5 GB footprint, = 1714.3 cycles at the 2250 MHz boost clock; the README warns that DRAM does not clock up for one wavefront, so this overstates a loaded GPU''s DRAM latency.  L2 misses first meet the 128 MB Infinity Cache (AMD ROCm GPU hardware specifications; Linux amdkfd kfd_crat.c: L3 128*1024 KB, 64-byte lines): 396.5 cycles at 2570 MHz (median of 16 to 63 MB footprints, about 154 ns), no level in this schema',
  512, 'AMD Radeon RX 6900 XT specifications: 512 GB/s (16 Gbps GDDR6, 256-bit)'),
 ('w6600', 'shared', NULL, NULL, NULL, 20,
  'LLVM AMDGPU scheduling model GFX10SpeedModel: WriteLDS 20 cycles (llvm-mca 22.1.8 -mcpu=gfx1032: ds_read_b32 latency 20); a compiler model value, not a measurement', NULL, NULL),
 ('w6600', 'l1', 16384, 128,
  'AMD ROCm GPU hardware specifications: L0 vector cache 16 KiB; Linux amdkfd kfd_crat.c dimgrey_cavefish_cache_info (Navi 23): TCP L1 16 KB per CU, cache_line_size 128; rocminfo (ROCm/legacy-rocm-build issue #1756): L1 16 KB',
  73.1,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 73.1 cycles at footprints of 1 to 15 kB (vector L0). Measured on an RX 6900 XT (Navi 21, the same RDNA 2 CU and L0), not on this GPU',
  NULL, NULL),
 ('w6600', 'l2', 2097152, 128,
  'AMD ROCm GPU hardware specifications: L2 2 MiB; Linux amdkfd kfd_crat.c dimgrey_cavefish_cache_info: L2 2048 KB, cache_line_size 128; rocminfo (ROCm/legacy-rocm-build issue #1756): L2 2048 KB',
  210.3,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: median of the footprints from 431 kB to 3.9 MB. Measured on an RX 6900 XT (Navi 21, RDNA 2, a 4 MB L2), not on this GPU',
  NULL, NULL),
 ('w6600', 'dram', 8589934592, NULL, 'AMD ROCm GPU hardware specifications: VRAM 8 GiB', 2211.8,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 761.9 ns (1958.1 cycles at 2570 MHz, 1.5 GB footprint; DRAM not clocked up for one wavefront, per its README) = 2211.8 cycles at this GPU''s 2903 MHz. Measured on an RX 6900 XT (Navi 21, RDNA 2), not on this GPU.  L2 misses first meet the 32 MB Infinity Cache (AMD ROCm GPU hardware specifications; Linux amdkfd kfd_crat.c: L3 32*1024 KB; rocminfo L3 32768 KB), no level in this schema',
  224, 'AMD Radeon PRO W6600 specifications: 224 GB/s (also Hardwareluxx, 2021-06)'),
 ('w7800', 'shared', NULL, NULL, NULL, 20,
  'LLVM AMDGPU scheduling model GFX11SpeedModel: WriteLDS 20 cycles (llvm-mca 22.1.8 -mcpu=gfx1100: ds_load_b32 latency 20); a compiler model value, not a measurement', NULL, NULL),
 ('w7800', 'l1', 32768, 128,
  'AMD ROCm GPU hardware specifications: L0 vector cache 32 KiB (RDNA 3 doubles RDNA 2''s 16 KiB); line: 128 bytes on every RDNA 1/2 chip of Linux amdkfd kfd_crat.c (gfx11 reads it from the IP discovery table, not in the source), taken from RDNA 2, not on this GPU',
  73.1,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 73.1 cycles at footprints of 1 to 15 kB (vector L0). Measured on an RX 6900 XT (Navi 21, RDNA 2, the previous architecture: no RDNA 3 measurement in cycles was found), not on this GPU',
  NULL, NULL),
 ('w7800', 'l2', 6291456, 128,
  'AMD ROCm GPU hardware specifications: L2 6 MiB; Mesa src/amd/common/ac_gpu_info.c: tcc_cache_line_size = 128 for GFX10 and later',
  210.3,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: median of the footprints from 431 kB to 3.9 MB. Measured on an RX 6900 XT (Navi 21, RDNA 2, the previous architecture: no RDNA 3 measurement in cycles was found), not on this GPU',
  NULL, NULL),
 ('w7800', 'dram', 34359738368, NULL, 'AMD ROCm GPU hardware specifications: VRAM 32 GiB', 1904.0,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 761.9 ns (1958.1 cycles at 2570 MHz, 1.5 GB footprint; DRAM not clocked up for one wavefront, per its README) = 1904.0 cycles at this GPU''s 2499 MHz. Measured on an RX 6900 XT (Navi 21, RDNA 2, the previous architecture), not on this GPU.  L2 misses first meet the 64 MB Infinity Cache (AMD ROCm GPU hardware specifications), no level in this schema; Chips and Cheese measured 150.3 ns for the RX 7900 XTX''s (Navi 31) vector Infinity Cache latency in a high power state (2023-06-14)',
  576, 'AMD Radeon PRO W7800 specifications: 576 GB/s (18 Gbps GDDR6, 256-bit; ProjectPhysX/FluidX3D README.md data-sheet column: 576 GB/s)'),
 ('rx7900xtx', 'shared', NULL, NULL, NULL, 20,
  'LLVM AMDGPU scheduling model GFX11SpeedModel: WriteLDS 20 cycles (llvm-mca 22.1.8 -mcpu=gfx1100: ds_load_b32 latency 20); a compiler model value, not a measurement', NULL, NULL),
 ('rx7900xtx', 'l1', 32768, 128,
  'AMD ROCm GPU hardware specifications: L0 vector cache 32 KiB; line: 128 bytes on every RDNA 1/2 chip of Linux amdkfd kfd_crat.c (gfx11 reads it from the IP discovery table, not in the source), taken from RDNA 2, not on this GPU',
  73.1,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 73.1 cycles at footprints of 1 to 15 kB (vector L0). Measured on an RX 6900 XT (Navi 21, RDNA 2, the previous architecture: no RDNA 3 measurement in cycles was found), not on this GPU',
  NULL, NULL),
 ('rx7900xtx', 'l2', 6291456, 128,
  'AMD ROCm GPU hardware specifications: L2 6 MiB; Mesa src/amd/common/ac_gpu_info.c: tcc_cache_line_size = 128 for GFX10 and later',
  210.3,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: median of the footprints from 431 kB to 3.9 MB. Measured on an RX 6900 XT (Navi 21, RDNA 2, the previous architecture: no RDNA 3 measurement in cycles was found), not on this GPU',
  NULL, NULL),
 ('rx7900xtx', 'dram', 25769803776, NULL, 'AMD ROCm GPU hardware specifications: VRAM 24 GiB', 1904.8,
  'RRZE-HPC gpu-benches gpu-latency/rx6900xt.txt: 761.9 ns (1958.1 cycles at 2570 MHz, 1.5 GB footprint; DRAM not clocked up for one wavefront, per its README) = 1904.8 cycles at this GPU''s 2500 MHz. Measured on an RX 6900 XT (Navi 21, RDNA 2, the previous architecture), not on this GPU.  L2 misses first meet the 96 MB Infinity Cache (AMD ROCm GPU hardware specifications), no level in this schema: 150.3 ns (vector, high power state) measured on this GPU by Chips and Cheese, "Latency Testing is Hard (RDNA 3 Power Saving)", 2023-06-14',
  960, 'AMD Radeon RX 7900 XTX specifications: 960 GB/s (20 Gbps GDDR6, 384-bit; ProjectPhysX/FluidX3D README.md data-sheet column: 960 GB/s)');

-- Dependent-issue latencies: LLVM's scheduling models ([llvm-sched]; "the
-- latency values are 1 / (operations / cycle)", plus one stall cycle for the
-- VGPR read).  A wave32 VALU instruction issues in one cycle on a SIMD32; its
-- dependent successor waits these cycles.  Model values, not measurements.
INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source) VALUES
 ('rx6900xt', 'fp32', 5, 'LLVM AMDGPU GFX10SpeedModel: Write32Bit and WriteFloatFMA 5 (llvm-mca 22.1.8 -mcpu=gfx1030: v_fmac_f32, v_mul_f32 5 cycles); a compiler model value'),
 ('rx6900xt', 'int_add', 5, 'LLVM AMDGPU GFX10SpeedModel: Write32Bit 5 (llvm-mca 22.1.8 -mcpu=gfx1030: v_add_nc_u32 5 cycles); a compiler model value'),
 ('rx6900xt', 'int_mul', 8, 'LLVM AMDGPU GFX10SpeedModel: WriteIntMul 8 (llvm-mca 22.1.8 -mcpu=gfx1030: v_mul_lo_u32 8 cycles); a compiler model value'),
 ('rx6900xt', 'sfu', 10, 'LLVM AMDGPU GFX10SpeedModel: WriteTrans32 10 (llvm-mca 22.1.8 -mcpu=gfx1030: v_rsq_f32 10 cycles); a compiler model value'),
 ('rx6900xt', 'conv', 5, 'LLVM AMDGPU GFX10SpeedModel: WriteFloatCvt 5 (llvm-mca 22.1.8 -mcpu=gfx1030: v_cvt_f32_i32 5 cycles); a compiler model value'),
 ('rx6900xt', 'fp64', 22, 'LLVM AMDGPU GFX10SpeedModel: WriteDouble and WriteDoubleAdd 22 (llvm-mca 22.1.8 -mcpu=gfx1030: v_fma_f64, v_add_f64 22 cycles); a compiler model value'),
 ('w6600', 'fp32', 5, 'LLVM AMDGPU GFX10SpeedModel: Write32Bit and WriteFloatFMA 5 (llvm-mca 22.1.8 -mcpu=gfx1032: v_fmac_f32, v_mul_f32 5 cycles); a compiler model value'),
 ('w6600', 'int_add', 5, 'LLVM AMDGPU GFX10SpeedModel: Write32Bit 5 (llvm-mca 22.1.8 -mcpu=gfx1032: v_add_nc_u32 5 cycles); a compiler model value'),
 ('w6600', 'int_mul', 8, 'LLVM AMDGPU GFX10SpeedModel: WriteIntMul 8 (llvm-mca 22.1.8 -mcpu=gfx1032: v_mul_lo_u32 8 cycles); a compiler model value'),
 ('w6600', 'sfu', 10, 'LLVM AMDGPU GFX10SpeedModel: WriteTrans32 10 (llvm-mca 22.1.8 -mcpu=gfx1032: v_rsq_f32 10 cycles); a compiler model value'),
 ('w6600', 'conv', 5, 'LLVM AMDGPU GFX10SpeedModel: WriteFloatCvt 5 (llvm-mca 22.1.8 -mcpu=gfx1032: v_cvt_f32_i32 5 cycles); a compiler model value'),
 ('w6600', 'fp64', 22, 'LLVM AMDGPU GFX10SpeedModel: WriteDouble and WriteDoubleAdd 22 (llvm-mca 22.1.8 -mcpu=gfx1032: v_fma_f64, v_add_f64 22 cycles); a compiler model value'),
 ('w7800', 'fp32', 5, 'LLVM AMDGPU GFX11SpeedModel: Write32Bit and WriteFloatFMA 5 (llvm-mca 22.1.8 -mcpu=gfx1100: v_fmac_f32, v_mul_f32 5 cycles); a compiler model value'),
 ('w7800', 'int_add', 5, 'LLVM AMDGPU GFX11SpeedModel: Write32Bit 5 (llvm-mca 22.1.8 -mcpu=gfx1100: v_add_nc_u32 5 cycles); a compiler model value'),
 ('w7800', 'int_mul', 8, 'LLVM AMDGPU GFX11SpeedModel: WriteIntMul 8 (llvm-mca 22.1.8 -mcpu=gfx1100: v_mul_lo_u32 8 cycles); a compiler model value'),
 ('w7800', 'sfu', 10, 'LLVM AMDGPU GFX11SpeedModel: WriteTrans32 10 (llvm-mca 22.1.8 -mcpu=gfx1100: v_rsq_f32 10 cycles); a compiler model value'),
 ('w7800', 'conv', 5, 'LLVM AMDGPU GFX11SpeedModel: WriteFloatCvt 5 (llvm-mca 22.1.8 -mcpu=gfx1100: v_cvt_f32_i32 5 cycles); a compiler model value'),
 ('w7800', 'fp64', 38, 'LLVM AMDGPU GFX11SpeedModel: WriteDouble and WriteDoubleAdd 38 (llvm-mca 22.1.8 -mcpu=gfx1100: v_fma_f64, v_add_f64 38 cycles); a compiler model value'),
 ('rx7900xtx', 'fp32', 5, 'LLVM AMDGPU GFX11SpeedModel: Write32Bit and WriteFloatFMA 5 (llvm-mca 22.1.8 -mcpu=gfx1100: v_fmac_f32, v_mul_f32 5 cycles); a compiler model value'),
 ('rx7900xtx', 'int_add', 5, 'LLVM AMDGPU GFX11SpeedModel: Write32Bit 5 (llvm-mca 22.1.8 -mcpu=gfx1100: v_add_nc_u32 5 cycles); a compiler model value'),
 ('rx7900xtx', 'int_mul', 8, 'LLVM AMDGPU GFX11SpeedModel: WriteIntMul 8 (llvm-mca 22.1.8 -mcpu=gfx1100: v_mul_lo_u32 8 cycles); a compiler model value'),
 ('rx7900xtx', 'sfu', 10, 'LLVM AMDGPU GFX11SpeedModel: WriteTrans32 10 (llvm-mca 22.1.8 -mcpu=gfx1100: v_rsq_f32 10 cycles); a compiler model value'),
 ('rx7900xtx', 'conv', 5, 'LLVM AMDGPU GFX11SpeedModel: WriteFloatCvt 5 (llvm-mca 22.1.8 -mcpu=gfx1100: v_cvt_f32_i32 5 cycles); a compiler model value'),
 ('rx7900xtx', 'fp64', 38, 'LLVM AMDGPU GFX11SpeedModel: WriteDouble and WriteDoubleAdd 38 (llvm-mca 22.1.8 -mcpu=gfx1100: v_fma_f64, v_add_f64 38 cycles); a compiler model value');
