-- A user's own Radeon HD 6970, with latencies measured on it (invented for
-- this test): the GPU's ISA rows (cayman) come from kperf's database.
INSERT INTO gpus (id, full_name, vendor, architecture, chip, cc_major, cc_minor, identity_source,
  sm_count, base_clock_mhz, boost_clock_mhz, shader_clock_mhz, config_source, dram_type,
  dram_bus_bits, dram_bytes, dram_source, launch_latency_cycles, launch_latency_source, isa) VALUES
 ('my-hd6970', 'AMD Radeon HD 6970 (measured here)', 'AMD', 'TeraScale 3 (VLIW4)', 'Cayman XT', 4, 0,
  'my card', 24, NULL, 880, NULL, 'my card', 'GDDR5', 256, 2147483648, 'my card', NULL, NULL, 'cayman');
INSERT INTO gpu_memory (gpu_id, level, size_bytes, line_bytes, size_source, latency_cycles,
  latency_source, bandwidth_gbs, bandwidth_source) VALUES
 ('my-hd6970', 'shared', NULL, NULL, NULL, 40, 'my pointer chase', NULL, NULL),
 ('my-hd6970', 'l1', 8192, 64, 'my card', 120, 'my pointer chase', NULL, NULL),
 ('my-hd6970', 'l2', 524288, 64, 'my card', 300, 'my pointer chase', NULL, NULL),
 ('my-hd6970', 'dram', 2147483648, NULL, 'my card', 500, 'my pointer chase', 176.0, 'my card');
INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source) VALUES
 ('my-hd6970', 'fp32', 8, 'my microbenchmark');
