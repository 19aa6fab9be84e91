-- A user's own GPUs, in the format 'kperf import-gpus' reads (docs/gpu-db.md).
-- mygpu: a board whose compute capability (8.6) has limits in kperf's database.
INSERT INTO gpus (id, full_name, vendor, architecture, chip, cc_major, cc_minor, identity_source,
                  sm_count, boost_clock_mhz, config_source)
VALUES ('mygpu', 'Lab GPU 1 (GA102 board)', 'NVIDIA', 'Ampere', 'GA102', 8, 6,
        'lab inventory sheet', 28, 1500, 'deviceQuery on the lab machine');
-- A local variant of a GPU kperf knows: the user database is searched first.
INSERT INTO gpus (id, full_name, vendor, architecture, chip, cc_major, cc_minor, identity_source,
                  sm_count, config_source)
VALUES ('l4', 'NVIDIA L4 (lab variant)', 'NVIDIA', 'Ada Lovelace', 'AD104', 8, 9,
        'lab inventory sheet', 60, 'test data');
INSERT INTO gpu_aliases (alias, gpu_id) VALUES ('my-gpu', 'mygpu'), ('labgpu1', 'mygpu');
INSERT INTO gpu_memory (gpu_id, level, latency_cycles, latency_source)
VALUES ('mygpu', 'l2', 250, 'p-chase on the lab machine');
INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source)
VALUES ('mygpu', 'fp32', 4, 'lab microbenchmark');
INSERT INTO launch_overhead (gpu_id, warps_per_block, x1_us, x0_us, source)
VALUES ('mygpu', 8, 0.002, 3.5, 'empty-kernel sweep on the lab machine');
