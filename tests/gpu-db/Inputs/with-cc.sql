-- A GPU of a compute capability kperf's database lacks, with its own limits.
INSERT INTO cc_limits (cc_major, cc_minor, warp_size, max_threads_per_block, max_threads_per_sm,
  max_warps_per_sm, max_blocks_per_sm, regs_per_sm, regs_per_block, max_regs_per_thread,
  reg_alloc_unit, reg_alloc_granularity, sub_partitions, smem_per_sm, smem_per_block,
  smem_per_block_optin, smem_alloc_unit, smem_reserved_per_block, smem_carveouts_kb, source)
VALUES (7, 7, 32, 1024, 2048, 64, 32, 65536, 65536, 255, 256, 'warp', 4, 98304, 49152, 98304,
  256, 0, '0,8,16,32,64,96', 'test data');
INSERT INTO gpus (id, full_name, vendor, architecture, cc_major, cc_minor, identity_source, sm_count)
VALUES ('future', 'Future GPU', 'NVIDIA', 'Unknown', 7, 7, 'test data', 10);
