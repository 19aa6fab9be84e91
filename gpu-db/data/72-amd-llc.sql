-- Last-level caches between L2 and DRAM (level 'llc'): AMD's Infinity Cache
-- of RDNA 2/3 and CDNA 3 ("MALL").  Sizes from AMD's ROCm documentation, "GPU
-- hardware specifications" (docs/reference/gpu-arch-specs.rst,
-- ROCm/legacy-rocm-build 089d7513: "Infinity Cache (MiB)", "L3 Cache (MiB)").
-- The cache runs on the fabric's clock, not the shader clock: a measured
-- latency is kept as a time and given in cycles of the GPU's boost clock (as
-- the DRAM rows of 71-amd-rdna.sql are).  Bandwidths are measured ones; where
-- none was found the column is NULL (AMD's "effective bandwidth" figures blend
-- the cache with DRAM and are not used).
INSERT INTO gpu_memory (gpu_id, level, size_bytes, line_bytes, size_source, latency_cycles,
  latency_source, bandwidth_gbs, bandwidth_source) VALUES
 ('rx6900xt', 'llc', 134217728, NULL, 'AMD ROCm GPU hardware specifications (ROCm/legacy-rocm-build 089d7513): Infinity Cache 128 MiB',
  347.2, 'gpu-benches gpu-latency/rx6900xt.txt (te42kyfo/gpu-benches 30c46d2, 2023-07-21): median of the 15 footprints of 16-64 MiB, 396.5 cycles at 2570 MHz = 154.3 ns; 154.3 ns at this GPU''s 2250 MHz boost clock',
  1944.9, 'gpu-benches gpu-l2-cache/rx6900xt.txt (te42kyfo/gpu-benches 30c46d2, 2023-07-21): median of the 15 footprints of 16-64 MiB, read-only, 1944.9 GB/s'),
 ('w6600', 'llc', 33554432, NULL, 'AMD ROCm GPU hardware specifications (ROCm/legacy-rocm-build 089d7513): Infinity Cache 32 MiB',
  447.9, 'gpu-benches gpu-latency/rx6900xt.txt (te42kyfo/gpu-benches 30c46d2): 154.3 ns, measured on an RX 6900 XT (RDNA 2, Navi 21), not on this GPU; at this GPU''s 2903 MHz boost clock',
  NULL, NULL),
 ('w7800', 'llc', 67108864, NULL, 'AMD ROCm GPU hardware specifications (ROCm/legacy-rocm-build 089d7513): Infinity Cache 64 MiB',
  375.6, 'Chips and Cheese, "Latency Testing is Hard (RDNA 3 Power Saving)", 2023-06-14: "measured Infinity Cache latency dropped from 199 ns to 150.3 ns with the card in a higher power state", measured on an RX 7900 XTX (the same Navi 31), not on this GPU; 150.3 ns at this GPU''s 2499 MHz boost clock',
  NULL, NULL),
 ('rx7900xtx', 'llc', 100663296, NULL, 'AMD ROCm GPU hardware specifications (ROCm/legacy-rocm-build 089d7513): Infinity Cache 96 MiB',
  375.8, 'Chips and Cheese, "Latency Testing is Hard (RDNA 3 Power Saving)", 2023-06-14: "measured Infinity Cache latency dropped from 199 ns to 150.3 ns with the card in a higher power state" (vector accesses); 150.3 ns at 2500 MHz',
  NULL, NULL),
 ('mi300x', 'llc', 268435456, NULL, 'AMD ROCm GPU hardware specifications (ROCm/legacy-rocm-build 089d7513): L3 Cache 256 MiB',
  457.8, 'Chips and Cheese, "Testing AMD''s Giant MI300X", 2024-06-25: "Infinity Cache latency is around 218 ns"; 218 ns at this GPU''s 2100 MHz peak engine clock',
  11900, 'Chips and Cheese, "Testing AMD''s Giant MI300X", 2024-06-25: "even 11.9 TB/s" measured (AMD CDNA 3 white paper: 17.2 TB/s peak)');
